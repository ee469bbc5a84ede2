"""Ice."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    Instruction,
    filler,
    implements,
    trash_instruction,
)
from rulesref.games.netrunner.procedures.costs import Credits, lose_clicks
from rulesref.games.netrunner.procedures.damage import damage
from rulesref.games.netrunner.procedures.installing import install
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.rezzing import derez, rez
from rulesref.games.netrunner.procedures.runs import end_the_run
from rulesref.games.netrunner.procedures.targeting import card_slot, cards_of, still_valid
from rulesref.games.netrunner.procedures.traces import give_tags
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.payments import Payment, Use
from rulesref.games.netrunner.state.run_events import Encounter, RunEnds
from rulesref.games.netrunner.state.targets import Slot
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Ability, Conditional
from rulesref.games.netrunner.timing.costs import Cost, pay
from rulesref.games.netrunner.timing.events import Event


class IceBehaviour(CardBehaviour):
    def end_the_run(self, number: int) -> Instruction:
        game, label = self.game, f"{self.card.title} subroutine {number}"
        return Instruction(label, lambda _: end_the_run(game, cause=label))


@implements
class Rototurret(IceBehaviour):
    title = "Rototurret"

    def subroutines(self) -> list[Instruction]:
        return [
            trash_instruction(
                self.game,
                "program",
                1,
                chooser="corp",
                by="corp",
                cause=f"{self.title} subroutine 1",
                wording="installed program",
            ),
            self.end_the_run(2),
        ]


@implements
class Wraparound(IceBehaviour):
    """Strength depends on whether any fracter is installed, computed when asked."""

    title = "Wraparound"

    def strength(self) -> int | None:
        fracters = [c for c in self.game.runner.installed if c.has_subtype("fracter")]
        return (self.card.facts.strength or 0) + (0 if fracters else 7)

    def subroutines(self) -> list[Instruction]:
        return [self.end_the_run(1)]


@implements
class Enigma(IceBehaviour):
    title = "Enigma"

    def subroutines(self) -> list[Instruction]:
        game = self.game

        def lose_click(_: Announced) -> None:
            lose_clicks(game, "runner", 1, cause=f"{self.title} subroutine 1")

        return [Instruction(f"{self.title} subroutine 1", lose_click), self.end_the_run(2)]


class _PayOrEndTheRun(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Encounter) and event.ice is self.card

    def resolve(self, event: Event) -> None:
        price = Cost((Credits(self.game, "runner", 3, Payment(Use.OTHER, self.card)),))
        if price.obstacles():
            end_the_run(self.game, cause=f"{self.card.title} (the Runner cannot pay)")
        else:
            pay(
                price,
                payer="Runner",
                purpose=f"getting past {self.card.title}",
                timing=self.game.timing,
            )


@implements
class Tollbooth(IceBehaviour):
    title = "Tollbooth"

    def abilities(self) -> list[Ability]:
        return [_PayOrEndTheRun(self)] if self.active else []

    def subroutines(self) -> list[Instruction]:
        return [self.end_the_run(1)]


class AdvanceableIce(IceBehaviour):
    advanceable = True

    def strength(self) -> int | None:
        return (self.card.facts.strength or 0) + self.card.counters["advancement"]


@implements
class IceWall(AdvanceableIce):
    title = "Ice Wall"

    def subroutines(self) -> list[Instruction]:
        return [self.end_the_run(1)]


@implements
class Colossus(AdvanceableIce):
    """How many targets its second subroutine has depends on its advancement counters."""

    title = "Colossus"

    def _boosted(self) -> bool:
        return self.card.counters["advancement"] >= 3

    def subroutines(self) -> list[Instruction]:
        game = self.game

        def tags(_: Announced) -> None:
            give_tags(game, 2 if self._boosted() else 1, cause=f"{self.title} subroutine 1")

        def slots() -> dict[str, Slot]:
            chosen = {
                "program": card_slot(
                    "installed program", 1, lambda c: c.installed and c.is_a("program")
                )
            }
            if self._boosted():
                chosen["resource"] = card_slot(
                    "installed resource", 1, lambda c: c.installed and c.is_a("resource")
                )
            return chosen

        def trash_them(announced: Announced) -> None:
            cards = [c for a in announced.values() for c in cards_of(still_valid(game, a))]
            if cards:
                trash(game, cards, by="corp", cause=f"{self.title} subroutine 2")

        return [
            Instruction(f"{self.title} subroutine 1", tags),
            Instruction(f"{self.title} subroutine 2", trash_them, slots),
        ]


class _AfterTheRun(Conditional):
    """Created by Howler: acts on the objects it was given, if it can still find them."""

    def __init__(self, howler: CardBehaviour, ice: NetrunnerCard) -> None:
        super().__init__(f"{howler.card.title} (after the run)", "corp")
        self.game = howler.game
        self.howler = howler.card.ref()
        self.ice = ice.ref()

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, RunEnds)

    def resolve(self, event: Event) -> None:
        game = self.game
        ice = self.ice.current
        if ice is not None and ice.rezzed:
            game.log.record(
                "tc_1_1_4", f"the ability still finds {ice.title}, which it installed itself"
            )
            derez(game, ice, cause=self.label)
        else:
            game.log.record(
                "tc_1_1_4a",
                f"{self.ice.card.title} was moved by another ability "
                "and is a new object: the ability cannot find it",
            )
        howler = self.howler.current
        if howler is not None:
            trash(game, [howler], by="corp", cause=self.label)
        else:
            game.log.record("tc_1_1_4a", f"the ability cannot find {self.howler.card.title}")


@implements
class Howler(IceBehaviour):
    """Its target moves (HQ to the play area) by its own instruction, so the later,
    delayed instruction still acts on it."""

    title = "Howler"

    def subroutines(self) -> list[Instruction]:
        game, card = self.game, self.card

        def slots() -> dict[str, Slot]:
            return {
                "ice": card_slot(
                    "bioroid ice in HQ or Archives",
                    1,
                    lambda c: c.is_a("ice") and c.has_subtype("bioroid"),
                    zones=[(ZoneType.HAND, "corp"), (ZoneType.DISCARD, "corp")],
                    zone_label="HQ or Archives",
                    up_to=True,
                )
            }

        def install_and_rez(announced: Announced) -> None:
            for ice in cards_of(still_valid(game, announced["ice"])):
                if not install(
                    game,
                    ice,
                    by="corp",
                    behind=card,
                    ignoring_costs=True,
                    facedown=True,
                    cause=self.title,
                ):
                    return
                game.log.record(
                    "tc_1_1_4",
                    f"{self.title}'s later instructions keep acting on "
                    f"{ice.title}: this ability moved it",
                )
                rez(game, ice, ignoring_costs=True)
                game.timing.add_delayed(_AfterTheRun(self, ice))

        return [Instruction(f"{self.title} subroutine 1", install_and_rez, slots)]


filler("Ichi 1.0")


@implements
class NeuralKatana(IceBehaviour):
    """Its one subroutine does net damage, which prevention can reduce."""

    title = "Neural Katana"

    def subroutines(self) -> list[Instruction]:
        game, label = self.game, f"{self.title} subroutine 1"

        def net_damage(_: Announced) -> None:
            damage(game, "net", 3, source=label)

        return [Instruction(label, net_damage)]


@implements
class DataMine(IceBehaviour):
    """A trap whose subroutine trashes the ice itself in the middle of the encounter."""

    title = "Data Mine"

    def subroutines(self) -> list[Instruction]:
        game, card, label = self.game, self.card, f"{self.title} subroutine 1"

        def damage_then_trash(_: Announced) -> None:
            damage(game, "net", 1, source=label)
            if card.installed:
                trash(game, [card], by="corp", cause=label)

        return [Instruction(label, damage_then_trash)]


@implements
class HadriansWall(AdvanceableIce):
    """Two subroutines that end the run: once the first has, the second never resolves."""

    title = "Hadrian's Wall"

    def subroutines(self) -> list[Instruction]:
        return [self.end_the_run(1), self.end_the_run(2)]
