"""Assets."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    CardBehaviour,
    CardConditional,
    CardInterrupt,
    implements,
)
from rulesref.games.netrunner.procedures.arranging import swap
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.costs import Clicks, Credits
from rulesref.games.netrunner.procedures.movements import add, reveal_if_hidden, trash
from rulesref.games.netrunner.procedures.targeting import (
    announce_targets,
    card_slot,
    cards_of,
    still_valid,
)
from rulesref.games.netrunner.state.events import Access, Draw, TurnBegins
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Ability, Conditional
from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


def _corp_would_draw(event: Draw) -> bool:
    return event.player == "corp"


class _DrawOneMore(CardInterrupt):
    def applies_to(self, event: Event) -> bool:
        if not isinstance(event, Draw) or not _corp_would_draw(event):
            return False
        first = self.game.history.imminent_this_turn(Draw, _corp_would_draw)
        return bool(first) and first[0] is event

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, Draw)
        event.count += 1
        self.game.log.record((), f"the Corp will draw {event.count} cards instead")
        self.game.timing.add_delayed(_OneToTheBottom(self.behaviour, event))


class _OneToTheBottom(Conditional):
    """Acts on the cards of one particular draw, while they are set aside."""

    def __init__(self, behaviour: CardBehaviour, draw: Draw) -> None:
        super().__init__(
            behaviour.card.title, "corp", key=behaviour.key("bottom"), source=behaviour.card
        )
        self.game = behaviour.game
        self.draw = draw

    def is_met_by(self, event: Event) -> bool:
        return event is self.draw

    def resolve(self, event: Event) -> None:
        game = self.game
        drawn = game.still_drawn(self.draw)
        if not drawn:
            return
        game.log.record(
            "rule_draw_relevant_abilities_see_set_aside",
            f"{self.label} sees the drawn cards in the set-aside zone: "
            f"{', '.join(c.title for c in drawn)}",
        )
        chosen = choose_card(
            game,
            "corp",
            f"{self.label}: which drawn card is added at the bottom of R&D?",
            f"{self.label}'s ability",
            drawn,
        )
        add(game, chosen, ZoneType.DECK, "corp", by="corp", place="R&D, at the bottom")


@implements
class DailyBusinessShow(CardBehaviour):
    title = "Daily Business Show"

    def abilities(self) -> list[Ability]:
        return [_DrawOneMore(self)] if self.active else []


class _SwapWithArchives(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Draw) and event.player == "corp" and bool(event.drawn)

    def cost(self, event: Event | None) -> Cost | None:
        return Cost((Clicks(self.game, "corp", 1, verb="losing"),))

    def resolve(self, event: Event) -> None:
        assert isinstance(event, Draw)
        game = self.game
        drawn = game.still_drawn(event)
        if not drawn:
            return
        rule = f"{self.label}'s ability"
        chosen = choose_card(
            game, "corp", f"{self.label}: which drawn card is revealed and swapped?", rule, drawn
        )
        same_type = [c for c in game.corp.archives if c.facts.type == chosen.facts.type]
        if not same_type:
            game.log.record(
                (), f"no card in Archives is an {chosen.facts.type} like {chosen.title}: no swap"
            )
            return
        other = choose_card(
            game,
            "corp",
            f"{self.label}: which {chosen.facts.type} in Archives is swapped with {chosen.title}?",
            rule,
            same_type,
        )
        game.log.record(
            (), f"the Corp reveals {chosen.title} and {other.title} (both {chosen.facts.type})"
        )
        swap(game, chosen, other, by="corp", cause=self.label)


@implements
class RamanRai(CardBehaviour):
    title = "Raman Rai"

    def abilities(self) -> list[Ability]:
        if not self.active:
            return []
        return [_SwapWithArchives(self, optional=True, once_per_turn=True)]


class _OperationBackToHQ(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, TurnBegins) and event.player == "corp"

    def resolve(self, event: Event) -> None:
        game, card = self.game, self.card
        server = card.server
        if server is not None and server.ice:
            game.log.record((), f"ice protects {server.name}, so nothing happens")
            return
        operations = [c for c in game.corp.archives if c.facts.type == "operation"]
        if not operations:
            game.log.record((), "there is no operation in Archives")
            return
        chosen = choose_card(
            game,
            "corp",
            f"{self.label}: which operation in Archives is added to HQ?",
            f"{self.label}'s ability",
            operations,
        )
        reveal_if_hidden(game, chosen, by="corp", to_show="it is an operation")
        add(game, chosen, ZoneType.HAND, "corp", by="corp")


@implements
class CloneSuffrageMovement(CardBehaviour):
    title = "Clone Suffrage Movement"

    def abilities(self) -> list[Ability]:
        return [_OperationBackToHQ(self, optional=True)] if self.active else []


class _TrashProgramsWhenAccessed(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Access) and any(c is self.card for c in event.cards)

    def cost(self, event: Event | None) -> Cost | None:
        return Cost((Credits(self.game, "corp", 2),))

    def resolve(self, event: Event) -> None:
        game = self.game
        count = self.card.counters["advancement"]
        slot = card_slot("installed program", count, lambda c: c.installed and c.is_a("program"))
        announced = announce_targets(
            game,
            "corp",
            {"programs": slot},
            None,
            what=self.label,
        )
        chosen = cards_of(still_valid(game, announced["programs"]))
        if chosen:
            trash(game, chosen, by="corp", cause=self.label)


@implements
class AggressiveSecretary(CardBehaviour):
    """One target per advancement counter; too few programs means as many as there are."""

    title = "Aggressive Secretary"
    advanceable = True

    def abilities(self) -> list[Ability]:
        if self.card in self.game.accessing:
            return [_TrashProgramsWhenAccessed(self, optional=True)]
        return []
