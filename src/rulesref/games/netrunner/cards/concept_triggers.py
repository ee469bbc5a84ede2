"""Cards whose trigger conditions care about which player carries an effect out: a Corp
asset that punishes the Runner for trashing Corp cards, and a Runner identity that makes
the Corp trash a card of its own."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardBehaviour, CardConditional, implements
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.damage import damage
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.state.events import Trash
from rulesref.games.netrunner.state.run_events import SuccessfulRun
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


def _corp_cards_trashed_by_runner(event: Event) -> int:
    if not isinstance(event, Trash) or event.player != "runner":
        return 0
    return sum(1 for view in event.views_of_remaining() if view.owner == "corp")


class _NetDamagePerTrash(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return _corp_cards_trashed_by_runner(event) > 0

    def resolve(self, event: Event) -> None:
        for _ in range(_corp_cards_trashed_by_runner(event)):
            damage(self.game, "net", 1, source=self.card.title)


@implements
class HostileInfrastructure(CardBehaviour):
    """1 net damage for each Corp card the Runner trashes (not one the Corp trashes)."""

    title = "Hostile Infrastructure"

    def abilities(self) -> list[Ability]:
        return [_NetDamagePerTrash(self)] if self.active else []


def _on_archives(event: SuccessfulRun) -> bool:
    return event.server == "Archives"


class _CorpTrashesFromHQ(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return (
            isinstance(event, SuccessfulRun)
            and _on_archives(event)
            and self.game.history.is_first_this_turn(event, _on_archives)
        )

    def resolve(self, event: Event) -> None:
        game = self.game
        hq = game.corp.hq
        if not hq:
            game.log.record((), f"{self.card.title}: HQ is empty, the Corp trashes nothing")
            return
        card = choose_card(
            game, "corp", f"{self.card.title}: trash which card from HQ?", self.card.title, hq
        )
        trash(game, [card], by="corp", cause=self.card.title)


@implements
class AliceMerchant(CardBehaviour):
    """After the turn's first successful run on Archives, the Corp trashes a card of HQ."""

    title = "Alice Merchant: Clan Agitator"

    def abilities(self) -> list[Ability]:
        return [_CorpTrashesFromHQ(self)] if self.active else []
