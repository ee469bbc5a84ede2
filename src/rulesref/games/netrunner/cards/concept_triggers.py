"""Cards whose trigger conditions care about who carries an effect out, or about an access:
a Corp asset that punishes the Runner for trashing Corp cards, a Runner identity that
makes the Corp trash a card of its own, and an agenda that plays a Psi Game as it is
accessed."""

from __future__ import annotations

from rulesref.engine.objects import ObjectRef
from rulesref.games.netrunner.cards.base import CardBehaviour, CardConditional, implements
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.damage import damage
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.traces import give_tags, secret_bids
from rulesref.games.netrunner.state.events import Access, Steal, Trash
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.run_events import RunEnds, SuccessfulRun
from rulesref.games.netrunner.state.runs import Run
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


def _corp_cards_trashed_by_runner(event: Event) -> int:
    if not isinstance(event, Trash) or event.player != "runner":
        return 0
    return sum(1 for view in event.views_of_remaining() if view.owner == "corp")


class _NetDamagePerTrash(CardConditional):
    """Met while it is active, or by its own trash: it looks back at itself as it was
    trashed (installed and rezzed)."""

    def is_met_by(self, event: Event) -> bool:
        if _corp_cards_trashed_by_runner(event) == 0:
            return False
        assert isinstance(event, Trash)
        itself = any(
            v.ref.card is self.card and v.installed and v.faceup
            for v in event.views_of_remaining()
        )
        return self.behaviour.active or itself

    def resolve(self, event: Event) -> None:
        for _ in range(_corp_cards_trashed_by_runner(event)):
            damage(self.game, "net", 1, source=self.card.title)


@implements
class HostileInfrastructure(CardBehaviour):
    """1 net damage for each Corp card the Runner trashes (not one the Corp trashes)."""

    title = "Hostile Infrastructure"

    def abilities(self) -> list[Ability]:
        return [_NetDamagePerTrash(self)]


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


class _TagsIfStolen(CardConditional):
    """Whenever a run on its server ends, 2 tags if the Runner stole an agenda during it."""

    def is_met_by(self, event: Event) -> bool:
        if not isinstance(event, RunEnds) or event.server != self.behaviour.server_name():
            return False
        run = event.run
        persisting = isinstance(run, Run) and any(
            e.value is self.card for e in run.effects_of("persistent")
        )
        if not (self.behaviour.active or persisting):
            return False
        accessed = [ref.card for ref in getattr(run, "accessed", [])]
        stolen = self.game.history.occurred_this_turn(
            Steal, lambda e: any(c is a for c in e.cards for a in accessed)
        )
        return bool(stolen)

    def resolve(self, event: Event) -> None:
        give_tags(self.game, 2, cause=self.card.title)


@implements
class AMAZEAmusements(CardBehaviour):
    """Persistent: a run on its server that stole an agenda gives the Runner 2 tags as it
    ends, even if the Runner trashed it during that run."""

    title = "AMAZE Amusements"
    persistent = True

    def abilities(self) -> list[Ability]:
        # Trashed while accessed, it goes on applying to the end of that run (the condition
        # checks the run it persists in).
        return [_TagsIfStolen(self)] if self.active or self.persisted_in is not None else []
