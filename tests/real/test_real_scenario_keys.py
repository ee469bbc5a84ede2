"""Scenarios keyed to the real rulebook's examples and their text
(rulesref.scenario_keys): release 25.04 built with the scenario library shows
each example the library backs as verified, on its page and in the export;
and a copy of the release whose example was reworded after its scenario was
written shows that example "to re-check", never verified, in every output.

The scenarios written here back real examples by ID and hash only, with a
made-up doctest: no word of the rulebook is copied into the project.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from folded_scenarios import opened
from real_rulebook import RealSite, chapter_files, copy_release, rulesref
from rulesref.cli import main
from rulesref.coverage import coverage
from rulesref.library import load_library
from rulesref.model import Example, Rulebook, plain_text
from rulesref.scenario_keys import text_hash
from rulesref.scenarios import load_scenarios

SLUG = "release-copy"
#: The folder of the scenarios written here: not the book's slug, so they are
#: found by their examples' text, as the library is in a team's release.
FAMILY = "made-up-family"


@dataclass
class Subtree:
    """What is inside one element: the class list of every element, and the text."""

    classes: list[list[str]] = field(default_factory=list)
    text: list[str] = field(default_factory=list)


class Elements(HTMLParser):
    """Every element of a page with an ``id``, and what is inside it, in one pass
    (a chapter page is parsed once, not once for each of its examples)."""

    VOID = frozenset({"br", "img", "input", "link", "meta", "hr", "source", "wbr"})

    def __init__(self) -> None:
        super().__init__()
        self.found: dict[str, Subtree] = {}
        self.open: list[Subtree | None] = []  # one per open element: its subtree, if it has an id

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        for subtree in self.open:
            if subtree is not None:
                subtree.classes.append(classes)
        if tag in self.VOID:
            return
        ident = found.get("id")
        subtree = None
        if ident and ident not in self.found:
            subtree = self.found[ident] = Subtree()
        self.open.append(subtree)

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.open:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        for subtree in self.open:
            if subtree is not None:
                subtree.text.append(data)


@functools.cache
def elements(page: Path) -> dict[str, Subtree]:
    """The elements with an ``id`` of a chapter page, its folded scenarios opened."""
    parser = Elements()
    site = page.parents[2]  # rules/<book>/<chapter>.html
    parser.feed(opened(site, page.read_text(encoding="utf-8")))
    parser.close()
    return parser.found


def inside(page: Path, ident: str) -> Subtree:
    """The element ``ident`` of a chapter page, its folded scenarios opened."""
    return elements(page).get(ident, Subtree())


def badges(page: Path, ident: str) -> list[str]:
    """The state badges of the scenario boxes under the element ``ident``."""
    return [cls for classes in inside(page, ident).classes for cls in classes
            if cls in ("rr-badge-verified", "rr-badge-failing", "rr-badge-recheck")]


def export_examples(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}

    def visit(item: dict[str, Any]) -> None:
        for example in item["examples"]:
            found.setdefault(example["id"], example)
        for child in (*item["timing"], *item["children"]):
            visit(child)

    for book in data["books"]:
        for chapter in book["chapters"]:
            visit(chapter)
    return found


def page_of(html: Path, example: Example, book: Rulebook) -> Path:
    owner = book.get(example.owner_id)
    assert owner is not None
    chapter = next(a for a in (owner, *owner.ancestors()) if a.parent is None)
    (page,) = [p for p in (html / "rules").rglob(f"{chapter.anchor}.html")]
    return page


# -- 25.04 with the library ------------------------------------------------------


def test_the_library_verifies_the_real_examples_it_backs(real_site: RealSite) -> None:
    """What the library backs in 25.04 is worked out here from the release and
    the library (their IDs and text hashes); the site and the export the README's
    commands made must show exactly those as verified."""
    (book,) = load_library([real_site.release]).books
    scenarios, errors = load_scenarios([], library=True)
    assert errors == []
    cov = coverage([book], scenarios)[book.slug]
    backed = {entry.example.id: entry for entry in cov.examples if entry.backed}
    # The seed chapters are excerpts of this rulebook: some of their examples
    # are in 25.04 word for word, so the library is about this book.
    assert backed and cov.recheck == []
    exported = export_examples(json.loads(real_site.export.read_text(encoding="utf-8")))
    assert len(exported) == len(cov.examples)
    for ident, example in exported.items():
        assert example["verified"] is (ident in backed), ident
        assert example["text_hash"] == text_hash(cov.by_example[ident].example)
    for ident, entry in backed.items():
        shown = exported[ident]["scenarios"]
        assert {s["slug"] for s in shown} == {s.slug for s in entry.scenarios}
        assert all(s["status"] == "passed" and s["text_hash"] == exported[ident]["text_hash"]
                   for s in shown)
        page = page_of(real_site.html, entry.example, book)
        assert badges(page, entry.example.anchor) == ["rr-badge-verified"] * len(shown), ident
    # No example the library does not back shows a scenario box.
    unbacked = next(e for e in cov.examples if not e.links)
    assert badges(page_of(real_site.html, unbacked.example, book), unbacked.example.anchor) == []


# -- a release whose example changed ---------------------------------------------


def one_chapter_release(tmp_path: Path) -> tuple[Path, Rulebook]:
    """A copy of the release's smallest chapter file with two examples or more, as
    a book of its own (a quick site)."""
    release = copy_release(tmp_path / "release")

    def examples(path: Path) -> int:
        return len(re.findall(r"^\s*(?:- )?examples:", path.read_text(encoding="utf-8"),
                              re.MULTILINE))

    chosen = min((p for p in chapter_files(release) if examples(p) >= 2),
                 key=lambda p: p.stat().st_size)
    books = tmp_path / "books"
    folder = books / SLUG
    folder.mkdir(parents=True)
    (folder / chosen.name).write_bytes(chosen.read_bytes())
    number = int(re.match(r"\d+", chosen.name)[0])  # type: ignore[index]
    (folder / "book.toml").write_text(
        f'title = "Release copy"\nslug = "{SLUG}"\nformat = "cr-yaml"\nnumbering = "cr"\n'
        f'[[chapters]]\nfile = "{chosen.name}"\nnumber = {number}\n', encoding="utf-8")
    (book,) = load_library([books]).books
    return books, book


def write_scenario(examples: Path, name: str, example: Example) -> None:
    """A scenario backing ``example`` by ID and hash, with a doctest of its own."""
    path = examples / FAMILY / f"{name}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        f"---\nbacks: {example.owner_id}#example-{example.index}@{text_hash(example)}\n---\n"
        f"# {name}\n\nA made-up check.\n\n```{{doctest}}\n>>> 2 + 2\n4\n```\n",
        encoding="utf-8")


def reword(book: Rulebook, example: Example) -> None:
    """Double the first word of ``example`` where its text starts in the file."""
    first = plain_text(example.text).split()[0]
    path = Path(example.pos.file)
    if not path.is_absolute():
        path = Path(book.sources[0]).parent / path.name
    lines = path.read_text(encoding="utf-8").split("\n")
    at = next(n for n in range(example.pos.line - 1, len(lines)) if first in lines[n])
    lines[at] = lines[at].replace(first, f"{first} {first}", 1)
    path.write_text("\n".join(lines), encoding="utf-8")


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> str:
    assert main([str(a) for a in args]) == 0
    return capsys.readouterr().out


def test_a_reworded_example_is_to_recheck_everywhere(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    books, book = one_chapter_release(tmp_path)
    kept, changed = [e for item in book.items() for e in item.examples][:2]
    examples = tmp_path / "examples"
    write_scenario(examples, "backs-the-kept-one", kept)
    write_scenario(examples, "backs-the-reworded-one", changed)
    common = ["--books", books, "--examples", examples, "--no-library"]

    # As written: both verified.
    table = run(capsys, *common, "coverage")
    assert re.search(r"^  total\s+\d+\s+2\s+0\s", table, re.MULTILINE), table
    exported = export_examples(json.loads(run(capsys, *common, "export")))
    assert exported[kept.id]["verified"] and exported[changed.id]["verified"]

    # The rules team rewords one of them.
    reword(book, changed)
    (reread,) = load_library([books]).books
    now = next(e for item in reread.items() for e in item.examples if e.id == changed.id)
    assert text_hash(now) != text_hash(changed)
    written = f"backs: {changed.owner_id}#example-{changed.index}@{text_hash(now)}"

    table = run(capsys, *common, "coverage")
    assert re.search(r"^  total\s+\d+\s+1\s+1\s", table, re.MULTILINE), table
    assert f"to re-check: {changed.id}" in table and written in table
    exported = export_examples(json.loads(run(capsys, *common, "export")))
    assert exported[kept.id]["verified"] and not exported[changed.id]["verified"]
    assert [s["status"] for s in exported[changed.id]["scenarios"]] == ["to re-check"]
    assert [s["status"] for s in exported[kept.id]["scenarios"]] == ["passed"]
    checked = run(capsys, *common, "check", "-v")
    assert "[rules.scenario-recheck]" in checked and written in checked

    # The page: the kept example verified, the reworded one to re-check.
    html = tmp_path / "html"
    step = rulesref(*common, "build", "--out", html, cwd=tmp_path)
    assert step.returncode == 0, step.stderr[-2000:]
    assert badges(page_of(html, kept, reread), kept.anchor) == ["rr-badge-verified"]
    assert badges(page_of(html, now, reread), now.anchor) == ["rr-badge-recheck"]
    note = " ".join("".join(inside(page_of(html, now, reread), now.anchor).text).split())
    assert "has changed since this scenario was written" in note and written in note
