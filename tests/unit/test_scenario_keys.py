"""Scenarios keyed to an example's ID and the hash of its text
(rulesref.scenario_keys): which edits of an example count, where a scenario's
example is found after a new release moved it, and which books a folder of
scenarios is about."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesref.books import load_book, load_config
from rulesref.model import Rulebook
from rulesref.scenario_keys import BookExamples, LinkState, bind, normalised_text, text_hash
from rulesref.scenarios import ExampleRef, Scenario, load_scenario

SENTENCE = "The Runner plays {card:Sure Gamble}, then spends 2[c]; see {ref:rule_b}."


def book(tmp_path: Path, slug: str, rules: dict[str, list[str]], *, order: int = 1) -> Rulebook:
    """A CR-YAML book ``slug`` whose rules (by ID) have these example texts, each
    written as a literal block so a test can lay its lines out as it likes."""
    folder = tmp_path / "books" / slug
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "book.toml").write_text(
        f'title = "{slug}"\nformat = "cr-yaml"\nnumbering = "cr"\norder = {order}\n'
        '[[chapters]]\nfile = "one.yaml"\nnumber = 1\n', encoding="utf-8")
    lines = ["chapter: chpt_one", "text: One", "sections:", "- section: sec_one",
             "  text: Section", "  rules:"]
    for rule_id, examples in rules.items():
        lines += [f"  - rule: {rule_id}", f"    text: The rule {rule_id}."]
        if examples:
            lines.append("    examples:")
        for text in examples:
            lines.append("    - text: |-")
            lines += [f"        {line}" for line in text.split("\n")]
    (folder / "one.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return load_book(load_config(folder))


def example_hash(found: Rulebook, rule_id: str, index: int = 1) -> str:
    item = found.get(rule_id)
    assert item is not None
    return text_hash(item.examples[index - 1])


def scenario(tmp_path: Path, folder: str, name: str, backs: str = "", rules: str = "",
             *, library: bool = False) -> Scenario:
    path = tmp_path / ("library" if library else "own") / folder / f"{name}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    front = (f"backs: {backs}\n" if backs else "") + (f"rules: [{rules}]\n" if rules else "")
    path.write_text(f"---\n{front}---\n# {name}\n\n```{{doctest}}\n>>> 1\n1\n```\n",
                    encoding="utf-8")
    return load_scenario(path, library=library)


# -- the hash: which edits count ---------------------------------------------


@pytest.mark.parametrize(
    ("edited", "counts"),
    [
        # Reflowed, re-indented, spaces doubled: the same words.
        ("The Runner plays {card:Sure Gamble},\nthen spends   2[c];\nsee {ref:rule_b}.", False),
        # A term's mark and the "new in this release" mark change no word.
        ("The Runner plays {card:Sure Gamble}, {n}then{/n} spends 2[c]; see {ref:rule_b}.", False),
        ("The {term:Runner} plays {card:Sure Gamble}, then spends 2[c]; see {ref:rule_b}.", False),
        # A word, a number, a symbol, a card, the rule referred to, a letter's case.
        ("The Runner plays {card:Sure Gamble}, then spends 3[c]; see {ref:rule_b}.", True),
        ("The Runner plays {card:Sure Gamble}, then spends 2[click]; see {ref:rule_b}.", True),
        ("The Runner plays {card:Hedge Fund}, then spends 2[c]; see {ref:rule_b}.", True),
        ("The Runner plays {card:Sure Gamble}, then spends 2[c]; see {ref:rule_a}.", True),
        ("The Runner plays {card:Sure Gamble}, then spends 2[c]; See {ref:rule_b}.", True),
        ("The Runner plays {card:Sure Gamble} then spends 2[c]; see {ref:rule_b}.", True),
    ],
)
def test_only_a_change_of_words_changes_the_hash(tmp_path: Path, edited: str,
                                                 counts: bool) -> None:
    before = book(tmp_path / "before", "b", {"rule_a": [SENTENCE], "rule_b": []})
    after = book(tmp_path / "after", "b", {"rule_a": [edited], "rule_b": []})
    old, new = example_hash(before, "rule_a"), example_hash(after, "rule_a")
    assert (old != new) is counts, (normalised_text(before.get("rule_a").examples[0].text),
                                    normalised_text(after.get("rule_a").examples[0].text))
    assert len(old) == 8 and int(old, 16) >= 0


def test_quotes_and_unicode_forms_do_not_count(tmp_path: Path) -> None:
    straight = book(tmp_path / "s", "b", {"rule_a": ["The Corp's \"café\"."]})
    curly = book(tmp_path / "c", "b", {"rule_a": ["The Corp\u2019s \u201ccafe\u0301\u201d."]})
    assert example_hash(straight, "rule_a") == example_hash(curly, "rule_a")


# -- finding the example a scenario backs -------------------------------------


def test_a_link_is_current_changed_or_unhashed(tmp_path: Path) -> None:
    found = book(tmp_path, "b", {"rule_a": ["One thing.", "Another thing."]})
    examples = BookExamples(found)
    second = example_hash(found, "rule_a", 2)
    written = scenario(tmp_path, "b", "s", f"rule_a#example-2@{second}")
    link = examples.find(written, written.backs[0])
    assert link is not None and link.state is LinkState.CURRENT and not link.moved
    assert link.example is found.get("rule_a").examples[1]
    # Written against another text: the example it names, to re-check.
    other = example_hash(found, "rule_a", 1)
    elsewhere = next(h for h in ("00000000", "11111111", "22222222") if h not in {other, second})
    stale = scenario(tmp_path, "b", "t", f"rule_a#example-2@{elsewhere}")
    link = examples.find(stale, stale.backs[0])
    assert link is not None and link.state is LinkState.CHANGED
    assert link.written == f"rule_a#example-2@{second}"
    # No hash: nothing says which text it was checked against.
    bare = scenario(tmp_path, "b", "u", "rule_a#example-1")
    link = examples.find(bare, bare.backs[0])
    assert link is not None and link.state is LinkState.UNHASHED and not link.current
    assert link.written == f"rule_a#example-1@{other}"
    # Nothing by that ID, nor that text.
    assert examples.find(stale, ExampleRef("rule_z", 1, elsewhere)) is None
    assert examples.find(stale, ExampleRef("rule_a", 3)) is None


def test_an_example_moved_by_a_new_release_is_found_by_its_text(tmp_path: Path) -> None:
    old = book(tmp_path / "old", "b", {"rule_a": ["The words that matter."], "rule_gone": [
        "Words under a rule that is renamed."]})
    moved = scenario(tmp_path, "b", "s",
                     f"[rule_a#example-1@{example_hash(old, 'rule_a')}, "
                     f"rule_gone#example-1@{example_hash(old, 'rule_gone')}]")
    # The new release inserts an example before it, and renames the other rule.
    new = book(tmp_path / "new", "b", {"rule_a": ["An inserted example.", "The words that matter."],
                                       "rule_new_name": ["Words under a rule that is renamed."]})
    examples = BookExamples(new)
    first, second = (examples.find(moved, ref) for ref in moved.backs)
    assert first is not None and first.current and first.moved
    assert first.example is new.get("rule_a").examples[1]
    assert first.written == f"rule_a#example-2@{example_hash(new, 'rule_a', 2)}"
    assert second is not None and second.current and second.example.owner_id == "rule_new_name"


# -- which books a folder is about -------------------------------------------


def test_a_folder_is_about_its_book_and_any_book_with_its_examples_text(tmp_path: Path) -> None:
    words = "The example the scenario was checked against."
    seed = book(tmp_path, "seed", {"rule_a": [words]})
    release = book(tmp_path, "team-release", {"rule_a": [words], "rule_b": ["Other."]}, order=2)
    other_game = book(tmp_path, "other-game", {"rule_a": ["Same ID, other words."]}, order=3)
    ref = f"rule_a#example-1@{example_hash(seed, 'rule_a')}"
    backing = scenario(tmp_path, "seed", "backing", ref, library=True)
    procedure = scenario(tmp_path, "seed", "procedure", rules="rule_a", library=True)
    unhashed = scenario(tmp_path, "stray", "unhashed", "rule_a#example-1", library=True)
    bound = bind([seed, release, other_game], [backing, procedure, unhashed])
    assert bound["seed"].scenarios == [backing, procedure] and bound["seed"].own(backing)
    # The release holds the example's very words: the whole folder is about it, as a guest.
    assert bound["team-release"].scenarios == [backing, procedure]
    assert not bound["team-release"].own(backing)
    # Same IDs, other words (another game): nothing; an unhashed link binds nothing.
    assert bound["other-game"].scenarios == []


def test_a_sites_own_scenario_replaces_the_librarys_of_that_name(tmp_path: Path) -> None:
    words = "Words."
    found = book(tmp_path, "team", {"rule_a": [words]})
    ref = f"rule_a#example-1@{example_hash(found, 'rule_a')}"
    library = scenario(tmp_path, "family", "same-name", ref, library=True)
    own = scenario(tmp_path, "team", "same-name", ref)
    bound = bind([found], [library, own])["team"]
    assert bound.scenarios == [own]
    assert bound.shadowed == [(library, own)]
