"""Abilities whose condition is a state of the game rather than an event ("when the
host ice has 0 strength"), looked at in every checkpoint.

Strength and memory are derived values that change without any event (a counter
is placed, a card adding memory leaves), so such conditions are checked where
the game's state is checked: at checkpoints.
"""

from __future__ import annotations

from rulesref.games.netrunner.procedures.breach import declare_entering_root
from rulesref.games.netrunner.procedures.hosting import forbids_hosting
from rulesref.games.netrunner.procedures.memory import enforce_limit
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.positions import destroy_vacant
from rulesref.games.netrunner.procedures.remote_limits import enforce_remote_limit
from rulesref.games.netrunner.procedures.servers_ceasing import cease_empty_remotes
from rulesref.games.netrunner.procedures.strength import expire_boosts
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import ZoneType


class StateWatcher:
    """Mixed into a behaviour with an ability whose condition is a state of the game."""

    def at_checkpoint(self) -> None:
        """Look at the game and act if the condition holds (only while active)."""


def check_states(game: Table) -> None:
    """What every checkpoint looks at: conditions that are states of the game, effects
    whose duration has passed, whether a player has 7 agenda points, unique cards and
    consoles, the restrictions on cards (hosts, the memory limit, the remote server
    limit), empty remote servers and positions, and cards that entered the root of a
    server being breached."""
    # In the order of the rules' steps: conditions, durations, agenda points,
    # uniqueness, restrictions, remote servers, vacant positions, the breach's roots.
    for card in list(game.zones.get(ZoneType.PLAY_AREA).cards):
        behaviour = card.behaviour
        if isinstance(behaviour, StateWatcher) and behaviour.active:
            behaviour.at_checkpoint()
    game.lingering = [effect for effect in game.lingering if effect.lasts()]
    expire_boosts(game)
    score_seven(game)
    limit_unique_and_consoles(game)
    trash_illegally_hosted(game)
    enforce_limit(game)
    enforce_remote_limit(game)
    cease_empty_remotes(game)
    destroy_vacant(game)
    declare_entering_root(game)


def score_seven(game: Table) -> None:
    """A player whose score area holds 7 agenda points or more wins; both at once, and
    the game ends in a draw."""
    winners = [p for p in (game.corp, game.runner) if p.agenda_points >= 7]
    if len(winners) == 2:
        game.end_in_a_draw(
            ("step_checkpoint_agenda_points",),
            "both players have 7 or more agenda points "
            f"(Corp {game.corp.agenda_points}, Runner {game.runner.agenda_points})",
        )
    elif winners:
        (player,) = winners
        game.win(
            player.side, ("step_checkpoint_agenda_points",), f"{player.agenda_points} agenda points"
        )


def limit_unique_and_consoles(game: Table) -> None:
    """Of several active unique cards with one name, or several consoles one player has
    installed, all but the one that became active most recently are trashed (this
    cannot be prevented)."""
    groups: dict[tuple[str, str], list[NetrunnerCard]] = {}
    for card in game.zones.get(ZoneType.PLAY_AREA).cards:
        behaviour = card.behaviour
        if behaviour is None or not behaviour.active:
            continue
        if card.facts.is_unique:
            groups.setdefault(("unique", card.title), []).append(card)
        if card.installed and card.has_subtype("console"):
            groups.setdefault(("console", card.owner), []).append(card)
    for (kind, _), cards in groups.items():
        if len(cards) < 2:
            continue
        keep = max(cards, key=lambda c: c.activated)
        gone = [c for c in cards if c is not keep]
        game.log.record(
            (
                "step_checkpoint_uniqueness",
                "rule_uniqueness" if kind == "unique" else "rule_install_console",
            ),
            f"checkpoint: {keep.title} became active most recently; "
            + ", ".join(c.title for c in gone)
            + " cannot stay",
        )
        trash(
            game, gone, by=gone[0].owner, cause=f"{kind} limit", unpreventable=f"the {kind} limit"
        )


def trash_illegally_hosted(game: Table) -> None:
    """Cards hosted on a card that now cannot host cards (it was rezzed, revealing the
    ability) are in an illegal location: they are trashed."""
    illegal = [
        c
        for c in game.zones.get(ZoneType.PLAY_AREA).cards
        if c.host is not None and forbids_hosting(c.host)
    ]
    if not illegal:
        return
    game.log.record(
        "step_checkpoint_card_restrictions",
        "checkpoint: "
        + ", ".join(f"{c.title} is hosted on {c.host.title}" for c in illegal if c.host)
        + ", which cannot host cards: an illegal location",
    )
    trash(game, illegal, by=illegal[0].owner, cause="hosted in an illegal location")
