"""The doctest runner the scenarios run with: the standard library's, without
its debugger hook.

``doctest.DocTestRunner.run`` makes a ``pdb.Pdb`` for every run, so that an
example calling ``pdb.set_trace()`` talks to the real terminal.  Making one
reads ``~/.pdbrc`` and ``./.pdbrc``, and resetting it calls
``linecache.checkcache()``, which looks at every source file the process's
tracebacks have shown (a scenario's refused actions raise, and doctest
formats each traceback): dozens of files, for each of the 420 doctest blocks
of the real rulebook's scenarios, on every build and check that runs them.
A scenario is run by a build or a command, never at a terminal, so the
debugger is replaced, for the run only, by one that does nothing: a
``pdb.set_trace()`` left in a scenario is ignored instead of stopping the
build to wait for a prompt.  Everything else is the standard runner's.
"""

from __future__ import annotations

import doctest
from collections.abc import Callable
from typing import Any


class _NoDebugger:
    """Stands in for doctest's per-run debugger (``_OutputRedirectingPdb``):
    the three methods the runner calls, doing nothing."""

    def __init__(self, out: Any) -> None:
        pass

    def reset(self) -> None:
        pass

    def set_continue(self) -> None:
        pass

    def set_trace(self, frame: Any = None) -> None:
        pass


class ScenarioRunner(doctest.DocTestRunner):
    """``doctest.DocTestRunner`` without the debugger it makes for every run."""

    def run(self, test: doctest.DocTest, compileflags: int | None = None,
            out: Callable[[str], object] | None = None,
            clear_globs: bool = True) -> doctest.TestResults:
        made = doctest._OutputRedirectingPdb  # type: ignore[attr-defined]
        doctest._OutputRedirectingPdb = _NoDebugger  # type: ignore[attr-defined]
        try:
            return super().run(test, compileflags, out, clear_globs)
        finally:
            doctest._OutputRedirectingPdb = made  # type: ignore[attr-defined]
