"""Installing by an ability: the like cards the Corp may trash as it installs
(rule_install_trash_ice) do not include a card that cannot be trashed, since the
"cannot" takes precedence (rule_cannot_precedence); such ice stays, and still counts
towards the install cost."""

from __future__ import annotations

from rulesref.games.netrunner import Game


def _architect_installs_enigma() -> Game:
    """HQ: Architect (inner) and Ice Wall, unrezzed; R&D: a rezzed Architect, whose second
    subroutine installs a card from Archives (paying its install cost)."""
    game = Game.given(
        corp={
            "ice": {"HQ": ["Architect", "Ice Wall"], "R&D": ["Architect"]},
            "archives": ["Enigma"],
            "credits": 5,
        },
        turn="runner",
    )
    game.rez(game.server("R&D").ice[0], ignoring_costs=True)
    return game


def test_a_rezzed_architect_is_not_offered_as_a_like_card_to_trash() -> None:
    game = _architect_installs_enigma()
    game.rez(game.server("HQ").ice[0], ignoring_costs=True)
    game.corp.answers("Enigma", "HQ", "no")  # install what? where? trash Ice Wall?
    mark = game.log.mark()
    game.fire_subroutine(game.server("R&D").ice[0], 2)
    asked = str(game.log.since(mark).citing("rule_install_trash_like_cards"))
    assert "trash Ice Wall" in asked and "trash Architect" not in asked
    assert [c.title for c in game.server("HQ").ice] == ["Architect", "Ice Wall", "Enigma"]
    assert game.corp.credits == 3  # two pieces of ice already protect HQ


def test_an_unrezzed_architect_can_be_trashed_as_ice_is_installed() -> None:
    game = _architect_installs_enigma()
    game.corp.answers("Enigma", "HQ", "yes", "no")  # trash Architect? trash Ice Wall?
    game.fire_subroutine(game.server("R&D").ice[0], 2)
    assert [c.title for c in game.server("HQ").ice] == ["Ice Wall", "Enigma"]
    assert game.corp.credits == 4  # the trashed Architect does not count
