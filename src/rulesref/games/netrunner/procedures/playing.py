"""Playing operations and events, resolving instructions, and X costs."""

from __future__ import annotations

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner.errors import UnimplementedCard
from rulesref.games.netrunner.procedures.choices import choose_number
from rulesref.games.netrunner.procedures.costs import Clicks, CostKind, Credits, printed_cost_as
from rulesref.games.netrunner.procedures.movements import relocate, side_label, trash
from rulesref.games.netrunner.procedures.targeting import announce_targets
from rulesref.games.netrunner.state.behaviour import Instruction
from rulesref.games.netrunner.state.events import Play
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.targets import TargetsArg
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.costs import Cost, pay


def resolve_instruction(game: Table, instruction: Instruction, targets: TargetsArg) -> None:
    announced = announce_targets(
        game, instruction.chooser, instruction.slots(), targets, what=instruction.label
    )
    instruction.resolve(announced)


X_COST_TYPES = ("operation", "event", "program", "hardware", "resource")


def has_x_cost(card: NetrunnerCard) -> bool:
    """A play or install cost of X: the card table gives such cards no cost."""
    return card.facts.cost is None and card.facts.type in X_COST_TYPES


def printed_cost(game: Table, card: NetrunnerCard) -> int:
    """A card's play or install (or rez) cost when something other than playing or
    installing it refers to it: X is then 0."""
    if has_x_cost(card):
        game.log.record(
            "tc_1_2_3a",
            f"{card.title}'s cost is X and it is not being played or installed, so X is 0",
        )
        return 0
    return card.facts.cost or 0


def _fix_x(game: Table, card: NetrunnerCard, *, by: str) -> int:
    """Choose X as the card is played, apply the cost modifiers, and fix the value."""
    assert card.behaviour is not None
    limit = card.behaviour.x_limit()
    credits = game.player(by).credits
    high = credits if limit is None else min(limit[0], credits)
    why = "" if limit is None else f"; {limit[1]}"
    chosen = choose_number(
        game, by, f"{card.title} costs X: what is X (0 to {high}{why})?", "tc_1_2_3", 0, high
    )
    x = game.cost_with_modifiers("play", card, chosen)
    card.behaviour.x = x
    game.log.record("tc_1_2_3", f"X is fixed at {x} as {card.title} is played")
    return x


def _play_cost(game: Table, card: NetrunnerCard, *, by: str, amount: int, as_action: bool) -> Cost:
    assert card.behaviour is not None
    parts = (Clicks(game, by, 1),) if as_action else ()
    return Cost((*parts, Credits(game, by, amount), *card.behaviour.additional_cost()))


def playable(game: Table, card: NetrunnerCard, *, by: str) -> bool:
    """Whether ``by`` could play ``card`` from their hand now, paying all its costs, as an
    ability instructs (no click for an action): the card's own restriction allows it,
    and every part of its play cost can be paid with what the player has now."""
    behaviour = card.behaviour
    if behaviour is None or card.zone_type is not ZoneType.HAND or card.owner != by:
        return False
    if behaviour.play_restriction() is not None:
        return False
    amount = 0 if has_x_cost(card) else printed_cost_as(game, card, CostKind.PLAY)
    amount = game.cost_with_modifiers("play", card, amount, quiet=True)
    return not _play_cost(game, card, by=by, amount=amount, as_action=False).obstacles()


def play(
    game: Table, card: NetrunnerCard, *, by: str, targets: TargetsArg, as_action: bool = True
) -> None:
    kind = "operation" if by == "corp" else "event"
    if card.facts.type != kind or card.zone_type is not ZoneType.HAND or card.owner != by:
        raise IllegalAction(
            f"{card.title} is not an {kind} in {side_label(by)}'s hand", "movement_play"
        )
    if card.behaviour is None:
        raise UnimplementedCard(card.title)
    run = game.run
    if as_action and run is not None and run.phased:
        raise IllegalAction(
            f"{card.title} cannot be played as an action during the run on {run.server}: "
            "during a run the players only act in its paid ability windows"
        )
    instruction = card.behaviour.play()
    restriction = card.behaviour.play_restriction()
    if restriction is not None:
        raise IllegalAction(f"{card.title} cannot be played: {restriction}", "movement_play")
    if has_x_cost(card):
        amount = _fix_x(game, card, by=by)
    else:
        amount = game.cost_with_modifiers("play", card, printed_cost_as(game, card, CostKind.PLAY))
    extra = tuple(card.behaviour.additional_cost())
    cost = _play_cost(game, card, by=by, amount=amount, as_action=as_action)
    click = "the action's click and " if as_action else ""
    if extra:
        game.log.record(
            "rule_additional_cost",
            f"{card.title} adds an additional cost to playing it: "
            + " and ".join(p.describe() for p in extra),
        )
    pay(
        cost,
        payer=side_label(by),
        purpose=f"playing {card.title}",
        timing=game.timing,
        kind=f"{click}{CostKind.PLAY.phrase}",
    )
    event = Play(by, [card])

    def resolve_and_trash() -> None:
        relocate(game, card, ZoneType.PLAY_AREA, None, faceup=True)
        resolve_instruction(game, instruction, targets)
        if card.behaviour is not None:
            card.behaviour.x = None
        stays = card.behaviour.not_trashed_until() if card.behaviour is not None else None
        if card.zone_type is ZoneType.PLAY_AREA and stays is not None:
            game.log.record(
                "rule_play_not_trashed_until",
                f"{card.title} has resolved, but it is not trashed until {stays}",
            )
        elif card.zone_type is ZoneType.PLAY_AREA:
            trash(game, [card], by=by, cause=f"{card.title} has resolved")
        else:
            game.log.record(
                ("rule_steps_playing_trash_played_card", "rule_play_no_trash_left_play_area"),
                f"{card.title} has resolved and is no longer in the play area "
                f"({card.location}): it is not trashed",
            )

    game.timing.perform(event, resolve_and_trash, rules=Play.rules)
