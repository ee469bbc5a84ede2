"""Which rule of a game's rulebook each kernel step applies.

The kernel carries out steps every card game shares (preventing an event,
paying a cost, announcing a target) but does not know any rulebook.  A game
hands it a :class:`Citations` so the trace cites that game's own rule IDs.
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
    #: Whether to use an optional ability is the controller's decision.
    optional: Cite = ()
    #: A player chooses the order of their own simultaneous pending abilities.
    pending_order: Cite = ()
