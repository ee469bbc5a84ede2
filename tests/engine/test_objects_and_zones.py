"""Zones keep each card in exactly one place, and moving makes a new object."""

from __future__ import annotations

import pytest

from rulesref.engine.objects import Card, ObjectIds
from rulesref.engine.zones import Visibility, Zone, Zones


def make_zones() -> tuple[Zones[Card], Zone[Card], Zone[Card], ObjectIds]:
    ids = ObjectIds()
    zones: Zones[Card] = Zones(ids)
    deck = zones.add(Zone("deck", "Deck", Visibility.HIDDEN, owner="p1", ordered=True))
    hand = zones.add(Zone("hand", "Hand", Visibility.SECRET, owner="p1"))
    return zones, deck, hand, ids


def test_moving_keeps_a_card_in_exactly_one_zone_and_makes_a_new_object() -> None:
    zones, deck, hand, ids = make_zones()
    card = Card("A", "p1", serial=1, object_id=ids.next())
    zones.put(card, deck)
    ref = card.ref()
    zones.move(card, hand)
    assert card in hand and card not in deck
    assert [c.title for c in zones.cards()] == ["A"]
    assert ref.current is None, "the old object identity is gone"
    assert ref.follow().current is card


def test_moving_clears_counters_of_the_old_object() -> None:
    zones, deck, hand, ids = make_zones()
    card = Card("A", "p1", serial=1, object_id=ids.next())
    zones.put(card, deck)
    card.counters["power"] = 2
    zones.move(card, hand)
    assert card.counters["power"] == 0


def test_renew_changes_identity_without_moving() -> None:
    zones, deck, _, ids = make_zones()
    card = Card("A", "p1", serial=1, object_id=ids.next())
    zones.put(card, deck)
    ref = card.ref()
    zones.renew(card)
    assert card.zone is deck and ref.current is None


def test_deck_positions_count_from_the_top() -> None:
    zones, deck, _, ids = make_zones()
    cards = [Card(t, "p1", serial=i, object_id=ids.next()) for i, t in enumerate("ABC")]
    for card in cards:
        zones.put(card, deck)
    zones.move(cards[2], deck, index=0)
    assert [deck.position(c) for c in cards] == [2, 3, 1]


def test_a_card_cannot_be_put_into_two_zones() -> None:
    zones, deck, hand, ids = make_zones()
    card = Card("A", "p1", serial=1, object_id=ids.next())
    zones.put(card, deck)
    with pytest.raises(ValueError):
        zones.put(card, hand)


def test_each_zone_kind_and_owner_exists_once() -> None:
    zones, *_ = make_zones()
    with pytest.raises(ValueError):
        zones.add(Zone("deck", "Other deck", Visibility.HIDDEN, owner="p1"))
