"""Breaking subroutines during an encounter, and fully breaking a piece of ice.

A card that can break subroutines offers :class:`BreakAbility` objects: an
icebreaker's interface abilities (only on ice of the subtype they name, and only
while the icebreaker is at least as strong as the ice, both strengths asked at
the moment of breaking), or an ice's own ability that the Runner may use on that
ice.  Breaking is possible only in the encounter's paid ability window.  The first
time every subroutine of the encountered ice is broken, the Runner fully breaks it;
if one object broke them all, that object fully breaks it too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rulesref.engine.errors import IllegalAction, IllegalChoice
from rulesref.engine.objects import ObjectRef
from rulesref.games.netrunner.errors import UnimplementedCard
from rulesref.games.netrunner.procedures.costs import Clicks, CostKind, Credits, TrashSelf, plural
from rulesref.games.netrunner.procedures.strength import current_strength
from rulesref.games.netrunner.procedures.subroutine_count import current_subroutines
from rulesref.games.netrunner.state.behaviour import CardBehaviour, Filler
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.run_events import FullyBreak
from rulesref.games.netrunner.state.runs import IceEncounter, Window
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.timing.costs import Cost, CostPart, ensure_payable, pay


@dataclass(frozen=True)
class BreakAbility:
    """A paid ability breaking up to ``count`` ``subtype`` subroutines per use (``subtype``
    ``None``: subroutines of any ice), for ``credits`` and ``lose_clicks`` per use, perhaps
    only on ice whose strength is at most some value.  ``own_ice``: the ability is on a
    piece of ice and breaks that ice's subroutines only."""

    subtype: str | None
    credits: int = 0
    count: int = 1
    ice_strength_at_most: int | None = None
    lose_clicks: int = 0
    own_ice: bool = False
    #: "Break all but N subroutines": its N targets are the subroutines it will not break.
    all_but: int = 0
    #: Its cost includes trashing the card it is on.
    trash_self: bool = False
    #: It breaks only the last subroutine of the encountered ice.
    last: bool = False

    @property
    def label(self) -> str:
        kind = "ice" if self.subtype is None else self.subtype.replace("_", " ")
        if self.all_but:
            return f"break all but {self.all_but} subroutine{'s' if self.all_but > 1 else ''}"
        if self.last:
            return "break the last subroutine"
        return "break a subroutine of this ice" if self.own_ice else f"break {kind} subroutine"

    def fits(self, ice: NetrunnerCard, source: NetrunnerCard) -> bool:
        if self.own_ice:
            return ice is source
        return self.subtype is None or ice.has_subtype(self.subtype)

    def cost(self, game: Table, uses: int, source: NetrunnerCard | None = None) -> Cost:
        parts: list[CostPart] = []
        if self.trash_self and source is not None:
            parts.append(TrashSelf(game, source))
        if self.credits:
            parts.append(Credits(game, "runner", self.credits * uses))
        if self.lose_clicks:
            parts.append(Clicks(game, "runner", self.lose_clicks * uses, verb="losing"))
        return Cost(tuple(parts))


class Breaker(CardBehaviour):
    """A card with abilities that break subroutines."""

    breaks: tuple[BreakAbility, ...] = ()


class Icebreaker(Breaker):
    """A program whose break abilities are interface abilities: subject to strength."""


def _encounter_window(game: Table) -> tuple[IceEncounter, NetrunnerCard]:
    run = game.run
    encounter = game.current_encounter()
    in_window = encounter is not None and (
        encounter.in_window
        if encounter.forced
        else run is not None and run.phased and run.window is Window.ENCOUNTER_ICE
    )
    if encounter is None or encounter.over or not in_window:
        raise IllegalAction(
            "subroutines can only be broken while the Runner encounters ice",
            "rule_encounter_break_paw",
        )
    ice = encounter.ice.current
    if ice is None:
        raise IllegalAction(f"{encounter.ice.card.title} is no longer the encountered ice")
    return encounter, ice


def break_subroutines(game: Table, breaker: NetrunnerCard, numbers: Sequence[int]) -> None:
    """The Runner uses ``breaker``'s break ability on the subroutines ``numbers`` of the ice
    they are encountering, paying for every use at once."""
    encounter, ice = _encounter_window(game)
    behaviour = breaker.behaviour
    if isinstance(behaviour, Filler):
        raise UnimplementedCard(breaker.title, "is filler: its break abilities are not modelled")
    if not isinstance(behaviour, Breaker) or not behaviour.active:
        raise IllegalAction(f"{breaker.title} is not an active card that breaks subroutines")
    ability = next((a for a in behaviour.breaks if a.fits(ice, breaker)), None)
    if ability is None:
        kinds = ", ".join(a.label for a in behaviour.breaks)
        raise IllegalAction(
            f"{breaker.title} can {kinds}; {ice.title} is not one",
            "rule_icebreaker_interface_subtype",
        )
    ice_strength = current_strength(game, ice) or 0
    limit = ability.ice_strength_at_most
    if limit is not None and ice_strength > limit:
        raise IllegalAction(
            f"{breaker.title} breaks subroutines only on ice with strength {limit} or less; "
            f"{ice.title} has {ice_strength}"
        )
    own: int | None = None
    if isinstance(behaviour, Icebreaker):
        own = current_strength(game, breaker) or 0
        if own < ice_strength:
            raise IllegalAction(
                f"{breaker.title} has strength {own}, less than {ice.title}'s {ice_strength}: "
                "it cannot break its subroutines",
                "rule_icebreaker_interface_strength",
            )
    total = len(current_subroutines(game, encounter, ice))
    wanted = list(numbers)
    if not wanted or len(set(wanted)) != len(wanted):
        raise IllegalChoice("name each subroutine to break once")
    if ability.last and wanted != [total]:
        raise IllegalChoice(
            f"{breaker.title} breaks only the last subroutine of {ice.title}, its subroutine "
            f"{total}",
            "rule_subroutines_ordered",
        )
    for number in wanted:
        if not 1 <= number <= total:
            raise IllegalChoice(f"{ice.title} has {plural(total, 'subroutine')}")
        if number in encounter.broken and not ability.all_but:
            raise IllegalChoice(
                f"subroutine {number} of {ice.title} is already broken",
                "rule_unbroken_subroutines_target_for_break_abilities",
            )
    targets = wanted
    if ability.all_but:
        wanted = _all_but(game, encounter, ice, ability, targets, total)
        uses = 1
    else:
        uses = -(-len(wanted) // ability.count)
    cost = ability.cost(game, uses, breaker)
    purpose = f"using {breaker.title} to {ability.label} {plural(uses, 'time')}"
    ensure_payable(cost, payer="Runner", purpose=purpose, timing=game.timing)
    game.log.record((), f"the Runner uses {breaker.title} ({ability.label}) {plural(uses, 'time')}")
    with game.log.nested():
        pay(cost, payer="Runner", purpose=purpose, timing=game.timing, kind=CostKind.TRIGGER.phrase)
        for number in wanted:
            encounter.broken[number] = breaker.ref()
        strengths = "" if own is None else f" (strength {own} against {ice_strength})"
        game.log.record(
            "rule_break_subroutine",
            f"{breaker.title}{strengths} breaks subroutine"
            f"{'s' if len(wanted) > 1 else ''} {', '.join(map(str, sorted(wanted))) or 'none'} "
            f"of {ice.title}",
        )
        check_fully_broken(game, encounter, ice)


def _all_but(
    game: Table,
    encounter: IceEncounter,
    ice: NetrunnerCard,
    ability: BreakAbility,
    targets: list[int],
    total: int,
) -> list[int]:
    """"Break all but N": the targets are the subroutines it will not break, broken ones
    too, since it does not try to break them; it breaks every other unbroken one."""
    if len(targets) != ability.all_but:
        raise IllegalChoice(
            f"name the {plural(ability.all_but, 'subroutine')} it will not break",
            "rule_break_all_but_x_subroutines_targets",
        )
    broken = [n for n in targets if n in encounter.broken]
    game.log.record(
        "rule_break_all_but_x_subroutines_targets",
        f"the target, the subroutine it will not break, is {', '.join(map(str, targets))}"
        + (" (already broken: it can still be chosen)" if broken else ""),
    )
    return [n for n in range(1, total + 1) if n not in encounter.broken and n not in targets]


def check_fully_broken(game: Table, encounter: IceEncounter, ice: NetrunnerCard) -> None:
    """The first time every subroutine of the encountered ice is broken, the Runner fully
    breaks it (and so does the one object that broke them all, if one did)."""
    if encounter.fully_broken:
        return
    total = len(current_subroutines(game, encounter, ice))
    if any(n not in encounter.broken for n in range(1, total + 1)):
        return
    encounter.fully_broken = True
    breakers = {_identity(b): b for b in encounter.broken.values()}
    by = next(iter(breakers.values())) if total and len(breakers) == 1 else None
    encounter.fully_broken_by = by
    if total == 0:
        rules: tuple[str, ...] = (
            "rule_fully_break",
            "rule_fully_break_no_subroutines",
            "rule_vacuous_truth",
        )
        text = f"{ice.title} has no subroutines: the Runner fully breaks it, and no object does"
    elif by is not None:
        rules = ("rule_fully_break", "rule_object_fully_break")
        text = (
            f"every subroutine of {ice.title} is broken: the Runner, and {_title(by)}, "
            "fully break it"
        )
    else:
        rules = ("rule_fully_break",)
        text = f"every subroutine of {ice.title} is broken: the Runner fully breaks it"
    game.timing.perform(FullyBreak(ice, by), lambda: None, rules=rules, announce=text)


def _identity(breaker: object | None) -> object:
    """Which object broke a subroutine (two references to one object are one breaker)."""
    if isinstance(breaker, ObjectRef):
        return (id(breaker.card), breaker.object_id)
    return id(breaker)


def _title(ref: object) -> str:
    card = getattr(ref, "card", ref)
    return str(getattr(card, "title", card))
