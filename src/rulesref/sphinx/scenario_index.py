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
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.registry import Registry


@dataclass(frozen=True)
class Placement:
    """The one place a scenario is shown in full: under the first example it
    backs, else after the text of the first rule it covers (in book order).
    Every other rule or example it covers links here."""

    scenario: Scenario
    item: Item
    example: Example | None
    docname: str
    node_id: str
    group: str

    def inside(self, item: Item) -> bool:
        """Whether a reader of ``item`` sees the box without leaving it."""
        return self.item is item or any(a is item for a in self.item.ancestors())


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
    #: (book, slug) → where the scenario is shown in full.
    placements: dict[tuple[str, str], Placement] = field(default_factory=dict)
    #: (book, example anchor) / (book, item id) → placements shown there.
    at_example: dict[tuple[str, str], list[Placement]] = field(default_factory=dict)
    at_item: dict[tuple[str, str], list[Placement]] = field(default_factory=dict)
    #: (book, item id) → every scenario that covers the item (its examples or ``rules:``).
    by_item: dict[tuple[str, str], list[Scenario]] = field(default_factory=dict)

    def key(self, scenario: Scenario) -> RunKey:
        return self.keys[str(scenario.path)]

    def primary(self, scenario: Scenario) -> Placement | None:
        """Where ``scenario`` is shown (``None``: it covers nothing of the site)."""
        return self.placements.get((scenario.book, scenario.slug))

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

    def backing(self, slug: str, example: Example) -> list[Scenario]:
        """The scenarios that back ``example`` (checked, quote and all)."""
        cov = self.coverage.get(slug)
        entry = cov.by_example.get(example.id) if cov else None
        # Not the example of another item that wrote the same ID first.
        return list(entry.scenarios) if entry and entry.example is example else []

    def elsewhere(self, slug: str, item: Item) -> list[Placement]:
        """Where the scenarios covering ``item`` are shown outside it, for the
        line that links to them."""
        found = []
        for scenario in self.by_item.get((slug, item.id), []):
            place = self.primary(scenario)
            if place is not None and not place.inside(item):
                found.append(place)
        return found

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
            (primary.docname, primary.node_id, primary.item.id) if primary else None,
        )

    def _placements_view(self, places: Iterable[Placement]) -> list[tuple[Any, ...]]:
        return [(p.node_id, p.group, *self._scenario_view(p.scenario)) for p in places]

    def item_view(self, slug: str, item: Item) -> tuple[Any, ...]:
        scenarios = self.by_item.get((slug, item.id), [])
        return (
            item.id,
            [self._scenario_view(s) for s in scenarios],
            self._placements_view(self.at_item.get((slug, item.id), [])),
            [
                (
                    self._placements_view(self.at_example.get((slug, e.anchor), [])),
                    [self._scenario_view(s) for s in self.backing(slug, e)],
                )
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
        coverage=coverage(books, scenarios, left_out=reg.left_out) if books else {},
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
    """Where each scenario of ``book`` is shown: once per site, under the first
    example it backs (checked by :mod:`rulesref.coverage`, quote and all), else
    after the text of the first rule it covers in book order (for a procedure,
    the rule it walks through).  Every rule it covers is recorded in ``by_item``
    for the count badge and the links."""
    slug = book.slug
    order = {item.id: number for number, item in enumerate(book.book.items())}
    for scenario in index.book_scenarios(slug):
        home: tuple[Item, Example | None] | None = None
        covered: dict[str, Item] = {}
        for ref in scenario.backs:
            entry = cov.by_example.get(f"{ref.rule_id}-example-{ref.index}")
            if entry is not None and scenario in entry.scenarios:
                home = home or (entry.item, entry.example)
                covered.setdefault(entry.item.id, entry.item)
        for ident in (*scenario.rules, *(ref.rule_id for ref in scenario.backs)):
            if (item := book.book.get(ident)) is not None:
                covered.setdefault(item.id, item)
        if not covered:
            continue
        if home is None:
            home = (min(covered.values(), key=lambda i: order[i.id]), None)
        item, example = home
        place = Placement(
            scenario, item, example, book.item_page(item),
            scenario_anchor(scenario), scenario_group(scenario),
        )
        index.placements[(slug, scenario.slug)] = place
        if example is not None:
            index.at_example.setdefault((slug, example.anchor), []).append(place)
        else:
            index.at_item.setdefault((slug, item.id), []).append(place)
        for ident in covered:
            index.by_item.setdefault((slug, ident), []).append(scenario)
    for scenarios in index.by_item.values():
        scenarios.sort(key=lambda s: s.slug)
