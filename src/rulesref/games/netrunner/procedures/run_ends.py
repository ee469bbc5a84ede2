"""The Run Ends Phase: the open priority windows are closed or completed, unspent bad
publicity credits are lost, a run that did not reach its Success Phase is declared
unsuccessful, and the run is complete - the moment conditions about a run ending are met
and effects lasting for the run expire.

Each step is one function named after it, citing its ID, that sets the run's next
step before doing its work (see :mod:`~rulesref.games.netrunner.procedures.runs`).
"""

from __future__ import annotations

from rulesref.games.netrunner.state.run_events import RunEnds, UnsuccessfulRun
from rulesref.games.netrunner.state.runs import Run
from rulesref.games.netrunner.state.table import Table


def open_windows_closed(game: Table, run: Run) -> None:
    run.next = "step_run_ends_bad_publicity"
    if run.window is not None:
        game.log.record(
            ("step_open_priority_windows_closed", "rule_run_ends_close_paws"),
            f"run ends: the paid ability window ({run.window}) closes; no player can use paid "
            "abilities or rez cards in it any more",
        )
        run.window = None
    else:
        game.log.record(
            ("step_open_priority_windows_closed", "rule_run_ends_process_priority_windows"),
            "run ends: no paid ability window is open",
        )


def run_ends_bad_publicity(game: Table, run: Run) -> None:
    run.next = "step_run_declared_unsuccessful"
    lost = min(run.bad_publicity_credits, game.runner.credits)
    run.bad_publicity_credits = 0
    game.runner.credits -= lost
    text = (
        f"the Runner loses the {lost} unspent bad publicity credit{'' if lost == 1 else 's'}"
        if lost
        else "the Runner has no unspent bad publicity credits to lose"
    )
    game.log.record(("step_run_ends_bad_publicity", "rule_run_ends_lose_bad_pub_credits"), text)


def declared_unsuccessful(game: Table, run: Run) -> None:
    run.next = "step_run_complete"
    if run.reached_success:
        though = "" if run.successful else ", though it was not declared successful either"
        game.log.record(
            ("step_run_declared_unsuccessful", "rule_not_unsuccessful_when_reached_success_phase"),
            f"the run on {run.server} reached its Success Phase: it is not declared "
            f"unsuccessful{though}",
        )
        return
    if run.server not in game.servers:
        game.log.record(
            ("step_run_declared_unsuccessful", "rule_server_cease_to_exist_unsuccesful_exception"),
            f"{run.server} ceased to exist during the run: the run is not declared unsuccessful",
        )
        return
    run.unsuccessful = True
    game.timing.perform(
        UnsuccessfulRun(run.server),
        lambda: None,
        rules=("step_run_declared_unsuccessful", "rule_unsuccessful_run"),
        announce=f"the run on {run.server} did not reach its Success Phase: it is declared "
        "unsuccessful",
    )
    game.timing.settle()


def run_complete(game: Table, run: Run) -> None:
    run.next = ""
    game.run = None
    how = "successful" if run.successful else "unsuccessful" if run.unsuccessful else "neither"
    game.timing.perform(
        RunEnds(run.server, run.successful, run),
        lambda: None,
        rules=("step_run_complete", "rule_run_ends_condition"),
        announce=f"the run on {run.server} is complete ({how})",
    )
    if game.timing.conditions_met():
        game.timing.checkpoint(
            ("rule_checkpoint_after_timing_structure",),
            note=" after the run's last step, outside the run (no run is in progress)",
        )
