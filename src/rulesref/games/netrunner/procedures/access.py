"""Accessing a card, as the rulebook's steps of accessing a card write it.

The card is accessed ("when accessed" conditions are met, and abilities of an
accessed card that meet it are active even if the card is not; an additional cost
to access it is paid first, or the access does not take place).  Then the Runner
may use one mid-access ability: the basic trash ability (pay the card's trash
cost: trash it) or one a card gives them.  An agenda still being accessed must
then be stolen, unless there is an additional cost to steal it that the Runner
cannot or will not pay.  Then the access is complete.  A card that leaves its
place while accessed is accessed no more.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

from rulesref.engine.decisions import NO, Decision, Option
from rulesref.games.netrunner.procedures.choices import card_option, confirm
from rulesref.games.netrunner.procedures.costs import CostKind, Credits
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.scoring import steal
from rulesref.games.netrunner.state.behaviour import AccessAbility, CardBehaviour
from rulesref.games.netrunner.state.events import Access
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.runs import RunEffect
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.costs import Cost, CostPart, pay


class AccessCost:
    """Mixed into a behaviour whose ability adds a cost to accessing some cards."""

    @abstractmethod
    def cost_to_access(self, card: NetrunnerCard) -> list[CostPart]:
        """The cost it adds to accessing ``card`` (every such ability says: no default)."""


class StealCost:
    """Mixed into a behaviour whose ability adds a cost to stealing some agendas."""

    @abstractmethod
    def cost_to_steal(self, card: NetrunnerCard) -> list[CostPart]:
        """The cost it adds to stealing ``card`` (every such ability says: no default)."""


def _applying(game: Table) -> list[CardBehaviour]:
    """The behaviours whose abilities apply now: the active ones, and the persistent one of
    a card trashed while accessed this run."""
    found: list[CardBehaviour] = []
    for card in game.zones.cards():
        behaviour = card.behaviour
        if isinstance(behaviour, CardBehaviour) and (behaviour.active or _persists(game, card)):
            found.append(behaviour)
    return found


def _persists(game: Table, card: NetrunnerCard) -> bool:
    run = game.run
    return run is not None and any(e.value is card for e in run.effects_of("persistent"))


def access(game: Table, card: NetrunnerCard, *, rules: tuple[str, ...] = ()) -> None:
    """Access ``card`` (unless an additional cost to access it is not paid, or an interrupt
    stops it).  ``rules``: the rules that say why this is the card accessed."""
    extra = [
        p for b in _applying(game) if isinstance(b, AccessCost) for p in b.cost_to_access(card)
    ]
    seen = card_option(game, "runner", card).label
    if extra and not _pay_additional(game, Cost(tuple(extra)), f"accessing {seen}"):
        return
    behaviour = card.behaviour
    if (
        card.zone_type is ZoneType.DECK
        and behaviour is not None
        and behaviour.revealed_when_accessed_in_rnd
    ):
        game.log.record(
            "rule_reveal", f"the Runner accesses {card.title} in R&D, and must reveal it"
        )
    game.accessing.append(card)
    accessed = card.ref()
    try:
        where = card.location
        inactive = behaviour is not None and not behaviour.active and bool(behaviour.abilities())
        occurred = game.timing.perform(
            Access("runner", [card]),
            lambda: None,
            rules=(*rules, "step_card_accessed")
            + (("rule_accessing_trigger_condition",) if inactive else ()),
            announce=f"Runner accesses {card.title} ({where})",
        )
        if not occurred:
            return
        run = game.run
        if run is not None:
            run.accessed.append(accessed)
        game.timing.settle()
        if _still(game, accessed):
            _mid_access(game, card)
        stolen = False
        if _still(game, accessed) and card.facts.type == "agenda":
            stolen = _steal(game, card)
            game.timing.settle()
        if accessed.current is None and not stolen:
            game.log.record(
                "rule_moved_while_accessing",
                f"{card.title} left its place while accessed: the access ends",
            )
        else:
            game.log.record("step_access_complete", f"the access of {card.title} is complete")
    finally:
        game.accessing.remove(card)


def _still(game: Table, accessed: object) -> bool:
    current = getattr(accessed, "current", None)
    if current is None or game.winner is not None:
        return False
    breach = game.breaching[-1] if game.breaching else None
    return breach is None or not breach.over


@dataclass
class _MidAccess:
    label: str
    cost: Cost
    resolve: Callable[[], None]
    key: str | None = None


def _options(game: Table, card: NetrunnerCard) -> list[_MidAccess]:
    options: list[_MidAccess] = []
    for ability in game.access_abilities():
        if not ability.applies(card):
            continue
        key = f"access:{ability.label}"
        if ability.once_per_turn and game.history.uses_this_turn(key):
            continue
        options.append(_from_ability(ability, card, key))
    trash_cost = card.facts.trash_cost
    if trash_cost is not None and card.zone_type is not ZoneType.DISCARD:
        price = Cost((Credits(game, "runner", trash_cost),))

        def basic() -> None:
            trash(game, [card], by="runner", cause="paying its trash cost")

        options.append(_MidAccess("the basic trash ability", price, basic))
    elif trash_cost is not None:
        game.log.record(
            "rule_trash_in_archives",
            f"{card.title} is in Archives: the Runner cannot pay its trash cost there",
        )
    return options


def _from_ability(ability: AccessAbility, card: NetrunnerCard, key: str) -> _MidAccess:
    return _MidAccess(ability.label, ability.cost(card), lambda: ability.resolve(card), key)


def _mid_access(game: Table, card: NetrunnerCard) -> None:
    """The Runner may use one mid-access ability on ``card``."""
    usable: list[_MidAccess] = []
    for option in _options(game, card):
        obstacles = option.cost.obstacles()
        if obstacles:
            game.log.record(
                game.timing.cites.cost_all_at_once + option.cost.blocked_rules(),
                f"Runner cannot use {option.label} on {card.title}: cannot pay "
                f"{option.cost.describe()} ({'; '.join(obstacles)})",
            )
        else:
            usable.append(option)
    if not usable:
        game.log.record(
            "step_mid_access_ability", "the Runner has no mid-access ability they can use"
        )
        return
    if len(usable) == 1:
        only = usable[0]
        verb = "trash" if only.key is None else f"use {only.label} on"
        question = f"pay {only.cost.describe()} to {verb} {card.title}?"
        if not confirm(game, "runner", question, "step_mid_access_ability"):
            return
        chosen = only
    else:
        options = (
            *(Option(f"{o.label} ({o.cost.describe()})", o, names=(o.label,)) for o in usable),
            NO,
        )
        question = f"use a mid-access ability on {card.title}?"
        picked = game.timing.ask(Decision("runner", question, "step_mid_access_ability", options))
        if picked is NO:
            return
        chosen = picked.value
    if chosen.key is not None:
        game.history.note_use(chosen.key)
    rules: tuple[str, ...] = ("step_mid_access_ability", "rule_mid_access_ability_opportunity")
    if chosen.key is None:
        rules += ("rule_basic_trash_ability",)
    game.log.record(rules, f"Runner uses {chosen.label} on {card.title}")
    accessed = card.ref()
    persists = card.behaviour is not None and card.behaviour.persistent and bool(card.rezzed)
    server = None if card.server is None else card.server.name
    with game.log.nested():
        pay(
            chosen.cost,
            payer="Runner",
            purpose=f"using {chosen.label}",
            timing=game.timing,
            kind=CostKind.TRIGGER.phrase,
        )
        chosen.resolve()
        run = game.run
        if persists and accessed.current is None and run is not None and card.behaviour is not None:
            card.behaviour.persisted_in = server
            run.effects.append(RunEffect(card.title, "persistent", card))
            game.log.record(
                ("rule_persistent", "rule_persistent_continuous"),
                f"{card.title} was trashed while the Runner accessed it: its persistent ability "
                "goes on applying for the rest of the run",
            )
    game.timing.settle()


def _pay_additional(game: Table, cost: Cost, purpose: str) -> bool:
    """An additional cost the Runner may decline; return whether it was paid."""
    obstacles = cost.obstacles()
    if obstacles:
        game.log.record(
            game.timing.cites.cost_all_at_once + cost.blocked_rules() + ("rule_additional_cost",),
            f"Runner cannot pay {cost.describe()}, the additional cost of {purpose}: "
            f"{'; '.join(obstacles)}",
        )
        return False
    if not confirm(
        game, "runner", f"pay {cost.describe()} for {purpose}?", "rule_decline_additional_cost"
    ):
        game.log.record(
            "rule_decline_additional_cost",
            f"Runner declines to pay {cost.describe()}, so there is no {purpose}",
        )
        return False
    pay(cost, payer="Runner", purpose=purpose, timing=game.timing, kind=CostKind.ADDITIONAL.phrase)
    return game.winner is None


def _steal(game: Table, card: NetrunnerCard) -> bool:
    """An agenda still being accessed after the mid-access ability must be stolen, but an
    additional cost to steal it may be declined."""
    refusal = card.behaviour.steal_refusal() if card.behaviour else None
    if refusal is not None:
        game.log.record(("rule_cannot_precedence",), f"{card.title} cannot be stolen: {refusal}")
        return False
    parts: list[CostPart] = []
    own = card.behaviour.steal_cost() if card.behaviour else None
    if own is not None:
        parts.extend(own.parts)
    for behaviour in _applying(game):
        if isinstance(behaviour, StealCost):
            parts.extend(behaviour.cost_to_steal(card))
    game.log.record(
        ("step_access_agenda", "rule_after_mid_access_agenda"),
        f"{card.title} is an agenda: the Runner must steal it"
        + (" unless they decline the additional cost" if parts else ""),
    )
    if parts and not _pay_additional(game, Cost(tuple(parts)), f"stealing {card.title}"):
        game.log.record("rule_agenda_additional_cost", f"{card.title} is not stolen")
        return False
    return steal(game, card)
