"""Two audiences, two builds: the readers' site (default) and the drafting build.

Readers should never meet the rules team's scaffolding: a reference that
does not lead anywhere yet reads as its plain words ("the section
“trashing”") with a quiet "not on this site yet" mark, never as a raw ID or
"TODO", and the Drafting status page is not built.  The drafting build
(``rulesref_drafting = True``, ``-D rulesref_drafting=1`` or ``rulesref build
--drafting``) keeps the loud marks ("unresolved: sec_trashing", a TODO
badge) and the Drafting status page.

Also here: ``rules:toctree``, a toctree whose ``:drafting-page:`` flag adds
the Drafting status page in drafting builds only, so the authors' section of
the menu lists it exactly when it exists.
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.directives.other import TocTree
from sphinx.environment import BuildEnvironment

from rulesref.numbering import missing_words
from rulesref.sphinx.registry import registry

CONFIG = "rulesref_drafting"

#: What a reader sees for a reference that leads nowhere (the model's words,
#: shared with the search records and the export's plain text).
plain_words = missing_words
NOT_YET = "not on this site yet"

def is_drafting(env: BuildEnvironment) -> bool:
    value = env.config[CONFIG]
    if isinstance(value, str):  # -D rulesref_drafting=1 / =true
        return value.strip().casefold() in {"1", "true", "yes", "on"}
    return bool(value)


def missing_reference(
    env: BuildEnvironment, text: str, ident: str, *, todo: bool, capital: bool
) -> nodes.inline:
    """A reference that leads nowhere yet, as this build's audience should see it."""
    if is_drafting(env):
        classes = ["rr-unresolved", "rr-todo"] if todo else ["rr-unresolved"]
        return nodes.inline(text, text, classes=classes)
    words = plain_words(ident)
    if capital:
        words = words[:1].upper() + words[1:]
    node = nodes.inline("", "", classes=["rr-missing"])
    node += nodes.Text(words)
    node += nodes.inline(NOT_YET, NOT_YET, classes=["rr-missing-mark"])
    return node


class RulesTocTree(TocTree):
    """``rules:toctree``: a toctree; ``:drafting-page:`` appends the Drafting status
    page in drafting builds."""

    option_spec = {**TocTree.option_spec, "drafting-page": directives.flag}

    def run(self) -> list[nodes.Node]:
        if "drafting-page" in self.options and is_drafting(self.env):
            page = "/" + registry(self.env).drafting_page
            content: StringList = self.content
            content.append(page, self.get_source_info()[0])
        self.options.pop("drafting-page", None)
        result: list[nodes.Node] = super().run()
        return result


def setup(app: Sphinx) -> None:
    app.add_config_value(
        CONFIG,
        False,
        "env",
        types=frozenset({bool, int, str}),
        description="drafting build: show unresolved references and the Drafting status page",
    )
    app.add_directive_to_domain("rules", "toctree", RulesTocTree)
