"""Ice whose abilities reach into access: a breach in the middle of an encounter, an
encounter in the middle of an access, limits on how many cards the Runner accesses."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    Instruction,
    WhenAccessedOutsideArchives,
    implements,
)
from rulesref.games.netrunner.cards.ice import IceBehaviour
from rulesref.games.netrunner.procedures.arranging import look_and_arrange
from rulesref.games.netrunner.procedures.breach import breach_server
from rulesref.games.netrunner.procedures.breaking import BreakAbility, Breaker
from rulesref.games.netrunner.procedures.choices import confirm
from rulesref.games.netrunner.procedures.costs import Credits
from rulesref.games.netrunner.procedures.damage import damage
from rulesref.games.netrunner.procedures.encounters import forced_encounter
from rulesref.games.netrunner.procedures.strength import boost
from rulesref.games.netrunner.state.boosts import Until
from rulesref.games.netrunner.state.breaches import Prohibition
from rulesref.games.netrunner.state.run_events import Encounter, EncounterEnds
from rulesref.games.netrunner.state.runs import IceEncounter, Run, RunEffect
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost, pay
from rulesref.games.netrunner.timing.events import Event


@implements
class Shiro(IceBehaviour):
    """Arranges the top of R&D; then, unless the Corp pays 1 credit, the Runner breaches
    R&D without access to its root."""

    title = "Shiro"

    def subroutines(self) -> list[Instruction]:
        game = self.game
        first, second = f"{self.title} subroutine 1", f"{self.title} subroutine 2"

        def arrange(_: Announced) -> None:
            look_and_arrange(game, "corp", 3, by="corp", cause=first)

        def pay_or_breach(_: Announced) -> None:
            price = Cost((Credits(game, "corp", 1),))
            if not price.obstacles() and confirm(game, "corp", f"{second}: pay 1 credit?", second):
                pay(price, payer="Corp", purpose=second, timing=game.timing)
                return
            root = [c.ref() for c in game.server("R&D").root]
            no_root = Prohibition(
                f"{second} (not the root of R&D)", lambda c: any(r.current is c for r in root)
            )
            breach_server(game, "R&D", cause=second, prohibitions=[no_root])

        return [Instruction(first, arrange), Instruction(second, pay_or_breach)]


class _EncounterWhenAccessed(WhenAccessedOutsideArchives):
    """When the Runner accesses it anywhere but in Archives, they encounter it."""

    def resolve(self, event: Event) -> None:
        forced_encounter(self.game, self.card, cause=f"{self.card.title} (accessed)")


@implements
class Chrysalis(IceBehaviour):
    title = "Chrysalis"
    revealed_when_accessed_in_rnd = True

    def abilities(self) -> list[Ability]:
        if self.card in self.game.accessing:
            return [_EncounterWhenAccessed(self)]
        return []

    def subroutines(self) -> list[Instruction]:
        game, label = self.game, f"{self.title} subroutine 1"

        def net_damage(_: Announced) -> None:
            damage(game, "net", 2, source=label)

        return [Instruction(label, net_damage)]


class _AfterThatEncounter(CardConditional):
    """As the marked encounter ends, 3 net damage unless the Runner fully broke that ice
    damage."""

    def __init__(self, behaviour: CardBehaviour, encounter: IceEncounter) -> None:
        super().__init__(behaviour, label=f"{behaviour.card.title} (when that encounter ends)")
        self.encounter = encounter
        self.spent = False

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, EncounterEnds) and event.encounter is self.encounter

    def resolve(self, event: Event) -> None:
        self.spent = True
        ice = self.encounter.ice.card
        if self.encounter.fully_broken:
            self.game.log.record((), f"{self.label}: the Runner fully broke {ice.title}")
            return
        damage(self.game, "net", 3, source=self.label)


class _NextEncounter(CardConditional):
    """The run's following encounter: its ice is 2 stronger for it, and
    the end of that encounter is watched."""

    def __init__(self, behaviour: CardBehaviour, run: Run) -> None:
        super().__init__(behaviour, label=f"{behaviour.card.title} (the next encounter)")
        self.run = run
        self.spent = False

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Encounter) and self.game.run is self.run and not self.spent

    def resolve(self, event: Event) -> None:
        assert isinstance(event, Encounter) and event.encounter is not None
        self.spent = True
        game, encounter = self.game, event.encounter
        if not encounter.over:
            boost(game, event.ice, 2, Until.ENCOUNTER, self.label)
        watch = _AfterThatEncounter(self.behaviour, encounter)
        game.linger(watch, lambda: not watch.spent)


@implements
class Chum(IceBehaviour):
    title = "Chum"

    def subroutines(self) -> list[Instruction]:
        game, label = self.game, f"{self.title} subroutine 1"

        def mark_next(_: Announced) -> None:
            run = game.run
            if run is None:
                game.log.record((), f"{label}: there is no run")
                return
            ability = _NextEncounter(self, run)
            game.linger(ability, lambda: game.run is run and not ability.spent)
            game.log.record(
                (),
                f"{label}: the ice of the Runner's following encounter in this run is 2 stronger",
            )

        return [Instruction(label, mark_next)]


@implements
class WallOfStatic(IceBehaviour):
    title = "Wall of Static"

    def subroutines(self) -> list[Instruction]:
        return [self.end_the_run(1)]


@implements
class Hudson10(IceBehaviour, Breaker):
    """The Runner may lose a click to break one of its subroutines; each subroutine
    prohibits the Runner from accessing more than 1 card during the run."""

    title = "Hudson 1.0"
    breaks = (BreakAbility(None, lose_clicks=1, own_ice=True),)

    def subroutines(self) -> list[Instruction]:
        game = self.game

        def one_card(number: int) -> Instruction:
            label = f"{self.title} subroutine {number}"

            def limit(_: Announced) -> None:
                run = game.run
                if run is None:
                    game.log.record((), f"{label}: there is no run")
                    return

                def after_one(card: object) -> bool:
                    return len(run.accessed) >= 1

                run.effects.append(
                    RunEffect(label, "prohibit access", Prohibition(f"{label} (1 card)", after_one))
                )
                game.log.record(
                    "rule_prohibiting_access_to_1",
                    f"{label}: once the Runner has actually accessed a card during this run, "
                    "they are prohibited from accessing any other",
                )

            return Instruction(label, limit)

        return [one_card(1), one_card(2)]
