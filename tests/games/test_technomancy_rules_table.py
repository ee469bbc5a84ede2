"""The engine may only cite rules that exist, numbered the way the rulebook numbers them."""

from __future__ import annotations

import re
from pathlib import Path

from rulesref.games.technomancy import RULES, Game
from rulesref.games.technomancy.rules import technomancy_log

SEED = Path(__file__).parents[2] / "seeds" / "technomancy" / "technomancy_game_rules.md"


def _ids_from_seed() -> list[str]:
    """Number the seed independently: sections by heading, list items by position."""
    ids: list[str] = []
    section: str | None = None
    levels: list[list[int]] = []  # [indent, count]
    for line in SEED.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"## (\d+)\. ", line)
        if heading:
            section = heading[1]
            ids.append(f"tm_{section}")
            levels = []
            continue
        item = re.match(r"( *)1\. ", line)
        if item and section is not None:
            indent = len(item[1])
            while levels and levels[-1][0] > indent:
                levels.pop()
            if levels and levels[-1][0] == indent:
                levels[-1][1] += 1
            else:
                levels.append([indent, 1])
            ids.append("tm_" + section + "".join(f"_{n}" for _, n in levels))
    return ids


def test_rule_table_matches_the_seed_numbering() -> None:
    assert list(RULES) == _ids_from_seed()
    assert "tm_3_4_3_1" in RULES and RULES["tm_3_5_4_2"] == "only one building per turn"


def test_log_refuses_a_rule_that_does_not_exist() -> None:
    log = technomancy_log()
    try:
        log.add("tm_3_4_9", "no such rule")
    except KeyError:
        pass
    else:  # pragma: no cover - the assertion below explains the failure
        raise AssertionError("the log accepted a citation of a rule that does not exist")
    assert len(log) == 0


def test_a_full_turn_cites_only_rules_from_the_table() -> None:
    game = Game.given(
        phase="recovery",
        Ada={"battlefield": ["Cloud Server", "Newsfeed", "Night Shift", "Street Samurai (tapped)"]},
    )
    game.advance_to("main", turn_of="Bo")
    assert game.log.rules() <= set(RULES)
    assert {"tm_3_3_1_1", "tm_3_3_2_1", "tm_3_3_3_1", "tm_3_3_5_1", "tm_3_4_7"} <= game.log.rules()
