"""The Approach Ice and Encounter Ice Phases of a run, bypassing, and forced encounters.

Each step is one function named after it, citing its ID; it sets the run's next
step before doing its work, so an ability that ends the run or moves the Runner
while it resolves simply overrides where the run goes.  The encounter's
subroutines resolve one at a time, each in its own step, in order; an encounter
that ends stops them.  A forced encounter (an ability makes the Runner encounter a
piece of ice without moving them) resolves a whole Encounter Ice Phase inside the
instruction that called for it, which finishes only when the encounter does; its
paid ability window is one no player acts in, since the instruction is still
resolving (see :func:`forced_encounter`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rulesref.engine.errors import IllegalChoice
from rulesref.games.netrunner.procedures.breaking import check_fully_broken
from rulesref.games.netrunner.procedures.playing import resolve_instruction
from rulesref.games.netrunner.procedures.progress import end_encounter
from rulesref.games.netrunner.procedures.strength import current_strength
from rulesref.games.netrunner.procedures.subroutine_count import current_subroutines
from rulesref.games.netrunner.procedures.targeting import as_targets
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.run_events import ApproachIce, Encounter
from rulesref.games.netrunner.state.runs import IceEncounter, Phase, Run, Window
from rulesref.games.netrunner.state.table import Table

# -- the Approach Ice Phase ------------------------------------------------------------


def approach_begins(game: Table, run: Run) -> None:
    run.next = "step_approach_paw"
    assert run.position is not None
    ice = run.position.ice
    if ice is None:  # the Runner moved to a position whose ice has left it since
        run.next = "step_approach_complete"
        return
    run.approaching = ice.ref()
    where = f"position {run.position.index + 1} of {run.server}"
    game.timing.perform(
        ApproachIce(ice),
        lambda: None,
        rules=("step_approach_begins", "rule_approach_condition"),
        announce=f"approach: the Runner approaches {ice.title} ({where})",
    )
    reaction_window(game, run, lambda: run.phase is not Phase.APPROACH_ICE or run.ending)


def approach_window(game: Table, run: Run) -> None:
    run.next = "step_approach_complete"
    ice = run.approached
    which = f"{ice.title}, the approached ice" if ice is not None else "no ice"
    game.log.record(
        ("step_approach_paw", "rule_rez_ice_restriction"),
        f"paid ability window: the players may use paid abilities, and the Corp may rez "
        f"non-ice cards and {which}",
    )
    run.window = Window.APPROACH_ICE


def approach_complete(game: Table, run: Run) -> None:
    ice = run.approached
    run.approaching = None
    if ice is not None and ice.rezzed:
        run.next = "step_encounter_begins"
        game.log.record(
            ("step_approach_complete", "rule_approach_ice_next_phase"),
            f"{ice.title} is rezzed: the Runner encounters it next",
        )
        return
    run.next = "step_pass_ice"
    what = f"{ice.title} is not rezzed" if ice is not None else "no ice is in that position"
    game.log.record(
        ("step_approach_complete", "rule_approach_ice_next_phase"),
        f"{what}: the run goes on to the Movement Phase",
    )


# -- the Encounter Ice Phase -------------------------------------------------------------


def encounter_begins(game: Table, run: Run) -> None:
    run.next = "step_encounter_paw"
    assert run.position is not None and run.position.ice is not None
    ice = run.position.ice
    encounter = IceEncounter(ice.ref())
    run.encounter = encounter
    _begin(game, encounter, ice)
    reaction_window(game, run, lambda: encounter.over or run.ending)


def _begin(game: Table, encounter: IceEncounter, ice: NetrunnerCard) -> None:
    game.timing.perform(
        Encounter(ice, encounter),
        lambda: None,
        rules=("step_encounter_begins", "rule_encounter_condition"),
        announce=f"encounter: the Runner encounters {ice.title}; each of its subroutines is "
        "unbroken for this encounter",
    )


def encounter_window(game: Table, run: Run) -> None:
    run.next = "step_resolve_subroutine"
    encounter = run.encounter
    assert encounter is not None
    _open_encounter_window(game, encounter)
    if not run.ending and not run.redirected:
        run.window = Window.ENCOUNTER_ICE


def _open_encounter_window(game: Table, encounter: IceEncounter) -> None:
    ice = encounter.ice.card
    encounter.window_reached = True
    game.log.record(
        ("step_encounter_paw", "rule_encounter_break_paw"),
        f"paid ability window: the Runner may break {ice.title}'s subroutines "
        f"(strength {current_strength(game, ice)}); no card can be rezzed",
    )
    check_fully_broken(game, encounter, ice)
    game.timing.settle()


def resolve_subroutine(game: Table, run: Run) -> None:
    """Resolve the next unbroken subroutine that has not resolved this encounter, if any."""
    encounter = run.encounter
    assert encounter is not None
    run.next = "step_resolve_subroutine"
    ice = encounter.ice.current
    if ice is not None and ice.behaviour is not None and run.sub_targets:
        total = len(ice.behaviour.subroutines())
        unknown = set(run.sub_targets) - set(range(1, total + 1))
        if unknown:
            raise IllegalChoice(f"{ice.title} has no subroutine {min(unknown)}")
    if not resolve_next(game, encounter, run.sub_targets):
        run.next = "step_encounter_complete"
        game.log.record(
            ("step_resolve_subroutine", "step_resolve_subroutine_loop"),
            "no unbroken subroutine is left to resolve",
        )


@contextmanager
def resolving_subroutine(game: Table, ice: NetrunnerCard) -> Iterator[None]:
    """While a subroutine of ``ice`` is resolving, from its first instruction becoming
    imminent to its last one resolved (rule_is_resolving)."""
    game.resolving_subroutines.append(ice)
    try:
        yield
    finally:
        game.resolving_subroutines.pop()


def resolve_next(game: Table, encounter: IceEncounter, targets: dict[int, object]) -> bool:
    """Resolve one subroutine (the next unbroken one not yet resolved); return whether one
    resolved."""
    ice = encounter.ice.current
    if ice is None or ice.rezzed is False or encounter.over:
        return False
    subroutines = current_subroutines(game, encounter, ice)
    for number, subroutine in enumerate(subroutines, start=1):
        if number in encounter.broken or number in encounter.resolved:
            continue
        encounter.resolved.add(number)
        broken = sorted(n for n in encounter.broken if n < number)
        note = (
            f" (subroutine{'s' if len(broken) > 1 else ''} {', '.join(map(str, broken))} broken)"
            if broken
            else ""
        )
        # An uninstalled ice (unrezzed is None) encountered all the same has active
        # subroutines for that encounter.
        uninstalled = (
            ("rule_active_exception_encounter_not_installed",) if not ice.installed else ()
        )
        game.log.record(
            ("step_resolve_subroutine", "rule_resolve_subroutines_in_order", *uninstalled),
            f"{ice.title} subroutine {number} resolves{note}",
        )
        with game.log.nested(), resolving_subroutine(game, ice):
            resolve_instruction(game, subroutine, as_targets(targets.get(number)))
        game.timing.settle()
        return True
    return False


def encounter_complete(game: Table, run: Run) -> None:
    run.next = "step_pass_ice"
    encounter = run.encounter
    assert encounter is not None
    run.after_encounter = encounter
    game.log.record(
        ("step_encounter_complete", "rule_encounter_ice_next_phase"),
        "the Encounter Ice Phase is complete: the run goes on to the Movement Phase",
    )
    end_encounter(game, encounter, "its subroutines are done")
    game.timing.settle()


# -- bypass ------------------------------------------------------------------------------


def bypass(game: Table, source: str) -> None:
    """An ability bypasses the encountered ice: the Encounter Ice Phase is aborted, none of
    its subroutines resolve, and the Runner passes the ice."""
    encounter = game.current_encounter()
    run = game.run
    if encounter is None or encounter.over:
        game.log.record((), f"{source}: the Runner is not encountering ice, so none is bypassed")
        return
    ice = encounter.ice.card
    when = (
        "rule_bypass_start_of_encounter"
        if not encounter.window_reached
        else "rule_bypass_during_encounter"
    )
    game.log.record(
        ("rule_bypass", when),
        f"{source}: the Runner bypasses {ice.title}: the encounter is aborted, its subroutines "
        "are neither broken nor resolved",
    )
    if run is not None and encounter is run.encounter:
        run.next = "step_pass_ice"
        run.after_encounter = encounter
        run.window = None
    end_encounter(game, encounter, "bypassed")


# -- reaction windows at the start of a phase ---------------------------------------------


def reaction_window(game: Table, run: Run, over: Callable[[], bool]) -> None:
    """The reaction window after a phase begins; it closes, leaving its other pending
    abilities unresolved, once the phase it belongs to is over."""

    def why() -> tuple[str, ...]:
        ended = ("rule_run_ends_close_reaction_window",) if run.ending else ()
        return ("rule_reaction_window_closing_timing_structure", *ended)

    game.timing.reaction_window(closes_when=over, closing_rules=why)


# -- forced encounters --------------------------------------------------------------------


def nested_window(game: Table, encounter: IceEncounter) -> None:
    """A paid ability window inside an instruction that is still resolving: the game cannot
    wait there for the players' calls, so they act as planned beforehand
    (``game.in_next_window``), then pass."""
    plans, game.plans = list(game.plans), []
    encounter.in_window = True
    try:
        for plan in plans:
            plan()
    finally:
        encounter.in_window = False
    what = f"the players act as planned ({len(plans)} action{'' if len(plans) == 1 else 's'})"
    game.log.record(
        "step_encounter_paw", f"{what if plans else 'nothing was planned'}; both players pass"
    )


def forced_encounter(game: Table, ice: NetrunnerCard, *, cause: str) -> None:
    """The Runner encounters ``ice`` without moving: a whole Encounter Ice Phase, after
    which the instruction that called for it goes on.  During a run the run's position,
    attacked server and timing step do not change."""
    run = game.run
    game.log.record(
        ("rule_forced_encounter", "rule_forced_encounter_end"),
        f"{cause}: the Runner encounters {ice.title} without changing position "
        + ("(no run is in progress)" if run is None else f"(the run on {run.server} waits)"),
    )
    encounter = IceEncounter(ice.ref(), forced=True)
    game.forced.append(encounter)
    with game.log.nested():
        _begin(game, encounter, ice)
        game.timing.reaction_window(
            closes_when=lambda: encounter.over,
            closing_rules=lambda: ("rule_reaction_window_closing_timing_structure",),
        )
        if not encounter.over:
            _open_encounter_window(game, encounter)
            nested_window(game, encounter)
        while not encounter.over and resolve_next(game, encounter, {}):
            pass
        if not encounter.over:
            game.log.record(
                "step_encounter_complete",
                f"the forced encounter with {ice.title} is complete",
            )
            end_encounter(game, encounter, "its subroutines are done")
    game.timing.settle()
