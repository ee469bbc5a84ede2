"""``rulesref init`` on the real rulebook's repository, and its changelog read
against the book: every expectation is derived from the reference files.

The reference (``../shared/reference/netrunner-cr-25.04`` beside the project,
or beside a folder holding the project's worktree) is the data folder of the
rules team's repository: ``input/`` and ``changelogs/``.  Without it the tests
skip, unless RULESREF_REQUIRE_REFERENCE=1 (CI) makes that a failure.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from real_rulebook import reference
from rulesref.book_toml import load_config
from rulesref.books import load_book
from rulesref.changelog import read_changelog, resolved
from rulesref.errors import Severity
from rulesref.init import init_book
from rulesref.model import Ref, walk_inlines

NAME = "netrunner-cr-25.04"
ROOT = Path(__file__).resolve().parents[2]
#: The rules team's repository, as its folder is named when cloned.
REPOSITORY = "netrunner-comprehensive-rules"




@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A writable copy, laid out as the team's repository: ``<repo>/data/…``."""
    source = reference()
    repo = tmp_path / REPOSITORY
    (repo / ".git").mkdir(parents=True)
    for path in sorted(source.rglob("*.yaml")):
        target = repo / "data" / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(path.read_bytes())
    return repo / "data"


def newest_release(changelogs: Path) -> Path:
    """The file named with the highest release number (``XX.XX.yaml`` is none)."""
    named = [p for p in changelogs.glob("*.yaml") if re.fullmatch(r"\d+(\.\d+)*", p.stem)]
    return max(named, key=lambda p: tuple(int(n) for n in p.stem.split(".")))


def test_init_on_the_repository_and_on_its_chapters_folder(data: Path) -> None:
    files = sorted((data / "input").glob("*.yaml"), key=lambda p: int(p.name.split("_")[0]))
    assert files, "the reference has chapter files"
    result = init_book(data.parent)
    assert result.path == data.resolve() / "book.toml"
    written = result.path.read_text(encoding="utf-8")
    config = load_config(data)
    assert [(c.file, c.number) for c in config.chapters] == [
        (data / "input" / p.name, str(int(p.name.split("_")[0]))) for p in files
    ]
    assert config.changelog == newest_release(data / "changelogs")
    assert (config.title, config.slug) == ("Netrunner Comprehensive Rules", REPOSITORY)
    # From the chapters' folder: the same book, in the same place.
    assert init_book(data / "input", force=True).path == result.path
    assert result.path.read_text(encoding="utf-8") == written


def test_every_reference_of_the_changelog_leads_to_an_item_of_the_book(data: Path) -> None:
    init_book(data)
    config = load_config(data)
    assert config.changelog is not None
    source = config.changelog.read_text(encoding="utf-8")
    written = re.findall(r"\{[Rr]ef(?:/through)?:([^}]*)\}", source)
    log = read_changelog(config.changelog)
    assert log.version == config.changelog.stem  # What's new shows the release
    book = load_book(config)
    refs = [n for e in resolved(log, book).entries for n in walk_inlines(e.text)
            if isinstance(n, Ref)]
    # Every {ref:} of the file was read as a reference, with every ID it names …
    assert len(refs) == len(written) > 0
    assert [len(r.ids) for r in refs] == [len(w.split(",")) for w in written]
    # … and leads to an item of the book.
    lost = [ident for r in refs for ident in r.ids if ident not in book]
    left_out = [str(d) for d in book.diagnostics if d.severity is Severity.ERROR]
    assert not lost, f"changelog references with no item in the book: {lost}; {left_out}"
