"""The steps of installing (rule_sec_steps_installing)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rulesref.engine.errors import IllegalAction, IllegalChoice
from rulesref.games.netrunner.procedures.choices import (
    card_option,
    choose_card,
    choose_card_or_none,
    choose_name,
    confirm,
)
from rulesref.games.netrunner.procedures.costs import CostKind, Credits, printed_cost_as
from rulesref.games.netrunner.procedures.credit_sources import place_recurring
from rulesref.games.netrunner.procedures.hosting import Host, HostedOnly, check_host
from rulesref.games.netrunner.procedures.memory import check_memory, make_room
from rulesref.games.netrunner.procedures.movements import relocate, side_label, trash
from rulesref.games.netrunner.procedures.positions import INNERMOST, OUTERMOST, occupy
from rulesref.games.netrunner.procedures.positions import create as create_position
from rulesref.games.netrunner.procedures.remote_limits import refuse_new_remote
from rulesref.games.netrunner.procedures.servers_ceasing import installing_into
from rulesref.games.netrunner.state.events import CreateServer, Install, Trash
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.payments import Payment, Use
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import Position, Server, ZoneType
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
    trashing: Sequence[NetrunnerCard] = (),
    innermost: bool = False,
    less: Callable[[NetrunnerCard, int], int] | None = None,
) -> bool:
    """Install ``card`` following the steps of installing; return whether it was installed.

    ``making_room``: installed programs the Runner trashes to make room in their memory.
    ``trashing``: installed Corp cards the Corp trashes as it installs (ice protecting the
    same server, for ice; cards in the root, for a card installed there).  ``behind``: ice
    is installed directly inward from that ice; ``innermost``: inward from every other."""
    if card.installed:
        raise IllegalAction(f"{card.title} is already installed", "movement_install")
    kind = card.facts.type
    destination: Server | None = None
    trashed: list[NetrunnerCard] = []
    new_remote = False
    if card.side == "runner":
        if server is not None or behind is not None or trashing:
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
        hosting = None if host is None else host.behaviour
        if host is not None and not facedown and isinstance(hosting, Host) and hosting.active:
            discount = hosting.install_discount(card)
            if discount:
                amount = max(0, amount - discount)
                game.log.record(
                    game.timing.cites.cost_modifiers,
                    f"{card.title} costs {discount} less to install onto {host.title}: {amount}",
                )
        where = f"hosted on {host.title}" if host else "in the rig"
        if host is not None:
            check_host(game, card, host)
        elif isinstance(card.behaviour, HostedOnly) and card.behaviour.needs_host:
            raise IllegalAction(
                f"{card.title} can only be installed hosted on another card, and no host is given",
                "rule_host_on_ability",
            )
        if not facedown:
            check_memory(game, card, host, making_room)
    else:
        if kind not in CORP_INSTALLABLE:
            raise IllegalAction(
                f"{card.title} is an {kind} and cannot be installed", "movement_install"
            )
        faceup_only = card.behaviour is not None and card.behaviour.installs_faceup
        if faceup_only and facedown:
            raise IllegalAction(
                f"{card.title} is installed only faceup", "rule_steps_installing_place"
            )
        facedown = not faceup_only if facedown is None else facedown
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
        refusal = card.behaviour.install_refusal(destination.name) if card.behaviour else None
        if refusal is not None:
            raise IllegalAction(
                f"{card.title} cannot be installed in {destination.name}: {refusal}",
                "rule_steps_installing_destination",
            )
        trashed = _like_cards(destination, card, trashing)
        new_remote = not destination.is_central and not destination.root and not destination.ice
        if new_remote:
            refuse_new_remote(game, destination.name)
        printed = printed_cost_as(game, card, CostKind.INSTALL)
        if kind == "ice":
            staying = [c for c in destination.ice if c not in trashed]
            amount = printed + len(staying)
            where = f"protecting {destination.name}"
        else:
            amount = printed
            where = f"in the root of {destination.name}"
        if less is not None and not ignoring_costs:
            amount = max(0, amount - less(card, amount))
    cost = (
        Cost(())
        if ignoring_costs or amount == 0
        else Cost((Credits(game, by, amount, Payment(Use.INSTALL, card)),))
    )
    if not trashed:
        ensure_payable(
            cost, payer=side_label(by), purpose=f"installing {card.title}", timing=game.timing
        )
    origin = card.location
    if card.zone_type is ZoneType.SET_ASIDE and card.entered_from is not None:
        game.log.record(
            "rule_set_aside_zone_passthrough",
            f"{card.title} was set aside from {card.entered_from}: to abilities that do not "
            f"refer to set-aside cards, it is installed from {card.entered_from}",
        )
    game.log.record(
        "rule_sec_steps_installing",
        f"{side_label(by)} installs {card.title} from {origin}"
        f"{' ignoring all costs' if ignoring_costs else ''}",
    )
    with game.log.nested(), installing_into(destination):
        relocate(game, card, ZoneType.PLAY_AREA, None, faceup=not facedown)
        game.log.record(
            "rule_steps_installing_place",
            f"{side_label(by)} places {card.title} {'facedown' if facedown else 'faceup'} in the "
            "play area: it is not yet installed or active",
        )
        position: Position | None = None
        if destination is not None and kind == "ice":
            position = create_position(
                game,
                destination,
                behind if behind is not None else INNERMOST if innermost else OUTERMOST,
            )
            position.installing = True
            where += f" at position {position.index + 1}"
        game.log.record(
            "rule_steps_installing_destination",
            f"{side_label(by)} declares the destination: {where}",
        )
        if new_remote and destination is not None:
            game.timing.perform(
                CreateServer(destination.name),
                lambda: None,
                rules=("rule_creating_remote_servers",),
                announce=f"the Corp creates {destination.name}, a new remote server, as the "
                f"destination of {card.title}",
            )
        if card.side == "runner" and not facedown:
            make_room(game, card, host, making_room)
        if trashed:
            game.log.record(
                ("rule_steps_installing_trash_like_cards", "rule_install_trash_like_cards")
                + (
                    ("rule_install_trash_ice",)
                    if kind == "ice"
                    else ("rule_must_trash_cases_in_root_of_server",)
                ),
                f"{side_label(by)} trashes {', '.join(c.title for c in trashed)} as part of "
                "installing"
                + (" (they no longer count towards the install cost)" if kind == "ice" else ""),
            )
            trash(game, trashed, by=by, cause=f"installing {card.title}")
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
            game.activations += 1
            card.activated = game.activations
            if card.side == "runner" and facedown:
                card.facedown_origin = f"installed facedown from {origin}"
            if host is not None:
                card.host = host
            elif destination is not None:
                card.server = destination
                if position is not None:
                    occupy(position, card)
                else:
                    destination.root.append(card)
            if card.behaviour is not None and card.behaviour.active:
                place_recurring(game, card)

        try:
            return game.timing.perform(
                event, complete, rules=Install.rules, announce=f"{card.title} is installed {where}"
            )
        finally:
            if position is not None:
                position.installing = False


def _like_cards(
    destination: Server, card: NetrunnerCard, trashing: Sequence[NetrunnerCard]
) -> list[NetrunnerCard]:
    """The cards trashed as ``card`` is installed: those the Corp chose, which must be like
    cards (ice protecting the server, for ice; cards in the root, otherwise), and those the
    rules make it trash (another asset or agenda, another region)."""
    chosen = list(trashing)
    ice = card.is_a("ice")
    pool = destination.ice if ice else destination.root
    for other in chosen:
        if not any(other is c for c in pool):
            what = (
                f"ice protecting {destination.name}"
                if ice
                else f"in the root of {destination.name}"
            )
            raise IllegalChoice(
                f"{other.title} cannot be trashed as {card.title} is installed: it is not {what}",
                "rule_install_trash_like_cards",
            )
    if not ice:
        for other in destination.root:
            must = (card.is_a("asset", "agenda") and other.facts.type in ("asset", "agenda")) or (
                card.has_subtype("region") and other.has_subtype("region")
            )
            if must and not any(other is c for c in chosen):
                raise IllegalChoice(
                    f"installing {card.title} in the root of {destination.name}, the Corp must "
                    f"trash {other.title}",
                    "rule_must_trash_cases_in_root_of_server",
                )
    return chosen


def _trash_forbidden(game: Table, card: NetrunnerCard) -> bool:
    """Whether an active ability says ``card`` cannot be trashed (Architect's own): the
    "cannot" takes precedence over the rule that lets the Corp trash like cards as it
    installs (rule_cannot_precedence), so the card is not offered, stays, and still counts
    towards the install cost of ice."""
    return bool(game.timing.would_be_stopped(Trash("corp", [card])))


NEW_REMOTE = "a new remote server"


def runner_install_problem(game: Table, card: NetrunnerCard) -> str | None:
    """Why the Runner could not install ``card`` now, paying its install cost (a search
    followed by an install can only find a card it could install), or ``None``."""
    if card.facts.type not in RUNNER_INSTALLABLE:
        return f"{card.title} is a{'n' if card.facts.type[0] in 'aeiou' else ''} {card.facts.type}"
    printed = printed_cost_as(game, card, CostKind.INSTALL)
    amount = game.cost_with_modifiers("install", card, printed, quiet=True)
    if amount > game.runner.credits:
        return f"{card.title} costs {amount} credits to install"
    return None


def install_by_ability(
    game: Table,
    cards: Sequence[NetrunnerCard],
    *,
    cause: str,
    ignoring_costs: bool = False,
    behind: NetrunnerCard | None = None,
    optional: bool = True,
    not_in_root_of: str | None = None,
    less: Callable[[NetrunnerCard, int], int] | None = None,
) -> NetrunnerCard | None:
    """An ability lets the Corp install one of ``cards``: the Corp chooses the card, its
    destination and the like cards to trash as it is installed, each when the install
    asks.  Returns the card installed, if any."""
    if behind is not None and (not behind.installed or behind.server is None):
        game.log.record(
            "rule_install_to_invalid_destination",
            f"{cause}: {behind.title} protects no server ({behind.location}), so there is no "
            "position directly inward from it: no card can be installed there",
        )
        return None
    eligible = [c for c in cards if c.facts.type in CORP_INSTALLABLE]
    if not eligible:
        game.log.record((), f"{cause}: there is no card to install")
        return None
    question = f"{cause}: install which card?"
    if optional:
        card = choose_card_or_none(game, "corp", question, cause, eligible, none="none")
    else:
        card = choose_card(game, "corp", question, cause, eligible)
    if card is None:
        game.log.record((), f"{cause}: the Corp installs nothing")
        return None
    if behind is not None:
        destination = behind.server
        assert destination is not None
    else:
        names = [
            s.name
            for s in game.servers.values()
            if not (card.is_a("agenda", "asset") and s.is_central)
            and not (s.name == not_in_root_of and not card.is_a("ice"))
        ]
        name = choose_name(
            game,
            "corp",
            f"{cause}: install {card.title} in which server?",
            cause,
            [*names, NEW_REMOTE],
        )
        destination = game.server("new" if name == NEW_REMOTE else name, create=True)
    pool = destination.ice if card.is_a("ice") else destination.root
    trashing = [
        other
        for other in list(pool)
        if not _trash_forbidden(game, other)
        and confirm(
            game,
            "corp",
            f"{cause}: trash {card_option(game, 'corp', other).label} as {card.title} is "
            "installed?",
            "rule_install_trash_like_cards",
        )
    ]
    install(
        game,
        card,
        by="corp",
        server=destination.name,
        behind=behind,
        ignoring_costs=ignoring_costs,
        cause=cause,
        trashing=trashing,
        less=less,
    )
    return card
