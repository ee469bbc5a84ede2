"""Rule text folded away from Sphinx's transforms (rulesref.sphinx.features.folding): the
pages are written exactly as without it, with fewer nodes for Sphinx to walk."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from docutils import nodes
from docutils.frontend import get_default_settings
from docutils.parsers.rst import Parser
from docutils.utils import new_document
from sphinx.addnodes import pending_xref
from sphinx.testing.util import SphinxTestApp
from sphinx_site import html_files, writable_site

from rulesref.cards import card_table
from rulesref.sphinx.features import folding
from rulesref.sphinx.nodes import FOLD_WITHIN
from rulesref.sphinx.registry import registry


def paragraph(*children: nodes.Node, classes: tuple[str, ...] = ("rr-text",)) -> nodes.paragraph:
    return nodes.paragraph("", "", *children, classes=list(classes))


def xref(domain: str, reftype: str = "rule") -> pending_xref:
    return pending_xref("", nodes.inline("rule 1.1", "rule 1.1"), refdomain=domain,
                        reftype=reftype, reftarget="book:rule_x")


def test_only_paragraphs_of_rule_text_with_inline_markup_are_folded() -> None:
    document = new_document("test", get_default_settings(Parser))
    cases = {
        "words and a rules link": paragraph(nodes.Text("See "), xref("rules"),
                                            nodes.strong("", "", nodes.Text("now"))),
        "an image": paragraph(nodes.Text("See "), nodes.image(uri="x.png")),
        "a scenario count's link to its box": paragraph(
            nodes.Text("See "), nodes.inline("", "", xref("std", "ref"))),
        "a line of links to scenario boxes": paragraph(
            xref("std", "ref"), classes=("rr-scenario-refs",)),
        "another domain's link": paragraph(nodes.Text("See "), xref("std", "doc")),
        "another paragraph": paragraph(nodes.Text("Words"), classes=("rr-note",)),
    }
    for case in cases.values():
        document += case
    # Paragraphs of no class of their own: folded inside an element so marked.
    marked, unmarked = nodes.container(), nodes.container()
    marked[FOLD_WITHIN] = True
    story, other = paragraph(nodes.Text("A story"), classes=()), paragraph(
        nodes.Text("Words"), classes=())
    marked += nodes.container("", story)
    unmarked += other
    document += [marked, unmarked]
    folding.FoldRuleText(document).apply()
    assert isinstance(story[0], folding.rr_folded) and isinstance(other[0], nodes.Text)
    folded = {name for name, para in cases.items()
              if len(para.children) == 1 and isinstance(para[0], folding.rr_folded)}
    assert folded == {"words and a rules link", "a scenario count's link to its box",
                      "a line of links to scenario boxes"}
    kept = cases["words and a rules link"][0]
    assert isinstance(kept, folding.rr_folded)
    assert [type(node).__name__ for node in kept.stored] == ["Text", "pending_xref", "strong"]
    # The transforms that run after this one see no link in it.
    assert len(list(document.findall(pending_xref))) == 1


def entry(*definition: nodes.Node) -> nodes.definition_list_item:
    return nodes.definition_list_item("", nodes.term("", "", xref("rules", "term")),
                                      nodes.definition("", *definition))


def test_the_glossary_and_card_lists_are_folded_whole_when_they_hold_only_words() -> None:
    document = new_document("test", get_default_settings(Parser))
    words = paragraph(nodes.Text("A turn is "), xref("rules"),
                      classes=("rr-glossary-definition",))
    glossary = nodes.definition_list("", entry(words), classes=["rr-glossary-list"])
    pictured = paragraph(nodes.Text("See "), nodes.image(uri="x.png"),
                         classes=("rr-glossary-definition",))
    defined = paragraph(nodes.Text("Defined"), classes=("rr-glossary-definition",))
    with_image = nodes.definition_list("", entry(defined), entry(pictured),
                                       classes=["rr-glossary-list"])
    titled = nodes.definition_list("", nodes.definition_list_item(
        "", nodes.title("", "Title"), nodes.definition("", paragraph(nodes.Text("x")))),
        classes=["rr-card-list"])
    other = nodes.definition_list("", entry(paragraph(nodes.Text("y"), classes=())))
    document += [glossary, with_image, titled, other]
    folding.FoldRuleText(document).apply()
    assert len(glossary.children) == 1 and isinstance(glossary[0], folding.rr_folded)
    assert [type(node).__name__ for node in glossary[0].stored] == ["definition_list_item"]
    # An image keeps its list unfolded: its paragraphs of words are folded one by one.
    assert isinstance(defined[0], folding.rr_folded)
    assert not isinstance(pictured[0], folding.rr_folded)
    for kept in (with_image, titled, other):
        assert not any(isinstance(child, folding.rr_folded) for child in kept.children)
    # The transforms that run after this one see neither its terms' links nor its words.
    assert sum(1 for node in document.findall(pending_xref)) == 3


@pytest.mark.parametrize("copy", ["copy", "deepcopy"])
def test_a_copy_keeps_the_folded_words(copy: str) -> None:
    holder = folding.rr_folded()
    holder.stored = [nodes.Text("words")]
    twin = getattr(holder, copy)()
    assert [str(node) for node in twin.stored] == ["words"]


def in_scenario_box(node: nodes.Node) -> bool:
    parent = node.parent
    while parent is not None:
        if "rr-scenario" in parent.get("classes", []):
            return True
        parent = parent.parent
    return False


def with_library(srcdir: Path) -> Path:
    """The site with the library's scenarios shown (their count in rules' text)."""
    conf = srcdir / "conf.py"
    conf.write_text(conf.read_text(encoding="utf-8").replace(
        "rulesref_scenario_library = False", "rulesref_scenario_library = True"),
        encoding="utf-8")
    return srcdir


def test_pages_are_written_as_without_folding(make_app: Any, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    srcdir = with_library(writable_site(tmp_path / "site", "netrunner-cr"))
    folded: SphinxTestApp = make_app("html", srcdir=srcdir)
    folded.build()
    book = registry(folded.env).books["netrunner-cr"]
    chapter = book.chapter_page(book.book.chapters[-1])
    kept = folded.env.get_doctree(chapter)
    holders = list(kept.findall(folding.rr_folded))
    stored = sum(1 for h in holders for top in h.stored for _ in top.findall())
    # Most of the rules' part of the page is out of the transforms' way (the
    # scenarios' boxes are not rule text).
    seen = sum(1 for node in kept.findall() if not in_scenario_box(node))
    assert holders and stored > 2 * seen
    # The scenarios' summaries and stories are folded too.
    assert any(in_scenario_box(holder) for holder in holders)
    # Links to scenario boxes are among the folded words, and written as they would be.
    assert any(isinstance(node, pending_xref) and node["refdomain"] == "std"
               for page in map(book.chapter_page, book.book.chapters)
               for h in folded.env.get_doctree(page).findall(folding.rr_folded)
               for top in h.stored for node in top.findall())
    # The glossary's entries are folded whole: its page keeps only its sections.
    glossary = folded.env.get_doctree(book.glossary_page)
    lists = list(glossary.findall(nodes.definition_list))
    assert lists and all(isinstance(listing[0], folding.rr_folded) for listing in lists)
    written = html_files(Path(folded.outdir))
    folded.cleanup()

    monkeypatch.setattr(folding, "FOLDED_PARAGRAPHS", frozenset())
    monkeypatch.setattr(folding, "FOLDED_LISTS", frozenset())
    monkeypatch.setattr(folding, "FOLD_WITHIN", "rr_nothing_is_marked_so")
    plain_src = with_library(writable_site(tmp_path / "plain", "netrunner-cr"))
    plain: SphinxTestApp = make_app("html", srcdir=plain_src)
    plain.build()
    assert not list(plain.env.get_doctree(chapter).findall(folding.rr_folded))
    assert html_files(Path(plain.outdir)) == written
    plain.cleanup()


def test_linkcheck_sees_the_links_in_folded_words(make_app: Any, tmp_path: Path) -> None:
    """The links inside rule text (an author's ``{link:}``, a card's NetrunnerDB
    page in an example) and in the card index reach Sphinx's link checker,
    which collects them before ``doctree-resolved``.  Every link is ignored
    here: nothing is fetched, and each is still reported (once per address)."""
    srcdir = writable_site(tmp_path / "site")
    app: SphinxTestApp = make_app("linkcheck", srcdir=srcdir,
                                  confoverrides={"linkcheck_ignore": [".*"]})
    app.build()
    report = [json.loads(line) for line in
              (Path(app.outdir) / "output.json").read_text(encoding="utf-8").splitlines()]
    checked = {entry["uri"]: entry["filename"] for entry in report}
    # Only in a rule's words, and only in the mini book's examples and card index.
    assert checked.get("https://netrunnerdb.com/", "").startswith("rules/mini/chpt_mini.")
    gamble = card_table().get("Sure Gamble")
    assert gamble is not None and checked.get(gamble.url, "").startswith("rules/mini/")
    app.cleanup()
