"""Where one instruction ends and the next begins, inside an ability's text.

A choice between effects ends an instruction (rule_choice_instruction): the
player chooses, a checkpoint follows, and only then does the chosen effect
become imminent, so interrupts see the effect chosen and can still change it
(rule_mandatory_choice_effects_can_be_modified).  When an ability says a player
"must" choose, only the effects that could be fully resolved are offered; if
none could, the ability does nothing (rule_mandatory_choice).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rulesref.games.netrunner.procedures.choices import choose_name
from rulesref.games.netrunner.state.table import Table


@dataclass(frozen=True)
class Effect:
    """One option of a choice: its name, what it does, and why it could not be fully
    resolved now (``None``: it could)."""

    name: str
    resolve: Callable[[], object]
    blocked: Callable[[], str | None] = lambda: None


def choose_effect(
    game: Table, player: str, effects: Sequence[Effect], *, source: str, must: bool = True
) -> None:
    """``player`` chooses one of ``effects``; the choice is an instruction of its own, and
    the chosen effect resolves as the next one."""
    offered = list(effects)
    if must:
        offered = []
        for effect in effects:
            why = effect.blocked()
            if why is None:
                offered.append(effect)
            else:
                game.log.record(
                    "rule_mandatory_choice",
                    f"{source}: {effect.name} cannot be fully resolved ({why}), so it cannot be "
                    "chosen",
                )
        if not offered:
            game.log.record(
                "rule_mandatory_choice",
                f"{source}: no option can be fully resolved, so the ability does nothing",
            )
            return
    names = [e.name for e in offered]
    chosen = choose_name(game, player, f"{source}: {' or '.join(names)}?", source, names)
    chosen_rules = ("rule_choice_instruction",) + (
        ("rule_mandatory_choice_effects_can_be_modified",) if must else ()
    )
    game.timing.checkpoint(
        chosen_rules,
        f" (the choice of {chosen} ends {source}'s instruction; it resolves next)",
    )
    game.timing.reaction_window()
    next(e for e in offered if e.name == chosen).resolve()
