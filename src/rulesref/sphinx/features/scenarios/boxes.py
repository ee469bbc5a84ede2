"""Scenarios in HTML: a folding ``<details>`` box, its stylesheet and script, and
a copy of each scenario file in the output.

The doctree holds a scenario as a plain ``container.rr-scenario`` whose first
child is its ``paragraph.rr-scenario-summary``, which every builder can
write; only for HTML does :class:`FoldScenarios` (a post-transform) turn them
into :class:`rr_scenario` / :class:`rr_scenario_summary`, written as
``<details>`` / ``<summary>``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.writers.html5 import HTML5Translator

from rulesref.sphinx.assets import copy_to_static
from rulesref.sphinx.features.scenarios.environment import scenario_index

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
        for box in list(self.document.findall(nodes.container)):
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


def visit_scenario_html(self: HTML5Translator, node: rr_scenario) -> None:
    # Folded, except a failing one: that needs reading.
    extra = {"open": "open"} if FAILING_CLASS in node["classes"] else {}
    self.body.append(self.starttag(node, "details", "", **extra))


def depart_scenario_html(self: HTML5Translator, node: rr_scenario) -> None:
    self.body.append("</details>\n")


def visit_summary_html(self: HTML5Translator, node: rr_scenario_summary) -> None:
    self.body.append(self.starttag(node, "summary", ""))


def depart_summary_html(self: HTML5Translator, node: rr_scenario_summary) -> None:
    self.body.append("</summary>\n")


def copy_files(app: Sphinx, *args: object) -> Iterator[tuple[str, dict[str, object], str]]:
    """``html-collect-pages``: the stylesheet and script, and a copy of every
    scenario (as ``.md.txt``, which browsers show as text)."""
    if app.builder.format != "html":
        return
    copy_to_static(app, STATIC_FILES)
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
    app.connect("html-collect-pages", copy_files)
    app.add_css_file("rulesref-scenarios.css")
    app.add_js_file("rulesref-scenarios.js", loading_method="defer")
