"""Generated files beside the HTML (rulesref.sphinx.outfiles): written only when
they changed, removed when no longer wanted, never outside their folder."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesref.sphinx.outfiles import MadeTexts, _inside, digest, discard, sync_folder


def test_only_changed_files_are_written_and_unwanted_ones_removed(tmp_path: Path) -> None:
    root, manifest = tmp_path / "r", tmp_path / "cache/manifest.json"
    files = {"1.1/index.html": "one", "1.2/index.html": "two", "b/1.1/index.html": "three"}
    root.mkdir()
    mine = root / "README.txt"
    mine.write_text("not generated")
    assert sync_folder(root, files, manifest=manifest) == 3
    assert (root / "1.2/index.html").read_text() == "two"
    assert sync_folder(root, files, manifest=manifest) == 0
    changed = {"1.1/index.html": "one, edited", "b/1.1/index.html": "three"}
    assert sync_folder(root, changed, manifest=manifest) == 1
    assert (root / "1.1/index.html").read_text() == "one, edited"
    assert not (root / "1.2").exists()  # the file and the folder it left empty
    assert mine.exists() and (root / "b/1.1/index.html").is_file()
    # Something else changed the folder: the manifest is not trusted.
    (root / "other.txt").write_text("added by hand")
    assert sync_folder(root, changed, manifest=manifest) == 2


def test_digests_kept_by_the_caller_are_taken_as_given(tmp_path: Path) -> None:
    """A caller that kept each text's digest with it (the short addresses, made
    per chapter) passes them: the files are compared by those."""
    root, manifest = tmp_path / "r", tmp_path / "manifest.json"
    files = {"a.html": "a", "b/c.html": "c"}
    kept = {name: digest(text) for name, text in files.items()}
    assert sync_folder(root, files, manifest=manifest, digests=kept) == 2
    assert sync_folder(root, files, manifest=manifest) == 0  # the same digests
    edited = {**files, "a.html": "a, edited"}
    assert sync_folder(root, edited, manifest=manifest, digests=kept) == 0
    assert (root / "a.html").read_text() == "a"
    assert sync_folder(root, edited, manifest=manifest) == 1


def test_only_the_texts_written_are_made(tmp_path: Path) -> None:
    """Given every file's digest, the folder asks only for the texts it writes
    (the short addresses keep digests, and make a page when it is written)."""
    root, manifest = tmp_path / "r", tmp_path / "manifest.json"
    texts = {"a.html": "a", "b/c.html": "c"}
    made: list[str] = []

    def maker(name: str) -> Callable[[], str]:
        return lambda: made.append(name) or texts[name]

    files = MadeTexts({name: maker(name) for name in texts})
    kept = {name: digest(text) for name, text in texts.items()}
    assert sync_folder(root, files, manifest=manifest, digests=kept) == 2
    assert sorted(made) == ["a.html", "b/c.html"] and (root / "b/c.html").read_text() == "c"
    made.clear()
    texts["a.html"] = "a, edited"
    kept["a.html"] = digest(texts["a.html"])
    assert sync_folder(root, files, manifest=manifest, digests=kept) == 1
    assert made == ["a.html"] and (root / "a.html").read_text() == "a, edited"


def test_a_folder_made_again_is_written_whole(tmp_path: Path) -> None:
    root, manifest = tmp_path / "r", tmp_path / "manifest.json"
    files = {"a.html": "a", "b/c.html": "c"}
    sync_folder(root, files, manifest=manifest)
    shutil.rmtree(root)
    root.mkdir()  # perhaps with the same inode number: its change time differs
    assert sync_folder(root, files, manifest=manifest) == 2
    assert (root / "b/c.html").read_text() == "c"


def test_without_a_manifest_stale_files_are_found_by_their_mark(tmp_path: Path) -> None:
    root = tmp_path / "r"
    (root / "9.9").mkdir(parents=True)
    (root / "9.9/index.html").write_text("MARK old page")
    (root / "keep.txt").write_text("someone's file")
    sync_folder(root, {"1.1/index.html": "MARK new"}, manifest=tmp_path / "m.json",
                is_stale=lambda path: "MARK" in path.read_text())
    assert not (root / "9.9").exists() and (root / "keep.txt").exists()
    assert (root / "1.1/index.html").read_text() == "MARK new"


@pytest.mark.parametrize("name", ["../escape.html", "a/../../escape.html", "/etc/x", "."])
def test_nothing_is_written_outside_the_folder(tmp_path: Path, name: str) -> None:
    with pytest.raises(ValueError, match="outside its folder"):
        sync_folder(tmp_path / "r", {name: "x"}, manifest=tmp_path / "m.json")
    assert not (tmp_path / "escape.html").exists()


def test_a_discarded_folder_leaves_the_site_at_once(tmp_path: Path) -> None:
    bundle = tmp_path / "site/_pagefind"
    (bundle / "fragment").mkdir(parents=True)
    (bundle / "fragment/x.pf_fragment").write_text("x")
    trash = tmp_path / "cache/trash"
    discard(bundle, trash)
    assert not bundle.exists()
    (moved,) = list(trash.iterdir())
    assert (moved / "fragment/x.pf_fragment").read_text() == "x"
    discard(bundle, trash)  # nothing there: nothing to do
    assert len(os.listdir(trash)) == 1


def test_many_files_are_written_by_processes_of_their_own(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """From CHILD_FILES files on, child processes write them, a share each; the
    files are the same either way."""
    from rulesref.sphinx import outfiles

    started: list[list[str]] = []
    real_popen = outfiles.subprocess.Popen

    def popen(command: list[str], **kwargs: object) -> object:
        started.append(command)
        return real_popen(command, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(outfiles.subprocess, "Popen", popen)
    monkeypatch.setattr(outfiles, "FILES_PER_WRITER", 100)
    files = {f"{n}.{m}/index.html": f"page {n}.{m} é" for n in range(30) for m in range(10)}
    assert len(files) >= outfiles.CHILD_FILES
    assert sync_folder(tmp_path / "r", files, manifest=tmp_path / "m.json") == len(files)
    assert len(started) == outfiles.WRITERS
    assert {p.relative_to(tmp_path / "r").as_posix(): p.read_text(encoding="utf-8")
            for p in (tmp_path / "r").rglob("*.html")} == files
    few = dict(list(files.items())[:3])
    sync_folder(tmp_path / "few", few, manifest=tmp_path / "f.json")
    assert len(started) == outfiles.WRITERS  # a few files are written in the build's process
    assert (tmp_path / "few/0.1/index.html").read_text(encoding="utf-8") == "page 0.1 é"


def test_a_writer_that_fails_is_an_error(tmp_path: Path) -> None:
    from rulesref.sphinx.outfiles import CHILD_FILES, write_files

    (tmp_path / "taken").write_text("a file where a folder should be")
    files = [(str(tmp_path / "taken" / f"{n}.html"), b"x") for n in range(CHILD_FILES)]
    with pytest.raises(OSError, match="could not be written"):
        write_files(files)


@given(parts=st.lists(st.sampled_from(["a", "b", "..", ".", "", "r", "r2"]), max_size=6),
       absolute=st.booleans())
def test_a_name_stays_below_the_folder_as_commonpath_says(parts: list[str], absolute: bool
                                                          ) -> None:
    """The generated files' names are checked by a prefix test of the normalised
    path: the same answer as ``os.path.commonpath``, which it replaced."""
    relative = ("/" if absolute else "") + "/".join(parts)
    for root in ("/tmp/site/r", "/"):
        path = os.path.normpath(os.path.join(root, relative))
        allowed = os.path.commonpath([root, path]) == root and path != root
        if allowed:
            assert _inside(root, relative) == path
        else:
            with pytest.raises(ValueError):
                _inside(root, relative)
