"""Shared test configuration: Sphinx's testing fixtures, with roots in tests/roots,
and the real site built once per test session.

``docs_site`` (session scope) is the repository's site (``docs/``) built the way
CI builds it: ``sphinx-build -W --keep-going -j 1 -D
suppress_warnings=rules.unresolved -b html``.  Every test that only *reads*
the built site takes it instead of building its own copy::

    def test_something(docs_site: DocsSite) -> None:
        html = (docs_site.html / "rules/netrunner-cr/chpt_card_manipulation.html").read_text()

It gives the HTML folder, the doctrees (``-d``; copy them with
:meth:`DocsSite.copy_doctrees` before running another builder on them, as
``sphinx-build -b doctest`` does after ``-b html`` with Sphinx's own Makefile),
the exit status and the build's output.  The fixture never fails by itself:
tests that need a clean build assert ``docs_site.returncode == 0``.  Do not
write into these folders; a test that edits sources builds its own site.

Under pytest-xdist (``python3 dev.py test`` runs two workers) the workers share
one build: the first to ask builds it into the run's common temporary folder
under a file lock, the others wait for it and read the same folders.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict
from pathlib import Path

import pytest
from filelock import FileLock

from docs_site import STRICT, DocsSite, build_docs

pytest_plugins = ("sphinx.testing.fixtures",)


@pytest.fixture(scope="session")
def rootdir() -> Path:
    return Path(__file__).parent / "roots"


@pytest.fixture(scope="session")
def docs_site(tmp_path_factory: pytest.TempPathFactory) -> DocsSite:
    """The real site, built once per run with the strict flags (see the module)."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        return build_docs(tmp_path_factory.mktemp("docs-site"), *STRICT)
    # One temporary root per worker, under the run's common one: build there once.
    shared = tmp_path_factory.getbasetemp().parent / "docs-site"
    record = shared / "build.json"
    with FileLock(str(shared) + ".lock"):
        shared.mkdir(exist_ok=True)
        if not record.is_file():
            built = build_docs(shared, *STRICT)
            record.write_text(json.dumps(asdict(built), default=str), encoding="utf-8")
    data = json.loads(record.read_text(encoding="utf-8"))
    return DocsSite(Path(data["html"]), Path(data["doctrees"]), tuple(data["command"]),
                    data["returncode"], data["stdout"], data["stderr"])
