"""Every reader is linear in its input: time at 1x, 10x and 100x input sizes.

Prints a table; run with ``.venv/bin/python benchmarks/bench_readers.py``
(``--quick`` for 1x and 10x only).  Each cell is a whole process (fresh
interpreter, the book read three times, the median kept), so one shape's
caches never help another.  Times are the process's CPU time, which other
work on a shared machine disturbs far less than the wall clock.

The shapes are the ones a careless or hostile source takes: many small
items, one very long rule (the plain-text reader once took 52 s for a 0.6 MB
rule), long runs of markup characters, many unclosed brackets.  The last
columns are the growth from one size to the next: a linear reader shows
about 10 for each tenfold step (garbage collection and caches make it drift
to 15 or so on a busy machine); a quadratic one shows about 100, and hits
the time limit at 100x.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

#: (reader format, file name, source at scale n)
Shape = tuple[str, str, Callable[[int], str]]

#: Base unit: about 5 to 8 KB of source at 1x, 0.5 to 0.8 MB at 100x.
UNIT = 60
LIMIT_SECONDS = 300


def yaml_many_rules(n: int) -> str:
    rules = "".join(
        f"  - rule: rule_{i}\n    text: Pay [c] to {{term:rez}} a card; see {{ref:sec_a}}.\n"
        for i in range(n * UNIT)
    )
    return f"chapter: ch\ntext: C\nsections:\n- section: sec_a\n  text: A\n  rules:\n{rules}"


def yaml_long_rule(n: int) -> str:
    words = " ".join(f"word{i} {{term:w}} [click]" for i in range(n * UNIT * 4))
    return f"chapter: ch\ntext: C\nsections:\n- section: s\n  text: >\n    {words}\n"


def yaml_brackets(n: int) -> str:
    return f"chapter: ch\ntext: C\nsections:\n- section: s\n  text: '{'[' * n * UNIT * 80}'\n"


def yaml_nested(n: int) -> str:
    # Flow collections opened and never closed, past any depth a source may have:
    # the pure-Python composer that words YAML's messages revisited every open
    # level at each token (3 KB took 4.6 s before the depth was checked first).
    return f"chapter: ch\ntext: {'[' * n * UNIT * 10}\n"


def md_many_rules(n: int) -> str:
    items = "".join(f"1. Rule {i} with *emphasis* and `code`.\n" for i in range(n * UNIT * 3))
    return f"# Title\n\n## 1. Section\n\n{items}"


def md_long_rule(n: int) -> str:
    lines = "".join(f"   line {i} of one *long* rule\n" for i in range(n * UNIT * 3))
    return f"# Title\n\n## 1. Section\n\n1. Start\n{lines}"


def md_markup_run(n: int) -> str:
    return f"# Title\n\n## 1. Section\n\n1. x {'*_' * n * UNIT * 40} y\n"


def md_quoted_terms(n: int) -> str:
    """"To 'x' …" without "means": the defined-terms pattern must not rescan the rest."""
    return "# Title\n\n## 1. Section\n\n1. " + "To 'x' and " * (n * UNIT * 10) + "\n"


def helpndoc_many(n: int) -> str:
    items = "".join(f"      1. Rule {i} is a TARGET of [click].\n" for i in range(n * UNIT * 3))
    return f"1. &nbsp;\n   1. Section\n{items}"


def helpndoc_long(n: int) -> str:
    lines = "".join(f"         more words {i} of the rule\n" for i in range(n * UNIT * 3))
    return f"1. &nbsp;\n   1. Section\n      1. Start\n{lines}"


def plain_many(n: int) -> str:
    return "".join(
        f"HEADING {i}: A rule of section {i}.\nExample: an example.\n" for i in range(n * UNIT)
    ).replace("HEADING", "SECTION").translate(str.maketrans("0123456789", "ABCDEFGHIJ"))


def plain_long_rule(n: int) -> str:
    lines = "".join(f"line {i} of one long rule\n" for i in range(n * UNIT * 4))
    return f"KEYWORDS: Start.\n{lines}"


def plain_long_example(n: int) -> str:
    lines = "".join(f"card text {i}\n" for i in range(n * UNIT * 6))
    return f"KEYWORDS: A rule.\nExample: A card reads:\n{lines}"


SHAPES: dict[str, Shape] = {
    "cr-yaml: many rules": ("cr-yaml", "c.yaml", yaml_many_rules),
    "cr-yaml: one long rule": ("cr-yaml", "c.yaml", yaml_long_rule),
    "cr-yaml: unclosed [ [ [": ("cr-yaml", "c.yaml", yaml_brackets),
    "cr-yaml: nested [[[ unclosed": ("cr-yaml", "c.yaml", yaml_nested),
    "markdown-outline: many rules": ("markdown-outline", "c.md", md_many_rules),
    "markdown-outline: one long rule": ("markdown-outline", "c.md", md_long_rule),
    "markdown-outline: markup run": ("markdown-outline", "c.md", md_markup_run),
    "markdown-outline: 'To x' no means": ("markdown-outline", "q.md", md_quoted_terms),
    "helpndoc: many rules": ("helpndoc", "c.md", helpndoc_many),
    "helpndoc: one long rule": ("helpndoc", "c.md", helpndoc_long),
    "plain-text: many sections": ("plain-text", "c.txt", plain_many),
    "plain-text: one long rule": ("plain-text", "c.txt", plain_long_rule),
    "plain-text: one long example": ("plain-text", "c.txt", plain_long_example),
}
OPTIONS = {"helpndoc": '[options]\ndefined_terms = "capitals"\n'}
#: Options by file name, where one format is tried with and without them.
OPTIONS_BY_FILE = {"q.md": '[options]\ndefined_terms = "quoted"\n'}


def write_book(folder: Path, fmt: str, name: str, text: str) -> None:
    folder.mkdir(parents=True)
    (folder / name).write_text(text, encoding="utf-8")
    numbering = "cr" if fmt in ("cr-yaml", "helpndoc") else "outline"
    number = '""' if numbering == "outline" else "1"  # an outline numbers itself
    (folder / "book.toml").write_text(
        f'title = "Bench"\nformat = "{fmt}"\nnumbering = "{numbering}"\nid_prefix = "b"\n'
        f'[[chapters]]\nfile = "{name}"\nnumber = {number}\n'
        f'{OPTIONS_BY_FILE.get(name, OPTIONS.get(fmt, ""))}',
        encoding="utf-8",
    )


def child(folder: str) -> None:
    """Run in a fresh process: read the book three times, print the median CPU seconds."""
    from rulesref.books import load_book, load_config

    config = load_config(Path(folder))
    times = []
    for _ in range(3):
        start = time.process_time()
        load_book(config)
        times.append(time.process_time() - start)
    print(f"{statistics.median(times):.6f}")


def measure(folder: Path) -> float | None:
    try:
        result = subprocess.run(
            [sys.executable, __file__, "--child", str(folder)],
            capture_output=True, text=True, timeout=LIMIT_SECONDS, check=True,
        )
    except subprocess.TimeoutExpired:
        return None
    return float(result.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> None:
    if argv[:1] == ["--child"]:
        child(argv[1])
        return
    scales = (1, 10) if "--quick" in argv else (1, 10, 100)
    header = f"{'reader: input shape':<34} {'1x KB':>7}" + "".join(
        f" {f'{s}x CPU ms':>12}" for s in scales
    ) + "".join(f" {f'{b}x/{a}x':>9}" for a, b in pairwise(scales))
    print(header)
    print("-" * len(header))
    with tempfile.TemporaryDirectory() as tmp:
        for label, (fmt, name, make) in SHAPES.items():
            cells: list[float | None] = []
            size = 0
            for scale in scales:
                text = make(scale)
                size = size or len(text.encode("utf-8"))
                folder = Path(tmp) / f"{len(cells)}-{abs(hash(label))}" / "book"
                write_book(folder, fmt, name, text)
                cells.append(measure(folder))
            shown = "".join(
                f" {'timeout' if c is None else f'{c * 1000:.1f}':>12}" for c in cells
            )
            ratios = "".join(
                f" {f'{b / a:.1f}' if a and b else '-':>9}"
                for a, b in pairwise(cells)
            )
            print(f"{label:<34} {size / 1000:>7.1f}{shown}{ratios}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
