"""The kinds of ability the timing structure knows: static, interrupt, conditional.

A card's behaviour offers these objects (asked afresh each time), and
:class:`~rulesref.games.netrunner.timing.checkpoints.Timing` decides when each
applies: an interrupt while an event is imminent, a conditional ability when an
event that meets its condition has occurred (it is pending from the next
checkpoint), a static ability whenever the game asks what it forbids.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


class Ability:
    """Something a card (or a rule) can do.  ``key`` identifies it for "once per turn"."""

    def __init__(
        self,
        label: str,
        controller: str,
        *,
        key: str | None = None,
        optional: bool = False,
        once_per_turn: bool = False,
        source: object | None = None,
    ) -> None:
        self.label = label
        self.controller = controller
        self.key = key or label
        self.optional = optional
        self.once_per_turn = once_per_turn
        #: The object the ability belongs to (a card), so a decision can name this copy.
        self.source = source

    def cost(self, event: Event | None) -> Cost | None:
        """What using the ability costs; ``None`` when it costs nothing."""
        return None

    def costs(self, event: Event | None) -> list[Cost | None]:
        """The costs the controller may choose between (most abilities have one)."""
        return [self.cost(event)]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.label} ({self.controller})>"


class Static(Ability):
    """An ability that is simply true while active; here, one that forbids events."""

    def forbids(self, event: Event) -> bool:
        return False


class RemovesAbilities(Static):
    """A static ability that makes objects lose all their abilities (rule_lose_ability):
    whatever the lost abilities would do is ignored, as if they were not there."""

    def removes(self, source: object | None) -> bool:
        """Whether the abilities of ``source`` (the object an ability belongs to) are lost:
        each such ability says which objects it names."""
        raise NotImplementedError


class Interrupt(Ability):
    """An ability that acts on an imminent event before it happens."""

    #: Prevent/avoid abilities cannot stop the paying of a cost.
    prevents: bool = False
    #: A paid ability interrupt: usable whenever relevant, with no pending status (a
    #: conditional one must have been pending as its interrupt window opened).
    paid: bool = False
    #: It creates a replacement effect ("instead"): with nothing left to replace, it does
    #: not apply.
    replaces: bool = False

    def applies_to(self, event: Event) -> bool:
        raise NotImplementedError

    def would_stop(self, event: Event) -> bool:
        """For a mandatory interrupt: whether it would stop ``event`` entirely."""
        return False

    def interrupt(self, event: Event) -> None:
        raise NotImplementedError


class Conditional(Ability):
    """An ability whose trigger condition an occurred event can meet."""

    #: Created by another ability, used once, then gone.
    delayed: bool = False

    def is_met_by(self, event: Event) -> bool:
        raise NotImplementedError

    def instances(self, event: Event) -> int:
        """How many times ``event`` meets the condition: an event that trashes three cards
        meets "whenever a card is trashed" three times (rule_condition_met_multiple_times)."""
        return 1 if self.is_met_by(event) else 0

    def occurrences(self, event: Event) -> list[object]:
        """What each instance is about (the card each one is for), one per instance."""
        return [None] * self.instances(event)

    def resolve_occurrence(self, event: Event, subject: object) -> None:
        """Resolve the instance created for ``subject`` (most abilities need only the
        event)."""
        self.resolve(event)

    def resolve(self, event: Event) -> None:
        raise NotImplementedError


@dataclass(eq=False)
class Pending:
    ability: Conditional
    event: Event
    #: The reaction window (by its depth) that handles this instance, once one claims it.
    window: int | None = None
    #: Its source's move to a zone where it is inactive met the condition, so the ability
    #: stays active there until this instance resolves.
    carried: bool = False
    #: What this instance is about, when each instance is for one thing (one card exposed).
    subject: object = None
