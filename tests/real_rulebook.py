"""The real rulebook (release 25.04 of the rules team's repository), as the
project's tests meet it: where it is, what its files say, and the site a rules
team would get from it.

The text is not ours: it is read from ``../shared/reference/netrunner-cr-25.04``
beside the project, never copied into it, and every expectation is derived
from the files themselves (their IDs, numbers, words), never typed in.  In
CI (``RULESREF_REQUIRE_REFERENCE=1``, set by ``.ci/run``) a missing folder is
a failure; elsewhere the tests that need it are skipped.

:class:`RealBuild` makes the site once per test run, as the README tells a
rules team to: ``rulesref init`` on a copy of the release, then ``rulesref
check``, ``build`` and ``export`` (each a new process), shared by every test
that reads it like the other shared builds (:mod:`docs_site`).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from docs_site import SharedBuild

ROOT = Path(__file__).resolve().parents[1]
#: ``RULESREF_REFERENCE`` names another folder holding the release (a checkout
#: whose ``../shared`` is elsewhere, such as a git worktree).
REFERENCE = Path(os.environ.get("RULESREF_REFERENCE") or ROOT.parent / "shared" / "reference"
                 ) / "netrunner-cr-25.04"
REQUIRE = "RULESREF_REQUIRE_REFERENCE"


def reference() -> Path:
    """The release's folder; skips the test (fails it in CI) when it is missing."""
    if (REFERENCE / "input").is_dir():
        return REFERENCE
    message = f"the real rulebook is not at {REFERENCE}"
    if os.environ.get(REQUIRE):
        pytest.fail(f"{message} ({REQUIRE} is set: CI must run these tests)")
    pytest.skip(message)


def copy_release(target: Path) -> Path:
    """A writable copy of the release (the shared folder is read-only)."""
    shutil.copytree(reference(), target)
    for path in [target, *target.rglob("*")]:
        path.chmod(path.stat().st_mode | stat.S_IWUSR)
    return target


def chapter_files(release: Path) -> list[Path]:
    return sorted((release / "input").glob("*.yaml"))


# ---------------------------------------------------------------------------
# What the files say: every item, with the ID and number the rules team's own
# generator gives it (derived here from the files, independently of rulesref).

KINDS = ("chapter", "section", "subsection", "rule")


@dataclass(frozen=True)
class SourceItem:
    id: str
    number: str
    file: str


def _letters(index: int) -> str:
    out = ""
    while index > 0:
        index, rem = divmod(index - 1, 26)
        out = chr(ord("a") + rem) + out
    return out


def _roman(index: int) -> str:
    out = ""
    for value, numeral in ((10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")):
        while index >= value:
            out += numeral
            index -= value
    return out


def _timing(elements: list[Any], owner_id: str, owner_number: str, depth: int,
            file: str) -> Iterator[SourceItem]:
    for index, element in enumerate(elements or [], start=1):
        label = (str(index), _letters(index), _roman(index))[min(depth, 2)]
        ident, number = f"{owner_id}_{label}", f"{owner_number}_{label}"
        yield SourceItem(ident, number, file)
        if isinstance(element, dict):
            yield from _timing(element.get("elements") or [], ident, number, depth + 1, file)


def _structure_elements(entry: dict[str, Any]) -> list[Any]:
    value = entry.get("timing_structure")
    if isinstance(value, dict):
        return list(value.get("elements") or [])
    if isinstance(value, list):
        return value
    return list(entry.get("elements") or [])


def _children(entry: dict[str, Any], number: str, depth: int, file: str) -> Iterator[SourceItem]:
    """The numbered children of ``entry`` (``rules:``), in the CR scheme: N.M.K,
    then N.M.Ka (letters at the third level), then N.M.Ka.i (roman numerals)."""
    index = 0
    for child in entry.get("rules") or []:
        if not isinstance(child, dict):
            continue
        kind = next((k for k in ("rule", "subsection") if k in child), None)
        if kind is None:
            if "timing_structure" in child:  # a bare structure: elements under the owner
                yield from _timing(_structure_elements(child), str(entry_id(entry)), number, 0,
                                   file)
            continue
        index += 1
        if depth == 2:
            child_number = f"{number}.{index}"
        elif depth == 3:
            child_number = f"{number}{_letters(index)}"
        else:
            child_number = f"{number}.{_roman(index)}"
        ident = str(child[kind]).strip()
        yield SourceItem(ident, child_number, file)
        yield from _children(child, child_number, depth + 1, file)


def entry_id(entry: dict[str, Any]) -> str:
    return next(str(entry[k]).strip() for k in KINDS if k in entry)


def source_items(release: Path) -> list[SourceItem]:
    """Every numbered item of the release, in book order, with its ID and number."""
    found: list[SourceItem] = []
    for path in chapter_files(release):
        chapter = int(re.match(r"\d+", path.name)[0])  # type: ignore[index]
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        found.append(SourceItem(str(data["chapter"]).strip(), str(chapter), path.name))
        for index, section in enumerate(data.get("sections") or [], start=1):
            number = f"{chapter}.{index}"
            found.append(SourceItem(str(section["section"]).strip(), number, path.name))
            found.extend(_children(section, number, 2, path.name))
    return found


def source_examples(release: Path) -> int:
    """How many examples the files hold (an ``examples:`` list's entries)."""
    count = 0

    def visit(node: Any) -> None:
        nonlocal count
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "examples" and isinstance(value, list):
                    count += len(value)
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    for path in chapter_files(release):
        visit(yaml.safe_load(path.read_text(encoding="utf-8")))
    return count


# ---------------------------------------------------------------------------
# The site a rules team gets, built once per run.


@dataclass(frozen=True)
class Step:
    command: list[str]
    returncode: int
    stdout: str
    stderr: str


@dataclass(frozen=True)
class RealSite:
    release: Path  # the copy the commands ran on (book.toml written by init)
    html: Path
    export: Path
    steps: dict[str, Step]


def rulesref(*args: str | Path, cwd: Path) -> Step:
    command = [sys.executable, "-m", "rulesref.cli", *(str(a) for a in args)]
    env = {**os.environ, "PYTHONWARNINGS": "ignore"}
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False,
                          timeout=900, env=env)
    return Step(command, done.returncode, done.stdout, done.stderr)


def build_real_site(folder: Path) -> RealSite:
    """``init``, ``check``, ``build`` and ``export`` on a copy of the release, as
    the README tells a rules team, from a folder with no scenarios."""
    folder.mkdir(parents=True, exist_ok=True)
    release = copy_release(folder / REFERENCE.name)
    html, export = folder / "html", folder / "rules.json"
    steps = {"init": rulesref("init", release, cwd=folder)}
    steps["check"] = rulesref("--books", release, "check", cwd=folder)
    steps["build"] = rulesref("--books", release, "build", "--out", html, cwd=folder)
    steps["export"] = rulesref("--books", release, "export", "-o", export, cwd=folder)
    return RealSite(release, html, export, steps)


class RealBuild(SharedBuild):
    """:class:`docs_site.SharedBuild`'s once-per-run machinery for the real site."""

    def _build(self) -> None:
        try:
            if not (REFERENCE / "input").is_dir():
                data: dict[str, Any] = {"missing": str(REFERENCE)}
            else:
                data = asdict(build_real_site(self.folder))
        except BaseException as error:  # the waiting tests report it, not this thread
            data = {"error": f"{type(error).__name__}: {error}"}
        partial = self.record.with_suffix(".partial")
        partial.write_text(json.dumps(data, default=str), encoding="utf-8")
        partial.replace(self.record)

    def real_result(self, timeout: float = 1200) -> RealSite:
        self.start()
        data = self._wait(timeout)
        if "missing" in data:
            reference()  # skips, or fails in CI
        if "error" in data:
            raise RuntimeError(f"the real rulebook's build failed to run: {data['error']}")
        steps = {name: Step(**step) for name, step in data["steps"].items()}
        return RealSite(Path(data["release"]), Path(data["html"]), Path(data["export"]), steps)
