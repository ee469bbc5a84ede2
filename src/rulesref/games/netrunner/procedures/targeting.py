"""Announcing targets in Netrunner, and reading how a scenario names them.

A scenario names a card target by its title (or the card object, to tell two
copies apart), a hidden card by its position in the stated deck (``3`` = third
from the top) - never by a title the chooser cannot see - and a counter by the
title of the card hosting it (name the host twice for two of its counters).
Targets not given with the action are asked of the chooser as decisions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from rulesref.engine.decisions import Decision, Option
from rulesref.engine.errors import IllegalChoice
from rulesref.games.netrunner.procedures.choices import card_option, visibility
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.targets import CounterRef, Slot, Target, TargetName, TargetsArg
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.targets import Announcement, Requirement, announce


def where(game: Table, target: Target) -> str:
    card = target.host.current if isinstance(target, CounterRef) else target.current
    if card is None or card.zone is None:
        return "a different place (it became a new object)"
    return card.zone.name


def describe(target: Target) -> str:
    if isinstance(target, CounterRef):
        return f"{target.kind} counter {target.index + 1} on {target.host.card.title}"
    card = target.current
    if card is not None and card.zone_type is ZoneType.DECK:
        return f"the card at {card.location} ({card.title})"
    return target.card.title


def card_slot(
    label: str,
    count: int,
    meets: Callable[[NetrunnerCard], bool],
    *,
    zones: Sequence[tuple[ZoneType, str | None]] | None = None,
    zone_label: str | None = None,
    up_to: bool = False,
    deck: tuple[ZoneType, str] | None = None,
) -> Slot:
    """A card target.  Without ``zones`` only cards in the play area are valid."""

    def in_zone(target: Target) -> bool:
        card = target.current if not isinstance(target, CounterRef) else None
        if card is None:
            return False
        if zones is None:
            return card.zone_type is ZoneType.PLAY_AREA
        return (card.zone_type, card.zone.owner if card.zone else None) in zones

    def ok(target: Target) -> bool:
        card = target.current if not isinstance(target, CounterRef) else None
        return card is not None and meets(card)

    return Slot(Requirement(label, count, ok, in_zone, zone_label, up_to), deck=deck)


def counter_slot(
    label: str,
    kind: str,
    count: int,
    host_ok: Callable[[NetrunnerCard], bool],
    *,
    up_to: bool = False,
    together: Callable[[Sequence[Target]], str | None] = lambda chosen: None,
) -> Slot:
    def in_zone(target: Target) -> bool:
        if not isinstance(target, CounterRef) or not target.present:
            return False
        host = target.host.current
        return host is not None and host.zone_type is ZoneType.PLAY_AREA

    def ok(target: Target) -> bool:
        host = target.host.current if isinstance(target, CounterRef) else None
        return host is not None and host_ok(host)

    return Slot(Requirement(label, count, ok, in_zone, None, up_to, together), counters=kind)


def _candidates(game: Table, slot: Slot) -> list[Target]:
    if slot.counters is not None:
        return [
            CounterRef(card.ref(), slot.counters, i)
            for card in game.zones.cards()
            for i in range(card.counters[slot.counters])
        ]
    return [card.ref() for card in game.zones.cards()]


def _ask(game: Table, chooser: str, slot: Slot, valid: list[Target], what: str) -> list[Target]:
    """Ask ``chooser`` for the targets one at a time, each from what is still left
    (counters: one option per host card, since its counters are alike)."""
    requirement = slot.requirement
    chosen: list[Target] = []
    rule = ", ".join(game.timing.cites.announce + game.timing.cites.valid_targets)
    while len(chosen) < requirement.count:
        left = [t for t in valid if t not in chosen]
        if slot.counters is not None:
            by_host: dict[int, Target] = {}
            for target in left:
                assert isinstance(target, CounterRef)
                by_host.setdefault(target.host.card.serial, target)
            left = list(by_host.values())
        if not left or (len(left) == 1 and not requirement.up_to and slot.counters is None):
            chosen.extend(left)
            break
        options: list[Option] = []
        for target in left:
            if isinstance(target, CounterRef):
                host = target.host.card
                names: tuple[object, ...] = (host, host.title)
                article = "an" if target.kind[:1] in "aeiou" else "a"
                label = f"{article} {target.kind} counter on {host.title}"
                options.append(Option(label, target, names))
            else:
                card = target.card
                option = card_option(game, chooser, card)
                options.append(Option(option.label, target, option.names))
        if requirement.up_to:
            options.append(Option("no more", None, names=("no more",)))
        question = f"{what}: choose {requirement.label}"
        if requirement.count > 1:
            up_to = "up to " if requirement.up_to else ""
            question += f" ({len(chosen) + 1} of {up_to}{requirement.count})"
        answer = game.timing.ask(Decision(chooser, question, rule, tuple(options))).value
        if answer is None:
            break
        chosen.append(answer)
    return chosen


def _read(game: Table, chooser: str, slot: Slot, names: Sequence[TargetName]) -> list[Target]:
    targets: list[Target] = []
    if slot.counters is not None:
        taken: dict[int, int] = {}
        for name in names:
            host = game.card(name) if not isinstance(name, int) else None
            if host is None:
                raise IllegalChoice(f"name counters by their host card, not {name!r}")
            index = taken.get(host.serial, 0)
            taken[host.serial] = index + 1
            targets.append(CounterRef(host.ref(), slot.counters, index))
        return targets
    for name in names:
        if isinstance(name, int):
            if slot.deck is None:
                raise IllegalChoice(f"a position ({name}) only names a card in a stated deck")
            deck = game.zones.get(*slot.deck)
            if not 1 <= name <= len(deck):
                raise IllegalChoice(f"{deck.name} has no card at position {name}")
            targets.append(deck.cards[name - 1].ref())
        else:
            card = game.card(name)
            seen, why = visibility(game, chooser, card)
            if isinstance(name, str) and not seen and slot.requirement.in_zone(card.ref()):
                raise IllegalChoice(
                    f"the {chooser.title()} cannot see which card is at {card.location}, so "
                    "cannot name it: choose it by its position",
                    why,
                )
            targets.append(card.ref())
    return targets


def announce_targets(
    game: Table,
    chooser: str,
    slots: Mapping[str, Slot],
    given: TargetsArg,
    *,
    what: str,
) -> dict[str, Announcement[Target]]:
    """Announce targets for every slot, before the instruction becomes imminent."""
    per_slot: dict[str, Sequence[TargetName] | None] = {name: None for name in slots}
    if isinstance(given, Mapping):
        unknown = set(given) - set(slots)
        if unknown:
            raise IllegalChoice(
                f"{what} has nothing to choose called {', '.join(sorted(map(str, unknown)))}; "
                f"it asks for: {', '.join(slots) or 'nothing'}"
            )
        for key, value in given.items():
            per_slot[key] = [value] if isinstance(value, str | int | NetrunnerCard) else list(value)
    elif given is not None:
        if len(slots) != 1:
            raise IllegalChoice(
                f"{what} asks for {', '.join(slots)}: give targets as a mapping of those"
            )
        items = [given] if isinstance(given, str | int | NetrunnerCard) else list(given)
        per_slot[next(iter(slots))] = items
    announced: dict[str, Announcement[Target]] = {}
    for key, slot in slots.items():
        candidates = _candidates(game, slot)
        names = per_slot[key]
        if names is None:
            valid = [
                t for t in candidates if slot.requirement.in_zone(t) and slot.requirement.meets(t)
            ]
            if len(valid) > slot.requirement.count or (slot.requirement.up_to and valid):
                chosen = _ask(game, chooser, slot, valid, what)
            else:
                chosen = valid
        else:
            chosen = _read(game, chooser, slot, names)
        before = [(c, c.location, c.faceup) for c in cards_of(chosen)]
        announced[key] = announce(
            slot.requirement,
            chooser=game.player(chooser).label,
            candidates=candidates,
            chosen=chosen,
            describe=describe,
            where=lambda t: where(game, t),
            log=game.log,
            cites=game.timing.cites,
        )
        for card, place, faceup in before:
            if (card.location, card.faceup) != (place, faceup):
                raise AssertionError(f"announcing {card.title} moved or turned it")
            if not faceup:
                game.log.record(
                    game.timing.cites.announce_keeps_place,
                    f"{card.title} stays facedown in {place}: announcing a target does not "
                    "reveal or move it",
                )
    return announced


def still_valid(game: Table, announcement: Announcement[Target]) -> list[Target]:
    return announcement.valid_now(log=game.log, cites=game.timing.cites, describe=describe)


def cards_of(targets: Sequence[Target]) -> list[NetrunnerCard]:
    cards: list[NetrunnerCard] = []
    for target in targets:
        if not isinstance(target, CounterRef) and target.current is not None:
            cards.append(target.current)
    return cards


def as_targets(chosen: object) -> TargetsArg:
    """A scenario's answer for one subroutine's targets, read as targets."""
    if chosen is None or isinstance(chosen, str | int | NetrunnerCard):
        return None if chosen is None else [chosen]
    if isinstance(chosen, Mapping):
        return dict(chosen)
    if isinstance(chosen, Sequence):
        return list(chosen)
    raise IllegalChoice(f"cannot read {chosen!r} as targets")
