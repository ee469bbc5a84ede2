"""Rezzing and derezzing Corp cards (sections "Rez" and "Derez")."""

from __future__ import annotations

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner.procedures.choices import choose_name
from rulesref.games.netrunner.procedures.costs import CostKind, Credits, printed_cost_as
from rulesref.games.netrunner.procedures.progress import ice_derezzed
from rulesref.games.netrunner.procedures.windows import check_rez
from rulesref.games.netrunner.state.events import Derez, Rez
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.timing.costs import Cost, CostPart, ensure_payable, pay


class RezInstead:
    """Mixed into a behaviour with an ability that lets the Corp pay another cost instead
    of the card's rez cost (forfeit an agenda, say)."""

    def rez_instead(self) -> list[CostPart]:
        return []


def rez(game: Table, card: NetrunnerCard, *, ignoring_costs: bool = False, less: int = 0) -> None:
    if card.side == "runner":
        raise IllegalAction(
            f"{card.title} is a Runner card, and Runner cards are never rezzed or unrezzed",
            "rule_runner_cards_neither_rezzed_nor_unrezzed",
        )
    if not card.installed:
        raise IllegalAction(f"{card.title} is not an installed Corp card", "rule_rezzed_unrezzed")
    if card.facts.type == "agenda":
        raise IllegalAction(
            f"{card.title} is an agenda, and agendas cannot be rezzed", "rule_cannot_rez_agendas"
        )
    if card.rezzed is None:
        raise IllegalAction(f"{card.title} cannot be rezzed", "rule_rezzed_unrezzed")
    if card.rezzed:
        raise IllegalAction(f"{card.title} is already rezzed", "sec_rez")
    amount = game.cost_with_modifiers("rez", card, printed_cost_as(game, card, CostKind.REZ))
    amount = max(0, amount - less)
    cost = Cost(()) if ignoring_costs else Cost((Credits(game, "corp", amount),))
    how = "ignoring all costs" if ignoring_costs else f"first paying its rez cost ({amount})"
    instead = card.behaviour
    if not ignoring_costs and isinstance(instead, RezInstead):
        other = Cost(tuple(instead.rez_instead()))
        if not other.obstacles():
            wanted = choose_name(
                game,
                "corp",
                f"rez {card.title} by paying which cost?",
                "rule_alternate_payment",
                [cost.describe(), other.describe()],
            )
            if wanted == other.describe():
                cost, how = other, f"first {other.describe()} instead of paying its rez cost"
    ensure_payable(cost, payer="Corp", purpose=f"rezzing {card.title}", timing=game.timing)
    by_ability = ("rule_rez_by_ability",) if ignoring_costs else ()
    game.log.record(
        ("rule_rez_procedure", "rule_inherent_rez_cost", *by_ability),
        f"Corp rezzes {card.title}, {how}",
    )

    def turn_faceup() -> None:
        card.faceup = True
        game.activations += 1
        card.activated = game.activations

    with game.log.nested():
        # Paying (or, ignoring costs, only the checkpoint) comes first: the card is
        # turned faceup only after the checkpoint that follows paying.
        if ignoring_costs:
            game.timing.checkpoint(("rule_rez_procedure",))
        else:
            pay(
                cost,
                payer="Corp",
                purpose=f"rezzing {card.title}",
                timing=game.timing,
                also_cite=("rule_rez_procedure",),
                kind=CostKind.REZ.phrase,
            )
        game.timing.perform(
            Rez("corp", [card]),
            turn_faceup,
            rules=("rule_rez_procedure",),
            announce=f"Corp turns {card.title} faceup: it is now rezzed",
        )


def derez(game: Table, card: NetrunnerCard, *, cause: str | None = None) -> None:
    if not card.rezzed:
        raise IllegalAction(f"{card.title} is not rezzed", "sec_derez")
    if not cause:
        raise IllegalAction(
            f"{card.title} can be derezzed only by a card effect: name it (cause=...)",
            "rule_derez_by_ability",
        )
    by = f" by {cause}" if cause else ""

    def turn_facedown() -> None:
        card.faceup = False
        if card.is_a("ice"):
            ice_derezzed(game, card)

    game.timing.perform(
        Derez("corp", [card], cause=cause),
        turn_facedown,
        rules=("rule_derez_procedure", "rule_derez_cost"),
        announce=f"{card.title} is derezzed{by}: turned facedown at once, with no cost and no "
        "steps",
    )


def rez_by_choice(game: Table, card: NetrunnerCard, *, ignoring_costs: bool = False) -> None:
    """The Corp rezzes ``card`` by its own choice, not through a card ability: during a
    run, only in a paid ability window that allows rezzing that card."""
    allowed_by = check_rez(game, card)
    rez(game, card, ignoring_costs=ignoring_costs)
    if allowed_by:
        game.log.record("rule_rez_in_paw", allowed_by)
