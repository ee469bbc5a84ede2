"""The Netrunner game: rules the scenarios rely on, checked directly."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from rulesref.cards import card_table
from rulesref.games.netrunner import Game, UnimplementedCard
from rulesref.games.netrunner.cards.catalog import REGISTRY, behaviour_class
from rulesref.games.netrunner.state.events import MOVEMENT_EVENTS, Swap
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Conditional
from rulesref.games.netrunner.timing.events import Event

GRIP = ["Corroder", "Gordian Blade", "Cache", "Kati Jones", "Mimic"]


def heap_after_net_damage(seed: int) -> list[str]:
    game = Game.given(runner={"grip": GRIP}, seed=seed)
    game.damage("net", 2)
    return [card.title for card in game.runner.heap]


def test_randomness_is_seeded() -> None:
    assert heap_after_net_damage(7) == heap_after_net_damage(7)
    outcomes = {tuple(heap_after_net_damage(seed)) for seed in range(10)}
    assert len(outcomes) > 1, "different seeds can give different random discards"


def test_games_share_no_state() -> None:
    first = Game.given(runner={"rig": ["Corroder"]})
    second = Game.given(runner={"rig": ["Corroder"]})
    first.trash("Corroder", by="runner")
    assert second.card("Corroder").installed
    assert first.card("Corroder").object_id == second.card("Corroder").object_id + 1


def test_unimplemented_cards_are_refused_by_name() -> None:
    message = "'Easy Mark' has no behaviour in rulesref.games.netrunner yet"
    with pytest.raises(UnimplementedCard, match=re.escape(message)):
        Game.given(runner={"grip": ["Easy Mark"]})


def test_filler_cards_refuse_to_act() -> None:
    game = Game.given(
        corp={
            "ice": {"HQ": ["Ichi 1.0"]},
            "rezzed": ["Ichi 1.0"],
            "remote": {"Server 1": ["Hostile Takeover"]},
            "counters": {"Hostile Takeover": {"advancement": 2}},
        },
        runner={"rig": ["Kati Jones"]},
    )
    with pytest.raises(UnimplementedCard, match="subroutines are not modelled"):
        game.fire_subroutine("Ichi 1.0")
    with pytest.raises(UnimplementedCard, match="scoring abilities"):
        game.score("Hostile Takeover")
    with pytest.raises(UnimplementedCard, match="paid abilities"):
        game.use("Kati Jones")


def test_every_behaviour_is_a_real_card() -> None:
    table = card_table()
    for title in REGISTRY:
        assert title in table, title
        assert behaviour_class(title).title == title


def test_the_ten_movements() -> None:
    assert {e.kind for e in MOVEMENT_EVENTS} == {
        "arrange",
        "draw",
        "forfeit",
        "install",
        "play",
        "search",
        "score",
        "steal",
        "swap",
        "trash",
    }
    assert all(e.movement for e in MOVEMENT_EVENTS)


def test_each_card_is_in_exactly_one_zone_throughout() -> None:
    game = Game.given(
        corp={
            "rnd": ["Hedge Fund", "Ice Wall", "Enigma"],
            "archives": ["Tollbooth"],
            "remote": {"Server 1": ["Daily Business Show"], "Server 2": ["Raman Rai"]},
            "rezzed": ["Daily Business Show", "Raman Rai"],
        },
        runner={"rig": ["Harbinger", "Corroder"], "grip": ["Cache"]},
        turn="runner",
    )
    # which pending ability first; use Raman Rai; swap Ice Wall; DBS: Hedge Fund to the bottom
    game.corp.answers("Raman Rai", "yes", "Ice Wall", "Hedge Fund")

    def check() -> None:
        seen: list[int] = []
        for zone in game.zones:
            for card in zone:
                assert card.zone is zone
                seen.append(card.serial)
        assert len(seen) == len(set(seen)) == 9

    check()
    game.begin_turn("corp")
    check()
    game.trash("Harbinger", "Corroder", by="corp")
    check()
    game.install("Cache")
    check()


def test_turning_faceup_is_rezzed_only_when_the_rez_completes() -> None:
    game = Game.given(corp={"ice": {"HQ": ["Enigma"]}, "credits": 3})
    seen: list[bool | None] = []
    original = game.timing.checkpoint

    def spy(rules: Sequence[str] = (), note: str = "") -> None:
        seen.append(game.card("Enigma").rezzed)
        original(rules, note)

    game.timing.checkpoint = spy  # type: ignore[method-assign]
    game.rez("Enigma")
    assert seen[0] is False, "at the checkpoint after paying, Enigma is not rezzed yet"
    assert game.card("Enigma").rezzed is True


class SwapWatcher(Conditional):
    """Met by every swap; records the ice order when it finally resolves."""

    def __init__(self, game: Game) -> None:
        super().__init__("watcher", "corp")
        self.game = game
        self.orders: list[list[str]] = []

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Swap)

    def resolve(self, event: Event) -> None:
        self.orders.append([c.title for c in self.game.server("HQ").ice])


def test_abilities_met_while_arranging_ice_become_pending_after_all_swaps() -> None:
    game = Game.given(corp={"ice": {"HQ": ["Ice Wall", "Enigma", "Wraparound"]}})
    watcher = SwapWatcher(game)
    abilities = game.timing.abilities
    game.timing.abilities = lambda: [*abilities(), watcher]
    game.corp.decides_with(lambda decision: decision.options[0])  # two pending: either first
    game.arrange_ice("HQ", ["Wraparound", "Ice Wall", "Enigma"])
    final = ["Wraparound", "Ice Wall", "Enigma"]
    assert watcher.orders == [final, final], "both swaps resolved only once arranging was done"


def test_separate_swaps_each_settle_before_the_next() -> None:
    game = Game.given(corp={"ice": {"HQ": ["Ice Wall", "Enigma", "Wraparound"]}})
    watcher = SwapWatcher(game)
    abilities = game.timing.abilities
    game.timing.abilities = lambda: [*abilities(), watcher]
    game.swap("Ice Wall", "Wraparound", by="corp")
    game.swap("Enigma", "Ice Wall", by="corp")
    assert watcher.orders == [
        ["Wraparound", "Enigma", "Ice Wall"],
        ["Wraparound", "Ice Wall", "Enigma"],
    ]


def test_a_stable_repr_for_each_kind_of_place() -> None:
    game = Game.given(
        corp={
            "rnd": ["Hedge Fund"],
            "ice": {"HQ": ["Enigma"]},
            "rezzed": ["Enigma"],
            "archives_facedown": ["Ice Wall"],
            "remote": {"Server 1": ["Hostile Takeover"]},
        },
        runner={"rig_facedown": ["Corroder"], "identity": "Freedom Khumalo: Crypto-Anarchist"},
    )
    assert [
        repr(game.card(t))
        for t in [
            "Hedge Fund",
            "Enigma",
            "Ice Wall",
            "Hostile Takeover",
            "Corroder",
            "Freedom Khumalo: Crypto-Anarchist",
        ]
    ] == [
        "<Hedge Fund: R&D #1 of 1>",
        "<Enigma: protecting HQ at position 1, rezzed>",
        "<Ice Wall: Archives, facedown>",
        "<Hostile Takeover: root of Server 1, unrezzed>",
        "<Corroder: rig, facedown>",
        "<Freedom Khumalo: Crypto-Anarchist: identity, faceup>",
    ]


def test_set_aside_cards_are_in_the_shared_zone_while_drawn() -> None:
    game = Game.given(
        corp={
            "rnd": ["Hedge Fund"],
            "remote": {"Server 1": ["Raman Rai"]},
            "rezzed": ["Raman Rai"],
            "archives": ["Beanstalk Royalties"],
        }
    )
    seen: list[ZoneType] = []
    game.corp.answers("yes")  # one drawn card, one operation in Archives: nothing else to ask
    original = game.timing.reaction_window

    def spy() -> None:
        if game.draws:
            seen.append(game.card("Hedge Fund").zone_type)
        original()

    game.timing.reaction_window = spy  # type: ignore[method-assign]
    game.draw("corp")
    assert seen == [ZoneType.SET_ASIDE]
    assert game.corp.hq == [game.card("Beanstalk Royalties")]
