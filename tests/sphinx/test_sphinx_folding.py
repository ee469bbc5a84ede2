"""Rule text folded away from Sphinx's transforms (rulesref.sphinx.features.folding): the
pages are written exactly as without it, with fewer nodes for Sphinx to walk."""

from __future__ import annotations

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

from rulesref.sphinx.features import folding
from rulesref.sphinx.registry import registry


def paragraph(*children: nodes.Node, classes: tuple[str, ...] = ("rr-text",)) -> nodes.paragraph:
    return nodes.paragraph("", "", *children, classes=list(classes))


def xref(domain: str) -> pending_xref:
    return pending_xref("", nodes.inline("rule 1.1", "rule 1.1"), refdomain=domain,
                        reftype="rule", reftarget="book:rule_x")


def test_only_paragraphs_of_rule_text_with_inline_markup_are_folded() -> None:
    document = new_document("test", get_default_settings(Parser))
    cases = {
        "words and a rules link": paragraph(nodes.Text("See "), xref("rules"),
                                            nodes.strong("", "", nodes.Text("now"))),
        "an image": paragraph(nodes.Text("See "), nodes.image(uri="x.png")),
        "another domain's link": paragraph(nodes.Text("See "), xref("std")),
        "another paragraph": paragraph(nodes.Text("Words"), classes=("rr-note",)),
    }
    for case in cases.values():
        document += case
    folding.FoldRuleText(document).apply()
    folded = {name for name, para in cases.items()
              if len(para.children) == 1 and isinstance(para[0], folding.rr_folded)}
    assert folded == {"words and a rules link"}
    kept = cases["words and a rules link"][0]
    assert isinstance(kept, folding.rr_folded)
    assert [type(node).__name__ for node in kept.stored] == ["Text", "pending_xref", "strong"]
    # The transforms that run after this one see no link in it.
    assert len(list(document.findall(pending_xref))) == 1


@pytest.mark.parametrize("copy", ["copy", "deepcopy"])
def test_a_copy_keeps_the_folded_words(copy: str) -> None:
    holder = folding.rr_folded()
    holder.stored = [nodes.Text("words")]
    twin = getattr(holder, copy)()
    assert [str(node) for node in twin.stored] == ["words"]


def test_pages_are_written_as_without_folding(make_app: Any, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    srcdir = writable_site(tmp_path / "site", "netrunner-cr")
    folded: SphinxTestApp = make_app("html", srcdir=srcdir)
    folded.build()
    book = registry(folded.env).books["netrunner-cr"]
    chapter = book.chapter_page(book.book.chapters[-1])
    kept = folded.env.get_doctree(chapter)
    holders = list(kept.findall(folding.rr_folded))
    stored = sum(1 for h in holders for top in h.stored for _ in top.findall())
    seen = sum(1 for _ in kept.findall())
    assert holders and stored > 2 * seen  # most of the page is out of the transforms' way
    written = html_files(Path(folded.outdir))
    folded.cleanup()

    monkeypatch.setattr(folding, "FOLDED_PARAGRAPHS", frozenset())
    plain_src = writable_site(tmp_path / "plain", "netrunner-cr")
    plain: SphinxTestApp = make_app("html", srcdir=plain_src)
    plain.build()
    assert not list(plain.env.get_doctree(chapter).findall(folding.rr_folded))
    assert html_files(Path(plain.outdir)) == written
    plain.cleanup()
