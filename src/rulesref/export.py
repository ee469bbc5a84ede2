"""The JSON export: the numbered model as plain data, for tools outside Python.

The document is versioned (``"format": "rulesref-export"``, ``"version"``)
and described by a JSON Schema shipped in the package
(``rulesref/data/export.schema.json``, see :func:`schema`), so a consumer can
validate what it reads and know what a field means.  Each item carries its
text twice: as the markup tree (typed nodes, so a consumer can render links
and terms its own way) and as plain text written as the page shows it, with
references in the document's words ("rule 8.1.2e").

Scenario status is what running the scenario gave ("passed" / "failed"), or
"not run" when the export is asked not to run them (``--no-run``): the file
then says so at the top (``"scenarios_run": false``) rather than guessing.
A scenario that passes but backs an example whose text changed since it was
written (:mod:`rulesref.scenario_keys`) is "to re-check" there, never
"passed"; each example carries its text hash and whether a scenario verifies
it (passes, written against that very text).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from rulesref import __version__
from rulesref.account import Account, account_of
from rulesref.cards import card_table
from rulesref.model import (
    CardRef,
    Example,
    Image,
    Inline,
    Inlines,
    Item,
    Link,
    NewText,
    Product,
    Ref,
    Rulebook,
    Subtype,
    Symbol,
    Term,
    Text,
    walk_inlines,
)
from rulesref.numbering import document_text
from rulesref.scenario_keys import LinkState, text_hash

FORMAT_NAME = "rulesref-export"
#: 2: versioned envelope, plain text as shown, terms, cards, referenced_by, scenarios.
#: 3: ``id`` is the ID as written, ``anchor`` the page's; ``unreadable``; ``account``.
#: 4: scenarios are joined to examples by ID and text hash: "passed" means the
#: text is the one the scenario was written against, else "to re-check";
#: examples carry ``text_hash`` and ``verified``, example scenarios ``text_hash``.
SCHEMA_VERSION = 4
SCHEMA_RESOURCE = "export.schema.json"

PASSED, FAILED, NOT_RUN, RECHECK = "passed", "failed", "not run", "to re-check"


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema every export validates against."""
    text = (resources.files("rulesref") / "data" / SCHEMA_RESOURCE).read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@dataclass(frozen=True)
class Backed:
    """One example a scenario backs in a book, and how the link stands."""

    #: The example's ID (``<owner id>-example-<n>``).
    example_id: str
    #: The hash of the text the scenario was written against (``None``: not given).
    text_hash: str | None = None
    state: LinkState = LinkState.CURRENT


@dataclass(frozen=True)
class ScenarioResult:
    """One scenario as the export lists it beside the items it backs."""

    #: The book it is about (its slug; a library scenario may be about several).
    book: str
    slug: str
    title: str
    path: str
    #: What running it gave: "passed", "failed" or "not run".
    status: str
    #: The examples it backs, and rule IDs it names in ``rules:``.
    backs: tuple[Backed, ...] = ()
    rules: tuple[str, ...] = ()

    def status_for(self, backed: Backed | None = None) -> str:
        """Its status beside ``backed`` (else beside a rule: to re-check when any
        example it backs changed): a failure is a failure whatever the text."""
        if self.status == FAILED:
            return FAILED
        stale = [backed] if backed is not None else list(self.backs)
        if any(b.state is not LinkState.CURRENT for b in stale):
            return RECHECK
        return self.status

    def as_data(self, backed: Backed | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {"slug": self.slug, "title": self.title, "path": self.path,
                                "status": self.status_for(backed)}
        if backed is not None:
            data["text_hash"] = backed.text_hash
        return data


@dataclass
class _Context:
    book: Rulebook
    referenced_by: dict[str, list[str]] = field(default_factory=dict)
    for_item: dict[str, list[ScenarioResult]] = field(default_factory=dict)
    for_example: dict[str, list[tuple[ScenarioResult, Backed]]] = field(default_factory=dict)


# --------------------------------------------------------------------------
# Inline text


def inline_to_data(node: Inline) -> dict[str, Any] | str:
    if isinstance(node, Text):
        return node.text
    if isinstance(node, Term):
        return {"term": node.text, "key": node.key}
    if isinstance(node, Ref):
        data: dict[str, Any] = {"ref": list(node.ids)}
        if node.written:
            data["written"] = list(node.written)
        if node.through:
            data["through"] = True
        if node.capitalised:
            data["capital"] = True
        return data
    if isinstance(node, Subtype):
        return {"subtype": node.name}
    if isinstance(node, CardRef):
        return {"card": node.name}
    if isinstance(node, Product):
        return {"product": node.name}
    if isinstance(node, Link):
        return {"link": node.text, "url": node.url}
    if isinstance(node, Image):
        return {"img": node.name}
    if isinstance(node, Symbol):
        return {"symbol": node.name}
    assert isinstance(node, NewText)
    return {"new": inlines_to_data(node.children)}


def inlines_to_data(inlines: Inlines) -> list[dict[str, Any] | str]:
    return [inline_to_data(node) for node in inlines]


def _text(inlines: Inlines, ctx: _Context) -> dict[str, Any]:
    return {"markup": inlines_to_data(inlines), "plain": document_text(inlines, ctx.book)}


def _cards(sources: Iterable[Inlines]) -> list[dict[str, Any]]:
    table = card_table()
    seen: dict[str, dict[str, Any]] = {}
    for inlines in sources:
        for node in walk_inlines(inlines):
            if isinstance(node, CardRef) and node.name not in seen:
                facts = table.get(node.name)
                entry: dict[str, Any] = {"name": node.name}
                if facts is not None:
                    entry["url"] = facts.url
                seen[node.name] = entry
    return list(seen.values())


# --------------------------------------------------------------------------
# Items


def item_to_data(item: Item, ctx: _Context) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": item.id,
        "anchor": item.anchor,
        "kind": item.kind.value,
        "number": item.number,
        "label": item.label,
        "text": _text(item.text, ctx),
        "source": f"{item.pos.file}:{item.pos.line}",
    }
    if item.unreadable:
        data["unreadable"] = item.unreadable
    for flag in ("steps", "toc", "new", "bold"):
        if getattr(item, flag):
            data[flag] = True
    if item.snippet is not None:
        data["snippet"] = _text(item.snippet, ctx)
    if item.toc_entry is not None:
        data["toc_entry"] = _text(item.toc_entry, ctx)
    terms = [node for node in walk_inlines(item.text) if isinstance(node, Term)]
    data["terms"] = [{"text": term.text, "key": term.key} for term in terms]
    data["cards"] = _cards([item.text, *(e.text for e in item.examples)])
    data["referenced_by"] = ctx.referenced_by.get(item.id, [])
    data["scenarios"] = [s.as_data() for s in ctx.for_item.get(item.id, [])]
    data["examples"] = [_example_to_data(e, ctx) for e in item.examples]
    data["timing"] = [item_to_data(element, ctx) for element in item.timing]
    data["children"] = [item_to_data(child, ctx) for child in item.children]
    return data


def _example_to_data(example: Example, ctx: _Context) -> dict[str, Any]:
    # Not the scenarios of another item that wrote the same ID first.
    first = ctx.book.get(example.owner_id)
    owns = first is not None and any(e is example for e in first.examples)
    scenarios = [s.as_data(backed) for s, backed in ctx.for_example.get(example.id, [])
                 ] if owns else []
    data: dict[str, Any] = {
        "anchor": example.anchor,
        "id": example.id,
        "index": example.index,
        "text": _text(example.text, ctx),
        "source": f"{example.pos.file}:{example.pos.line}",
        "text_hash": text_hash(example),
        "verified": any(s["status"] == PASSED for s in scenarios),
        "scenarios": scenarios,
    }
    if example.new:
        data["new"] = True
    return data


def _context(book: Rulebook, scenarios: Sequence[ScenarioResult]) -> _Context:
    ctx = _Context(book)
    for node, item, _example in book.inlines():
        if isinstance(node, Ref):
            for ident in node.ids:
                target = book.get(ident)
                if target is None:
                    continue
                citing = ctx.referenced_by.setdefault(target.id, [])
                if item.id not in citing and item.id != target.id:
                    citing.append(item.id)
    for result in scenarios:
        if result.book != book.slug:
            continue
        for backed in result.backs:
            ctx.for_example.setdefault(backed.example_id, []).append((result, backed))
            owner = backed.example_id.rsplit("-example-", 1)[0]
            _add(ctx.for_item, owner, result)
        for rule_id in result.rules:
            _add(ctx.for_item, rule_id, result)
    return ctx


def _add(table: dict[str, list[ScenarioResult]], key: str, result: ScenarioResult) -> None:
    entries = table.setdefault(key, [])
    if result not in entries:
        entries.append(result)


def book_to_data(book: Rulebook, scenarios: Sequence[ScenarioResult] = ()) -> dict[str, Any]:
    ctx = _context(book, scenarios)
    return {
        "slug": book.slug,
        "title": book.title,
        "sources": book.sources,
        "chapters": [item_to_data(chapter, ctx) for chapter in book.chapters],
    }


def export_data(
    books: Sequence[Rulebook],
    scenarios: Sequence[ScenarioResult] = (),
    *,
    scenarios_run: bool,
    account: Account | None = None,
) -> dict[str, Any]:
    """The whole export document (see :func:`schema`); ``account`` says what
    was read and left out (by default, the books' own account)."""
    found = account or account_of(books)
    return {
        "format": FORMAT_NAME,
        "version": SCHEMA_VERSION,
        "generator": f"rulesref {__version__}",
        "scenarios_run": scenarios_run,
        "books": [book_to_data(book, scenarios) for book in books],
        "account": {
            "complete": found.whole,
            "line": found.line(),
            **{k: v for k, v in found.as_dict().items() if k not in ("warnings", "notes")},
        },
    }


def scenario_results(
    coverage: Mapping[str, Any],
    *,
    run: Callable[[Any], tuple[int, str]] | None,
    display: Callable[[Any], str] = lambda s: str(s.path),
) -> list[ScenarioResult]:
    """:class:`ScenarioResult` for each scenario about each book of ``coverage``
    (slug → :class:`rulesref.coverage.BookCoverage`, which joined them to the
    examples by ID and text hash); ``run`` is how to run one (``None``: do not
    run, every status is "not run"), once per scenario."""
    runs: dict[Any, str] = {}
    results = []
    for slug, cov in coverage.items():
        for scenario in cov.scenarios:
            if scenario not in runs:
                runs[scenario] = _status(scenario, run)
            results.append(
                ScenarioResult(
                    slug,
                    scenario.slug,
                    scenario.title,
                    display(scenario),
                    runs[scenario],
                    tuple(Backed(link.example.id, link.ref.text_hash, link.state)
                          for link in cov.links.get(scenario, [])),
                    tuple(scenario.rules),
                )
            )
    return results


def _status(scenario: Any, run: Callable[[Any], tuple[int, str]] | None) -> str:
    if run is None:
        return NOT_RUN
    try:
        failures, _report = run(scenario)
    except Exception:  # a scenario's own code may raise anything: it failed
        failures = 1
    return FAILED if failures else PASSED


def to_json(data: Mapping[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
