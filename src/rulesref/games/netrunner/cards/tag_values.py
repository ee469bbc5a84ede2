"""Cards whose interrupts change how many tags the Runner would take."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    CardBehaviour,
    CardConditional,
    CardInterrupt,
    CostModifier,
    implements,
)
from rulesref.games.netrunner.cards.damage_values import damage_expected
from rulesref.games.netrunner.procedures.choices import choose_card_or_none
from rulesref.games.netrunner.procedures.costs import TrashSelf
from rulesref.games.netrunner.procedures.damage import prevent_all
from rulesref.games.netrunner.procedures.installing import install
from rulesref.games.netrunner.procedures.traces import trace
from rulesref.games.netrunner.state.events import Damage, TagsAvoided, TakeTags
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


class _OneCreditLess(CostModifier):
    """Lowers the install cost of one card by 1, for the install it was made for."""

    def __init__(self, behaviour: CardBehaviour, card: NetrunnerCard) -> None:
        super().__init__(behaviour.card.title, behaviour.controller, key=behaviour.key("cost"))
        self.target = card

    def change(self, kind: str, card: NetrunnerCard) -> int:
        return -1 if kind == "install" and card is self.target else 0


class _InstallAfterAvoiding(CardConditional):
    """On the turn's first avoided or removed tag, the Runner may install a card
    from the grip, 1 credit cheaper."""

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, TagsAvoided) and self.game.history.is_first_this_turn(
            event, lambda e: True
        )

    def resolve(self, event: Event) -> None:
        game, label = self.game, self.label
        cards = [c for c in game.runner.grip if c.facts.type in ("program", "hardware", "resource")]
        card = choose_card_or_none(
            game, "runner", f"{label}: install which card from the grip?", label, cards
        )
        if card is None:
            return
        installing = [True]
        game.linger(_OneCreditLess(self.behaviour, card), lambda: installing[0])
        try:
            install(game, card, by="runner", cause=label)
        finally:
            installing[0] = False


@implements
class ThunderArtGallery(CardBehaviour):
    """https://netrunnerdb.com/en/card/22013 - avoiding or removing the turn's first tag lets
    the Runner install a card from the grip for 1 credit less."""

    title = "Thunder Art Gallery"

    def abilities(self) -> list[Ability]:
        return [_InstallAfterAvoiding(self, optional=True)] if self.active else []


class _TraceToPrevent(CardInterrupt):
    """Relevant to the turn's first imminent tags or net damage only: trash it,
    and unless the Corp's trace [0] succeeds, prevent all of them."""

    prevents = True

    def _first(self, event: Event) -> bool:
        def counts(e: Event) -> bool:
            return isinstance(e, TakeTags) or (isinstance(e, Damage) and e.imminent_type == "net")

        seen = [e for e in self.game.history.this_turn() if counts(e)]
        return bool(seen) and seen[0] is event

    def applies_to(self, event: Event) -> bool:
        if isinstance(event, TakeTags):
            wanted = event.amount > 0 and not event.prevented
        else:
            wanted = damage_expected(event, "net") and getattr(event, "amount", 0) > 0
        return wanted and self._first(event)

    def cost(self, event: Event | None) -> Cost | None:
        return Cost((TrashSelf(self.game, self.card),))

    def interrupt(self, event: Event) -> None:
        game, label = self.game, self.label

        def prevent_all_of_it() -> None:
            if isinstance(event, Damage):
                prevent_all(game, event, label)
            else:
                event.prevent(label)
                game.log.record("rule_prevent_all", f"{label} avoids all the tags")

        trace(game, 0, source=label, if_unsuccessful=prevent_all_of_it)


@implements
class NoOneHome(CardBehaviour):
    """https://netrunnerdb.com/en/card/21045 - a conditional interrupt on the turn's first
    tags or net damage: trash it for a trace [0] that, unless successful, prevents them
    all."""

    title = "No One Home"

    def abilities(self) -> list[Ability]:
        return [_TraceToPrevent(self, optional=True)] if self.active else []
