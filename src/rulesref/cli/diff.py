"""``rulesref diff``: what changed between two versions, for a rules team's
review or a judge updating citations (see :mod:`rulesref.diff`)."""

from __future__ import annotations

import argparse
import json

from rulesref.cli.output import emit


def cmd_diff(args: argparse.Namespace) -> int:
    """Items added, removed, changed (word diff), renumbered and shifted between two
    versions: folders, or git revisions of the repository holding --books."""
    from rulesref.diff.matching import diff_versions
    from rulesref.diff.output import to_data, to_text
    from rulesref.diff.versions import checkout, load_version

    new_spec = args.new or str(args.books)
    with checkout(args.old, args.books) as old_dir, checkout(new_spec, args.books) as new_dir:
        diffs = diff_versions(
            load_version(old_dir, args.book), load_version(new_dir, args.book)
        )
    if args.json:
        text = json.dumps(to_data(diffs, args.old, new_spec), indent=2, ensure_ascii=False)
        text += "\n"
    else:
        text = to_text(diffs, args.old, new_spec)
    emit(text, args.output)
    return 1 if args.exit_code and any(not d.empty for d in diffs) else 0
