"""Moving an installed card to another server's root (Georgia Emelyov): the card is in
the new root, and only there, so a breach of its new server offers it as a candidate and
a breach of its old server does not (rule_candidates_in_server_root)."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def _georgia_moved_to_rnd() -> Game:
    game = Game.given(
        corp={
            "remote": {"Server 1": ["Georgia Emelyov"]},
            "ice": {"Server 1": ["Ice Wall"]},
            "rezzed": ["Georgia Emelyov"],
            "rnd": ["Hedge Fund"],
        }
    )
    game.corp.answers("R&D")
    game.use("Georgia Emelyov")
    game.end_turn("corp")
    game.begin_turn("runner")
    return game


def test_a_card_moved_to_a_central_root_is_accessed_when_that_server_is_breached() -> None:
    game = _georgia_moved_to_rnd()
    assert [c.title for c in game.server("R&D").root] == ["Georgia Emelyov"]
    mark = game.log.mark()
    game.run_on("R&D")
    game.runner.answers("Georgia Emelyov", "no")  # access it first; do not pay to trash it
    game.proceed_to_end()
    accessed = str(game.log.since(mark).citing("step_card_accessed"))
    assert "accesses Georgia Emelyov (root of R&D)" in accessed


def test_a_card_moved_away_leaves_the_root_of_its_old_server() -> None:
    game = _georgia_moved_to_rnd()
    assert game.server("Server 1").root == []
    mark = game.log.mark()
    game.run_on("Server 1")
    game.proceed_to_end()
    assert not game.log.since(mark).citing("step_card_accessed")
