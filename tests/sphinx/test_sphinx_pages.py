"""Chapter pages: anchors equal to IDs, official numbers, permalinks, references."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.testing.util import SphinxTestApp
from sphinx_site import (
    BASIC,
    DRAFTING,
    PREVIEWS,
    Element,
    Page,
    href_to,
    page,
    page_previews,
    previews,
    writable_site,
)

from rulesref.checks import unresolved_references
from rulesref.model import Kind, Ref, Rulebook
from rulesref.numbering import reference_text
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.registry import registry


def built(app: SphinxTestApp) -> Path:
    app.build()
    return Path(app.outdir)


def number_of(element: Element) -> str:
    """The number shown by a rule (its own paragraph) or a section (its heading)."""
    head = element.own("p", "rr-text") or [e for e in element.own() if e.tag[:1] == "h"]
    assert head, f"{element.id} shows no text"
    # A rule's number is its permalink; a heading has Sphinx's beside its number.
    links = [a for a in head[0].own("a") if {"headerlink", "rr-number"} & set(a.classes)]
    assert [a.attrs["href"] for a in links] == [f"#{element.id}"], f"{element.id}: permalink"
    number = head[0].find("a", "rr-number") or head[0].find("span", "rr-number")
    return number.text() if number is not None else ""  # an unnumbered one-chapter book


@BASIC
def test_every_item_has_its_id_as_anchor_and_shows_its_number(app: SphinxTestApp) -> None:
    out = built(app)
    reg = registry(app.env)
    assert {"netrunner-cr", "mini"} <= set(reg.books)
    seen = 0
    for book in reg:
        for item in book.book.items():
            element = page(out, book.item_page(item)).by_id(item.id)
            seen += 1
            if item.kind in (Kind.TIMING, Kind.TIMING_STRUCTURE):  # list items, see test_format
                continue
            assert number_of(element) == item.number
            assert f"rr-{item.kind.value}" in element.classes
        for item, example in book.book.examples():
            element = page(out, book.item_page(item)).by_id(example.anchor)
            assert "rr-example" in element.classes
            assert element.find("a", "rr-example-label").attrs["href"] == f"#{example.anchor}"
    cr = reg.books["netrunner-cr"].book
    assert seen >= sum(1 for _ in cr.items()) == 92


@BASIC
def test_chapters_and_sections_are_document_sections(app: SphinxTestApp) -> None:
    out = built(app)
    chapter = page(out, "rules/netrunner-cr/chpt_card_manipulation")
    assert chapter.by_id("chpt_card_manipulation").tag == "section"
    assert chapter.by_id("sec_faceup_facedown_status").tag == "section"
    assert chapter.by_id("sec_steps_of_drawing_n_cards").tag == "section"  # toc: subsection
    assert chapter.by_id("rule_rez_procedure").tag == "div"
    title = chapter.root.find("title")
    assert title is not None and title.text().startswith("8 Card Manipulation")


def paragraph_of(pg: Page, anchor: str) -> Element:
    element = pg.by_id(anchor)
    own = element.own("p")
    assert own, anchor
    return own[0]


def refs_in(book: Rulebook) -> list[tuple[Ref, str]]:
    """Every reference with the anchor of the paragraph it is written in."""
    found = []
    for node, item, example in book.inlines():
        if isinstance(node, Ref):
            found.append((node, example.anchor if example else item.id))
    return found


@BASIC
def test_every_reference_links_to_the_right_page_and_anchor(app: SphinxTestApp) -> None:
    out = built(app)
    checked = 0
    for book in registry(app.env):
        for ref, anchor in refs_in(book.book):
            items = [book.book.get(i) for i in ref.ids]
            owner = book.targets[anchor]
            para = paragraph_of(page(out, owner.docname), anchor)
            hrefs = {a.attrs["href"] for a in para.find_all("a", "rr-ref")}
            for ident, item in zip(ref.ids, items, strict=True):
                if item is None:
                    continue
                expected = href_to(owner.docname, book.item_page(item), ident)
                assert expected in hrefs, f"{anchor}: no link to {ident}"
            if all(items):
                wording = reference_text(items, through=ref.through, capital=ref.capital)
                assert wording in " ".join(para.text().split()), (anchor, wording)
                checked += 1
    assert checked >= 10


@BASIC
def test_reference_wording_and_targets(app: SphinxTestApp) -> None:
    out = built(app)
    zones = page(out, "rules/netrunner-cr/chpt_game_zones")
    link = paragraph_of(zones, "rule_move_between_zones").find("a", "rr-ref")
    assert link is not None
    assert link.text() == "section 8.2"
    assert link.attrs["href"] == "chpt_card_manipulation.html#sec_card_movements"
    # A link within the page's own book leaves the book to the page ("Go to rule" names it).
    assert not [c for c in link.classes if c.startswith("rr-book-")]
    html = (Path(out) / "rules/netrunner-cr/chpt_game_zones.html").read_text(encoding="utf-8")
    assert 'class="rr-goto" role="search"' in html and 'data-book="netrunner-cr"' in html
    mini = paragraph_of(page(out, "rules/mini/chpt_mini"), "rule_mini_refs")
    text = " ".join(mini.text().split())
    assert "See rules 1.1.1 and 1.1.3, steps 1.1.6a through 1.1.6c, Section 1.1.6," in text
    assert "rule 1.1.1, section 1.1.6, and step 1.1.6b" in text
    links = [(a.text(), a.attrs["href"]) for a in mini.find_all("a", "rr-ref")]
    assert links[:5] == [("1.1.1", "#rule_mini_script"), ("1.1.3", "#rule_mini_new"),
                         ("1.1.6a", "#step_mini_one"), ("1.1.6c", "#step_mini_three"),
                         ("Section 1.1.6", "#sec_mini_steps")]


@DRAFTING
def test_unresolved_references_are_visible(app: SphinxTestApp) -> None:
    out = built(app)
    book: LoadedBook = registry(app.env).books["netrunner-cr"]
    for ref in unresolved_references(book.book):
        para = paragraph_of(page(out, book.item_page(ref.item)), ref.item.id)
        badges = [b.text() for b in para.find_all("span", "rr-unresolved")]
        assert ("TODO" if ref.is_todo else f"unresolved: {ref.target}") in badges
    trash = paragraph_of(page(out, "rules/netrunner-cr/chpt_card_manipulation"),
                         "movement_trash")
    assert "unresolved: sec_trashing" in trash.text()
    todo = paragraph_of(page(out, "rules/netrunner-cr/chpt_game_zones"), "rule_rnd_name")
    assert [b.classes for b in todo.find_all("span", "rr-todo")] == [["rr-unresolved", "rr-todo"]]


@BASIC
def test_rule_text_is_escaped(app: SphinxTestApp) -> None:
    out = built(app)
    source = (out / "rules/mini/chpt_mini.html").read_text(encoding="utf-8")
    assert "<script>alert" not in source
    assert "&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; &lt;b&gt;" in source
    scripts = "".join(path.read_text(encoding="utf-8")
                      for path in sorted((out / PREVIEWS).rglob("*.js")))
    assert "<script" not in scripts and "\\u003cscript\\u003e" in scripts
    assert any("pwned" in str(entry) for entry in previews(out, "mini").values())


@BASIC
def test_symbols_new_text_links_and_images(app: SphinxTestApp) -> None:
    out = built(app)
    mini = page(out, "rules/mini/chpt_mini")
    para = paragraph_of(mini, "rule_mini_symbols")
    icons = para.find_all("span", "rr-icon")
    assert [(i.attrs["role"], i.attrs["aria-label"], i.text()) for i in icons] == [
        ("img", "click", "click"), ("img", "credit", "credit"),
        ("img", "recurring credit", "recurring credit"), ("img", "trash", "trash")]
    assert "rr-icon-click" in icons[0].classes
    assert [a.attrs["href"] for a in para.find_all("a") if "rr-number" not in a.classes] == [
        "https://netrunnerdb.com/"]
    assert para.find("span", "rr-link-unsafe").text() == "this"
    image = para.find("span", "rr-image-missing")
    assert image.attrs["role"] == "img" and image.text() == "[image: click icon]"
    assert para.find("span", "rr-subtype").text() == "Icebreaker"
    assert para.find("em", "rr-product").text() == "System Gateway"
    new = mini.by_id("rule_mini_new")
    assert "rr-new" in new.classes
    assert new.find("span", "rr-badge-new").text() == "new"
    assert new.find("span", "rr-new-text").text() == "new words"
    assert "rr-new" in mini.by_id("rule_mini_ping_again-example-2").classes


@BASIC
def test_cards_link_to_netrunnerdb_with_facts(app: SphinxTestApp) -> None:
    out = built(app)
    example = page(out, "rules/mini/chpt_mini").by_id("rule_mini_ping_again-example-1")
    card = example.find("a", "rr-card")
    assert card is not None and card.text() == "Harbinger"
    assert card.attrs["href"].startswith("https://netrunnerdb.com/en/card/")
    # Its facts are in the chapter's previews (its popover), not at each mention.
    assert "title" not in card.attrs
    (previews,) = page_previews(out, "mini").values()
    name, facts = previews[card.attrs["href"]]
    assert name == "Harbinger" and str(facts).startswith("Runner, Program")
    unknown = example.find("span", "rr-card-unknown")
    assert unknown is not None and unknown.text() == "Not A Real Card (unknown card)"


@BASIC
def test_roles_in_myst_pages(app: SphinxTestApp) -> None:
    out = built(app)
    authors = page(out, "authors")
    links = [(a.text(), a.attrs["href"]) for a in authors.root.find_all("a")
             if "rr-ref" in a.classes or "rr-term-ref" in a.classes]
    cm = "rules/netrunner-cr/chpt_card_manipulation.html"
    assert links == [
        ("rule 8.1.2e", f"{cm}#rule_rez_procedure"),
        ("the rez procedure", f"{cm}#rule_rez_procedure"),
        ("section 8.1.2", f"{cm}#sec_rez"),
        ("8.1.2e", f"{cm}#rule_rez_procedure"),
        ("Rez", f"{cm}#term-netrunner-cr-rez"),  # look-ups ignore case
        ("rezzing", f"{cm}#term-netrunner-cr-rez"),
        ("section 8.2.2, example 1", f"{cm}#sec_replacing_movements-example-1"),
        ("step 1.1.6b", "rules/mini/chpt_mini.html#step_mini_two"),
        ("rule 8.1.2e", f"{cm}#rule_rez_procedure"),  # {any} finds it too
    ]
    card = authors.root.find("a", "rr-card")
    assert card is not None and card.text() == "Harbinger" and card.attrs["title"]
    assert "unresolved: no_such_rule" in [s.text() for s in
                                          authors.root.find_all("span", "rr-unresolved")]


@BASIC
def test_home_and_book_pages(app: SphinxTestApp) -> None:
    out = built(app)
    home = page(out, "index")
    titles = [p.find("a").text() for p in home.root.find_all("p", "rr-books-title")]
    reg = registry(app.env)
    assert titles == [book.title for book in reg]
    index = page(out, "rules/netrunner-cr/index")
    entries = [a.text() for a in index.root.find("ul", "rr-contents").find_all("a")]
    assert entries[:4] == ["4 Game Zones", "4.1 General", "4.2 Deck", "4.2.7 R&D"]
    # The readers' build: no Drafting status page (see test_sphinx_audience.py).
    assert {a.text() for a in index.root.find("p", "rr-book-pages").find_all("a")} == {
        "Glossary", "Card index"}
    chapter = page(out, "rules/netrunner-cr/chpt_card_manipulation")
    sidebar = chapter.root.find("div", "sphinxsidebar")
    assert "8.4.5 Steps of Drawing N Cards" in " ".join(sidebar.text().split())


def test_other_extensions_can_add_to_examples_and_items(make_app, tmp_path: Path) -> None:
    """The hook for scenarios beside examples and coverage marks beside rules."""
    from docutils import nodes

    srcdir = writable_site(tmp_path / "site")
    app: SphinxTestApp = make_app("html", srcdir=srcdir)

    def beside_example(app: object, book: str, item: object, example: Any,
                       box: nodes.container) -> None:
        assert isinstance(book, str)  # the slug: no event carries a whole book
        box += nodes.paragraph("", f"scenario for {example.anchor}", classes=["scenario"])

    def beside_item(app: object, book: str, item: Any, node: nodes.Element) -> None:
        assert isinstance(book, str)
        node["classes"].append("covered")

    app.connect("rulesref-render-example", beside_example)
    app.connect("rulesref-render-item", beside_item)
    app.build()
    mini = page(Path(app.outdir), "rules/mini/chpt_mini")
    example = mini.by_id("rule_mini_ping_again-example-2")
    assert example.find("p", "scenario").text() == (
        "scenario for rule_mini_ping_again-example-2")
    assert "covered" in mini.by_id("rule_mini_script").classes
    assert "covered" in mini.by_id("sec_mini_steps").classes
