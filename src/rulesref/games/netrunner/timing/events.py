"""Events, and the turn's history that conditions read.

An event is first *imminent* (interrupts may modify or prevent it), then it
either *occurs* or is *prevented*.  Only occurrences meet trigger conditions;
a prevented event leaves a trace in the history but counts for nothing, which
is what lets "the first time each turn" still be met later in the turn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from enum import Enum
from typing import ClassVar, TypeVar


class Status(Enum):
    IMMINENT = "imminent"
    OCCURRED = "occurred"
    PREVENTED = "prevented"
    #: Replaced by name ("instead of X, do Y"): X does not take place, Y is done.
    REPLACED = "replaced"
    #: Everything it was to act on became invalid while it was imminent.
    NOTHING_LEFT = "nothing left"
    #: An active ability says it cannot happen: it is not among the expected effects.
    FORBIDDEN = "forbidden"


class Event:
    """Something that happens in the game.  Games subclass it per kind of event."""

    #: The event's name in rules language ("trash", "draw", "damage" ...).
    kind: ClassVar[str] = "event"
    #: Whether the rules call this kind of event a movement.
    movement: ClassVar[bool] = False

    def __init__(self, player: str | None, *, as_cost: bool = False) -> None:
        #: The player who carries the event out.
        self.player = player
        #: Carried out to pay a cost: optional prevention cannot stop it.
        self.as_cost = as_cost
        #: Why no ability can prevent this event although it is not a cost (the game says).
        self.unpreventable: str | None = None
        self.status = Status.IMMINENT
        self.turn = 0
        self.prevented_by: list[str] = []
        self.replaced_by: list[str] = []
        #: Interrupts that changed a value of the event while it was imminent.
        self.modified_by: list[str] = []
        #: Active abilities saying it cannot happen.
        self.forbidden_by: list[str] = []
        self._replacements: dict[int, Callable[[], None]] = {}
        #: The game state at the last checkpoint before the event occurred: what an
        #: ability it meets means by "had" (rule_instruction_requirements_past_state).
        self.before: Mapping[object, Mapping[str, int]] = {}

    # Events that act on several things at once (trash 2 programs) are made of
    # parts; an interrupt may prevent one part and leave the rest.
    def parts(self) -> list[object]:
        """What is left of an event made of parts (asked only of one that is)."""
        raise NotImplementedError(f"{self.kind} has no separable parts")

    def drop_part(self, part: object) -> None:
        raise NotImplementedError(f"{self.kind} has no separable parts")

    def stale_parts(self) -> list[tuple[object, str]]:
        """Parts the event can no longer act on (each with its name), e.g. a card that
        an interrupt moved, so it is a new object, while the event was imminent."""
        return []

    def value_spent(self) -> tuple[tuple[str, ...], int] | None:
        """For an event whose value must be above 0 to take place (damage, tags), once
        interrupts have left it at 0 or less: the rules that say so, and the value;
        otherwise ``None``."""
        return None

    def prevent(self, by: str, part: object | None = None) -> None:
        """Cancel the event (or one part of it): it will not take place."""
        self.prevented_by.append(by)
        if part is not None:
            self.drop_part(part)
            if self.parts():
                return
        self.status = Status.PREVENTED

    def replace(self, by: str, effect: Callable[[], None], part: object | None = None) -> None:
        """Carry out ``effect`` instead of the event's usual effect on ``part``.

        The event keeps its kind: a trash carried out differently is still a trash.
        """
        self.replaced_by.append(by)
        self._replacements[id(part)] = effect

    def replace_entirely(self, by: str, effect: Callable[[], None]) -> None:
        """Do ``effect`` instead of the whole event, which then does not take place."""
        self.replaced_by.append(by)
        self.status = Status.REPLACED
        self._replacements[id(None)] = effect

    def replacement_for(self, part: object | None = None) -> Callable[[], None] | None:
        return self._replacements.get(id(part))

    @property
    def occurred(self) -> bool:
        return self.status is Status.OCCURRED

    def forbid(self, by: list[str]) -> None:
        """Active abilities say this cannot happen: it is not expected, so it never does."""
        self.forbidden_by = list(by)
        self.status = Status.FORBIDDEN

    @property
    def forbidden(self) -> bool:
        return self.status is Status.FORBIDDEN

    @property
    def prevented(self) -> bool:
        return self.status is Status.PREVENTED

    @property
    def replaced(self) -> bool:
        return self.status is Status.REPLACED

    def describe(self) -> str:
        return self.kind

    def __repr__(self) -> str:
        return f"<{self.kind} event, {self.status.value}: {self.describe()}>"


E = TypeVar("E", bound=Event)


class History:
    """Every event of the game, by turn; "each turn" conditions are questions to it."""

    def __init__(self) -> None:
        self.turn = 0
        self._events: list[Event] = []
        self._uses: Counter[tuple[int, str]] = Counter()

    def begin_turn(self, number: int | None = None) -> None:
        self.turn = self.turn + 1 if number is None else number

    def record(self, event: Event) -> None:
        event.turn = self.turn
        self._events.append(event)

    def this_turn(self) -> Iterator[Event]:
        return (e for e in self._events if e.turn == self.turn)

    def occurred_this_turn(
        self, kind: type[E], test: Callable[[E], bool] = lambda e: True
    ) -> list[E]:
        """Occurrences of ``kind`` this turn that pass ``test``, oldest first."""
        return [e for e in self.this_turn() if isinstance(e, kind) and e.occurred and test(e)]

    def imminent_this_turn(
        self, kind: type[E], test: Callable[[E], bool] = lambda e: True
    ) -> list[E]:
        """Every time this turn an event of ``kind`` was about to happen, prevented or not."""
        return [e for e in self.this_turn() if isinstance(e, kind) and test(e)]

    def is_first_this_turn(self, event: E, test: Callable[[E], bool]) -> bool:
        """Whether ``event`` is this turn's first occurrence that passes ``test``."""
        matches = self.occurred_this_turn(type(event), test)
        return bool(matches) and matches[0] is event

    def note_use(self, ability_key: str) -> None:
        self._uses[(self.turn, ability_key)] += 1

    def uses_this_turn(self, ability_key: str) -> int:
        return self._uses[(self.turn, ability_key)]

    def __iter__(self) -> Iterator[Event]:
        return iter(self._events)
