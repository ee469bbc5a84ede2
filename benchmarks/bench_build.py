"""Build times and peak memory of a real-size rulebook, next to stock Sphinx + MyST.

    .venv/bin/python benchmarks/bench_build.py [--runs 5] [--scales 1,10]

Prints one Markdown table (the README quotes it).  For each scale of the
synthetic corpus (``make_corpus.py``: 1 = the real CR's 11 chapters and about
1,650 numbered items, 10 = ten times that) it times, as whole processes:

* a full build with ``-j 1`` and with ``-j 2`` (fresh output and doctrees);
* a rebuild after changing one word of one rule;
* a rebuild after adding a rule at the top of a section (the numbers of the
  rules after it shift, and so does every reference to them);
* ``rulesref check`` after changing one word (the other chapters' readings
  kept by the checks before, as in a rules team's editor), ``rulesref check``
  with nothing kept, and ``rulesref export``;
* the baseline: stock Sphinx + MyST building the same text as plain Markdown
  pages (``make_corpus.write_markdown_site``), in the same run.

Each figure is the median of ``--runs`` runs (the baseline and the full
builds are interleaved, so a busy machine slows them alike).  "wall" is
elapsed time, "CPU" user + system time of the process and its children,
"peak" the largest resident set of any process of the run (``wait4``'s
``ru_maxrss``).  "read / written" are the pages Sphinx read and wrote.

A full build creates some 8,000 files (pages, short addresses, search
records, Pagefind's fragments).  On a virtual disk whose cost per file varies
by the hour, ``--keep /dev/shm/bench`` (a RAM folder) measures the code
rather than the disk; the README's table is measured that way.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_corpus import SLUG, make_corpus, write_markdown_site

PYTHON = sys.executable
RULESREF = str(Path(sys.executable).parent / "rulesref")

CONF = """\
project = "corpus"
extensions = ["rulesref.sphinx"]
rulesref_books_dir = {books!r}
rulesref_scenarios_dir = []
rulesref_scenario_library = False
exclude_patterns = ["_build"]
"""
INDEX = "Synthetic rulebook\n==================\n\n.. rules:books::\n"


@dataclass
class Run:
    wall: float
    cpu: float
    peak_mib: float
    read: int
    written: int


def run(command: Sequence[str], cwd: Path) -> Run:
    """One whole process: elapsed time, CPU time and peak memory from ``wait4``."""
    with tempfile.TemporaryFile() as log:
        start = time.perf_counter()
        proc = subprocess.Popen(list(command), cwd=cwd, stdout=log, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        log.seek(0)
        output = log.read().decode("utf-8", "replace")
    if proc.returncode:
        raise SystemExit(f"failed ({proc.returncode}): {' '.join(command)}\n{output}")
    updated = re.search(r"(\d+) added, (\d+) changed, \d+ removed", output)
    written = len(re.findall(r"^writing output\.\.\. \[", output, re.MULTILINE))
    return Run(
        wall=wall,
        cpu=usage.ru_utime + usage.ru_stime,
        peak_mib=usage.ru_maxrss / 1024,
        read=int(updated[1]) + int(updated[2]) if updated else 0,
        written=-1 if "-j" in command and command[command.index("-j") + 1] != "1" else written,
    )


def sphinx(src: Path, *options: str) -> list[str]:
    return [PYTHON, "-m", "sphinx", "-b", "html", *options, "-d", str(src / "_build/doctrees"),
            str(src), str(src / "_build/html")]


def clean(src: Path) -> None:
    shutil.rmtree(src / "_build", ignore_errors=True)


@dataclass
class Site:
    books: Path
    rulesref: Path
    baseline: Path

    @property
    def chapter(self) -> Path:
        """The chapter file the rebuild steps edit (one in the middle of the book)."""
        return self.books / SLUG / "05_turn_structure.yaml"

    @property
    def baseline_chapter(self) -> Path:
        """The same chapter as a page of the baseline."""
        return self.baseline / "chapter_05.md"


def make_site(root: Path, scale: int) -> Site:
    books = root / "books"
    make_corpus(books, scale)
    src = root / "rulesref"
    src.mkdir()
    (src / "conf.py").write_text(CONF.format(books=str(books)), encoding="utf-8")
    (src / "index.rst").write_text(INDEX, encoding="utf-8")
    baseline = write_markdown_site(books / SLUG, root / "baseline")
    return Site(books, src, baseline)


def one_word(site: Site, turn: int) -> None:
    """Change one word of the first rule of the chapter ("the" ↔ "that")."""
    lines = site.chapter.read_text(encoding="utf-8").splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if line.lstrip().startswith("- rule:")) + 1
    old, new = (" the ", " that ") if turn % 2 == 0 else (" that ", " the ")
    assert old in lines[index], lines[index]
    lines[index] = lines[index].replace(old, new, 1)
    site.chapter.write_text("".join(lines), encoding="utf-8")


def baseline_one_word(site: Site, turn: int) -> None:
    """The same change in the baseline: one word of the chapter's first rule
    (the first line of its page with a rule's anchor and the word)."""
    lines = site.baseline_chapter.read_text(encoding="utf-8").splitlines(keepends=True)
    old, new = (" the ", " that ") if turn % 2 == 0 else (" that ", " the ")
    anchors = [i for i, line in enumerate(lines) if line.startswith("(rule_")]
    index = next(i + 1 for i in anchors if " the " in lines[i + 1] or " that " in lines[i + 1])
    assert old in lines[index], lines[index]
    lines[index] = lines[index].replace(old, new, 1)
    site.baseline_chapter.write_text("".join(lines), encoding="utf-8")


def add_rule(site: Site, turn: int) -> Callable[[], None]:
    """Insert a rule before the first rule of the chapter; returns the undo."""
    original = site.chapter.read_text(encoding="utf-8")
    lines = original.splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if line.lstrip().startswith("- rule:"))
    indent = lines[index][: len(lines[index]) - len(lines[index].lstrip())]
    new = [f"{indent}- rule: rule_benchmark_added_{turn}\n",
           f"{indent}  text: A rule added by the benchmark; the numbers after it shift.\n"]
    site.chapter.write_text("".join(lines[:index] + new + lines[index:]), encoding="utf-8")

    def undo() -> None:
        site.chapter.write_text(original, encoding="utf-8")

    return undo


def measure(scale: int, runs: int, root: Path) -> list[tuple[str, list[Run]]]:
    site = make_site(root, scale)
    results: dict[str, list[Run]] = {}

    def note(name: str, result: Run) -> None:
        results.setdefault(name, []).append(result)
        print(f"  {scale}x {name}: {result.wall:.2f} s (CPU {result.cpu:.2f} s), "
              f"{result.peak_mib:.0f} MiB, {result.read} read / {result.written} written",
              file=sys.stderr, flush=True)

    base, src = site.baseline, site.rulesref
    for _ in range(runs):
        clean(base)
        note("baseline", run(sphinx(base, "-j", "1"), base))
        clean(src)
        note("full -j 2", run(sphinx(src, "-j", "2"), src))
        clean(src)
        note("full -j 1", run(sphinx(src, "-j", "1"), src))
    for turn in range(runs):
        one_word(site, turn)
        note("one word", run(sphinx(src, "-j", "1"), src))
        baseline_one_word(site, turn)
        note("baseline one word", run(sphinx(base, "-j", "1"), base))
    for turn in range(runs):
        undo = add_rule(site, turn)
        note("add rule", run(sphinx(src, "-j", "1"), src))
        undo()
        run(sphinx(src, "-j", "1"), src)
    for name, result in serve_rebuilds(site, runs, first_turn=runs):
        note(name, result)
    check = [RULESREF, "--books", str(site.books), "check"]
    kept = root / "cache"  # the commands' readings (the user's cache folder otherwise)
    os.environ["RULESREF_CACHE_DIR"] = str(kept)
    run(check, root)  # the first check of the books: it keeps every chapter's reading
    for turn in range(runs):
        # What a rules team runs: a check after an edit, the other chapters'
        # readings kept by the checks before (rulesref.read_cache.command_folder).
        one_word(site, 2 * runs + turn)  # the text as the earlier edits left it
        note("check", run(check, root))
        shutil.rmtree(kept, ignore_errors=True)
        note("check fresh", run(check, root))
        note("export", run([RULESREF, "--books", str(site.books), "export", "-o",
                            str(root / "rules.json")], root))
    order = ["full -j 1", "full -j 2", "one word", "add rule", "serve page", "serve rebuild",
             "serve search", "check", "check fresh", "export", "baseline", "baseline one word"]
    return [(name, results[name]) for name in order]


def _process_cpu(pid: int) -> float:
    """User + system time of a running process and its reaped children (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    ticks = os.sysconf("SC_CLK_TCK")
    return sum(int(fields[i]) for i in (11, 12, 13, 14)) / ticks


def _wait_idle(pid: int) -> None:
    """Until the process stops using CPU (under 20 ms of it in a fifth of a
    second, its polling for edits): the next edit comes when the server is
    idle, as an author's would."""
    before = _process_cpu(pid)
    while not math.isnan(before):
        time.sleep(0.2)
        now = _process_cpu(pid)
        if now - before < 0.02:
            return
        before = now


def _peak_mib(pid: int) -> float:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return float("nan")
    found = re.search(r"^VmHWM:\s+(\d+) kB", status, re.MULTILINE)
    return int(found[1]) / 1024 if found else float("nan")


def serve_rebuilds(site: Site, runs: int, first_turn: int) -> list[tuple[str, Run]]:
    """One word changed ``runs`` times under a running ``rulesref serve``: the
    time until the chapter's page is rewritten, until the rebuild is done, and
    until the rules' search bundle is current (serve finishes it after the
    rebuild).  CPU is the server's (and Pagefind's) during the whole step, up to
    the server being idle again (it collects the rebuild's garbage last)."""
    src = site.rulesref
    out = src / "_build" / "served"
    page = out / "rules" / SLUG / "chpt_05.html"
    results: list[tuple[str, Run]] = []
    with tempfile.NamedTemporaryFile("w+", suffix=".log") as log:
        proc = subprocess.Popen(
            [RULESREF, "--books", str(site.books), "serve", "--docs", str(src), "--out",
             str(out), "--port", "0"], cwd=src, stdout=log, stderr=subprocess.STDOUT,
        )

        def wait_for(pattern: str, after: int) -> str:
            while True:
                text = Path(log.name).read_text(encoding="utf-8", errors="replace")[after:]
                if re.search(pattern, text):
                    return text
                if proc.poll() is not None:
                    raise SystemExit(f"rulesref serve ended:\n{text[-2000:]}")
                time.sleep(0.002)

        try:
            wait_for("watching the sources", 0)
            for turn in range(runs):
                mark = len(Path(log.name).read_text(encoding="utf-8", errors="replace"))
                before, cpu = page.stat().st_mtime_ns, _process_cpu(proc.pid)
                start = time.perf_counter()
                one_word(site, first_turn + turn)  # the text as the earlier edits left it
                while page.stat().st_mtime_ns == before:
                    time.sleep(0.002)
                rewritten = time.perf_counter() - start
                text = wait_for(r"rebuilt in", mark)
                done = time.perf_counter() - start
                wait_for(r"search index current", mark)
                current = time.perf_counter() - start
                _wait_idle(proc.pid)  # the server collects the rebuild's garbage after it
                used = _process_cpu(proc.pid) - cpu
                clean = re.sub(r"\x1b\[[0-9;]*m", "", text)
                read = len(re.findall(r"reading sources\.\.\. \[", clean))
                written = len(re.findall(r"writing output\.\.\. \[", clean))
                peak = _peak_mib(proc.pid)
                for name, wall in (("serve page", rewritten), ("serve rebuild", done),
                                   ("serve search", current)):
                    results.append((name, Run(wall, used, peak, read, written)))
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
    return results


LABELS = {
    "full -j 1": "full build, `-j 1`",
    "full -j 2": "full build, `-j 2`",
    "one word": "rebuild after one word in one rule",
    "add rule": "rebuild after adding a rule (numbers shift)",
    "serve page": "one word in `rulesref serve`: the page rewritten",
    "serve rebuild": "one word in `rulesref serve`: the rebuild done",
    "serve search": "one word in `rulesref serve`: the search index current",
    "check": "`rulesref check` after one word in one rule",
    "check fresh": "`rulesref check`, no chapter read before",
    "export": "`rulesref export`",
    "baseline": "baseline: stock Sphinx + MyST, full build, `-j 1`",
    "baseline one word": "baseline: stock Sphinx + MyST, rebuild after one word in one page",
}


def median(runs: list[Run], attribute: str) -> float:
    return statistics.median(getattr(r, attribute) for r in runs)


def table(rows: dict[int, list[tuple[str, list[Run]]]]) -> list[str]:
    out = [
        "| size | step | wall (median) | CPU | peak memory | pages read / written |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for scale, steps in rows.items():
        for name, runs in steps:
            pages = ""
            if name not in ("check", "check fresh", "export"):
                written = median(runs, "written")
                pages = f"{median(runs, 'read'):.0f} / " + (f"{written:.0f}" if written >= 0
                                                             else "(parallel)")
            out.append(
                f"| {scale}x | {LABELS[name]} | {median(runs, 'wall'):.2f} s "
                f"| {median(runs, 'cpu'):.2f} s | {median(runs, 'peak_mib'):.0f} MiB | {pages} |"
            )
    return out


def targets(rows: dict[int, list[tuple[str, list[Run]]]]) -> list[str]:
    """The issue's targets, each with the measured figure."""
    figures = {scale: {name: runs for name, runs in steps} for scale, steps in rows.items()}
    one = figures.get(1)
    out: list[str] = []
    if one is None or not all(name in one for name in LABELS if not name.startswith("serve")):
        return out

    def wall(scale: int, name: str) -> float:
        return median(figures[scale][name], "wall")

    def line(ok: bool, text: str) -> None:
        out.append(f"- {'met' if ok else 'NOT met'}: {text}")

    def cpu(scale: int, name: str) -> float:
        return median(figures[scale][name], "cpu")

    ratio = wall(1, "full -j 1") / wall(1, "baseline")
    line(ratio <= 0.75, f"full build {ratio:.2f}x the stock Sphinx + MyST baseline (≤ 0.75x); "
         f"in CPU time {cpu(1, 'full -j 1') / cpu(1, 'baseline'):.2f}x")
    line(wall(1, "one word") < 1, f"rebuild after one word {wall(1, 'one word'):.2f} s (< 1 s); "
         f"CPU {cpu(1, 'one word'):.2f} s (stock Sphinx rebuilds the baseline's one changed "
         f"page in {wall(1, 'baseline one word'):.2f} s)")
    if "serve rebuild" in one:
        line(wall(1, "serve rebuild") < 1,
             f"rebuild after one word in `rulesref serve` {wall(1, 'serve rebuild'):.2f} s "
             f"(< 1 s): the page rewritten after {wall(1, 'serve page'):.2f} s, the search "
             f"index current after {wall(1, 'serve search'):.2f} s")
    line(wall(1, "check") < 0.5, f"`rulesref check` after one word {wall(1, 'check'):.2f} s "
         f"(< 0.5 s); CPU {cpu(1, 'check'):.2f} s; with no chapter read before "
         f"{wall(1, 'check fresh'):.2f} s")
    line(wall(1, "full -j 2") < wall(1, "full -j 1"),
         f"`-j 2` {wall(1, 'full -j 2'):.2f} s vs `-j 1` {wall(1, 'full -j 1'):.2f} s")
    if 10 in figures and "full -j 1" in figures[10]:
        growth = wall(10, "full -j 1") / wall(1, "full -j 1")
        # The stock baseline's own growth in the same run: the machine's speed
        # can drift between the 1x and the 10x rows, and this shows by how much.
        line(growth <= 10.5, f"10x size builds in {growth:.1f}x the time (≤ 10.5x); "
             f"{cpu(10, 'full -j 1') / cpu(1, 'full -j 1'):.1f}x the CPU time (the "
             f"baseline: {wall(10, 'baseline') / wall(1, 'baseline'):.1f}x)")
        peak = max(median(runs, "peak_mib") for runs in figures[10].values())
        line(peak < 1024, f"10x peak memory {peak:.0f} MiB (< 1 GiB)")
    return out


_PROGRESS = re.compile(
    r"^  (?P<scale>\d+)x (?P<name>[^:]+): (?P<wall>[\d.]+) s \(CPU (?P<cpu>[\d.]+) s\), "
    r"(?P<peak>[\d.]+) MiB, (?P<read>-?\d+) read / (?P<written>-?\d+) written$",
    re.MULTILINE,
)


def rows_from_log(text: str) -> dict[int, list[tuple[str, list[Run]]]]:
    """The figures of an earlier run, from the progress lines it printed (to print
    the table of a run that was cut short)."""
    found: dict[int, dict[str, list[Run]]] = {}
    for m in _PROGRESS.finditer(text):
        run_ = Run(float(m["wall"]), float(m["cpu"]), float(m["peak"]), int(m["read"]),
                   int(m["written"]))
        found.setdefault(int(m["scale"]), {}).setdefault(m["name"], []).append(run_)
    return {scale: [(name, steps[name]) for name in LABELS if name in steps]
            for scale, steps in found.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--scales", default="1,10", help="corpus sizes, e.g. 1,10")
    parser.add_argument("--big-runs", type=int, help="runs per figure above 1x (default: half)")
    parser.add_argument("--keep", type=Path, help="build here and keep the sites")
    parser.add_argument("--table-from", type=Path,
                        help="print the table of the progress lines of an earlier run")
    args = parser.parse_args()
    if args.table_from:
        rows = rows_from_log(args.table_from.read_text(encoding="utf-8"))
        print("\n".join(table(rows)))
        print()
        print("\n".join(targets(rows)))
        return
    scales = [int(s) for s in args.scales.split(",")]
    rows: dict[int, list[tuple[str, list[Run]]]] = {}
    with tempfile.TemporaryDirectory(prefix="rulesref-bench-") as tmp:
        base = args.keep or Path(tmp)
        for scale in scales:
            root = base / f"scale-{scale}"
            shutil.rmtree(root, ignore_errors=True)
            root.mkdir(parents=True)
            big = args.big_runs or max(1, args.runs // 2 + 1)
            rows[scale] = measure(scale, args.runs if scale == 1 else big, root)
    cores = os.cpu_count()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Machine: {cores} cores, {platform.machine()}, Python {platform.python_version()}, "
          f"{platform.system()}; load average {load:.1f} at the end; "
          f"median of {args.runs} runs at 1x, "
          f"{args.big_runs or max(1, args.runs // 2 + 1)} above.\n")
    print("\n".join(table(rows)))
    print()
    print("\n".join(targets(rows)))


if __name__ == "__main__":
    main()
