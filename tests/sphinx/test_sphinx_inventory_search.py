"""objects.inv, the search index (found by number and by word), hover previews."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import textwrap
from pathlib import Path
from typing import Any

import pytest
from sphinx.testing.util import SphinxTestApp
from sphinx.util.inventory import InventoryFile
from sphinx_site import BASIC, DRAFTING, page, page_previews, preview_book, previews

from rulesref.sphinx.registry import registry


def built(app: SphinxTestApp) -> Path:
    app.build()
    return Path(app.outdir)


def inventory(out: Path) -> Any:
    with (out / "objects.inv").open("rb") as stream:
        return InventoryFile.load(stream, "", lambda base, uri: uri)


@BASIC
def test_objects_inv_lists_every_item_with_its_number(app: SphinxTestApp) -> None:
    out = built(app)
    inv = inventory(out)
    for book in registry(app.env):
        for key, target in book.targets.items():  # the ID as written → its anchor
            entry = inv[f"rules:{target.objtype}"][f"{book.slug}:{key}"]
            assert entry.uri == f"{target.docname}.html#{target.anchor}"
            assert entry.display_name == f"{target.number} {key}".strip()
        for key, definitions in book.terms.items():
            entry = inv["rules:term"][f"{book.slug}:{key}"]
            assert entry.uri.endswith(f"#{definitions[0].anchor}")
    rez = inv["rules:rule"]["netrunner-cr:rule_rez_procedure"]
    assert rez.display_name == "8.1.2e rule_rez_procedure"
    assert rez.uri == "rules/netrunner-cr/chpt_card_manipulation.html#rule_rez_procedure"
    assert inv["rules:section"]["netrunner-cr:sec_card_movements"].display_name == (
        "8.2 sec_card_movements")
    assert inv["rules:card"]["netrunner-cr:Harbinger"].uri == (
        "rules/netrunner-cr/cards.html#card-harbinger")


def search_index(out: Path) -> dict[str, Any]:
    text = (out / "searchindex.js").read_text(encoding="utf-8")
    match = re.fullmatch(r"Search\.setIndex\((.*)\)\s*", text, re.S)
    assert match
    data: dict[str, Any] = json.loads(match[1])
    return data


@DRAFTING
def test_search_index_finds_a_rule_by_number_and_by_word(app: SphinxTestApp) -> None:
    out = built(app)
    index = search_index(out)
    docnames = index["docnames"]
    found = []
    # searchtools.js rebuilds each object's full name as prefix + "." + name and
    # matches the query against it; the number leads the display name.
    for prefix, entries in index["objects"].items():
        for doc, _type, _prio, anchor, name in entries:
            fullname = f"{prefix}.{name}" if prefix else name
            if fullname.startswith("8.1.2e "):
                found.append((docnames[doc], anchor or fullname))
    assert found == [("rules/netrunner-cr/chpt_card_manipulation", "rule_rez_procedure")]
    doc = docnames.index("rules/netrunner-cr/chpt_card_manipulation")
    hits = index["terms"]["checkpoint"]
    assert doc in (hits if isinstance(hits, list) else [hits])
    # Symbols are searchable by their text alternative.
    mini = docnames.index("rules/mini/chpt_mini")
    credit = index["terms"]["credit"]
    assert mini in (credit if isinstance(credit, list) else [credit])


SEARCH_HARNESS = """
const fs = require("fs");
const vm = require("vm");
const out = process.argv[2];
globalThis.window = globalThis;
globalThis.location = { search: "?q=" + encodeURIComponent(process.argv[3]) };
window.location = globalThis.location;
globalThis.document = { getElementById: () => null, addEventListener: () => {},
                        documentElement: { dataset: {} } };
globalThis.DOCUMENTATION_OPTIONS = {};
globalThis.SPHINX_HIGHLIGHT_ENABLED = false;
globalThis._ = (s) => s;
globalThis._ready = () => {};
for (const f of ["_static/rulesref.js", "_static/searchtools.js",
                 "_static/language_data.js", "searchindex.js"]) {
  vm.runInThisContext(fs.readFileSync(out + "/" + f, "utf8"), { filename: f });
}
const [query, terms, excluded, highlight, objects] = Search._parseQuery(process.argv[3]);
const results = Search._performSearch(query, terms, excluded, highlight, objects);
if (Scorer.score) results.forEach((r) => (r[4] = Scorer.score(r)));
results.sort((a, b) => b[4] - a[4]);
console.log(JSON.stringify(results.slice(0, 5).map((r) => [r[0], r[2], r[1]])));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to run searchtools.js")
@DRAFTING
def test_sphinx_search_ranks_the_numbered_rule_first(app: SphinxTestApp, tmp_path: Path) -> None:
    out = built(app)
    harness = tmp_path / "search.js"
    harness.write_text(textwrap.dedent(SEARCH_HARNESS), encoding="utf-8")

    def search(query: str) -> list[list[str]]:
        run = subprocess.run(["node", str(harness), str(out), query], capture_output=True,
                             text=True, check=True, timeout=60)
        results: list[list[str]] = json.loads(run.stdout)
        return results

    chapter = "rules/netrunner-cr/chpt_card_manipulation"
    assert search("8.1.2e")[0][:2] == [chapter, "#rule_rez_procedure"]
    assert search("8.4.5")[0][:2] == [chapter, "#sec_steps_of_drawing_n_cards"]
    assert any(r[0] == chapter for r in search("checkpoint"))


@BASIC
def test_previews_hold_every_rule_text(app: SphinxTestApp) -> None:
    out = built(app)
    for book in registry(app.env):
        # Every rule, section and example, and every term's definition, each in
        # the file of the chapter page that shows it, listed under that page's address.
        # Besides, the facts of each card a chapter page names, by its address.
        terms = {d.anchor: d for defs in book.terms.values() for d in defs}
        cards = {key for key in previews(out, book.slug) if key.startswith("https://")}
        assert set(previews(out, book.slug)) - cards == set(book.targets) | set(terms)
        by_page = page_previews(out, book.slug)
        assert set(by_page) == {app.builder.get_target_uri(book.chapter_page(c))
                                for c in book.book.chapters}
        for address, data in by_page.items():
            named = {a.attrs["href"] for a in page(out, address.removesuffix(".html")).root
                     .find_all("a", "rr-card")}
            assert {key for key in data if key in cards} == named
            for anchor in data:
                if anchor in cards:
                    continue
                shown_on = (book.targets[anchor].docname if anchor in book.targets
                            else book.item_page(terms[anchor].item))
                assert app.builder.get_target_uri(shown_on) == address
    data = previews(out, "netrunner-cr")
    label, text = data["rule_move_between_zones"][:2]
    assert label == "section 4.1.2"
    assert text.startswith("Game rules and card effects can move cards and counters between")
    assert "See section 8.2 for rules on card movements." in text
    assert (out / "_static/rulesref.js").is_file() and (out / "_static/rulesref.css").is_file()
    chapter = page(out, "rules/netrunner-cr/chpt_game_zones")
    head = chapter.root.find("head")
    assert head is not None
    # Without Sphinx's checksum (``?v=…``), which every page gives them.
    sources = [s.attrs.get("src", "").partition("?")[0] for s in head.find_all("script")]
    assert "../../_static/rulesref.js" in sources
    for link in chapter.root.find_all("a", "rr-ref"):
        assert preview_book(chapter, link) == "netrunner-cr" and "#" in link.attrs["href"]
