"""The steps of installing (rule_sec_steps_installing)."""

from __future__ import annotations

from collections.abc import Sequence

from rulesref.engine.errors import IllegalAction, IllegalChoice
from rulesref.games.netrunner.procedures.costs import CostKind, Credits, printed_cost_as
from rulesref.games.netrunner.procedures.hosting import check_host
from rulesref.games.netrunner.procedures.memory import check_memory, make_room
from rulesref.games.netrunner.procedures.movements import relocate, side_label
from rulesref.games.netrunner.state.events import Install
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import Server, ZoneType
from rulesref.games.netrunner.timing.costs import Cost, ensure_payable, pay

RUNNER_INSTALLABLE = ("program", "hardware", "resource")
CORP_INSTALLABLE = ("agenda", "asset", "upgrade", "ice")


def install(
    game: Table,
    card: NetrunnerCard,
    *,
    by: str,
    server: str | None = None,
    facedown: bool | None = None,
    ignoring_costs: bool = False,
    host: NetrunnerCard | None = None,
    behind: NetrunnerCard | None = None,
    cause: str | None = None,
    making_room: Sequence[NetrunnerCard] = (),
) -> bool:
    """Install ``card`` following the steps of installing; return whether it was installed.

    ``making_room``: installed programs the Runner trashes to make room in their memory."""
    if card.installed:
        raise IllegalAction(f"{card.title} is already installed", "movement_install")
    kind = card.facts.type
    destination: Server | None = None
    if card.side == "runner":
        if server is not None or behind is not None:
            raise IllegalChoice(
                f"{card.title} is a Runner card: it is installed in the rig, not in a server",
                "rule_steps_installing_destination",
            )
        if kind not in RUNNER_INSTALLABLE:
            raise IllegalAction(
                f"{card.title} is a{'n' if kind[0] in 'aeiou' else ''} {kind} "
                "and cannot be installed",
                "movement_install",
            )
        facedown = bool(facedown)
        printed = printed_cost_as(game, card, CostKind.INSTALL)
        amount = 0 if facedown else game.cost_with_modifiers("install", card, printed)
        where = f"hosted on {host.title}" if host else "in the rig"
        if host is not None:
            check_host(game, card, host)
        if not facedown:
            check_memory(game, card, host, making_room)
    else:
        if kind not in CORP_INSTALLABLE:
            raise IllegalAction(
                f"{card.title} is an {kind} and cannot be installed", "movement_install"
            )
        facedown = True if facedown is None else facedown
        if behind is not None:
            destination = behind.server
        elif server is not None:
            destination = game.server(server, create=True)
        if destination is None:
            raise IllegalChoice(f"say which server {card.title} is installed in")
        if kind in ("agenda", "asset") and destination.is_central:
            raise IllegalAction(
                f"{kind}s can only be installed in remote servers",
                "rule_steps_installing_destination",
            )
        printed = printed_cost_as(game, card, CostKind.INSTALL)
        if kind == "ice":
            position = (
                destination.ice_position(behind) if behind is not None else len(destination.ice) + 1
            )
            amount = printed + len(destination.ice)
            where = f"protecting {destination.name} at position {position}"
        else:
            amount = printed
            where = f"in the root of {destination.name}"
    cost = Cost(()) if ignoring_costs or amount == 0 else Cost((Credits(game, by, amount),))
    ensure_payable(
        cost, payer=side_label(by), purpose=f"installing {card.title}", timing=game.timing
    )
    origin = card.location
    game.log.record(
        "rule_sec_steps_installing",
        f"{side_label(by)} installs {card.title} from {origin}"
        f"{' ignoring all costs' if ignoring_costs else ''}",
    )
    with game.log.nested():
        relocate(game, card, ZoneType.PLAY_AREA, None, faceup=not facedown)
        game.log.record(
            "rule_steps_installing_place",
            f"{side_label(by)} places {card.title} {'facedown' if facedown else 'faceup'} in the "
            "play area: it is not yet installed or active",
        )
        game.log.record(
            "rule_steps_installing_destination",
            f"{side_label(by)} declares the destination: {where}",
        )
        if card.side == "runner" and not facedown:
            make_room(game, card, host, making_room)
        if cost.parts:
            pay(
                cost,
                payer=side_label(by),
                purpose=f"installing {card.title}",
                timing=game.timing,
                kind=CostKind.INSTALL.phrase,
            )
        event = Install(by, [card], cause=cause)

        def complete() -> None:
            card.installed = True
            if card.side == "runner" and facedown:
                card.facedown_origin = f"installed facedown from {origin}"
            if host is not None:
                card.host = host
            elif destination is not None:
                card.server = destination
                if kind == "ice":
                    index = (
                        destination.ice_position(behind) - 1
                        if behind is not None
                        else len(destination.ice)
                    )
                    destination.ice.insert(index, card)
                else:
                    destination.root.append(card)

        return game.timing.perform(
            event, complete, rules=Install.rules, announce=f"{card.title} is installed {where}"
        )
