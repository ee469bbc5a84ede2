"""Turns and phases (rule 3.3): what each phase does as it begins, and whose turn is next.

Recovery gives no priority (3.4.7) and cleanup gives it only if something triggers (3.4.8);
every other phase begins with the active player receiving priority (3.4).
"""

from __future__ import annotations

from rulesref.games.technomancy.procedures import actions, choices, priority
from rulesref.games.technomancy.procedures.names import label
from rulesref.games.technomancy.state.abilities import Event, EventKind
from rulesref.games.technomancy.state.phases import Phase
from rulesref.games.technomancy.state.table import Table

_PHASE_EVENTS = {
    Phase.TURN_START: EventKind.BEGINNING_OF_TURN,
    Phase.DRAW: EventKind.BEGINNING_OF_DRAW_PHASE,
    Phase.MAIN: EventKind.BEGINNING_OF_MAIN_PHASE,
    Phase.TURN_END: EventKind.END_OF_TURN,
}


def start_turn(
    game: Table, player: str, *, rule: str, why: str, first_phase: Phase = Phase.RECOVERY
) -> None:
    st = game.state
    st.turn += 1
    game.log.turn = st.turn
    st.active = player
    st.priority = None
    st.passes = 0
    for p in st.players.values():
        p.buildings_played = 0
    game.log.add(rule, f"turn {st.turn} is {player}'s ({why})")
    game.log.add("tm_3_1", f"{player} starts their turn: {player} is the active player")
    others = [p for p in st.in_turn_order if p != player]
    verb = "is" if len(others) == 1 else "are"
    game.log.add("tm_3_2", f"{', '.join(others)} {verb} non-active")
    begin_phase(game, first_phase)


def begin_phase(game: Table, phase: Phase) -> None:
    st = game.state
    st.phase = phase
    st.priority = None
    st.passes = 0
    game.log.add(phase.rule, f"{st.active}'s {phase} phase begins")
    if phase is Phase.RECOVERY:
        game.log.add("tm_3_3_1_1", "all deployed cards recover")
        for card_id in list(st.battlefield):
            actions.recover(game, card_id, rule="tm_3_3_1_1")
        game.log.add("tm_3_4_7", "players do not receive priority during the recovery phase")
        end_phase(game)
        return
    if phase is Phase.DRAW:
        actions.draw(game, st.active, 1, rule="tm_3_3_3_1")
    if phase is Phase.CLEANUP:
        end_until_end_of_turn_effects(game)
        discard_down_to_hand_size(game)
        finish_cleanup(game)
        return
    actions.emit(game, Event(_PHASE_EVENTS[phase], player=st.active))
    priority.give_priority(game, st.active, rule="tm_3_4", why=f" in the {phase} phase")


def end_until_end_of_turn_effects(game: Table) -> None:
    """Rule 3.3.6.1."""
    st = game.state
    for effect in [e for e in st.effects if e.until_end_of_turn]:
        game.log.add(
            "tm_3_3_6_1",
            f"{label(game, effect.source)}'s effect on "
            f"{label(game, effect.affected)} ({effect.text}) ends",
        )
    for p_effect in [e for e in st.player_effects if e.until_end_of_turn]:
        game.log.add("tm_3_3_6_1", f"'{p_effect.text}' ends")
    st.effects = [e for e in st.effects if not e.until_end_of_turn]
    st.player_effects = [e for e in st.player_effects if not e.until_end_of_turn]


def discard_down_to_hand_size(game: Table) -> None:
    """Rule 3.3.6.2: the active player chooses what to discard, one card at a time, each
    asked of them through the game's decider (an unanswered question refuses the whole
    action that reached the cleanup phase, and the game is put back)."""
    st = game.state
    p = st.players[st.active]
    excess = len(p.hand) - p.hand_size
    if excess <= 0:
        game.log.add(
            "tm_3_3_6_2",
            f"{p.name} has {len(p.hand)} cards, within hand size {p.hand_size}: no discard",
        )
        return
    game.log.add(
        "tm_3_3_6_2",
        f"{p.name} has {len(p.hand)} cards: discard {excess} down to hand size {p.hand_size}",
    )
    for number in range(1, excess + 1):
        question = f"discard which card? ({number} of {excess}, down to hand size {p.hand_size})"
        card_id = choices.choose_from_hand(game, p.name, question, "tm_3_3_6_2")
        actions.discard_from_hand(game, card_id, rule="tm_3_3_6_2")


def finish_cleanup(game: Table) -> None:
    """Rule 3.4.8: priority in cleanup only if a triggered ability goes on the stack."""
    st = game.state
    if st.pending:
        game.log.add("tm_3_4_8", "an ability triggered during cleanup, so players receive priority")
        priority.give_priority(game, st.active, rule="tm_3_4_8", why=" in the cleanup phase")
        return
    game.log.add("tm_3_4_8", "nothing triggered: no priority in the cleanup phase")
    end_phase(game)


def end_phase(game: Table) -> None:
    st = game.state
    following = st.phase.next
    if following is not None:
        begin_phase(game, following)
    else:
        next_turn(game)


def next_turn(game: Table) -> None:
    """Clockwise from the player whose turn ends; an extra turn leaves the order alone."""
    st = game.state
    if st.extra_turns:
        player = st.extra_turns.pop(0)
        start_turn(
            game,
            player,
            rule="tm_1_3_2",
            why="an extra turn; turn order stays " + " → ".join(st.in_turn_order),
        )
        return
    start_turn(game, st.after(st.active), rule="tm_1_3", why=f"clockwise after {st.active}")
