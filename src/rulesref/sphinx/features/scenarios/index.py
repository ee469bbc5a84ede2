"""Where each scenario of a site is shown, decided from the books alone.

The site's own scenarios and the library's are joined to the books they are
about with :mod:`rulesref.coverage` (which finds each backed example by ID
and text hash, :mod:`rulesref.scenario_keys`); a :class:`ScenarioIndex` then
says where each is shown in full in each book (its :class:`Placement`, with
the state of the link to the example it is shown under), which rules it
covers, and what each page shows of it, as fingerprints for the incremental
check.  Nothing here reads docutils nodes: the index is data the renderers
and the coverage page consult.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulesref.coverage import BookCoverage, coverage
from rulesref.errors import Diagnostic
from rulesref.keys import digest, made_once, slugify
from rulesref.model import Example, Item
from rulesref.scenario_keys import ExampleLink, LinkState
from rulesref.scenario_runs import RunKey, engine_digest, run_key
from rulesref.scenarios import LIBRARY, Scenario, load_scenarios
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
    #: The book it is shown in (a library scenario may be about several).
    book: str = ""
    #: How its link to ``example`` stands (``None`` under a rule).
    state: LinkState | None = None

    @property
    def current(self) -> bool:
        """Shown under the text it was written against (or under a rule)."""
        return self.state is None or self.state is LinkState.CURRENT

    def inside(self, item: Item) -> bool:
        """Whether a reader of ``item`` sees the box without leaving it."""
        return self.item is item or any(a is item for a in self.item.ancestors())


@dataclass
class ScenarioIndex:
    """Every scenario of the site and where each one is shown."""

    #: The books it was made for (:class:`rulesref.sphinx.registry.Registry`).
    registry: Registry
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
    #: Whether the site shows scenarios: a folder of its own, or library
    #: scenarios about one of its books.
    enabled: bool = False
    #: scenario path → :meth:`display` (it resolves paths: every fingerprint asks).
    _displayed: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    #: folder → the folder resolved (for :meth:`display`).
    _folders: dict[str, Path] = field(default_factory=dict, repr=False, compare=False)
    #: The digests made so far: the index does not change once made, and the
    #: check for pages to read again asks each page's (a tenth of a one-word rebuild).
    _digests: dict[Hashable, str] = field(default_factory=dict, repr=False, compare=False)

    def key(self, scenario: Scenario) -> RunKey:
        return self.keys[str(scenario.path)]

    def primary(self, scenario: Scenario, slug: str | None = None) -> Placement | None:
        """Where ``scenario`` is shown in the book ``slug`` (by default, the book
        its folder names); ``None``: it covers nothing of that book."""
        return self.placements.get((slug if slug is not None else scenario.book, scenario.slug))

    def display(self, scenario: Scenario) -> str:
        """The scenario's path as the site shows it: relative to the scenarios
        folder's parent (``examples/netrunner-cr/derez.md``); a library
        scenario's inside the package (``rulesref/data/scenarios/…``)."""
        return made_once(self._displayed, str(scenario.path), lambda: self._display(scenario))

    def _display(self, scenario: Scenario) -> str:
        path = self._resolved(scenario.path)
        # The package's parent: the path starts with "rulesref/".
        bases = [self._resolved_folder(LIBRARY).parents[2]] if scenario.library else []
        for base in [*bases, *(root.parent for root in self.roots)]:
            try:
                return path.relative_to(base).as_posix()
            except ValueError:
                continue
        return scenario.path.name

    def _resolved(self, path: Path) -> Path:
        """``path.resolve()``, its folder resolved once for all the files in it
        (resolving each of the real rulebook's 186 scenarios' paths was half
        of the check for pages to read again)."""
        if path.is_symlink():
            return path.resolve()
        return self._resolved_folder(path.parent) / path.name

    def _resolved_folder(self, folder: Path) -> Path:
        return made_once(self._folders, str(folder), folder.resolve)

    def backing(self, slug: str, example: Example) -> list[Scenario]:
        """The scenarios that back ``example``: written against its text as it is."""
        entry = self._entry(slug, example)
        return list(entry.scenarios) if entry else []

    def links(self, slug: str, example: Example) -> list[ExampleLink]:
        """Every scenario's link to ``example``, to re-check or not."""
        entry = self._entry(slug, example)
        return list(entry.links) if entry else []

    def _entry(self, slug: str, example: Example) -> Any:
        cov = self.coverage.get(slug)
        entry = cov.by_example.get(example.id) if cov else None
        # Not the example of another item that wrote the same ID first.
        return entry if entry is not None and entry.example is example else None

    def elsewhere(self, slug: str, item: Item) -> list[Placement]:
        """Where the scenarios covering ``item`` are shown outside it, for the
        line that links to them."""
        found = []
        for scenario in self.by_item.get((slug, item.id), []):
            place = self.primary(scenario, slug)
            if place is not None and not place.inside(item):
                found.append(place)
        return found

    def book_scenarios(self, slug: str) -> list[Scenario]:
        """The scenarios about the book ``slug``."""
        cov = self.coverage.get(slug)
        return list(cov.scenarios) if cov else []

    # -- what a page shows, for the incremental check ---------------------------
    def _scenario_view(self, scenario: Scenario, slug: str) -> tuple[Any, ...]:
        primary = self.primary(scenario, slug)
        return (
            scenario.slug,
            scenario.title,
            self.key(scenario),
            self.display(scenario),
            (primary.docname, primary.node_id, primary.item.id, primary.state)
            if primary else None,
        )

    def _placements_view(self, places: Iterable[Placement]) -> list[tuple[Any, ...]]:
        return [(p.node_id, p.group, p.state, *self._scenario_view(p.scenario, p.book))
                for p in places]

    def item_view(self, slug: str, item: Item) -> tuple[Any, ...]:
        scenarios = self.by_item.get((slug, item.id), [])
        return (
            item.id,
            [self._scenario_view(s, slug) for s in scenarios],
            self._placements_view(self.at_item.get((slug, item.id), [])),
            [
                (
                    self._placements_view(self.at_example.get((slug, e.anchor), [])),
                    [(*self._scenario_view(link.scenario, slug), link.state, link.text_hash)
                     for link in self.links(slug, e)],
                )
                for e in item.examples
            ],
        )

    def chapter_digest(self, slug: str, chapter: Item) -> str:
        return made_once(self._digests, ("chapter", slug, chapter.id), lambda: digest(
            [self.item_view(slug, item) for item in chapter.walk()]))

    def book_digest(self, slug: str) -> str:
        cov = self.coverage.get(slug)
        if cov is None:
            return ""
        # Of its chapters' digests, which the chapter pages' checks make anyway:
        # the book's items are its chapters' walks.
        return made_once(self._digests, ("book", slug), lambda: digest(
            [self.chapter_digest(slug, chapter) for chapter in cov.book.chapters],
            [str(d) for d in cov.problems],
            [str(d) for d in self.load_errors],
            [self._scenario_view(s, slug) for s in self.book_scenarios(slug)],
        ))

    def digest(self) -> str:
        return made_once(self._digests, ("all",), lambda: digest(
            sorted(self.coverage),
            [self.book_digest(slug) for slug in sorted(self.coverage)],
            [str(d) for d in self.load_errors],
        ))


def scenario_anchor(scenario: Scenario) -> str:
    """The box's anchor, named by the scenario's folder and file: the same on
    every release's site."""
    return f"scenario-{slugify(scenario.book)}-{slugify(scenario.slug)}"


def scenario_group(scenario: Scenario) -> str:
    return f"{scenario.book}/{scenario.slug}"


def build_index(
    reg: Registry, roots: Sequence[Path], only: Sequence[str] | None = None, *,
    library: bool = False,
) -> ScenarioIndex:
    """Load the scenarios (``roots``, and the library with ``library``) and
    decide where each one is shown."""
    scenarios, errors = load_scenarios(roots, library=library)
    if only is not None:  # books left out on purpose: their own scenarios too
        scenarios = [s for s in scenarios if s.library or s.book in only]
    books = [book.book for book in reg]
    index = ScenarioIndex(
        registry=reg,
        roots=[Path(root).resolve() for root in roots],
        scenarios=scenarios,
        coverage=coverage(books, scenarios, left_out=reg.left_out) if books else {},
        load_errors=errors,
        engine_digest=engine_digest(),
    )
    index.enabled = any(Path(root).is_dir() for root in roots) or any(
        cov.scenarios for cov in index.coverage.values()
    )
    for scenario in scenarios:
        index.keys[str(scenario.path)] = run_key(scenario, index.engine_digest)
    anchors: set[str] = set()
    for book in reg:
        cov = index.coverage.get(book.slug)
        if cov is not None:
            _place(index, book, cov, anchors)
    return index


def _place(index: ScenarioIndex, book: LoadedBook, cov: BookCoverage, anchors: set[str]
           ) -> None:
    """Where each scenario about ``book`` is shown: once per book, under the
    first example it backs (found by :mod:`rulesref.coverage`, to re-check or
    not), else after the text of the first rule it covers in book order (for a
    procedure, the rule it walks through).  Every rule it covers is recorded in
    ``by_item`` for the count badge and the links.  A scenario about two books
    of one site gets the book's slug in its second box's anchor."""
    slug = book.slug
    order = {item.id: number for number, item in enumerate(book.book.items())}
    for scenario in index.book_scenarios(slug):
        home: ExampleLink | None = None
        covered: dict[str, Item] = {}
        for link in cov.links.get(scenario, []):
            home = home or link
            covered.setdefault(link.item.id, link.item)
        for ident in (*scenario.rules, *(ref.rule_id for ref in scenario.backs)):
            if (item := book.book.get(ident)) is not None:
                covered.setdefault(item.id, item)
        if not covered:
            continue
        if home is not None:
            item, example, state = home.item, home.example, home.state
        else:
            item = min(covered.values(), key=lambda i: order[i.id])
            example, state = None, None
        anchor = scenario_anchor(scenario)
        if anchor in anchors:
            anchor = f"{anchor}-{slugify(slug)}"
        anchors.add(anchor)
        place = Placement(
            scenario, item, example, book.item_page(item),
            anchor, scenario_group(scenario), slug, state,
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
