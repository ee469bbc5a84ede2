"""Events that make a run and change the breach it leads to: more accesses, another
effect instead of an access, cards from the heap instead of accesses in HQ."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardConditional, CardInterrupt, implements
from rulesref.games.netrunner.cards.run_events import RunEvent
from rulesref.games.netrunner.procedures.breach import access_additional
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.movements import add, remove_from_game, trash
from rulesref.games.netrunner.state.breaches import Prohibition
from rulesref.games.netrunner.state.events import Access
from rulesref.games.netrunner.state.run_events import DetermineLimit, RunEnds
from rulesref.games.netrunner.state.runs import Run
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.events import Event


@implements
class TheMakersEye(RunEvent):
    """A run on R&D; once it is successful, its breach of R&D has 2 more accesses."""

    title = "The Maker\u2019s Eye"
    may_run = "R&D"

    def allowed(self, server: str) -> bool:
        return server == "R&D"

    def when_successful(self, run: Run) -> None:
        access_additional(self.game, "R&D", 2, source=self.title)


class _TrashACopyInstead(CardInterrupt):
    """Rather than access a faceup ice card in Archives, the Runner trashes a rezzed copy of it
    (once this run)."""

    def __init__(self, behaviour: RunEvent, run: Run) -> None:
        super().__init__(behaviour, optional=True)
        self.run = run
        self.used = False

    def _copies(self, event: Event) -> list:  # type: ignore[type-arg]
        assert isinstance(event, Access)
        title = event.cards[0].title
        return [c for c in self.game.zones.cards() if c.installed and c.title == title and c.rezzed]

    def applies_to(self, event: Event) -> bool:
        if not isinstance(event, Access) or self.used or self.game.run is not self.run:
            return False
        card = event.cards[0]
        return (
            card.zone_type is ZoneType.DISCARD
            and card.is_a("ice")
            and card.faceup
            and bool(self._copies(event))
        )

    def interrupt(self, event: Event) -> None:
        self.used = True
        copies = self._copies(event)
        accessed = event.cards[0]  # type: ignore[attr-defined]
        game = self.game

        def trash_copy() -> None:
            copy = choose_card(
                game,
                "runner",
                f"{self.label}: trash which rezzed {accessed.title}?",
                self.label,
                copies,
            )
            trash(game, [copy], by="runner", cause=self.label)

        event.replace_entirely(self.label, trash_copy)


@implements
class ImmolationScript(RunEvent):
    """Run Archives; if successful, once this run, instead of accessing a faceup piece of
    ice in Archives the Runner may trash a rezzed copy of it."""

    title = "Immolation Script"
    may_run = "Archives"

    def allowed(self, server: str) -> bool:
        return server == "Archives"

    def when_successful(self, run: Run) -> None:
        self.for_the_run(run, _TrashACopyInstead(self, run))


class _HeapInsteadOfHQ(CardConditional):
    """When the number of HQ accesses is determined, the Runner may add that many cards
    from the heap to the grip; then they access no card in HQ this breach."""

    def __init__(self, behaviour: RunEvent, run: Run) -> None:
        super().__init__(behaviour, optional=True)
        self.run = run

    def is_met_by(self, event: Event) -> bool:
        return (
            isinstance(event, DetermineLimit) and event.server == "HQ" and self.game.run is self.run
        )

    def resolve(self, event: Event) -> None:
        assert isinstance(event, DetermineLimit)
        game = self.game
        count = min(event.limit, len(game.runner.heap))
        for left in range(count, 0, -1):
            card = choose_card(
                game,
                "runner",
                f"{self.label}: add which card from the heap ({left} to add)?",
                self.label,
                game.runner.heap,
            )
            add(game, card, ZoneType.HAND, "runner", by="runner")
        breach = game.breaching[-1] if game.breaching else None
        if breach is not None:
            breach.prohibitions.append(
                Prohibition(f"{self.label} (no card in HQ)", lambda c: c.zone_type is ZoneType.HAND)
            )
            game.log.record(
                "rule_prohibiting_access",
                f"{self.label}: the Runner cannot access any card in HQ during this breach "
                "(the root of HQ still can be)",
            )


class _RemoveWhenRunEnds(CardConditional):
    def __init__(self, behaviour: RunEvent, run: Run) -> None:
        super().__init__(behaviour, label=f"{behaviour.title} (when the run ends)")
        self.run = run
        self.spent = False

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, RunEnds) and event.run is self.run

    def resolve(self, event: Event) -> None:
        self.spent = True
        if self.card.zone_type is ZoneType.DISCARD:
            remove_from_game(self.game, self.card, by="runner")


@implements
class RipDeal(RunEvent):
    """Run HQ; if successful, the Runner may trade the HQ accesses of the breach for as many
    cards from the heap; when the run ends, the event is removed from the game."""

    title = "Rip Deal"
    may_run = "HQ"

    def allowed(self, server: str) -> bool:
        return server == "HQ"

    def prepare(self, run: Run) -> None:
        ability = _RemoveWhenRunEnds(self, run)
        self.game.linger(ability, lambda: not ability.spent)

    def when_successful(self, run: Run) -> None:
        self.for_the_run(run, _HeapInsteadOfHQ(self, run))
