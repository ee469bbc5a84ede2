"""Deck construction: the influence a deck spends and the agenda points it must hold.

Influence is counted per copy of each out-of-faction card (neutral cards are out of
faction too); a Corp deck's agenda points must fall in the range its size sets,
which grows by 2 for every full 5 cards beyond 50.  Cards from the wrong side,
identities, and out-of-faction cards with no influence cost are refused.  The
identity's influence limit and minimum deck size are not in the card table, so they
are not checked here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rulesref.cards import CardFacts, card_table
from rulesref.engine.errors import BadSetup

#: (smallest size, largest size or None, fewest agenda points, rule).
AGENDA_POINT_BANDS = (
    (40, 44, 18, "rule_40_44"),
    (45, 49, 20, "rule_45_49"),
    (50, 54, 22, "rule_50_54"),
)


@dataclass(frozen=True)
class DeckReport:
    identity: str
    size: int
    #: Influence spent, by card title (only out-of-faction cards), counted per copy.
    influence: dict[str, int] = field(default_factory=dict)
    agenda_points: int = 0
    #: The two legal totals of agenda points (a Corp deck of 40 cards or more).
    agenda_points_required: tuple[int, int] | None = None
    #: Why the deck is not legal, each with the rule it breaks.
    problems: tuple[str, ...] = ()

    @property
    def total_influence(self) -> int:
        return sum(self.influence.values())


def agenda_points_required(size: int) -> tuple[tuple[int, int], str] | None:
    """The agenda points a Corp deck of ``size`` cards must hold, and the rule."""
    for low, high, points, rule in AGENDA_POINT_BANDS:
        if low <= size <= high:
            return (points, points + 1), rule
    if size > 54:
        extra = 2 * ((size - 50) // 5)
        return (22 + extra, 23 + extra), "rule_54+"
    return None


def _facts(title: str) -> CardFacts:
    facts = card_table().get(title)
    if facts is None:
        raise BadSetup(f"{title!r} is not a card of the card table", "cards")
    return facts


def check_deck(identity: str, cards: Mapping[str, int]) -> DeckReport:
    """Count the influence and agenda points of a deck of ``cards`` (title -> copies) for
    ``identity``, and say which of these rules it breaks."""
    who = _facts(identity)
    if not who.type.endswith("_identity"):
        raise BadSetup(f"{identity!r} is not an identity", "identity")
    problems: list[str] = []
    influence: dict[str, int] = {}
    points = 0
    size = 0
    for title, copies in cards.items():
        if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
            raise BadSetup(f"{title}: the number of copies must be 1 or more, not {copies!r}")
        facts = _facts(title)
        size += copies
        if facts.side != who.side or facts.type.endswith("_identity"):
            problems.append(f"{facts.title} cannot be in this deck (rule_disallowed_cards)")
            continue
        if facts.faction != who.faction:
            if facts.influence_cost is None:
                problems.append(
                    f"{facts.title} is out of faction and has no influence cost "
                    "(rule_disallowed_cards)"
                )
                continue
            if facts.influence_cost:
                influence[facts.title] = copies * facts.influence_cost
        points += copies * (facts.agenda_points or 0)
    required = agenda_points_required(size) if who.side == "corp" else None
    if required is not None:
        (low, high), rule = required
        if not low <= points <= high:
            problems.append(
                f"{size} cards must hold {low} or {high} agenda points, not {points} "
                f"(rule_agenda_points, {rule})"
            )
    return DeckReport(
        who.title,
        size,
        influence,
        points,
        None if required is None else required[0],
        tuple(problems),
    )
