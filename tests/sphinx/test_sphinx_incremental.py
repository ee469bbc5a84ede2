"""Incremental and parallel builds, and references to another site (intersphinx)."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

from sphinx.testing.util import SphinxTestApp
from sphinx_site import NEW_SECTION, PREVIEWS, html_files, page, writable_site

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def link_text(out: Path, docname: str, anchor: str, target: str) -> str:
    element = page(out, docname).by_id(anchor)
    for link in element.find_all("a", "rr-ref"):
        if link.attrs["href"].endswith(f"#{target}"):
            return link.text()
    raise AssertionError(f"no link to {target} in {anchor}")


def test_renumbering_rewrites_the_pages_that_show_the_numbers(make_app, tmp_path: Path
                                                              ) -> None:
    srcdir = writable_site(tmp_path / "site", "netrunner-cr")
    # sphinx.testing swaps the default theme after reading conf.py, which a second
    # app would take for a configuration change: name the theme outright.
    # The drafting build, so the Drafting status page (which shows the whole book)
    # is among the pages to re-read.
    theme = {"html_theme": "basic", "rulesref_drafting": True}
    first: SphinxTestApp = make_app("html", srcdir=srcdir, confoverrides=theme)
    first.build()
    first.cleanup()
    out = Path(first.outdir)
    zones = "rules/netrunner-cr/chpt_game_zones"
    assert link_text(out, zones, "rule_move_between_zones", "sec_card_movements") == (
        "section 8.2")
    untouched = out / "rules/mini/chpt_mini.html"
    before = untouched.stat().st_mtime_ns

    chapter8 = srcdir / "books/netrunner-cr/08_card_manipulation.yaml"
    chapter8.write_text(chapter8.read_text(encoding="utf-8").replace("sections:\n", NEW_SECTION, 1),
                        encoding="utf-8")
    later = chapter8.stat().st_mtime + 5
    os.utime(chapter8, (later, later))

    second: SphinxTestApp = make_app("html", srcdir=srcdir, confoverrides=theme)
    second.build()
    status = ANSI.sub("", second.status.getvalue())
    # Chapter 4 was not edited, but its links now read the new numbers.
    assert link_text(out, zones, "rule_move_between_zones", "sec_card_movements") == (
        "section 8.3")
    assert link_text(out, zones, "rule_public_zone", "sec_faceup_facedown_status") == (
        "section 8.2")
    authors = page(out, "authors")
    assert "rule 8.2.2e" in [a.text() for a in authors.root.find_all("a", "rr-ref")]
    chapter = page(out, "rules/netrunner-cr/chpt_card_manipulation")
    assert chapter.by_id("rule_inserted").find("a", "rr-number").text() == "8.1.1"
    assert chapter.by_id("rule_rez_procedure").find("a", "rr-number").text() == "8.2.2e"
    # Pages that show nothing of chapter 8 are neither re-read nor rewritten.
    assert untouched.stat().st_mtime_ns == before
    reread = set(re.findall(r"reading sources\.\.\. \[ *\d+%\] (\S+)", status))
    book = "rules/netrunner-cr/"
    assert reread == {"authors", "rules/drafting", f"{book}cards", f"{book}chpt_card_manipulation",
                      f"{book}chpt_game_zones", f"{book}glossary", f"{book}index"}, status
    assert "configuration has changed" not in status
    # Pages read again report their diagnostics again, once; the others stay quiet.
    lines = ANSI.sub("", second.warning.getvalue()).splitlines()
    assert len(lines) == len(set(lines))
    warned = {line.split(": WARNING:")[0].rsplit(":", 1)[0] for line in lines}
    assert warned == {str(chapter8), str(chapter8.with_name("04_game_zones.yaml")),
                      str(srcdir / "authors.md")}


def test_parallel_build_writes_the_same_html(make_app, tmp_path: Path) -> None:
    builds = {}
    for jobs in (1, 2):
        srcdir = writable_site(tmp_path / f"j{jobs}", "netrunner-cr")
        app: SphinxTestApp = make_app("html", srcdir=srcdir, parallel=jobs)
        assert app.is_parallel_allowed("read") and app.is_parallel_allowed("write")
        app.build()
        warnings = ANSI.sub("", app.warning.getvalue()).replace(str(srcdir), "SRC")
        builds[jobs] = (html_files(Path(app.outdir)), sorted(warnings.splitlines()),
                        {path.relative_to(app.outdir).as_posix(): path.read_bytes()
                         for path in sorted((Path(app.outdir) / PREVIEWS).rglob("*"))
                         if path.is_file()})
        app.cleanup()
    serial, parallel = builds[1], builds[2]
    assert serial[0].keys() == parallel[0].keys()
    for name in serial[0]:
        assert serial[0][name] == parallel[0][name], name
    assert serial[1] == parallel[1] and len(serial[1]) == 8 + 19  # mini + seeds, each once
    assert serial[2] == parallel[2]


def test_references_to_another_rulesref_site(make_app, app_params, tmp_path: Path,
                                             rootdir: Path) -> None:
    source = writable_site(tmp_path / "rules-site", "netrunner-cr")
    rules_site: SphinxTestApp = make_app("html", srcdir=source)
    rules_site.build()
    rules_site.cleanup()
    remote = Path(rules_site.outdir)

    other = tmp_path / "other-site"
    shutil.copytree(rootdir / "test-intersphinx", other)
    app: SphinxTestApp = make_app("html", srcdir=other, confoverrides={
        "intersphinx_mapping": {"cr": (str(remote), str(remote / "objects.inv"))}})
    app.build()
    assert ANSI.sub("", app.warning.getvalue()) == ""
    links = [(a.text(), a.attrs["href"]) for a in page(Path(app.outdir), "index").root
             .find_all("a") if "external" in a.classes]
    chapter = f"{remote}/rules/netrunner-cr/chpt_card_manipulation.html"
    assert links == [
        ("rule 8.1.2e", f"{chapter}#rule_rez_procedure"),
        ("section 8.1.2", f"{chapter}#sec_rez"),
        ("8.1.2e", f"{chapter}#rule_rez_procedure"),
        ("in my words", f"{chapter}#rule_rez_procedure"),
        ("Rez", f"{chapter}#term-netrunner-cr-rez"),
    ]


def test_a_book_dropped_in_appears_and_a_removed_one_goes(make_app, tmp_path: Path) -> None:
    srcdir = writable_site(tmp_path / "site")
    theme = {"html_theme": "basic"}
    first: SphinxTestApp = make_app("html", srcdir=srcdir, confoverrides=theme)
    first.build()
    first.cleanup()
    out = Path(first.outdir)
    extra = srcdir / "books/extra"
    shutil.copytree(srcdir / "books/mini", extra)
    toml = extra / "book.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('"Mini Rules"', '"Extra Rules"')
                    .replace("order = 50", "order = 60"), encoding="utf-8")

    second: SphinxTestApp = make_app("html", srcdir=srcdir, confoverrides=theme)
    second.build()
    second.cleanup()
    home = [p.find("a").text() for p in page(out, "index").root.find_all("p", "rr-books-title")]
    assert home == ["Mini Rules", "Extra Rules"]
    assert page(out, "rules/extra/chpt_mini").by_id("rule_mini_script")
    assert (srcdir / "rules/extra/chpt_mini.rst").is_file()
    assert sorted(p.name for p in (out / PREVIEWS).iterdir()) == [
        "extra", "extra.js", "mini", "mini.js"]

    shutil.rmtree(extra)
    third: SphinxTestApp = make_app("html", srcdir=srcdir, confoverrides=theme)
    third.build()
    assert not (srcdir / "rules/extra").exists()  # its generated pages are gone
    assert sorted(p.name for p in (out / PREVIEWS).iterdir()) == ["mini", "mini.js"]
    home = [p.find("a").text() for p in page(out, "index").root.find_all("p", "rr-books-title")]
    assert home == ["Mini Rules"]
    assert "toctree" not in ANSI.sub("", third.warning.getvalue())


def test_whats_new_is_re_read_only_when_what_it_shows_changes(make_app, tmp_path: Path
                                                              ) -> None:
    """The page lists the rules marked new: an edit of another rule leaves it alone,
    an edit of a marked rule re-reads it (it quotes the rule's words)."""
    srcdir = writable_site(tmp_path / "site")
    theme = {"html_theme": "basic"}
    chapter = srcdir / "books/mini/mini.yaml"

    def build_after(old: str, new: str) -> set[str]:
        text = chapter.read_text(encoding="utf-8")
        assert old in text
        chapter.write_text(text.replace(old, new, 1), encoding="utf-8")
        later = chapter.stat().st_mtime + 5
        os.utime(chapter, (later, later))
        app: SphinxTestApp = make_app("html", srcdir=srcdir, confoverrides=theme)
        app.build()
        app.cleanup()
        status = ANSI.sub("", app.status.getvalue())
        return set(re.findall(r"reading sources\.\.\. \[ *\d+%\] (\S+)", status))

    first: SphinxTestApp = make_app("html", srcdir=srcdir, confoverrides=theme)
    first.build()
    first.cleanup()
    whats_new = "rules/mini/whats-new"
    assert (Path(first.outdir) / f"{whats_new}.html").is_file()
    reread = build_after("This rule has a key", "This rule still has a key")
    assert "rules/mini/chpt_mini" in reread and whats_new not in reread
    reread = build_after("A new rule with", "A newer rule with")
    assert whats_new in reread
    assert "A newer rule with" in page(Path(first.outdir), whats_new).root.text()
