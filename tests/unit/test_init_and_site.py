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
    result = init_book(team)
    assert result.path == team.resolve() / "book.toml"
    config = load_config(team)
    # Outside a git repository and without --title: the generic title, never a
    # chapter's; the slug follows it.
    assert (config.title, config.slug) == ("Comprehensive Rules", "comprehensive-rules")
    assert config.format == "cr-yaml"
    assert [(c.file.name, c.number) for c in config.chapters] == [
        ("10_structure.yaml", "10"),
        ("11_timing_structures.yaml", "11"),
    ]
    assert config.changelog == team / "changelog.yaml"  # the one beside the chapters
    assert [p.name for p in result.layout.skipped] == ["mkdocs.yml"]
    book = load_book(config)
    assert book.get("sec_turn_structure") is not None
    assert book.get("sec_turn_structure").number == "11.1"  # type: ignore[union-attr]
    with pytest.raises(RulesSourceError, match="exists already"):
        init_book(team)
    init_book(team, title='The "Real" Rules', force=True)
    again = load_config(team)
    assert (again.title, again.slug) == ('The "Real" Rules', "the-real-rules")


def test_init_refuses_two_chapters_with_one_number(team: Path) -> None:
    shutil.copy(team / "10_structure.yaml", team / "10_again.yaml")
    with pytest.raises(RulesSourceError, match="chapter number 10 twice") as err:
        init_book(team)
    assert not (team / "book.toml").exists()
    assert err.value.pos.file.endswith(".yaml")


def test_init_leaves_a_broken_chapter_to_check(team: Path) -> None:
    """A broken rule is not init's to find (check and build say where); a file
    YAML cannot read is a chapter reported with its position, and the book is
    written all the same."""
    (team / "12_broken_markup.yaml").write_text(
        "chapter: c\ntext: C\nsections:\n- section: s\n  text: See {term:x\n"
    )
    (team / "13_broken_yaml.yaml").write_text("chapter: d\ntext: [D\n")
    result = init_book(team)
    assert [c.path.name for c in result.layout.chapters][-2:] == [
        "12_broken_markup.yaml", "13_broken_yaml.yaml"
    ]
    (problem,) = result.layout.problems
    assert problem.pos.file.endswith("13_broken_yaml.yaml") and problem.pos.line == 3
    assert problem.unit == "chapter"
    assert len(load_config(team).chapters) == 4


def test_init_and_build_from_the_command_line(
    team: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["init", str(team), "--title", "Our Rules"]) == 0
    assert main(["--books", str(team), "check"]) == 0
    assert main(["--books", str(team), "build"]) == 0
    out = capsys.readouterr().out
    html = team / "_build" / "html"
    assert f"site built: {(html / 'index.html').resolve()}" in out
    timing = (html / "rules" / "our-rules" / "chpt_timing.html").read_text(encoding="utf-8")
    assert 'id="sec_turn_structure_1_a"' in timing
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
