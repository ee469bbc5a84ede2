"""What a changelog is once read: its entries, in the rules' own markup.

Apart from :mod:`rulesref.changelog` (which finds and checks a book's
changelog) so that the reader, :mod:`rulesref.readers.changelog_yaml`, can
build these values without importing the module that imports it: the model
sits below the readers, as :mod:`rulesref.model` does for chapters.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rulesref.errors import Diagnostic, Position
from rulesref.model import Inlines


@dataclass(frozen=True)
class Entry:
    text: Inlines
    pos: Position
    version: str = ""
    date: str = ""


@dataclass(frozen=True)
class Changelog:
    path: Path
    entries: tuple[Entry, ...]
    diagnostics: tuple[Diagnostic, ...] = ()
    #: The release the whole file is about, from its name (``25.04.yaml``), for a
    #: team that keeps one changelog file per release; "" for ``changelog.yaml``.
    version: str = ""
