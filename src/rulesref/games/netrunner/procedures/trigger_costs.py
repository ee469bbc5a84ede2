"""Paid abilities whose trigger cost uninstalls their own source: what it hosts is set
aside as the cost is paid, still counts as hosted for that ability while it resolves,
and is trashed (cards) or returned to the bank (counters) once it has resolved
(rule_trash_ability_keeps_track_of_hosted_objects)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

from rulesref.games.netrunner.procedures.costs import TrashSelf
from rulesref.games.netrunner.procedures.hosting import hosted_on
from rulesref.games.netrunner.procedures.movements import relocate, trash
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.costs import Cost

RULE = "rule_trash_ability_keeps_track_of_hosted_objects"


@contextmanager
def keeping_hosted(game: Table, source: NetrunnerCard, cost: Cost) -> Iterator[None]:
    """Around paying ``cost`` and resolving the ability of ``source`` it pays for."""
    if not any(isinstance(p, TrashSelf) and p.card is source for p in cost.parts):
        yield
        return
    counters = Counter({k: n for k, n in source.counters.items() if n})
    cards = hosted_on(game, source)
    if counters or cards:
        what = [f"{n} {k} counter{'' if n == 1 else 's'}" for k, n in counters.items()]
        what += [c.title for c in cards]
        game.log.record(
            RULE,
            f"{source.title}'s trigger cost uninstalls it: {', '.join(what)} "
            f"{'is' if len(cards) + counters.total() == 1 else 'are'} set aside, still "
            "hosted for this ability",
        )
    for card in cards:
        relocate(game, card, ZoneType.SET_ASIDE, None)
    game.kept_hosted[source.serial] = (counters, cards)
    try:
        yield
    finally:
        del game.kept_hosted[source.serial]
        left = [c for c in cards if c.zone_type is ZoneType.SET_ASIDE]
        if counters:
            game.log.record(RULE, f"the set-aside counters of {source.title} return to the bank")
        if left:
            game.timing.checkpoint((RULE,), note=": hosted cards with no host")
            trash(
                game,
                left,
                by=source.owner,
                cause=f"{source.title} no longer hosts them",
                unpreventable="trashing the cards of a host that left the play area",
            )


def hosted_counters(game: Table, card: NetrunnerCard, kind: str) -> int:
    """The ``kind`` counters ``card`` hosts, counting those set aside by its own cost."""
    kept = game.kept_hosted.get(card.serial)
    return kept[0][kind] if kept is not None else card.counters[kind]


def hosted_cards(game: Table, card: NetrunnerCard) -> list[NetrunnerCard]:
    """The cards ``card`` hosts, or those its own cost set aside (and still are)."""
    kept = game.kept_hosted.get(card.serial)
    if kept is None:
        return hosted_on(game, card)
    return [c for c in kept[1] if c.zone_type is ZoneType.SET_ASIDE]
