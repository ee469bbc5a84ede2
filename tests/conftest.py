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
"""

from __future__ import annotations

from pathlib import Path

import pytest

from docs_site import STRICT, DocsSite, build_docs

pytest_plugins = ("sphinx.testing.fixtures",)


@pytest.fixture(scope="session")
def rootdir() -> Path:
    return Path(__file__).parent / "roots"


@pytest.fixture(scope="session")
def docs_site(tmp_path_factory: pytest.TempPathFactory) -> DocsSite:
    """The real site, built once per session with the strict flags (see the module)."""
    return build_docs(tmp_path_factory.mktemp("docs-site"), *STRICT)
