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
from dataclasses import dataclass, field
from pathlib import Path

from rulesref.books import BookConfig, discover_books, left_out, load_book
from rulesref.changelog import changelog_problems
from rulesref.checks import UNRESOLVED, check_book
from rulesref.errors import Diagnostic, Position, RulesSourceError, Severity
from rulesref.model import Rulebook, plain_text
from rulesref.scenarios import Scenario

DEFAULT_BOOKS = Path("seeds")
DEFAULT_DOCS = Path("docs")
DEFAULT_OUT = Path("docs/_build/html")
#: Subtypes shared with the Sphinx build (rulesref.sphinx.scenarios), so a problem
#: has one name whichever command reports it.
SCENARIO_FAILED = "scenario-failed"
SCENARIO_SOURCE = "scenario-link"
#: Exit statuses: a source that cannot be read (its book, chapter or scenario is
#: left out) is 2 for every command; warnings are 1 under --strict.
EXIT_ERRORS = 2
EXIT_STRICT = 1


@dataclass
class Loaded:
    """The books of ``--books`` that could be read, and the problems of those that
    could not (errors) or of folders that are not books (warnings)."""

    configs: list[BookConfig] = field(default_factory=list)
    books: list[Rulebook] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)

    @property
    def errors(self) -> list[Diagnostic]:
        found = [*self.problems, *(d for b in self.books for d in b.diagnostics)]
        return [d for d in found if d.severity is Severity.ERROR]


def _configs(root: Path, only: str | None) -> tuple[list[BookConfig], list[Diagnostic]]:
    if not root.is_dir():
        raise _error_at(root, "no such folder (give the books folder with --books)")
    configs, problems = discover_books(root)
    if not configs and not any(p.severity is Severity.ERROR for p in problems):
        raise _error_at(root, "no book.toml found below this folder")
    if only:
        configs = [c for c in configs if c.slug == only]
        if not configs:
            raise _error_at(root, f"no book named '{only}'")
    return configs, problems


def _error_at(path: Path, message: str) -> RulesSourceError:
    return RulesSourceError(Position(str(path), 1, 1), message)


def load(args: argparse.Namespace) -> Loaded:
    """Every book of ``--books`` (``--book``: only that one); one that cannot be read
    is a located error and the others are still loaded."""
    configs, problems = _configs(args.books, getattr(args, "book", None))
    loaded = Loaded(problems=list(problems))
    for config in configs:
        try:
            loaded.books.append(load_book(config))
            loaded.configs.append(config)
        except RulesSourceError as exc:
            loaded.problems.append(Diagnostic(exc.pos, exc.message, "source-error",
                                              Severity.ERROR))
    return loaded


def _report_errors(loaded: Loaded) -> int:
    """Print the errors (one line each, on stderr); the exit status they call for."""
    for error in sorted(loaded.errors, key=lambda d: d.pos):
        print(_error_line(error), file=sys.stderr)
    return EXIT_ERRORS if loaded.errors else 0


def _error_line(diagnostic: Diagnostic) -> str:
    return f"{diagnostic.pos}: {diagnostic.message}"


def _books(args: argparse.Namespace) -> list[Rulebook]:
    loaded = load(args)
    args.exit_floor = _report_errors(loaded)
    return loaded.books


def cmd_check(args: argparse.Namespace) -> int:
    loaded = load(args)
    failing = 0
    counts: dict[str, int] = {}
    everything: list[Diagnostic] = [p for p in loaded.problems if p.severity is not Severity.ERROR]
    for config, book in zip(loaded.configs, loaded.books, strict=True):
        everything.extend(check_book(book, folder=config.directory))
        everything.extend(changelog_problems(book, config.directory))
    everything.extend(_scenario_problems(args, loaded.books, left_out(loaded.problems)))
    for diagnostic in everything:
        counts[diagnostic.severity.value] = counts.get(diagnostic.severity.value, 0) + 1
        if diagnostic.severity is Severity.ERROR:
            continue  # printed below, on stderr
        if diagnostic.severity is Severity.NOTE and not args.verbose:
            continue
        print(diagnostic)
        if args.strict and diagnostic.severity is Severity.WARNING and (
            diagnostic.subtype != UNRESOLVED
        ):
            failing += 1
    errors = [*loaded.errors, *(d for d in everything if d.severity is Severity.ERROR
                                and d not in loaded.errors)]
    for error in sorted(errors, key=lambda d: d.pos):
        print(_error_line(error), file=sys.stderr)
    counts["error"] = len(errors)
    items = sum(1 for book in loaded.books for _ in book.items())
    summary = ", ".join(f"{n} {kind}(s)" for kind, n in sorted(counts.items()) if n)
    print(f"checked {len(loaded.books)} book(s), {items} items: {summary or 'no problems'}")
    if errors:
        return EXIT_ERRORS
    return EXIT_STRICT if failing else 0


def _scenario_problems(
    args: argparse.Namespace, books: list[Rulebook], skipped: list[str], *, run: bool = True
) -> list[Diagnostic]:
    """What the build reports of the scenarios: unreadable files (errors), broken
    links to examples, and, with ``run``, scenarios whose doctests fail."""
    from rulesref.coverage import coverage
    from rulesref.scenarios import run_scenario

    slugs = {book.slug for book in books}
    scenarios, problems = _scenarios(args, books)
    result = coverage(books, scenarios, left_out=skipped)
    problems.extend(problem for book in result.values() for problem in book.problems)
    if run:
        for scenario in scenarios:
            if scenario.book not in slugs:
                continue
            try:
                failures, _report = run_scenario(scenario)
            except Exception as exc:  # a scenario's own code may raise anything
                failures, _report = 1, str(exc)
            if failures:
                problems.append(
                    Diagnostic(
                        Position(str(path_of(scenario)), 1, 1),
                        f"scenario '{scenario.title}' fails ({failures} failing example(s)); "
                        f"run: pytest {path_of(scenario)}",
                        SCENARIO_FAILED,
                    )
                )
    return problems


def _scenarios(
    args: argparse.Namespace, books: list[Rulebook]
) -> tuple[list[Scenario], list[Diagnostic]]:
    """The scenarios of ``--examples``; a file that cannot be read is a located error
    and the others are still read."""
    from rulesref.scenarios import load_scenario

    root: Path = args.examples
    if not root.is_dir():
        return [], []
    problems: list[Diagnostic] = []
    scenarios = []
    slugs = {book.slug for book in books}
    for path in sorted(root.rglob("*.md")):
        relative = path.relative_to(root)
        if len(relative.parts) < 2 or any(p.startswith((".", "_")) for p in relative.parts):
            continue
        if getattr(args, "book", None) and relative.parts[0] not in slugs:
            continue
        try:
            scenarios.append(load_scenario(path, relative.parts[0]))
        except RulesSourceError as exc:
            problems.append(Diagnostic(exc.pos, exc.message, SCENARIO_SOURCE, Severity.ERROR))
    scenarios.sort(key=lambda s: (s.book, s.slug))
    return scenarios, problems


def path_of(scenario: Scenario) -> Path:
    path = scenario.path
    try:
        return path.resolve().relative_to(Path.cwd().resolve())
    except ValueError:
        return path


def cmd_coverage(args: argparse.Namespace) -> int:
    from rulesref.coverage import coverage

    books = _books(args)
    scenarios, problems = _scenarios(args, books)
    for problem in problems:
        print(_error_line(problem), file=sys.stderr)
    if problems:
        args.exit_floor = EXIT_ERRORS
    result = coverage(books, scenarios)
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
    """Build every book that can be read.  The verdict is check's: a source that
    cannot be read (book, chapter or scenario) makes the status 2 once the rest of
    the site is built, and under --strict so does any other warning.  Sphinx prints
    the problems itself, so they are not printed twice here."""
    loaded = load(args)
    _scenarios_ok, scenario_errors = _scenarios(args, loaded.books)
    fatal = bool(loaded.errors or scenario_errors)
    docs, out, doctrees, overrides = _build_paths(args)
    command = [
        sys.executable, "-m", "sphinx", "-b", "html", "-d", str(doctrees), *overrides,
        str(docs), str(out),
    ]
    if args.strict:
        command[3:3] = ["-W", "--keep-going", "-D", f"suppress_warnings=rules.{UNRESOLVED}"]
    if args.jobs:
        command[3:3] = ["-j", str(args.jobs)]
    if args.drafting:
        command[3:3] = ["-D", "rulesref_drafting=1"]
    result = subprocess.run(command, check=False)
    if result.returncode == 0:
        print(f"site built: {(out / 'index.html').resolve()}")
    if fatal:  # as check says: 2, whatever else the strict build found
        print(
            "rulesref: some sources could not be read (see the warnings above); "
            "the rest of the site is built",
            file=sys.stderr,
        )
        return EXIT_ERRORS
    return result.returncode


def _build_paths(args: argparse.Namespace) -> tuple[Path, Path, Path, list[str]]:
    """Which Sphinx project builds ``--books``: the given ``--docs`` (pointed at
    those books), rulesref's own ``docs/`` for the seeds in a checkout, or else a
    project generated beside the output (:mod:`rulesref.site`), so a rules team's
    folder builds without a ``conf.py``."""
    from rulesref.site import project_for, write_project

    books: Path = args.books
    own_docs = (
        args.docs is None and books == DEFAULT_BOOKS and (DEFAULT_DOCS / "conf.py").is_file()
    )
    if args.docs is not None or own_docs:
        docs = args.docs or DEFAULT_DOCS
        out = args.out or DEFAULT_OUT
        overrides = []
        if books != DEFAULT_BOOKS:
            overrides = ["-D", f"rulesref_books_dir={books.resolve()}"]
        # Doctrees (a pickle with the build machine's paths) stay out of the published folder.
        return docs, out, out.parent / f"{out.name}.doctrees", overrides
    project = project_for(books, args.out)
    examples = args.examples if args.examples.is_dir() else books / "examples"
    write_project(books, project, examples if examples.is_dir() else None)
    return project.srcdir, project.outdir, project.doctrees, []


def cmd_init(args: argparse.Namespace) -> int:
    from rulesref.init import init_book

    path = init_book(args.folder, title=args.title, force=args.force)
    print(f"wrote {path}")
    print(f"next: rulesref --books {args.folder} check   (then: build, export)")
    return 0


def cmd_diff(args: argparse.Namespace) -> int:
    """Items added, removed, changed (word diff), renumbered and shifted between two
    versions: folders, or git revisions of the repository holding --books."""
    from rulesref.diff import checkout, diff_versions, load_version, to_data, to_text

    new_spec = args.new or str(args.books)
    with checkout(args.old, args.books) as old_dir, checkout(new_spec, args.books) as new_dir:
        diffs = diff_versions(
            load_version(old_dir, args.book), load_version(new_dir, args.book)
        )
    if args.json:
        text = json.dumps(to_data(diffs, args.old, new_spec), indent=2, ensure_ascii=False)
        text += "\n"
    else:
        text = to_text(diffs, args.old, new_spec)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        _write(Path(args.output), text)
        print(f"wrote {args.output}", file=sys.stderr)
    return 1 if args.exit_code and any(not d.empty for d in diffs) else 0


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
    """Versioned JSON (schema: rulesref/data/export.schema.json); scenarios are run
    for their status unless --no-run, which marks every status "not run"."""
    from rulesref.export import export_data, scenario_results, to_json
    from rulesref.scenarios import run_scenario

    books = _books(args)
    scenarios, _problems = _scenarios(args, books)
    slugs = {book.slug for book in books}
    results = scenario_results(
        [s for s in scenarios if s.book in slugs],
        run=None if args.no_run else run_scenario,
        display=lambda s: path_of(s).as_posix(),
    )
    text = to_json(export_data(books, results, scenarios_run=not args.no_run))
    if args.output == "-":
        sys.stdout.write(text)
    else:
        _write(Path(args.output), text)
        print(f"wrote {args.output}", file=sys.stderr)
    return 0


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise _error_at(path, f"cannot write: {exc.strerror or exc}") from None


def cmd_convert(args: argparse.Namespace) -> int:
    from rulesref.writers.cr_yaml import convert_book

    configs, _problems = _configs(args.books, args.book)
    out = Path(args.output or f"converted/{args.book}")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _error_at(out, f"cannot create the folder: {exc.strerror or exc}") from None
    for name, text in convert_book(configs[0]).items():
        _write(out / name, text)
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
    build.add_argument(
        "--docs",
        type=Path,
        default=None,
        help="a Sphinx project to build (default: one generated for --books)",
    )
    build.add_argument(
        "--out", type=Path, default=None, help="HTML folder (default: <books>/_build/html)"
    )
    build.add_argument("-j", "--jobs", type=int, default=0)
    build.set_defaults(func=cmd_build)

    init = sub.add_parser("init", help="write a book.toml for a folder of chapter files")
    init.add_argument("folder", type=Path)
    init.add_argument("--title", help="the book's title (default: the first chapter's)")
    init.add_argument("--force", action="store_true", help="replace an existing book.toml")
    init.set_defaults(func=cmd_init)

    diff = sub.add_parser(
        "diff", help="what changed between two versions (folders or git revisions)"
    )
    diff.add_argument("old", help="a books folder, or a git revision such as v1.0 or HEAD~3")
    diff.add_argument("new", nargs="?", help="the same (default: the --books folder as it is)")
    diff.add_argument("--book", help="only this book (its slug)")
    diff.add_argument("--json", action="store_true", help="JSON instead of text")
    diff.add_argument("-o", "--output", default="-", help="file to write ('-': standard output)")
    diff.add_argument(
        "--exit-code", action="store_true", help="exit with 1 when anything changed"
    )
    diff.set_defaults(func=cmd_diff)

    show = sub.add_parser("show", help="print one rule by ID or number (e.g. 8.1.2e)")
    show.add_argument("ref")
    show.set_defaults(func=cmd_show)

    search = sub.add_parser("search", help="find rules containing all the words")
    search.add_argument("words", nargs="+")
    search.set_defaults(func=cmd_search)

    export = sub.add_parser("export", help="write the numbered model as JSON")
    export.add_argument("--book")
    export.add_argument("-o", "--output", default="-", help="file to write ('-': standard output)")
    export.add_argument(
        "--no-run", action="store_true", help="do not run the scenarios (status: \"not run\")"
    )
    export.set_defaults(func=cmd_export)

    convert = sub.add_parser("convert", help="write a book in the canonical CR YAML format")
    convert.add_argument("book")
    convert.add_argument("--to", choices=["yaml"], default="yaml")
    convert.add_argument("-o", "--output")
    convert.set_defaults(func=cmd_convert)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    args.exit_floor = 0
    try:
        code: int = args.func(args)
    except RulesSourceError as exc:
        print(exc, file=sys.stderr)
        return EXIT_ERRORS
    except OSError as exc:  # a file the command was told to use; never a traceback
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"rulesref: {where}{exc.strerror or exc}", file=sys.stderr)
        return EXIT_ERRORS
    floor: int = args.exit_floor
    return max(code, floor)


if __name__ == "__main__":
    raise SystemExit(main())
