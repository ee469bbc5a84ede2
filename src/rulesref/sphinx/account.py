"""The build's last word: what it read and what it left out.

A site that silently lacks a chapter is worse than no site, so every build
ends with the account of :mod:`rulesref.account` ("read 1 book: 11
chapters, 1,628 items, 230 examples; nothing left out"), made from what the
one loader read this build, whichever pages were re-read.  Anything left out
is an error and fails ``sphinx-build`` (exit status 1), unless the project
sets ``rulesref_keep_going = True``.  The account is also written beside the
doctrees (``rulesref-account.json``) so that ``rulesref build``, which runs
Sphinx in a child process, reports the build's own account instead of
loading the books a second time.

A feature that reads sources of its own (the scenarios) adds what it left out
by answering :data:`LEFT_OUT_EVENT`.
"""

from __future__ import annotations

import json
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.util import logging

from rulesref.account import ACCOUNT_FILE, Account
from rulesref.checks import SOURCE_ERROR
from rulesref.errors import Diagnostic
from rulesref.sphinx.registry import registry

logger = logging.getLogger(__name__)

#: ``rulesref-left-out()``: the errors of a feature's own sources this build (a
#: scenario file that cannot be read), as a list of diagnostics.
LEFT_OUT_EVENT = "rulesref-left-out"


def build_account(app: Sphinx) -> Account | None:
    """The account of this build (``None`` before the books are loaded)."""
    reg = registry(app.env)
    if reg.library is None:
        return None
    left_out: list[Diagnostic] = [d for found in app.events.emit(LEFT_OUT_EVENT) for d in found]
    return reg.library.account(left_out)


def report(app: Sphinx, exception: BaseException | None) -> None:
    if exception is not None:
        return
    account = build_account(app)
    if account is None:
        return
    line = f"rulesref: {account.line()}"
    path = Path(app.doctreedir) / ACCOUNT_FILE
    data = {"line": account.line(), **account.as_dict()}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    if account.whole or app.config.rulesref_keep_going:
        if app.config.rulesref_account_line:
            logger.info(line)
        return
    logger.error("%s; the site is built without it", line, type="rules", subtype=SOURCE_ERROR)
    app.statuscode = app.statuscode or 1


def setup(app: Sphinx) -> None:
    app.add_config_value(
        "rulesref_keep_going",
        False,
        "",
        types=frozenset({bool}),
        description="build with exit status 0 even when a book, chapter or item was left out",
    )
    app.add_config_value(
        "rulesref_account_line",
        True,
        "",
        types=frozenset({bool}),
        description="end the build with the account line (rulesref build prints it itself)",
    )
    # Last, after the search index and the short addresses: the build's final line.
    app.connect("build-finished", report, priority=900)
