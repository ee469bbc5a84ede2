"""The run in progress, as state: where the Runner is and which window it waits in.

What the players may do next is a question to this record; the procedures of a
run (:mod:`rulesref.games.netrunner.procedures.runs`) move it on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from rulesref.engine.objects import ObjectRef
from rulesref.games.netrunner.state.objects import NetrunnerCard


class Window(StrEnum):
    """The paid ability windows a run stops at."""

    APPROACH_ICE = "approach ice"
    ENCOUNTER_ICE = "encounter ice"
    MOVEMENT = "movement"
    APPROACH_SERVER = "approach the server"


@dataclass(eq=False)
class IceEncounter:
    """One encounter with one piece of ice: which of its subroutines are broken."""

    ice: ObjectRef[NetrunnerCard]
    broken: set[int] = field(default_factory=set)


@dataclass(eq=False)
class Run:
    """The run in progress: where the Runner is and which window it waits in, so what
    the players may do next is a question to this state."""

    server: str
    successful: bool = False
    #: Made with ``run_on``: it goes through its phases and stops in its windows.
    phased: bool = False
    #: The position of the ice being approached, encountered or passed (1 is innermost);
    #: 0 once the Runner approaches the server.
    position: int = 0
    ice: ObjectRef[NetrunnerCard] | None = None
    window: Window | None = None
    encounter: IceEncounter | None = None
    #: How many pieces of ice the Runner has passed this run.
    passed: int = 0
    #: Card effects that bypass the next piece of ice the Runner encounters.
    bypass_next: list[str] = field(default_factory=list)

    @property
    def approached(self) -> NetrunnerCard | None:
        return None if self.ice is None else self.ice.current
