"""Abilities of the chapter-1 cards that their scenarios do not reach."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def test_vaporframe_trashed_by_the_runner_installs_elsewhere() -> None:
    game = Game.given(
        corp={
            "hq": ["Hostile Infrastructure"],
            "remote": {"Server 1": ["Vaporframe Fabricator"]},
            "ice": {"Server 2": ["Ice Wall"]},
            "rezzed": ["Vaporframe Fabricator"],
        },
        runner={"credits": 10},
        turn="runner",
    )
    game.runner.answers("yes")  # pay to trash it
    # the Corp uses the trigger: which card, which server (not Server 1's root), trash?
    asked: list[str] = []

    def corp(decision: object) -> object:
        options = decision.options  # type: ignore[attr-defined]
        asked.append(" / ".join(o.label for o in options))
        return options[0]

    game.corp.decides_with(corp)
    game.run_on("Server 1")
    game.proceed_to_end()
    assert str(game.card("Vaporframe Fabricator").location) == "Archives"
    servers = next(q for q in asked if "a new remote server" in q)
    assert "Server 1" not in servers and "Server 2" in servers, asked
    assert game.card("Hostile Infrastructure").installed


def test_vaporframe_trashed_by_the_corp_installs_nothing() -> None:
    game = Game.given(
        corp={
            "hq": ["Hostile Infrastructure"],
            "remote": {"Server 1": ["Vaporframe Fabricator"]},
            "rezzed": ["Vaporframe Fabricator"],
        }
    )
    game.trash("Vaporframe Fabricator", by="corp")
    assert not game.card("Hostile Infrastructure").installed
    assert game.corp.unused_answers == []


def test_next_big_thing_gets_its_counter_when_stolen_and_shuffles_cards_back() -> None:
    game = Game.given(
        corp={"hq": ["Next Big Thing"], "rnd": ["Ice Wall"] + ["Hedge Fund"] * 4},
        turn="runner",
    )
    game.run_on("HQ")
    game.proceed_to_end()
    stolen = game.card("Next Big Thing")
    assert str(stolen.location) == "Runner score area"
    assert stolen.counters["agenda"] == 1
    game.begin_turn("corp")  # the Corp draws Ice Wall
    game.corp.answers("Ice Wall", "no more")  # shuffle which cards back?
    game.use("Next Big Thing")  # the Corp uses it from the Runner's score area
    assert stolen.counters["agenda"] == 0
    assert sorted(c.title for c in game.corp.hq) == ["Hedge Fund"] * 4
    assert [c.title for c in game.corp.rnd] == ["Ice Wall"]
