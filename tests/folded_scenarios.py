"""A built page as a reader's browser shows it once its folded scenarios are
opened: each folded box's placeholder replaced by its story, from the page's
scenarios script (``_static/rulesref/scenarios/<page>.js``, which
``rulesref-scenarios.js`` loads when a box is opened)."""

from __future__ import annotations

import json
import re
from pathlib import Path

SCENARIOS = "_static/rulesref/scenarios"
_FOLDED = re.compile(r'(<details ([^>]*\bdata-rr-later="([^"]*)"[^>]*)>.*?</summary>\n)'
                     r'<p class="rr-scenario-later">.*?</p>\n', re.S)
_ID = re.compile(r'\bid="([^"]+)"')


def stories(script: str) -> dict[str, str]:
    """The boxes' stories a scenarios script adds (``Object.assign(table, {...})``)."""
    body = script.rstrip().rstrip(";")
    found = json.loads(body[body.index("||{},") + len("||{},"):-1])
    assert isinstance(found, dict)
    return found


def opened(outdir: Path, text: str) -> str:
    """``text``, a page of the site in ``outdir``, with its folded stories in place."""
    scripts: dict[str, dict[str, str]] = {}

    def story(match: re.Match[str]) -> str:
        page = match[3]
        if page not in scripts:
            scripts[page] = stories((outdir / SCENARIOS / f"{page}.js").read_text(
                encoding="utf-8"))
        return match[1] + scripts[page][_ID.findall(match[2])[0]]

    return _FOLDED.sub(story, text)
