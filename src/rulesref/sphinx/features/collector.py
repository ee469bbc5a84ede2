"""Builds run with the garbage collector's thresholds raised (:mod:`rulesref.batch_gc`
says why and what it saves), from the configuration on, so loading the
environment is covered too, until the last ``build-finished`` handler.  A
second build with the same application raises them again when it asks what is
outdated (``rulesref serve`` goes further and turns the collector off for its
rebuilds, collecting once the author has the pages)."""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment

from rulesref import batch_gc


def _configured(app: Sphinx, config: Config) -> None:
    batch_gc.begin()


def _rebuilding(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    batch_gc.begin()
    return []


def _finished(app: Sphinx, exception: BaseException | None) -> None:
    batch_gc.end()


def setup(app: Sphinx) -> None:
    app.connect("config-inited", _configured, priority=0)
    app.connect("env-get-outdated", _rebuilding, priority=0)
    app.connect("build-finished", _finished, priority=1000)
