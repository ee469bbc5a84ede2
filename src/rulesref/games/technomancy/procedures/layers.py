"""What a card on the battlefield is right now: printed values plus continuous effects.

Rule 6.2 orders the effects: sort them by timestamp (6.2.1), then apply card-property effects,
control, allegiance, power and health, and other effects, in that order. Each layer reads the
views left by the layers before it, so "agents you control" sees control already changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from rulesref.games.technomancy.procedures.names import labels
from rulesref.games.technomancy.state.abilities import StaticAbility
from rulesref.games.technomancy.state.effects import (
    Application,
    CardView,
    ContinuousEffect,
    Layer,
)
from rulesref.games.technomancy.state.objects import Card, derived_by
from rulesref.games.technomancy.state.table import Table


@dataclass(frozen=True)
class _Pending:
    timestamp: int
    source: str
    text: str
    affects: Callable[[CardView], bool]
    modify: Callable[[CardView], None]


@derived_by("tm_6_2", "tm_6_2_1")
def compute_views(
    battlefield: Iterable[Card],
    effects: Iterable[ContinuousEffect],
    names: Mapping[int, str],
    record: list[Application] | None = None,
    abilities_on_stack: int = 0,
) -> dict[int, CardView]:
    """Apply every continuous effect to the battlefield's printed views, in rule 6.2 order."""
    cards = list(battlefield)
    views = {c.id: CardView.printed(c, abilities_on_stack) for c in cards}
    timestamps = {c.id: c.timestamp for c in cards}
    effects = [e for e in effects if e.affected in views]
    for layer in Layer:
        pending = [
            _Pending(e.timestamp, names[e.source], e.text, _is(e.affected), e.modify)
            for e in effects
            if e.layer is layer
        ]
        # Static abilities are gathered per layer from the views as they stand, so a card
        # that lost its abilities in an earlier layer contributes nothing to later ones.
        for source in list(views.values()):
            for ability in source.abilities:
                if isinstance(ability, StaticAbility) and ability.layer is layer:
                    pending.append(
                        _Pending(
                            timestamps[source.card_id],
                            source.name,
                            ability.text,
                            _static_affects(ability, source),
                            ability.modify,
                        )
                    )
        for p in sorted(pending, key=lambda p: p.timestamp):  # rule 6.2.1
            for view in views.values():
                if p.affects(view):
                    p.modify(view)
                    if record is not None:
                        record.append(Application(layer, p.timestamp, p.source, p.text, view.name))
    return views


def _is(card_id: int) -> Callable[[CardView], bool]:
    return lambda view: view.card_id == card_id


def _static_affects(ability: StaticAbility, source: CardView) -> Callable[[CardView], bool]:
    return lambda view: ability.affects(source, view)


def current_views(game: Table, record: list[Application] | None = None) -> dict[int, CardView]:
    """Every battlefield card's properties after all continuous effects (rule 6.2)."""
    st = game.state
    names = labels(game)
    return compute_views(
        (st.cards[i] for i in st.battlefield),
        st.effects,
        names,
        record,
        sum(item.ability is not None for item in st.stack),
    )
