"""Cards that care about the Corp's remote servers being created."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardBehaviour, CardConditional, implements
from rulesref.games.netrunner.procedures.drawing import draw
from rulesref.games.netrunner.procedures.installing import install_by_ability
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.searching import search_for
from rulesref.games.netrunner.state.events import CreateServer, TurnBegins
from rulesref.games.netrunner.timing.abilities import Ability
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
