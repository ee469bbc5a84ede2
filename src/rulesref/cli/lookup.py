"""``rulesref show`` and ``rulesref search``: a rule found at the terminal, by its
ID or number or by the words it holds, without building the site."""

from __future__ import annotations

import argparse
import sys

from rulesref.cli.sources import readable_books
from rulesref.model import plain_text


def cmd_show(args: argparse.Namespace) -> int:
    for book in readable_books(args):
        for item in book.items():
            if args.ref in (item.id, item.number):
                print(f"{book.title}: {item.reference_word} {item.number} [{item.id}]")
                print(f"  {item.plain}")
                for example in item.examples:
                    print(f"  Example {example.index}: {plain_text(example.text)}")
                print(f"  source: {item.pos}")
                return 0
    print(f"rulesref: no rule with ID or number '{args.ref}'", file=sys.stderr)
    return 1


def cmd_search(args: argparse.Namespace) -> int:
    words = [w.casefold() for w in args.words]
    hits = 0
    for book in readable_books(args):
        for item in book.items():
            haystack = f"{item.number} {item.id} {item.plain}".casefold()
            if all(word in haystack for word in words):
                hits += 1
                print(f"{book.slug} {item.number:<10} {item.id}: {item.plain[:90]}")
    return 0 if hits else 1
