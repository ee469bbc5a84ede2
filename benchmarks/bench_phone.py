"""How soon a judge's phone shows the rule a link leads to, on the real rulebook.

    .venv/bin/python benchmarks/bench_phone.py [--runs 3] [--site DIR] [--sections]

Builds the real rulebook (``../shared/reference/netrunner-cr-25.04``, or
``RULESREF_REFERENCE``) as a rules team does (``rulesref init``, then
``rulesref --books DIR build``), unless ``--site`` names a built site, and
opens, in Debian's Chromium through Playwright, one rule two thirds down each
chapter page by its permalink, on the phone of issue 23: 390x844 with touch,
1.6 Mbps down, 150 ms latency, the CPU slowed 4x — with the text
gzip-compressed as static hosts serve it, and without.  "On screen" is the
first frame in which the rule's text box lies in the window, below the
sticky bars, timed from the navigation's start (``performance.now()``).

The baseline is what the rules team publishes today: one page holding every
chapter, opened at the same rule.  It is made here from the same chapter
pages (their rules, one after the other, with rulesref's style sheet), so
both sides carry the same text.

Prints one Markdown table: per chapter, its bytes raw and gzipped, and the
median time to the rule on screen for rulesref and the one-page baseline
(and, with ``--before DIR``, for the same release built before a change,
measured in turns with the other two: on a shared machine only figures taken
together compare).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rulesref.sphinx.features.landing import inline_script

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = Path(os.environ.get("RULESREF_REFERENCE") or ROOT.parent / "shared" / "reference"
                 ) / "netrunner-cr-25.04"
CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
#: Issue 23's profile: 1.6 Mbps down, 750 kbps up, 150 ms round trip, CPU x4.
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8,
           "uploadThroughput": 750_000 / 8}
CPU_SLOWDOWN = 4
TEXT_TYPES = (".html", ".css", ".js", ".json", ".svg")

#: Records the first frame in which the element named by the hash is in view.
WATCH = """(() => {
  const id = decodeURIComponent(location.hash.slice(1));
  const look = () => {
    const el = id && document.getElementById(id);
    if (el) {
      const box = (el.querySelector(':scope > p.rr-text') || el).getBoundingClientRect();
      let covered = 0;
      for (const bar of document.querySelectorAll('.mobile-header, form.rr-goto')) {
        const s = getComputedStyle(bar);
        if (s.position === 'sticky' || s.position === 'fixed') {
          covered = Math.max(covered, bar.getBoundingClientRect().bottom);
        }
      }
      if (box.height > 0 && box.top >= covered - 1 && box.top < innerHeight) {
        window.__rrOnScreen = performance.now();
        return;
      }
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""


class _Handler(http.server.SimpleHTTPRequestHandler):
    gzip_text = False

    def log_message(self, format: str, *args: Any) -> None:
        return

    def send_head(self) -> Any:  # the file, compressed when text and asked to
        path = Path(self.translate_path(self.path))
        if not (self.gzip_text and path.is_file() and path.suffix in TEXT_TYPES):
            return super().send_head()
        body = gzip.compress(path.read_bytes(), compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


@contextmanager
def serve(folder: Path, *, gzip_text: bool) -> Iterator[str]:
    handler = type("Handler", (_Handler,), {"gzip_text": gzip_text})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


def build_site(work: Path) -> Path:
    release = work / "release"
    shutil.copytree(REFERENCE, release)
    for path in [release, *release.rglob("*")]:
        path.chmod(path.stat().st_mode | 0o200)
    rulesref = str(Path(sys.executable).parent / "rulesref")
    subprocess.run([rulesref, "init", str(release)], check=True, capture_output=True)
    subprocess.run([rulesref, "--books", str(release), "build", "--out", str(work / "html")],
                   check=True, capture_output=True)
    return work / "html"


_MAIN = re.compile(r'<article role="main"[^>]*>(.*?)</article>', re.S)
_FORM = re.compile(r"<form\b.*?</form>", re.S)


def one_page(site: Path, chapters: list[Path]) -> Path:
    """The baseline: every chapter's rules on one page, with rulesref's styles
    but not its landing script (the rules team's page has none)."""
    first = chapters[0].read_text(encoding="utf-8")
    head = first[:first.index("<body")].replace(f"<script>{inline_script()}</script>\n", "")
    bodies = []
    for page in chapters:
        found = _MAIN.search(page.read_text(encoding="utf-8"))
        if found:
            bodies.append(_FORM.sub("", found.group(1)))
    target = chapters[0].parent / "one-page.html"
    target.write_text(f'{head}<body><main role="main">{"".join(bodies)}</main></body></html>',
                      encoding="utf-8")
    return target


_SECTION_TAG = re.compile(r"<(/?)section\b[^>]*>")
_TOP_SECTION = '<section class="rr-item rr-section"'


def _section_spans(page: str) -> list[tuple[int, int]]:
    """Where each of a chapter page's sections begins and ends."""
    spans: list[tuple[int, int]] = []
    depth, start, top = 0, -1, 0
    for tag in _SECTION_TAG.finditer(page):
        if not tag.group(1):
            depth += 1
            if page.startswith(_TOP_SECTION, tag.start()) and start < 0:
                start, top = tag.start(), depth
        else:
            if start >= 0 and depth == top:
                spans.append((start, tag.end()))
                start = -1
            depth -= 1
    return spans


def _alone(page: str, spans: list[tuple[int, int]], kept: tuple[int, int]) -> str:
    return page[:spans[0][0]] + page[kept[0]:kept[1]] + page[spans[-1][1]:]


def section_page(chapter: Path, anchor: str) -> tuple[Path, bytes]:
    """What the page of the section holding ``anchor`` would be if the chapter
    were one page per section (issue 23 asks for this to be measured before it
    is decided): the chapter page with only that one of its sections, the
    header, menus, chapter title and footer kept as they are.  Also the
    chapter's largest section page, the one that would take longest."""
    page = chapter.read_text(encoding="utf-8")
    spans = _section_spans(page)
    at = page.index(f' id="{anchor}"')
    kept = next((begin, end) for begin, end in spans if begin <= at < end)
    target = chapter.with_name(f"{chapter.stem}--section.html")
    target.write_text(_alone(page, spans, kept), encoding="utf-8")
    largest = max((_alone(page, spans, span).encode() for span in spans), key=len)
    return target, largest


def target_of(page: Path) -> str:
    anchors = re.findall(r'<div class="rr-item rr-rule[^"]*" id="([^"]+)"',
                         page.read_text(encoding="utf-8"))
    return anchors[len(anchors) * 2 // 3]


def time_to_rule(browser: Any, url: str) -> float:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        cdp.send("Network.emulateNetworkConditions", NETWORK)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        page.add_init_script(WATCH)
        page.goto(url, wait_until="commit")
        page.wait_for_function("() => window.__rrOnScreen !== undefined", timeout=120_000)
        return float(page.evaluate("window.__rrOnScreen")) / 1000
    finally:
        context.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, default=None, help="a built site of the release")
    parser.add_argument("--sections", action="store_true",
                        help="also time the rule on its section's page alone, as the chapter "
                             "would be if it were one page per section")
    parser.add_argument("--before", type=Path, default=None,
                        help="the same release built before a change: measured in turns with "
                             "--site, so that both meet the machine's load alike")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="rulesref-phone-") as tmp:
        site = args.site or build_site(Path(tmp))
        chapters = sorted(page for page in (site / "rules").glob("*/chpt_*.html")
                          if "--" not in page.stem)  # not a section page of an earlier run
        baseline = one_page(site, chapters)
        rows = []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                      "--disable-component-update", "--disable-sync", "--no-first-run"])
            try:
                for chapter in chapters:
                    anchor = target_of(chapter)
                    raw = chapter.read_bytes()
                    times: dict[tuple[str, bool], float] = {}
                    path = chapter.relative_to(site).as_posix()
                    section, largest = section_page(chapter, anchor) if args.sections else (
                        None, b"")
                    for zipped in (True, False):
                        with serve(site, gzip_text=zipped) as url, \
                                serve(args.before or site, gzip_text=zipped) as old:
                            pages = [("rulesref", f"{url}/{path}"),
                                     ("one page", f"{url}/{baseline.relative_to(site).as_posix()}")]
                            if section is not None:
                                alone = section.relative_to(site).as_posix()
                                pages.append(("section", f"{url}/{alone}"))
                            if args.before:
                                pages.append(("before", f"{old}/{path}"))
                            runs: dict[str, list[float]] = {name: [] for name, _ in pages}
                            for _ in range(args.runs):
                                for name, address in pages:
                                    runs[name].append(time_to_rule(browser, f"{address}#{anchor}"))
                            for name, measured in runs.items():
                                times[(name, zipped)] = statistics.median(measured)
                    bodies = [raw] + ([section.read_bytes(), largest] if section else [])
                    rows.append((chapter.stem, bodies, times))
            finally:
                browser.close()
    print(f"Phone: {PHONE['width']}x{PHONE['height']}, 1.6 Mbps down, 150 ms latency, "
          f"CPU {CPU_SLOWDOWN}x slower; median of {args.runs}; the one-page baseline is "
          f"{baseline.stat().st_size / 1e6:.1f} MB raw.\n")
    sides = (["rulesref", "one page"] + (["section"] if args.sections else [])
             + (["before"] if args.before else []))
    columns = [f"{side}, {kind}" for kind in ("gzip", "raw") for side in sides]
    kinds = ["HTML"] + (["rule's section", "largest section"] if args.sections else [])
    headers = [f"{kind} raw | gzipped" for kind in kinds]
    print("| chapter | " + " | ".join(headers) + " | " + " | ".join(columns) + " |")
    print("| --- |" + " ---: | ---: |" * len(kinds) + " ---: |" * len(columns))
    for name, contents, times in rows:
        weights = [f"{len(body) / 1024:.0f} KB | {len(gzip.compress(body, 6)) / 1024:.0f} KB"
                   for body in contents]
        cells = [f"{times[(side, zipped)]:.2f} s" for zipped in (True, False) for side in sides]
        print(f"| {name} | " + " | ".join(weights) + " | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
