"""Chapters kept between builds (rulesref.read_cache): a book loaded from kept
readings is the book read from its sources, and nothing stale is ever used."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulesref.books import load_book, load_config
from rulesref.keys import content_digest
from rulesref.model import Rulebook

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
