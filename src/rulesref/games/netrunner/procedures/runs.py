"""Runs, as the rulebook's chapter on runs writes them: six phases of numbered steps,
carried out one at a time.

:func:`initiate` makes a run (the basic action, or a card's ability) and
:func:`advance` carries out its steps in order, each a function citing its step ID
(:data:`STEPS`), until one opens a paid ability window: the game then waits there
for the players, who act through the ordinary API (the Corp rezzes, the Runner
breaks subroutines, uses paid abilities or jacks out), and :func:`proceed` is both
players passing.  A step sets the next step before it does its work, so an ability
that ends the run or moves the Runner while it resolves simply redirects the run
(:mod:`~rulesref.games.netrunner.procedures.progress`); a redirected run completes
the open window, then a checkpoint, then the new phase.  The phases are in
:mod:`~rulesref.games.netrunner.procedures.encounters` (approach and encounter),
:mod:`~rulesref.games.netrunner.procedures.movement` and
:mod:`~rulesref.games.netrunner.procedures.run_ends`; the initiation and success
phases are here.
"""

from __future__ import annotations

from collections.abc import Callable

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner.procedures import encounters, movement, run_ends
from rulesref.games.netrunner.procedures.breach import breach_server
from rulesref.games.netrunner.procedures.costs import Clicks
from rulesref.games.netrunner.procedures.progress import FIRST_STEP, end_the_run
from rulesref.games.netrunner.state.run_events import RunBegins, SuccessfulRun
from rulesref.games.netrunner.state.runs import Phase, Run, Window
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.timing.costs import Cost, CostPart, pay

__all__ = ["advance", "end_the_run", "initiate", "jack_out", "proceed"]


class RunCost:
    """Something that adds a cost to making a run (an additional cost to run)."""

    def cost_to_run(self, game: Table, server: str, *, basic_action: bool) -> list[CostPart]:
        return []


class RunRestriction:
    """Something that forbids announcing a server as the attacked server."""

    def forbids_run(self, game: Table, server: str) -> str | None:
        return None


# -- the Initiation Phase ----------------------------------------------------------------


def initiate(
    game: Table,
    server: str,
    *,
    as_action: bool = True,
    cause: str | None = None,
    allowed: Callable[[str], bool] | None = None,
) -> Run:
    """The Runner makes a run: as the basic action (a click) or by a card's ability.  The
    attacked server is announced and the costs to run are paid (step (a)); then the run's
    steps are carried out up to its first paid ability window."""
    if game.run is not None:
        raise IllegalAction(f"a run on {game.run.server} is already in progress")
    target = game.server(server)
    if as_action and game.active != "runner":
        raise IllegalAction("the Runner makes a run as an action only in their own turn")
    for card in game.zones.cards():
        behaviour = card.behaviour
        if isinstance(behaviour, RunRestriction) and behaviour.active:
            reason = behaviour.forbids_run(game, target.name)
            if reason is not None:
                raise IllegalAction(
                    f"the Runner cannot announce {target.name} as the attacked server: {reason}",
                    "rule_cannot_run_abilities",
                )
    parts: list[CostPart] = [Clicks(game, "runner", 1)] if as_action else []
    added: list[str] = []
    for card in game.zones.cards():
        behaviour = card.behaviour
        if isinstance(behaviour, RunCost) and behaviour.active:
            extra = behaviour.cost_to_run(game, target.name, basic_action=as_action)
            parts.extend(extra)
            added += [f"{card.title} adds {part.describe()}" for part in extra]
    cost = Cost(tuple(parts))
    purpose = f"a run on {target.name}"
    how = f" ({cause})" if cause else ""
    game.log.record(
        ("step_initiation_announce", "rule_announce_attacked_server"),
        f"initiation: the Runner announces {target.name} as the attacked server{how}",
    )
    run = Run(
        target.name,
        phased=True,
        source=cause,
        allowed=allowed,
        basic_action=as_action,
        next="step_initiation_bad_publicity",
    )
    if cost.parts:
        with game.log.nested():
            if added:
                game.log.record(
                    ("rule_additional_cost_to_run", "rule_additional_cost"),
                    f"an additional cost to run, paid as {target.name} is announced: "
                    + "; ".join(added),
                )
            pay(cost, payer="Runner", purpose=purpose, timing=game.timing)
    game.run = run
    advance(game, run)
    return run


def initiation_bad_publicity(game: Table, run: Run) -> None:
    run.next = "step_initiation_formal_begin"
    amount = game.corp.bad_publicity
    if amount:
        game.runner.credits += amount
        run.bad_publicity_credits += amount
    text = (
        f"the Corp has {amount} bad publicity: the Runner gains {amount} credit"
        f"{'' if amount == 1 else 's'} to spend during the run"
        if amount
        else "the Corp has no bad publicity: the Runner gains no credits"
    )
    game.log.record(("step_initiation_bad_publicity", "rule_bad_publicity_beginning_run"), text)


def initiation_formal_begin(game: Table, run: Run) -> None:
    run.next = "step_runner_position"
    run.begun = True
    game.timing.perform(
        RunBegins(run.server, run.basic_action),
        lambda: None,
        rules=("step_initiation_formal_begin", "rule_abilities_during_a_run"),
        announce=f"the run on {run.server} formally begins",
    )
    game.timing.settle()


def runner_position(game: Table, run: Run) -> None:
    run.next = "step_initiation_paw"
    outermost = game.server(run.server).outermost()
    run.position = outermost
    if outermost is None:
        text = f"no ice protects {run.server}: the Runner has no position"
    else:
        held = outermost.ice.title if outermost.ice else "empty"
        text = f"the Runner's position is the outermost of {run.server} ({held})"
    game.log.record(("step_runner_position", "rule_position_initial"), text)


def initiation_window(game: Table, run: Run) -> None:
    run.next = "step_initiation_complete"
    game.log.record(
        "step_initiation_paw",
        "paid ability window: the players may use paid abilities, and the Corp may rez "
        "non-ice cards",
    )
    run.window = Window.INITIATION


def initiation_complete(game: Table, run: Run) -> None:
    if run.position is not None and run.position.ice is not None:
        run.next = "step_approach_begins"
        text = f"the Initiation Phase is complete: the Runner approaches {run.position.ice.title}"
    else:
        run.next = "step_pass_ice"
        text = (
            "the Initiation Phase is complete: no ice is in the Runner's position, so the run "
            "goes on to the Movement Phase"
        )
    game.log.record(("step_initiation_complete", "rule_run_initiation_phase_next_phase"), text)


# -- the Success Phase ----------------------------------------------------------------------


def declared_successful(game: Table, run: Run) -> None:
    """The run is declared successful (an ability may stop that: it is then neither
    successful nor unsuccessful)."""
    run.next = "step_breach"
    run.reached_success = True
    run.position = None
    run.successful = game.timing.perform(
        SuccessfulRun(run.server),
        lambda: None,
        rules=("step_run_declared_successful", "rule_successful_run"),
    )
    if not run.successful:
        game.log.record(
            "step_run_declared_successful",
            f"the run on {run.server} is not declared successful, but its Success Phase goes on",
        )
    game.timing.settle()


def breach(game: Table, run: Run) -> None:
    run.next = "step_success_complete"
    breach_server(game, run.server, rules=("step_breach", "rule_breach_link"))


def success_complete(game: Table, run: Run) -> None:
    run.next = "step_open_priority_windows_closed"
    game.log.record("step_success_complete", "the Success Phase is complete")


#: Every step of a run, by its ID, and the phase it belongs to.
STEPS: dict[str, tuple[Phase, Callable[[Table, Run], None]]] = {
    "step_initiation_bad_publicity": (Phase.INITIATION, initiation_bad_publicity),
    "step_initiation_formal_begin": (Phase.INITIATION, initiation_formal_begin),
    "step_runner_position": (Phase.INITIATION, runner_position),
    "step_initiation_paw": (Phase.INITIATION, initiation_window),
    "step_initiation_complete": (Phase.INITIATION, initiation_complete),
    "step_approach_begins": (Phase.APPROACH_ICE, encounters.approach_begins),
    "step_approach_paw": (Phase.APPROACH_ICE, encounters.approach_window),
    "step_approach_complete": (Phase.APPROACH_ICE, encounters.approach_complete),
    "step_encounter_begins": (Phase.ENCOUNTER_ICE, encounters.encounter_begins),
    "step_encounter_paw": (Phase.ENCOUNTER_ICE, encounters.encounter_window),
    "step_resolve_subroutine": (Phase.ENCOUNTER_ICE, encounters.resolve_subroutine),
    "step_encounter_complete": (Phase.ENCOUNTER_ICE, encounters.encounter_complete),
    "step_pass_ice": (Phase.MOVEMENT, movement.pass_ice),
    "step_before_jack_out_paw": (Phase.MOVEMENT, movement.before_jack_out_window),
    "step_jack_out_choice": (Phase.MOVEMENT, movement.jack_out_choice),
    "step_move_position": (Phase.MOVEMENT, movement.move_position),
    "step_after_jack_out_paw": (Phase.MOVEMENT, movement.after_move_window),
    "step_approach_new_ice": (Phase.MOVEMENT, movement.approach_new_ice),
    "step_approach_server": (Phase.MOVEMENT, movement.approach_server),
    "step_movement_complete": (Phase.MOVEMENT, movement.movement_complete),
    "step_run_declared_successful": (Phase.SUCCESS, declared_successful),
    "step_breach": (Phase.SUCCESS, breach),
    "step_success_complete": (Phase.SUCCESS, success_complete),
    "step_open_priority_windows_closed": (Phase.RUN_ENDS, run_ends.open_windows_closed),
    "step_run_ends_bad_publicity": (Phase.RUN_ENDS, run_ends.run_ends_bad_publicity),
    "step_run_declared_unsuccessful": (Phase.RUN_ENDS, run_ends.declared_unsuccessful),
    "step_run_complete": (Phase.RUN_ENDS, run_ends.run_complete),
}


def advance(game: Table, run: Run) -> None:
    """Carry out the run's steps in order until one opens a paid ability window (the game
    waits there) or the run is complete.  A run an ability redirected to another phase
    first has its checkpoint; a run that is ending closes its window at once; a run on
    a server that ceased to exist goes on to the Run Ends Phase."""
    while game.run is run and game.winner is None and (run.window is None or run.ending):
        if run.redirected:
            run.redirected = False
            game.timing.settle()
            continue  # the checkpoint may have ended the game or the run
        phase, step = STEPS[run.next]
        if phase is not Phase.RUN_ENDS and run.server not in game.servers:
            # Once the open window has closed (the loop runs only then).
            phase, step = STEPS[FIRST_STEP[Phase.RUN_ENDS]]
            game.log.record(
                "rule_remote_server_cease_to_exist",
                f"{run.server} ceased to exist: no more steps of the {run.phase.label} are "
                "carried out, and the run goes on to the Run Ends Phase",
            )
        run.phase = phase
        step(game, run)


# -- the players pass -------------------------------------------------------------------------


def _waiting(game: Table) -> Run:
    """The run, waiting in a paid ability window (a run made with ``start_run`` has none:
    it stops only where its scenario's calls stop it)."""
    run = game.require_run()
    if run.window is None:
        raise IllegalAction(
            f"the run on {run.server} is not waiting in a paid ability window (a run made "
            "with start_run has none)"
        )
    return run


def proceed(game: Table, targets: dict[int, object] | None = None) -> None:
    """Both players pass in the current window: the run goes on to its next window (or
    ends).  ``targets`` answers the Corp's choices for subroutines that resolve now, by
    subroutine number."""
    run = _waiting(game)
    run.window = None
    run.sub_targets = dict(targets or {})
    try:
        advance(game, run)
    finally:
        run.sub_targets = {}


def jack_out(game: Table) -> None:
    """The Runner passes in the Movement Phase's first window and chooses to jack out."""
    run = game.require_run()
    movement.jack_out(game)
    advance(game, run)


def settle_run(game: Table) -> None:
    """After an action taken in a window: a run an ability ended (or redirected past its
    window) goes on."""
    run = game.run
    if run is None:
        return
    # An ability used in a window can take the run out of it (ending it, bypassing the
    # encountered ice): the run goes on from the step it was sent to.
    if run.ending or (run.phased and run.window is None and run.next):
        advance(game, run)


# -- runs set up by hand, for scenarios about one step --------------------------------------


def start_unphased(game: Table, server: str) -> None:
    """A run set up by hand for a scenario about one step: it has no windows."""
    if game.run is not None:
        raise IllegalAction(f"a run on {game.run.server} is already in progress")
    game.server(server)
    game.run = Run(server, begun=True)
    game.log.record((), f"the Runner runs on {server}")


def succeed_and_end(game: Table, server: str | None) -> None:
    """The run reaches its Success Phase (it is declared successful, the Runner breaches
    the server) and ends (a run on ``server`` is started by hand first if none is in
    progress)."""
    if game.run is None:
        if server is None:
            raise IllegalAction("there is no run in progress")
        start_unphased(game, server)
    run = game.require_run()
    run.next = "step_run_declared_successful"
    _finish(game, run)


def end_run(game: Table) -> None:
    """End the run in progress (as "end the run" does)."""
    run = game.require_run()
    end_the_run(game, cause="an effect")
    _finish(game, run)


def _finish(game: Table, run: Run) -> None:
    run.window = None
    advance(game, run)
