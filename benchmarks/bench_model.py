"""Speed and memory of reading, numbering and checking books.

Prints a table; run with ``.venv/bin/python benchmarks/bench_model.py``.
Besides the seed books it reads a synthetic chapter of N rules, to show how
``rulesref check`` scales towards a full Comprehensive Rules.
"""

from __future__ import annotations

import statistics
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from rulesref.books import discover, load_book, load_config
from rulesref.checks import check_book

ROOT = Path(__file__).resolve().parent.parent


def synthetic_book(folder: Path, sections: int, rules_per_section: int) -> Path:
    lines = ["chapter: chpt_big", "text: Big", "sections:"]
    for s in range(sections):
        lines += [f"- section: sec_{s}", f"  text: Section {s}", "  rules:"]
        for r in range(rules_per_section):
            lines += [
                f"  - subsection: sub_{s}_{r}",
                f"    text: A {{term:w{s}x{r}}} is defined; see {{ref:sec_{(s + 1) % sections}}}.",
                "    rules:",
                f"    - rule: rule_{s}_{r}",
                f"      text: Pay [c] and [click] for {{card:Harbinger}} (rule {s}.{r}).",
            ]
    (folder / "big.yaml").write_text("\n".join(lines) + "\n")
    (folder / "book.toml").write_text(
        'title = "Big"\nformat = "cr-yaml"\n[[chapters]]\nfile = "big.yaml"\nnumber = 1\n'
    )
    return folder


def measure(action: Callable[[], int], repeat: int = 5) -> tuple[float, float, int]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        count = action()
        times.append(time.perf_counter() - start)
    tracemalloc.start()
    action()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return statistics.median(times) * 1000, peak / 1e6, count


def main() -> None:
    rows: list[tuple[str, int, float, float]] = []
    for config in discover(ROOT / "seeds"):
        def run(config=config) -> int:  # type: ignore[no-untyped-def]
            book = load_book(config)
            check_book(book)
            return sum(1 for _ in book.items())

        ms, mb, count = measure(run)
        rows.append((config.slug, count, ms, mb))
    with tempfile.TemporaryDirectory() as tmp:
        for sections in (10, 50, 200):
            folder = Path(tmp) / f"big{sections}"
            folder.mkdir()
            config = load_config(synthetic_book(folder, sections, 10))

            def run_big(config=config) -> int:  # type: ignore[no-untyped-def]
                book = load_book(config)
                check_book(book)
                return sum(1 for _ in book.items())

            ms, mb, count = measure(run_big, repeat=3)
            rows.append((f"synthetic ({sections} sections)", count, ms, mb))
    print(f"{'book':<32} {'items':>7} {'read+check ms':>14} {'peak MB':>8}")
    for name, count, ms, mb in rows:
        print(f"{name:<32} {count:>7} {ms:>14.1f} {mb:>8.1f}")


if __name__ == "__main__":
    main()
