"""Keywords (rule 2.1): what an effect applies to is read from keyword lines, never titles."""

from __future__ import annotations

from rulesref.games.netrunner1996.state.objects import Card
from rulesref.games.netrunner1996.state.table import Table

KEYWORDS = "nr96_keywords_1"


def stolen_this_turn_with_keyword(game: Table, keyword: str) -> list[Card]:
    """The agendas stolen this turn that carry ``keyword``, read from keyword lines only."""
    found = []
    for card in game.all_cards():
        if card.serial not in game.stolen_this_turn:
            continue
        d = card.definition
        line = ", ".join(d.keywords) or "no keywords"
        if d.has_keyword(keyword):
            game.log.record(KEYWORDS, f"{d.title}'s keyword line ({line}) has {keyword}: it counts")
            found.append(card)
        else:
            game.log.record(
                KEYWORDS,
                f"{d.title}'s keyword line ({line}) lacks {keyword}; a title never counts",
            )
    return found
