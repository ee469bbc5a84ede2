"""``rulesref diff``: what changed between two versions, for a rules team's
review or a judge updating citations (see :mod:`rulesref.diff`).

A diff is only as good as the two versions it reads: an item left out of one
would show as added or removed, and a team would publish that as its release
notes.  So both versions must be read whole; otherwise the diff refuses
(exit 2) and names what was left out.  ``--partial`` shows what can be
compared, under a banner that says what is missing.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from rulesref.cli.output import EXIT_ERRORS, emit, error_line

if TYPE_CHECKING:
    from rulesref.diff.changelog_match import ChangelogMatch
    from rulesref.diff.model import BookDiff
    from rulesref.library import Library


def cmd_diff(args: argparse.Namespace) -> int:
    """Items added, removed, changed (word diff), renumbered and shifted between two
    versions: folders, or git revisions of the repository holding --books."""
    from rulesref.diff.matching import diff_versions
    from rulesref.diff.output import Missing, to_data, to_text
    from rulesref.diff.versions import checkout, read_version

    new_spec = args.new or str(args.books)
    with checkout(args.old, args.books) as old_dir, checkout(new_spec, args.books) as new_dir:
        new = read_version(new_dir, args.book)
        old = read_version(old_dir, args.book, like=new)
        if not new.books and old.books:  # only the old version was ever configured
            new = read_version(new_dir, args.book, like=old)
    args.account = [(f"old ({args.old})", old.account()), (f"new ({new_spec})", new.account())]
    missing = [
        Missing(version, str(error.pos), error.message, error.unit)
        for version, library in (("old", old), ("new", new))
        for error in library.errors
    ]
    if missing and not args.partial:
        for m in missing:
            print(f"{m.where}: {m.message}", file=sys.stderr)
        print(
            "rulesref diff: a version was not read whole (above), so its diff would show what "
            "was left out as removed or added; nothing is compared (--partial compares "
            "the rest under a banner)",
            file=sys.stderr,
        )
        return EXIT_ERRORS
    for error in (*old.errors, *new.errors):
        print(error_line(error), file=sys.stderr)
    diffs = diff_versions(old.books, new.books)
    changelogs = changelog_matches(diffs, old, new)
    if args.json:
        data = to_data(diffs, args.old, new_spec, missing, changelogs)
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    else:
        text = to_text(diffs, args.old, new_spec, missing, changelogs)
    emit(text, args.output)
    return 1 if args.exit_code and any(not d.empty for d in diffs) else 0


def changelog_matches(
    diffs: list[BookDiff], old: Library, new: Library
) -> dict[str, ChangelogMatch]:
    """Per book of the new version that has a changelog: whether it tells the
    changes the diff found (:mod:`rulesref.diff.changelog_match`)."""
    from rulesref.changelog import Changelog
    from rulesref.diff.changelog_match import Citation, match_changelog
    from rulesref.model import Ref, Rulebook, plain_text, walk_inlines
    from rulesref.numbering import document_text

    before = {book.slug: book for book in old.books}
    found: dict[str, ChangelogMatch] = {}
    by_slug = {d.slug: d for d in diffs}
    def citations(changelog: Changelog, book: Rulebook) -> list[Citation]:
        return [
            Citation(
                " ".join(document_text(entry.text, book).split()),
                tuple(i for n in walk_inlines(entry.text) if isinstance(n, Ref) for i in n.ids),
            )
            for entry in changelog.entries
        ]

    for book in new.books:
        changelog = new.changelogs.get(book.slug)
        if changelog is None or book.slug not in by_slug:
            continue
        earlier = before.get(book.slug, Rulebook(book.slug, book.title))
        old_log = old.changelogs.get(book.slug)
        same = old_log is not None and [plain_text(e.text) for e in old_log.entries] == [
            plain_text(e.text) for e in changelog.entries
        ]
        stale = (changelog.version or "the old version's") if same else ""
        found[book.slug] = match_changelog(
            by_slug[book.slug], earlier, book, citations(changelog, book), stale
        )
    return found
