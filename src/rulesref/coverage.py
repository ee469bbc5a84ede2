"""Which rules and examples are backed by scenarios, and which links are wrong.

Docutils-free so the coverage page, ``rulesref coverage`` and the tests
count the same way.  A scenario names the example it backs by rule ID and
index and quotes a few of its words; the quote is checked here, so a
renumbered or edited example cannot silently keep a stale "verified" badge.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from rulesref.checks import is_partial
from rulesref.errors import Diagnostic, Position, Severity
from rulesref.model import Example, Item, Kind, Rulebook, plain_text
from rulesref.scenarios import Scenario

#: Kinds that state rules; chapters and sections are headings.
RULE_KINDS = frozenset({Kind.RULE, Kind.STEP, Kind.SUBSECTION, Kind.TIMING})

BAD_LINK = "scenario-link"


@dataclass
class ExampleCoverage:
    item: Item
    example: Example
    scenarios: list[Scenario] = field(default_factory=list)

    @property
    def backed(self) -> bool:
        return bool(self.scenarios)


@dataclass
class RuleCoverage:
    item: Item
    scenarios: list[Scenario] = field(default_factory=list)

    @property
    def covered(self) -> bool:
        return bool(self.scenarios)


@dataclass
class ChapterCoverage:
    chapter: Item
    rules: list[RuleCoverage]
    examples: list[ExampleCoverage]

    @property
    def covered(self) -> int:
        return sum(r.covered for r in self.rules)

    @property
    def backed(self) -> int:
        return sum(e.backed for e in self.examples)


@dataclass
class BookCoverage:
    book: Rulebook
    chapters: list[ChapterCoverage]
    problems: list[Diagnostic]
    by_rule: dict[str, RuleCoverage]
    by_example: dict[str, ExampleCoverage]

    @property
    def rules(self) -> list[RuleCoverage]:
        return [r for c in self.chapters for r in c.rules]

    @property
    def examples(self) -> list[ExampleCoverage]:
        return [e for c in self.chapters for e in c.examples]

    @property
    def rule_ratio(self) -> float:
        rules = self.rules
        return sum(r.covered for r in rules) / len(rules) if rules else 1.0

    @property
    def unbacked(self) -> list[ExampleCoverage]:
        return [e for e in self.examples if not e.backed]


def _normalise(text: str) -> str:
    folded = text.replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    return " ".join(folded.split()).casefold()


def book_coverage(book: Rulebook, scenarios: Iterable[Scenario]) -> BookCoverage:
    chapters: list[ChapterCoverage] = []
    by_rule: dict[str, RuleCoverage] = {}
    by_example: dict[str, ExampleCoverage] = {}
    for chapter in book.chapters:
        rules, examples = [], []
        for item in chapter.walk():
            if item.kind in RULE_KINDS:
                rules.append(by_rule.setdefault(item.id, RuleCoverage(item)))
            for example in item.examples:
                # Keyed by the example's ID, which ``backs:`` names (not its anchor,
                # which differs for an ID such as ``rule_54+``).
                covered = ExampleCoverage(item, example)
                by_example.setdefault(example.id, covered)
                examples.append(covered)
        chapters.append(ChapterCoverage(chapter, rules, examples))
    problems: list[Diagnostic] = []
    partial = is_partial(book)

    def unknown(where: Position, message: str) -> Diagnostic:
        # A chapter left out (it could not be read) may hold the rule: not a problem of its own.
        if partial:
            return Diagnostic(where, message, BAD_LINK, Severity.NOTE,
                              "a chapter of this book could not be read")
        return Diagnostic(where, message, BAD_LINK)

    for scenario in scenarios:
        if scenario.book != book.slug:
            continue
        where = Position(str(scenario.path), 2, 1)
        for ref in scenario.backs:
            owner = book.get(ref.rule_id)
            entry = by_example.get(f"{ref.rule_id}-example-{ref.index}")
            if owner is None:
                problems.append(unknown(where, f"backs unknown rule '{ref.rule_id}'"))
                continue
            if entry is None:
                problems.append(
                    Diagnostic(
                        where,
                        f"backs {ref}, but {owner.reference_word} {owner.number} has "
                        f"{len(owner.examples)} example(s)",
                        BAD_LINK,
                    )
                )
                continue
            if scenario.quote and _normalise(scenario.quote) not in _normalise(
                plain_text(entry.example.text)
            ):
                problems.append(
                    Diagnostic(
                        where,
                        f"quote {scenario.quote!r} is not in the text of {ref} "
                        f"({owner.reference_word} {owner.number}, example {ref.index})",
                        BAD_LINK,
                    )
                )
                continue
            entry.scenarios.append(scenario)
        for rule_id in scenario.covered_rules:
            coverage = by_rule.get(rule_id)
            if coverage is None:
                backed_ids = {r.rule_id for r in scenario.backs}
                if book.get(rule_id) is None and rule_id not in backed_ids:
                    problems.append(unknown(where, f"names unknown rule '{rule_id}'"))
                continue
            if scenario not in coverage.scenarios:
                coverage.scenarios.append(scenario)
    return BookCoverage(book, chapters, problems, by_rule, by_example)


def coverage(
    books: Iterable[Rulebook], scenarios: Iterable[Scenario], left_out: Iterable[str] = ()
) -> dict[str, BookCoverage]:
    """``left_out``: folders of books that could not be read (already reported), whose
    scenarios are not reported again as naming no book."""
    scenario_list = list(scenarios)
    result = {book.slug: book_coverage(book, scenario_list) for book in books}
    skip = set(left_out)
    # A folder that names no book is reported once, among the first book's problems.
    first = next(iter(result.values()), None)
    for scenario in scenario_list:
        if scenario.book not in result and scenario.book not in skip and first is not None:
            first.problems.append(
                Diagnostic(
                    Position(str(scenario.path), 1, 1),
                    f"scenario folder '{scenario.book}' is not a book",
                    BAD_LINK,
                )
            )
    return result
