"""The functions mutated: every function of the engines, and the rules each one cites.

Every function of the kernel and of each game (its state, procedures, cards and
facade) is a *site*, so the score is the whole engine's.  A function *cites* a rule
when its body holds the rule's ID as a string, or names something that holds it: a
module constant (``COSTS``), a class attribute (``Trash.rules``, ``self.rules``) or a
field of a citation table (``timing.cites.cost_all_at_once``, which a game fills in
with its own IDs).  The citing functions are where a mutation must be caught if the
rule is really enforced, so the score is also given for them alone.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

#: Each game's packages, by the name the score table uses.  The kernel
#: (:mod:`rulesref.engine`: log, rollback, decisions, zones) applies no rule of any
#: book, so none of its functions cites one, but every game runs on it.
GAMES: Mapping[str, tuple[str, ...]] = {
    "kernel": ("rulesref.engine",),
    "netrunner": ("rulesref.games.netrunner",),
    "netrunner1996": ("rulesref.games.netrunner1996",),
    "technomancy": ("rulesref.games.technomancy",),
}

#: Which books' rules each game cites.
BOOKS: Mapping[str, tuple[str, ...]] = {
    "kernel": (),
    "netrunner": ("netrunner-cr", "targets-and-costs"),
    "netrunner1996": ("netrunner-1996",),
    "technomancy": ("technomancy",),
}


@dataclass(frozen=True)
class Site:
    """One function (or method) of an engine, and the rules it cites."""

    game: str
    module: str
    path: Path
    #: ``function`` or ``Class.method``, as ``co_qualname`` spells it.
    qualname: str
    node: ast.FunctionDef | ast.AsyncFunctionDef
    rules: frozenset[str]
    #: Whether it applies a rule: it cites one, or reads its game's citation table.
    cites: bool = False

    @property
    def key(self) -> tuple[str, str]:
        return (str(self.path), self.qualname)

    def __str__(self) -> str:
        return f"{self.module}.{self.qualname}"


def modules_of(package: str) -> Iterator[ModuleType]:
    root = importlib.import_module(package)
    yield root
    for info in pkgutil.walk_packages(root.__path__, prefix=package + "."):
        yield importlib.import_module(info.name)


def _ids_in(node: ast.AST, known: frozenset[str]) -> set[str]:
    """Rule IDs written in ``node``; a dict's keys do not count, so a registry of every
    rule (rule ID -> summary) is not mistaken for code that cites them all."""
    found: set[str] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value in known:
            found.add(n.value)
        elif isinstance(n, ast.JoinedStr) and _numbered_family(n) is not None:
            # f"tm_3_3_{index}": one of a numbered family of rules, chosen at run time.
            prefix = _numbered_family(n)
            found.update(rule for rule in known if rule.startswith(f"{prefix}"))
            continue
        elif isinstance(n, ast.Dict):
            stack.extend(n.values)
            continue
        stack.extend(ast.iter_child_nodes(n))
    return found


@dataclass
class _Names:
    """Names that hold rule IDs, gathered from every module first."""

    #: Module-level constants and keyword arguments (citation table fields).
    plain: defaultdict[str, set[str]]
    #: ``Class.attr`` for class-body assignments.
    qualified: defaultdict[str, set[str]]


def _citation_tables(trees: Iterable[ast.Module], known: frozenset[str]) -> dict[str, set[str]]:
    """``Citations(cost_all_at_once=("tc_1_2_1",), ...)``: the timing steps read these fields
    (``timing.cites.cost_all_at_once``), each game fills them with its own IDs."""
    fields: defaultdict[str, set[str]] = defaultdict(set)
    for tree in trees:
        for call in ast.walk(tree):
            if isinstance(call, ast.Call) and _called(call) == "Citations":
                for keyword in call.keywords:
                    found = _ids_in(keyword.value, known)
                    if keyword.arg and found:
                        fields[keyword.arg] |= found
    return fields


def _gather_names(trees: Iterable[ast.Module], known: frozenset[str]) -> _Names:
    names = _Names(defaultdict(set), defaultdict(set))
    for tree in trees:
        for stmt in tree.body:
            if isinstance(stmt, ast.Assign | ast.AnnAssign) and stmt.value is not None:
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                ids = _ids_in(stmt.value, known)
                for target in targets:
                    if isinstance(target, ast.Name) and ids:
                        names.plain[target.id] |= ids
            elif isinstance(stmt, ast.ClassDef):
                for inner in stmt.body:
                    if isinstance(inner, ast.Assign | ast.AnnAssign) and inner.value is not None:
                        targets = inner.targets if isinstance(inner, ast.Assign) else [inner.target]
                        ids = _ids_in(inner.value, known)
                        for target in targets:
                            if isinstance(target, ast.Name) and ids:
                                names.qualified[f"{stmt.name}.{target.id}"] |= ids
    return names


def _numbered_family(node: ast.JoinedStr) -> str | None:
    first = node.values[0] if node.values else None
    if (
        len(node.values) == 2
        and isinstance(first, ast.Constant)
        and isinstance(first.value, str)
        and first.value.endswith("_")
        and first.value[:1].isalpha()
        and " " not in first.value
    ):
        return first.value
    return None


def _called(call: ast.Call) -> str | None:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)


def _cited(func: ast.AST, owner: str | None, names: _Names, known: frozenset[str]) -> set[str]:
    rules = _ids_in(func, known)
    for node in ast.walk(func):
        if isinstance(node, ast.Name):
            rules |= names.plain.get(node.id, set())
        elif isinstance(node, ast.Attribute):
            base = node.value.id if isinstance(node.value, ast.Name) else None
            if base in {"self", "cls"} and owner is not None:
                base = owner
            qualified = names.qualified.get(f"{base}.{node.attr}") if base else None
            if qualified:
                rules |= qualified
            else:
                rules |= names.plain.get(node.attr, set())
    return rules


def _functions(
    body: list[ast.stmt], prefix: str = "", owner: str | None = None
) -> Iterator[tuple[str, str | None, ast.FunctionDef]]:
    """Module functions and methods, of nested classes too (``Outer.Inner.method``); a
    function nested in another is mutated with it."""
    for stmt in body:
        if isinstance(stmt, ast.FunctionDef):
            yield f"{prefix}{stmt.name}", owner, stmt
        elif isinstance(stmt, ast.ClassDef):
            yield from _functions(stmt.body, f"{prefix}{stmt.name}.", stmt.name)
        elif isinstance(stmt, ast.If):  # ``if sys.version_info ...:`` and the like
            yield from _functions(stmt.body + stmt.orelse, prefix, owner)


def find_sites(known_rules: Iterable[str], games: Iterable[str] = GAMES) -> list[Site]:
    """Every function of ``games``, in source order, with the ``known_rules`` it cites."""
    known = frozenset(known_rules)
    trees: dict[str, list[tuple[ModuleType, ast.Module]]] = {}
    for game, packages in GAMES.items():
        for package in packages:
            for module in modules_of(package):
                if module.__file__ is not None:
                    source = Path(module.__file__).read_text(encoding="utf-8")
                    tree = ast.parse(source, module.__file__)
                    trees.setdefault(game, []).append((module, tree))
    # A game's citation table fills in the kernel's fields, so those names are shared;
    # every other name is looked up in the citing function's own game.
    shared = _citation_tables([t for group in trees.values() for _, t in group], known)
    wanted = set(games)
    sites: list[Site] = []
    for game, group in trees.items():
        names = _gather_names([t for _, t in group], known)
        for field, ids in shared.items():
            names.plain[field] |= ids
        _add_rule_properties(group, names, known)
        if game not in wanted:
            continue
        for module, tree in group:
            assert module.__file__ is not None
            for qualname, owner, func in _functions(tree.body):
                if _is_stub(func):
                    continue
                rules = _cited(func, owner, names, known)
                sites.append(
                    Site(
                        game,
                        module.__name__,
                        Path(module.__file__),
                        qualname,
                        func,
                        frozenset(rules),
                        cites=bool(rules) or _reads_citations(func),
                    )
                )
    return sites


def _is_stub(func: ast.FunctionDef) -> bool:
    """An ``@overload``, or a body of only a docstring, ``...``, ``pass`` or ``raise
    NotImplementedError``: nothing runs that a scenario could notice."""
    if any(getattr(d, "id", getattr(d, "attr", None)) == "overload" for d in func.decorator_list):
        return True
    return all(
        isinstance(stmt, ast.Pass)
        or (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant))
        or (isinstance(stmt, ast.Raise) and "NotImplementedError" in ast.unparse(stmt))
        for stmt in func.body
    )


def function_node(tree: ast.Module, qualname: str) -> ast.FunctionDef:
    """The definition of ``qualname`` in ``tree``, as :func:`find_sites` names it."""
    return next(func for name, _, func in _functions(tree.body) if name == qualname)


def _reads_citations(func: ast.AST) -> bool:
    """A timing step applies a rule wherever it reads its citation table
    (``self.cites.pending_order``), whether or not a seeded book fills that field in:
    the active player's pending abilities first is a rule of the timing chapter,
    which is not in the seeds, and it is scored all the same."""
    return any(
        isinstance(node, ast.Attribute)
        and (
            (isinstance(node.value, ast.Attribute) and node.value.attr == "cites")
            or (isinstance(node.value, ast.Name) and node.value.id == "cites")
        )
        for node in ast.walk(func)
    )


def _add_rule_properties(
    group: list[tuple[ModuleType, ast.Module]], names: _Names, known: frozenset[str]
) -> None:
    """A method that works out which rule applies (``Phase.rule``) makes its name a
    citation wherever it is read: ``phase.rule`` cites the whole family."""
    for _, tree in group:
        for qualname, _owner, func in _functions(tree.body):
            ids = _ids_in(func, known)
            if ids and "." in qualname:
                names.plain[func.name] |= ids
