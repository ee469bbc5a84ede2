"""``rulesref show`` and ``rulesref search``: a rule found at the terminal, by its
ID or number or by the words it holds, without building the site.

What they print is for judges: numbers and the rules' own words ("as rule
8.1.2e requires"), never an ID, which is the rules team's scaffolding.  A
search matches whole words and their stems (Snowball's English stemmer, as
Sphinx's own search does), so "bypass" never finds "by"; an exact number
comes first.  What is not found is said, never an empty screen: a number no
item has comes with the numbers around it, as the site's Go box lists them.
"""

from __future__ import annotations

import argparse
import functools
import re
import sys
from collections.abc import Callable, Iterator

import snowballstemmer

from rulesref.cli.sources import readable_books
from rulesref.model import Item, Rulebook
from rulesref.numbering import document_text, nearest_numbers

#: What reads as an official number ("8.1.2e", "99.9"), not as words.
_NUMBER = re.compile(r"\d+(?:\.[0-9a-z]+)+|\d+", re.IGNORECASE)
#: A word, apostrophes inside it included (straight or typographic, U+2019).
_WORDS = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")


def _text(item: Item, book: Rulebook) -> str:
    return " ".join(document_text(item.text, book).split())


def _find(books: list[Rulebook], ref: str) -> tuple[Rulebook, Item] | None:
    """By ID as written, else by number (ignoring case: "8.1.2E")."""
    for book in books:
        found = book.get(ref)
        if found is not None:
            return book, found
    folded = ref.strip().casefold()
    for book in books:
        for item in book.items():
            if item.number and item.number.casefold() == folded:
                return book, item
    return None


def cmd_show(args: argparse.Namespace) -> int:
    books = readable_books(args)
    found = _find(books, args.ref)
    if found is None:
        print(f"rulesref: no rule numbered or called '{args.ref}'{_near(books, args.ref)}",
              file=sys.stderr)
        return 1
    book, item = found
    print(f"{book.title}: {item.reference_word} {item.number}")
    if item.unreadable:
        print("  (this rule could not be read; see the errors above)")
    else:
        print(f"  {_text(item, book)}")
    for example in item.examples:
        print(f"  Example {example.index}: {' '.join(document_text(example.text, book).split())}")
    print(f"  source: {item.pos}")
    return 0


def _stems(text: str, stem: Callable[[str], str]) -> set[str]:
    return {stem(word.casefold().replace("\u2019", "'")) for word in set(_WORDS.findall(text))}


def _hits(books: list[Rulebook], query: list[str]) -> Iterator[tuple[int, Rulebook, Item]]:
    """(rank, book, item) of every item holding every word (by stem); rank 0 for
    an item whose number is the query.  Each distinct word is stemmed once (the
    stemmer is pure Python: stemming every word of the real rulebook took 2 s)."""
    stem = functools.cache(snowballstemmer.stemmer("english").stemWord)
    wanted = _stems(" ".join(query), stem)
    number = " ".join(query).strip().casefold()
    for book in books:
        for item in book.items():
            if item.unreadable:
                continue
            if item.number and item.number.casefold() == number:
                yield 0, book, item
            elif wanted and wanted <= _stems(_text(item, book), stem):
                yield 1, book, item


def cmd_search(args: argparse.Namespace) -> int:
    books = readable_books(args)
    query = " ".join(args.words).strip()
    if not _WORDS.search(query):
        print("rulesref: give the words to search for, or a rule number", file=sys.stderr)
        return 2
    hits = sorted(_hits(books, args.words), key=lambda hit: hit[0])
    if _NUMBER.fullmatch(query) and not any(rank == 0 for rank, _, _ in hits):
        # A number no item has, as the site's Go box says it: not the rules that
        # merely hold its digits.
        print(f"rulesref: no rule {query}{_near(books, query)}", file=sys.stderr)
        return 1
    for _rank, book, item in hits:
        where = f"{book.title}: " if len(books) > 1 else ""
        print(f"{where}{item.number:<10} {_text(item, book)[:90]}")
    if not hits:
        # Said, not left to an empty screen: exit status 1 alone tells a judge nothing.
        print(f"rulesref: no rule holds all of: {query}", file=sys.stderr)
    return 0 if hits else 1


def _near(books: list[Rulebook], asked: str) -> str:
    """For a number no item has, the numbers around it (as the site's Go box
    lists them); nothing for words."""
    if not _NUMBER.fullmatch(asked.strip()):
        return ""
    numbers = [item.number for book in books for item in book.items() if item.number]
    near = nearest_numbers(numbers, asked.strip())
    return f" (nearest numbers: {', '.join(near)})" if near else ""
