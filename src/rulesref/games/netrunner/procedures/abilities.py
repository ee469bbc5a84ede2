"""Using a card's abilities on purpose: triggering a paid ability, and resolving one
subroutine of a rezzed piece of ice outside a run's windows.

A paid ability is used only while its card is active, at most once per turn if it
says so, and only if its whole cost can be paid: the cost is paid (its kind named
in the trace), then the ability resolves, its targets announced first.
"""

from __future__ import annotations

from rulesref.engine.errors import IllegalAction, IllegalChoice
from rulesref.games.netrunner.procedures.costs import Clicks, CostKind, TrashSelf
from rulesref.games.netrunner.procedures.encounters import resolving_subroutine
from rulesref.games.netrunner.procedures.playing import resolve_instruction
from rulesref.games.netrunner.procedures.trigger_costs import keeping_hosted
from rulesref.games.netrunner.state import arguments
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.targets import TargetsArg
from rulesref.games.netrunner.state.uses import AbilityUsed
from rulesref.games.netrunner.timing.costs import Cost, ensure_payable, pay


def use_paid_ability(game: Table, card: NetrunnerCard, number: int, targets: TargetsArg) -> None:
    """Trigger paid ability ``number`` (1 is the first) of ``card``: pay its cost, then
    resolve it."""
    if card.behaviour is None or not card.behaviour.active:
        raise IllegalAction(f"{card.title}'s abilities are not active")
    abilities = card.behaviour.paid_abilities()
    if not 1 <= arguments.count(number, "ability", least=1) <= len(abilities):
        raise IllegalChoice(f"{card.title} has {len(abilities)} paid abilities")
    paid = abilities[number - 1]
    key = card.behaviour.key(f"paid {number}")
    if paid.once_per_turn and game.history.uses_this_turn(key):
        raise IllegalAction(f"{paid.label} can be used only once per turn")
    cost = paid.cost()
    if cost.parts and isinstance(cost.parts[0], Clicks) and cost.parts[0].verb == "spending":
        run = game.run
        if game.active != card.owner or (run is not None and run.phased):
            raise IllegalAction(
                f"{paid.label} costs a click: it is an action, used only in its controller's "
                "action window (not during a run)",
                "rule_action",
            )
    reason = paid.restriction() if paid.restriction is not None else None
    if reason is not None:
        raise IllegalAction(f"{paid.label} cannot be used now: {reason}", paid.restriction_rule)
    payer, purpose = card.owner.title(), f"using {paid.label}"
    ensure_payable(cost, payer=payer, purpose=purpose, timing=game.timing)
    game.log.record((), f"{payer} uses {paid.label}")
    game.history.note_use(key)
    with game.log.nested(), keeping_hosted(game, card, cost):
        pay(
            cost,
            payer=payer,
            purpose=purpose,
            timing=game.timing,
            kind=CostKind.TRIGGER.phrase,
            then=lambda: ability_used(game, card, paid.label, cost),
        )
        resolve_instruction(game, paid.instruction, targets)


def fire_subroutine(game: Table, ice: NetrunnerCard, number: int, targets: TargetsArg) -> None:
    """Resolve subroutine ``number`` of a rezzed piece of ice (as if it was not broken)."""
    if not ice.rezzed:
        raise IllegalAction(f"{ice.title} is not rezzed ice")
    assert ice.behaviour is not None
    subroutines = ice.behaviour.subroutines()
    if not 1 <= arguments.count(number, "number", least=1) <= len(subroutines):
        raise IllegalChoice(f"{ice.title} has {len(subroutines)} subroutines")
    game.log.record((), f"{ice.title}'s subroutine {number} resolves")
    with game.log.nested(), resolving_subroutine(game, ice):
        resolve_instruction(game, subroutines[number - 1], targets)


def ability_used(game: Table, source: object, label: str, cost: Cost) -> None:
    """The trigger cost of ``source``'s ability is paid: the ability and its source are
    used, and "when used" conditions are met (step_paid_ability_condition)."""
    if not isinstance(source, NetrunnerCard):
        return
    trash_ability = any(isinstance(p, TrashSelf) and p.card is source for p in cost.parts)
    game.timing.perform(
        AbilityUsed(source.owner, source, label, trash_ability=trash_ability),
        lambda: None,
        quiet=True,
    )
