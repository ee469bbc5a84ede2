"""Damage, health, death, triggers, recovery and the layer order of rule 6.2."""

from __future__ import annotations

from rulesref.games.technomancy import SAMPLE_CARDS, Game, Scrip, Scrips


def test_scrip_factions_and_cost() -> None:
    cost = Scrips.of(CORP2=1, CORP4=2)
    assert cost.kinds == {Scrip.CORP2, Scrip.CORP4}
    assert cost.total == 3
    assert Scrips.of(CORP1=1).reduced_by(Scrips.of(CORP1=2)) == Scrips()
    assert not Scrips.of(CORP1=3).covers(Scrips.of(CORP2=1))
    assert SAMPLE_CARDS["Corp1 Relay"].factions == frozenset()
    assert SAMPLE_CARDS["Data Mine"].scrip_cost == 2


def test_agents_die_at_zero_health_and_go_to_their_owners_discard_pile() -> None:
    game = Game.given(
        Ada={"hand": ["Hijack"], "battlefield": ["Corp4 Relay", "Corp4 Relay"]},
        Bo={"battlefield": ["Street Samurai"]},
    )
    game.play("Hijack", target="Street Samurai", scrip_from=["Corp4 Relay", "Corp4 Relay"])
    game.pass_all()
    assert game.battlefield("Ada")[-1] == "Street Samurai"
    game.activate("Street Samurai", target="Street Samurai")
    game.pass_all()
    assert game.discard_pile("Bo") == ["Street Samurai"]
    assert game.discard_pile("Ada") == ["Hijack"]


def test_healing_stops_at_printed_health() -> None:
    game = Game.given(
        Ada={"hand": ["Patch Job"], "battlefield": ["Netwatch Agent (health 2)", "Corp2 Relay"]}
    )
    game.play("Patch Job", target="Netwatch Agent", scrip_from=["Corp2 Relay"])
    game.pass_all()
    assert game.card("Netwatch Agent").health == 4


def test_state_based_checks_repeat_and_kill_in_waves() -> None:
    game = Game.given(
        Ada={"hand": ["Short Circuit"], "battlefield": ["Corp1 Relay"]},
        Bo={"battlefield": ["Squad Leader", "Street Samurai (health 0)"]},
    )
    assert game.card("Street Samurai").health == 1
    game.play("Short Circuit", target="Squad Leader", scrip_from=["Corp1 Relay"])
    game.pass_all()
    checks = [e.message for e in game.log.citing("tm_3_4_3_1")]
    assert checks == [
        'state-based check: Agent "Squad Leader" has 0 health → dies',
        'state-based check repeats: Agent "Street Samurai" has 0 health → dies',
    ]


def test_death_triggers_wait_on_the_stack() -> None:
    game = Game.given(
        Ada={"hand": ["Short Circuit"], "battlefield": ["Corp1 Relay", "Volatile Drone"]},
        Bo={"battlefield": ["Netrunner Kid"]},
    )
    game.play("Short Circuit", target="Volatile Drone", scrip_from=["Corp1 Relay"])
    game.pass_all()
    assert len(game.stack) == 1
    assert game.card("Netrunner Kid").health == 2
    game.pass_all()
    assert game.card("Netrunner Kid").health == 1


def test_only_deployed_cards_recover() -> None:
    game = Game.given(
        Ada={
            "hand": ["Reboot", "Reboot", "Netwatch Agent"],
            "battlefield": ["Netwatch Agent (tapped)", "Corp3 Relay", "Corp3 Relay"],
            "library": ["Patch Job", "Overclock"],
        }
    )
    game.play("Reboot", target=game.card("Netwatch Agent", zone="hand"), scrip_from=["Corp3 Relay"])
    game.pass_all()
    assert game.library("Ada") == ["Patch Job", "Overclock"]
    assert game.card("Netwatch Agent", zone="battlefield").tapped
    game.play(
        "Reboot", target=game.card("Netwatch Agent", zone="battlefield"), scrip_from=["Corp3 Relay"]
    )
    game.pass_all()
    game.pass_all()  # the 'When ~ recovers' trigger
    assert not game.card("Netwatch Agent", zone="battlefield").tapped
    assert game.library("Ada") == ["Overclock"]


def _samurai_damage(first: str, second: str) -> int | None:
    game = Game.given(
        Ada={
            "hand": [first, second],
            "battlefield": ["Street Samurai", "Corp1 Relay", "Corp4 Relay"],
        }
    )
    relay = {"Overclock": "Corp1 Relay", "Dampener": "Corp4 Relay"}
    for name in (first, second):
        game.play(name, target="Street Samurai", scrip_from=[relay[name]])
        game.pass_all()
    return game.card("Street Samurai").damage


def test_later_timestamps_apply_later_within_a_layer() -> None:
    assert _samurai_damage("Overclock", "Dampener") == 0
    assert _samurai_damage("Dampener", "Overclock") == 2


def test_control_is_applied_before_health_whatever_the_timestamps() -> None:
    game = Game.given(
        Ada={"hand": ["Hijack"], "battlefield": ["Squad Leader", "Corp4 Relay", "Corp4 Relay"]},
        Bo={"battlefield": ["Street Samurai"]},
    )
    assert game.card("Street Samurai").health == 3
    game.play("Hijack", target="Street Samurai", scrip_from=["Corp4 Relay", "Corp4 Relay"])
    game.pass_all()
    assert game.card("Street Samurai").health == 4
    game.advance_to("main", turn_of="Bo")
    assert game.card("Street Samurai").health == 3  # Hijack ended in cleanup


def test_losing_abilities_comes_before_power_and_health() -> None:
    game = Game.given(
        Ada={"battlefield": ["Squad Leader", "Street Samurai"]},
        Bo={"hand": ["Ghost Protocol"], "battlefield": ["Corp5 Relay"]},
    )
    game.pass_priority("Ada")
    game.play("Ghost Protocol", target="Squad Leader", scrip_from=["Corp5 Relay"])
    game.pass_all()
    assert game.card("Street Samurai").health == 3


def test_allegiance_comes_before_power_and_health() -> None:
    game = Game.given(
        Ada={"hand": ["Defector"], "battlefield": ["Street Samurai", "Corp5 Relay"]},
        Bo={"battlefield": ["Zeta Rally"]},
    )
    game.play("Defector", target="Street Samurai", scrip_from=["Corp5 Relay"])
    game.pass_all()
    assert game.card("Street Samurai").factions == ("CORP5",)
    assert game.card("Street Samurai").damage == 4


def test_created_cards_belong_to_their_creator() -> None:
    game = Game.given(Bo={"hand": ["Drone Swarm"], "battlefield": ["Corp5 Relay"]}, active="Bo")
    game.play("Drone Swarm", scrip_from=["Corp5 Relay"])
    game.pass_all()
    assert [(c.owner, c.created) for c in game.cards("Drone")] == [("Bo", True), ("Bo", True)]


def test_a_static_ability_older_than_an_effect_applies_first() -> None:
    # Zeta Rally (+1 damage to CORP5 agents) entered before Dampener (damage becomes 0)
    # resolved: by timestamp the +1 comes first and Dampener's 0 stands.
    game = Game.given(
        Ada={"hand": ["Dampener"], "battlefield": ["Zeta Rally", "Volatile Drone", "Corp4 Relay"]}
    )
    assert game.card("Volatile Drone").damage == 2
    game.play("Dampener", target="Volatile Drone", scrip_from=["Corp4 Relay"])
    game.pass_all()
    assert game.card("Volatile Drone").damage == 0
