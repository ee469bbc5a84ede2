"""Runs, phase by phase: initiation, approaching ice, encountering it, movement,
success (and the breach), and the end of the run.

A run made with ``game.run_on`` stops in its paid ability windows, where the
players act through the ordinary API (the Corp rezzes, the Runner breaks
subroutines or boosts a breaker), and goes on to the next window when both
pass (``game.proceed``).  What a player may do depends on the window the
run is in, so each choice is made at the moment the rules offer it, with what
the player can see then: nothing is declared in advance.

The windows: *approach ice* (the Corp may rez the approached ice and non-ice
cards), *encounter ice* (the Runner breaks subroutines; when it closes the
unbroken ones resolve in order, and once one ends the run the rest do not),
*movement* (after passing ice, or at once if no ice protects the server; the
Runner may then jack out), and *approach the server* (after moving inward past
the last position: the Corp may rez non-ice cards), after which the run is
successful and the Runner breaches the server.  The window after moving inward
to a further piece of ice is taken together with that ice's approach window.
A run that ends before its success phase is unsuccessful.

Which card the Corp may rez in which window is rule 8.1.2a
(``rule_rez_in_paw``), enforced by :func:`check_rez`; rezzing through a card
ability is not limited by windows (``rule_rez_by_ability``).  The steps this
module carries out as the real rulebook's chapter on runs writes them cite that
chapter's IDs (announcing the attacked server, an encounter beginning, bypassing,
jacking out, "end the run", the run declared successful, the breach, the run
declared unsuccessful and complete); each line also names its phase in words.
The windows themselves still follow the seeded rule above.
"""

from __future__ import annotations

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner.procedures.access import breach
from rulesref.games.netrunner.procedures.breaking import resolve_unbroken
from rulesref.games.netrunner.procedures.costs import Clicks
from rulesref.games.netrunner.procedures.strength import current_strength
from rulesref.games.netrunner.state.events import Encounter, RunEnds, SuccessfulRun
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.runs import IceEncounter, Run, Window
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.timing.costs import Cost, ensure_payable, pay


def _phased(game: Table, *windows: Window) -> Run:
    run = game.require_run()
    if not run.phased:
        raise IllegalAction(
            f"the run on {run.server} was not made with run_on: it has no windows to act in"
        )
    if run.window is None or (windows and run.window not in windows):
        where = f"in the {run.window} window" if run.window else "between windows"
        wanted = " or ".join(str(w) for w in windows) or "a paid ability"
        raise IllegalAction(f"the run on {run.server} is {where}, not in the {wanted} window")
    return run


# -- initiation ------------------------------------------------------------------------


def initiate(game: Table, server: str, *, as_action: bool = True, cause: str | None = None) -> Run:
    """The Runner makes a run: as an action (a click) or by a card's ability."""
    if game.run is not None:
        raise IllegalAction(f"a run on {game.run.server} is already in progress")
    target = game.server(server)
    if as_action and game.active != "runner":
        raise IllegalAction("the Runner makes a run as an action only in their own turn")
    click = Cost((Clicks(game, "runner", 1),) if as_action else ())
    ensure_payable(click, payer="Runner", purpose=f"a run on {target.name}", timing=game.timing)
    run = Run(target.name, phased=True)
    how = f" ({cause})" if cause else ""
    game.log.record(
        "step_initiation_announce", f"initiation: the Runner makes a run on {target.name}{how}"
    )
    if as_action:
        with game.log.nested():
            pay(
                click,
                payer="Runner",
                purpose=f"a run on {target.name}",
                timing=game.timing,
            )
    game.run = run
    if target.ice:
        run.position = len(target.ice)
        approach_ice(game, run)
    else:
        run.window = Window.MOVEMENT
        game.log.record(
            ("step_initiation_complete", "rule_jack_out_before_approach", "rule_rez_in_paw"),
            f"no ice protects {target.name}: the run goes on to movement; paid ability "
            "window (the Corp may rez assets and upgrades, but not ice), then the Runner may "
            "jack out",
        )
    return run


# -- approaching ice ----------------------------------------------------------------------


def approach_ice(game: Table, run: Run) -> None:
    server = game.server(run.server)
    ice = server.ice[run.position - 1]
    run.ice = ice.ref()
    run.window = Window.APPROACH_ICE
    game.log.record(
        (), f"approach: the Runner approaches {ice.title} (position {run.position} of {run.server})"
    )
    game.log.record(
        "rule_rez_in_paw",
        f"paid ability window: the Corp may rez {ice.title}, the approached ice, "
        "and assets and upgrades",
    )


def check_rez(game: Table, card: NetrunnerCard) -> str | None:
    """Rezzing by the Corp's own choice (not through a card ability) during a run: rule
    8.1.2a says which windows allow which cards.  Returns the reason it is allowed."""
    run = game.run
    if run is None or not run.phased or card.side != "corp" or not card.installed:
        return None
    if run.window is None:
        raise IllegalAction(
            f"the run on {run.server} is not in a paid ability window", "rule_rez_in_paw"
        )
    if not card.is_a("ice"):
        return f"the {run.window} paid ability window allowed the Corp to rez {card.title}"
    if run.window is not Window.APPROACH_ICE:
        raise IllegalAction(
            f"{card.title} cannot be rezzed in the {run.window} paid ability window: only the "
            "window of approaching a piece of ice lets the Corp rez ice, and only that ice",
            "rule_rez_in_paw",
        )
    if run.approached is not card:
        which = "the approached ice" if run.approached is None else run.approached.title
        raise IllegalAction(
            f"{card.title} cannot be rezzed in the approach ice paid ability window: only "
            f"the ice being approached ({which}) can",
            "rule_rez_in_paw",
        )
    return (
        f"the approach paid ability window allowed the Corp to rez {card.title}, the approached ice"
    )


def _after_approach(game: Table, run: Run) -> None:
    ice = run.approached
    if ice is not None and ice.rezzed:
        encounter_ice(game, run, ice)
        return
    if ice is not None:
        game.log.record((), f"{ice.title} is not rezzed: the Runner does not encounter it")
    pass_ice(game, run)


# -- encountering ice ----------------------------------------------------------------------


def encounter_ice(game: Table, run: Run, ice: NetrunnerCard) -> None:
    if run.bypass_next:
        source = run.bypass_next.pop(0)
        game.log.record(
            ("rule_bypass", "rule_bypass_start_of_encounter"),
            f"encounter: the Runner encounters {ice.title} and bypasses it ({source}): "
            "the encounter ends and none of its subroutines resolves",
        )
        pass_ice(game, run)
        return
    run.encounter = IceEncounter(ice.ref())
    game.timing.perform(Encounter(ice), lambda: None, rules=("step_encounter_begins",))
    game.timing.settle()
    if game.run is not run or run.encounter is None:
        return
    run.window = Window.ENCOUNTER_ICE
    game.log.record(
        "rule_rez_in_paw",
        f"paid ability window: the Runner may break {ice.title}'s subroutines "
        f"(strength {current_strength(game, ice)}); the Corp may rez assets and upgrades, "
        "but not ice",
    )


def bypass(game: Table, source: str) -> None:
    """An ability bypasses the ice being encountered: the encounter ends at once, none of
    its subroutines resolves, and the Runner passes the ice."""
    run = game.require_run()
    encounter = run.encounter
    if encounter is None:
        raise IllegalAction(f"{source}: the Runner is not encountering ice, so none is bypassed")
    game.log.record(
        ("rule_bypass", "rule_bypass_during_encounter"),
        f"{source}: the Runner bypasses {encounter.ice.card.title}: the encounter ends and "
        "none of its subroutines resolves",
    )
    pass_ice(game, run)


def _after_encounter(game: Table, run: Run, targets: dict[int, object]) -> None:
    encounter = run.encounter
    assert encounter is not None
    resolve_unbroken(game, run, encounter, targets)
    if game.run is not run:
        return
    run.encounter = None
    pass_ice(game, run)


# -- movement --------------------------------------------------------------------------------


def pass_ice(game: Table, run: Run) -> None:
    """Movement: the Runner passes the ice at their position (if it is still there), then
    the window in which they may jack out."""
    ice = run.approached
    run.encounter = None
    run.window = Window.MOVEMENT
    if ice is None:
        name = run.ice.card.title if run.ice is not None else "the ice"
        game.log.record(
            "rule_rez_in_paw",
            f"movement: {name} is gone, so the Runner passes nothing; paid ability window "
            "(the Corp may rez assets and upgrades, but not ice), then they may jack out",
        )
        return
    run.passed += 1
    game.log.record(
        "rule_rez_in_paw",
        f"movement: the Runner passes {ice.title}; paid ability window (the Corp may rez assets "
        "and upgrades, but not ice), then they may jack out",
    )


def jack_out(game: Table) -> None:
    run = _phased(game, Window.MOVEMENT)
    game.log.record(
        ("rule_jack_out_movement_phase", "rule_jacking_out"),
        f"the Runner jacks out of the run on {run.server}",
    )
    end_run(game)


def _move_inward(game: Table, run: Run) -> None:
    """To the next position inward: the position of the ice just passed, counted again now
    (ice may have been installed or trashed since), less one."""
    server = game.server(run.server)
    passed = run.approached
    if passed is not None and any(ice is passed for ice in server.ice):
        run.position = server.ice_position(passed)
    run.position = min(run.position - 1, len(server.ice))
    if run.position >= 1:
        approach_ice(game, run)
    else:
        approach_server(game, run)


def approach_server(game: Table, run: Run) -> None:
    run.position = 0
    run.ice = None
    run.window = Window.APPROACH_SERVER
    game.log.record(
        "rule_rez_in_paw",
        f"the Runner approaches {run.server}; paid ability window: the Corp may rez assets "
        "and upgrades, but not ice",
    )


# -- the players pass: on to the next window ---------------------------------------------


def proceed(game: Table, targets: dict[int, object] | None = None) -> None:
    """Both players pass in the current window: the run goes on to its next window
    (or ends).  ``targets`` answers the Corp's choices for subroutines that resolve
    now, by subroutine number."""
    run = _phased(game)
    window = run.window
    run.window = None
    if window is Window.APPROACH_ICE:
        _after_approach(game, run)
    elif window is Window.ENCOUNTER_ICE:
        _after_encounter(game, run, dict(targets or {}))
    elif window is Window.MOVEMENT:
        _move_inward(game, run)
    elif window is Window.APPROACH_SERVER:
        successful_run(game)
        if game.run is run and game.winner is None:
            end_run(game)
    else:  # pragma: no cover - a phased run always waits in a window
        raise IllegalAction("the run is not waiting in a window")


# -- success and the end of the run -----------------------------------------------------


def successful_run(game: Table) -> None:
    run = game.require_run()
    run.successful = True
    game.timing.perform(
        SuccessfulRun(run.server), lambda: None, rules=("step_run_declared_successful",)
    )
    game.timing.settle()
    if game.run is run:
        breach(game, run.server)


def start_unphased(game: Table, server: str) -> Run:
    """A run set up by hand for a scenario about one step: it has no windows."""
    if game.run is not None:
        raise IllegalAction(f"a run on {game.run.server} is already in progress")
    game.server(server)
    game.run = Run(server)
    game.log.record((), f"the Runner runs on {server}")
    return game.run


def succeed_and_end(game: Table, server: str | None) -> None:
    """The run becomes successful, the Runner breaches the server, and the run ends
    (a run on ``server`` is started by hand first if none is in progress)."""
    if game.run is None:
        if server is None:
            raise IllegalAction("there is no run in progress")
        start_unphased(game, server)
    successful_run(game)
    if game.run is not None and game.winner is None:
        end_run(game)


def encounter(game: Table, ice: NetrunnerCard) -> None:
    if not ice.rezzed:
        raise IllegalAction(f"{ice.title} is not rezzed ice")
    run = game.run
    if run is not None and not run.phased:
        run.encounter = IceEncounter(ice.ref())
    game.timing.perform(Encounter(ice), lambda: None)


def end_the_run(game: Table, *, cause: str) -> None:
    """A subroutine's or ability's "end the run"."""
    if game.run is None:
        game.log.record((), f"{cause}: there is no run to end")
        return
    game.log.record("rule_end_the_run", f"{cause} ends the run")
    end_run(game)


def end_run(game: Table) -> None:
    run = game.require_run()
    game.run = None
    run.window = None
    run.encounter = None
    how = "successful" if run.successful else "unsuccessful"
    declared = () if run.successful else ("step_run_declared_unsuccessful",)
    game.timing.perform(
        RunEnds(run.server, run.successful),
        lambda: None,
        rules=(*declared, "step_run_complete", "rule_run_ends_condition"),
        announce=f"the run on {run.server} ends: it was {how}" if run.phased else None,
    )
