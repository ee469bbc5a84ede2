"""Which cards damage trashes: at random, unless an ability lets a player choose them.

When abilities of both players give each the choice of the same cards, only one
choice can be made, and the active player makes it (rule_modify_ability_with_choice);
the rest of what those abilities do still happens.
"""

from __future__ import annotations

from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.state.events import Damage
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.timing.abilities import Static


class ChoosesDamagedCards(Static):
    """An ability letting its controller choose the cards a damage event trashes."""

    def chooses(self, event: Damage) -> bool:
        return False

    def before_choosing(self, event: Damage) -> None:
        """What else the ability does as the cards are chosen, whoever chooses them."""


def damaged_cards(game: Table, event: Damage, count: int) -> tuple[list[NetrunnerCard], str]:
    """The cards ``count`` damage trashes from the grip, and how they were picked."""
    grip = game.runner.grip
    count = min(count, len(grip))
    abilities = [
        a for a in game.abilities() if isinstance(a, ChoosesDamagedCards) and a.chooses(event)
    ]
    for ability in abilities:
        ability.before_choosing(event)
    players = {a.controller for a in abilities}
    if not players:
        return game.rng.sample(grip, count), "at random"
    chooser = next(iter(players))
    if len(players) > 1:
        chooser = game.active
        game.log.record(
            "rule_modify_ability_with_choice",
            f"{' and '.join(a.label for a in abilities)} both let a player choose the cards "
            f"trashed: only one choice can be made, and the active player, the "
            f"{chooser.title()}, makes it",
        )
    label = next(a.label for a in abilities if a.controller == chooser)
    chosen: list[NetrunnerCard] = []
    for _ in range(count):
        left = [c for c in game.runner.grip if c not in chosen]
        chosen.append(choose_card(game, chooser, "trash which card from the grip?", label, left))
    return chosen, f"chosen by the {chooser.title()}"
