"""Turning installed Runner cards facedown and faceup (section "Facedown Runner cards")."""

from __future__ import annotations

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table


def turn_facedown(game: Table, card: NetrunnerCard) -> None:
    if card.side != "runner" or not card.installed or card.facedown:
        raise IllegalAction(
            f"{card.title} is not an installed faceup Runner card", "sec_facedown_runner_cards"
        )
    card.faceup = False
    card.facedown_origin = f"{card.title}, turned facedown"
    game.log.record(
        ("rule_flip_is_not_uninstall", "rule_facedown_runner_cards_are_blank"),
        f"{card.title} is turned facedown: it stays installed, with no name, type, subtypes "
        "or active abilities",
    )


def turn_faceup(game: Table, card: NetrunnerCard) -> None:
    if card.side != "runner" or not card.installed or card.faceup:
        raise IllegalAction(
            f"{card.title} is not an installed facedown Runner card", "sec_facedown_runner_cards"
        )
    card.faceup = True
    game.log.record(
        "rule_unflipping_runner_cards",
        f"{card.title} is turned faceup: it regains its name, type and subtypes and becomes "
        'active; it was not installed, so "when installed" abilities do not trigger',
    )
