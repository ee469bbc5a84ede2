"""The card facts table shipped with rulesref (built by ``tools/build_card_table.py``).

Facts only: the project never stores card text.  Behaviour lives in the
engines and the text lives on NetrunnerDB, which :func:`netrunnerdb_url` links to.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable, Iterator
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


#: Marks that stand for an apostrophe or a quotation mark in a title, as keyboards,
#: word processors and NetrunnerDB variously write them.
_QUOTES = str.maketrans(
    {
        **dict.fromkeys("\u2018\u2019\u201a\u201b\u02bc\u02b9\u2032\u0060\u00b4\uff07", "'"),
        **dict.fromkeys("\u201c\u201d\u201e\u201f\u2033\u00ab\u00bb\uff02", '"'),
    }
)
#: Card types whose title is "short title: subtitle", and which rules name by the short title.
IDENTITY_TYPES = frozenset({"corp_identity", "runner_identity"})


def title_key(title: str) -> str:
    """The form under which a written card name matches a title: apostrophes and
    quotation marks of any kind alike, accents dropped (NFKD without combining
    marks), case folded, inner whitespace runs made one space."""
    if title.isascii():  # most titles: NFKD changes nothing and no mark is combining
        return " ".join(title.translate(_QUOTES).casefold().split())
    # Quotes are mapped before NFKD (which splits U+00B4 into a space and a mark)
    # and after it (which makes U+0149 an U+02BC and a letter).
    text = unicodedata.normalize("NFKD", title.translate(_QUOTES).casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(text.translate(_QUOTES).casefold().split())


def short_title(card: CardFacts) -> str:
    """An identity's name before its subtitle ("Name" of "Name: Subtitle"), or ""."""
    return _short_title(card.title, card.type)


def _short_title(title: str, card_type: str) -> str:
    if card_type not in IDENTITY_TYPES:
        return ""
    short, colon, _subtitle = title.partition(": ")
    return short if colon and short.strip() else ""


class CardTable:
    """Title look-ups as rules authors write names: the exact title first, then
    :func:`title_key` of a title, then of an identity's short title where no other
    card answers to it.  A form two cards share finds neither: the author must
    write the title as NetrunnerDB does.

    Made for every build, which looks up some dozens of the 2,000 cards: each
    card's facts are made when first asked for, and the loose forms when a
    title is first not found as written (together 0.04 s of a one-word rebuild)."""

    def __init__(self, cards: dict[str, CardFacts] | None = None, *,
                 raw: dict[str, dict[str, Any]] | None = None) -> None:
        self._made: dict[str, CardFacts] = dict(cards or {})
        self._raw: dict[str, dict[str, Any]] = dict(raw or {})
        #: Every title, in the order given (cards, then raw records).
        self._titles = list(dict.fromkeys([*self._made, *self._raw]))
        self._loose_index: dict[str, str] | None = None

    def _exact(self, title: str) -> CardFacts | None:
        card = self._made.get(title)
        if card is None and title in self._raw:
            card = self._made[title] = _from_raw(self._raw[title])
        return card

    def _all(self) -> dict[str, CardFacts]:
        return {title: card for title in self._titles if (card := self._exact(title))}

    @property
    def _loose(self) -> dict[str, str]:
        """Loose form → the one title that has it (titles and types read from the
        records, no card's facts made)."""
        if self._loose_index is None:
            by_title = _grouped((title_key(title), title) for title in self._titles)
            by_short = _grouped(
                (title_key(short), title) for title in self._titles
                if (short := _short_title(title, self._type(title)))
            )
            loose = {key: found[0] for key, found in by_title.items() if len(found) == 1}
            for key, found in by_short.items():
                if len(found) == 1 and key not in by_title:
                    loose[key] = found[0]
            self._loose_index = loose
        return self._loose_index

    def _type(self, title: str) -> str:
        made = self._made.get(title)
        return made.type if made is not None else str(self._raw[title]["card_type_id"])

    def get(self, title: str) -> CardFacts | None:
        found = self._exact(title)
        if found is None and (loose := self._loose.get(title_key(title))) is not None:
            found = self._exact(loose)
        return found

    def __getitem__(self, title: str) -> CardFacts:
        card = self.get(title)
        if card is None:
            raise KeyError(f"unknown card: {title!r}")
        return card

    def __contains__(self, title: object) -> bool:
        return isinstance(title, str) and self.get(title) is not None

    def __len__(self) -> int:
        return len(self._titles)

    def __iter__(self) -> Iterator[CardFacts]:
        return iter(self._all().values())


def _grouped(pairs: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = {}
    for key, card in pairs:
        groups.setdefault(key, []).append(card)
    return groups


@cache
def card_table() -> CardTable:
    text = resources.files("rulesref").joinpath("data/cards.json").read_text(encoding="utf-8")
    return CardTable(raw=json.loads(text)["cards"])
