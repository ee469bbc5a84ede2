"""Strength as a derived value: printed strength, static changes, and lasting boosts.

Nothing stores a card's strength.  It is worked out each time it is asked:
the card's own value (printed, or what its behaviour computes), then every
active ability that changes it (a host's bonus), then the boosts that still
last.  A boost names how long it lasts ("until the end of the encounter",
"for the remainder of this run", "until the end of the turn"); it simply stops
counting once that encounter, run or turn is over, or once the card it was
given to has become a new object.  Installed ice that is unrezzed (derezzed,
or never rezzed) has no strength, and neither has a facedown Runner card.
"""

from __future__ import annotations

from typing import Literal

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner.state.boosts import Boost, Until
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import ZoneType


class StrengthSource:
    """Mixed into a behaviour whose ability changes other cards' strength while active."""

    def strength_bonus(self, card: NetrunnerCard) -> int:
        """What this ability adds to ``card``'s strength (0 for a card it does not change):
        each source says, as a source that changes nothing would not be one."""
        raise NotImplementedError


class BoostExtender:
    """Mixed into the behaviour of a card that makes its host's strength increases last
    for the remainder of the turn instead of any shorter duration."""


def _extended(game: Table, card: NetrunnerCard, amount: int, until: Until) -> bool:
    """Whether a card hosted on ``card`` makes this increase last the turn; the trace
    names it, once for the increase."""
    if amount <= 0 or until is Until.TURN:
        return False
    for other in game.zones.get(ZoneType.PLAY_AREA).cards:
        behaviour = other.behaviour
        if other.host is card and isinstance(behaviour, BoostExtender) and behaviour.active:
            game.log.record(
                (), f"{other.title}: the increase lasts for the remainder of the turn instead"
            )
            return True
    return False


def boost(
    game: Table,
    card: NetrunnerCard,
    amount: int,
    until: Literal[Until.ENCOUNTER, Until.TURN],
    source: str,
) -> None:
    """Give ``card`` (this object) ``amount`` strength for as long as ``until`` says: the
    encounter, or the turn (an icebreaker's own increase for the run is
    :func:`breaker_boost`'s)."""
    if _extended(game, card, amount, until):
        until = Until.TURN
    scope: object
    if until is Until.ENCOUNTER:
        encounter = game.current_encounter()
        if encounter is None:
            raise IllegalAction(f"{source}: there is no encounter for the change to last for")
        scope = encounter
    else:
        scope = game.history.turn
    game.boosts.append(Boost(card.ref(), amount, until, source, scope))
    game.log.record(
        (),
        f"{card.title} gets {amount:+} strength {until} ({source}); "
        f"its strength is now {current_strength(game, card)}",
    )


def breaker_boost(
    game: Table, card: NetrunnerCard, amount: int, stated: Literal[Until.RUN] | None, source: str
) -> None:
    """An icebreaker's own paid ability raises its strength: for the encounter under way
    whatever it says, and also for the duration it states (the run, if there is one); with
    neither an encounter nor a stated duration that applies, until the next checkpoint.
    A card it hosts may make the increase last the turn instead (whatever it states, it is
    not already for the turn)."""
    if _extended(game, card, amount, Until.ENCOUNTER):
        boost(game, card, amount, Until.TURN, source)
        return
    encounter = game.current_encounter()
    # Each duration that applies, with the rule that gives it.
    scopes: list[tuple[Until, object, str]] = []
    if encounter is not None and not encounter.over:
        scopes.append((Until.ENCOUNTER, encounter, "rule_icebreaker_strength_increase_implicit"))
    if stated is Until.RUN and game.run is not None:
        scopes.append((Until.RUN, game.run, "rule_icebreaker_strength_increase_specified"))
    if not scopes:
        scopes.append(
            (
                Until.CHECKPOINT,
                game.timing.checkpoints,
                "rule_icebreaker_strength_increase_outside_of_encounter",
            )
        )
    # The longest duration leads: the run outlasts an encounter within it.
    (until, scope, _), *also = sorted(scopes, key=lambda s: s[0] is not Until.RUN)
    game.boosts.append(
        Boost(card.ref(), amount, until, source, scope, tuple((u, s) for u, s, _ in also))
    )
    lasting = " and ".join(str(u) for u, _, _ in scopes)
    game.log.record(
        tuple(rule for _, _, rule in scopes),
        f"{card.title} gets {amount:+} strength {lasting} ({source}); its strength is now "
        f"{current_strength(game, card)}",
    )


def _lasts(game: Table, until: Until, scope: object) -> bool:
    if until is Until.ENCOUNTER:
        encounter = game.current_encounter()
        return encounter is not None and encounter is scope and not encounter.over
    if until is Until.RUN:
        return game.run is scope
    if until is Until.CHECKPOINT:
        return game.timing.checkpoints == scope
    return game.history.turn == scope


def _still_lasts(game: Table, boost: Boost) -> bool:
    return any(_lasts(game, u, s) for u, s in ((boost.until, boost.scope), *boost.also))


def current_strength(game: Table, card: NetrunnerCard) -> int | None:
    """The card's strength now, or ``None`` if it has none."""
    if card.installed and card.is_a("ice") and not card.rezzed:
        return None
    if card.is_blank or card.behaviour is None:
        return None
    printed = card.behaviour.strength()
    if printed is None:
        return None
    total = printed
    for other in game.zones.cards():
        behaviour = other.behaviour
        if isinstance(behaviour, StrengthSource) and behaviour.active:
            total += behaviour.strength_bonus(card)
    total += sum(b.amount for b in game.boosts.lasting(card))
    return total


def expire_boosts(game: Table) -> None:
    """At a checkpoint: strength changes whose duration has passed (the encounter, run
    or turn they were for is over) are removed from the game, and the strength they
    gave goes with them."""
    for boost in game.boosts.expire(lambda b: _still_lasts(game, b)):
        card = boost.card.current
        if card is None:
            continue
        game.log.record(
            "step_checkpoint_duration_abilities",
            f"checkpoint: {card.title}'s {boost.amount:+} strength {boost.until} "
            f"({boost.source}) has expired; its strength is now {current_strength(game, card)}",
        )
