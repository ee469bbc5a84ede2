"""The ``rulesref`` command: check, build, show, search, export and convert.

Every source problem is printed as one ``file:line:col: message`` line and
turns into a non-zero exit status; a Python traceback would mean a bug in
rulesref, never in the rules.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from rulesref.books import BookConfig, discover, load_book
from rulesref.checks import UNRESOLVED, check_book
from rulesref.errors import Diagnostic, Position, RulesSourceError, Severity
from rulesref.model import Rulebook, plain_text

DEFAULT_BOOKS = Path("seeds")
DEFAULT_DOCS = Path("docs")
DEFAULT_OUT = Path("docs/_build/html")


def _configs(root: Path, only: str | None) -> list[BookConfig]:
    configs = discover(root)
    if not configs:
        raise _error_at(root, "no book.toml found below this folder")
    if only:
        configs = [c for c in configs if c.slug == only]
        if not configs:
            raise _error_at(root, f"no book named '{only}'")
    return configs


def _error_at(path: Path, message: str) -> RulesSourceError:
    return RulesSourceError(Position(str(path), 1, 1), message)


def _books(args: argparse.Namespace) -> list[Rulebook]:
    return [load_book(c) for c in _configs(args.books, getattr(args, "book", None))]


def cmd_check(args: argparse.Namespace) -> int:
    books = _books(args)
    failing = 0
    counts: dict[str, int] = {}
    for book in books:
        for diagnostic in check_book(book):
            counts[diagnostic.severity.value] = counts.get(diagnostic.severity.value, 0) + 1
            if diagnostic.severity is Severity.NOTE and not args.verbose:
                continue
            print(diagnostic)
            if (
                args.strict
                and diagnostic.severity is Severity.WARNING
                and (diagnostic.subtype != UNRESOLVED)
            ):
                failing += 1
    for problem in _scenario_problems(args, books):
        counts["warning"] = counts.get("warning", 0) + 1
        print(problem)
        failing += args.strict
    items = sum(1 for book in books for _ in book.items())
    summary = ", ".join(f"{n} {kind}(s)" for kind, n in sorted(counts.items())) or "no problems"
    print(f"checked {len(books)} book(s), {items} items: {summary}", file=sys.stderr)
    return 1 if failing else 0


def _scenario_problems(args: argparse.Namespace, books: list[Rulebook]) -> list[Diagnostic]:
    from rulesref.coverage import coverage
    from rulesref.scenarios import find_scenarios

    if not args.examples.is_dir():
        return []
    result = coverage(books, find_scenarios(args.examples))
    return [problem for book in result.values() for problem in book.problems]


def cmd_coverage(args: argparse.Namespace) -> int:
    from rulesref.coverage import coverage
    from rulesref.scenarios import find_scenarios

    books = _books(args)
    result = coverage(books, find_scenarios(args.examples))
    print(f"{'book / chapter':<44} {'rules covered':>14} {'examples backed':>16}")
    missing = 0
    for cov in result.values():
        for chapter in cov.chapters:
            name = f"{cov.book.slug} / {chapter.chapter.number} {chapter.chapter.plain}".strip()
            rules = f"{chapter.covered}/{len(chapter.rules)}"
            examples = f"{chapter.backed}/{len(chapter.examples)}"
            print(f"{name[:44]:<44} {rules:>14} {examples:>16}")
        for entry in cov.unbacked:
            missing += 1
            print(
                f"  unbacked: {entry.example.anchor} ({entry.item.reference_word} "
                f"{entry.item.number})"
            )
        for problem in cov.problems:
            print(f"  {problem}")
    return 1 if missing and args.strict else 0


def cmd_build(args: argparse.Namespace) -> int:
    # Fail fast, with one-line messages, before Sphinx starts.
    _books(args)
    command = [sys.executable, "-m", "sphinx", "-b", "html", str(args.docs), str(args.out)]
    if args.strict:
        command[3:3] = ["-W", "--keep-going", "-D", f"suppress_warnings=rules.{UNRESOLVED}"]
    if args.jobs:
        command[3:3] = ["-j", str(args.jobs)]
    if args.drafting:
        command[3:3] = ["-D", "rulesref_drafting=1"]
    result = subprocess.run(command, check=False)
    if result.returncode == 0:
        print(f"site built: {(args.out / 'index.html').resolve()}")
    return result.returncode


def cmd_show(args: argparse.Namespace) -> int:
    for book in _books(args):
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
    for book in _books(args):
        for item in book.items():
            haystack = f"{item.number} {item.id} {item.plain}".casefold()
            if all(word in haystack for word in words):
                hits += 1
                print(f"{book.slug} {item.number:<10} {item.id}: {item.plain[:90]}")
    return 0 if hits else 1


def cmd_export(args: argparse.Namespace) -> int:
    from rulesref.export import book_to_data

    data = {"books": [book_to_data(book) for book in _books(args)]}
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text, encoding="utf-8")
        print(f"wrote {args.output}", file=sys.stderr)
    return 0


def cmd_convert(args: argparse.Namespace) -> int:
    from rulesref.writers.cr_yaml import convert_book

    configs = _configs(args.books, args.book)
    out = Path(args.output or f"converted/{args.book}")
    out.mkdir(parents=True, exist_ok=True)
    for name, text in convert_book(configs[0]).items():
        (out / name).write_text(text, encoding="utf-8")
        print(out / name)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rulesref", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--books",
        type=Path,
        default=DEFAULT_BOOKS,
        help="folder holding one sub-folder per book (default: seeds)",
    )
    parser.add_argument(
        "--examples",
        type=Path,
        default=Path("examples"),
        help="folder of scenarios, one sub-folder per book (default: examples)",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    cov = sub.add_parser("coverage", help="which rules and examples have scenarios")
    cov.add_argument("--strict", action="store_true", help="fail if an example is unbacked")
    cov.set_defaults(func=cmd_coverage)

    check = sub.add_parser("check", help="validate the sources without building")
    check.add_argument("--book", help="only this book (its slug)")
    check.add_argument(
        "--strict", action="store_true", help="fail on any warning other than unresolved references"
    )
    check.add_argument("-v", "--verbose", action="store_true", help="also print notes")
    check.set_defaults(func=cmd_check)

    build = sub.add_parser("build", help="build the site and print where it is")
    build.add_argument(
        "--strict",
        action="store_true",
        help="turn warnings into errors (unresolved references stay allowed)",
    )
    build.add_argument(
        "--drafting",
        action="store_true",
        help="the rules team's build: unresolved references marked, Drafting status page",
    )
    build.add_argument("--docs", type=Path, default=DEFAULT_DOCS)
    build.add_argument("--out", type=Path, default=DEFAULT_OUT)
    build.add_argument("-j", "--jobs", type=int, default=0)
    build.set_defaults(func=cmd_build)

    show = sub.add_parser("show", help="print one rule by ID or number (e.g. 8.1.2e)")
    show.add_argument("ref")
    show.set_defaults(func=cmd_show)

    search = sub.add_parser("search", help="find rules containing all the words")
    search.add_argument("words", nargs="+")
    search.set_defaults(func=cmd_search)

    export = sub.add_parser("export", help="write the numbered model as JSON")
    export.add_argument("--book")
    export.add_argument("-o", "--output", default="-")
    export.set_defaults(func=cmd_export)

    convert = sub.add_parser("convert", help="write a book in the canonical CR YAML format")
    convert.add_argument("book")
    convert.add_argument("--to", choices=["yaml"], default="yaml")
    convert.add_argument("-o", "--output")
    convert.set_defaults(func=cmd_convert)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.func(args)
    except RulesSourceError as exc:
        print(exc, file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    raise SystemExit(main())
