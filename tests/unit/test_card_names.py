"""Card names as rules authors write them find NetrunnerDB's titles: any apostrophe,
accents, case, spacing, and an identity's short title where only it answers to it.
The names here are made up; the real rulebook's names are checked against the real
table below, read from the reference folder beside the project."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from real_rulebook import REFERENCE, reference
from rulesref.cards import CardFacts, CardTable, card_table, short_title, title_key

RULEBOOK = REFERENCE / "input"
#: The NetrunnerDB record of each card the release names, beside the release.
RULEBOOK_CARDS = REFERENCE.parent / "netrunner-cr-25.04-cards.json"
CARD_MARKUP = re.compile(r"\{card:([^{}]*)\}")


def card(title: str, kind: str = "program") -> CardFacts:
    return CardFacts(id=title_key(title).replace(" ", "_"), title=title, side="runner",
                     type=kind, faction="neutral_runner")


def table(*cards: CardFacts) -> CardTable:
    return CardTable({c.title: c for c in cards})


@pytest.mark.parametrize(
    ("written", "title"),
    [
        ("Zed's Pocket Lamp", "Zed\u2019s Pocket Lamp"),  # straight for typographic
        ("Zed\u2018s Pocket Lamp", "Zed\u2019s Pocket Lamp"),
        ("Zed\u02bcs Pocket Lamp", "Zed\u2019s Pocket Lamp"),
        ("Zed\u2032s Pocket Lamp", "Zed's Pocket Lamp"),
        ("\u201cQuiet Hours\u201d", '"Quiet Hours"'),
        ("Cafe Noir", "Caf\u00e9 Noir"),  # accents dropped
        ("Cafe\u0301 Noir", "Caf\u00e9 Noir"),  # a combining accent too
        ("cAfE nOiR", "Caf\u00e9 Noir"),
        ("  Cafe \t Noir ", "Caf\u00e9 Noir"),
        ("Cafe\nNoir", "Caf\u00e9 Noir"),
    ],
)
def test_a_loosely_written_name_finds_its_title(written: str, title: str) -> None:
    cards = table(card(title), card("Something Else"))
    assert cards.get(written) is cards[title]
    assert written in cards


def test_different_words_are_not_the_same_card() -> None:
    cards = table(card("Cafe Noir"))
    for written in ("Cafe Noirs", "CafeNoir", "Cafe-Noir", "Cafe", ""):
        assert cards.get(written) is None
        assert written not in cards


def test_an_identity_answers_to_its_short_title() -> None:
    ident = card("Vela Quist: Night Courier", "runner_identity")
    corp = card("Orrin Works: Quiet Engines", "corp_identity")
    cards = table(ident, corp, card("Vela Quist Reborn"))
    assert cards.get("Vela Quist") is ident
    assert cards.get("vela  quist") is ident
    assert cards.get("Orrin Works") is corp
    assert cards.get("Night Courier") is None  # the subtitle alone names nothing


def test_only_identities_have_short_titles() -> None:
    event = card("Tally Ho: The Sequel", "event")
    assert short_title(event) == ""
    assert table(event).get("Tally Ho") is None
    assert short_title(card("Nameless", "corp_identity")) == ""
    assert short_title(card("Vela Quist: Night Courier", "runner_identity")) == "Vela Quist"


def test_a_short_title_that_is_another_cards_title_finds_that_card() -> None:
    ident = card("Lantern: Keeper of Ways", "runner_identity")
    lantern = card("Lantern", "hardware")
    cards = table(ident, lantern)
    assert cards.get("Lantern") is lantern
    assert cards.get("lantern") is lantern  # the title, not the identity, even loosely


def test_a_short_title_two_identities_share_finds_neither() -> None:
    first = card("Mirren Group: Old Money", "corp_identity")
    second = card("Mirren Group: New Money", "corp_identity")
    cards = table(first, second)
    assert cards.get("Mirren Group") is None
    assert cards.get("Mirren Group: New Money") is second


def test_an_exact_title_wins_over_a_loose_match() -> None:
    straight = card("Zed's Lamp")
    curly = card("Zed\u2019s Lamp")
    cards = table(straight, curly)
    assert cards.get("Zed's Lamp") is straight
    assert cards.get("Zed\u2019s Lamp") is curly
    assert cards.get("zed\u02bcs lamp") is None  # both answer to it: neither is guessed


@given(st.text(max_size=30))
def test_the_normal_form_is_idempotent_and_blind_to_case_and_spacing(text: str) -> None:
    key = title_key(text)
    assert title_key(key) == key
    assert title_key(f"  {text.upper()}  ") == title_key(text.upper())
    assert key == key.strip() and "  " not in key


@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=30))
def test_an_ascii_title_takes_the_short_way_to_the_same_form(text: str) -> None:
    """ASCII skips Unicode normalisation; a combining mark sends the same text
    the long way, which drops the mark."""
    assert title_key(text) == title_key(f"{text}\u0301")


@given(st.text(alphabet=st.characters(categories=["L", "Nd"]), min_size=1, max_size=20))
def test_a_title_is_found_however_it_is_spaced_and_cased(title: str) -> None:
    cards = table(card(title), card(f"{title} {title}"))
    assert cards.get(f"  {title.casefold()} ") is cards[title]
    assert cards.get(f"{title}\t \t{title}".casefold()) is cards[f"{title} {title}"]


def test_the_table_is_one_dictionary_look_up_per_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """A title as written costs no normal form; the normal forms of the table are
    made once, at the first name not found as written, never again per look-up."""
    cards = table(card("Zed\u2019s Pocket Lamp"), card("Vela Quist: X", "runner_identity"))
    calls: list[str] = []
    import rulesref.cards as module

    real = module.title_key
    monkeypatch.setattr(module, "title_key", lambda text: calls.append(text) or real(text))
    assert cards.get("Zed\u2019s Pocket Lamp") is not None
    assert calls == []
    assert cards.get("zed's pocket lamp") is not None
    assert len(calls) > 2  # the table's forms, then the name's
    calls.clear()
    assert cards.get("vela quist") is not None
    assert cards.get("no such card") is None
    assert calls == ["vela quist", "no such card"]


def rulebook_card_names() -> list[str]:
    reference()  # skips, or fails in CI, without it
    names = {
        match[1]
        for path in sorted(RULEBOOK.glob("*.yaml"))
        for match in CARD_MARKUP.finditer(path.read_text(encoding="utf-8"))
    }
    assert names, f"no {{card:...}} in {RULEBOOK}"
    return sorted(names)


def test_every_card_the_real_rulebook_names_is_in_the_table() -> None:
    cards = card_table()
    unknown = [name for name in rulebook_card_names() if name not in cards]
    assert unknown == []


def test_each_name_of_the_real_rulebook_finds_the_card_netrunnerdb_has_for_it() -> None:
    names = rulebook_card_names()
    assert RULEBOOK_CARDS.is_file(), f"no {RULEBOOK_CARDS} beside the release"
    records = json.loads(RULEBOOK_CARDS.read_text(encoding="utf-8"))
    cards = card_table()
    wrong = {
        name: (found.id if (found := cards.get(name)) else None, records[name]["id"])
        for name in names
        if name in records and (cards.get(name) is None or cards[name].id != records[name]["id"])
    }
    assert wrong == {}
    assert any(name in records for name in names)
