"""Using a paid ability is an event of the turn: once its trigger cost is paid, the
ability and its source are used (rule_paid_ability_used_condition,
step_paid_ability_condition), by the player who paid it."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def test_paying_a_paid_abilitys_cost_uses_the_ability_and_its_source() -> None:
    game = Game.given(
        corp={"remote": {"Server 1": ["Georgia Emelyov"]}, "rezzed": ["Georgia Emelyov"]}
    )
    game.corp.answers("R&D")
    game.use("Georgia Emelyov")
    used = [e for e in game.events_this_turn() if e.kind == "use an ability"]
    assert len(used) == 1
    assert getattr(used[0], "source", None) is game.card("Georgia Emelyov")
    said = used[0].describe()  # who used which ability, as the history tells it
    assert "Corp" in said and "Georgia Emelyov: move to another server" in said

