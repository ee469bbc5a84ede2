from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from reader_helpers import seed_book

from rulesref.books import BookConfig, load_config
from rulesref.model import Rulebook


@pytest.fixture(scope="session")
def technomancy() -> Rulebook:
    return seed_book("technomancy")


@pytest.fixture(scope="session")
def targets_and_costs() -> Rulebook:
    return seed_book("targets-and-costs")


@pytest.fixture(scope="session")
def netrunner_1996() -> Rulebook:
    return seed_book("netrunner-1996")


@pytest.fixture
def make_book(tmp_path: Path) -> Callable[..., BookConfig]:
    """A one-chapter book of ``fmt`` around ``text`` (a str, or bytes written as is)."""

    def make(fmt: str, name: str, text: str | bytes, *, numbering: str = "outline",
             number: str = "", extra: str = "") -> BookConfig:
        folder = tmp_path / "book"
        folder.mkdir(exist_ok=True)
        source = folder / name
        if isinstance(text, bytes):
            source.write_bytes(text)
        else:
            source.write_text(text, encoding="utf-8")
        (folder / "book.toml").write_text(
            f'title = "T"\nformat = "{fmt}"\nnumbering = "{numbering}"\nid_prefix = "x"\n'
            f'{extra}\n[[chapters]]\nfile = "{name}"\nnumber = "{number}"\n',
            encoding="utf-8",
        )
        return load_config(folder)

    return make
