"""IDs as rules teams write them (``rule_1+``, ``a"b``, ``x<y>``, one ID written
twice) on the site (the ``anchors`` root): every HTML anchor is the safe one
(:attr:`rulesref.model.Item.anchor`), references and the domain keep the ID
as written, and an item that could not be read holds its number."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from sphinx.testing.util import SphinxTestApp
from sphinx.util.inventory import InventoryFile
from sphinx_site import ROOTS, Element, Page, page, parse, previews

from rulesref import library
from rulesref.identifiers import ID_PATTERN, anchor_for
from rulesref.model import Item, Kind
from rulesref.sphinx.features.search import chapter_records
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.registry import registry
from rulesref.sphinx.targets import numbered_items

ANCHORS = pytest.mark.sphinx("html", testroot="anchors", srcdir="rr-anchors")
SAFE = re.compile(ID_PATTERN)
SLUG = "anc"


@pytest.fixture
def site(app: SphinxTestApp) -> tuple[SphinxTestApp, Path]:
    app.build()
    return app, Path(app.outdir)


def book_of(app: SphinxTestApp) -> LoadedBook:
    return registry(app.env).books[SLUG]


def item(book: LoadedBook, ident: str) -> Item:
    found = book.book.get(ident)
    assert found is not None, ident
    return found


def chapter_page(out: Path, book: LoadedBook, it: Item) -> Page:
    return page(out, book.item_page(it))


def fragments(element: Element) -> list[str]:
    """The anchors the references inside ``element`` lead to."""
    return [a.attrs["href"].split("#", 1)[1] for a in element.find_all("a", "rr-ref")
            if "#" in a.attrs.get("href", "")]


def anchors_and_links(out: Path) -> dict[str, tuple[list[str], list[str]]]:
    """Page → (its ids, the fragments of its links within the site)."""
    found = {}
    for path in sorted(out.rglob("*.html")):
        doc = parse(path)  # also fails on an id used twice on one page
        hrefs = [e.attrs["href"] for e in doc.root.iter() if "href" in e.attrs]
        local = [h.split("#", 1)[1] for h in hrefs
                 if "#" in h and not h.startswith(("http:", "https:", "mailto:"))]
        found[path.relative_to(out).as_posix()] = (sorted(doc.ids), local)
    return found


@ANCHORS
def test_every_anchor_and_link_on_the_site_is_safe(site: tuple[SphinxTestApp, Path]) -> None:
    app, out = site
    book = book_of(app)
    unsafe = [i.id for i in book.book.items() if not SAFE.fullmatch(i.id)]
    assert len(unsafe) >= 3  # the root has IDs an anchor may not hold
    pages = anchors_and_links(out)
    for name, (ids, links) in pages.items():
        assert [i for i in ids if not SAFE.fullmatch(i)] == [], name
        assert [f for f in links if f and not SAFE.fullmatch(f)] == [], name
    # Every item and example stands at its anchor on its chapter page.
    for it in book.book.items():
        doc = chapter_page(out, book, it)
        assert it.anchor in doc.ids, it.id
        for example in it.examples:
            assert example.anchor in doc.ids
    # No ID as written reaches the HTML unescaped, in an attribute or as text.
    for path in out.rglob("*.html"):
        source = path.read_text(encoding="utf-8")
        for ident in unsafe:
            if any(ch in ident for ch in '<>"&'):  # what HTML must escape
                assert ident not in source, (ident, path.name)


@ANCHORS
def test_references_and_permalinks_use_the_escaped_anchor(
    site: tuple[SphinxTestApp, Path],
) -> None:
    app, out = site
    book = book_of(app)
    plus, quote, angle = item(book, "rule_1+"), item(book, 'a"b'), item(book, "x<y>")
    assert plus.anchor == anchor_for("rule_1+") == "rule_1.2B"
    doc = chapter_page(out, book, plus)
    # {ref:rule_1+} in the next rule links to the escaped anchor.
    (text,) = doc.by_id(quote.anchor).own("p", "rr-text")
    refs = text.find_all("a", "rr-ref")
    assert [(a.attrs["href"], a.text()) for a in refs] == [("#rule_1.2B", "rule 1.1.1")]
    # The permalink of each rule (its number) and example (its label) is its anchor.
    for it in (plus, quote, angle):
        (own,) = doc.by_id(it.anchor).own("p", "rr-text")
        assert own.find("a", "rr-number").attrs["href"] == f"#{it.anchor}"  # type: ignore[union-attr]
    example = plus.examples[0]
    assert doc.by_id(example.anchor).find("a", "rr-example-label").attrs["href"] == (  # type: ignore[union-attr]
        f"#{example.anchor}")
    # Rule text is text: its markup-like words are escaped, not elements.
    assert "&lt;b&gt;stay&lt;/b&gt;" in doc.source and "<b>stay" not in doc.source
    # From another chapter page, and from an author's page ({rules:ref} by the ID).
    far = item(book, "rule_far")
    (far_text,) = chapter_page(out, book, far).by_id(far.anchor).own("p", "rr-text")
    assert fragments(far_text) == [plus.anchor, angle.anchor]
    assert {plus.anchor, example.anchor, quote.anchor} <= set(fragments(page(out, "index").root))


@ANCHORS
def test_an_id_written_twice_links_to_the_first(site: tuple[SphinxTestApp, Path]) -> None:
    app, out = site
    book = book_of(app)
    first, second = [i for i in book.book.items() if i.id == "rule_twice"]
    assert first.anchor == "rule_twice" and second.anchor != first.anchor
    doc = chapter_page(out, book, first)
    assert "second" in doc.by_id(second.anchor).text()
    (own,) = doc.by_id(second.anchor).own("p", "rr-text")
    assert own.find("a", "rr-number").attrs["href"] == f"#{second.anchor}"  # type: ignore[union-attr]
    (cites,) = doc.by_id(item(book, "rule_cites").anchor).own("p", "rr-text")
    assert fragments(cites) == [item(book, "rule_1+").anchor, first.anchor]
    # One search record and one short address for the ID: the first's.
    chapter = first.chapter
    listed = [it for it, _ in numbered_items(app.builder, book, chapter)]
    assert first in listed and second not in listed


def inventory(out: Path) -> Any:
    with (out / "objects.inv").open("rb") as stream:
        return InventoryFile.load(stream, "", lambda base, uri: uri)


@ANCHORS
def test_the_inventory_names_ids_as_written_and_links_their_anchors(
    site: tuple[SphinxTestApp, Path],
) -> None:
    app, out = site
    book = book_of(app)
    inv = inventory(out)
    for key, target in book.targets.items():
        entry = inv[f"rules:{target.objtype}"][f"{SLUG}:{key}"]
        assert entry.uri == f"{target.docname}.html#{target.anchor}"
        assert SAFE.fullmatch(target.anchor)
    assert inv["rules:rule"][f"{SLUG}:rule_1+"].uri.endswith("#rule_1.2B")
    quote = 'a"b'
    assert inv["rules:rule"][f"{SLUG}:{quote}"].uri.endswith(f"#{anchor_for(quote)}")
    assert inv["rules:rule"][f"{SLUG}:rule_twice"].uri.endswith("#rule_twice")
    assert inv["rules:example"][f"{SLUG}:rule_1+-example-1"].uri.endswith(
        "#rule_1.2B-example-1")


@ANCHORS
def test_previews_and_addresses_are_keyed_by_the_anchor(
    site: tuple[SphinxTestApp, Path],
) -> None:
    app, out = site
    book = book_of(app)
    shown = previews(out, SLUG)
    assert all(SAFE.fullmatch(anchor) for anchor in shown)
    assert shown["rule_1.2B"][0] == "rule 1.1.1"
    assert "rule_1+" not in shown
    for chapter in book.book.chapters:
        for it, url in numbered_items(app.builder, book, chapter):
            assert url.endswith(f"#{it.anchor}")
            assert it.kind is not Kind.TIMING_STRUCTURE  # its number is its owner's
    # The short address of a rule with an odd ID forwards to its anchor; a
    # section whose first item is a timing structure keeps its own address.
    short = (out / "r" / SLUG / "1.1.1" / "index.html").read_text(encoding="utf-8")
    assert 'content="../../../rules/anc/chpt_odd_ids.html#rule_1.2B"' in short
    sec = item(book, "sec'quoted")
    section_page = (out / "r" / sec.number / "index.html").read_text(encoding="utf-8")
    assert f"#{sec.anchor}" in section_page and "rulesref-choices" not in section_page


def ids_and_links(out: Path) -> dict[str, tuple[list[str], list[str]]]:
    return {name: value for name, value in anchors_and_links(out).items()
            if name.startswith("rules/")}


def test_escaped_anchors_are_the_same_in_every_build(make_app: Any, tmp_path: Path) -> None:
    builds = []
    for name in ("one", "two"):
        srcdir = tmp_path / name
        shutil.copytree(ROOTS / "test-anchors", srcdir)
        app = make_app("html", srcdir=srcdir)
        app.build()
        builds.append(ids_and_links(Path(app.outdir)))
    assert builds[0] == builds[1]
    ids = {i for ids, _ in builds[0].values() for i in ids}
    assert {"rule_1.2B", anchor_for('a"b'), anchor_for("x<y>")} <= ids  # escaped, not dropped


REASON = "a reason that quotes the source: SECRET-RAW-TEXT"


def test_an_item_that_could_not_be_read_shows_its_number_and_a_notice(
    make_app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a reader leaves of an item it could not read: its place and number,
    no text.  Readers make such items from broken sources; here one is made
    from a readable book, so the test needs no particular breakage."""
    real = library.load_book

    def with_placeholder(*args: Any, **kwargs: Any) -> Any:
        book = real(*args, **kwargs)
        broken = book.get("x<y>")
        assert broken is not None
        broken.text = ()
        broken.unreadable = REASON
        return book

    monkeypatch.setattr(library, "load_book", with_placeholder)
    srcdir = tmp_path / "site"
    shutil.copytree(ROOTS / "test-anchors", srcdir)
    app = make_app("html", srcdir=srcdir)
    app.build()
    out = Path(app.outdir)
    book = book_of(app)
    broken = item(book, "x<y>")
    doc = chapter_page(out, book, broken)
    box = doc.by_id(broken.anchor)
    assert "rr-unreadable" in box.classes
    (text,) = box.own("p", "rr-text")
    assert text.find("a", "rr-number").text() == broken.number  # type: ignore[union-attr]
    notice = text.find("span", "rr-unreadable-notice")
    assert notice is not None
    assert notice.text() == (
        f"This rule could not be read ({book.display(broken.pos)}:{broken.pos.line}).")
    assert "SECRET-RAW-TEXT" not in doc.source
    # References to it still read as its number and lead to it.
    far = item(book, "rule_far")
    (far_text,) = chapter_page(out, book, far).by_id(far.anchor).own("p", "rr-text")
    refs = [(a.text(), a.attrs["href"].split("#")[1]) for a in far_text.find_all("a", "rr-ref")]
    assert (f"rule {broken.number}", broken.anchor) in refs
    assert previews(out, SLUG)[broken.anchor][1] == "(could not be read)"
    # It has no words to search for.
    records = chapter_records(app, book, broken.chapter)
    assert records and not any(f'<div id="{broken.anchor}">' in html for html in records.values())
    assert any(f'<div id="{item(book, "rule_1+").anchor}">' in html for html in records.values())
