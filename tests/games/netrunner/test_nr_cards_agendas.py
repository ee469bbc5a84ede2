"""Project Yagi-Uda with nothing to swap, and Clone Retirement's optional ability."""

from __future__ import annotations

import pytest

from rulesref.games.netrunner import Game


@pytest.mark.parametrize(("hq", "ice"), [([], ["Ice Wall"]), (["Hedge Fund"], [])])
def test_project_yagi_uda_with_nothing_to_swap(hq: list[str], ice: list[str]) -> None:
    game = Game.given(
        corp={
            "hq": hq,
            "ice": {"R&D": ice},
            "score_area": ["Project Yagi-Uda"],
            "counters": {"Project Yagi-Uda": {"agenda": 1}},
            "rezzed": ice,
        },
        turn="runner",
    )
    game.run_on("R&D")
    game.use("Project Yagi-Uda")
    assert game.log.mentioning("Project Yagi-Uda: there is nothing to swap")
    assert game.card("Project Yagi-Uda").counters["agenda"] == 0


def test_clone_retirement_scored_may_keep_the_bad_publicity() -> None:
    game = Game.given(
        corp={
            "bad_publicity": 2,
            "remote": {"Server 1": ["Clone Retirement"]},
            "counters": {"Clone Retirement": {"advancement": 2}},
        }
    )
    game.corp.answers("no")
    game.score("Clone Retirement")
    assert game.corp.bad_publicity == 2
