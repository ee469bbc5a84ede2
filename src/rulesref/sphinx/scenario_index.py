"""Where each scenario of a site is shown, decided from the books alone.

A scenario is joined to the books with :mod:`rulesref.coverage` (which also
checks each ``quote``); a :class:`ScenarioIndex` then says where it is shown
in full (its :class:`Placement`), which rules it covers, and what each page
shows of it, as fingerprints for the incremental check.  Nothing here reads
docutils nodes: the index is data the renderers and the coverage page consult.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulesref.coverage import BookCoverage, coverage
from rulesref.errors import Diagnostic
from rulesref.keys import digest, slugify
from rulesref.model import Example, Item
from rulesref.scenario_runs import RunKey, engine_digest, run_key
from rulesref.scenarios import Scenario, load_scenarios
from rulesref.sphinx.registry import LoadedBook, Registry


@dataclass(frozen=True)
class Placement:
    """One place a scenario is shown in full: under an example, or after a rule's
    text.  The first placement of a scenario is its primary one: it carries the
    anchor ``scenario-<book>-<slug>`` and reports the scenario's failure."""

    scenario: Scenario
    item: Item
    example: Example | None
    docname: str
    node_id: str
    group: str

    @property
    def primary(self) -> bool:
        return self.node_id == scenario_anchor(self.scenario)


@dataclass
class ScenarioIndex:
    """Every scenario of the site and where each one is shown."""

    roots: list[Path]
    scenarios: list[Scenario]
    coverage: dict[str, BookCoverage]
    #: Scenario files that cannot be read, as diagnostics.
    load_errors: list[Diagnostic]
    #: Changes when any source the scenarios run against changes.
    engine_digest: str
    #: scenario path → cache key (mtime, size, engine digest).
    keys: dict[str, RunKey] = field(default_factory=dict)
    #: (book, slug) → where the scenario is shown in full, first one primary.
    placements: dict[tuple[str, str], list[Placement]] = field(default_factory=dict)
    #: (book, example anchor) / (book, item id) → placements shown there.
    at_example: dict[tuple[str, str], list[Placement]] = field(default_factory=dict)
    at_item: dict[tuple[str, str], list[Placement]] = field(default_factory=dict)
    #: (book, item id) → every scenario that covers the item (its examples or ``rules:``).
    by_item: dict[tuple[str, str], list[Scenario]] = field(default_factory=dict)

    def key(self, scenario: Scenario) -> RunKey:
        return self.keys[str(scenario.path)]

    def primary(self, scenario: Scenario) -> Placement | None:
        places = self.placements.get((scenario.book, scenario.slug))
        return places[0] if places else None

    def display(self, scenario: Scenario) -> str:
        """The scenario's path as the site shows it: relative to the scenarios
        folder's parent (``examples/netrunner-cr/derez.md``)."""
        path = scenario.path.resolve()
        for root in self.roots:
            try:
                return path.relative_to(root.parent).as_posix()
            except ValueError:
                continue
        return scenario.path.name

    def shown_at(self, slug: str, item: Item, scenario: Scenario) -> Placement | None:
        """Where a reader of ``item`` finds ``scenario``: under one of the item's
        examples, after its text, or in the nearest enclosing rule; else its
        primary place."""
        places = self.placements.get((scenario.book, scenario.slug), [])
        for owner in (item, *item.ancestors()):
            for place in places:
                if place.item is owner:
                    return place
        return places[0] if places else None

    def book_scenarios(self, slug: str) -> list[Scenario]:
        return [s for s in self.scenarios if s.book == slug]

    # -- what a page shows, for the incremental check ---------------------------
    def _scenario_view(self, scenario: Scenario) -> tuple[Any, ...]:
        primary = self.primary(scenario)
        return (
            scenario.slug,
            scenario.title,
            self.key(scenario),
            self.display(scenario),
            (primary.docname, primary.node_id) if primary else None,
        )

    def _placements_view(self, places: Iterable[Placement]) -> list[tuple[Any, ...]]:
        return [(p.node_id, p.group, *self._scenario_view(p.scenario)) for p in places]

    def item_view(self, slug: str, item: Item) -> tuple[Any, ...]:
        scenarios = self.by_item.get((slug, item.id), [])
        targets = [self.shown_at(slug, item, s) for s in scenarios]
        return (
            item.id,
            [self._scenario_view(s) for s in scenarios],
            [(t.docname, t.node_id) if t else None for t in targets],
            self._placements_view(self.at_item.get((slug, item.id), [])),
            [
                self._placements_view(self.at_example.get((slug, e.anchor), []))
                for e in item.examples
            ],
        )

    def chapter_digest(self, slug: str, chapter: Item) -> str:
        return digest([self.item_view(slug, item) for item in chapter.walk()])

    def book_digest(self, slug: str) -> str:
        cov = self.coverage.get(slug)
        if cov is None:
            return ""
        return digest(
            [self.item_view(slug, item) for item in cov.book.items()],
            [str(d) for d in cov.problems],
            [str(d) for d in self.load_errors],
            [self._scenario_view(s) for s in self.book_scenarios(slug)],
        )

    def digest(self) -> str:
        return digest(
            sorted(self.coverage),
            [self.book_digest(slug) for slug in sorted(self.coverage)],
            [str(d) for d in self.load_errors],
        )


def scenario_anchor(scenario: Scenario) -> str:
    return f"scenario-{slugify(scenario.book)}-{slugify(scenario.slug)}"


def scenario_group(scenario: Scenario) -> str:
    return f"{scenario.book}/{scenario.slug}"


def build_index(
    reg: Registry, roots: Sequence[Path], only: Sequence[str] | None = None
) -> ScenarioIndex:
    """Load the scenarios and decide where each one is shown."""
    scenarios, errors = load_scenarios(roots)
    if only is not None:  # books left out on purpose: their scenarios too
        scenarios = [s for s in scenarios if s.book in only]
    books = [book.book for book in reg]
    index = ScenarioIndex(
        roots=list(roots),
        scenarios=scenarios,
        coverage=coverage(books, scenarios) if books else {},
        load_errors=errors,
        engine_digest=engine_digest(),
    )
    for scenario in scenarios:
        index.keys[str(scenario.path)] = run_key(scenario, index.engine_digest)
    for book in reg:
        cov = index.coverage.get(book.slug)
        if cov is not None:
            _place(index, book, cov)
    return index


def _place(index: ScenarioIndex, book: LoadedBook, cov: BookCoverage) -> None:
    """Where each scenario of ``book`` is shown in full.

    Under every example it backs (checked by :mod:`rulesref.coverage`, quote and
    all); and after the text of every rule it covers that does not already show
    it, in book order: a rule whose example or enclosing rule shows the scenario
    only gets the count badge, which links there.  The first place is primary.
    """
    slug = book.slug
    order = {item.id: number for number, item in enumerate(book.book.items())}
    for scenario in index.book_scenarios(slug):
        spots: list[tuple[Item, Example | None]] = []
        for ref in scenario.backs:
            entry = cov.by_example.get(f"{ref.rule_id}-example-{ref.index}")
            if entry is not None and scenario in entry.scenarios:
                spots.append((entry.item, entry.example))
        covered = {item.id: item for item, _ in spots}
        for ident in (*scenario.rules, *(ref.rule_id for ref in scenario.backs)):
            if (item := book.book.get(ident)) is not None:
                covered.setdefault(item.id, item)
        showing = set(covered) & {item.id for item, _ in spots}
        for item in sorted(covered.values(), key=lambda i: order[i.id]):
            if item.id in showing or any(a.id in showing for a in item.ancestors()):
                continue
            spots.append((item, None))
            showing.add(item.id)
        places = []
        for number, (item, example) in enumerate(spots, start=1):
            suffix = "" if number == 1 else f"-{number}"
            place = Placement(
                scenario,
                item,
                example,
                book.item_page(item),
                scenario_anchor(scenario) + suffix,
                scenario_group(scenario) + suffix,
            )
            places.append(place)
            if example is not None:
                index.at_example.setdefault((slug, example.anchor), []).append(place)
            else:
                index.at_item.setdefault((slug, item.id), []).append(place)
        index.placements[(slug, scenario.slug)] = places
        for ident in covered:
            index.by_item.setdefault((slug, ident), []).append(scenario)
    for scenarios in index.by_item.values():
        scenarios.sort(key=lambda s: s.slug)
