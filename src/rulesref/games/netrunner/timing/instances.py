"""Instances of conditional abilities: how many an event creates, and which lose their
pending status before they resolve.

An event that meets a trigger condition several times creates that many instances
(rule_condition_met_multiple_times); an ability whose source the event itself moved
out of play stays active until those instances resolve
(rule_active_exception_conditional_move_to_inactive_zone); any other instance whose
ability is no longer active loses its pending status and never resolves
(rule_conditional_ability_lose_pending_when_ability_becomes_inactive).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from rulesref.engine.log import Log
from rulesref.games.netrunner.timing.abilities import Ability, Pending


def explain_instances(log: Log, newly: Sequence[Pending]) -> None:
    """Say why an ability has several instances, and why an inactive one is pending."""
    counts = Counter((p.ability.key, id(p.event)) for p in newly)
    said: set[tuple[str, int]] = set()
    for pending in newly:
        key = (pending.ability.key, id(pending.event))
        if key in said:
            continue
        said.add(key)
        label = pending.ability.label
        if counts[key] > 1:
            log.record(
                ("rule_condition_met_multiple_times",),
                f"{pending.event.describe()} meets {label}'s condition {counts[key]} times: "
                f"{counts[key]} instances are pending",
            )
        if pending.carried:
            log.record(
                ("rule_active_exception_conditional_move_to_inactive_zone",),
                f"{label}'s ability is met by its own card's move, so it stays active until "
                "its instances resolve",
            )


def drop_inactive(
    log: Log, pending: list[Pending], abilities: Iterable[Ability], own: list[Pending]
) -> list[Pending]:
    """The instances of ``own`` whose ability is still active; the others lose their
    pending status.  A delayed ability is kept by its lingering effect, and an instance
    its source's own move created keeps the ability active, whatever the source does."""
    active = {a.key for a in abilities}
    kept: list[Pending] = []
    for instance in own:
        ability = instance.ability
        if instance.carried or ability.delayed or ability.key in active:
            kept.append(instance)
            continue
        pending.remove(instance)
        log.record(
            ("rule_conditional_ability_lose_pending_when_ability_becomes_inactive",),
            f"{ability.label}'s ability is no longer active: its pending instance loses its "
            "pending status and does not resolve",
        )
    return kept


def distinct_instances(pending: Iterable[Pending]) -> list[Pending]:
    """One instance of each ability for each event and subject: instances of one ability
    created by one event for the same thing are alike, so which of them resolves first
    is no choice."""
    seen: set[tuple[str, int, int]] = set()
    distinct: list[Pending] = []
    for instance in pending:
        key = (instance.ability.key, id(instance.event), id(instance.subject))
        if key not in seen:
            seen.add(key)
            distinct.append(instance)
    return distinct


def subject_name(instance: Pending) -> str:
    """How an instance is told from its twins: the title of the thing it is about."""
    title = getattr(instance.subject, "title", None)
    return title if isinstance(title, str) else ""
