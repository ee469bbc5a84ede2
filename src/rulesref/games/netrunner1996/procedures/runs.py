"""Runs: past each piece of ice protecting the server, outermost first, then access.

The excerpt has no rules for runs, so these steps cite none; what they do lean on is
rule 1.1: breaking a subroutine is a "cost: effect" ability, so it can be used only if
its whole cost can be paid, and rezzing ice when the Runner approaches costs its rez cost.
A run that an unbroken "end the run" subroutine stops is unsuccessful: nothing is
accessed, and an effect that waits for a successful run does nothing.
"""

from __future__ import annotations

from rulesref.engine.decisions import NO, YES, Option
from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner1996.procedures.costs import COSTS, pay
from rulesref.games.netrunner1996.procedures.effects import RESOLVING, ask, rez
from rulesref.games.netrunner1996.state.costs import Cost, plural
from rulesref.games.netrunner1996.state.objects import END_THE_RUN, Card, CardType, Side, Zone
from rulesref.games.netrunner1996.state.table import Table

CENTRAL = ("HQ", "R&D", "Archives")


def run_as_action(game: Table, server: str) -> None:
    """The Runner's basic action: one action to make a run."""
    pay(game, Side.RUNNER, Cost(actions=1), f"a run on {server}")
    make_run(game, server)


def make_run(game: Table, server: str, *, access_instead: str | None = None) -> None:
    """Run on ``server``: past its ice, then (if the run is successful) access."""
    if server not in CENTRAL and not game.zone(Zone.SERVER, server).cards:
        raise IllegalAction(f"there is no server called {server!r} to run on")
    game.log.record((), f"the Runner initiates a run on {server}")
    for ice in reversed(game.zone(Zone.ICE, server).cards):  # outermost last installed
        game.log.record((), f"the Runner approaches {ice.title}")
        if not ice.rezzed:
            _offer_rez(game, ice)
        if ice.rezzed and not _encounter(game, ice):
            game.log.record((), f"the run on {server} ends: it is unsuccessful")
            return
        game.log.record((), f"the Runner passes {ice.title}")
    game.log.record((), f"the run on {server} is successful")
    target = server
    if access_instead is not None:
        game.log.record(
            RESOLVING,
            f"the run is treated as a successful run on {access_instead} instead",
        )
        target = access_instead
    access(game, target)


def _offer_rez(game: Table, ice: Card) -> None:
    """The Corp may rez approached ice, if it can pay the rez cost."""
    cost = Cost(bits=ice.definition.rez_cost or 0)
    if game.bits(Side.CORP) < cost.bits:
        game.log.record(COSTS, f"the Corp cannot pay {cost} to rez {ice.title}: it stays unrezzed")
        return
    rezzing = ask(
        game, Side.CORP, f"rez {ice.title} ({cost}) as the Runner approaches?", ice.title, [YES, NO]
    )
    if rezzing.value:
        rez(game, ice)


def _encounter(game: Table, ice: Card) -> bool:
    """Each subroutine the Runner does not break resolves; return whether the run goes on."""
    game.log.record((), f"the Runner encounters {ice.title}")
    for subroutine in ice.definition.subroutines:
        breaker = _break_with(game, ice, subroutine)
        if breaker is not None:
            assert breaker.definition.breaker is not None
            pay(
                game,
                Side.RUNNER,
                breaker.definition.breaker.cost,
                f"{breaker.title} to break '{subroutine}' on {ice.title}",
            )
            game.log.record((), f"{breaker.title} breaks '{subroutine}'")
            continue
        game.log.record((), f"{ice.title}'s subroutine resolves: {subroutine}")
        if subroutine == END_THE_RUN:
            return False
    return True


def _break_with(game: Table, ice: Card, subroutine: str) -> Card | None:
    """Ask the Runner which breaker, if any, to use; only those whose whole cost can be
    paid now are offered (rule 1.1)."""
    usable: list[Option] = []
    for program in game.cards_in(Zone.RIG):
        b = program.definition.breaker
        if program.definition.type is not CardType.PROGRAM or b is None:
            continue
        if not ice.definition.has_keyword(b.ice_keyword):
            continue
        if game.bits(Side.RUNNER) < b.cost.bits:
            game.log.record(
                COSTS,
                f"{program.title} cannot break '{subroutine}': the Runner cannot pay {b.cost}",
            )
            continue
        usable.append(Option(f"{program.title} ({b.cost})", program, (program.title,)))
    if not usable:
        return None
    answer = ask(
        game,
        Side.RUNNER,
        f"break '{subroutine}' on {ice.title}?",
        ice.title,
        [*usable, Option("let it resolve", None, ("no", False))],
    )
    chosen: Card | None = answer.value
    return chosen


def access(game: Table, server: str) -> None:
    if server == "HQ":
        hq = game.cards_in(Zone.HQ)
        cards = [game.rng.choice(hq)] if hq else []
    elif server == "R&D":
        cards = game.cards_in(Zone.RD)[:1]
    elif server == "Archives":
        cards = game.cards_in(Zone.ARCHIVES)
    else:
        cards = list(game.zone(Zone.SERVER, server))
    if not cards:
        game.log.record((), f"the Runner accesses nothing in {server}")
    for card in cards:
        game.log.record((), f"the Runner accesses {card.title} in {server}")
        if card.definition.type is CardType.AGENDA:
            steal(game, card)


def steal(game: Table, card: Card) -> None:
    game.move(card, game.zone(Zone.RUNNER_SCORE, "runner"))
    points = card.definition.agenda_points or 0
    game.sides[Side.RUNNER].points += points
    game.stolen_this_turn.append(card.serial)
    game.log.record(
        (), f"the Runner steals {card.title} and scores {plural(points, 'agenda point')}"
    )
