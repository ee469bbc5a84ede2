"""The card facts table shipped with rulesref (built by ``tools/build_card_table.py``).

Facts only: the project never stores card text.  Behaviour lives in the
engines and the text lives on NetrunnerDB, which :func:`netrunnerdb_url` links to.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

NETRUNNERDB_CARD_URL = "https://netrunnerdb.com/en/card/{code}"
NETRUNNERDB_SEARCH_URL = "https://netrunnerdb.com/find/?q={query}"


@dataclass(frozen=True)
class CardFacts:
    """What NetrunnerDB says about a card, minus its text."""

    id: str
    title: str
    side: str
    type: str
    faction: str
    subtypes: tuple[str, ...] = ()
    cost: int | None = None
    memory_cost: int | None = None
    strength: int | None = None
    trash_cost: int | None = None
    agenda_points: int | None = None
    advancement_requirement: int | None = None
    base_link: int | None = None
    influence_cost: int | None = None
    is_unique: bool = False
    deck_limit: int | None = None
    printings: tuple[str, ...] = field(default=())

    @property
    def url(self) -> str:
        return netrunnerdb_url(self)

    def summary(self) -> str:
        """One line of facts, as shown in a card link's tooltip and the card index."""
        parts = [self.side.title(), _label(self.type), _label(self.faction)]
        if self.subtypes:
            parts.append(" - ".join(_label(s) for s in self.subtypes))
        for name, value in (
            ("cost", self.cost),
            ("MU", self.memory_cost),
            ("strength", self.strength),
            ("trash cost", self.trash_cost),
            ("advancement requirement", self.advancement_requirement),
            ("agenda points", self.agenda_points),
            ("link", self.base_link),
            ("influence", self.influence_cost),
        ):
            if value is not None:
                parts.append(f"{name} {value}")
        if self.is_unique:
            parts.append("unique")
        return ", ".join(parts)

    def as_dict(self) -> dict[str, Any]:
        data = {k: v for k, v in self.__dict__.items() if v not in (None, (), False)}
        data["url"] = self.url
        return data


def _label(slug: str) -> str:
    special = {"haas_bioroid": "Haas-Bioroid", "nbn": "NBN", "ice": "Ice"}
    return special.get(slug, slug.replace("_", " ").title())


def netrunnerdb_url(card: CardFacts) -> str:
    if card.printings:
        return NETRUNNERDB_CARD_URL.format(code=card.printings[-1])
    return NETRUNNERDB_SEARCH_URL.format(query=card.title.replace(" ", "+"))


def _from_raw(raw: dict[str, Any]) -> CardFacts:
    return CardFacts(
        id=raw["id"],
        title=raw["title"],
        side=raw["side_id"],
        type=raw["card_type_id"],
        faction=raw["faction_id"],
        subtypes=tuple(raw.get("subtypes", ())),
        cost=raw.get("cost"),
        memory_cost=raw.get("memory_cost"),
        strength=raw.get("strength"),
        trash_cost=raw.get("trash_cost"),
        agenda_points=raw.get("agenda_points"),
        advancement_requirement=raw.get("advancement_requirement"),
        base_link=raw.get("base_link"),
        influence_cost=raw.get("influence_cost"),
        is_unique=bool(raw.get("is_unique", False)),
        deck_limit=raw.get("deck_limit"),
        printings=tuple(raw.get("printings", ())),
    )


class CardTable:
    """Title look-ups that ignore case, as rules authors type names loosely."""

    def __init__(self, cards: dict[str, CardFacts]) -> None:
        self._cards = cards
        self._folded = {title.casefold(): card for title, card in cards.items()}

    def get(self, title: str) -> CardFacts | None:
        return self._cards.get(title) or self._folded.get(title.casefold())

    def __getitem__(self, title: str) -> CardFacts:
        card = self.get(title)
        if card is None:
            raise KeyError(f"unknown card: {title!r}")
        return card

    def __contains__(self, title: object) -> bool:
        return isinstance(title, str) and self.get(title) is not None

    def __len__(self) -> int:
        return len(self._cards)


@cache
def card_table() -> CardTable:
    text = resources.files("rulesref").joinpath("data/cards.json").read_text(encoding="utf-8")
    raw = json.loads(text)
    return CardTable({title: _from_raw(card) for title, card in raw["cards"].items()})
