"""The Movement Phase of a run: passing ice, the chance to jack out, moving inward, and
approaching the server.

Each step is one function named after it, citing its ID, that sets the run's next
step before doing its work (see :mod:`~rulesref.games.netrunner.procedures.runs`).
The Runner's position is a position, not a number: moving inward goes to the
position inward from theirs as the server's positions are *now*, so ice installed
or trashed elsewhere changes which ice comes next only if it is inward.
"""

from __future__ import annotations

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner.procedures.positions import next_inward
from rulesref.games.netrunner.procedures.progress import end_the_run
from rulesref.games.netrunner.state.run_events import ApproachServer, PassIce
from rulesref.games.netrunner.state.runs import Phase, Run, Window
from rulesref.games.netrunner.state.table import Table


def pass_ice(game: Table, run: Run) -> None:
    """If the Runner's position holds a piece of ice, they pass it."""
    run.next = "step_before_jack_out_paw"
    run.moved = False
    run.jacking_out = False
    after, run.after_encounter = run.after_encounter, None
    position = run.position
    ice = None if position is None else position.ice
    if ice is None:
        where = "no ice is in their position" if position is not None else "they have no position"
        game.log.record(
            ("step_pass_ice", "rule_pass_ice"), f"movement: {where}, so the Runner passes nothing"
        )
        return
    assert position is not None
    innermost = next_inward(position) is None
    run.passed += 1
    all_of = f"; that is all the ice protecting {run.server}" if innermost else ""
    game.timing.perform(
        PassIce(ice, after, innermost, run),
        lambda: None,
        rules=("step_pass_ice", "rule_pass_ice"),
        announce=f"movement: the Runner passes {ice.title}{all_of}",
    )
    game.timing.settle()


def before_jack_out_window(game: Table, run: Run) -> None:
    run.next = "step_jack_out_choice"
    game.log.record(
        ("step_before_jack_out_paw", "rule_jack_out_movement_phase"),
        "paid ability window: the players may use paid abilities (no card can be rezzed); "
        "then the Runner may jack out",
    )
    run.window = Window.MOVEMENT


def jack_out_choice(game: Table, run: Run) -> None:
    run.next = "step_move_position"
    if run.jacking_out:
        run.jacking_out = False
        game.log.record(
            ("step_jack_out_choice", "rule_jack_out_movement_phase"),
            "the Runner chooses to jack out",
        )
        end_the_run(game, cause="the Runner", jack_out=True)


def jack_out(game: Table) -> None:
    """The Runner chooses to jack out: the paid ability window closes, and they take the
    chance the next step gives them."""
    run = game.require_run()
    if not run.phased or run.window is not Window.MOVEMENT:
        where = f"in a paid ability window ({run.window})" if run.window else "between windows"
        no_ice = (
            " (with no ice, right after the Initiation Phase)"
            if not game.server_record(run.server).positions
            else ""
        )
        raise IllegalAction(
            f"the run on {run.server} is {where}: the Runner may jack out only after passing "
            f"ice, in the Movement Phase{no_ice}",
            "step_jack_out_choice",
        )
    run.window = None
    run.jacking_out = True


def move_position(game: Table, run: Run) -> None:
    run.next = "step_after_jack_out_paw"
    position = run.position
    inward = None if position is None else next_inward(position)
    if inward is not None:
        run.position = inward
        run.moved = True
        held = inward.ice.title if inward.ice is not None else "empty"
        game.log.record(
            ("step_move_position", "rule_runner_continues", "rule_position_progression"),
            f"the Runner does not jack out, and moves inward to position {inward.index + 1} of "
            f"{run.server} ({held})",
        )
        return
    if position is not None:
        run.position = None
        game.log.record(
            ("step_move_position", "rule_no_position_after_innermost_ice"),
            "the Runner does not jack out; no position is inward of theirs, so they leave it "
            "and have no position",
        )
        return
    game.log.record("step_move_position", "the Runner does not jack out; they have no position")


def after_move_window(game: Table, run: Run) -> None:
    run.next = "step_approach_new_ice"
    game.log.record(
        "step_after_jack_out_paw",
        "paid ability window: the players may use paid abilities, and the Corp may rez "
        "non-ice cards",
    )
    run.window = Window.MOVED


def approach_new_ice(game: Table, run: Run) -> None:
    if run.moved and run.position is not None:
        run.next = "step_approach_begins"
        game.log.record(
            ("step_approach_new_ice", "rule_runner_approach_new_position"),
            "the Runner moved to a new position: the run goes back to the Approach Ice Phase",
        )
        return
    run.next = "step_approach_server"


def approach_server(game: Table, run: Run) -> None:
    run.next = "step_movement_complete"
    run.position = None
    game.timing.perform(
        ApproachServer(run.server),
        lambda: None,
        rules=("step_approach_server", "rule_approach_server"),
        announce=f"the Runner approaches {run.server}",
    )
    game.timing.settle()


def movement_complete(game: Table, run: Run) -> None:
    run.next = "step_run_declared_successful"
    game.log.record(
        "step_movement_complete", "the Movement Phase is complete: on to the Success Phase"
    )


#: The phase each step of the Movement Phase belongs to.
PHASE = Phase.MOVEMENT
