"""``rulesref init`` and ``rulesref --books DIR build``: a rules team's folder of
chapter files becomes a book and a site without a ``conf.py`` of its own."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from rulesref.book_toml import load_config
from rulesref.books import load_book
from rulesref.cli import main
from rulesref.errors import RulesSourceError
from rulesref.init import chapter_number, init_book

FORMAT_BOOK = Path(__file__).resolve().parents[1] / "roots" / "test-format" / "books" / "fmt"


@pytest.fixture
def team(tmp_path: Path) -> Path:
    """A repository of chapter files, a changelog and another tool's YAML, no book.toml."""
    folder = tmp_path / "our-rules"
    folder.mkdir()
    for path in FORMAT_BOOK.glob("*.yaml"):
        shutil.copy(path, folder / path.name)
    (folder / "changelog.yaml").write_text("changelog:\n- text: Added things.\n")
    (folder / "mkdocs.yml").write_text("site_name: x\n")
    return folder


def test_chapter_numbers_come_from_file_names() -> None:
    assert chapter_number("01_game_concepts.yaml") == "1"
    assert chapter_number("11-appendix.yaml") == "11"
    assert chapter_number("7.yaml") == "7"
    assert chapter_number("game_concepts.yaml") is None
    assert chapter_number("2020edition.yaml") is None


def test_init_writes_a_book_that_loads(team: Path) -> None:
    path = init_book(team)
    assert path == team / "book.toml"
    config = load_config(team)
    assert config.slug == "our-rules" and config.format == "cr-yaml"
    assert config.title == "Structure Rules"  # the first chapter's title, markup removed
    assert [(c.file.name, c.number) for c in config.chapters] == [
        ("10_structure.yaml", "10"),
        ("11_timing_structures.yaml", "11"),
    ]
    book = load_book(config)
    assert book.get("sec_turn_structure") is not None
    assert book.get("sec_turn_structure").number == "11.1"  # type: ignore[union-attr]
    with pytest.raises(RulesSourceError, match="exists already"):
        init_book(team)
    init_book(team, title='The "Real" Rules', force=True)
    assert load_config(team).title == 'The "Real" Rules'


def test_init_refuses_two_chapters_with_one_number(team: Path) -> None:
    shutil.copy(team / "10_structure.yaml", team / "10_again.yaml")
    with pytest.raises(RulesSourceError, match="chapter number 10 twice") as err:
        init_book(team)
    assert not (team / "book.toml").exists()
    assert err.value.pos.file.endswith(".yaml")


def test_init_reports_a_broken_chapter_with_its_position(team: Path) -> None:
    # A problem of the chapter itself (a broken item costs only that item).
    broken = "chapter: c\ntext: C\nsections: {section: s}\n"
    (team / "12_broken.yaml").write_text(broken)
    with pytest.raises(RulesSourceError) as err:
        init_book(team)
    pos = err.value.pos
    assert pos.file.endswith("12_broken.yaml") and (pos.line, pos.col) == (3, 11)


def test_init_and_build_from_the_command_line(
    team: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["init", str(team)]) == 0
    assert main(["--books", str(team), "check"]) == 0
    assert main(["--books", str(team), "build"]) == 0
    out = capsys.readouterr().out
    html = team / "_build" / "html"
    assert f"site built: {(html / 'index.html').resolve()}" in out
    timing = (html / "rules" / "our-rules" / "chpt_timing.html").read_text(encoding="utf-8")
    assert 'id="sec_turn_structure_timing_1_a"' in timing
    home = (html / "index.html").read_text(encoding="utf-8")
    assert "Structure Rules" in home
    # What readers see around the rules is the seeds' site's: the icon (no 404
    # on a browser's first request), link previews, rulesref's colours, and no
    # "Copyright ©" line with nothing after it.
    icon = re.search(r'<link rel="[^"]*icon" href="([^"]+)"', home)
    assert icon is not None and (html / icon.group(1)).is_file()
    assert '<meta property="og:title" content="11 Appendix: Timing Structures"' in timing
    assert "--color-brand-primary: #1f5f8b;" in home
    assert "Copyright" not in home
    # The team's folder gets no conf.py; the generated project lives in _build.
    assert not (team / "conf.py").exists()
    assert (team / "_build" / "site-source" / "conf.py").is_file()
