"""Upgrades (and an asset) whose abilities act on runs: on what the Runner may run, on
the ice they encounter, on success and its end, on the access of cards."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    CardInterrupt,
    Instruction,
    PaidAbility,
    implements,
)
from rulesref.games.netrunner.procedures.access import StealCost
from rulesref.games.netrunner.procedures.choices import choose_card, choose_name
from rulesref.games.netrunner.procedures.costs import Clicks, Credits, lose_credits
from rulesref.games.netrunner.procedures.damage import damage
from rulesref.games.netrunner.procedures.encounters import forced_encounter
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.moving_installed import move_to_root
from rulesref.games.netrunner.procedures.runs import RunRestriction
from rulesref.games.netrunner.procedures.traces import trace
from rulesref.games.netrunner.state.breaches import Prohibition
from rulesref.games.netrunner.state.events import Access, SpendClicks
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.run_events import (
    PassIce,
    RunEnds,
    SuccessfulRun,
    UnsuccessfulRun,
)
from rulesref.games.netrunner.state.runs import RunEffect
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import CENTRAL_SERVERS, ZoneType
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost, CostPart
from rulesref.games.netrunner.timing.events import Event


class TrashThis(CostPart):
    """Trashing a card wherever it is (a card being accessed, not only an installed one)."""

    def __init__(self, behaviour: CardBehaviour) -> None:
        self.game, self.card = behaviour.game, behaviour.card

    def describe(self) -> str:
        return f"trashing {self.card.title}"

    def obstacle(self) -> str | None:
        gone = self.card.zone_type in (ZoneType.DISCARD, ZoneType.REMOVED)
        return f"{self.card.title} is already gone" if gone else None

    def pay(self) -> None:
        trash(self.game, [self.card], by=self.card.owner, as_cost=True)


def accessing(behaviour: CardBehaviour, event: Event) -> bool:
    return isinstance(event, Access) and any(c is behaviour.card for c in event.cards)


def server_of(card: NetrunnerCard) -> str | None:
    """The server a card is installed in, or the central server whose zone holds it."""
    if card.server is not None:
        return card.server.name
    zones = {ZoneType.HAND: "HQ", ZoneType.DECK: "R&D", ZoneType.DISCARD: "Archives"}
    return zones.get(card.zone_type) if card.zone is not None else None


class _EncounterWhenAccessed(CardConditional):
    """Accessed, it may be trashed by the Corp, who then picks a rezzed
    ice of its server for the Runner to encounter."""

    def is_met_by(self, event: Event) -> bool:
        met = accessing(self.behaviour, event)
        if met:
            assert isinstance(self.behaviour, Ganked)
            self.behaviour.server = server_of(self.card)
        return met

    def cost(self, event: Event | None) -> Cost | None:
        return Cost((TrashThis(self.behaviour),))

    def resolve(self, event: Event) -> None:
        game = self.game
        behaviour = self.behaviour
        assert isinstance(behaviour, Ganked)
        server = behaviour.server
        ice = [] if server is None else [c for c in game.server_record(server).ice if c.rezzed]
        if not ice:
            game.log.record((), f"{self.card.title}: no rezzed ice protects {server}")
            return
        chosen = choose_card(
            game,
            "corp",
            f"{self.card.title}: which rezzed ice does the Runner encounter?",
            self.card.title,
            ice,
        )
        forced_encounter(game, chosen, cause=self.card.title)


@implements
class Ganked(CardBehaviour):
    title = "Ganked!"
    revealed_when_accessed_in_rnd = True

    def __init__(self, game: Table, card: NetrunnerCard) -> None:
        super().__init__(game, card)
        #: The server it was accessed in (it is trashed before its ice is chosen).
        self.server: str | None = None

    def abilities(self) -> list[Ability]:
        if self.card in self.game.accessing:
            return [_EncounterWhenAccessed(self, optional=True)]
        return []


class _TrashAfterHQRun(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, SuccessfulRun) and event.server == "HQ"

    def resolve(self, event: Event) -> None:
        if self.card.installed:
            trash(self.game, [self.card], by="corp", cause=self.label)


@implements
class OffTheGrid(CardBehaviour, RunRestriction):
    """Only a remote server can take it; its server cannot be announced for a run;
    it goes to Archives after each successful HQ run."""

    title = "Off the Grid"

    def install_refusal(self, server: str) -> str | None:
        return "it goes only in a remote server" if server in CENTRAL_SERVERS else None

    def forbids_run(self, game: Table, server: str) -> str | None:
        here = self.card.server
        if here is not None and here.name == server:
            return f"{self.title} is rezzed in its root"
        return None

    def abilities(self) -> list[Ability]:
        return [_TrashAfterHQRun(self)] if self.active else []


class _LoseAllCredits(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        here = self.card.server
        return (
            isinstance(event, SpendClicks)
            and event.player == "runner"
            and here is not None
            and event.during_run == here.name
        )

    def resolve(self, event: Event) -> None:
        lose_credits(self.game, "runner", None, cause=self.label)


@implements
class HeinleinGrid(CardBehaviour):
    """A click the Runner loses or spends during a run against its server costs them
    every credit in their credit pool.  A region (limit 1 per server)."""

    title = "Heinlein Grid"

    def abilities(self) -> list[Ability]:
        return [_LoseAllCredits(self)] if self.active else []


class _CopyFromHQ(CostPart):
    """Showing, then trashing, a second copy of that ice held in HQ."""

    def __init__(self, behaviour: CardBehaviour, ice: NetrunnerCard) -> None:
        self.game, self.ice = behaviour.game, ice

    def _copies(self) -> list[NetrunnerCard]:
        return [c for c in self.game.corp.hq if c.title == self.ice.title and c is not self.ice]

    def describe(self) -> str:
        return f"revealing and trashing another {self.ice.title} from HQ"

    def obstacle(self) -> str | None:
        return None if self._copies() else f"HQ holds no other {self.ice.title}"

    def pay(self) -> None:
        game = self.game
        copy = choose_card(
            game, "corp", f"trash which {self.ice.title}?", "The Twins", self._copies()
        )
        game.log.record((), f"the Corp reveals {copy.title} from HQ")
        trash(game, [copy], by="corp", as_cost=True)


class _EncounterAgain(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        here = self.card.server
        return (
            isinstance(event, PassIce)
            and bool(event.ice.rezzed)
            and here is not None
            and event.ice.server is here
        )

    def cost(self, event: Event | None) -> Cost | None:
        assert isinstance(event, PassIce)
        return Cost((_CopyFromHQ(self.behaviour, event.ice),))

    def resolve(self, event: Event) -> None:
        assert isinstance(event, PassIce)
        if event.ice.installed:
            forced_encounter(self.game, event.ice, cause=self.card.title)


@implements
class TheTwins(CardBehaviour):
    """After each pass of rezzed ice of its server, the Corp may
    show and trash a second copy from HQ for a second encounter with it."""

    title = "The Twins"

    def abilities(self) -> list[Ability]:
        return [_EncounterAgain(self, optional=True)] if self.active else []


class _TraceOnSuccess(CardConditional):
    """Each successful run against its server starts a trace of strength 4: if it succeeds, the
    Runner may access no card but this one until the run ends."""

    def is_met_by(self, event: Event) -> bool:
        here = self.card.server
        return isinstance(event, SuccessfulRun) and here is not None and event.server == here.name

    def resolve(self, event: Event) -> None:
        game, ash = self.game, self.card

        def only_this() -> None:
            run = game.run
            if run is None:
                return
            prohibition = Prohibition(
                f"{ash.title} (only it can be accessed)", lambda c: c is not ash
            )
            run.effects.append(RunEffect(ash.title, "prohibit access", prohibition))
            game.log.record(
                "rule_prohibiting_access",
                f"{ash.title}: until the run ends, the Runner may access no card "
                f"other than {ash.title}",
            )

        trace(game, 4, source=ash.title, if_successful=only_this)


@implements
class Ash2X3ZB9CY(CardBehaviour):
    title = "Ash 2X3ZB9CY"

    def abilities(self) -> list[Ability]:
        return [_TraceOnSuccess(self)] if self.active else []


class _NotDeclaredSuccessful(CardInterrupt):
    """Runs against its server cannot be declared successful (which does not make them
    unsuccessful)."""

    def applies_to(self, event: Event) -> bool:
        here = self.card.server
        return isinstance(event, SuccessfulRun) and here is not None and event.server == here.name

    def would_stop(self, event: Event) -> bool:
        return True

    def interrupt(self, event: Event) -> None:
        event.prevent(self.label)


@implements
class CrisiumGrid(CardBehaviour):
    """A region (limit 1 per server): runs against its server cannot be declared
    successful."""

    title = "Crisium Grid"

    def abilities(self) -> list[Ability]:
        return [_NotDeclaredSuccessful(self)] if self.active else []


class _DamageAfterUnsuccessfulRun(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        here = self.card.server
        return isinstance(event, UnsuccessfulRun) and here is not None and event.server == here.name

    def resolve(self, event: Event) -> None:
        damage(self.game, "net", 1, source=self.label)


@implements
class GeorgiaEmelyov(CardBehaviour):
    """Each unsuccessful run against its server: 1 net damage; for 2 credits,
    it moves to another server."""

    title = "Georgia Emelyov"

    def abilities(self) -> list[Ability]:
        return [_DamageAfterUnsuccessfulRun(self)] if self.active else []

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def move(_: Announced) -> None:
            here = card.server
            others = [name for name in game.servers if here is None or name != here.name]
            server = choose_name(
                game, "corp", f"{card.title}: move to which server?", card.title, others
            )
            move_to_root(game, card, server, cause=card.title)

        return [
            PaidAbility(
                f"{card.title}: move to another server",
                lambda: Cost((Credits(game, "corp", 2),)),
                Instruction(card.title, move),
            )
        ]


class _MeatDamageWhenSuccessfulRunEnds(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, RunEnds) and event.successful

    def resolve(self, event: Event) -> None:
        damage(self.game, "meat", 2, source=self.label)


@implements
class DedicatedResponseTeam(CardBehaviour):
    """An asset that, while the Runner has a tag, punishes the end of each successful run with
    2 meat damage"."""

    title = "Dedicated Response Team"

    def abilities(self) -> list[Ability]:
        if self.active and self.game.runner.tags > 0:
            return [_MeatDamageWhenSuccessfulRunEnds(self)]
        return []


@implements
class Strongbox(CardBehaviour, StealCost):
    """Persistent: stealing an agenda from its server (or that server's root) costs
    the Runner must spend a click (and, trashed while accessed, it keeps applying for the
    rest of the run)."""

    title = "Strongbox"
    persistent = True

    def cost_to_steal(self, card: NetrunnerCard) -> list[CostPart]:
        here = self.server_name()
        if here is not None and server_of(card) == here:
            return [Clicks(self.game, "runner", 1)]
        return []
