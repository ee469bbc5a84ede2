"""Which rule of the books each timing step applies: the citation table.

The timing steps (:mod:`rulesref.games.netrunner.timing`: preventing an event,
paying a cost, announcing a target) are written once and cite rules through a
:class:`Citations` table, so the trace cites the IDs of the books the game is
played from.  IDs starting ``rule_``, ``step_``, ``movement_`` and ``sec_`` come
from the Comprehensive Rules seeds; ``tc_`` IDs number the "Targets and Costs"
document.  A field left empty cites nothing (no seeded book has that rule).
"""

from __future__ import annotations

from dataclasses import dataclass

Cite = tuple[str, ...]


@dataclass(frozen=True)
class Citations:
    #: An event that is prevented does not take place.
    cancelled: Cite = ()
    #: An event carried out differently is still that event.
    replaced: Cite = ()
    #: A cost is paid in full, all at once, or not at all.
    cost_all_at_once: Cite = ()
    #: Optional prevention cannot stop the paying of a cost.
    cost_not_preventable: Cite = ()
    #: A cost that a static ability or mandatory interrupt would stop cannot be paid.
    cost_blocked: Cite = ()
    #: Which kind of cost is paid (install, play, rez, trigger, additional, nested).
    cost_kinds: Cite = ()
    #: Increases, then decreases, then never below 0.
    cost_modifiers: Cite = ()
    #: A cost of 0 can still be paid.
    cost_zero: Cite = ()
    #: A checkpoint follows paying a cost.
    cost_checkpoint: Cite = ()
    #: Targets are announced before an instruction becomes imminent.
    announce: Cite = ()
    #: Several cards or counters can be the targets of one announcement.
    multiple_targets: Cite = ()
    #: Announcing a target changes neither its facing nor its location.
    announce_keeps_place: Cite = ()
    #: Only valid targets can be chosen.
    valid_targets: Cite = ()
    #: Without a stated zone, only the play area holds valid targets.
    play_area_default: Cite = ()
    #: Each target once per announcement; as many distinct targets as possible.
    distinct_targets: Cite = ()
    #: Targets are chosen only before the instruction becomes imminent: one that an
    #: interrupt made invalid is not replaced, an unannounced one stays unchosen.
    no_late_targets: Cite = ()
    #: A target invalid at resolution is skipped; the rest resolves.
    invalid_at_resolution: Cite = ()
    #: A later instruction keeps acting on the target, unless another ability moved it.
    target_kept: Cite = ()
    target_lost: Cite = ()
    #: An effect that "cannot be prevented" is not prevented by any ability.
    unpreventable: Cite = ()
    #: Whether to use an optional ability is the controller's decision.
    optional: Cite = ()
    #: A player chooses the order of their own simultaneous pending abilities.
    pending_order: Cite = ()


NETRUNNER_CITATIONS = Citations(
    cancelled=("rule_cancelled_movement",),
    replaced=("sec_replacing_movements",),
    cost_all_at_once=("tc_1_2_1",),
    cost_not_preventable=("tc_1_2_1a",),
    cost_blocked=("tc_1_2_1b",),
    cost_modifiers=("tc_1_2_1c",),
    cost_zero=("tc_1_2_1d",),
    cost_kinds=("tc_1_2_4",),
    cost_checkpoint=("tc_1_2_2",),
    announce=("tc_1_1_2",),
    multiple_targets=("tc_1_1_2d",),
    announce_keeps_place=("tc_1_1_2a",),
    valid_targets=("tc_1_1_2b",),
    play_area_default=("tc_1_1_2c",),
    distinct_targets=("tc_1_1_2e",),
    no_late_targets=("tc_1_1_2f",),
    invalid_at_resolution=("tc_1_1_3",),
    target_kept=("tc_1_1_4",),
    target_lost=("tc_1_1_4a",),
    unpreventable=("rule_cannot_be_prevented_restriction",),
    pending_order=(
        "rule_reaction_window_priority",
        "rule_reaction_window_pending_abilities_unordered",
    ),
)
