"""What a reference shows, split into the pieces that become links.

:func:`rulesref.numbering.reference_text` gives the official wording as one
string; the site needs the same wording with each ID as its own link ("rules
<a>8.1.2a</a> and <a>8.1.2b</a>"), and needs to know when that wording or the
page it points to changes.  Everything here is computed from the registry
alone, so the incremental check can recompute exactly what a page showed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rulesref.checks import TODO_ID
from rulesref.model import Item
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.registry import Registry
from rulesref.sphinx.targets import Target, TermDefinition


@dataclass(frozen=True)
class Part:
    """One piece of a reference: plain ``text``, or a link to ``target``, or a
    reference that does not lead anywhere yet (``missing`` is the ID written)."""

    text: str
    target: Target | None = None
    missing: str | None = None

    @property
    def is_todo(self) -> bool:
        return self.missing == TODO_ID


def _plural(word: str) -> str:
    return word + "s"


def _joined(parts: Sequence[Part], through: bool) -> list[Part]:
    """The separators of :func:`rulesref.numbering._join`, between link parts."""
    if len(parts) == 1:
        return list(parts)
    if through:
        return [parts[0], Part(" through "), parts[-1]]
    if len(parts) == 2:
        return [parts[0], Part(" and "), parts[1]]
    out: list[Part] = []
    for index, part in enumerate(parts):
        if index == len(parts) - 1:
            out.append(Part(", and "))
        elif index:
            out.append(Part(", "))
        out.append(part)
    return out


def _capitalised(parts: list[Part]) -> list[Part]:
    first = parts[0]
    text = first.text[:1].upper() + first.text[1:]
    return [Part(text, first.target, first.missing), *parts[1:]]


def target_text(target: Target) -> str:
    """ "rule 8.1.2e", or "section 8.2.2, example 1" for an example."""
    text = f"{target.item.reference_word} {target.number}"
    if target.example is not None:
        text += f", example {target.example.index}"
    return text


def reference_parts(
    book: LoadedBook, ids: Sequence[str], *, through: bool = False, capital: bool = False
) -> list[Part]:
    """The official wording of ``{ref:...}`` as parts; joined, the texts equal
    :func:`rulesref.numbering.reference_text` whenever every ID resolves."""
    targets = [book.targets.get(ident) for ident in ids]
    found = [t for t in targets if t is not None]
    items: list[Item] = [t.item for t in found]
    if len(found) == len(ids) and not any(t.example for t in found):
        words = {item.reference_word for item in items}
        if len(words) == 1 and len(items) > 1:
            links = [Part(t.number, t) for t in found]
            parts = [Part(_plural(items[0].reference_word) + " "), *_joined(links, through)]
        else:
            parts = _joined([Part(target_text(t), t) for t in found], through)
    else:
        pieces = [
            Part(target_text(t), t)
            if t is not None
            else Part(TODO_ID if ident == TODO_ID else f"unresolved: {ident}", missing=ident)
            for ident, t in zip(ids, targets, strict=True)
        ]
        parts = _joined(pieces, through)
    return _capitalised(parts) if capital else parts


def fingerprint_parts(parts: Sequence[Part]) -> str:
    """What the reader sees and where each link leads."""
    return "".join(
        f"{p.text}<{p.target.docname}#{p.target.anchor}>" if p.target else p.text for p in parts
    )


@dataclass(frozen=True)
class RoleTarget:
    """An author's ``{rules:ref}`` target, resolved against the registry."""

    book: LoadedBook
    target: Target
    ambiguous: tuple[str, ...] = ()


def role_text(found: RoleTarget, number_only: bool) -> str:
    """What ``{rules:ref}`` ("rule 8.1.2e") or ``{rules:number}`` ("8.1.2e") shows."""
    return found.target.number if number_only else target_text(found.target)


def resolve_ref(registry: Registry, target: str, hint: str | None = None) -> RoleTarget | None:
    found = registry.find_target(target, hint)
    if not found:
        return None
    book, resolved = found[0]
    return RoleTarget(book, resolved, tuple(b.slug for b, _ in found[1:]))


@dataclass(frozen=True)
class RoleTerm:
    book: LoadedBook
    definition: TermDefinition
    ambiguous: tuple[str, ...] = ()


def resolve_term(registry: Registry, target: str, hint: str | None = None) -> RoleTerm | None:
    found = registry.find_term(target, hint)
    if not found:
        return None
    book, definition = found[0]
    return RoleTerm(book, definition, tuple(b.slug for b, _ in found[1:]))
