"""Scenario files: which rule or example each backs, and the doctests that prove it.

A scenario is a MyST Markdown file in a folder of scenarios, one sub-folder
per book or rules family (``<folder>/<family>/<slug>.md``): YAML front matter
(``backs``, ``quote``, ``rules``, ``cards``), a ``# Title``, then prose and
``{doctest}`` fences.  ``backs`` names each example by its rule's ID and
index, with the short hash of the example's text the scenario was written
against (``rule_id#example-2@1a2b3c4d``, see :mod:`rulesref.scenario_keys`).
The project's own scenarios, the *library*, ship inside the package
(:data:`LIBRARY`), so every installation has them.  The site renders the body
beside the rule it backs and the coverage page counts
:attr:`Scenario.covered_rules`; pytest (through Sybil) and the Sphinx doctest
builder run the fences.  This module knows nothing of docutils or Sphinx.
"""

from __future__ import annotations

import doctest
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from rulesref.doctest_runs import ScenarioRunner
from rulesref.errors import Diagnostic, Position, RulesSourceError

#: The diagnostic subtype of a scenario that cannot be read or names what does not exist.
BAD_FILE = "scenario-link"
FRONT_MATTER_KEYS = frozenset({"backs", "quote", "rules", "cards"})
#: ``rule_id#example-2@1a2b3c4d``: any ID the rules use (``rule_54+`` too), without
#: white space or ``#``, which ends it; then the example's index, and the hash of
#: its text (eight hexadecimal digits) when the author has written it.
_EXAMPLE_REF = re.compile(
    r"^(?P<rule>[^\s#]+)#example-(?P<index>[0-9]+)(?:@(?P<hash>[^\s]*))?$"
)
_TEXT_HASH = re.compile(r"^[0-9a-f]{8}$")

#: The project's scenario library: package data, one folder per rules family.
LIBRARY = Path(__file__).parent / "data" / "scenarios"
_FENCE_OPEN = re.compile(r"^(?P<fence>`{3,}|~{3,})\{doctest\}[^\n]*$", re.MULTILINE)

#: The doctest flags scenarios run with (stricter than Sphinx's default, which
#: ignores exception details).
DOCTEST_FLAGS = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1


@dataclass(frozen=True)
class ExampleRef:
    """One example of one rule: ``rule_id#example-<index>``, 1-based, and the
    hash of the text the scenario was written against (``None``: not written)."""

    rule_id: str
    index: int
    text_hash: str | None = None

    @classmethod
    def parse(cls, text: str) -> ExampleRef:
        match = _EXAMPLE_REF.match(text.strip())
        if match is None or int(match["index"]) < 1:
            raise ValueError(
                f"expected '<rule id>#example-<n>@<text hash>' (n from 1), not {text!r}"
            )
        written = match["hash"]
        if written is not None and not _TEXT_HASH.match(written):
            raise ValueError(
                f"the text hash after '@' is 8 hexadecimal digits (0-9, a-f), as "
                f"'rulesref check' prints it, not {written!r}"
            )
        return cls(match["rule"], int(match["index"]), written)

    @property
    def example_id(self) -> str:
        """The example's ID in the model (:attr:`rulesref.model.Example.id`)."""
        return f"{self.rule_id}-example-{self.index}"

    def written(self, text_hash: str) -> str:
        """How the front matter writes this example with ``text_hash``."""
        return f"{self}@{text_hash}"

    def __str__(self) -> str:
        return f"{self.rule_id}#example-{self.index}"


@dataclass(frozen=True)
class DoctestBlock:
    """One ``{doctest}`` fence: its source and where it sits in the file."""

    source: str
    #: 1-based line of the first source line.
    line: int
    #: Character offsets of the whole fence in the file.
    start: int
    end: int


@dataclass(frozen=True)
class Scenario:
    path: Path
    #: The name of its folder: the slug of the book it was written for, or the
    #: rules family whose books it backs wherever their examples match
    #: (:func:`rulesref.scenario_keys.bind`).
    book: str
    slug: str
    title: str
    backs: tuple[ExampleRef, ...]
    quote: str | None
    rules: tuple[str, ...]
    cards: tuple[str, ...]
    #: The Markdown after the title (prose and doctest fences), for the site to render.
    body: str
    #: 1-based line in the file where the body starts.
    body_line: int
    #: 1-based line of the ``backs`` key (where a problem with a link is reported).
    backs_line: int = 2
    #: Whether it comes from the project's library (:data:`LIBRARY`) rather than
    #: the site's or team's own folders.
    library: bool = False

    @property
    def covered_rules(self) -> frozenset[str]:
        return frozenset(self.rules) | frozenset(ref.rule_id for ref in self.backs)

    def doctest_blocks(self) -> list[DoctestBlock]:
        return doctest_blocks(self.path.read_text(encoding="utf-8"))


def _fail(path: Path, line: int, message: str, col: int = 1) -> RulesSourceError:
    return RulesSourceError(Position(str(path), line, col), message)


def _key_line(lines: list[str], key: str, first: int) -> int:
    for offset, text in enumerate(lines):
        if text.startswith(f"{key}:"):
            return first + offset
    return first


def _strings(value: Any, path: Path, line: int, key: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise _fail(path, line, f"'{key}' must be a string or a list of strings")


def _read_text(path: Path) -> str:
    """The file's text, or a located error (a scenario saved as Latin-1, say)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise _fail(path, 1, f"cannot read file: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        raise _fail(path, line, f"not UTF-8 text (byte 0x{data[exc.start]:02x})", col) from None
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


#: libyaml's safe loader where PyYAML has it: the same documents, a fraction of
#: the time (every command that reads the scenarios parses them all).  Its
#: errors point past the front matter, so a bad one is parsed again in Python.
_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _front_matter(front: str, path: Path, loader: type[yaml.SafeLoader]) -> object:
    if "*" in front:  # an alias is written "*name": without one, no second parse
        _refuse_aliases(front, path, loader)
    return yaml.load(front, Loader=loader) or {}


def _refuse_aliases(front: str, path: Path, loader: type[yaml.SafeLoader]) -> None:
    """Front matter is a few plain keys: an alias (``*x``) has no use there and could
    stand for far more text than the file holds."""
    for event in yaml.parse(front, Loader=loader):
        if isinstance(event, yaml.AliasEvent):
            mark = event.start_mark
            line, col = (2 + mark.line, 1 + mark.column) if mark else (2, 1)
            raise _fail(path, line, "YAML aliases are not allowed in front matter", col)


#: Each scenario file's last text this process read, with what it read there:
#: ``rulesref serve`` loads every scenario again after each save, and parsing
#: their front matter was a twentieth of its rebuild (so were a test run's many
#: sites).  A text read again is the same scenario; a changed one is read anew.
_READ: dict[tuple[str, str | None, bool], tuple[str, Scenario]] = {}


def load_scenario(path: Path, book: str | None = None, *, library: bool = False) -> Scenario:
    """Read one scenario file; problems in it raise :class:`RulesSourceError`."""
    path = Path(path)
    text = _read_text(path)
    where = (str(path), book, library)
    kept = _READ.get(where)
    if kept is not None and kept[0] == text:
        return kept[1]
    scenario = _scenario(path, text, book, library=library)
    _READ[where] = (text, scenario)
    return scenario


def _scenario(path: Path, text: str, book: str | None, *, library: bool) -> Scenario:
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        raise _fail(path, 1, "a scenario starts with YAML front matter between '---' lines")
    try:
        close = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        raise _fail(path, 1, "the front matter is not closed by a '---' line") from None
    front_lines = lines[1:close]
    try:
        front = _front_matter("\n".join(front_lines), path, _LOADER)
    except yaml.YAMLError:
        front = None  # said below, in the words and at the place of PyYAML's own parser
    try:
        if front is None:
            front = _front_matter("\n".join(front_lines), path, yaml.SafeLoader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = 2 + (mark.line if mark is not None else 0)
        col = 1 + (mark.column if mark is not None else 0)
        problem = getattr(error, "problem", None) or "cannot be parsed"
        raise _fail(path, line, f"front matter is not valid YAML: {problem}", col) from None
    if not isinstance(front, dict):
        raise _fail(path, 2, "front matter must be a mapping of keys to values")
    unknown = sorted(set(map(str, front)) - FRONT_MATTER_KEYS)
    if unknown:
        line = _key_line(front_lines, unknown[0], 2)
        raise _fail(
            path,
            line,
            f"unknown front matter key {unknown[0]!r} "
            f"(known: {', '.join(sorted(FRONT_MATTER_KEYS))})",
        )

    backs_line = _key_line(front_lines, "backs", 2)
    backs: list[ExampleRef] = []
    for item in _strings(front.get("backs"), path, backs_line, "backs"):
        try:
            backs.append(ExampleRef.parse(item))
        except ValueError as error:
            raise _fail(path, backs_line, str(error)) from None
    quote = front.get("quote")
    if quote is not None and not isinstance(quote, str):
        raise _fail(path, _key_line(front_lines, "quote", 2), "'quote' must be a string")
    rules = _strings(front.get("rules"), path, _key_line(front_lines, "rules", 2), "rules")
    cards = _strings(front.get("cards"), path, _key_line(front_lines, "cards", 2), "cards")
    if not backs and not rules:
        raise _fail(path, 2, "a scenario must back an example ('backs') or name rules ('rules')")

    title_index = next((i for i in range(close + 1, len(lines)) if lines[i].strip()), None)
    if title_index is None or not lines[title_index].startswith("# "):
        line = (title_index if title_index is not None else close) + 1
        raise _fail(path, line, "after the front matter, a scenario needs a '# Title' line")
    title = lines[title_index][2:].strip()
    body_start = title_index + 1
    body = "\n".join(lines[body_start:]).strip("\n") + "\n"
    while body_start < len(lines) and not lines[body_start].strip():
        body_start += 1
    return Scenario(
        path=path,
        book=book if book is not None else path.parent.name,
        slug=path.stem,
        title=title,
        backs=tuple(backs),
        quote=quote.strip() if isinstance(quote, str) else None,
        rules=rules,
        cards=cards,
        body=body,
        body_line=body_start + 1,
        backs_line=backs_line,
        library=library,
    )


def scenario_files(root: Path) -> Iterator[tuple[Path, str]]:
    """(file, book) for every scenario file under ``root`` (``examples/``): the book is
    the first folder name; files at the top and hidden or ``_`` folders are not scenarios."""
    root = Path(root)
    for path in sorted(root.rglob("*.md")):
        relative = path.relative_to(root)
        if len(relative.parts) < 2 or any(p.startswith((".", "_")) for p in relative.parts):
            continue
        yield path, relative.parts[0]


def find_scenarios(root: Path) -> list[Scenario]:
    """Every scenario under ``root`` (``examples/``); the first bad file raises."""
    found = [load_scenario(path, book) for path, book in scenario_files(root)]
    return sorted(found, key=lambda s: (s.book, s.slug))


def load_scenarios(
    roots: Sequence[Path], *, library: bool = False
) -> tuple[list[Scenario], list[Diagnostic]]:
    """Every scenario below ``roots`` and, with ``library``, the project's
    library (:data:`LIBRARY`, unless it is one of ``roots``); a file that
    cannot be read becomes a diagnostic (subtype :data:`BAD_FILE`) instead of
    stopping the others."""
    found: list[Scenario] = []
    errors: list[Diagnostic] = []
    sources = [(Path(root), False) for root in roots]
    if library and not any(_same_folder(root, LIBRARY) for root in roots):
        sources.append((LIBRARY, True))
    for root, from_library in sources:
        if not root.is_dir():
            continue
        for path, book in scenario_files(root):
            try:
                found.append(load_scenario(path, book, library=from_library))
            except RulesSourceError as error:
                errors.append(Diagnostic(error.pos, error.message, BAD_FILE))
    return sorted(found, key=lambda s: (s.book, s.slug, s.library)), errors


def _same_folder(one: Path, other: Path) -> bool:
    try:
        return Path(one).resolve() == other.resolve()
    except OSError:
        return False


def doctest_blocks(text: str) -> list[DoctestBlock]:
    """The ``{doctest}`` fences of a MyST document, one block per fence."""
    blocks: list[DoctestBlock] = []
    for match in _FENCE_OPEN.finditer(text):
        fence = match["fence"]
        body_start = match.end() + 1
        close = re.compile(rf"^{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$", re.MULTILINE)
        end_match = close.search(text, body_start)
        end = end_match.start() if end_match else len(text)
        source = text[body_start:end]
        skipped = 0
        source_lines = source.splitlines(keepends=True)
        while skipped < len(source_lines) and source_lines[skipped].lstrip().startswith(":"):
            skipped += 1
        source = "".join(source_lines[skipped:])
        line = text.count("\n", 0, body_start) + 1 + skipped
        blocks.append(
            DoctestBlock(source, line, match.start(), end_match.end() if end_match else len(text))
        )
    return blocks


def run_doctest_block(
    block: DoctestBlock,
    path: Path | str,
    namespace: dict[str, Any],
    optionflags: int = DOCTEST_FLAGS,
) -> tuple[int, str]:
    """Run one block as one doctest; return (failures, report).  The report cites the
    file's own line numbers."""
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block.source, namespace, Path(path).name, str(path), block.line - 1)
    test.globs = namespace  # share the document's namespace rather than a copy
    output: list[str] = []
    runner = ScenarioRunner(verbose=False, optionflags=optionflags)
    result = runner.run(test, out=output.append, clear_globs=False)
    return result.failed, "".join(output)


def run_scenario(scenario: Scenario) -> tuple[int, str]:
    """Run every doctest of a scenario in one fresh namespace; return (failures, report)."""
    namespace: dict[str, Any] = {"__name__": "__scenario__"}
    failed, reports = 0, []
    for block in scenario.doctest_blocks():
        block_failed, report = run_doctest_block(block, scenario.path, namespace)
        failed += block_failed
        reports.append(report)
    return failed, "".join(reports)
