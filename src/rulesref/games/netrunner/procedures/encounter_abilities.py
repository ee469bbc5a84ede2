"""Paid abilities whose effects refer to the ice the Runner is encountering: they can be
used only during an encounter with ice that meets every stipulation they make
(rule_paid_ability_refers_to_encountered_ice)."""

from __future__ import annotations

from collections.abc import Callable

from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table

REFERS_TO_ENCOUNTERED_ICE = "rule_paid_ability_refers_to_encountered_ice"


def encountered_ice(game: Table) -> NetrunnerCard | None:
    """The ice the Runner is encountering now, if any."""
    encounter = game.current_encounter()
    if encounter is None or encounter.over:
        return None
    return encounter.ice.current


def while_encountering(game: Table, subtype: str | None = None) -> Callable[[], str | None]:
    """A restriction: the Runner must be encountering ice (of ``subtype``, if given)."""

    def reason() -> str | None:
        ice = encountered_ice(game)
        wanted = subtype.replace("_", " ") if subtype else "ice"
        if ice is None:
            return f"it refers to the {wanted} the Runner is encountering, and they encounter none"
        if subtype is not None and not ice.has_subtype(subtype):
            return (
                f"it refers to the {wanted} the Runner is encountering, and {ice.title} is not one"
            )
        return None

    return reason
