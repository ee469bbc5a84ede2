"""What a book is made of, as its ``book.toml`` says: the values every reader
and the loader share.

Kept apart from :mod:`rulesref.book_toml` (which validates the file) so that a
reader can take a configuration without importing the loader or the other
readers: the layers are model and configuration, then readers, then the
loader (:mod:`rulesref.books`), then the CLI and the Sphinx extension.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from rulesref.numbering import Scheme

CONFIG_NAME = "book.toml"


@dataclass(frozen=True)
class ChapterConfig:
    file: Path
    number: str


@dataclass(frozen=True)
class BookConfig:
    slug: str
    title: str
    format: str
    scheme: Scheme
    directory: Path
    chapters: tuple[ChapterConfig, ...]
    #: The changelog file ``book.toml`` names (inside the book's folder, like the
    #: chapters); ``None``: a ``changelog.yaml`` beside the chapters, if any.
    changelog: Path | None = None
    id_prefix: str = ""
    description: str = ""
    order: int = 100
    options: dict[str, object] = field(default_factory=dict)
    #: subtype → {key → reason}: known problems of the source the team has accepted,
    #: e.g. a term the seed defines twice.  They are reported as notes, not warnings.
    acknowledged: dict[str, dict[str, str]] = field(default_factory=dict)
    #: The version the site's "Changes" page compares with: a git revision ("v1.0")
    #: or a folder (relative to the book's) holding that version; empty: no page.
    changes_from: str = ""
    #: Kinds of warning (``unknown-card``) the team accepts in this book: reported
    #: as notes, like Sphinx's ``suppress_warnings``.  Errors are never suppressed.
    suppress_warnings: frozenset[str] = frozenset()
    #: Terms (their keys, folded) whose uses the site never links to their
    #: definition (``never_link``), on top of the everyday words it never links.
    never_link: frozenset[str] = frozenset()

    @property
    def files(self) -> list[Path]:
        return [chapter.file for chapter in self.chapters]

    def display(self, path: Path) -> str:
        """File names in messages are relative to the working directory when possible."""
        try:
            return str(path.resolve().relative_to(Path.cwd().resolve()))
        except ValueError:
            return str(path)
