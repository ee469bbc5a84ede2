"""Which rules and examples are backed by scenarios, which links are wrong,
and which examples changed since their scenario was written.

Docutils-free so the coverage page, ``rulesref check``, ``coverage`` and
``export`` and the tests count the same way.  A scenario names the example it
backs by rule ID, index and text hash (:mod:`rulesref.scenario_keys`, which
also decides which book a scenario is about); an example is *backed* when a
scenario links to it with the text it was written against, and *to re-check*
when its scenarios were written against another text (or give none).  A
``quote``, where a scenario still gives one, is checked too.

A problem with a book's own scenarios (their folder is named after it) is a
warning.  A guest's (the library, found in another release by its examples'
text) are not the book's: an example it backs that the release reworded is
to re-check, which is said as a note; what else of another release it does
not find (examples gone or moved, rules renamed) is the library's business,
and not said at all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from rulesref.checks import is_partial
from rulesref.errors import Diagnostic, Position, Severity
from rulesref.model import Example, Item, Kind, Rulebook, plain_text
from rulesref.scenario_keys import BookExamples, Bound, ExampleLink, LinkState, bind
from rulesref.scenarios import Scenario

#: Kinds that state rules; chapters and sections are headings.
RULE_KINDS = frozenset({Kind.RULE, Kind.STEP, Kind.SUBSECTION, Kind.TIMING})

BAD_LINK = "scenario-link"
#: The subtype of an example whose scenario must be checked against its text again.
RECHECK = "scenario-recheck"
#: Why a guest's problem is a note.
GUEST_REASON = ("the scenario is not this book's own: it was written for another release "
                "and found here by the text of its examples")


@dataclass
class ExampleCoverage:
    item: Item
    example: Example
    #: Every scenario linked to it, whatever the state of the link.
    links: list[ExampleLink] = field(default_factory=list)
    #: Its text hash now (what ``backs`` writes after ``@``).
    text_hash: str = ""

    @property
    def scenarios(self) -> list[Scenario]:
        """The scenarios written against its text as it is: those that back it."""
        return [link.scenario for link in self.links if link.current]

    @property
    def stale(self) -> list[ExampleLink]:
        """The links to re-check: written against another text, or none."""
        return [link for link in self.links if not link.current]

    @property
    def backed(self) -> bool:
        return any(link.current for link in self.links)

    @property
    def to_recheck(self) -> bool:
        """Scenarios link to it, but none with its text as it is."""
        return bool(self.links) and not self.backed

    def link_of(self, scenario: Scenario) -> ExampleLink | None:
        return next((link for link in self.links if link.scenario is scenario), None)


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

    @property
    def to_recheck(self) -> int:
        return sum(e.to_recheck for e in self.examples)


@dataclass
class BookCoverage:
    book: Rulebook
    chapters: list[ChapterCoverage]
    problems: list[Diagnostic]
    by_rule: dict[str, RuleCoverage]
    by_example: dict[str, ExampleCoverage]
    #: The scenarios about this book (:func:`rulesref.scenario_keys.bind`).
    bound: Bound = field(default_factory=Bound)
    #: Each scenario's links to the examples it backs, in ``backs`` order.
    links: dict[Scenario, list[ExampleLink]] = field(default_factory=dict)
    #: The scenarios about this book: its own, and the guests that back one of
    #: its examples or cover one of its rules (a library folder may hold
    #: scenarios of rules another release does not have).
    scenarios: list[Scenario] = field(default_factory=list)

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
        """Examples no scenario links to (those to re-check are :attr:`recheck`)."""
        return [e for e in self.examples if not e.links]

    @property
    def recheck(self) -> list[ExampleCoverage]:
        """Examples whose scenarios were written against another text (or none)."""
        return [e for e in self.examples if e.to_recheck]

    def stale(self, scenario: Scenario) -> list[ExampleLink]:
        """The links of ``scenario`` to re-check in this book."""
        return [link for link in self.links.get(scenario, []) if not link.current]


def _normalise(text: str) -> str:
    folded = text.replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    return " ".join(folded.split()).casefold()


def book_coverage(
    book: Rulebook, scenarios: Iterable[Scenario], bound: Bound | None = None,
    examples: BookExamples | None = None,
) -> BookCoverage:
    """The coverage of ``book`` by the scenarios ``bound`` to it (by default,
    those of ``scenarios`` that :func:`rulesref.scenario_keys.bind` finds)."""
    examples = examples or BookExamples(book)
    if bound is None:
        bound = bind([book], scenarios, {book.slug: examples})[book.slug]
    chapters: list[ChapterCoverage] = []
    by_rule: dict[str, RuleCoverage] = {}
    by_example: dict[str, ExampleCoverage] = {}
    for chapter in book.chapters:
        rules, entries = [], []
        for item in chapter.walk():
            if item.kind in RULE_KINDS:
                rules.append(by_rule.setdefault(item.id, RuleCoverage(item)))
            for example in item.examples:
                # Keyed by the example's ID, which ``backs:`` names (not its anchor,
                # which differs for an ID such as ``rule_54+``).
                covered = ExampleCoverage(item, example, text_hash=examples.hash_of(example))
                by_example.setdefault(example.id, covered)
                entries.append(covered)
        chapters.append(ChapterCoverage(chapter, rules, entries))
    result = BookCoverage(book, chapters, [], by_rule, by_example, bound)
    _link(result, examples)
    return result


#: How :func:`_link` reports a problem of one scenario.
Say = Callable[..., None]


def _link(result: BookCoverage, examples: BookExamples) -> None:
    """Join each bound scenario to the examples and rules it names, and say
    what does not fit."""
    book, bound, problems = result.book, result.bound, result.problems
    partial = is_partial(book)

    def problem(scenario: Scenario, message: str, subtype: str = BAD_LINK,
                line: int | None = None, unknown: bool = False) -> None:
        where = Position(str(scenario.path), line or scenario.backs_line, 1)
        if not bound.own(scenario):
            if subtype == RECHECK:
                problems.append(Diagnostic(where, message, subtype, Severity.NOTE, GUEST_REASON))
        elif partial and unknown:
            # A chapter left out (it could not be read) may hold the rule.
            problems.append(Diagnostic(where, message, subtype, Severity.NOTE,
                                       "a chapter of this book could not be read"))
        else:
            problems.append(Diagnostic(where, message, subtype))

    for scenario, first in bound.shadowed:
        if not (scenario.library and not first.library):  # the site's own replaces the library's
            problem(scenario, f"not shown: {first.path} has the same name", line=1)
    for scenario in bound.scenarios:
        links = result.links[scenario] = _link_examples(result, examples, scenario, problem)
        covers = _cover_rules(result, scenario, links, problem)
        if bound.own(scenario) or links or covers:
            result.scenarios.append(scenario)


def _link_examples(result: BookCoverage, examples: BookExamples, scenario: Scenario,
                   problem: Say) -> list[ExampleLink]:
    """The links of ``scenario`` to the examples it backs (a quote, where given,
    must be in the example)."""
    book, links = result.book, []
    for ref in scenario.backs:
        link = examples.find(scenario, ref)
        if link is None:
            owner = book.get(ref.rule_id)
            if owner is None:
                problem(scenario, f"backs unknown rule '{ref.rule_id}'", unknown=True)
            else:
                problem(scenario, f"backs {ref}, but {owner.reference_word} {owner.number} "
                        f"has {len(owner.examples)} example(s)")
            continue
        if scenario.quote and _normalise(scenario.quote) not in _normalise(
            plain_text(link.example.text)
        ):
            problem(scenario, f"quote {scenario.quote!r} is not in the text of {ref} "
                    f"({_where(link)})")
            continue
        links.append(link)
        entry = result.by_example[link.example.id]
        if entry.link_of(scenario) is None:
            entry.links.append(link)
        _say_state(link, problem)
    return links


def _cover_rules(result: BookCoverage, scenario: Scenario, links: list[ExampleLink],
                 problem: Say) -> bool:
    """Record the rules ``scenario`` covers: those it names, and the owners of
    the examples it backs (one found under another rule covers that rule).
    Whether it covers any."""
    book, covers = result.book, False
    backed_ids = {r.rule_id for r in scenario.backs}
    owners = [link.item.id for link in links]
    for rule_id in (*sorted(scenario.covered_rules), *owners):
        coverage = result.by_rule.get(rule_id)
        if coverage is None:
            if book.get(rule_id) is None and rule_id not in backed_ids:
                problem(scenario, f"names unknown rule '{rule_id}'", unknown=True)
            continue
        covers = True
        if scenario not in coverage.scenarios:
            coverage.scenarios.append(scenario)
    return covers


def _where(link: ExampleLink) -> str:
    return f"{link.item.reference_word} {link.item.number}, example {link.example.index}"


def _say_state(link: ExampleLink, problem: Say) -> None:
    """The line that tells an author what to do about a link that is not as
    written: the ``backs`` to write, once the scenario is checked."""
    scenario, ref = link.scenario, link.ref
    if link.state is LinkState.UNHASHED:
        problem(scenario, f"backs {ref} without the hash of its text, so it cannot be "
                f"shown as verified: check the scenario against {_where(link)}, then write "
                f"'backs: {link.written}'", RECHECK)
    elif link.state is LinkState.CHANGED:
        problem(scenario, f"the text of {ref} ({_where(link)}) has changed since the scenario "
                f"was written (hash {ref.text_hash}, now {link.text_hash}): it is to re-check; "
                f"once the scenario says what the example says, write "
                f"'backs: {link.written}'", RECHECK)
    elif link.moved:
        problem(scenario, f"the text {ref} was written against is now {_where(link)}: "
                f"write 'backs: {link.written}'")


def coverage(
    books: Iterable[Rulebook], scenarios: Iterable[Scenario], left_out: Iterable[str] = ()
) -> dict[str, BookCoverage]:
    """Every book's coverage by the scenarios about it.  ``left_out``: folders
    of books that could not be read (already reported), whose scenarios are not
    reported again as naming no book."""
    book_list, scenario_list = list(books), list(scenarios)
    examples: dict[str, BookExamples] = {}
    bound = bind(book_list, scenario_list, examples)
    result = {
        book.slug: book_coverage(book, (), bound[book.slug], examples[book.slug])
        for book in book_list
    }
    skip = set(left_out)
    placed = {s.book for b in bound.values() for s in b.scenarios}
    # A folder of the site's own that fits no book is reported once, among the
    # first book's problems (the library's folders are for the books they fit).
    first = next(iter(result.values()), None)
    reported: set[str] = set()
    for scenario in scenario_list:
        folder = scenario.book
        if scenario.library or folder in placed or folder in skip or folder in reported:
            continue
        if first is not None:
            reported.add(folder)
            first.problems.append(
                Diagnostic(
                    Position(str(scenario.path), 1, 1),
                    f"scenario folder '{folder}' is not a book, and no book holds an "
                    "example its scenarios back with the text they were written against",
                    BAD_LINK,
                )
            )
    return result
