"""Build the card facts table that ships inside the package.

The source is the NetrunnerDB export in ``../shared/reference`` (facts only,
no card text).  The table is keyed by title so ``{card:Name}`` look-ups are
one dict access; only the fields the site shows are kept, which keeps the
wheel small and guarantees no card text can slip in.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

FIELDS = (
    "id", "title", "side_id", "card_type_id", "faction_id", "subtypes", "cost",
    "memory_cost", "strength", "trash_cost", "agenda_points", "advancement_requirement",
    "base_link", "influence_cost", "is_unique", "deck_limit", "printings",
)


def main(argv: list[str]) -> int:
    default = Path("../shared/reference/netrunnerdb-card-facts.json")
    source = Path(argv[1]) if len(argv) > 1 else default
    target = Path(__file__).resolve().parent.parent / "src/rulesref/data/cards.json"
    raw = json.loads(source.read_text(encoding="utf-8"))
    cards = {}
    for card in raw["cards"]:
        cards[card["title"]] = {k: card[k] for k in FIELDS if k in card}
    payload = {"source": raw["source"], "cards": dict(sorted(cards.items()))}
    text = json.dumps(payload, ensure_ascii=False, indent=0)
    target.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {len(cards)} cards to {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
