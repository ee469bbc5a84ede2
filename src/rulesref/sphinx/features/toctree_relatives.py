"""Pages that show another page's title: written again exactly when it changed.

A page shows other pages' titles in two places.  Its toctree (a book's index
lists its chapters and their sections), which Sphinx writes again after every
page it lists is read again, whether or not anything it shows changed: one
word of one rule cost a second page, the book's index, as long to write as
the chapter.  And its navigation (the previous and next links, and Furo's
sidebar, which lists every page by title), which Sphinx never writes again:
after a chapter's title changed, every other page kept showing the old one
until a full build.

What a toctree shows of a page is its title, its table of contents, its
section numbers and its ``tocdepth``; what the navigation shows is its title
and its place.  All of it is in the environment once the page is read, so it
is noted for each page about to be read (``env-before-read-docs``).  Then:

* when a page's title changed, or pages came, went or moved, every page is
  written again (``env-get-updated``, Sphinx's own way to ask for that): a
  rare edit, and each page's navigation shows it;
* a page whose toctree view came out the same is taken out of Sphinx's table
  of toctree parents (``env.files_to_rebuild``) when writing starts, for this
  build only, and put back when the build ends, failed or not.  The
  environment is pickled before writing starts, so the table Sphinx keeps is
  whole.  A parent read again for its own sake is written all the same.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.environment import BuildEnvironment

from rulesref.keys import digest

Relations = dict[str, list[str | None]]


class _State:
    """One application's notes for the build under way."""

    def __init__(self) -> None:
        self.read: list[str] = []
        self.shown: dict[str, str] = {}  # page → its toctree view, before reading
        self.titles: dict[str, str] = {}  # page → its title, before reading
        self.relations: Relations = {}  # every page → [parent, previous, next], before
        self.taken: dict[str, set[str]] = {}  # page → toctree parents left out


_states: WeakKeyDictionary[Sphinx, _State] = WeakKeyDictionary()


def _state(app: Sphinx) -> _State:
    return _states.setdefault(app, _State())


def title_of(env: BuildEnvironment, docname: str) -> str | None:
    title = env.titles.get(docname)
    return title.pformat() if title is not None else None


def shown_to_parents(env: BuildEnvironment, docname: str) -> str | None:
    """What any toctree can show of ``docname``; None before it is read."""
    toc, title = env.tocs.get(docname), title_of(env, docname)
    if toc is None or title is None:
        return None
    longtitle = env.longtitles.get(docname)
    # Of a page's metadata, a toctree reads only ``tocdepth`` (MyST adds a
    # word count, which changes with every word).
    tocdepth = env.metadata.get(docname, {}).get("tocdepth")
    return digest(
        title,
        longtitle.pformat() if longtitle is not None else "",
        toc.pformat(),
        env.toc_num_entries.get(docname),
        repr(env.toc_secnumbers.get(docname)),
        repr(env.toc_fignumbers.get(docname)),
        repr(tocdepth),
    )


def note_before(app: Sphinx, env: BuildEnvironment, docnames: list[str]) -> None:
    state = _state(app)
    state.read = list(docnames)
    state.shown = {}
    state.titles = {}
    for docname in docnames:
        shown, title = shown_to_parents(env, docname), title_of(env, docname)
        if shown is not None:
            state.shown[docname] = shown
        if title is not None:
            state.titles[docname] = title
    state.relations = env.collect_relations() if docnames else {}


def relinked(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """Every page, when a page's title changed or pages came, went or moved:
    each page shows them, in its previous and next links and in the theme's
    navigation (Furo's sidebar lists every page by title)."""
    state = _state(app)
    if not state.read:
        return []
    retitled = any(title_of(env, d) != state.titles.get(d) for d in state.read)
    if retitled or env.collect_relations() != state.relations:
        return sorted(env.found_docs)
    return []


def take_out_unchanged(app: Sphinx, builder: Builder) -> None:
    state = _state(app)
    env = builder.env
    for docname, before in state.shown.items():
        if docname in env.files_to_rebuild and shown_to_parents(env, docname) == before:
            state.taken[docname] = env.files_to_rebuild.pop(docname)
    state.read, state.shown, state.titles, state.relations = [], {}, {}, {}


def put_back(app: Sphinx, exception: BaseException | None) -> None:
    state = _state(app)
    if app.env is not None:
        for docname, parents in state.taken.items():
            app.env.files_to_rebuild.setdefault(docname, set()).update(parents)
    state.taken = {}


def setup(app: Sphinx) -> None:
    app.connect("env-before-read-docs", note_before)
    app.connect("env-get-updated", relinked)
    app.connect("write-started", take_out_unchanged)
    app.connect("build-finished", put_back)
