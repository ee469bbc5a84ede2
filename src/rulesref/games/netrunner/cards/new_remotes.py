"""Cards that care about the Corp's remote servers being created."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    CardBehaviour,
    CardConditional,
    Instruction,
    PaidAbility,
    implements,
)
from rulesref.games.netrunner.procedures.costs import Clicks, Credits
from rulesref.games.netrunner.procedures.drawing import draw
from rulesref.games.netrunner.procedures.installing import install_by_ability
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.remote_limits import RemoteServerLimit
from rulesref.games.netrunner.procedures.runs import RunCost
from rulesref.games.netrunner.procedures.searching import search_for
from rulesref.games.netrunner.state.events import CreateServer, TurnBegins
from rulesref.games.netrunner.state.run_events import SuccessfulRun
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import CENTRAL_SERVERS
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost, CostPart
from rulesref.games.netrunner.timing.events import Event


class _DrawOnFirstRemote(CardConditional):
    """The first time each turn the Corp creates a remote server, it draws 1 card."""

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, CreateServer) and self.game.history.is_first_this_turn(
            event, lambda e: True
        )

    def resolve(self, event: Event) -> None:
        draw(self.game, {"corp": 1})


@implements
class NearEarthHub(CardBehaviour):
    title = "Near-Earth Hub: Broadcast Center"

    def abilities(self) -> list[Ability]:
        return [_DrawOnFirstRemote(self)] if self.active else []


class _StartUp(CardConditional):
    """When the Corp's turn begins, it may trash Tech Startup to search R&D for an asset,
    reveal it and install it."""

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, TurnBegins) and event.player == "corp"

    def resolve(self, event: Event) -> None:
        game, card = self.game, self.card
        if not trash(game, [card], by="corp", cause=card.title):
            return
        found = search_for(
            game, "corp", "an asset", lambda c: c.is_a("asset"), by="corp", cause=card.title
        )
        if found is None:
            return
        game.log.record((), f"{card.title}: the Corp reveals {found.title}")
        install_by_ability(game, [found], cause=card.title, optional=False)


@implements
class TechStartup(CardBehaviour):
    title = "Tech Startup"

    def abilities(self) -> list[Ability]:
        return [_StartUp(self, optional=True)] if self.active else []


class _FlipOnHQRun(CardConditional):
    """Flipped: when the Runner makes a successful run on HQ, the identity flips back."""

    def __init__(self, behaviour: EarthStation) -> None:
        super().__init__(behaviour)
        self.station = behaviour

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, SuccessfulRun) and event.server == "HQ"

    def resolve(self, event: Event) -> None:
        self.station.flip()


@implements
class EarthStation(CardBehaviour, RemoteServerLimit, RunCost):
    """A flip identity. Either face limits the Corp to 1 remote server. Front: running HQ
    costs the Runner 1 more credit, and a click flips it. Back (Ascending to Orbit): running
    a remote server costs 6 more credits, and a successful run on HQ flips it back."""

    title = "Earth Station: SEA Headquarters"
    #: Showing its back face, Earth Station: Ascending to Orbit.
    flipped: bool = False

    def flip(self) -> None:
        self.flipped = not self.flipped
        face = "Ascending to Orbit" if self.flipped else "SEA Headquarters"
        self.game.log.record((), f"{self.title} flips: it is now Earth Station: {face}")

    def remote_server_limit(self) -> int:
        return 1

    def cost_to_run(self, game: Table, server: str, *, basic_action: bool) -> list[CostPart]:
        if not self.active:
            return []
        if self.flipped:
            return [] if server in CENTRAL_SERVERS else [Credits(game, "runner", 6)]
        return [Credits(game, "runner", 1)] if server == "HQ" else []

    def paid_abilities(self) -> list[PaidAbility]:
        if self.flipped:
            return []
        game = self.game
        return [
            PaidAbility(
                f"{self.title}: flip",
                lambda: Cost((Clicks(game, "corp", 1),)),
                Instruction(self.title, lambda _: self.flip()),
            )
        ]

    def abilities(self) -> list[Ability]:
        return [_FlipOnHQRun(self)] if self.active and self.flipped else []
