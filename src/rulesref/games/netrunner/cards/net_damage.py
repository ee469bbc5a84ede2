"""Corp cards that decide which cards net damage trashes."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardBehaviour, implements
from rulesref.games.netrunner.procedures.choices import choose_card, confirm
from rulesref.games.netrunner.procedures.damage import DamageSelector
from rulesref.games.netrunner.state.events import Damage
from rulesref.games.netrunner.state.objects import NetrunnerCard


def _net_to_runner(event: Damage) -> bool:
    return event.player == "runner" and event.damage_type == "net"


@implements
class ChronosProtocol(CardBehaviour, DamageSelector):
    """For the first net damage the Runner suffers each turn, the Corp may look at the
    grip and select the card trashed."""

    title = "Chronos Protocol: Selective Mind-mapping"

    def selects(self, event: Damage) -> NetrunnerCard | None:
        game = self.game
        earlier = game.history.occurred_this_turn(Damage, _net_to_runner)
        if not _net_to_runner(event) or earlier or not game.runner.grip:
            return None
        if not confirm(game, "corp", f"use {self.title} (select a card)?", self.title):
            return None
        game.corp.learn(game.runner.grip)
        return choose_card(
            game, "corp", f"{self.title}: which card is trashed?", self.title, game.runner.grip
        )
