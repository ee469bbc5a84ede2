"""A synthetic Comprehensive Rules book of real size, made from the seed chapters.

The seeds hold two of the CR's eleven chapters (92 numbered items); the real
document has about 1,650 items in 11 chapters.  This script copies the seed
sections as often as needed (one *replica* per copy), renames every ID of a
replica consistently (``rule_zone`` → ``rule_zone_r7``) and spreads the
sections over 11 chapter files, so the result has the seeds' proportions of
references, terms, cards, examples and steps:

* a reference to an item of the seeds points to the same item of its replica;
* a reference the seeds leave unresolved (``{ref:TODO}``, or an ID of a chapter
  the seeds do not hold) points to an item of the same kind of its replica
  instead, so every reference of the corpus resolves, as in the real rulebook;
* defined terms get the replica's number (``{term:zone 7}``), so each term is
  defined once, as in the real glossary;
* card names stay as written (they must be real cards).

The last chapter has the real CR's appendix shape: its sections carry a
``snippet:`` and their ``rules:`` lists hold bare ``timing_structure:`` items
(no ID, an optional ``bold:``, nested ``elements:``); ``--no-timing-appendix``
makes it one more chapter of copied sections instead.

    python benchmarks/make_corpus.py OUT [--scale 10] [--no-timing-appendix]

writes ``OUT/<slug>/NN_<name>.yaml`` and ``OUT/<slug>/book.toml``: a books
folder for ``rulesref_books_dir`` or ``rulesref --books OUT``.

``--markdown DIR`` also writes the same text as a stock Sphinx + MyST project
(the benchmarks' baseline): one plain Markdown page per chapter, the official
numbers written out, a ``(label)=`` target before every numbered item and each
reference a ``{ref}`` role with the official wording, so the baseline links
what rulesref links.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from rulesref.books import load_book, load_config
from rulesref.cards import card_table
from rulesref.model import CardRef, Inlines, Item, Kind, Link, NewText, Ref, Symbol, Term, Text
from rulesref.numbering import reference_text

ROOT = Path(__file__).resolve().parent.parent
SEED_BOOK = ROOT / "seeds" / "netrunner-cr"
SEED_FILES = ("04_game_zones.yaml", "08_card_manipulation.yaml")
CHAPTERS = 11
#: Numbered items of the real rulebook (the issue measured about 1,640-1,650).
REAL_ITEMS = 1650
SLUG = "corpus-cr"
#: Sections of the timing-structure appendix at real size.
TIMING_SECTIONS = 15

#: The real CR's chapters (the titles only shape the pages; the text is the seeds').
CHAPTER_TITLES = (
    "Game Concepts",
    "Parts of a Card",
    "Card Types",
    "Game Zones",
    "Turn Structure",
    "Runs",
    "Abilities",
    "Card Manipulation",
    "Specific Interactions",
    "Tournament Rules",
    "Timing Structures",
)

_KIND_KEYS = ("chapter", "section", "subsection", "rule")
_REF = re.compile(r"\{(?P<role>[Rr]ef(?:/through)?):(?P<ids>[^}]*)\}")
_TERM = re.compile(r"\{term:(?P<text>[^}]*)\}")

Node = dict[str, Any]


@dataclass
class Seeds:
    """The seed sections, their IDs by kind, and how many numbered items they hold."""

    sections: list[Node]
    ids: list[str]
    sections_ids: list[str]
    rule_ids: list[str]
    items: int
    duplicate_terms: dict[str, str]


def load_seeds() -> Seeds:
    sections: list[Node] = []
    for name in SEED_FILES:
        chapter = yaml.safe_load((SEED_BOOK / name).read_text(encoding="utf-8"))
        sections.extend(chapter["sections"])
    ids: list[str] = []
    kinds: dict[str, str] = {}

    def collect(node: Node) -> None:
        for key in _KIND_KEYS:
            if key in node:
                ids.append(str(node[key]))
                kinds[str(node[key])] = key
        for child in node.get("rules") or []:
            collect(child)

    for section in sections:
        collect(section)
    config = (SEED_BOOK / "book.toml").read_text(encoding="utf-8")
    acknowledged = dict(re.findall(r'^(\w[\w ]*) = "(.*)"$', config, re.MULTILINE))
    return Seeds(
        sections=sections,
        ids=ids,
        sections_ids=[i for i in ids if kinds[i] in ("section", "subsection")],
        rule_ids=[i for i in ids if kinds[i] == "rule"],
        items=len(ids),
        duplicate_terms=acknowledged,
    )


def stable_pick(name: str, choices: list[str]) -> str:
    """The same stand-in for the same unknown ID in every replica."""
    return choices[sum(name.encode("utf-8")) % len(choices)]


Rewriter = Callable[[str], str]


def replica_renamer(seeds: Seeds, replica: int) -> tuple[Rewriter, Rewriter]:
    """(rename an ID, rewrite a text's markup) for one replica."""
    known = set(seeds.ids)

    def rename(ident: str) -> str:
        if ident not in known:
            pool = seeds.sections_ids if ident.startswith("sec") else seeds.rule_ids
            ident = stable_pick(ident, pool)
        return f"{ident}_r{replica}"

    def ref(match: re.Match[str]) -> str:
        ids = ",".join(rename(i.strip()) for i in match["ids"].split(","))
        return f"{{{match['role']}:{ids}}}"

    def term(match: re.Match[str]) -> str:
        return f"{{term:{match['text']} {replica}}}"

    def rewrite(text: str) -> str:
        return _TERM.sub(term, _REF.sub(ref, text))

    return rename, rewrite


def copy_node(node: Any, rename: Callable[[str], str], rewrite: Callable[[str], str]) -> Any:
    if isinstance(node, list):
        return [copy_node(child, rename, rewrite) for child in node]
    if not isinstance(node, dict):
        return node
    out: Node = {}
    for key, value in node.items():
        if key in _KIND_KEYS:
            out[key] = rename(str(value))
        elif key in ("text", "toc_entry", "snippet") and isinstance(value, str):
            out[key] = rewrite(value)
        else:
            out[key] = copy_node(value, rename, rewrite)
    return out


def timing_section(index: int, seeds: Seeds) -> Node:
    """One section of the appendix: a snippet and a bare timing structure whose
    elements refer to rules and to each other ("go to (d)").  One per section:
    the format anchors a second one ``<section>_timing_2``, the very anchor of the
    first one's second element."""
    rules = seeds.rule_ids
    first = stable_pick(f"timing{index}", rules)

    def element(text: str, children: list[Node] | None = None, new: bool = False) -> Node:
        node: Node = {"text": text}
        if new:
            node["new"] = True
        if children:
            node["elements"] = children
        return node

    structures = []
    for number in range(1, 2):
        target = f"{stable_pick(f'timing{index}-{number}', rules)}_r0"
        structure: Node = {"timing_structure": None}
        if number == 1:
            structure["bold"] = None  # a bare ``bold:`` sets the flag
        structures.append(
            {
                **structure,
                "elements": [
                    element(
                        f"Phase {number}: the active player may act (see {{ref:{target}}}).",
                        [
                            element("Paid abilities may be used."),
                            element("If no, go to (d).", new=number == 2),
                            element("The phase ends; return to (a)."),
                        ],
                    ),
                    element(f"A checkpoint occurs, as in {{ref:{first}_r0}}."),
                ],
            }
        )
    return {
        "section": f"sec_timing_appendix_{index}",
        "text": f"Timing Structure {index}",
        "snippet": "The order of steps, for quick reference during play.",
        "rules": structures,
    }


def make_corpus(out: Path, scale: int = 1, *, timing_appendix: bool = True) -> Path:
    """Write the corpus book below ``out`` and return its folder."""
    seeds = load_seeds()
    chapters = CHAPTERS - 1 if timing_appendix else CHAPTERS
    appendix = TIMING_SECTIONS * scale if timing_appendix else 0
    # Each appendix section holds a section, a structure and five elements.
    target = REAL_ITEMS * scale - CHAPTERS - 7 * appendix
    replicas = max(1, round(target / seeds.items))
    sections: list[Node] = []
    for replica in range(replicas):
        rename, rewrite = replica_renamer(seeds, replica)
        sections.extend(copy_node(seeds.sections, rename, rewrite))
    folder = out / SLUG
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.yaml"):
        old.unlink()
    per_chapter = -(-len(sections) // chapters)
    files: list[tuple[str, int]] = []
    for number in range(1, chapters + 1):
        part = sections[(number - 1) * per_chapter : number * per_chapter]
        title = CHAPTER_TITLES[number - 1]
        name = f"{number:02d}_{re.sub(r'[^a-z]+', '_', title.lower()).strip('_')}.yaml"
        chapter = {"chapter": f"chpt_{number:02d}", "text": title, "sections": part}
        write_yaml(folder / name, chapter)
        files.append((name, number))
    if timing_appendix:
        number = CHAPTERS
        name = f"{number:02d}_timing_structures.yaml"
        chapter = {
            "chapter": f"chpt_{number:02d}",
            "text": CHAPTER_TITLES[-1],
            "sections": [timing_section(i, seeds) for i in range(1, appendix + 1)],
        }
        write_yaml(folder / name, chapter)
        files.append((name, number))
    write_config(folder, files, seeds, replicas)
    return folder


def write_yaml(path: Path, data: Node) -> None:
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100_000)
    # ``toc: null`` and ``bold: null`` read as the seeds' bare ``toc:``.
    path.write_text(text.replace(": null\n", ":\n"), encoding="utf-8")


def write_config(folder: Path, files: list[tuple[str, int]], seeds: Seeds, replicas: int) -> None:
    lines = [
        f'title = "Synthetic Comprehensive Rules ({replicas} copies of the seed chapters)"',
        'description = "Generated by benchmarks/make_corpus.py."',
        'format = "cr-yaml"',
        'numbering = "cr"',
        "",
    ]
    for name, number in files:
        lines += ["[[chapters]]", f'file = "{name}"', f"number = {number}", ""]
    lines.append("[acknowledged.duplicate-term]")
    for term, reason in seeds.duplicate_terms.items():
        for replica in range(replicas):
            lines.append(f'"{term} {replica}" = "{reason}"')
    (folder / "book.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")


# --------------------------------------------------------------------------
# The baseline: the same text as plain MyST pages


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|{}$~])")


def md_text(text: str) -> str:
    return _MD_SPECIAL.sub(r"\\\1", re.sub(r"\s+", " ", text))


def md_inlines(book_items: dict[str, Item], inlines: Inlines) -> str:
    """The words as rulesref shows them, in Markdown: references as ``{ref}``
    roles with their official wording, cards as links, terms in bold."""
    table = card_table()
    out: list[str] = []
    for node in inlines:
        if isinstance(node, Text):
            out.append(md_text(node.text))
        elif isinstance(node, Term):
            out.append(f"**{md_text(node.text)}**")
        elif isinstance(node, Ref):
            items = [book_items[i] for i in node.ids if i in book_items]
            if len(items) != len(node.ids):
                out.append(md_text(", ".join(node.ids)))
                continue
            text = reference_text(items, through=node.through, capital=node.capital)
            out.append(f"{{ref}}`{text} <{items[0].id}>`")
        elif isinstance(node, CardRef):
            facts = table.get(node.name)
            out.append(f"[{md_text(node.name)}]({facts.url})" if facts else md_text(node.name))
        elif isinstance(node, Link):
            out.append(f"[{md_text(node.text)}]({node.url})")
        elif isinstance(node, Symbol):
            out.append(f"[{node.name}]")
        elif isinstance(node, NewText):
            out.append(md_inlines(book_items, node.children))
        else:
            out.append(md_text(getattr(node, "name", "")))
    return "".join(out)


def md_item(book_items: dict[str, Item], item: Item, depth: int, out: list[str]) -> None:
    text = md_inlines(book_items, item.toc_entry or item.text)
    if item.id:
        out.append(f"({item.id})=")
    level = sum(1 for a in item.ancestors() if a.kind is Kind.TIMING)
    if item.kind is Kind.TIMING:  # nested ordered lists, as the site shows them
        out.append(f"{'   ' * level}1. {text}\n")
    elif item.kind is Kind.TIMING_STRUCTURE:
        pass
    elif item.is_heading:
        out.append(f"{'#' * min(depth, 6)} {item.number} {text}\n")
        if item.toc_entry is not None and item.text:
            out.append(md_inlines(book_items, item.text) + "\n")
    else:
        out.append(f"**{item.number}** {text}\n")
    if item.snippet:
        out.append(md_inlines(book_items, item.snippet) + "\n")
    for element in item.timing:
        md_item(book_items, element, depth + 1, out)
    for example in item.examples:
        out.append(f"({example.anchor})=")
        out.append(f"*Example {example.index}:* {md_inlines(book_items, example.text)}\n")
    for child in item.children:
        md_item(book_items, child, depth + 1, out)


def write_markdown_site(book_dir: Path, out: Path) -> Path:
    """A stock Sphinx + MyST project holding the book's text as plain pages."""
    book = load_book(load_config(book_dir))
    book_items = {item.id: item for item in book.items() if item.id}
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.md"):
        old.unlink()
    names = []
    for number, chapter in enumerate(book.chapters, start=1):
        lines: list[str] = []
        md_item(book_items, chapter, 1, lines)
        name = f"chapter_{number:02d}"
        (out / f"{name}.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
        names.append(name)
    toctree = "\n".join(names)
    (out / "index.md").write_text(
        f"# {md_text(book.title)}\n\n```{{toctree}}\n:maxdepth: 2\n\n{toctree}\n```\n",
        encoding="utf-8",
    )
    (out / "conf.py").write_text(
        '"""The baseline: stock Sphinx + MyST, the default theme."""\n'
        'project = "baseline"\n'
        'extensions = ["myst_parser"]\n'
        'exclude_patterns = ["_build"]\n',
        encoding="utf-8",
    )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="books folder to write the corpus into")
    parser.add_argument("--scale", type=int, default=1, help="1 = real size, 10 = ten times")
    parser.add_argument(
        "--no-timing-appendix",
        dest="timing_appendix",
        action="store_false",
        help="no appendix of bare timing structures (for a reader without them)",
    )
    parser.add_argument("--markdown", type=Path, help="also write the MyST baseline here")
    args = parser.parse_args()
    folder = make_corpus(args.out, args.scale, timing_appendix=args.timing_appendix)
    print(folder)
    if args.markdown:
        print(write_markdown_site(folder, args.markdown))


if __name__ == "__main__":
    main()
