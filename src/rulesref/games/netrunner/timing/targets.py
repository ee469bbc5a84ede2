"""Announcing targets, and checking them again when the instruction resolves.

Targets are chosen before an instruction becomes imminent, each at most once
per announcement; when there are too few, as many distinct ones as possible.
At resolution a target that is no longer valid is skipped and the rest of the
instruction still resolves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from rulesref.engine.errors import InvalidTarget
from rulesref.engine.log import Log
from rulesref.games.netrunner.rules import Citations


class Targetable(Protocol):
    """A card or counter as the object it was when announced."""

    def __eq__(self, other: object) -> bool: ...

    def __hash__(self) -> int: ...


T = TypeVar("T", bound=Targetable)


@dataclass(frozen=True)
class Requirement(Generic[T]):
    """What an instruction asks a player to choose."""

    #: Rules wording of what is chosen, e.g. "installed program".
    label: str
    count: int
    #: Meets the instruction's requirements (type, counters ...).
    meets: Callable[[T], bool]
    #: Is where the instruction looks; the play area unless it states a zone.
    in_zone: Callable[[T], bool]
    #: The zone the instruction states, or ``None`` for the play area.
    zone: str | None = None
    #: "Up to N": fewer than possible is allowed.
    up_to: bool = False
    #: A check on the whole set of choices (e.g. "all from the same card").
    together: Callable[[Sequence[T]], str | None] = field(default=lambda chosen: None)


@dataclass(frozen=True)
class Announcement(Generic[T]):
    requirement: Requirement[T]
    targets: tuple[T, ...]

    def valid_now(self, *, log: Log, cites: Citations, describe: Callable[[T], str]) -> list[T]:
        """The targets still valid at resolution; the invalid ones are skipped, logged."""
        valid: list[T] = []
        for target in self.targets:
            if self.requirement.in_zone(target) and self.requirement.meets(target):
                valid.append(target)
            else:
                log.record(
                    cites.invalid_at_resolution,
                    f"{describe(target)} is no longer a valid target: it is skipped and the "
                    "rest resolves",
                )
        return valid


def announce(
    requirement: Requirement[T],
    *,
    chooser: str,
    candidates: Sequence[T],
    chosen: Sequence[T],
    describe: Callable[[T], str],
    where: Callable[[T], str],
    log: Log,
    cites: Citations,
) -> Announcement[T]:
    """Check and record ``chooser``'s announcement of ``chosen`` for ``requirement``."""
    for target in chosen:
        if not requirement.in_zone(target):
            if requirement.zone is None:
                raise InvalidTarget(
                    f"{describe(target)} is in {where(target)}; the instruction states no zone, "
                    "so only cards and counters in the play area are valid targets",
                    ", ".join(cites.play_area_default),
                )
            raise InvalidTarget(
                f"{describe(target)} is in {where(target)}, not {requirement.zone}",
                ", ".join(cites.valid_targets),
            )
        if not requirement.meets(target):
            raise InvalidTarget(
                f"{describe(target)} is not a valid target: the instruction needs "
                f"{requirement.label}",
                ", ".join(cites.valid_targets),
            )
    if len(set(chosen)) != len(chosen):
        raise InvalidTarget(
            "each card or counter can be chosen only once per announcement",
            ", ".join(cites.distinct_targets),
        )
    asked = (
        f"{requirement.label}, {'up to ' if requirement.up_to else ''}{requirement.count} asked for"
    )
    if len(chosen) > requirement.count:
        raise InvalidTarget(
            f"{len(chosen)} targets announced ({asked})",
            ", ".join(cites.valid_targets),
        )
    valid = [c for c in candidates if requirement.in_zone(c) and requirement.meets(c)]
    needed = 0 if requirement.up_to else min(requirement.count, len(set(valid)))
    if len(chosen) < needed:
        raise InvalidTarget(
            f"{len(valid)} valid targets ({asked}): {needed} distinct targets must be chosen, "
            f"not {len(chosen)}",
            ", ".join(cites.distinct_targets),
        )
    problem = requirement.together(chosen)
    if problem:
        raise InvalidTarget(problem, ", ".join(cites.valid_targets))
    names = ", ".join(describe(t) for t in chosen)
    as_targets = f"{names} as the target{'s' if len(chosen) != 1 else ''}"
    if not chosen:
        log.record(
            cites.announce + cites.distinct_targets,
            f"{chooser} announces no target ({asked}): none is valid",
        )
    elif not requirement.up_to and len(chosen) < requirement.count:
        log.record(
            cites.announce + cites.distinct_targets,
            f"{chooser} announces {as_targets} ({asked}): only {len(chosen)} "
            f"{'is' if len(chosen) == 1 else 'are'} valid, so the rest are not announced",
        )
    else:
        several = cites.multiple_targets if len(chosen) > 1 else ()
        log.record(cites.announce + several, f"{chooser} announces {as_targets} ({asked})")
    return Announcement(requirement, tuple(chosen))
