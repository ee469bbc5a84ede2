"""What changed between two versions of the rules, matched by ID.

``rulesref diff OLD NEW`` and the site's "Changes" page both start here.  Items
are matched by their permanent ID, so a rule that kept its ID is the same rule
even if every number around it moved.  Four kinds of change are reported:

* **added** / **removed**: an ID in only one version;
* **changed**: the words changed (title, text, snippet, table-of-contents
  entry or an example), with a word diff.  A reference whose target was merely
  renumbered is *not* a change: texts are compared as written (``{ref:id}``),
  while the diff shows them as the reader sees them ("rule 8.1.3");
* **renumbered**: the number changed because the item itself moved: to
  another parent, or to another place among the siblings it had before;
* **shifted**: the number changed only because an earlier item was inserted
  or removed (or an ancestor was renumbered).  These are listed apart, since a
  judge cares about them only to update a citation.

Versions are folders of books, or git revisions of one repository (``git
archive`` into a temporary folder, see :func:`checkout`).  Nothing here knows
docutils: the CLI prints text or JSON, :mod:`rulesref.sphinx.features.changes` renders a
page.

The records are in :mod:`~rulesref.diff.model`, the matching in
:mod:`~rulesref.diff.matching`, the versions in :mod:`~rulesref.diff.versions`
and the text and JSON in :mod:`~rulesref.diff.output`; this package gathers
what its consumers call.
"""

from rulesref.diff.matching import diff_books, diff_versions, word_diff
from rulesref.diff.model import BookDiff, Changed, FieldChange, Moved, Piece, Snapshot
from rulesref.diff.output import FORMAT_NAME, VERSION, render_words, to_data, to_text
from rulesref.diff.versions import checkout, load_version, read_version

__all__ = [
    "FORMAT_NAME",
    "VERSION",
    "BookDiff",
    "Changed",
    "FieldChange",
    "Moved",
    "Piece",
    "Snapshot",
    "checkout",
    "diff_books",
    "diff_versions",
    "load_version",
    "read_version",
    "render_words",
    "to_data",
    "to_text",
    "word_diff",
]
