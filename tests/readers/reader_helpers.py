"""Shared helpers of the reader tests (imported by name: pytest puts this folder on sys.path)."""

from __future__ import annotations

from pathlib import Path

from rulesref.books import load_book, load_config
from rulesref.model import Item, Rulebook

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "seeds"


def seed_book(name: str) -> Rulebook:
    return load_book(load_config(SEEDS / name))


def get(book: Rulebook, item_id: str) -> Item:
    item = book.get(item_id)
    assert item is not None, f"{item_id} not in {book.slug}"
    return item
