"""rulesref.coverage: which examples are backed (by a scenario written against
their text as it is), which are to re-check, and what is said about links that
do not fit: a warning for a book's own scenarios, a note for a guest's."""

from __future__ import annotations

import shutil
import stat
from pathlib import Path

import pytest

from rulesref.books import load_book, load_config
from rulesref.coverage import RECHECK, coverage
from rulesref.errors import Severity
from rulesref.model import Rulebook, plain_text
from rulesref.scenario_keys import text_hash
from rulesref.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def cr() -> Rulebook:
    return load_book(load_config(ROOT / "seeds" / "netrunner-cr"))


def scenario(tmp_path: Path, name: str, front: str, folder: str = "netrunner-cr") -> Path:
    path = tmp_path / folder / f"{name}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\n{front}---\n# {name}\nProse.\n\n```{{doctest}}\n>>> 1 + 1\n2\n```\n")
    return path


def hash_of(book: Rulebook, rule_id: str, index: int = 1) -> str:
    item = book.get(rule_id)
    assert item is not None
    return text_hash(item.examples[index - 1])


def test_backed_example_and_rules(cr: Rulebook, tmp_path: Path) -> None:
    good = load_scenario(scenario(
        tmp_path, "good",
        f"backs: rule_cancelled_movement#example-1@{hash_of(cr, 'rule_cancelled_movement')}\n"
        "quote: \"Sacrificial  Construct to prevent\"\nrules: [rule_rez_procedure]\n",
    ))
    result = coverage([cr], [good])["netrunner-cr"]
    assert result.problems == []
    assert result.by_example["rule_cancelled_movement-example-1"].scenarios == [good]
    assert result.by_rule["rule_cancelled_movement"].covered
    assert result.by_rule["rule_rez_procedure"].covered
    assert not result.by_rule["rule_derez_procedure"].covered
    assert len(result.unbacked) == len(result.examples) - 1 and result.recheck == []


@pytest.mark.parametrize(
    ("front", "message"),
    [
        ("backs: rule_cancelled_movement#example-1\nquote: Harbinger\n", "is not in the text"),
        ("backs: rule_cancelled_movement#example-2\n", "has 1 example(s)"),
        ("backs: rule_nowhere#example-1\n", "backs unknown rule 'rule_nowhere'"),
        ("rules: [rule_typo]\n", "names unknown rule 'rule_typo'"),
    ],
)
def test_wrong_links_are_reported_not_counted(cr: Rulebook, tmp_path: Path, front: str,
                                              message: str) -> None:
    bad = load_scenario(scenario(tmp_path, "bad", front))
    result = coverage([cr], [bad])["netrunner-cr"]
    assert len(result.problems) == 1 and message in result.problems[0].message
    assert all(not e.backed and not e.links for e in result.examples)


def test_an_unhashed_or_changed_example_is_to_recheck_with_the_hash_to_write(
    cr: Rulebook, tmp_path: Path
) -> None:
    now = hash_of(cr, "rule_cancelled_movement")
    other = "0" * 8 if now != "0" * 8 else "1" * 8
    unhashed = load_scenario(scenario(tmp_path, "unhashed",
                                      "backs: rule_cancelled_movement#example-1\n"))
    changed = load_scenario(scenario(tmp_path, "changed",
                                     f"backs: rule_cancelled_movement#example-1@{other}\n"))
    for stale in (unhashed, changed):
        result = coverage([cr], [stale])["netrunner-cr"]
        entry = result.by_example["rule_cancelled_movement-example-1"]
        assert not entry.backed and entry.to_recheck and entry.scenarios == []
        assert result.recheck == [entry] and result.stale(stale)[0].example is entry.example
        (problem,) = result.problems
        assert problem.subtype == RECHECK and problem.severity is Severity.WARNING
        assert f"backs: rule_cancelled_movement#example-1@{now}" in problem.message
        assert problem.pos.line == 2  # the backs line
        # The rule is still covered: the scenario is about it.
        assert result.by_rule["rule_cancelled_movement"].covered


def writable_seed(tmp_path: Path, slug: str) -> Path:
    folder = tmp_path / "books" / slug
    shutil.copytree(ROOT / "seeds" / "netrunner-cr", folder)
    for path in [folder, *folder.rglob("*")]:
        path.chmod(path.stat().st_mode | stat.S_IWUSR)
    toml = folder / "book.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + f'slug = "{slug}"\n', encoding="utf-8")
    return folder


def test_a_release_with_another_slug_gets_the_librarys_scenarios_as_a_guest(
    cr: Rulebook, tmp_path: Path
) -> None:
    """The library's folder is named after the seed; a team's release of the same
    rules has its own slug, and one example reworded: that one is to re-check,
    with a note (the release is not wrong), the others verified."""
    written = {rule: hash_of(cr, rule) for rule in ("rule_cancelled_movement",
                                                    "rule_drawn_card_swapped")}
    scenarios = [
        load_scenario(scenario(tmp_path, rule, f"backs: {rule}#example-1@{digest}\n"),
                      library=True)
        for rule, digest in written.items()
    ]
    folder = writable_seed(tmp_path, "team-rules")
    chapter = folder / "08_card_manipulation.yaml"
    # Reword the example: its first word, doubled, where its text starts in the file.
    example = cr.get("rule_drawn_card_swapped").examples[0]  # type: ignore[union-attr]
    first = plain_text(example.text).split()[0]
    lines = chapter.read_text(encoding="utf-8").split("\n")
    at = next(n for n in range(example.pos.line - 1, len(lines)) if first in lines[n])
    lines[at] = lines[at].replace(first, f"{first} {first}", 1)
    chapter.write_text("\n".join(lines), encoding="utf-8")
    release = load_book(load_config(folder))
    assert release.slug == "team-rules"
    result = coverage([cr, release], scenarios)
    seed, team = result["netrunner-cr"], result["team-rules"]
    assert seed.problems == [] and len(seed.recheck) == 0
    assert sum(e.backed for e in seed.examples) == 2
    assert team.scenarios == scenarios and not team.bound.own(scenarios[0])
    assert [e.example.id for e in team.recheck] == ["rule_drawn_card_swapped-example-1"]
    assert team.by_example["rule_cancelled_movement-example-1"].backed
    (note,) = team.problems
    assert note.severity is Severity.NOTE and note.subtype == RECHECK
    assert hash_of(release, "rule_drawn_card_swapped") in note.message
