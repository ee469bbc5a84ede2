"""Chapters kept between builds (rulesref.read_cache): a book loaded from kept
readings is the book read from its sources, and nothing stale is ever used."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from real_rulebook import copy_release
from rulesref.books import load_book, load_config
from rulesref.init import init_book
from rulesref.keys import content_digest
from rulesref.model import Rulebook
from rulesref.read_cache import CACHE_DIR_VARIABLE

ROOT = Path(__file__).resolve().parents[2]
BOOKS = ["netrunner-cr", "targets-and-costs", "netrunner-1996", "technomancy"]


def shape(book: Rulebook) -> tuple[str, list[str], list[str]]:
    """Every field of every item, the diagnostics and the sources."""
    items = [item for chapter in book.chapters for item in chapter.walk()]
    return content_digest(items), [repr(d) for d in book.diagnostics], list(book.sources)


def entries(cache: Path) -> list[Path]:
    return sorted(cache.glob("*.pickle"))


@pytest.mark.parametrize("slug", BOOKS)
def test_a_book_from_kept_readings_is_the_book_from_its_sources(slug: str, tmp_path: Path) -> None:
    config = load_config(ROOT / "seeds" / slug)
    cache = tmp_path / "cache"
    fresh = shape(load_book(config))
    assert shape(load_book(config, cache)) == fresh  # read, and kept
    assert len(entries(cache)) == len(config.chapters)
    assert shape(load_book(config, cache)) == fresh  # from the kept readings


def test_the_real_rulebook_from_kept_readings_has_the_same_fingerprints(tmp_path: Path) -> None:
    """Each chapter's fingerprint (which decides whether its page is read again)
    is the same whether the chapter was read from its source or read back."""
    made = init_book(copy_release(tmp_path / "release"))
    config, cache = load_config(made.path.parent), tmp_path / "cache"

    def fingerprints(book: Rulebook) -> list[str]:
        return [content_digest(chapter.walk()) for chapter in book.chapters]

    fresh = fingerprints(load_book(config, cache))
    assert len(fresh) > 2 and len(set(fresh)) == len(fresh)
    assert fingerprints(load_book(config, cache)) == fresh


def copy_book(tmp_path: Path, slug: str = "netrunner-cr") -> Path:
    folder = tmp_path / slug
    shutil.copytree(ROOT / "seeds" / "netrunner-cr", folder)
    return folder


def test_an_edited_chapter_is_read_again_and_its_old_reading_removed(tmp_path: Path) -> None:
    folder = copy_book(tmp_path)
    cache = tmp_path / "cache"
    load_book(load_config(folder), cache)
    before = entries(cache)
    chapter = folder / "08_card_manipulation.yaml"
    chapter.write_text(chapter.read_text(encoding="utf-8").replace(" the ", " THE ", 1),
                       encoding="utf-8")
    edited = load_book(load_config(folder), cache)
    assert shape(edited) == shape(load_book(load_config(folder)))
    assert "THE" in repr([item.text for item in edited.chapters[-1].walk()])
    after = entries(cache)
    assert len(after) == len(before) and len(set(after) - set(before)) == 1


def test_damaged_or_foreign_entries_count_as_absent(tmp_path: Path) -> None:
    config = load_config(copy_book(tmp_path))
    cache = tmp_path / "cache"
    fresh = shape(load_book(config, cache))
    first, second = entries(cache)
    first.write_bytes(first.read_bytes()[:100])  # truncated
    second.write_bytes(b"\x80\x05K\x01.")  # a pickle, but not a reading (the int 1)
    assert shape(load_book(config, cache)) == fresh
    assert shape(load_book(config, cache)) == fresh  # and written again whole


def test_a_chapter_that_cannot_be_read_is_never_kept(tmp_path: Path) -> None:
    folder = copy_book(tmp_path)
    (folder / "08_card_manipulation.yaml").write_text("chapter: [unclosed\n", encoding="utf-8")
    cache = tmp_path / "cache"
    for _ in range(2):  # the error is reported from the source every time
        book = load_book(load_config(folder), cache)
        assert [c.id for c in book.chapters] == ["chpt_game_zones"]
        assert any("08_card_manipulation.yaml:" in str(d.pos) for d in book.diagnostics)
    assert len(entries(cache)) == 1


def test_the_same_text_in_another_book_is_kept_apart(tmp_path: Path) -> None:
    """Readings are named by book and settings: two books with one file's text
    each keep their own, and pruning one book leaves the other's."""
    cache = tmp_path / "cache"
    one, two = copy_book(tmp_path), copy_book(tmp_path, "other-cr")
    assert load_config(two).slug == "other-cr"
    load_book(load_config(one), cache)
    load_book(load_config(two), cache)
    assert len(entries(cache)) == 4
    load_book(load_config(one), cache)
    assert len(entries(cache)) == 4


def test_two_copies_of_one_book_keep_their_readings_apart(tmp_path: Path) -> None:
    """Two checkouts of one book (same slug) sharing a cache folder: loading one
    leaves the other's readings alone."""
    cache = tmp_path / "cache"
    one, two = copy_book(tmp_path / "a"), copy_book(tmp_path / "b")
    assert load_config(one).slug == load_config(two).slug
    load_book(load_config(one), cache)
    load_book(load_config(two), cache)
    assert len(entries(cache)) == 4
    load_book(load_config(one), cache)
    assert len(entries(cache)) == 4


class CountingReader:
    """The CR YAML reader, counting the chapters it really reads."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from rulesref.readers.registry import READERS

        self.read_chapters: list[str] = []
        real = READERS["cr-yaml"]

        def read(config: Any) -> Rulebook:
            self.read_chapters.extend(c.file.name for c in config.chapters)
            return real(config)

        # The loader finds readers in the registry, which holds the function itself.
        monkeypatch.setitem(READERS, "cr-yaml", read)


def check(books: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    from rulesref.cli import main

    code = main(["--books", str(books), "check"])
    return code, capsys.readouterr().out


def test_commands_keep_their_readings_between_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``rulesref check`` after an edit reads only the edited chapter again and
    says what a check with nothing kept says."""
    cache = tmp_path / "cache"
    monkeypatch.setenv(CACHE_DIR_VARIABLE, str(cache))
    books = tmp_path / "books"
    folder = copy_book(books)
    reader = CountingReader(monkeypatch)
    first = check(books, capsys)
    assert sorted(reader.read_chapters) == ["04_game_zones.yaml", "08_card_manipulation.yaml"]
    assert len(entries(cache / "read")) == 2
    chapter = folder / "08_card_manipulation.yaml"
    chapter.write_text(chapter.read_text(encoding="utf-8").replace(" the ", " THE ", 1),
                       encoding="utf-8")
    reader.read_chapters.clear()
    assert check(books, capsys) == first  # one word changed, no problem changed
    assert reader.read_chapters == ["08_card_manipulation.yaml"]
    reader.read_chapters.clear()
    assert check(books, capsys) == first
    assert reader.read_chapters == []
    shutil.rmtree(cache)
    assert check(books, capsys) == first  # nothing kept: the same words
    assert [p.name for p in books.iterdir()] == ["netrunner-cr"]  # nothing beside the books


def test_commands_keep_readings_in_the_users_cache_never_beside_the_books(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pickle is code when loaded, and the books' folder is as untrusted as
    the chapters in it: the readings go to the user's own cache folder."""
    from platformdirs import user_cache_path

    from rulesref.read_cache import command_folder

    monkeypatch.delenv(CACHE_DIR_VARIABLE, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert command_folder() == user_cache_path("rulesref", appauthor=False) / "read"
    if sys.platform.startswith("linux"):  # the XDG base directories
        assert command_folder() == tmp_path / "xdg" / "rulesref" / "read"
    monkeypatch.setenv(CACHE_DIR_VARIABLE, str(tmp_path / "elsewhere"))
    assert command_folder() == tmp_path / "elsewhere" / "read"
