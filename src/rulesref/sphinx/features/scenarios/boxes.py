"""Scenarios in HTML: a folding ``<details>`` box, its stylesheet and script, and
a copy of each scenario file in the output.

The doctree holds a scenario as a plain ``container.rr-scenario`` whose first
child is its ``paragraph.rr-scenario-summary``, which every builder can
write; only for HTML does :class:`FoldScenarios` (a post-transform) turn them
into :class:`rr_scenario` / :class:`rr_scenario_summary`, written as
``<details>`` / ``<summary>``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.writers.html5 import HTML5Translator

from rulesref.sphinx.assets import copy_to_static
from rulesref.sphinx.features.scenarios.environment import scenario_index
from rulesref.sphinx.walk import find

#: Where the HTML output keeps a copy of each scenario file.
OUTPUT_DIR = "_scenarios"
STATIC_FILES = ("rulesref-scenarios.css", "rulesref-scenarios.js")

#: Classes of the doctree's scenario box and of its summary line.
BOX_CLASS = "rr-scenario"
SUMMARY_CLASS = "rr-scenario-summary"
FAILING_CLASS = "rr-scenario-failing"


class rr_scenario(nodes.General, nodes.Element):  # type: ignore[misc]
    """A scenario in HTML: ``<details>``."""


class rr_scenario_summary(nodes.TextElement):  # type: ignore[misc]
    """What a collapsed scenario shows: ``<summary>``."""


class FoldScenarios(SphinxPostTransform):
    """HTML only: each scenario container becomes a folding box."""

    default_priority = 200
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        for box in find(self.document, nodes.container):
            if BOX_CLASS not in box["classes"]:
                continue
            folded = rr_scenario(box.rawsource, **box.attributes)
            for child in box.children:
                if isinstance(child, nodes.paragraph) and SUMMARY_CLASS in child["classes"]:
                    summary = rr_scenario_summary(child.rawsource, **child.attributes)
                    summary.extend(child.children)
                    child = summary
                folded.append(child)
            box.children = []
            box.replace_self(folded)


#: A folded scenario's story and doctests are not in its page: they are in
#: the page's scenarios script (:data:`LATER_DIR`), which ``rulesref-scenarios.js``
#: loads when a reader opens one.  On the real rulebook they were two thirds of
#: the runs chapter's HTML (300 of 460 kB), fetched by every reader of a rule
#: and unseen until a box is opened.
LATER_DIR = "_static/rulesref/scenarios"
#: Where the translator keeps, on the doctree, a page's folded scenarios
#: (box id → its HTML) for :func:`write_later` to write.
LATER_KEY = "rr_scenarios_later"
LATER_GLOBAL = "RULESREF_SCENARIOS"
_SOURCE = re.compile(r'<a class="rr-scenario-source[^"]*" href="([^"]+)"')


def later_file(docname: str) -> str:
    """The scenarios script of a page, below the output folder."""
    return f"{LATER_DIR}/{docname}.js"


def visit_scenario_html(self: HTML5Translator, node: rr_scenario) -> None:
    # Folded, except a failing one: that needs reading.
    failing = FAILING_CLASS in node["classes"]
    extra = {"open": "open"} if failing else {}
    if not failing and node["ids"]:
        extra["data-rr-later"] = self.builder.current_docname
    self.body.append(self.starttag(node, "details", "", **extra))


def depart_scenario_html(self: HTML5Translator, node: rr_scenario) -> None:
    start = node.get("rr_body_at")
    if start is not None and FAILING_CLASS not in node["classes"] and node["ids"]:
        html = "".join(self.body[start:])
        del self.body[start:]
        self.document.setdefault(LATER_KEY, {})[node["ids"][0]] = html
        source = _SOURCE.search(html)
        link = (f' Its source: <a href="{source[1]}">{source[1].rsplit("/", 1)[-1]}</a>.'
                if source else "")
        self.body.append(f'<p class="rr-scenario-later">This scenario shows with JavaScript.'
                         f"{link}</p>\n")
    self.body.append("</details>\n")


def visit_summary_html(self: HTML5Translator, node: rr_scenario_summary) -> None:
    self.body.append(self.starttag(node, "summary", ""))


def depart_summary_html(self: HTML5Translator, node: rr_scenario_summary) -> None:
    self.body.append("</summary>\n")
    if isinstance(node.parent, rr_scenario):
        node.parent["rr_body_at"] = len(self.body)


def write_later(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                doctree: Any) -> None:
    """``html-page-context``: the page's folded scenarios, as a script that
    adds them to ``window.RULESREF_SCENARIOS`` (a script, not JSON to fetch, so
    they open from ``file://`` too).  Written only when it changed."""
    later = doctree.get(LATER_KEY) if doctree is not None else None
    target = Path(app.outdir) / later_file(pagename)
    if not later:
        target.unlink(missing_ok=True)
        return
    data = json.dumps(later, ensure_ascii=False, separators=(",", ":"))
    text = f"Object.assign(window.{LATER_GLOBAL}=window.{LATER_GLOBAL}||{{}},{data});\n"
    if target.is_file() and target.read_text(encoding="utf-8") == text:
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")


def copy_static(app: Sphinx, *args: object) -> None:
    """``write-started``: the stylesheet and script, before the pages that load
    them (see :mod:`rulesref.sphinx.assets`)."""
    if app.builder.format == "html":
        copy_to_static(app, STATIC_FILES)


def copy_files(app: Sphinx, *args: object) -> Iterator[tuple[str, dict[str, object], str]]:
    """``html-collect-pages``: a copy of every scenario (as ``.md.txt``, which
    browsers show as text)."""
    if app.builder.format != "html":
        return
    index = scenario_index(app.env)
    if index is None:
        return
    shown = {s.path: s for cov in index.coverage.values() for s in cov.scenarios}
    for scenario in shown.values():
        target = Path(app.outdir) / OUTPUT_DIR / scenario.book / f"{scenario.slug}.md.txt"
        data = scenario.path.read_bytes()
        if target.is_file() and target.read_bytes() == data:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    yield from ()


def setup(app: Sphinx) -> None:
    app.add_node(rr_scenario, html=(visit_scenario_html, depart_scenario_html))
    app.add_node(rr_scenario_summary, html=(visit_summary_html, depart_summary_html))
    app.add_post_transform(FoldScenarios)
    app.connect("write-started", copy_static)
    app.connect("html-collect-pages", copy_files)
    app.connect("html-page-context", write_later)
    app.add_css_file("rulesref-scenarios.css")
    app.add_js_file("rulesref-scenarios.js", loading_method="defer")
