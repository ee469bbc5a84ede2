"""Cards whose trigger conditions care about who carries an effect out, or about an access:
a Corp asset that punishes the Runner for trashing Corp cards, a Runner identity that
makes the Corp trash a card of its own, and an agenda that plays a Psi Game as it is
accessed."""

from __future__ import annotations

from rulesref.engine.objects import ObjectRef
from rulesref.games.netrunner.cards.base import CardBehaviour, CardConditional, implements
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.traces import secret_bids
from rulesref.games.netrunner.state.events import Access
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.run_events import SuccessfulRun
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


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


class _PsiOnAccess(CardConditional):
    """Accessed while not installed, a Psi Game: if the bids differ, the Runner cannot steal
    it during this access."""

    def is_met_by(self, event: Event) -> bool:
        return (
            isinstance(event, Access)
            and any(c is self.card for c in event.cards)
            and not self.card.installed
        )

    def resolve(self, event: Event) -> None:
        behaviour = self.behaviour
        assert isinstance(behaviour, TheFuturePerfect)
        corp, runner = secret_bids(self.game, self.card.title)
        if corp == runner:
            self.game.log.record("rule_psi_outcome", f"{self.card.title}: the bids match")
            return
        self.game.log.record("rule_psi_outcome", f"{self.card.title}: the bids differ")
        behaviour.unstealable = (self.card.ref(), self.game.run)


@implements
class TheFuturePerfect(CardBehaviour):
    title = "The Future Perfect"

    def __init__(self, game: Table, card: NetrunnerCard) -> None:
        super().__init__(game, card)
        #: This object, during this run, after a Psi Game whose bids differed.
        self.unstealable: tuple[ObjectRef[NetrunnerCard], object] | None = None

    def abilities(self) -> list[Ability]:
        # A "when accessed" ability: in force while the card is accessed, installed or not.
        return [_PsiOnAccess(self)]

    def steal_refusal(self) -> str | None:
        if self.unstealable is None:
            return None
        ref, run = self.unstealable
        if ref.current is self.card and run is self.game.run:
            return "the bids of its Psi Game differed"
        return None
