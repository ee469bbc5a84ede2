"""Breach and access: which cards are accessed, access abilities, then steal or trash."""

from __future__ import annotations

from rulesref.games.netrunner.procedures.choices import confirm
from rulesref.games.netrunner.procedures.costs import CostKind, Credits
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.scoring import steal
from rulesref.games.netrunner.state.events import Access, Breach
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.costs import Cost, pay


def breach(game: Table, server: str) -> None:
    event = Breach("runner", server)
    game.timing.perform(
        event, lambda: _breach_normally(game, server), rules=("step_breach", "rule_breach_link")
    )


def _breach_normally(game: Table, server: str) -> None:
    if server == "R&D":
        # R&D is both a central server and the Corp's deck (rule_rnd_name): breaching the
        # server accesses the deck's top card.
        rnd = game.zones.get(ZoneType.DECK, "corp")
        if rnd.cards:
            access(game, rnd.cards[0], rules=("rule_rnd_name",))
    elif server == "HQ":
        hq = game.zones.get(ZoneType.HAND, "corp")
        if hq.cards:
            access(game, game.rng.choice(hq.cards))
    elif server == "Archives":
        for card in game.zones.get(ZoneType.DISCARD, "corp"):
            access(game, card)
    else:
        for card in list(game.server(server).root):
            access(game, card)


def access(game: Table, card: NetrunnerCard, *, rules: tuple[str, ...] = ()) -> None:
    """Access a card: "when accessed" abilities, access abilities, then steal or trash.
    ``rules``: the rules that say why this is the card accessed."""
    game.accessing.append(card)
    try:
        where = card.location
        event = Access("runner", [card])

        def effect() -> None:
            if card.zone_type is ZoneType.DISCARD and card.facedown:
                card.faceup = True

        game.timing.perform(
            event, effect, rules=rules, announce=f"Runner accesses {card.title} ({where})"
        )
        accessed = card.ref()
        game.timing.settle()
        if game.winner is None and accessed.current is not None:
            _runner_options(game, card)
    finally:
        game.accessing.remove(card)


def _runner_options(game: Table, card: NetrunnerCard) -> None:
    accessed = card.ref()
    for ability in game.access_abilities():
        if accessed.current is None or not ability.applies(card):
            continue
        key = f"access:{ability.label}"
        if ability.once_per_turn and game.history.uses_this_turn(key):
            game.log.record((), f"{ability.label} was already used this turn")
            continue
        cost = ability.cost(card)
        obstacles = cost.obstacles()
        if obstacles:
            game.log.record(
                game.timing.cites.cost_all_at_once + cost.blocked_rules(),
                f"Runner cannot use {ability.label}: cannot pay {cost.describe()} "
                f"({'; '.join(obstacles)})",
            )
            continue
        if not confirm(
            game, "runner", f"use {ability.label} on {card.title} ({cost.describe()})?", key
        ):
            continue
        game.history.note_use(key)
        game.log.record((), f"Runner uses {ability.label} on {card.title}")
        with game.log.nested():
            pay(
                cost,
                payer="Runner",
                purpose=f"using {ability.label}",
                timing=game.timing,
                kind=CostKind.TRIGGER.phrase,
            )
            ability.resolve(card)
        game.timing.settle()
    if accessed.current is None:
        return
    if card.facts.type == "agenda":
        _steal_if_able(game, card)
    elif card.facts.trash_cost is not None:
        price = Cost((Credits(game, "runner", card.facts.trash_cost),))
        if price.obstacles():
            game.log.record(
                (), f"Runner cannot pay {price.describe()} to trash {card.title}: not trashed"
            )
        elif confirm(
            game, "runner", f"pay {price.describe()} to trash {card.title}?", "movement_trash"
        ):
            pay(price, payer="Runner", purpose=f"trashing {card.title}", timing=game.timing)
            trash(game, [card], by="runner", cause="paying its trash cost")


def _steal_if_able(game: Table, card: NetrunnerCard) -> None:
    extra = card.behaviour.steal_cost() if card.behaviour else None
    if extra is None:
        steal(game, card)
        return
    obstacles = extra.obstacles()
    if obstacles:
        game.log.record(
            game.timing.cites.cost_all_at_once + extra.blocked_rules(),
            f"Runner cannot pay {extra.describe()}, the extra cost of stealing {card.title}: "
            f"{'; '.join(obstacles)}; it is not stolen",
        )
        return
    if not confirm(
        game, "runner", f"pay {extra.describe()} to steal {card.title}?", "movement_steal"
    ):
        game.log.record(
            (), f"Runner does not pay {extra.describe()}, so does not steal {card.title}"
        )
        return
    pay(
        extra,
        payer="Runner",
        purpose=f"stealing {card.title}",
        timing=game.timing,
        kind=CostKind.ADDITIONAL.phrase,
    )
    if game.winner is None:
        steal(game, card)
