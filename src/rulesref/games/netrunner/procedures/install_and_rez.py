"""Abilities that "install and rez" a card: it is installed, then rezzed if it can be; a
card that cannot be rezzed (an agenda, a rez cost the Corp cannot pay) is revealed, so
the Runner can check that the installation was legal."""

from __future__ import annotations

from collections.abc import Sequence

from rulesref.games.netrunner.procedures.choices import choose_number
from rulesref.games.netrunner.procedures.costs import CostKind, Credits, printed_cost_as
from rulesref.games.netrunner.procedures.installing import install_by_ability
from rulesref.games.netrunner.procedures.rezzing import rez
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.timing.costs import Cost


def rez_problem(
    game: Table, card: NetrunnerCard, *, ignoring_costs: bool, less: int = 0
) -> str | None:
    """Why ``card``, just installed, cannot be rezzed now, or ``None``."""
    if card.facts.type == "agenda":
        return "agendas cannot be rezzed"
    if ignoring_costs:
        return None
    amount = game.cost_with_modifiers(
        "rez", card, printed_cost_as(game, card, CostKind.REZ), quiet=True
    )
    amount = max(0, amount - less)
    obstacles = Cost((Credits(game, "corp", amount),)).obstacles()
    return None if not obstacles else f"its rez cost is {amount}: {obstacles[0]}"


def install_and_rez(
    game: Table,
    cards: Sequence[NetrunnerCard],
    *,
    cause: str,
    ignoring_costs: bool,
    total_less: int = 0,
) -> None:
    """``total_less``: the install and rez costs together are that much lower; the Corp
    declares how much of it lowers the install cost as that cost is to be paid, and the
    rest lowers the rez cost."""
    left = [total_less]

    def declare(card: NetrunnerCard, install_cost: int) -> int:
        on_install = choose_number(
            game,
            "corp",
            f"{cause}: how much of the {total_less} credits less goes to the install cost "
            f"({install_cost})?",
            "rule_install_and_rez_reducing_total",
            0,
            min(total_less, install_cost),
        )
        left[0] = total_less - on_install
        game.log.record(
            "rule_install_and_rez_reducing_total",
            f"{cause}: the install cost of {card.title} is {on_install} lower, its rez cost "
            f"{left[0]} lower",
        )
        return on_install

    card = install_by_ability(
        game,
        cards,
        cause=cause,
        ignoring_costs=ignoring_costs,
        optional=False,
        less=declare if total_less and not ignoring_costs else None,
    )
    if card is None:
        return
    problem = rez_problem(game, card, ignoring_costs=ignoring_costs, less=left[0])
    if problem is None:
        rez(game, card, ignoring_costs=ignoring_costs, less=left[0])
        return
    game.runner.learn([card])
    game.log.record(
        "rule_reveal_for_install_and_rez",
        f"{cause}: {card.title} cannot be rezzed ({problem}), so the Corp reveals it",
    )
