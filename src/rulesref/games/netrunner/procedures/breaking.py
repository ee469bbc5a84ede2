"""Breaking subroutines, and resolving the ones left unbroken when the encounter's
paid ability window closes.

An icebreaker breaks subroutines of the ice the Runner is encountering, only
of the subtype it breaks, and only while its strength is at least the ice's.
Both strengths are asked at the moment of breaking (see
:mod:`rulesref.games.netrunner.procedures.strength`), so a boost that has ended, or a
piece of ice that grew stronger, changes the answer.  Unbroken subroutines
then resolve one at a time, in order; once one ends the run, the rest do not.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rulesref.engine.errors import IllegalAction, IllegalChoice
from rulesref.games.netrunner.errors import UnimplementedCard
from rulesref.games.netrunner.procedures.costs import CostKind, Credits, plural
from rulesref.games.netrunner.procedures.playing import resolve_instruction
from rulesref.games.netrunner.procedures.strength import current_strength
from rulesref.games.netrunner.state.behaviour import CardBehaviour, Filler
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.runs import IceEncounter, Run, Window
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.targets import TargetsArg
from rulesref.games.netrunner.timing.costs import Cost, ensure_payable, pay


@dataclass(frozen=True)
class BreakAbility:
    """A paid ability breaking up to ``count`` ``subtype`` subroutines for ``credits``
    (``subtype`` ``None``: subroutines of any ice), perhaps only on ice whose strength
    is at most some value."""

    subtype: str | None
    credits: int
    count: int = 1
    ice_strength_at_most: int | None = None

    @property
    def label(self) -> str:
        kind = "ice" if self.subtype is None else self.subtype.replace("_", " ")
        return f"break {kind} subroutine"

    def fits(self, ice: NetrunnerCard) -> bool:
        return self.subtype is None or ice.has_subtype(self.subtype)


class Icebreaker(CardBehaviour):
    """A program with an ability that breaks subroutines."""

    breaks: tuple[BreakAbility, ...] = ()


def break_subroutines(game: Table, breaker: NetrunnerCard, numbers: Sequence[int]) -> None:
    """The Runner uses ``breaker``'s break ability on the subroutines ``numbers`` of the ice
    they are encountering, paying for every use at once."""
    run = game.require_run()
    if not run.phased or run.window is not Window.ENCOUNTER_ICE or run.encounter is None:
        raise IllegalAction("subroutines can only be broken while the Runner encounters ice")
    encounter = run.encounter
    ice = encounter.ice.current
    if ice is None:
        raise IllegalAction(f"{encounter.ice.card.title} is no longer the encountered ice")
    behaviour = breaker.behaviour
    if isinstance(behaviour, Filler):
        raise UnimplementedCard(breaker.title, "is filler: its break abilities are not modelled")
    if not isinstance(behaviour, Icebreaker) or not behaviour.active:
        raise IllegalAction(f"{breaker.title} is not an active program that breaks subroutines")
    ability = next((a for a in behaviour.breaks if a.fits(ice)), None)
    if ability is None:
        kinds = ", ".join(str(a.subtype) for a in behaviour.breaks)
        raise IllegalAction(f"{breaker.title} breaks {kinds} subroutines; {ice.title} is not one")
    ice_strength = current_strength(game, ice) or 0
    own = current_strength(game, breaker) or 0
    limit = ability.ice_strength_at_most
    if limit is not None and ice_strength > limit:
        raise IllegalAction(
            f"{breaker.title} breaks subroutines only on ice with strength {limit} or less; "
            f"{ice.title} has {ice_strength}"
        )
    if own < ice_strength:
        raise IllegalAction(
            f"{breaker.title} has strength {own}, less than {ice.title}'s {ice_strength}: "
            "it cannot break its subroutines"
        )
    assert ice.behaviour is not None
    total = len(ice.behaviour.subroutines())
    wanted = list(numbers)
    if not wanted or len(set(wanted)) != len(wanted):
        raise IllegalChoice("name each subroutine to break once")
    for number in wanted:
        if not 1 <= number <= total:
            raise IllegalChoice(f"{ice.title} has {plural(total, 'subroutine')}")
        if number in encounter.broken:
            raise IllegalChoice(f"subroutine {number} of {ice.title} is already broken")
    uses = -(-len(wanted) // ability.count)
    cost = Cost((Credits(game, "runner", ability.credits * uses),))
    purpose = f"using {breaker.title} to {ability.label} {plural(uses, 'time')}"
    ensure_payable(cost, payer="Runner", purpose=purpose, timing=game.timing)
    game.log.record((), f"the Runner uses {breaker.title} ({ability.label}) {plural(uses, 'time')}")
    with game.log.nested():
        pay(cost, payer="Runner", purpose=purpose, timing=game.timing, kind=CostKind.TRIGGER.phrase)
        encounter.broken.update(wanted)
        game.log.record(
            (),
            f"{breaker.title} (strength {own}) breaks subroutine"
            f"{'s' if len(wanted) > 1 else ''} {', '.join(map(str, sorted(wanted)))} of "
            f"{ice.title} (strength {ice_strength})",
        )


def resolve_unbroken(
    game: Table, run: Run, encounter: IceEncounter, targets: Mapping[int, object]
) -> None:
    ice = encounter.ice.current
    if ice is None or not ice.rezzed:
        game.log.record((), f"{encounter.ice.card.title} is no longer rezzed ice here")
        return
    assert ice.behaviour is not None
    subroutines = ice.behaviour.subroutines()
    unknown = set(targets) - set(range(1, len(subroutines) + 1))
    if unknown:
        raise IllegalChoice(f"{ice.title} has no subroutine {min(unknown)}")
    for number, subroutine in enumerate(subroutines, start=1):
        if game.run is not run or run.encounter is not encounter or game.winner is not None:
            return
        if encounter.ice.current is None:
            game.log.record(
                (),
                f"{ice.title} is no longer installed: the encounter ends, and its other "
                "subroutines do not resolve",
            )
            return
        if number in encounter.broken:
            game.log.record((), f"{ice.title} subroutine {number} is broken: it does not resolve")
            continue
        game.log.record("step_resolve_subroutine", f"{ice.title} subroutine {number} resolves")
        chosen = targets.get(number)
        with game.log.nested():
            resolve_instruction(game, subroutine, _as_targets(chosen))
        game.timing.settle()


def _as_targets(chosen: object) -> TargetsArg:
    if chosen is None or isinstance(chosen, str | int | NetrunnerCard):
        return None if chosen is None else [chosen]
    if isinstance(chosen, Mapping):
        return dict(chosen)
    if isinstance(chosen, Sequence):
        return list(chosen)
    raise IllegalChoice(f"cannot read {chosen!r} as targets")
