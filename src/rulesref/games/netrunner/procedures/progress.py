"""How a run's progress changes when something other than its standard progression acts
on it: "end the run", an ability moving the Runner or changing the attacked server, an
encounter that ends early, and the ice in the Runner's position leaving, moving or being
swapped.

The run is a sequence of steps (:mod:`~rulesref.games.netrunner.procedures.runs`
carries them out); these functions only say which step comes next, and end the
encounters the change ends.  When an ability moves the timing step to another phase,
no more steps of the current phase are carried out; an open paid ability window is
completed as usual, then the new phase begins (after a checkpoint).  "End the run"
is different: open paid ability windows close, and the Run Ends Phase begins.
"""

from __future__ import annotations

from rulesref.engine.decisions import YES, yes_no
from rulesref.games.netrunner.procedures.subroutine_count import subroutines_now
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.run_events import EncounterEnds
from rulesref.games.netrunner.state.runs import IceEncounter, Phase, Run
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import Position

#: The first step of each phase.
FIRST_STEP = {
    Phase.INITIATION: "step_initiation_announce",
    Phase.APPROACH_ICE: "step_approach_begins",
    Phase.ENCOUNTER_ICE: "step_encounter_begins",
    Phase.MOVEMENT: "step_pass_ice",
    Phase.SUCCESS: "step_run_declared_successful",
    Phase.RUN_ENDS: "step_open_priority_windows_closed",
}


def goto(game: Table, run: Run, phase: Phase, why: str) -> None:
    """An ability moves the current timing step to the beginning of ``phase``."""
    run.next = FIRST_STEP[phase]
    run.redirected = True
    run.after_encounter = None
    game.log.record(
        "rule_move_new_run_phase",
        f"{why}: no more steps of the {run.phase.label} are carried out; the run goes on "
        f"to the {phase.label}",
    )


def end_encounter(game: Table, encounter: IceEncounter, how: str) -> None:
    """The encounter ends (once): its subroutines no longer resolve, and "when the
    encounter ends" conditions are met."""
    if encounter.over:
        return
    encounter.over = True
    run = game.run
    if run is not None and run.encounter is encounter:
        run.encounter = None
    if encounter in game.forced:
        game.forced.remove(encounter)
    ice = encounter.ice.card
    game.timing.perform(
        EncounterEnds(ice, encounter),
        lambda: None,
        announce=f"the encounter with {ice.title} ends ({how})",
    )


# -- "end the run" -----------------------------------------------------------------------


def end_the_run(game: Table, *, cause: str, jack_out: bool = False) -> None:
    """End the run: the current phase ends without its remaining steps and the game moves
    to the Run Ends Phase; an encounter or breach under way ends with it."""
    run = game.run
    if run is None:
        if game.forced:
            encounter = game.forced[-1]
            game.log.record(
                "rule_forced_encounter_during_run",
                f"{cause}: there is no run, so ending the run only closes the forced encounter "
                f"with {encounter.ice.card.title}",
            )
            end_encounter(game, encounter, "end the run, outside a run")
            return
        game.log.record((), f"{cause}: there is no run to end")
        return
    if run.ending or run.phase is Phase.RUN_ENDS:
        game.log.record((), f"{cause}: the run is already ending")
        return
    run.ending = True
    if jack_out:
        game.log.record(
            ("rule_jacking_out", "rule_end_the_run"),
            f"the Runner jacks out of the run on {run.server}: the run moves to the Run Ends Phase",
        )
    else:
        game.log.record(
            "rule_end_the_run",
            f"{cause} ends the run: the {run.phase.label} ends at once, and the run moves "
            "to the Run Ends Phase",
        )
    previous = run.phase
    resolving = run.next == "step_resolve_subroutine" and _subroutines_left(game, run.encounter)
    run.phase = Phase.RUN_ENDS
    run.next = FIRST_STEP[Phase.RUN_ENDS]
    run.redirected = False
    with game.log.nested():
        if game.forced:
            game.log.record(
                "rule_forced_encounter_during_run",
                "it ends the forced encounter and the phase it was made from alike",
            )
        for encounter in reversed(list(game.forced)):
            end_encounter(game, encounter, "the run ended")
        if run.encounter is not None:
            if resolving:
                game.log.record(
                    "rule_resolve_subroutines_run_ends",
                    f"the encounter with {run.encounter.ice.card.title} ends with the run: "
                    "no more of its subroutines resolve",
                )
            end_encounter(game, run.encounter, "the run ended")
        if previous is Phase.SUCCESS:
            stop_breach(game)


def _subroutines_left(game: Table, encounter: IceEncounter | None) -> bool:
    """Whether the encountered ice has subroutines neither broken nor resolved yet."""
    ice = None if encounter is None else encounter.ice.current
    if encounter is None or ice is None or ice.behaviour is None:
        return False
    done = set(encounter.broken) | encounter.resolved
    return any(n not in done for n in range(1, len(subroutines_now(game, ice)) + 1))


def stop_breach(game: Table) -> None:
    """A run ended during its breach: the breach (and any access) ends too."""
    breach = game.breaching[-1] if game.breaching else None
    if breach is not None and not breach.over:
        breach.over = True
        game.log.record(
            ("rule_end_run_ends_breach", "rule_end_run_ends_access"),
            f"the breach of {breach.server} ends with the run, and any access under way",
        )


def offer_jack_out(game: Table, cause: str) -> None:
    """ "They may jack out": the Runner decides now."""
    run = game.run
    if run is None or run.ending or run.phase in (Phase.SUCCESS, Phase.RUN_ENDS):
        return
    question = f"jack out ({cause})?"
    if game.timing.ask(yes_no("runner", question, "rule_jacking_out")) is YES:
        end_the_run(game, cause=cause, jack_out=True)


# -- moving the Runner and changing the attacked server ------------------------------------


def _cannot_move(game: Table, run: Run | None, cause: str) -> bool:
    if run is None or run.ending or run.phase in (Phase.SUCCESS, Phase.RUN_ENDS):
        game.log.record(
            ("rule_ineffective_move", "rule_no_position_after_approach_server"),
            f"{cause}: the Runner cannot move to a position "
            + ("when no run is in progress" if run is None else "at this point of the run")
            + ", so instead they do nothing",
        )
        return True
    return False


def _leave_encounter(game: Table, run: Run, cause: str) -> None:
    if run.encounter is not None:
        end_encounter(game, run.encounter, f"{cause} moved the Runner")


def move_to_ice(game: Table, ice: NetrunnerCard, *, cause: str) -> bool:
    """Move the Runner to the position of ``ice``, a piece of ice protecting a server (which
    becomes the attacked server), to approach it; return whether the Runner moved.

    Its one caller, Slipstream, moves the Runner in the Movement Phase, right after they
    pass ice: no encounter is under way and no ice is being approached, so none ends and
    rule_move_to_current_ice cannot apply (a card that moves the Runner at another point
    of the run must add both)."""
    run = game.run
    if _cannot_move(game, run, cause):
        return False
    assert run is not None
    assert run.encounter is None
    position = None if ice.server is None else ice.server.position_of(ice)
    assert position is not None, f"{ice.title} is not protecting a server"
    _enter(game, run, position)
    game.log.record(
        "rule_move_to_piece_of_ice",
        f"{cause}: the Runner moves to {ice.title}'s position; {run.server} is the attacked server",
    )
    goto(game, run, Phase.APPROACH_ICE, cause)
    return True


def move_to_outermost(game: Table, server: str, *, cause: str) -> bool:
    """Move the Runner to the outermost position of ``server``, which becomes the attacked
    server; with no ice there, the Runner has no position and the run goes on to the
    Movement Phase."""
    run = game.run
    if _cannot_move(game, run, cause):
        return False
    assert run is not None
    target = game.server(server)
    _leave_encounter(game, run, cause)
    outermost = target.outermost()
    if outermost is None:
        run.position = None
        run.server = target.name
        game.log.record(
            "rule_move_to_specific_position",
            f"{cause}: {target.name} is the attacked server; no ice protects it, so the Runner "
            "has no position",
        )
        goto(game, run, Phase.MOVEMENT, cause)
        return True
    _enter(game, run, outermost)
    game.log.record(
        "rule_move_to_specific_position",
        f"{cause}: {target.name} is the attacked server, and the Runner moves to its outermost "
        f"position ({outermost.ice.title if outermost.ice else 'empty'})",
    )
    goto(game, run, Phase.APPROACH_ICE, cause)
    return True


def _enter(game: Table, run: Run, position: Position) -> None:
    """The Runner's position becomes ``position``, and its server the attacked server.  (Each
    caller then sends the run to the Approach Ice Phase, so the Movement Phase's "the Runner
    moved to a new position" is not asked before its next pass clears it.)"""
    run.position = position
    run.server = position.server.name


def change_attacked_server(game: Table, server: str, *, cause: str) -> None:
    """An ability changes the attacked server directly: the Runner's position and the
    current timing step stay as they are."""
    run = game.require_run()
    old, run.server = run.server, game.server(server).name
    game.log.record(
        ("rule_change_attacked_server", "rule_change_attacked_server_directly"),
        f"{cause}: the attacked server changes from {old} to {run.server}; the timing step "
        f"of the run does not change (the {run.phase.label})",
    )


# -- the ice in the Runner's position changes ----------------------------------------------


def _being_approached(run: Run, card: NetrunnerCard) -> bool:
    return (
        run.phase is Phase.APPROACH_ICE
        and run.approaching is not None
        and run.approaching.card is card
        and not run.ending
    )


def ice_left(game: Table, card: NetrunnerCard, position: Position) -> None:
    """``card`` was uninstalled from ``position``."""
    run = game.run
    for encounter in list(game.forced):
        if encounter.ice.card is card:
            end_encounter(game, encounter, f"{card.title} is no longer installed")
    if run is None or not run.phased:
        return
    if _being_approached(run, card):
        game.log.record(
            "rule_ice_change_approach_uninstall_move",
            f"{card.title} left the position the Runner is approaching: the approach ends",
        )
        run.approaching = None
        goto(game, run, Phase.MOVEMENT, f"{card.title} left")
    elif run.encounter is not None and run.encounter.ice.card is card:
        game.log.record(
            "rule_ice_change_encounter_uninstall_derez",
            f"{card.title} was uninstalled while the Runner encountered it: the encounter ends",
        )
        end_encounter(game, run.encounter, f"{card.title} is no longer installed")
        goto(game, run, Phase.MOVEMENT, f"{card.title} left")


def ice_derezzed(game: Table, card: NetrunnerCard) -> None:
    run = game.run
    for encounter in list(game.forced):
        if encounter.ice.card is card:
            end_encounter(game, encounter, f"{card.title} was derezzed")
    if run is not None and run.encounter is not None and run.encounter.ice.card is card:
        game.log.record(
            "rule_ice_change_encounter_uninstall_derez",
            f"{card.title} was derezzed while the Runner encountered it: the encounter ends",
        )
        end_encounter(game, run.encounter, f"{card.title} was derezzed")
        goto(game, run, Phase.MOVEMENT, f"{card.title} was derezzed")


def ice_moved(game: Table, card: NetrunnerCard, old: Position, new: Position) -> None:
    """``card`` was moved from ``old`` to ``new`` (a new position), still installed."""
    run = game.run
    if run is None or not run.phased or run.position is not old or run.ending:
        return
    if _being_approached(run, card):
        game.log.record(
            "rule_ice_change_approach_uninstall_move",
            f"{card.title} moved away from the position the Runner is approaching: the "
            "approach ends",
        )
        run.approaching = None
        goto(game, run, Phase.MOVEMENT, f"{card.title} moved")
    elif run.encounter is not None and run.encounter.ice.card is card:
        _follow(game, run, card, new)
    elif run.phase in (Phase.INITIATION, Phase.MOVEMENT):
        _unchanged(game, run, f"{card.title} moved away from the Runner's position")


def ice_swapped(
    game: Table,
    card: NetrunnerCard,
    old: Position,
    new: Position | None,
    incoming: NetrunnerCard,
) -> None:
    """``card`` was swapped out of ``old`` (into ``new``, or out of the play area) and
    ``incoming`` now occupies ``old``."""
    run = game.run
    if new is None:
        for encounter in list(game.forced):
            if encounter.ice.card is card:
                end_encounter(game, encounter, f"{card.title} is no longer installed")
    if run is None or not run.phased or run.ending:
        return
    if run.encounter is not None and run.encounter.ice.card is card:
        if new is not None:
            _follow(game, run, card, new)
        else:
            game.log.record(
                "rule_ice_change_encounter_uninstall_derez",
                f"{card.title} was swapped out of the play area while the Runner encountered "
                "it: the encounter ends",
            )
            end_encounter(game, run.encounter, f"{card.title} is no longer installed")
            goto(game, run, Phase.MOVEMENT, f"{card.title} left")
        return
    if run.position is not old:
        return
    if _being_approached(run, card):
        run.approaching = incoming.ref()
        game.log.record(
            "rule_ice_change_approach_swap",
            f"the Runner stays in their position, still in the Approach Ice Phase, and now "
            f"approaches {incoming.title}; conditions about approaching ice are not met for it",
        )
    elif run.phase in (Phase.INITIATION, Phase.MOVEMENT):
        _unchanged(game, run, f"{incoming.title} now occupies the Runner's position")


def _follow(game: Table, run: Run, card: NetrunnerCard, new: Position) -> None:
    run.position = new
    run.server = new.server.name
    game.log.record(
        "rule_ice_change_encounter_move_swap",
        f"the Runner stays with {card.title}, which they are encountering: they go on from "
        f"its new position, and {run.server} is the attacked server",
    )


def _unchanged(game: Table, run: Run, what: str) -> None:
    game.log.record(
        "rule_ice_change_during_movement",
        f"{what} during the {run.phase.label}: the Runner does not move, and the timing step "
        "of the run does not change",
    )
