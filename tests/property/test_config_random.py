"""Random ``book.toml`` values and scenario front matter: only located errors."""

from __future__ import annotations

import itertools
import json

from helpers import SCRATCH, assert_located, texts
from hypothesis import given
from hypothesis import strategies as st

from rulesref.books import load_book, load_config
from rulesref.errors import RulesSourceError
from rulesref.scenarios import load_scenario

_counter = itertools.count()

scalars = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["cr-yaml", "plain-text", "outline", "cr", "c.yaml", "../x", "/etc/passwd",
                     "a\"b", "TODO", "-8", "", "capitals"]),
    st.integers(-20, 20),
    st.integers(),
    st.booleans(),
    st.floats(allow_nan=False, allow_infinity=False),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from(["file", "number", "x", "symbols", "k"]), inner,
                        max_size=3),
    ),
    max_leaves=8,
)
KEYS = ["title", "format", "numbering", "chapters", "id_prefix", "description", "order", "slug",
        "options", "acknowledged", "unknown"]
KEYS.append("suppress_warnings")


def toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    assert isinstance(value, dict)
    return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + "}"


def load(text: str) -> None:
    folder = SCRATCH / f"cfg{next(_counter)}"
    folder.mkdir()
    (folder / "c.yaml").write_text("chapter: c\ntext: C\n", encoding="utf-8")
    (folder / "book.toml").write_bytes(text.encode("utf-8", "surrogatepass"))
    try:
        config = load_config(folder)
    except RulesSourceError as error:
        assert_located(error)
        return
    for problem in load_book(config).diagnostics:
        assert_located(problem)


@given(fields=st.dictionaries(st.sampled_from(KEYS), values, max_size=6))
def test_random_book_toml_values(fields: dict[str, object]) -> None:
    base = {"title": "T", "format": "cr-yaml", "chapters": [{"file": "c.yaml", "number": 1}]}
    merged = {**base, **fields}
    lines = [f"{json.dumps(k)} = {toml_value(v)}" for k, v in merged.items()]
    load("\n".join(lines) + "\n")


@given(text=texts)
def test_random_book_toml_text(text: str) -> None:
    load('title = "T"\nformat = "cr-yaml"\n' + text)


@given(front=texts, body=texts)
def test_random_scenario_front_matter(front: str, body: str) -> None:
    path = SCRATCH / f"scenario{next(_counter)}.md"
    path.write_bytes(f"---\n{front}\n---\n# Title\n{body}".encode("utf-8", "surrogatepass"))
    try:
        load_scenario(path, "book")
    except RulesSourceError as error:
        assert_located(error)
