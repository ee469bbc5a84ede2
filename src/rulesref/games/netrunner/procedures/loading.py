"""Loading a card with counters, and the card becoming empty.

A card is empty once it hosts none of the kind of counter loaded onto it; an ability
about it becoming empty is linked to the ability that loaded it, so a card never
loaded is never empty, however few counters it hosts.
"""

from __future__ import annotations

from rulesref.games.netrunner.procedures.costs import plural
from rulesref.games.netrunner.state.behaviour import CardBehaviour
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table


class Loadable(CardBehaviour):
    """A card with an ability that loads it, and one for when it is empty."""

    #: The kind of counter loaded onto this object, once it has been.
    loaded: str | None = None
    #: Whether its "when empty" ability has been met (once per loading).
    emptied: bool = False

    def when_empty(self) -> None:
        """What the card does once it is empty."""


def load(game: Table, card: NetrunnerCard, kind: str, amount: int, *, cause: str) -> None:
    behaviour = card.behaviour
    assert isinstance(behaviour, Loadable)
    card.counters[kind] += amount
    behaviour.loaded, behaviour.emptied = kind, False
    game.log.record(
        "rule_load_and_empty",
        f"{cause}: {card.title} is loaded with {plural(amount, f'{kind} counter')}",
    )


def is_empty(game: Table, card: NetrunnerCard) -> bool:
    """At a checkpoint: whether ``card`` has become empty (it was loaded, and hosts none
    of the loaded kind any more)."""
    behaviour = card.behaviour
    if not isinstance(behaviour, Loadable) or behaviour.emptied:
        return False
    if behaviour.loaded is None:
        return False
    if card.counters[behaviour.loaded]:
        return False
    behaviour.emptied = True
    game.log.record(
        "rule_empty_requires_loading",
        f"{card.title} hosts no more of the {behaviour.loaded} counters loaded onto it: it is "
        "empty",
    )
    return True
