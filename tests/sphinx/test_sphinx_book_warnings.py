"""A book's ``suppress_warnings`` in the build: the kinds it names are notes, not
Sphinx warnings, and every other kind is still a warning.  Card names written
loosely link to their card and are listed under its title; a term written with
stray spaces is named without them."""

from __future__ import annotations

import re
from pathlib import Path

from sphinx.testing.util import SphinxTestApp
from sphinx_site import page, writable_site
from test_sphinx_warnings import ANSI, warnings_of

from rulesref.cards import card_table, short_title
from rulesref.errors import Severity
from rulesref.sphinx.domain import rules_domain
from rulesref.sphinx.registry import registry

SUPPRESSED = ("unknown-card", "duplicate-term")


def loose_identity() -> tuple[str, str]:
    """An identity of the card table written as rules do (its short title, in
    capitals) and its title."""
    table = card_table()
    for card in table:
        short = short_title(card)
        if short and table.get(short) is card:
            return f" {short.upper()} ", card.title
    raise AssertionError("the card table has no identity known by its short title")


def test_a_suppressed_kind_is_a_note_and_not_a_warning(make_app, tmp_path) -> None:
    srcdir = writable_site(tmp_path / "site")
    mini = srcdir / "books/mini"
    config = (mini / "book.toml").read_text(encoding="utf-8")
    kinds = ", ".join(f'"{kind}"' for kind in SUPPRESSED)
    (mini / "book.toml").write_text(
        config.replace("[[chapters]]", f"suppress_warnings = [{kinds}]\n\n[[chapters]]", 1),
        encoding="utf-8",
    )
    loose, title = loose_identity()
    chapter = (mini / "mini.yaml").read_text(encoding="utf-8")
    assert "{card:sure gamble}" in chapter
    plain = "text: To {term:ping} a card is to tap it."
    assert plain in chapter  # the glossary's definition, below with stray spaces
    chapter = chapter.replace(plain, 'text: "To {term:  ping } a card is to tap it."')
    (mini / "mini.yaml").write_text(
        chapter.replace("{card:sure gamble}", f"{{card:sure gamble}} and {{card:{loose}}}"),
        encoding="utf-8",
    )
    app: SphinxTestApp = make_app("html", srcdir=srcdir)
    app.build()

    [book] = [b for b in registry(app.env) if b.slug == "mini"]
    notes = [d for d in book.diagnostics if d.subtype in SUPPRESSED]
    assert {d.subtype for d in notes} == set(SUPPRESSED)
    assert all(d.severity is Severity.NOTE for d in notes)
    kinds = {kind for location, _, kind in warnings_of(app.warning)
             if location.startswith(str(mini))}
    assert not kinds & {f"rules.{kind}" for kind in SUPPRESSED}
    assert "rules.unresolved" in kinds  # a kind the book does not name is still a warning
    status = ANSI.sub("", app.status.getvalue())
    for note in notes:
        assert re.search(rf"note: {re.escape(note.message)} .*\[rules\.{note.subtype}\]", status)

    # The glossary names the term without the spaces around it.
    glossary = page(out := Path(app.outdir), book.glossary_page)
    assert "ping" in {dt.text() for dt in glossary.root.find_all("dt")}
    assert rules_domain(app.env).terms["mini", "ping"].text == "ping"

    # The loosely written identity: no warning, a link to its card, its title in the index.
    facts = card_table()[loose]
    assert facts.title == title
    chapter_page = page(out, book.chapter_pages["chpt_mini"])
    links = {a.text(): a.attrs["href"] for a in chapter_page.root.find_all("a", "rr-card")}
    assert links[loose.strip()] == facts.url  # the name as written, without its spaces
    index = page(out, book.cards_page)
    assert title in {dt.text() for dt in index.root.find_all("dt")}
    found = rules_domain(app.env).find_card(f"mini:{loose}")
    assert found is not None and found[1] == title
