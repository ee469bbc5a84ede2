"""The rule IDs the Netrunner game cites when the kernel applies a shared rule.

IDs starting ``rule_``, ``step_``, ``movement_`` and ``sec_`` come from the
Comprehensive Rules seeds; ``tc_`` IDs number the "Targets and Costs" document.
"""

from rulesref.engine.citations import Citations

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
)
