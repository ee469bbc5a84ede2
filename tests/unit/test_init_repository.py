"""``rulesref init`` on a rules team's repository as teams lay them out: the
chapters in ``data/input``, one changelog per release in ``data/changelogs``
(with the team's form for the next one), an older single changelog among the
chapters, or a plain folder of chapters."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from rulesref.book_toml import load_config
from rulesref.books import load_book
from rulesref.changelog import changelog_path, read_changelog, resolved
from rulesref.cli import main
from rulesref.errors import RulesSourceError
from rulesref.init import init_book, repository_title, slug_of
from rulesref.model import Ref, walk_inlines

CHAPTER = """\
# A made-up chapter.
chapter: chpt_{name}
text: The {title} Rules
sections:
- section: sec_{name}
  text: About {name}
  rules:
  - rule: rule_{name}_one
    text: A rule about {name}.
"""
RELEASE = "changelog:\n- text: Changed {{ref:rule_{name}_one}} and {{ref:Sec_{name}}}.\n"
TEMPLATE = "changelog:\n- text: |-\n    TODO: write what changed in the next release.\n"


def chapter(folder: Path, file: str, name: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / file).write_text(CHAPTER.format(name=name, title=name.title()), encoding="utf-8")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A git repository (its name has a space and an underscore) keeping the
    chapters in data/input and a changelog per release in data/changelogs."""
    root = tmp_path / "our rules_repo"
    (root / ".git").mkdir(parents=True)
    (root / "README.yaml").write_text("readme: not a chapter\n")
    for file, name in [("01_alpha.yaml", "alpha"), ("02_beta.yaml", "beta"),
                       ("10_gamma.yaml", "gamma")]:
        chapter(root / "data" / "input", file, name)
    logs = root / "data" / "changelogs"
    logs.mkdir()
    (logs / "1.9.yaml").write_text(RELEASE.format(name="alpha"))
    (logs / "1.10.yaml").write_text(RELEASE.format(name="beta"))  # newer than 1.9
    (logs / "2.0.yaml").write_text(TEMPLATE)  # named as a release, yet only a TODO
    (logs / "XX.XX.yaml").write_text(RELEASE.format(name="gamma"))  # a name, not a release
    (root / "data" / "images").mkdir()
    return root


@pytest.mark.parametrize("given", [".", "data", "data/input"])
def test_init_finds_the_book_from_the_repository_or_a_folder_in_it(
    repo: Path, given: str
) -> None:
    result = init_book(repo / given)
    data = repo / "data"
    assert result.path == data.resolve() / "book.toml"  # the folder holding both
    config = load_config(data)
    assert [(c.file.relative_to(data).as_posix(), c.number) for c in config.chapters] == [
        ("input/01_alpha.yaml", "1"), ("input/02_beta.yaml", "2"), ("input/10_gamma.yaml", "10")
    ]
    assert config.changelog == data / "changelogs" / "1.10.yaml"
    assert (config.title, config.slug) == ("Our Rules Repo", "our-rules-repo")
    assert sorted(p.name for p in result.layout.templates) == ["2.0.yaml", "XX.XX.yaml"]
    assert [p.name for p in result.layout.older] == ["1.9.yaml"]
    assert 'changelog = "changelogs/1.10.yaml"' in result.path.read_text(encoding="utf-8")


def test_the_release_changelog_is_read_with_its_version_and_resolves(repo: Path) -> None:
    init_book(repo)
    config = load_config(repo / "data")
    path = changelog_path(config)
    assert path is not None
    book = load_book(config)
    log = resolved(read_changelog(path), book)
    assert log.version == "1.10"
    assert [(e.version, e.date) for e in log.entries] == [("", "")]
    refs = [n for e in log.entries for n in walk_inlines(e.text) if isinstance(n, Ref)]
    assert [r.ids for r in refs] == [("rule_beta_one",), ("sec_beta",)]
    assert all(ident in book for r in refs for ident in r.ids)


def test_what_init_prints_and_the_next_step_works_when_pasted(
    repo: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(repo.parent)
    assert main(["init", str(repo.name) + "/data/input"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == 'wrote our rules_repo/data/book.toml: "Our Rules Repo" (slug our-rules-repo)'
    assert out[1].startswith("found 3 chapter files in our rules_repo/data/input")
    assert out[1].endswith("(1, 2, 10)")
    assert out[2] == (
        "found the changelog our rules_repo/data/changelogs/1.10.yaml (release 1.10, the newest)"
    )
    assert "not chapters: README.yaml" not in out  # the repository's root is not read
    command = out[-1].removeprefix("next: ").split("   (")[0]
    assert command == "rulesref --books 'our rules_repo/data' check"
    assert main(shlex.split(command)[1:]) == 0
    assert capsys.readouterr().err.endswith("nothing left out\n")


def test_an_older_layout_keeps_its_changelog_among_the_chapters(tmp_path: Path) -> None:
    folder = tmp_path / "rules" / "data" / "input"
    chapter(folder, "01_alpha.yaml", "alpha")
    (folder / "00_changelog.yaml").write_text(RELEASE.format(name="alpha"))
    (folder / "rules.yaml").write_text("- id: another tool's list\n")
    for given in (tmp_path / "rules", folder):
        result = init_book(given, force=True)
        assert result.path == folder.resolve() / "book.toml"
        config = load_config(folder)
        assert config.changelog == folder / "00_changelog.yaml"
        assert [c.file.name for c in config.chapters] == ["01_alpha.yaml"]
        assert [p.name for p in result.layout.skipped] == ["rules.yaml"]
        assert read_changelog(folder / "00_changelog.yaml").version == ""


def test_a_plain_folder_of_chapters_is_its_own_book(tmp_path: Path) -> None:
    folder = tmp_path / "input"
    chapter(folder, "game.yaml", "game")
    chapter(folder, "zones.yaml", "zones")
    result = init_book(folder)
    assert result.path == folder.resolve() / "book.toml"
    config = load_config(folder)
    assert config.changelog is None and changelog_path(config) is None
    assert [(c.file.name, c.number) for c in config.chapters] == [
        ("game.yaml", "1"), ("zones.yaml", "2")
    ]
    assert config.slug == "comprehensive-rules"  # not "input"
    assert "changelog" not in result.path.read_text(encoding="utf-8")


def test_init_refuses_when_it_cannot_tell_which_chapters(tmp_path: Path) -> None:
    chapter(tmp_path / "en", "01_a.yaml", "a")
    chapter(tmp_path / "fr", "01_a.yaml", "a")
    with pytest.raises(RulesSourceError, match=r"chapter files in 2 folders \(.*en, .*fr\)"):
        init_book(tmp_path)
    empty = tmp_path / "empty"
    (empty / "deep" / "deeper" / "deepest").mkdir(parents=True)
    chapter(empty / "deep" / "deeper" / "deepest", "01_a.yaml", "a")  # too far down
    with pytest.raises(RulesSourceError, match="no chapter files here"):
        init_book(empty)
    with pytest.raises(RulesSourceError, match="no such folder"):
        init_book(tmp_path / "nowhere")


def test_a_changelog_that_cannot_be_read_is_still_the_books(repo: Path) -> None:
    (repo / "data" / "changelogs" / "1.10.yaml").write_text("changelog:\n- text: [broken\n")
    result = init_book(repo)
    assert result.layout.changelog is not None and result.layout.changelog.name == "1.10.yaml"
    (problem,) = result.layout.problems
    assert problem.pos.file.endswith("1.10.yaml") and problem.pos.line == 3


def test_titles_and_slugs(tmp_path: Path) -> None:
    assert repository_title(tmp_path) is None
    inner = tmp_path / "netrunner-comprehensive-rules" / "data" / "input"
    inner.mkdir(parents=True)
    (tmp_path / "netrunner-comprehensive-rules" / ".git").write_text("gitdir: elsewhere\n")
    assert repository_title(inner) == "Netrunner Comprehensive Rules"
    assert slug_of("Netrunner Comprehensive Rules") == "netrunner-comprehensive-rules"
    assert slug_of("Règles complètes, v2") == "regles-completes-v2"
    assert slug_of("!!!") == "rules"


def test_whats_new_shows_the_release_and_links_its_references(repo: Path) -> None:
    init_book(repo)
    assert main(["--books", str(repo / "data"), "build"]) == 0
    html = repo / "data" / "_build" / "html" / "rules" / "our-rules-repo"
    page = (html / "whats-new.html").read_text(encoding="utf-8")
    assert re.search(r'class="[^"]*rr-changelog-release[^"]*"><strong>Version 1.10</strong>', page)
    links = re.findall(r'<a class="[^"]*rr-ref[^"]*" href="([^"]+)"', page)
    assert [link.split("#")[1] for link in links] == ["rule_beta_one", "sec_beta"]
