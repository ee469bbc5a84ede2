"""The run in progress, as state: its phase and next step, the Runner's position, the
encounters, and what the run's own effects changed about it.

What the players may do next is a question to this record; the procedures of a
run (:mod:`rulesref.games.netrunner.procedures.runs` and the phases it drives) move
it on, one step of the rules' timing structure at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from rulesref.engine.objects import ObjectRef
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.zones import Position


class Phase(StrEnum):
    """The six phases of a run, in the order the standard progression visits them."""

    INITIATION = "initiation"
    APPROACH_ICE = "approach ice"
    ENCOUNTER_ICE = "encounter ice"
    MOVEMENT = "movement"
    SUCCESS = "success"
    RUN_ENDS = "run ends"

    @property
    def label(self) -> str:
        """The phase as the rules name it ("the Encounter Ice Phase")."""
        return f"{self.value.title()} Phase"


class Window(StrEnum):
    """The paid ability windows a run stops at, by the step that opens each."""

    INITIATION = "initiation"
    APPROACH_ICE = "approach ice"
    ENCOUNTER_ICE = "encounter ice"
    #: After passing ice (or at once, with no ice), before the Runner may jack out.
    MOVEMENT = "movement"
    #: After the Runner's position moved inward (or could not), before they approach
    #: the ice there or the server.
    MOVED = "movement, after moving inward"


@dataclass(eq=False)
class IceEncounter:
    """One encounter with one piece of ice: which of its subroutines are broken (and by
    what), which have resolved, and whether the Runner fully broke it."""

    ice: ObjectRef[NetrunnerCard]
    #: Subroutine number -> the object whose ability broke it (``None``: no object).
    broken: dict[int, object | None] = field(default_factory=dict)
    resolved: set[int] = field(default_factory=set)
    #: The encounter's paid ability window was reached.
    window_reached: bool = False
    fully_broken: bool = False
    #: The object that broke every subroutine, when one did.
    fully_broken_by: object | None = None
    #: Forced: outside the standard progression of the run.
    forced: bool = False
    #: A forced encounter's paid ability window is open (the players act as planned).
    in_window: bool = False
    over: bool = False
    #: How many subroutines the ice had when the encounter last looked (``None``: not yet).
    seen_total: int | None = None


@dataclass(eq=False)
class RunEffect:
    """Something a card made true for the remainder of one run (it expires with the run)."""

    source: str
    #: What kind of change it is ("prohibit access", "instead of breaching" ...).
    kind: str
    value: object = None


@dataclass(eq=False)
class Run:
    """The run in progress: its phase, the next step, the Runner's position and the
    encounters, so what the players may do next is a question to this state."""

    #: The attacked server (it can change during the run).
    server: str
    #: Made with ``run_on`` or a card: it goes through its phases and stops in its
    #: windows.  A run set up by hand for a scenario about one step has none.
    phased: bool = False
    phase: Phase = Phase.INITIATION
    #: The run has formally begun: things now happen "during the run".
    begun: bool = False
    #: Made by the basic action to run (not by a card's ability).
    basic_action: bool = False
    #: The ID of the next step of the timing structure to carry out.
    next: str = ""
    #: The paid ability window the run waits in, if any.
    window: Window | None = None
    #: The Runner's position: an element of the attacked server's positions.
    position: Position | None = None
    #: The ice the Runner is approaching, when an approach is under way.
    approaching: ObjectRef[NetrunnerCard] | None = None
    encounter: IceEncounter | None = None
    #: The encounter the next pass directly follows in the standard progression.
    after_encounter: IceEncounter | None = None
    #: The Runner has moved to a position since the Movement Phase began.
    moved: bool = False
    #: The Runner chose to jack out.
    jacking_out: bool = False
    #: "End the run" resolved (or the Runner jacked out): the Run Ends Phase is next.
    ending: bool = False
    #: The timing step was moved to another phase by an ability.
    redirected: bool = False
    reached_success: bool = False
    successful: bool = False
    unsuccessful: bool = False
    #: Credits from bad publicity still in the Runner's credit pool.
    bad_publicity_credits: int = 0
    #: How many pieces of ice the Runner has passed this run.
    passed: int = 0
    #: The card that made the run, and the servers it allowed ("If successful" is tied
    #: to them).
    source: str | None = None
    allowed: Callable[[str], bool] | None = None
    effects: list[RunEffect] = field(default_factory=list)
    #: Cards accessed during this run (each access, not each choice).
    accessed: list[ObjectRef[NetrunnerCard]] = field(default_factory=list)
    #: Targets for the subroutines that resolve in the next step, by number.
    sub_targets: dict[int, object] = field(default_factory=dict)

    @property
    def approached(self) -> NetrunnerCard | None:
        """The piece of ice in the Runner's position."""
        return None if self.position is None else self.position.ice

    def effects_of(self, kind: str) -> list[RunEffect]:
        return [e for e in self.effects if e.kind == kind]
