"""Traces a judge can read: in a scenario's doctests as the site shows them,
every rule ID the engine cites becomes the rule's number, linked to the rule.

The doctests stay as written (they compare against IDs, which survive
renumbering); only the HTML changes.  :class:`LinkTraces`, an HTML-only
post-transform, replaces each scenario's doctest block by an
:class:`rr_trace` that carries the IDs the block may cite, resolved in the
scenario's book (else in the book that has them) to (number, address); its
visitor highlights the block as Sphinx would and then rewrites every
bracketed list of known IDs
(``[rule_derez_procedure, rule_derez_cost]``, ``(movement_play)``) in the
highlighted text into links: ``[<a title="rule_derez_procedure">8.2.12</a>, …]``.
A list with an unknown name is left as written: it is not a citation.

Highlighting is most of the cost of writing a scenario (420 doctest blocks
in the real rulebook's site), and depends on the block's text alone, so a
full build highlights the blocks ahead in worker processes
(:func:`highlight_jobs`, started with the scenario runs) and the visitor
takes the result; a block it finds no result for it highlights in place.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import pygments
from docutils import nodes
from pygments.formatter import Formatter
from pygments.lexer import Lexer
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.highlighting import PygmentsBridge
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.writers.html5 import HTML5Translator

from rulesref import work_ahead
from rulesref.sphinx.features.scenarios import highlighted
from rulesref.sphinx.features.scenarios.boxes import BOX_CLASS
from rulesref.sphinx.incremental import note_shown
from rulesref.sphinx.loaded_book import LoadedBook
from rulesref.sphinx.registry import Registry, registry
from rulesref.sphinx.targets import Target
from rulesref.sphinx.walk import find

#: The node attribute naming the book of a scenario box (set when it is rendered).
BOOK_ATTR = "rr_book"

_IDENT = r"[A-Za-z][A-Za-z0-9_]*"
_CITATION = re.compile(rf"([\[(])({_IDENT}(?:, ?{_IDENT})*)([\])])")
_TAG = re.compile(r"(<[^>]*>)")
_NAME = re.compile(_IDENT)
#: How Pygments marks the ``>>>`` and ``...`` prompts of a doctest.
_PROMPT = '<span class="gp">'


class Cited(NamedTuple):
    """What a cited ID shows: its number, where it links, and its book."""

    number: str
    href: str
    book: str


class rr_trace(nodes.literal_block):  # type: ignore[misc]
    """A doctest block whose citations link to rules (HTML only)."""


def link_citations(highlighted: str, cited: Callable[[str], Cited | None]) -> str:
    """``highlighted`` HTML with every bracketed list of cited IDs linked, in the
    output lines only.  Only text between tags is rewritten, so the
    highlighter's markup is kept."""

    def rewrite(match: re.Match[str]) -> str:
        opening, names, closing = match.groups()
        idents = [name.strip() for name in names.split(",")]
        found = [cited(ident) for ident in idents]
        if not all(found):
            return match.group(0)
        links = []
        for ident, target in zip(idents, found, strict=True):
            assert target is not None
            links.append(
                f'<a class="reference internal rr-ref rr-trace-ref rr-book-'
                f'{html.escape(target.book)}" href="{html.escape(target.href)}" '
                f'title="{html.escape(ident)}" data-rr-id="{html.escape(ident)}">'
                f"{html.escape(target.number)}</a>"
            )
        return opening + ", ".join(links) + closing

    def line_of_output(line: str) -> str:
        if _PROMPT in line:  # code the reader typed: names there are variables
            return line
        return "".join(
            part if part.startswith("<") else _CITATION.sub(rewrite, part)
            for part in _TAG.split(line)
        )

    return "\n".join(line_of_output(line) for line in highlighted.split("\n"))


#: The language Sphinx gives a doctest block, the only one highlighted ahead.
DOCTEST_LANGUAGE = "pycon"
_AHEAD = "highlight"


def _ahead_key(source: str, options: Mapping[str, Any]) -> tuple[str, str, str]:
    """A block's key whether or not it ends in a newline (a fence's body as
    read from the file does, the directive's text does not; Pygments strips
    both ends of its input, unless ``stripnl`` is set to false)."""
    text = source if options.get("stripnl") is False else source.strip("\n")
    return (_AHEAD, text, _options_key(options))


def _options_key(options: Mapping[str, Any]) -> str:
    """Highlighting options as a key: the same whatever order they were given in."""
    return repr(sorted(options.items()))


def highlight_jobs(config: Config, sources: list[str]) -> list[work_ahead.Job]:
    """The jobs that highlight these doctest blocks ahead, with the options the
    visitor would pass."""
    options = dict(config.highlight_options.get(DOCTEST_LANGUAGE, {}))
    keys = {_ahead_key(source, options): source for source in sources}
    return [(key, highlight_doctest, (key[1], options)) for key in keys]


@work_ahead.portable
def highlight_doctest(source: str, options: dict[str, Any]) -> str | None:
    """In a worker: the block highlighted as the HTML builder's
    :meth:`~sphinx.highlighting.PygmentsBridge.highlight_block` does (Pygments
    writes classes, not a style's colours, so the style does not matter);
    ``None`` when it does not lex cleanly, for the page to highlight it in
    place with Sphinx's warning."""
    lexer, formatter = _tools(options)
    try:
        highlighted: str = pygments.highlight(source, lexer, formatter)
        return highlighted
    except Exception:  # an error token: Sphinx retries and warns, in the page
        return None


#: A doctest lexer and an HTML formatter for each set of options, made once per
#: process and used for every block: Pygments builds a formatter's table of
#: style classes each time one is made, and making both for each block was a
#: fifth of the highlighting (the library's 561 blocks: 0.52 s, shared 0.40 s,
#: the same HTML).  Neither keeps anything of a block once it is written.
_TOOLS: dict[str, tuple[Lexer, Formatter[str]]] = {}


def _tools(options: dict[str, Any]) -> tuple[Lexer, Formatter[str]]:
    key = _options_key(options)
    tools = _TOOLS.get(key)
    if tools is None:
        bridge = PygmentsBridge("html")
        # The source only matters to Sphinx for "python" and "default".
        tools = _TOOLS[key] = (bridge.get_lexer("", DOCTEST_LANGUAGE, dict(options)),
                               bridge.get_formatter())
    return tools


def _highlighted_doctest(self: HTML5Translator, source: str,
                         options: dict[str, Any]) -> str | None:
    """The block highlighted: by a worker, kept from an earlier build
    (:mod:`.highlighted`), or now; ``None`` when it does not lex cleanly."""
    key = _ahead_key(source, options)
    kept = highlighted.kept(self.builder.doctreedir)
    found, result = work_ahead.take(key)
    if not found or not isinstance(result, str):
        result = kept.get(key)
        if result is not None:
            return result
        result = highlight_doctest(source, dict(options))
        if result is None:
            return None
    kept.put(key, result)
    return result


def visit_trace_html(self: HTML5Translator, node: rr_trace) -> None:
    """As Sphinx writes a literal block, then the citations linked."""
    lang = node.get("language", "default")
    options = self.config.highlight_options.get(lang, {})
    highlighted = _highlighted_doctest(self, node.rawsource, options) if (
        lang == DOCTEST_LANGUAGE) else None
    if highlighted is None:  # another language, or a block that does not lex: as Sphinx does
        highlighted = self.highlighter.highlight_block(
            node.rawsource, lang, opts=options, linenos=False, location=node,
        )
    table: Mapping[str, Cited] = node["rr_cited"]
    starttag = self.starttag(node, "div", suffix="", CLASS=f"highlight-{lang} notranslate")
    self.body.append(starttag + link_citations(highlighted, table.get) + "</div>\n")
    raise nodes.SkipNode


def citable(reg: Registry, book: str, source: str) -> dict[str, tuple[LoadedBook, Target]]:
    """Every name in ``source`` that is an ID of the site: the scenario's book
    first, else the book that has it (engines share rules across books)."""
    found: dict[str, tuple[LoadedBook, Target]] = {}
    for name in set(_NAME.findall(source)):
        targets = reg.find_target(name, hint=book)
        if targets:
            found[name] = targets[0]
    return found


def number_of(target: Target) -> str:
    number = target.number
    if target.example is not None:
        number += f", example {target.example.index}"
    return number


def note_cited(env: BuildEnvironment, book: str, source: str) -> None:
    """Record, while the page is read, the numbers its traces will show, so the
    page is read (and written) again when one of them is renumbered."""
    names = citable(registry(env), book, source)
    note_shown(env, *[("role-ref", name, book, True) for name in sorted(names)])


class LinkTraces(SphinxPostTransform):
    """HTML only: each doctest block of a scenario becomes an :class:`rr_trace`
    (before :class:`~rulesref.sphinx.features.scenarios.boxes.FoldScenarios` folds the box)."""

    default_priority = 190
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        reg = registry(self.env)
        docname = self.env.docname
        # SphinxTransform.app is deprecated (Sphinx 9); Sphinx's own reference
        # resolver reaches the builder the same way.
        builder = self.env._app.builder
        for box in find(self.document, nodes.container):
            if BOX_CLASS not in box["classes"] or (book := reg.get(box.get(BOOK_ATTR, ""))) is None:
                continue
            for block in find(box, nodes.literal_block):
                if block.get("testnodetype") != "doctest" or block.rawsource != block.astext():
                    continue
                cited: dict[str, Cited] = {}
                for name, (owner, target) in citable(reg, book.slug, block.rawsource).items():
                    uri = builder.get_relative_uri(docname, target.docname)
                    cited[name] = Cited(number_of(target), f"{uri}#{target.anchor}",
                                        owner.slug)
                trace = rr_trace(block.rawsource, block.rawsource, **block.attributes)
                trace["rr_cited"] = cited
                trace.source, trace.line = block.source, block.line
                block.replace_self(trace)


def setup(app: Sphinx) -> None:
    highlighted.setup(app)
    app.add_node(rr_trace, html=(visit_trace_html, None))
    app.add_post_transform(LinkTraces)
