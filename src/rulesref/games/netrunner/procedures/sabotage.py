"""Sabotage N: the Corp trashes N cards in all, those it chooses from HQ and the rest from
the top of R&D, all at once.

How many may come from HQ depends on both zones: at least as many as R&D cannot
supply, and when the two together hold fewer than N cards, every card of both.
"""

from __future__ import annotations

from rulesref.games.netrunner.procedures.choices import choose_card, choose_card_or_none
from rulesref.games.netrunner.procedures.costs import plural
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table


def _choose_from_hq(game: Table, least: int, most: int, *, cause: str) -> list[NetrunnerCard]:
    chosen: list[NetrunnerCard] = []
    while len(chosen) < most:
        left = [c for c in game.corp.hq if c not in chosen]
        question = (
            f"{cause}: trash which card from HQ ({len(chosen)} chosen, {least} to {most} from HQ)?"
        )
        if len(chosen) < least:
            card = choose_card(game, "corp", question, "rule_sabotage_hq_first", left)
        else:
            found = choose_card_or_none(
                game, "corp", question, "rule_sabotage_resolution", left, none="no more"
            )
            if found is None:
                break
            card = found
        chosen.append(card)
    return chosen


def sabotage(game: Table, amount: int, *, cause: str) -> None:
    """The Corp resolves "sabotage ``amount``" (``cause`` says whose)."""
    hq, rnd = game.corp.hq, game.corp.rnd
    game.log.record("rule_sabotage", f"{cause}: sabotage {amount}")
    with game.log.nested():
        if len(hq) + len(rnd) < amount:
            game.log.record(
                "rule_sabotage_all_remaining_cards",
                f"HQ and R&D hold {plural(len(hq) + len(rnd), 'card')}, fewer than {amount}: "
                "the Corp trashes every card of both",
            )
            from_hq, from_rnd = list(hq), len(rnd)
        else:
            least = max(0, amount - len(rnd))
            if least:
                game.log.record(
                    "rule_sabotage_hq_first",
                    f"R&D holds {plural(len(rnd), 'card')}: at least {least} must come from HQ",
                )
            from_hq = _choose_from_hq(game, least, min(amount, len(hq)), cause=cause)
            from_rnd = amount - len(from_hq)
        top = list(rnd[:from_rnd])
        game.log.record(
            "rule_sabotage_resolution",
            f"the Corp trashes {plural(len(from_hq), 'card')} from HQ and the top "
            f"{plural(len(top), 'card')} of R&D, all at once",
        )
        if from_hq or top:
            trash(game, [*from_hq, *top], by="corp", cause=f"sabotage {amount} ({cause})")
