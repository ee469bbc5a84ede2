"""Diagnostics: each reported once, where it is written, with its subtype."""

from __future__ import annotations

import re
from collections import Counter
from io import StringIO

from sphinx.testing.util import SphinxTestApp
from sphinx_site import SEEDS, writable_site

from rulesref.errors import Severity
from rulesref.sphinx.registry import registry

ANSI = re.compile(r"\x1b\[[0-9;]*m")
WARNING = re.compile(r"^(?P<location>\S+): WARNING: (?P<message>.*) \[(?P<type>[\w.-]+)\]$")


def warnings_of(stream: StringIO) -> list[tuple[str, str, str]]:
    found = []
    for line in ANSI.sub("", stream.getvalue()).splitlines():
        match = WARNING.match(line)
        assert match, f"not a rules warning: {line}"
        found.append((match["location"], match["message"], match["type"]))
    return found


def test_each_diagnostic_is_one_warning_at_its_source_line(make_app, tmp_path) -> None:
    srcdir = writable_site(tmp_path / "site")
    app: SphinxTestApp = make_app("html", srcdir=srcdir,
                                  confoverrides={"rulesref_books_dir": ["books", str(SEEDS)]})
    app.build()
    warnings = warnings_of(app.warning)
    expected = Counter()
    for book in registry(app.env):
        for diagnostic in book.diagnostics:
            if diagnostic.severity is Severity.NOTE:
                continue
            expected[(f"{diagnostic.pos.file}:{diagnostic.pos.line}", diagnostic.message,
                      f"rules.{diagnostic.subtype}")] += 1
    expected[(f"{srcdir / 'authors.md'}:13", "unresolved reference 'no_such_rule' (rules:ref)",
              "rules.unresolved")] += 1
    assert Counter(warnings) == expected
    subtypes = Counter(kind for _, _, kind in warnings)
    assert {"rules.unresolved", "rules.duplicate-term", "rules.unknown-card",
            "rules.unknown-key", "rules.missing-image", "rules.unsafe-link"} == set(subtypes)
    # The acknowledged duplicate is a note (info), with its reason, never a warning.
    status = ANSI.sub("", app.status.getvalue())
    assert "note: term 'arrange' is defined twice" in status
    assert "acknowledged: rule 8.2.3 summarises" in status
    assert not any("'arrange'" in message for _, message, _ in warnings)


def test_duplicate_term_warning_names_both_places(make_app, tmp_path) -> None:
    """... and which definition the glossary uses: the one it lists first."""
    srcdir = writable_site(tmp_path / "site")
    app: SphinxTestApp = make_app("html", srcdir=srcdir)
    app.build()
    mini = srcdir / "books/mini/mini.yaml"
    [(location, message, _)] = [w for w in warnings_of(app.warning)
                                if w[2] == "rules.duplicate-term"]
    assert location == f"{mini}:18"
    assert "here in rule 1.1.4a (rule_mini_ping_again)" in message
    assert f"section 1.1.4 (rule_mini_terms, {mini}:15:14)" in message
    [book] = [b for b in registry(app.env) if b.slug == "mini"]
    [primary] = [d for d in book.terms["ping"] if d.primary]
    used = f"{primary.item.reference_word} {primary.item.number}"
    assert message.endswith(f"the glossary uses {used}'s definition")
    assert used == "section 1.1.4"


def test_a_rebuild_without_changes_repeats_nothing(make_app, tmp_path) -> None:
    srcdir = writable_site(tmp_path / "site")
    first: SphinxTestApp = make_app("html", srcdir=srcdir)
    first.build()
    first.cleanup()  # two apps in one process: the second registers Sphinx's nodes again
    again: SphinxTestApp = make_app("html", srcdir=srcdir)
    again.build()
    assert warnings_of(again.warning) == []
    assert "0 added, 0 changed, 0 removed" in ANSI.sub("", again.status.getvalue())


def test_only_unresolved_references_may_be_allowed(make_app, tmp_path) -> None:
    """With rules.unresolved suppressed, the seeds build without a warning."""
    srcdir = writable_site(tmp_path / "site", "netrunner-cr")
    # Left out on purpose: a folder whose name starts with '_' is not a book (a folder
    # without book.toml would be reported, rules.no-book-config).
    (srcdir / "books/mini").rename(srcdir / "books/_mini")
    app: SphinxTestApp = make_app("html", srcdir=srcdir,
                                  confoverrides={"suppress_warnings": ["rules.unresolved"]})
    (srcdir / "authors.md").write_text("# For authors\n\n{rules:ref}`sec_rez`\n")
    app.build()
    assert warnings_of(app.warning) == []
