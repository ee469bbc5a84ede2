"""A rules team's build, timed against stock Sphinx + MyST + Furo on the same text.

    .venv/bin/python benchmarks/bench_build.py [--runs 3] [--scales 1,10] [--keep DIR]

Prints one Markdown table (the README's), the same steps by CPU time and by
system time, and the issue's targets.  1x is the real rulebook, 10x the
synthetic corpus (bench_sites.py); each is built the way the README tells a
rules team (``rulesref init DIR``, then ``rulesref --books DIR build``), and
beside it the same text as stock Sphinx + MyST + Furo pages (``sphinx-build
-b html . _build/html``).  Every step is a whole process, as a user runs it:

* a full build (no ``_build`` folder, no kept readings), the stock build
  interleaved with it so a busy machine slows both alike;
* a rebuild after changing one word of one rule (one word of the same rule
  in the stock page);
* a rebuild after adding a rule at the top of a section (the numbers after
  it shift, and every reference to them; the stock page just gains a
  paragraph);
* under ``rulesref serve``, after saving one word: until the chapter's page
  is rewritten, and until the search index is current;
* ``rulesref check`` after one word (the other chapters' readings kept by
  the check before, as in an editor), and ``rulesref export``.

Each figure is the median of ``--runs`` runs; "peak memory" is the largest
resident set of any process of a side's steps (``wait4``), the server's own
for ``serve``.  The sites are built in a temporary folder on the disk the
system gives (``--keep DIR`` to choose one and keep the sites).
"""

from __future__ import annotations

import argparse
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

from bench_sites import (
    RULESREF,
    Subject,
    add_rule,
    baseline_add_rule,
    baseline_one_word,
    corpus_subject,
    one_word,
    real_subject,
    site_files,
)

PYTHON = sys.executable
STOCK = "stock"
OURS = "rulesref"


@dataclass
class Run:
    wall: float
    #: user + system time
    cpu: float
    peak_mib: float
    #: of which system time (the kernel's work for the process: files and folders above all)
    system: float = 0.0


def run(command: Sequence[str], cwd: Path) -> Run:
    """One whole process: elapsed time, CPU time and peak memory (``wait4``
    counts the process and the children it waited for: Sphinx, Pagefind)."""
    with tempfile.TemporaryFile() as log:
        start = time.perf_counter()
        proc = subprocess.Popen(list(command), cwd=cwd, stdout=log, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status):
            log.seek(0)
            raise SystemExit(f"failed: {' '.join(command)}\n"
                             + log.read().decode("utf-8", "replace")[-3000:])
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, usage.ru_stime)


class Bench:
    """The runs of one size, by (side, step)."""

    def __init__(self, subject: Subject, cache: Path) -> None:
        self.subject = subject
        self.cache = cache
        self.runs: dict[tuple[str, str], list[Run]] = {}
        self.files: dict[str, tuple[int, int]] = {}
        self.turn = 0  # one-word edits so far: each undoes the one before

    def note(self, side: str, step: str, result: Run) -> None:
        self.runs.setdefault((side, step), []).append(result)
        print(f"  {self.subject.scale}x {side} {step}: {result.wall:.2f} s "
              f"(CPU {result.cpu:.2f} s), {result.peak_mib:.0f} MiB", file=sys.stderr,
              flush=True)

    def build(self) -> Run:
        return run([RULESREF, "--books", str(self.subject.books), "build"], self.subject.books)

    def stock(self) -> Run:
        return run([PYTHON, "-m", "sphinx", "-b", "html", ".", "_build/html"],
                   self.subject.baseline)

    def word(self) -> None:
        one_word(self.subject, self.turn)
        baseline_one_word(self.subject, self.turn)
        self.turn += 1

    def measure(self, runs: int) -> None:
        subject = self.subject
        for _ in range(runs):
            shutil.rmtree(subject.baseline / "_build", ignore_errors=True)
            self.note(STOCK, "full", self.stock())
            shutil.rmtree(subject.books / "_build", ignore_errors=True)
            shutil.rmtree(self.cache, ignore_errors=True)
            self.note(OURS, "full", self.build())
        self.files = {OURS: site_files(subject.html), STOCK: site_files(subject.baseline_html)}
        for _ in range(runs):
            self.word()
            self.note(OURS, "one word", self.build())
            self.note(STOCK, "one word", self.stock())
        for turn in range(runs):
            undo = add_rule(subject, turn)
            self.note(OURS, "add rule", self.build())
            undo()
            self.build()
            undo = baseline_add_rule(subject, turn)
            self.note(STOCK, "add rule", self.stock())
            undo()
            self.stock()
        for step, result in self.serve(runs):
            self.note(OURS, step, result)
        check = [RULESREF, "--books", str(subject.books), "check"]
        run(check, subject.books)  # the first check keeps every chapter's reading
        for _ in range(runs):
            self.word()
            self.note(OURS, "check", run(check, subject.books))
            self.note(OURS, "export", run([RULESREF, "--books", str(subject.books), "export",
                                           "-o", str(subject.books.parent / "rules.json")],
                                          subject.books))

    def serve(self, runs: int) -> list[tuple[str, Run]]:
        """``runs`` one-word edits under a running ``rulesref serve``: the time
        from the save until the chapter's page is rewritten, and until the
        search index is current.  CPU is the server's and its children's over
        the whole step, up to the server being idle again."""
        subject = self.subject
        results: list[tuple[str, Run]] = []
        with tempfile.NamedTemporaryFile("w+", suffix=".log") as log:
            proc = subprocess.Popen([RULESREF, "--books", str(subject.books), "serve", "--port",
                                     "0"], cwd=subject.books, stdout=log, stderr=subprocess.STDOUT)

            def text(after: int = 0) -> str:
                return Path(log.name).read_text(encoding="utf-8", errors="replace")[after:]

            def wait_for(pattern: str, after: int) -> None:
                while not re.search(pattern, text(after)):
                    if proc.poll() is not None:
                        raise SystemExit(f"rulesref serve ended:\n{text()[-2000:]}")
                    time.sleep(0.002)

            try:
                wait_for("watching the sources", 0)
                _wait_idle(proc.pid)
                for _ in range(runs):
                    mark = len(text())
                    before, times = subject.page.stat().st_mtime_ns, _process_times(proc.pid)
                    start = time.perf_counter()
                    self.word()
                    while subject.page.stat().st_mtime_ns == before:
                        time.sleep(0.002)
                    page = time.perf_counter() - start
                    wait_for(r"search index current", mark)
                    search = time.perf_counter() - start
                    _wait_idle(proc.pid)
                    now, peak = _process_times(proc.pid), _peak_mib(proc.pid)
                    user, system = now[0] - times[0], now[1] - times[1]
                    results += [("serve page", Run(page, user + system, peak, system)),
                                ("serve search", Run(search, user + system, peak, system))]
            finally:
                proc.send_signal(signal.SIGINT)
                try:
                    proc.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    proc.kill()
        return results


def _process_cpu(pid: int) -> float:
    """User + system time of a running process and its reaped children (Linux)."""
    return sum(_process_times(pid))


def _process_times(pid: int) -> tuple[float, float]:
    """User and system time of a running process and its reaped children (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[13])) / tick, (int(fields[12]) + int(fields[14])) / tick


def _wait_idle(pid: int) -> None:
    """Until the process uses under 20 ms of CPU in a fifth of a second (its
    polling for edits): the next edit comes when the server is idle, as an
    author's would."""
    before = _process_cpu(pid)
    while True:
        time.sleep(0.2)
        now = _process_cpu(pid)
        if now - before < 0.02:
            return
        before = now


def _peak_mib(pid: int) -> float:
    found = re.search(r"^VmHWM:\s+(\d+) kB", Path(f"/proc/{pid}/status").read_text(),
                      re.MULTILINE)
    return int(found[1]) / 1024 if found else float("nan")


# --------------------------------------------------------------------------
# The table

ROWS = [
    ("full", "full build"),
    ("one word", "one-word rebuild, fresh process"),
    ("add rule", "rebuild after adding a rule (numbers shift)"),
    ("serve page", "`serve`: page current after a save"),
    ("serve search", "`serve`: search current after a save"),
    ("check", "`check` after one word"),
    ("export", "`export`"),
]


Figure = Callable[["Bench", str, str], float | None]


def median_of(field: str) -> Figure:
    """The median of one of a step's :class:`Run` figures, for one side."""

    def figure(bench: Bench, side: str, step: str) -> float | None:
        runs = bench.runs.get((side, step))
        return statistics.median(getattr(r, field) for r in runs) if runs else None

    return figure


wall, cpu, system = median_of("wall"), median_of("cpu"), median_of("system")


def peak(bench: Bench, side: str) -> float:
    return max(r.peak_mib for (s, _), runs in bench.runs.items() if s == side for r in runs)


def _seconds(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f} s"


def _ratio(ours: float | None, stock: float | None) -> str:
    return "" if ours is None or stock is None else f"{ours / stock:.2f}x"


def rows(benches: list[Bench], head: str, steps: list[tuple[str, str]],
         value: Figure) -> list[str]:
    """A Markdown table of ``steps``, each size's rulesref, stock and ratio columns."""
    corner = f" {head}" if head else ""
    out = [f"|{corner} |" + "".join(f" rulesref {b.subject.scale}x | stock {b.subject.scale}x "
                                    "| ratio |" for b in benches),
           "| --- |" + " ---: | ---: | ---: |" * len(benches)]
    for step, label in steps:
        cells = ""
        for bench in benches:
            ours, stock = value(bench, OURS, step), value(bench, STOCK, step)
            cells += f" {_seconds(ours)} | {_seconds(stock)} | {_ratio(ours, stock)} |"
        out.append(f"| {label} |{cells}")
    return out


def table(benches: list[Bench]) -> list[str]:
    out = rows(benches, "", ROWS, wall)
    cells = "".join(f" {peak(b, OURS):.0f} MiB | {peak(b, STOCK):.0f} MiB "
                    f"| {peak(b, OURS) / peak(b, STOCK):.2f}x |" for b in benches)
    out.append(f"| peak memory |{cells}")
    cells = "".join(
        f" {b.files[OURS][0]:,} / {b.files[OURS][1] / 1e6:.1f} MB "
        f"| {b.files[STOCK][0]:,} / {b.files[STOCK][1] / 1e6:.1f} MB | |" for b in benches)
    out.append(f"| site: files / size |{cells}")
    return out


#: The steps whose CPU time the second table shows: the whole processes (``serve``'s
#: figure is the server's over one save, counted up to it being idle again).
CPU_ROWS = [(step, "`serve`: one save" if step == "serve page" else label)
            for step, label in ROWS if step != "serve search"]


def cpu_table(benches: list[Bench]) -> list[str]:
    """The same steps by CPU time (user + system, of the process and the children
    it waited for: both cores' work, which a busy machine slows less than the
    elapsed time), to tell more work from a slower machine; then the system
    time alone, which the disk's cost per file moves from run to run."""
    return [*rows(benches, "CPU time", CPU_ROWS, cpu), "",
            *rows(benches, "of which system", CPU_ROWS, system)]


def targets(benches: list[Bench]) -> list[str]:
    """The issue's targets, each with its figure."""
    out: list[str] = []
    by_scale = {b.subject.scale: b for b in benches}

    def line(ok: bool, text: str) -> None:
        out.append(f"- {'met' if ok else 'NOT met'}: {text}")

    one = by_scale.get(1)
    if one is not None:
        full = wall(one, OURS, "full") or 0
        stock = wall(one, STOCK, "full") or 1
        line(full <= 1.5 * stock, f"full build {full / stock:.2f}x stock Sphinx + MyST + Furo "
             "(≤ 1.5x)")
        word, stock_word = wall(one, OURS, "one word") or 0, wall(one, STOCK, "one word") or 1
        line(word <= 1.25 * stock_word, f"one-word rebuild in a fresh process "
             f"{word / stock_word:.2f}x stock Sphinx's one-page rebuild (≤ 1.25x)")
        page, search = wall(one, OURS, "serve page"), wall(one, OURS, "serve search")
        if page is not None and search is not None:
            line(page <= 0.5, f"`serve`: page current {page:.2f} s after a save (≤ 0.5 s)")
            line(search <= 1.0, f"`serve`: search current {search:.2f} s after a save (≤ 1 s)")
    ten = by_scale.get(10)
    if one is not None and ten is not None:
        growth = (wall(ten, OURS, "full") or 0) / (wall(one, OURS, "full") or 1)
        stock_growth = (wall(ten, STOCK, "full") or 0) / (wall(one, STOCK, "full") or 1)
        line(growth <= 10.5, f"10x full build {growth:.1f}x the 1x one (≤ 10.5x; "
             f"stock: {stock_growth:.1f}x)")
        line(peak(ten, OURS) < 1024, f"10x peak memory {peak(ten, OURS):.0f} MiB (< 1 GiB)")
    return out


def rulesref_package() -> str:
    import rulesref

    return str(rulesref.__file__)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (median)")
    parser.add_argument("--scales", default="1,10", help="sizes: 1 (the real rulebook), 10")
    parser.add_argument("--big-runs", type=int, help="runs per figure at 10x (default: --runs)")
    parser.add_argument("--keep", type=Path, help="build here and keep the sites")
    args = parser.parse_args()
    # As on a user's machine, Python keeps the bytecode it compiles (the
    # installed Sphinx, MyST and Furo come compiled; rulesref's own modules are
    # compiled once here, not in every timed process).
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run([PYTHON, "-m", "compileall", "-q", str(Path(rulesref_package()).parent)],
                   check=True)
    benches: list[Bench] = []
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="rulesref-bench-") as tmp:
        base = (args.keep or Path(tmp)).resolve()
        # The commands' kept readings (the user's cache folder otherwise).
        os.environ["RULESREF_CACHE_DIR"] = str(base / "cache")
        for scale in (int(s) for s in args.scales.split(",")):
            root = base / f"scale-{scale}"
            shutil.rmtree(root, ignore_errors=True)
            root.mkdir(parents=True)
            subject = real_subject(root) if scale == 1 else corpus_subject(root, scale)
            bench = Bench(subject, base / "cache")
            bench.measure(args.runs if scale == 1 else args.big_runs or args.runs)
            benches.append(bench)
    print(f"{os.cpu_count()} cores ({platform.machine()}), Python {platform.python_version()}, "
          f"{platform.system()}; load average {load:.1f} at the start, "
          f"{os.getloadavg()[0]:.1f} at the end; median of {args.runs} "
          "runs" + (f" ({args.big_runs} at 10x)" if args.big_runs else "") + ".\n")
    print("\n".join(table(benches)))
    print()
    print("\n".join(cpu_table(benches)))
    print()
    print("\n".join(targets(benches)))


if __name__ == "__main__":
    main()
