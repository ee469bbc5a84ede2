"""Programs whose abilities act on runs: they make a run, change what it attacks, move
across servers by positions, or act on ice the Runner has passed."""

from __future__ import annotations

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardInterrupt,
    CostModifier,
    Instruction,
    PaidAbility,
    implements,
    search_and_install_instruction,
)
from rulesref.games.netrunner.procedures import hosting
from rulesref.games.netrunner.procedures.costs import Clicks, Credits, TrashSelf
from rulesref.games.netrunner.procedures.hosting import HostedOnly
from rulesref.games.netrunner.procedures.positions import same_position
from rulesref.games.netrunner.procedures.progress import change_attacked_server
from rulesref.games.netrunner.procedures.runs import initiate
from rulesref.games.netrunner.procedures.targeting import card_slot, cards_of, still_valid
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.run_events import SuccessfulRun
from rulesref.games.netrunner.state.runs import Run
from rulesref.games.netrunner.state.targets import Slot
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


class _ToHQInstead(CardInterrupt):
    """If the run would be declared successful, the attacked server becomes HQ."""

    def __init__(self, behaviour: CardBehaviour, run: Run) -> None:
        super().__init__(behaviour, label=f"{behaviour.card.title} (its run would be successful)")
        self.run = run

    def applies_to(self, event: Event) -> bool:
        return isinstance(event, SuccessfulRun) and self.game.run is self.run

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, SuccessfulRun)
        change_attacked_server(self.game, "HQ", cause=self.label)
        event.server = self.run.server


@implements
class SneakdoorBeta(CardBehaviour):
    """A click for a run on Archives; just before the declaration of its success, HQ becomes the
    attacked server for the rest of it."""

    title = "Sneakdoor Beta"

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def run_archives(_: Announced) -> None:
            run = initiate(game, "Archives", as_action=False, cause=card.title)
            game.linger(_ToHQInstead(self, run), lambda: game.run is run)

        return [
            PaidAbility(
                f"{card.title}: run Archives",
                lambda: Cost((Clicks(game, "runner", 1),)),
                Instruction(card.title, run_archives, chooser="runner"),
            )
        ]


def _protected_server(ice: NetrunnerCard | None) -> str | None:
    if ice is None or not ice.installed or ice.server is None:
        return None
    return ice.server.name if ice.server.position_of(ice) is not None else None


class _RaiseRezCostOnItsServer(CostModifier):
    def __init__(self, behaviour: CardBehaviour) -> None:
        super().__init__(behaviour.card.title, behaviour.controller, key=behaviour.key("cost"))
        self.rook = behaviour.card

    def change(self, kind: str, card: NetrunnerCard) -> int:
        server = _protected_server(self.rook.host)
        return 2 if kind == "rez" and card.is_a("ice") and _protected_server(card) == server else 0


@implements
class Rook(CardBehaviour, HostedOnly):
    """Hosted on ice, it makes the ice protecting that server cost 2 more to rez; its
    [click] ability hosts it on ice not hosting a Caïssa program, and once hosted on
    ice, only on ice of that server or at an equal depth of another (counted from the
    innermost)."""

    title = "Rook"

    def abilities(self) -> list[Ability]:
        hosted = self.card.host is not None and self.card.host.is_a("ice")
        return [_RaiseRezCostOnItsServer(self)] if self.active and hosted else []

    def host_refusal(self, host: NetrunnerCard) -> str | None:
        if not (host.installed and host.is_a("ice")):
            return "only ice can host it"
        caissa = [c for c in hosting.hosted_on(self.game, host) if c.has_subtype("caissa")]
        if any(c is not self.card for c in caissa):
            return f"{host.title} already hosts a Caïssa program"
        return None

    def _check_reach(self, ice: NetrunnerCard) -> None:
        """Once hosted on ice, Rook moves only to ice of that server, or to ice at the same
        position (counted from the innermost) of another server."""
        current = self.card.host
        if current is None or not current.is_a("ice"):
            return
        server = _protected_server(current)
        if server is not None and _protected_server(ice) == server:
            return
        here = None if current.server is None else current.server.position_of(current)
        there = None if ice.server is None else ice.server.position_of(ice)
        if here is not None and there is not None and same_position(here, there):
            game = self.game
            game.log.record(
                "rule_count_positions",
                f"{ice.title} is in the same position as {current.title}: "
                f"{there.index} position{'' if there.index == 1 else 's'} inward from each",
            )
            return
        where = (
            "in no server's positions"
            if there is None
            else (
                f"at position {there.index + 1} of {there.server.name}, counted from the innermost"
            )
        )
        raise IllegalAction(
            f"{self.title} is hosted on {current.title}, so it can be hosted only on ice of the "
            f"server or at the same depth elsewhere; {ice.title} is {where}",
            "rule_count_positions",
        )

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def slots() -> dict[str, Slot]:
            wording = "piece of ice not hosting a Caïssa program"
            if card.host is not None and card.host.is_a("ice"):
                wording += ", of its host's server or at its host's depth"
            return {
                "ice": card_slot(
                    wording,
                    1,
                    lambda c: c is not card.host and self.host_refusal(c) is None,
                )
            }

        def host_it(announced: Announced) -> None:
            for ice in cards_of(still_valid(game, announced["ice"])):
                self._check_reach(ice)
                hosting.host_on(game, card, ice, cause=card.title)

        return [
            PaidAbility(
                f"{card.title}: host it on a piece of ice",
                lambda: Cost((Clicks(game, "runner", 1),)),
                Instruction(card.title, host_it, slots, chooser="runner"),
            )
        ]


@implements
class SelfModifyingCode(CardBehaviour):
    """For 2 credits and itself, the Runner looks through the stack for a program to install
    (paying its costs), then shuffle the stack."""

    title = "Self-modifying Code"

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card
        return [
            PaidAbility(
                card.title,
                lambda: Cost((Credits(game, "runner", 2), TrashSelf(game, card))),
                search_and_install_instruction(game, ("program",), "a program", cause=card.title),
            )
        ]
