"""Generated pages: glossary, card index, drafting status."""

from __future__ import annotations

from pathlib import Path

from sphinx.testing.util import SphinxTestApp
from sphinx_site import BASIC, DRAFTING, href_to, page

from rulesref.cards import card_table
from rulesref.checks import unresolved_references
from rulesref.errors import Severity
from rulesref.model import term_key
from rulesref.sphinx.domain import rules_domain
from rulesref.sphinx.features.lists.cardindex import card_anchor
from rulesref.sphinx.registry import registry


def built(app: SphinxTestApp) -> Path:
    app.build()
    return Path(app.outdir)


@BASIC
def test_glossary_lists_every_term_alphabetically_with_its_rule(app: SphinxTestApp) -> None:
    out = built(app)
    for book in registry(app.env):
        glossary = page(out, book.glossary_page)
        entries = glossary.root.find_all("dt")
        keys = [term_key(dt.text()) for dt in entries]
        assert keys == sorted({term.key for term, _ in book.book.terms()})
        letters = [s.find("h2").text().rstrip("¶") for s in glossary.root.find_all("section")
                   if "rr-glossary-letter" in s.classes]
        assert letters == sorted({k[0].upper() if k[0].isalpha() else "#" for k in keys})
        for dt in entries:
            definitions = book.terms[term_key(dt.text())]
            first = definitions[0]
            link = dt.find("a")
            assert link is not None
            assert link.attrs["href"] == href_to(book.glossary_page, book.item_page(first.item),
                                                 first.anchor)
            body = dt.next_element()
            assert body is not None and body.tag == "dd"
            text = " ".join(body.text().split())
            for definition in definitions:
                item = definition.item
                assert f"{item.reference_word} {item.number}:" in text
                assert " ".join(item.plain.split())[:40] in text


@BASIC
def test_glossary_lists_both_places_of_an_acknowledged_duplicate(app: SphinxTestApp) -> None:
    out = built(app)
    glossary = page(out, "rules/netrunner-cr/glossary")
    entry = glossary.by_id("glossary-netrunner-cr-arrange").next_element()
    assert entry is not None
    text = " ".join(entry.text().split())
    assert "rule 8.2.3: To arrange a set of cards" in text
    assert "Also defined in section 8.3.1:" in text
    assert "Defined twice: rule 8.2.3 summarises the arrange movement" in text


@BASIC
def test_term_definitions_have_anchors_and_case_insensitive_lookup(app: SphinxTestApp) -> None:
    out = built(app)
    chapter = page(out, "rules/netrunner-cr/chpt_card_manipulation")
    term = chapter.by_id("term-netrunner-cr-rez")
    assert "rr-term" in term.classes and term.text() == "rez"
    domain = rules_domain(app.env)
    for spelling in ("rez", "Rez", "REZ", "netrunner-cr:Rez"):
        found = domain.find_term(spelling)
        assert found is not None and found[2].anchor == "term-netrunner-cr-rez", spelling
    assert chapter.by_id("term-netrunner-cr-arrange-2").text() == "arrange"


@BASIC
def test_card_index_lists_every_card_with_facts_and_mentions(app: SphinxTestApp) -> None:
    out = built(app)
    table = card_table()
    for book in registry(app.env):
        if not book.cards:
            continue
        index = page(out, book.cards_page)
        names = {(table.get(n).title if table.get(n) else n) for n in book.cards}
        shown = {dt.text() for dt in index.root.find_all("dt")}
        assert {s.removesuffix(" (unknown card)") for s in shown} == names
        for name, mentions in book.cards.items():
            facts = table.get(name)
            entry = index.by_id(card_anchor(facts.title if facts else name)).next_element()
            assert entry is not None
            body = " ".join(entry.text().split())
            assert (facts.summary() if facts else "Not in the card table.") in body
            hrefs = {a.attrs["href"] for a in entry.find_all("a", "rr-ref")}
            for mention in mentions:
                target = mention.example.anchor if mention.example else mention.item.id
                assert href_to(book.cards_page, book.item_page(mention.item), target) in hrefs
    cards = page(out, "rules/netrunner-cr/cards")
    harbinger = cards.by_id("card-harbinger")
    assert harbinger.find("a", "rr-card").attrs["href"].startswith("https://netrunnerdb.com/")
    mentions = harbinger.next_element()
    assert mentions is not None and "section 8.2.2, example 1" in mentions.text()


@DRAFTING
def test_drafting_status_lists_every_unresolved_reference(app: SphinxTestApp) -> None:
    out = built(app)
    drafting = page(out, "rules/drafting")
    for book in registry(app.env):
        part = drafting.by_id(f"drafting-{book.slug}")
        table = part.find("table", "rr-unresolved-table")
        refs = list(unresolved_references(book.book))
        if not refs:
            assert table is None
            continue
        assert table is not None
        rows = [[" ".join(td.text().split()) for td in tr.find_all("td")]
                for tr in table.find("tbody").find_all("tr")]
        expected = [[book.where(ref.pos),
                     f"{ref.item.reference_word} {ref.item.number} {ref.item.id}",
                     "TODO" if ref.is_todo else ref.target] for ref in refs]
        assert rows == expected
        notes = [d for d in book.diagnostics if d.severity is Severity.NOTE]
        for note in notes:
            assert note.reason in part.text()
    cr = drafting.by_id("drafting-netrunner-cr")
    assert "seeds/netrunner-cr/08_card_manipulation.yaml:119" in cr.text()
    assert "sec_trashing" in cr.text()
    mini = " ".join(drafting.by_id("drafting-mini").text().split())
    assert "rules.duplicate-term" in mini and "rules.unknown-card" in mini
    assert "rules.unknown-key" in mini and "rules.missing-image" in mini
