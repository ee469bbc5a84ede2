"""Using an ability: the event "when used" conditions look for.

A paid ability and its source are used once its trigger cost is paid
(rule_paid_ability_used_condition); that is the moment such conditions are met,
before the checkpoint that follows the payment (step_paid_ability_condition).
"""

from __future__ import annotations

from rulesref.games.netrunner.state.events import NetrunnerEvent
from rulesref.games.netrunner.state.objects import NetrunnerCard


class AbilityUsed(NetrunnerEvent):
    kind = "use an ability"

    def __init__(self, player: str, source: NetrunnerCard, label: str, *, trash_ability: bool):
        super().__init__(player)
        self.source = source
        self.label = label
        #: Its trigger cost trashes its own source: a [trash] ability.
        self.trash_ability = trash_ability

    def describe(self) -> str:
        return f"the {(self.player or '').title()} uses {self.label}"


class SpendCredits(NetrunnerEvent):
    """Spending credits, as a static ability is asked whether it forbids it (a probe: the
    payment itself is carried out by the cost, so this event is never performed, recorded
    or described; the abilities that forbid spending ask only who spends)."""

    kind = "spend credits"
