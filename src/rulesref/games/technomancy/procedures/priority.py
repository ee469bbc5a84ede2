"""Priority and the stack (rule 3.4): who may act, the checks first, and what resolves.

Before anyone receives priority the game applies state-based effects until none applies and
puts waiting triggered abilities on the stack, repeating until nothing more happens (3.4.3).
What happens when every player has passed in a row is
:mod:`~rulesref.games.technomancy.procedures.passing`.
"""

from __future__ import annotations

from rulesref.games.technomancy.errors import IllegalAction
from rulesref.games.technomancy.procedures import actions
from rulesref.games.technomancy.procedures.layers import current_views
from rulesref.games.technomancy.procedures.names import label
from rulesref.games.technomancy.state.abilities import Event, EventKind, Resolving
from rulesref.games.technomancy.state.game_state import StackItem
from rulesref.games.technomancy.state.objects import CardType, Zone
from rulesref.games.technomancy.state.table import Table


def give_priority(game: Table, player: str, *, rule: str, why: str = "") -> None:
    """Run the checks of rule 3.4.3, then hand priority to ``player``."""
    st = game.state
    if checks_before_priority(game):
        st.passes = 0  # the stack changed: earlier passes no longer speak for it
    st.priority = player
    game.log.add(rule, f"{player} receives priority{why}")


def checks_before_priority(game: Table) -> bool:
    """State-based checks and triggers, repeated until nothing applies (rule 3.4.3)."""
    changed = False
    while True:
        applied = check_state_based_effects(game)
        triggered = put_triggers_on_stack(game)
        if not (applied or triggered):
            return changed
        changed = True
        game.log.add("tm_3_4_3_3", "something applied or triggered, so the checks run again")


def check_state_based_effects(game: Table) -> bool:
    """Rule 3.4.3.1: check, apply, and check again until no state-based effect applies.

    The only state-based effect the rulebook defines is an agent at 0 health dying (5.6.1).
    Agents found in one pass die together; the next pass sees the battlefield without them.
    """
    applied = False
    while True:
        dying = [
            v
            for v in current_views(game).values()
            if v.type is CardType.AGENT and v.health is not None and v.health <= 0
        ]
        if not dying:
            return applied
        again = " repeats" if applied else ""
        for view in dying:
            whose = "" if label(game, view.card_id) == view.name else f"{view.owner}'s "
            game.log.add(
                "tm_3_4_3_1",
                f'state-based check{again}: {whose}Agent "{view.name}" '
                f"has {view.health} health → dies",
            )
        for view in dying:
            actions.put_into_discard_pile(game, view.card_id, rule="tm_5_6_1", why="dies and")
            actions.emit(game, Event(EventKind.DIES, card=view.card_id), last_known=view)
        applied = True


def put_triggers_on_stack(game: Table) -> bool:
    """Rule 3.4.3.2: triggered abilities waiting since the last check go on the stack."""
    st = game.state
    pending, st.pending = st.pending, []
    for trigger in pending:
        st.stack.append(
            StackItem(
                source=trigger.source,
                controller=trigger.controller,
                description=f'{trigger.source_name}\'s ability "{trigger.ability.text}"',
                ability=trigger.ability,
            )
        )
        game.log.add(
            "tm_3_4_3_2",
            f"{trigger.source_name}'s triggered ability goes on the stack ({trigger.controller})",
        )
    return bool(pending)


def require_priority(game: Table, player: str, doing: str) -> None:
    st = game.state
    if st.priority is None:
        rule = "tm_3_4_7" if st.phase.value == "recovery" else "tm_3_4_8"
        raise IllegalAction(f"nobody has priority in the {st.phase} phase", rule)
    if st.priority != player:
        raise IllegalAction(f"{player} cannot {doing}: {st.priority} has priority", "tm_3_4")


def resolve_top(game: Table) -> None:
    """The top most card or ability takes its effect: last in, first out (rule 3.4.5)."""
    st = game.state
    item = st.stack.pop()
    how = Resolving(item.source, item.controller, item.target)
    if item.ability is not None:
        game.log.add("tm_3_4_5", f"{item.description} takes effect")
        item.ability.resolve(game, how)
        return
    card = st.cards[item.source]
    d = card.definition
    game.log.add("tm_3_4_5", f"{item.description} takes effect")
    if d.type is CardType.AGENT:
        actions.enter_battlefield(game, card.id, item.controller, rule="tm_3_5_3_2")
        return
    if d.resolve is not None:
        if d.target == "agent" and not _agent_in_play(game, item.target):
            assert item.target is not None
            game.log.add(
                "tm_3_4_5",
                f"{label(game, item.target)} is no longer an agent in play: {d.name} does nothing",
            )
        else:
            d.resolve(game, how)
    rule = "tm_3_5_1_2" if d.type is CardType.QUICKHACK else "tm_3_5_2_2"
    actions.put_into_discard_pile(game, card.id, rule=rule, why="has been assembled and")


def _agent_in_play(game: Table, card_id: int | None) -> bool:
    if card_id is None:
        return False
    card = game.state.cards[card_id]
    return card.where is Zone.BATTLEFIELD and card.definition.type is CardType.AGENT
