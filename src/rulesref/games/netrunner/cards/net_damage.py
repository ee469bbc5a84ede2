"""Corp cards that do net damage, or decide which cards it trashes."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardBehaviour, CardConditional, implements
from rulesref.games.netrunner.procedures.choices import choose_card, confirm
from rulesref.games.netrunner.procedures.costs import Credits
from rulesref.games.netrunner.procedures.damage import DamageSelector, damage
from rulesref.games.netrunner.procedures.traces import give_tags
from rulesref.games.netrunner.state.events import Access, Damage
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


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


class _SnareOnAccess(CardConditional):
    """When the Runner accesses it anywhere but Archives, the Corp may pay 4 credits to
    give them 1 tag and do 3 net damage."""

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Access) and any(c is self.card for c in event.cards)

    def cost(self, event: Event | None) -> Cost | None:
        return Cost((Credits(self.game, "corp", 4),))

    def resolve(self, event: Event) -> None:
        give_tags(self.game, 1, cause=self.card.title)
        damage(self.game, "net", 3, source=self.card.title)


@implements
class Snare(CardBehaviour):
    title = "Snare!"
    revealed_when_accessed_in_rnd = True

    def abilities(self) -> list[Ability]:
        card = self.card
        accessed = any(c is card for c in self.game.accessing)
        if accessed and card.zone_type is not ZoneType.DISCARD:
            return [_SnareOnAccess(self, optional=True)]
        return []
