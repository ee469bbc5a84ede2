"""``rulesref serve``: build the site, serve it, and rebuild it as the sources change.

For a rules team editing a chapter: Sphinx stays loaded in this process, so
an edit costs what it changes (:mod:`rulesref.sphinx.live`), not a whole
start-up.  The site is served on loopback only, as ``python3 dev.py site``
does; each build and rebuild ends with its account of what was read and left
out (:mod:`rulesref.sphinx.account`) and prints how long it took.  Changes to Python code (the
engines, conf.py) need a restart, and say so.
"""

from __future__ import annotations

import argparse
import functools
import gc
import http.server
import sys
import threading
import time
from pathlib import Path
from typing import Any

from rulesref.cli.project import sphinx_project
from rulesref.cli.sources import configs

#: How often the sources are looked at: a save waits half of it on average (a
#: look is a listing of the book's and the project's folders, well under a millisecond).
POLL_SECONDS = 0.05


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    # A page's files over kept-alive connections, each response sent at once
    # (its headers and body are two writes: without TCP_NODELAY the body
    # waits for the browser's delayed acknowledgement).
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, format: str, *args: Any) -> None:
        return  # the rebuild lines are what the terminal is for


def cmd_serve(args: argparse.Namespace) -> int:
    from sphinx.application import Sphinx
    from sphinx.util.docutils import docutils_namespace, patch_docutils

    from rulesref.sphinx.features.search import wait_for_index

    configs(args.books, None)  # no such folder, no book: a usage error, before Sphinx starts
    docs, out, doctrees, project_overrides = sphinx_project(args)
    overrides: dict[str, Any] = dict(project_overrides)
    if args.drafting:
        overrides["rulesref_drafting"] = "1"
    # Rebuilt pages are what an author waits for: the rules' search bundle
    # (a second or so of Pagefind) is finished after each rebuild, not in it.
    overrides["rulesref_search_in_background"] = True
    from rulesref.cli.scenarios import kept_results

    # Scenario results kept by earlier commands and builds are taken (as by
    # ``rulesref build``), and the ones run here are kept for them.
    with patch_docutils(docs), docutils_namespace(), kept_results():
        app = Sphinx(docs, docs, out, doctrees, "html", overrides, sys.stdout, sys.stderr,
                     verbosity=0)
        start = time.perf_counter()
        app.build()
        wait_for_index(app)
        print(f"rulesref: built in {time.perf_counter() - start:.2f} s", flush=True)
        handler = functools.partial(_QuietHandler, directory=str(out))
        server = http.server.ThreadingHTTPServer((args.bind, args.port), handler)
        threading.Thread(target=server.serve_forever, name="rulesref-http", daemon=True).start()
        host, port = str(server.server_address[0]), int(server.server_address[1])
        from rulesref.sphinx.live import snapshot

        seen = snapshot(app)  # before saying so: an edit made once it is said is seen
        print(f"rulesref: serving {Path(out).resolve()} at http://{host}:{port}/ "
              "(Ctrl-C to stop); watching the sources", flush=True)
        try:
            _watch(app, seen, once=args.once)
        except KeyboardInterrupt:
            print()
        finally:
            server.shutdown()
    return 0


def _search_done(app: Any, start: float) -> None:
    from rulesref.sphinx.features.search import wait_for_index

    wait_for_index(app)
    print(f"rulesref: search index current {time.perf_counter() - start:.2f} s after the "
          "change", flush=True)


def _watch(app: Any, seen: dict[str, tuple[int, int]], *, once: bool) -> None:
    """Rebuild after each change of the sources, until interrupted."""
    from rulesref.sphinx.features.search import indexing
    from rulesref.sphinx.live import changed_files, reload_sources, snapshot

    pending: float | None = None  # when the rebuild whose search bundle is being written began
    while True:
        time.sleep(POLL_SECONDS)
        if pending is not None and not indexing(app):
            _search_done(app, pending)
            pending = None
            _collect()
            if once:
                return
        now = snapshot(app)
        changed = changed_files(seen, now)
        if not changed:
            continue
        if any(path.endswith(".py") for path in changed):
            print("rulesref: Python files changed (conf.py or code): restart `rulesref serve` "
                  "to use them", file=sys.stderr, flush=True)
        start = time.perf_counter()
        # The process holds the whole environment: a full collection in the
        # middle of a rebuild walks all of it.  Collect once the rebuild is out
        # (the pages and then the search bundle), when the author is reading;
        # an edit that comes first has the last rebuild's garbage collected now,
        # so no more than one rebuild's garbage is ever kept.
        if not gc.isenabled():
            _collect()
        gc.disable()
        try:
            reload_sources(app)
            app.build()
        except BaseException:
            _collect()
            raise
        seen = now  # what was built: an edit made during the build is built next
        names = ", ".join(Path(path).name for path in changed[:3])
        more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
        print(f"rulesref: rebuilt in {time.perf_counter() - start:.2f} s after {names}{more}",
              flush=True)
        pending = start


def _collect() -> None:
    """The garbage of a rebuild (the old doctrees are cycles of parent and
    children), collected in one pass: re-enabling the collector after millions
    of allocations starts one anyway, which at ten times the real rulebook's
    size delayed the "rebuilt" line by most of a second."""
    gc.enable()
    gc.collect()
