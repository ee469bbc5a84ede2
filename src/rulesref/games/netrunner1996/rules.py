"""The rule IDs of the 1996 Netrunner excerpt that the engine cites.

Steps the excerpt does not cover (a run's basic action, stealing an agenda) are logged with
no rule (``None``) rather than with a rule they do not come from.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

#: Rule ID → what the rule says, for every rule of the excerpt the engine cites.
RULES: Final[Mapping[str, str]] = {
    "nr96_card_effects_and_costs": "Card Effects and Costs",
    "nr96_card_effects_and_costs_1": (
        "all costs must be satisfied; no borrowing future actions; action costs only when "
        "an action could be taken"
    ),
    "nr96_card_effects_and_costs_2": (
        "resolving an effect takes no actions beyond its cost, but other card costs are paid"
    ),
    "nr96_keywords": "Keywords",
    "nr96_keywords_1": "keywords, never titles, decide what a card effect affects",
}
