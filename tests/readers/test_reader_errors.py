"""Bad input to the Markdown-outline, HelpNDoc and plain-text readers: one
``file:line:col: message`` line each, never a traceback and never silently
dropped text."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from rulesref.books import BookConfig, load_book
from rulesref.cli import main
from rulesref.errors import RulesSourceError, Severity
from rulesref.model import plain_text

MakeBook = Callable[..., BookConfig]


def error_of(config: BookConfig) -> str:
    """The one error of a one-chapter book: the chapter is left out, the error kept."""
    book = load_book(config)
    errors = [d for d in book.diagnostics if d.severity is Severity.ERROR]
    assert len(errors) == 1, errors
    assert not book.chapters
    message = f"{errors[0].pos}: {errors[0].message}"
    assert "\n" not in message
    # Relative to the book folder: the tests run from anywhere.
    return message.replace(str(config.directory) + "/", "")


MARKDOWN_CASES = [
    ("no_heading", "# Title\n", "r.md:1:1: no numbered heading: an outline needs sections "
     "such as '## 1. Title'"),
    ("only_title_and_list", "# Title\n\n1. A rule\n",
     "r.md:3:1: list before the first numbered heading ('## 1. Title')"),
    ("unnumbered_heading", "# T\n\n## Players\n\n1. Rule\n",
     "r.md:3:1: heading 'Players' has no number (write '## 3. Players')"),
    ("deep_heading", "# T\n\n## 1. One\n\n### 1.1 Sub\n",
     "r.md:5:1: '###' heading '1.1 Sub': an outline has '#' for its title and '##' for its "
     "numbered sections"),
    ("stray_paragraph", "# T\n\n## 1. One\n\nSome words.\n\n1. Rule\n",
     "r.md:5:1: paragraph outside a numbered list: 'Some words.' (an outline holds a '#' "
     "title, '## N. Title' headings and numbered lists)"),
    ("bullet_list", "# T\n\n## 1. One\n\n- Rule\n",
     "r.md:5:1: bullet list: every rule of an outline is numbered (write '1.')"),
    ("code_block", "# T\n\n## 1. One\n\n        indented\n",
     "r.md:5:9: unsupported Markdown: an indented code block (is a list item indented too "
     "far?)"),
    ("block_quote", "# T\n\n## 1. One\n\n> quoted\n",
     "r.md:5:1: unsupported Markdown: a block quote"),
    ("second_title", "# T\n\n## 1. One\n\n1. Rule\n\n# U\n",
     "r.md:7:1: a second '#' title: one outline file holds one chapter, list each file in "
     "book.toml"),
]


@pytest.mark.parametrize(("case", "source", "expected"), MARKDOWN_CASES,
                         ids=[c[0] for c in MARKDOWN_CASES])
def test_markdown_outline(make_book: MakeBook, case: str, source: str, expected: str) -> None:
    assert error_of(make_book("markdown-outline", "r.md", source)) == expected


HELPNDOC_CASES = [
    ("nothing_but_noise", "&nbsp;\n\n***\n",
     "r.md:1:1: no rules found: expected nested numbered lists (HelpNDoc export)"),
    ("placeholder_continues_nothing", "1. &nbsp;\n   1. &nbsp;\n      1. &nbsp;\n",
     "r.md:3:7: placeholder item ('&nbsp;') at depth 3 continues no earlier item"),
    ("example_first", "*Example: too early.*\n", "r.md:1:2: example before any rule"),
    ("two_chapters", "1. One\n   1. Sec\n2. Two\n",
     "r.md:3:1: a second top-level item: one export holds one chapter, list each file in "
     "book.toml"),
    ("fence", "1. &nbsp;\n   1. Sec\n\n```\ncode\n```\n",
     "r.md:4:1: unsupported Markdown: a fenced code block"),
]


@pytest.mark.parametrize(("case", "source", "expected"), HELPNDOC_CASES,
                         ids=[c[0] for c in HELPNDOC_CASES])
def test_helpndoc(make_book: MakeBook, case: str, source: str, expected: str) -> None:
    assert error_of(make_book("helpndoc", "r.md", source, numbering="cr", number="1")) == expected


PLAIN_CASES = [
    ("empty", "", "r.txt:1:1: no section heading: expected a line such as 'KEYWORDS: …' "
     "(a heading in capitals and a colon)"),
    ("text_first", "\n  Some text.\nKEYWORDS: x\n", "r.txt:2:3: text before the first heading "
     "(a line such as 'KEYWORDS: …' starts a section)"),
    ("example_first", "KEYWORDS:\nExample: too early.\n",
     "r.txt:2:1: example before any rule of this section"),
]


@pytest.mark.parametrize(("case", "source", "expected"), PLAIN_CASES,
                         ids=[c[0] for c in PLAIN_CASES])
def test_plain_text(make_book: MakeBook, case: str, source: str, expected: str) -> None:
    assert error_of(make_book("plain-text", "r.txt", source)) == expected


ITEM_CASES = [
    ("markdown-outline", "r.md", "# T\n\n## 1. One\n\n1. A.\n2.\n   1. Under it.\n3. B.\n",
     "r.md:6:1: list item 1.2 has no text", "item"),
    ("helpndoc", "r.md", "1. &nbsp;\n   1. Sec\n      1. A.\n\n*Example:*\n\n*Example: B.*\n",
     "r.md:5:2: example without text after 'Example:'", "example"),
    ("plain-text", "r.txt", "KEYWORDS: A.\nExample:\nOTHER: B.\n",
     "r.txt:2:1: example label without example text", "example"),
]


@pytest.mark.parametrize(("fmt", "name", "source", "expected", "unit"), ITEM_CASES,
                         ids=["empty_item", "empty_example", "example_without_text"])
def test_an_item_that_cannot_be_read_costs_itself(
    make_book: MakeBook, fmt: str, name: str, source: str, expected: str, unit: str
) -> None:
    numbering = {"numbering": "cr", "number": "1"} if fmt == "helpndoc" else {}
    config = make_book(fmt, name, source, **numbering)
    book = load_book(config)
    (error,) = [d for d in book.diagnostics if d.severity is Severity.ERROR]
    assert f"{error.pos}: {error.message}".replace(str(config.directory) + "/", "") == expected
    assert error.unit == unit
    words = {item.plain.rstrip(".") for item in book.items()} | {
        plain_text(example.text).rstrip(".") for _, example in book.examples()}
    assert {"A", "B"} <= words
    if unit == "item":  # a placeholder holds its number; the rules under it are read
        (broken,) = [item for item in book.items() if item.unreadable]
        assert broken.number == "1.2" and [c.plain for c in broken.children] == ["Under it."]


DUPLICATE_CASES = [
    ("markdown-outline", "r.md", "# T\n\n## 1. One\n\n1. A\n\n## 1. Again\n\n1. B\n",
     "r.md:7:1: duplicate ID 'x_1' (first defined at 3:1)"),
    ("plain-text", "r.txt", "KEYWORDS: A.\nKEYWORDS: B.\n",
     "r.txt:2:1: duplicate ID 'x_keywords' (first defined at 1:1)"),
]


@pytest.mark.parametrize(("fmt", "name", "source", "expected"), DUPLICATE_CASES,
                         ids=["duplicate_section", "same_heading_twice"])
def test_a_duplicate_id_costs_the_second_items_anchor_not_the_chapter(
    make_book: MakeBook, fmt: str, name: str, source: str, expected: str
) -> None:
    config = make_book(fmt, name, source)
    book = load_book(config)
    errors = [d for d in book.diagnostics if d.severity is Severity.ERROR]
    assert {d.subtype for d in errors} == {"duplicate-id"}
    first = f"{errors[0].pos}: {errors[0].message}".replace(str(config.directory) + "/", "")
    assert first.startswith(expected + ": references lead to the first")
    assert len(book.chapters) == 1
    words = {item.plain.rstrip(".") for item in book.items()}
    assert {"A", "B"} <= words


@pytest.mark.parametrize(("fmt", "name"), [
    ("markdown-outline", "r.md"), ("helpndoc", "r.md"), ("plain-text", "r.txt")])
def test_unreadable_files(make_book: MakeBook, fmt: str, name: str) -> None:
    config = make_book(fmt, name, b"KEYWORDS: caf\xe9\n")
    assert error_of(config) == f"{name}:1:14: not UTF-8 text (byte 0xe9)"
    (config.directory / name).unlink()
    assert error_of(config) == f"{name}:1:1: cannot read file: no such file"
    (config.directory / name).mkdir()
    assert error_of(config).startswith(f"{name}:1:1: cannot read file: ")


@pytest.mark.parametrize(("fmt", "name"), [
    ("markdown-outline", "r.md"), ("helpndoc", "r.md"), ("plain-text", "r.txt")])
def test_the_command_prints_one_line(
    make_book: MakeBook, fmt: str, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    config = make_book(fmt, name, "")
    assert main(["--books", str(config.directory.parent), "check"]) == 2
    err, account = capsys.readouterr().err.splitlines()
    assert "Traceback" not in err and account.startswith("rulesref: read ")
    assert err.startswith(str(config.directory / name) + ":1:1: ") or err.startswith(
        f"{Path(config.directory.name) / name}:1:1: ")


FRAGMENTS = [
    "# T\n", "## 1. One\n", "## 2) Two\n", "1. rule\n", "   1. nested\n", "      1. deeper\n",
    "1. &nbsp;\n", "***Example: e.***\n", "*Example:*\n", "KEYWORDS: k\n", "Example:\n",
    "A card reads:\n", "\n", "- bullet\n", "text {brace\n", "[click] [sub]\n", "***\n",
    "<b>html</b>\n", "[link](http://x)\n", "![img](a.png)\n", "    code\n", "\\*esc\\*\n",
    "| a |\n", "> q\n", "```\n", "3. three\n", "   text\n", "\r\n", "\t1. tab\n",
    "## [1. linked](u)\n", "*[Example: linked](u)*\n", "1. [Example:](u) x\n",
]


@pytest.mark.parametrize("seed", range(60))
def test_no_tracebacks_on_odd_input(make_book: MakeBook, seed: int) -> None:
    rng = random.Random(seed)
    source = "".join(rng.choice(FRAGMENTS) for _ in range(rng.randint(0, 14)))
    for fmt, name in (("markdown-outline", "r.md"), ("helpndoc", "r.md"),
                      ("plain-text", "r.txt")):
        config = make_book(fmt, name, source, numbering="cr" if fmt == "helpndoc" else "outline")
        try:
            book = load_book(config)
        except RulesSourceError as exc:  # pragma: no cover - only book.toml problems raise
            raise AssertionError(f"a chapter's problem stopped its book: {exc}") from None
        for error in book.diagnostics:
            assert "\n" not in error.message
            assert error.pos.line >= 1 and error.pos.col >= 1
        for item in book.items():
            assert item.id and item.pos.line >= 1
