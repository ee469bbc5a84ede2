"""The stylesheet and script every page loads (small, no network, no theme needed).

They are copied into ``_static`` when Sphinx starts writing (``write-started``)
rather than added to ``html_static_path``: changing a config value at build
time makes the next build believe the configuration changed.  Before any page
is written, not after: Sphinx gives a page's style sheets and scripts a
checksum (``?v=…``, so a browser never keeps an old one) only when the file is
already there, which after a clean build left every page without one and the
pages of the next rebuild with them.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util.fileutil import copy_asset_file

STATIC = Path(__file__).parent / "static"
FILES = ("rulesref.css", "rulesref.js", "rulesref-site.js", "rulesref-search.js")


def copy_to_static(app: Sphinx, names: Iterable[str]) -> Path:
    """Copy the package's static files ``names`` into the output's ``_static``
    (every rulesref module that ships a stylesheet or script copies it so);
    returns that folder."""
    static = Path(app.outdir) / "_static"
    static.mkdir(parents=True, exist_ok=True)
    for name in names:
        copy_asset_file(STATIC / name, static / name, force=True)
    return static


def copy_static(app: Sphinx, *args: object) -> list[tuple[str, dict[str, object], str]]:
    if app.builder.format == "html":
        copy_to_static(app, FILES)
    return []


def no_sources_by_default(app: Sphinx, config: Config) -> None:
    """The published folder holds what readers need: rule sources are shown on the
    pages themselves, so ``_sources/`` is copied only when a project asks for it
    (``html_copy_source = True`` in conf.py or with ``-D``).  Set the same way on
    every build, so Sphinx never sees the configuration change."""
    asked = "html_copy_source" in config._raw_config or "html_copy_source" in config._overrides
    if not asked:
        config.html_copy_source = False


def drop_empty_sources(app: Sphinx, exception: BaseException | None) -> None:
    """Sphinx makes ``_sources/`` even when it copies nothing into it."""
    folder = Path(app.outdir) / "_sources"
    wanted = exception is not None or app.config.html_copy_source
    if not wanted and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()


def setup(app: Sphinx) -> None:
    app.connect("config-inited", no_sources_by_default)
    app.connect("build-finished", drop_empty_sources)
    app.connect("write-started", copy_static)
    app.add_css_file("rulesref.css")
    # Not deferred: on the search page it must run before searchtools.js so that
    # its splitQuery and Scorer are the ones used (see the file).
    app.add_js_file("rulesref.js")
    app.add_js_file("rulesref-site.js", defer="defer")
