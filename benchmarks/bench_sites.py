"""What benchmarks/bench_build.py builds: a rules team's folder and the same text
as a stock Sphinx + MyST + Furo project, and the edits it times.

* 1x is the real rulebook (release 25.04 of the rules team's repository, from
  ``../shared/reference/netrunner-cr-25.04`` or ``$RULESREF_REFERENCE``),
  copied into a git repository named as the team's and set up as the README
  tells a rules team: ``rulesref init DIR``.
* 10x is the synthetic corpus (``make_corpus.py``): the seed chapters copied
  until the book holds ten times the real rulebook's items.

The baseline is the same text as one Markdown page per chapter
(``make_corpus.write_markdown_site``: the official numbers written out, every
reference a ``{ref}`` link with the official wording), built by stock Sphinx
with MyST and the theme the rules team's site uses (Furo).
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_corpus import make_corpus, write_markdown_site

from rulesref.book_toml import load_config

ROOT = Path(__file__).resolve().parent.parent
RELEASE = "netrunner-cr-25.04"
#: The folder a rules team clones (its name becomes the site's title).
TEAM_FOLDER = "netrunner-comprehensive-rules"
RULESREF = str(Path(sys.executable).parent / "rulesref")
#: Which chapter the edits touch: one in the middle of the book (the real
#: rulebook's chapter 5, Turns; the corpus's chapter 5).
CHAPTER = 5


def reference() -> Path | None:
    """The real rulebook's folder, where tests/real_rulebook.py finds it."""
    base = Path(os.environ.get("RULESREF_REFERENCE") or ROOT.parent / "shared" / "reference")
    folder = base / RELEASE
    return folder if (folder / "input").is_dir() else None


@dataclass
class Subject:
    """One size: the rules team's folder (``--books``) and the stock project."""

    scale: int
    books: Path
    chapter: Path
    baseline: Path
    baseline_chapter: Path
    #: The chapter's page, as ``rulesref --books books build`` writes it.
    page: Path
    #: The lines the one-word edits change, in the chapter and its page.
    line: int = 0
    baseline_line: int = 0

    def __post_init__(self) -> None:
        rule, self.line = _edited_rule(self.chapter.read_text(encoding="utf-8").splitlines())
        page = self.baseline_chapter.read_text(encoding="utf-8").splitlines()
        self.baseline_line = page.index(f"({rule})=") + 1  # its text, after its label

    @property
    def html(self) -> Path:
        return self.books / "_build" / "html"

    @property
    def baseline_html(self) -> Path:
        return self.baseline / "_build" / "html"


def _chapter_page(books: Path, chapter: Path) -> Path:
    slug = load_config(books).slug
    ident = re.search(r"^chapter: *(\S+)", chapter.read_text(encoding="utf-8"), re.MULTILINE)
    assert ident, chapter
    return books / "_build" / "html" / "rules" / slug / f"{ident[1]}.html"


def real_subject(root: Path) -> Subject:
    """The real release in a fresh git repository, ``rulesref init`` run on it."""
    release = reference()
    if release is None:
        raise SystemExit("the real rulebook is not there: set RULESREF_REFERENCE "
                         f"to the folder holding {RELEASE}")
    books = root / TEAM_FOLDER
    shutil.copytree(release, books)
    for path in [books, *books.rglob("*")]:
        path.chmod(path.stat().st_mode | stat.S_IWUSR)
    subprocess.run(["git", "init", "-q", str(books)], check=True)
    subprocess.run([RULESREF, "init", str(books)], check=True, capture_output=True)
    return _subject(1, books, root / "baseline")


def corpus_subject(root: Path, scale: int) -> Subject:
    books = make_corpus(root / "books", scale)
    return _subject(scale, books, root / "baseline")


def _subject(scale: int, books: Path, baseline: Path) -> Subject:
    chapter = sorted(books.rglob(f"{CHAPTER:02d}_*.yaml"))[0]
    write_markdown_site(books, baseline)
    conf = baseline / "conf.py"
    conf.write_text(conf.read_text(encoding="utf-8").replace(
        "the default theme", "the theme of the rules team's site")
        + 'html_theme = "furo"\n', encoding="utf-8")
    return Subject(scale, books, chapter, baseline, baseline / f"chapter_{CHAPTER:02d}.md",
                   _chapter_page(books, chapter))


# --------------------------------------------------------------------------
# The edits


def _swap(turn: int) -> tuple[str, str]:
    return (" the ", " that ") if turn % 2 == 0 else (" that ", " the ")


def _edited_rule(lines: list[str]) -> tuple[str, int]:
    """The rule the one-word edits change, and the line of its text: the
    chapter's first rule that has a "the" and defines no term (one that defines
    a term is quoted by the glossary, which a change of it rewrites too)."""
    return next((line.split(":", 1)[1].strip(), i + 1) for i, line in enumerate(lines[:-1])
                if line.lstrip().startswith("- rule:") and " the " in lines[i + 1]
                and "{term:" not in lines[i + 1])


def _change_word(path: Path, line: int, turn: int) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    old, new = _swap(turn)
    assert old in lines[line], lines[line]
    lines[line] = lines[line].replace(old, new, 1)
    path.write_text("".join(lines), encoding="utf-8")


def one_word(subject: Subject, turn: int) -> None:
    """Change one word of a rule of the chapter ("the" ↔ "that"; ``turn``
    alternates, so even turns leave the text as it was)."""
    _change_word(subject.chapter, subject.line, turn)


def baseline_one_word(subject: Subject, turn: int) -> None:
    """The same change in the baseline's page of the chapter (one word of its
    first rule with a "the")."""
    _change_word(subject.baseline_chapter, subject.baseline_line, turn)


ADDED = "A rule added by the benchmark; the numbers after it shift."


def add_rule(subject: Subject, turn: int) -> Callable[[], None]:
    """Insert a rule before the chapter's first rule; returns the undo."""
    original = subject.chapter.read_text(encoding="utf-8")
    lines = original.splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if line.lstrip().startswith("- rule:"))
    indent = lines[index][: len(lines[index]) - len(lines[index].lstrip())]
    new = [f"{indent}- rule: rule_benchmark_added_{turn}\n", f"{indent}  text: {ADDED}\n"]
    subject.chapter.write_text("".join(lines[:index] + new + lines[index:]), encoding="utf-8")
    return lambda: _restore(subject.chapter, original)


def baseline_add_rule(subject: Subject, turn: int) -> Callable[[], None]:
    """The same rule in the baseline's page, before its first rule (stock
    Sphinx numbers nothing: the numbers written after it stay as they were)."""
    original = subject.baseline_chapter.read_text(encoding="utf-8")
    lines = original.splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if line.startswith("(rule_"))
    new = [f"(rule_benchmark_added_{turn})=\n", f"**0** {ADDED}\n", "\n"]
    subject.baseline_chapter.write_text("".join(lines[:index] + new + lines[index:]),
                                        encoding="utf-8")
    return lambda: _restore(subject.baseline_chapter, original)


def _restore(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


def site_files(folder: Path) -> tuple[int, int]:
    """How many files a built site holds, and their size in bytes."""
    count = size = 0
    for base, _dirs, names in os.walk(folder):
        for name in names:
            count += 1
            size += os.path.getsize(os.path.join(base, name))
    return count, size
