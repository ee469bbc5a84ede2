"""Single-change mutants of one function, as new code objects.

The operators are the classic ones: negate a condition, swap a comparison or a
boolean operator, turn ``+`` into ``-``, change a number or a ``True``/``False``,
keep the order a ``sorted``/``reversed`` call would change (``min`` for ``max``),
drop a floor or a ceiling (``max(0, a - b)`` made ``a - b``),
drop a statement (a call, an assignment to an attribute, an augmented assignment,
a ``raise``, a ``return``), swap two adjacent statements that both do something
(pay, then turn faceup becomes turn faceup, then pay).  Nothing inside a log call
or an exception's message is touched: those only say what the engine does.
"""

from __future__ import annotations
import __future__

import ast
import functools
import itertools
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import CodeType
from typing import Any

from rulesref.mutation.sites import Site, function_node

_SWAP_COMPARE: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Lt: ast.GtE,
    ast.GtE: ast.Lt,
    ast.Gt: ast.LtE,
    ast.LtE: ast.Gt,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
}
_SWAP_BINOP: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
}
_LOG_METHODS = frozenset({"record", "add"})
#: Calls that put things in an order the rules prescribe (timestamps, turn order).
_ORDERING = frozenset({"sorted", "reversed", "min", "max"})


@dataclass(frozen=True)
class Mutant:
    site: Site
    #: Position in the site's list of mutants: stable while the source is unchanged.
    index: int
    line: int
    description: str
    code: CodeType
    #: Where, among the code objects nested in ``code`` (a :data:`Key` per level), those
    #: the mutation changed are: a closure made once and kept (the wrapper a decorator
    #: returns) must be given its mutated code as well.
    inner: tuple[tuple[Key, ...], ...] = ()
    #: The mutated function's definition, for code that runs only at import (its module
    #: is then imported from source with this definition in place of the original).
    function: ast.FunctionDef | None = field(default=None, compare=False, repr=False)
    #: The column the changed node starts at (two changes of one kind on one line).
    column: int = 0

    @property
    def source_line(self) -> str:
        """The line of source the change is on, stripped of its indentation."""
        lines = _source_lines(self.site.path)
        return lines[self.line - 1].strip() if 0 < self.line <= len(lines) else ""

    @property
    def ident(self) -> str:
        return f"{self.site.path.name}:{self.line} {self.site.qualname}: {self.description}"

    def __str__(self) -> str:
        return self.ident


@functools.cache
def _source_lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def _is_log_call(node: ast.AST) -> bool:
    """``game.log.add(...)``, ``self.log.record(...)``, ``log.record(...)``."""
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
        return False
    if node.func.attr not in _LOG_METHODS:
        return False
    owner = node.func.value
    name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
    return isinstance(name, str) and name.endswith("log")


def _silent_nodes(func: ast.FunctionDef | ast.AsyncFunctionDef) -> set[int]:
    """Nodes that only describe (log calls, exception messages, docstrings, f-strings),
    that are not in the function's code (its defaults and annotations, its decorators:
    evaluated once, when it is defined), or that only check the engine against itself
    (``zip(..., strict=True)`` of two sequences built to be as long: turned off, it
    changes nothing unless the engine is already wrong)."""
    silent: set[int] = set()
    outside: list[ast.AST] = [func.args, *func.decorator_list]
    if func.returns is not None:
        outside.append(func.returns)
    for root in outside:
        silent.update(id(n) for n in ast.walk(root))
    for node in ast.walk(func):
        roots: list[ast.AST] = []
        if _is_log_call(node) or isinstance(node, ast.JoinedStr):
            roots.append(node)
        elif isinstance(node, ast.Raise) and node.exc is not None:
            roots.append(node.exc)
        elif isinstance(node, ast.keyword) and node.arg == "strict":
            roots.append(node.value)
        for root in roots:
            silent.update(id(n) for n in ast.walk(root))
    return silent


def _candidates(func: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[tuple[ast.AST, str]]:
    """(node, what to do to it) for every mutation point, in source order."""
    silent = _silent_nodes(func)
    docstring = ast.get_docstring(func) is not None
    points: list[tuple[int, int, ast.AST, str]] = []
    for node in ast.walk(func):
        for block in _blocks(node) if func.name != "__init__" else ():
            for first, second in itertools.pairwise(block):
                if _reorderable(first, second, silent):
                    points.append((first.lineno, first.col_offset, first, "swap statements"))
        if id(node) in silent or node is func:
            continue
        line, col = getattr(node, "lineno", 0), getattr(node, "col_offset", 0)
        if isinstance(node, ast.Compare) and type(node.ops[0]) in _SWAP_COMPARE:
            points.append((line, col, node, "swap comparison"))
        elif isinstance(node, ast.BoolOp):
            points.append((line, col, node, "swap and/or"))
        elif isinstance(node, ast.BinOp) and type(node.op) in _SWAP_BINOP:
            points.append((line, col, node, "swap +/-"))
        elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
            points.append((line, col, node, "flip boolean"))
        elif isinstance(node, ast.Constant) and type(node.value) is int:
            points.append((line, col, node, "change number"))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in _ORDERING
            and node.args
        ):
            points.append((line, col, node, "keep the order"))
            if node.func.id in ("min", "max") and len(node.args) == 2 and not node.keywords:
                # a floor or a ceiling: ``max(0, a - b)`` made ``a - b``
                points.append((line, col, node, "drop the bound 0"))
                points.append((line, col, node, "drop the bound 1"))
        if isinstance(node, ast.If | ast.While | ast.IfExp | ast.Assert):
            points.append((line, col, node, "negate condition"))
        if isinstance(node, ast.stmt) and _droppable(node, func, docstring):
            points.append((line, col, node, "drop statement"))
    points.sort(key=lambda p: (p[0], p[1], p[3]))
    for _, _, node, what in points:
        yield node, what


def _droppable(node: ast.stmt, func: ast.AST, docstring: bool) -> bool:
    if isinstance(node, ast.Expr):
        if docstring and isinstance(func, ast.FunctionDef) and node is func.body[0]:
            return False
        return not _is_log_call(node.value) and not isinstance(node.value, ast.Constant)
    if isinstance(node, ast.Assign):
        # Dropping ``x = ...`` only makes a NameError; attribute and item stores change state.
        return all(isinstance(t, ast.Attribute | ast.Subscript) for t in node.targets)
    return isinstance(node, ast.AugAssign | ast.Raise | ast.Return | ast.Delete)


def _blocks(node: ast.AST) -> Iterator[list[ast.stmt]]:
    """The statement lists directly inside ``node`` (a body, an ``else``, a ``finally``)."""
    for _, value in ast.iter_fields(node):
        if isinstance(value, list) and value and all(isinstance(v, ast.stmt) for v in value):
            yield value


def _effects(stmt: ast.stmt, silent: set[int]) -> set[str]:
    """What running ``stmt`` can do: ``call`` (a call that is not a log call), ``query``
    (a call in a condition or in the value given to a local name: most likely a question
    asked of the game), ``refuse`` (a ``raise`` inside it), ``leave`` (``return``,
    ``break`` or ``continue`` inside it), ``store`` (into an object).  A bare ``return``
    or ``raise`` is left to "drop statement"; a nested function or a docstring does
    nothing when it runs."""
    if isinstance(stmt, ast.Return | ast.Raise | ast.FunctionDef | ast.ClassDef | ast.Pass):
        return set()
    if isinstance(stmt, ast.Import | ast.ImportFrom | ast.Global | ast.Nonlocal | ast.Assert):
        return set()
    asking: set[int] = set()
    for node in ast.walk(stmt):
        questions: list[ast.AST] = []
        if isinstance(node, ast.If | ast.While | ast.IfExp):
            questions.append(node.test)
        elif isinstance(node, ast.For):
            questions.append(node.iter)
        elif isinstance(node, ast.Assign) and all(isinstance(t, ast.Name) for t in node.targets):
            questions.append(node.value)
        for question in questions:
            asking.update(id(n) for n in ast.walk(question))
    found: set[str] = set()
    for node in ast.walk(stmt):
        if id(node) in silent:
            continue
        if isinstance(node, ast.Call):
            found.add("query" if id(node) in asking else "call")
        elif isinstance(node, ast.Raise):
            found.add("refuse")
        elif isinstance(node, ast.Return | ast.Break | ast.Continue):
            found.add("leave")
        elif isinstance(node, ast.AugAssign | ast.Delete) or (
            isinstance(node, ast.Attribute | ast.Subscript) and isinstance(node.ctx, ast.Store)
        ):
            found.add("store")
    return found


def _names(stmt: ast.stmt, ctx: type[ast.expr_context]) -> set[str]:
    return {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name) and isinstance(n.ctx, ctx)}


def _reorderable(first: ast.stmt, second: ast.stmt, silent: set[int]) -> bool:
    """Swapping is a real change of order: both statements do something, one of them
    acts, and neither reads a name the other binds (that swap only makes a ``NameError``
    or reads a value never meant, which any run catches and no rule is about)."""
    effects = _effects(first, silent), _effects(second, silent)
    if not all(effects):
        return False
    # Equal in either order: two plain stores (``self.a = a; self.b = b``), two guards,
    # a guard and a question.  A guard that refuses (``if ...: raise``) moved after an
    # action changes only which refusal is reported: a refused action is rolled back
    # whole, so the action it let through leaves no trace.
    both = effects[0] | effects[1]
    if not both - {"store"} or not both - {"leave", "refuse", "query"}:
        return False
    if any(not effect - {"refuse", "query"} for effect in effects):
        return False
    if _exclusive(first, second):
        return False
    first_binds, second_binds = _names(first, ast.Store), _names(second, ast.Store)
    if first_binds & (_names(second, ast.Load) | second_binds):
        return False
    return not second_binds & _names(first, ast.Load)


def _exclusive(first: ast.stmt, second: ast.stmt) -> bool:
    """``if phase is A: ...`` next to ``if phase is B: ...``: at most one of them runs, so
    their order does not matter."""
    tests = []
    for stmt in (first, second):
        test = stmt.test if isinstance(stmt, ast.If) else None
        if not (
            isinstance(test, ast.Compare)
            and len(test.ops) == 1
            and isinstance(test.ops[0], ast.Is | ast.Eq)
        ):
            return False
        tests.append((ast.dump(test.left), ast.dump(test.comparators[0])))
    (left_a, right_a), (left_b, right_b) = tests
    return left_a == left_b and right_a != right_b


def _apply(node: ast.AST, what: str) -> str:
    """Change ``node`` in place; return the description of the change."""
    if what == "swap comparison":
        assert isinstance(node, ast.Compare)
        old = type(node.ops[0])
        node.ops[0] = _SWAP_COMPARE[old]()
        return f"{old.__name__} -> {type(node.ops[0]).__name__}"
    if what == "swap and/or":
        assert isinstance(node, ast.BoolOp)
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        return f"-> {type(node.op).__name__.lower()}"
    if what == "swap +/-":
        assert isinstance(node, ast.BinOp)
        node.op = _SWAP_BINOP[type(node.op)]()
        return f"-> {type(node.op).__name__}"
    if what == "flip boolean":
        assert isinstance(node, ast.Constant)
        node.value = not node.value
        return f"{not node.value} -> {node.value}"
    if what == "change number":
        assert isinstance(node, ast.Constant) and isinstance(node.value, int)
        node.value = node.value + 1
        return f"{node.value - 1} -> {node.value}"
    if what == "keep the order":
        assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        name = node.func.id
        # sorted(x)/reversed(x) -> list(x); min(x)/max(x) -> the other one
        swap = {"min": "max", "max": "min"}
        node.func.id = swap.get(name, "list")
        node.keywords = [k for k in node.keywords if name in swap]
        node.args = node.args if name in swap else node.args[:1]
        return f"{name}(...) -> {node.func.id}(...)"
    if what == "negate condition":
        assert isinstance(node, ast.If | ast.While | ast.IfExp | ast.Assert)
        node.test = ast.copy_location(ast.UnaryOp(ast.Not(), node.test), node)
        return "not (condition)"
    raise AssertionError(what)


def _mutate(parent: ast.AST, target: ast.AST, what: str) -> str:
    """Mutate ``target`` (a child of ``parent``) in place and describe the change."""
    if what.startswith("drop the bound"):
        assert isinstance(target, ast.Call)
        kept = target.args[1 - int(what[-1])]
        for field, value in ast.iter_fields(parent):
            if value is target:
                setattr(parent, field, kept)
                break
            if isinstance(value, list) and any(v is target for v in value):
                value[next(i for i, v in enumerate(value) if v is target)] = kept
                break
        else:
            raise AssertionError("expression has no parent")
        return f"{ast.unparse(target)} -> {ast.unparse(kept)}"
    if what in ("drop statement", "swap statements"):
        for field, value in ast.iter_fields(parent):
            if isinstance(value, list) and any(v is target for v in value):
                index = next(i for i, v in enumerate(value) if v is target)
                assert isinstance(target, ast.stmt)
                if what == "drop statement":
                    # ``if False: <statement>`` runs nothing, yet keeps every name the
                    # statement reads, so a closure keeps its shape (its free variables)
                    # and the mutant's code can be swapped into the live function.
                    never = ast.Constant(False)
                    value[index] = ast.copy_location(ast.If(never, [target], []), target)
                    ast.copy_location(never, target)
                    return f"drop {type(target).__name__.lower()} ({field})"
                second = value[index + 1]
                value[index], value[index + 1] = second, target
                return f"swap statements (lines {target.lineno} and {second.lineno})"
        raise AssertionError("statement has no parent")
    return _apply(target, what)


def _find_code(code: CodeType, qualname: str) -> CodeType | None:
    for const in code.co_consts:
        if isinstance(const, CodeType):
            if const.co_qualname == qualname:
                return const
            found = _find_code(const, qualname)
            if found is not None:
                return found
    return None


def mutants_of(site: Site) -> list[Mutant]:
    """Every single-change mutant of ``site``, each compiled with the file's own lines.

    Only the function is compiled (inside an empty class of the same name for a
    method, so ``co_qualname`` and a ``super()`` cell come out as in the original).
    """
    source = Path(site.path).read_text(encoding="utf-8")
    base = ast.parse(source, str(site.path))
    func = function_node(base, site.qualname)
    flags = _future_flags(base)
    points = list(_candidates(func))
    parents = {id(child): node for node in ast.walk(func) for child in ast.iter_child_nodes(node)}
    mutants: list[Mutant] = []

    def compiled(func: ast.FunctionDef) -> CodeType | None:
        module = ast.Module(body=[_wrapped(func, site.qualname)], type_ignores=[])
        code = compile(module, str(site.path), "exec", flags=flags, dont_inherit=True)
        return _find_code(code, site.qualname)

    unchanged = compiled(func)
    for index, (node, what) in enumerate(points):
        twin_func, twin, parent = _clone(func, node, parents)
        description = _mutate(parent, twin, what)
        # Every node has its location: the parsed ones, and the few a mutation
        # makes get theirs from the node they replace (ast.copy_location).
        code = compiled(twin_func)
        if code is None or unchanged is None:
            continue
        inner = tuple(_changed_inner(unchanged, code))
        line, column = getattr(node, "lineno", 0), getattr(node, "col_offset", 0)
        mutants.append(
            Mutant(site, index, line, description, code, inner, twin_func, column)
        )
    return mutants


#: A nested code object's name among its siblings: its qualified name, its first line,
#: and which of the code objects with both it is (two lambdas on one line).
Key = tuple[str, int, int]


def children(code: CodeType) -> dict[Key, CodeType]:
    """The code objects directly nested in ``code``, by :data:`Key`.  Not by position in
    ``co_consts``: a mutation can add or drop a constant before them."""
    found: dict[Key, CodeType] = {}
    for const in code.co_consts:
        if isinstance(const, CodeType):
            count = 0
            while (const.co_qualname, const.co_firstlineno, count) in found:
                count += 1
            found[(const.co_qualname, const.co_firstlineno, count)] = const
    return found


def _changed_inner(
    original: CodeType, mutated: CodeType, where: tuple[Key, ...] = ()
) -> Iterator[tuple[Key, ...]]:
    """Where the nested code objects that differ between two compilations of one
    function are, at any depth."""
    twins = children(mutated)
    for key, old in children(original).items():
        new = twins.get(key)
        if new is not None and old != new:
            yield (*where, key)
            yield from _changed_inner(old, new, (*where, key))


def nested_code(code: CodeType, where: tuple[Key, ...]) -> CodeType:
    """The code object at ``where`` (see :attr:`Mutant.inner`) inside ``code``."""
    for key in where:
        code = children(code)[key]
    return code


def _future_flags(tree: ast.Module) -> int:
    """The ``from __future__`` imports of the module, which its code was compiled with
    (``annotations`` changes how a nested function is defined)."""
    flags = 0
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom) and stmt.module == "__future__":
            for alias in stmt.names:
                flags |= getattr(__future__, alias.name).compiler_flag
    return flags


def _wrapped(func: ast.FunctionDef, qualname: str) -> ast.stmt:
    wrapped: ast.stmt = func
    for name in reversed(qualname.split(".")[:-1]):
        wrapped = ast.ClassDef(
            name=name,
            bases=[],
            keywords=[],
            body=[wrapped],
            decorator_list=[],
            lineno=func.lineno,
            col_offset=0,
            end_lineno=func.end_lineno,
            end_col_offset=0,
        )
        if sys.version_info >= (3, 12):
            wrapped.type_params = []
    return wrapped


def _clone(
    func: ast.FunctionDef, node: ast.AST, parents: dict[int, ast.AST]
) -> tuple[ast.FunctionDef, ast.AST, ast.AST]:
    """A copy of ``func`` in which ``node`` may be mutated: (the copy, the copy of
    ``node``, the copy of its parent).

    Only ``node`` is copied whole, and each node on the way up to ``func``
    shallowly (with its lists), since a mutation changes only ``node`` and the
    list of statements that holds it; the rest is shared with ``func``, which
    compiling leaves alone.  Deep-copying the whole function for each mutant
    took most of the time of generating them.
    """
    twin = _deep(node)
    old, new = node, twin
    parent: ast.AST | None = None
    while old is not func:
        above = parents[id(old)]
        copied = above.__class__.__new__(above.__class__)
        for key, value in above.__dict__.items():
            if value is old:
                value = new
            elif isinstance(value, list) and any(v is old for v in value):
                value = [new if v is old else v for v in value]
            copied.__dict__[key] = value
        parent = parent or copied
        old, new = above, copied
    assert isinstance(new, ast.FunctionDef) and parent is not None
    return new, twin, parent


def _deep(value: Any) -> Any:
    """A full copy of an AST: nodes keep their fields and positions in
    ``__dict__``, and the leaves (names, constants) are immutable."""
    if isinstance(value, ast.AST):
        copied = value.__class__.__new__(value.__class__)
        copied.__dict__.update({k: _deep(v) for k, v in value.__dict__.items()})
        return copied
    if isinstance(value, list):
        return [_deep(v) for v in value]
    return value
