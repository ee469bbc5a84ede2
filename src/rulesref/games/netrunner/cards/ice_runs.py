"""Ice whose abilities change the run: they move the Runner or the ice, install ice in
the middle of an encounter, or let the Runner break them at a price of their own."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardConditional,
    Instruction,
    implements,
)
from rulesref.games.netrunner.cards.ice import IceBehaviour
from rulesref.games.netrunner.procedures.breaking import BreakAbility, Breaker
from rulesref.games.netrunner.procedures.choices import (
    choose_card,
    choose_card_or_none,
    choose_name,
    confirm,
)
from rulesref.games.netrunner.procedures.costs import lose_clicks
from rulesref.games.netrunner.procedures.drawing import draw
from rulesref.games.netrunner.procedures.installing import install_by_ability
from rulesref.games.netrunner.procedures.movements import add
from rulesref.games.netrunner.procedures.moving_installed import move_ice
from rulesref.games.netrunner.procedures.progress import (
    end_the_run,
    move_to_outermost,
    offer_jack_out,
)
from rulesref.games.netrunner.procedures.rezzing import derez
from rulesref.games.netrunner.procedures.searching import shuffle_deck
from rulesref.games.netrunner.procedures.traces import secret_bids, trace
from rulesref.games.netrunner.state.run_events import Encounter, EncounterEnds
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


def draw_then_shuffle_back(game: Table, label: str) -> None:
    """The Corp may draw; then one card of HQ goes back into R&D, which is shuffled."""
    if game.corp.rnd and confirm(game, "corp", f"{label}: draw 1 card?", label):
        draw(game, {"corp": 1})
    hq = game.corp.hq
    if not hq:
        game.log.record((), f"{label}: HQ is empty, so no card is shuffled into R&D")
        return
    card = choose_card(game, "corp", f"{label}: which card of HQ goes back into R&D?", label, hq)
    add(game, card, ZoneType.DECK, "corp", by="corp")
    shuffle_deck(game, "corp", by="corp")


class _ToArchivesInsteadOfPassing(CardConditional):
    """At the end of each encounter with it in which its own (printed) subroutine was
    broken, the Runner is sent to Archives' outermost position rather than passing
    it, may jack out, and the ice is derezzed."""

    def is_met_by(self, event: Event) -> bool:
        if not isinstance(event, EncounterEnds) or event.ice is not self.card:
            return False
        return 1 in event.encounter.broken

    def resolve(self, event: Event) -> None:
        game, card = self.game, self.card
        move_to_outermost(game, "Archives", cause=f"{card.title} (instead of passing it)")
        offer_jack_out(game, card.title)
        if card.rezzed:
            derez(game, card, cause=card.title)


@implements
class Miraju(IceBehaviour):
    title = "Mirāju"

    def abilities(self) -> list[Ability]:
        return [_ToArchivesInsteadOfPassing(self)] if self.active else []

    def subroutines(self) -> list[Instruction]:
        game, label = self.game, f"{self.title} subroutine 1"

        def draw_and_shuffle(_: Announced) -> None:
            draw_then_shuffle_back(game, label)

        return [Instruction(label, draw_and_shuffle)]


__all__ = ["draw_then_shuffle_back"]


@implements
class CellPortal(IceBehaviour):
    """Its subroutine sends the Runner back to the first position of the server they are
    server (then they may jack out), and derezzes the ice."""

    title = "Cell Portal"

    def subroutines(self) -> list[Instruction]:
        game, card, label = self.game, self.card, f"{self.title} subroutine 1"

        def back_to_the_start(_: Announced) -> None:
            run = game.run
            moved = run is not None and move_to_outermost(game, run.server, cause=label)
            if moved:
                offer_jack_out(game, label)
            if card.rezzed:
                derez(game, card, cause=label)

        return [Instruction(label, back_to_the_start)]


@implements
class Drafter(IceBehaviour):
    """Its subroutines bring a card back from Archives, and install a card from Archives or
    HQ ignoring all costs (trashing like cards as it installs, at the Corp's choice)."""

    title = "Drafter"

    def subroutines(self) -> list[Instruction]:
        game = self.game
        first, second = f"{self.title} subroutine 1", f"{self.title} subroutine 2"

        def add_from_archives(_: Announced) -> None:
            archives = game.corp.archives
            if not archives:
                game.log.record((), f"{first}: Archives is empty")
                return
            card = choose_card_or_none(
                game, "corp", f"{first}: add which card from Archives to HQ?", first, archives
            )
            if card is not None:
                add(game, card, ZoneType.HAND, "corp", by="corp")

        def install_one(_: Announced) -> None:
            install_by_ability(
                game, [*game.corp.archives, *game.corp.hq], cause=second, ignoring_costs=True
            )

        return [Instruction(first, add_from_archives), Instruction(second, install_one)]


@implements
class Bran(IceBehaviour, Breaker):
    """The Runner may lose a click to break one of its subroutines; its first subroutine
    puts ice from HQ or Archives just inside it, at no cost."""

    title = "Brân 1.0"
    breaks = (BreakAbility(None, lose_clicks=1, own_ice=True),)

    def subroutines(self) -> list[Instruction]:
        game, card, label = self.game, self.card, f"{self.title} subroutine 1"

        def install_inward(_: Announced) -> None:
            ice = [c for c in [*game.corp.hq, *game.corp.archives] if c.is_a("ice")]
            install_by_ability(game, ice, cause=label, ignoring_costs=True, behind=card)

        return [Instruction(label, install_inward), self.end_the_run(2), self.end_the_run(3)]


@implements
class Bullfrog(IceBehaviour):
    """A Psi Game: if the bids differ and it is still installed, it moves to the outermost
    position protecting another server, and the run goes on from there."""

    title = "Bullfrog"

    def subroutines(self) -> list[Instruction]:
        game, card, label = self.game, self.card, f"{self.title} subroutine 1"

        def psi_then_move(_: Announced) -> None:
            corp, runner = secret_bids(game, label)
            if corp == runner:
                game.log.record("rule_psi_outcome", f"{label}: the bids match, nothing happens")
                return
            here = None if card.server is None else card.server.name
            if not card.installed or here is None:
                game.log.record((), f"{label}: {card.title} is no longer installed")
                return
            game.log.record("rule_psi_outcome", f"{label}: the bids differ")
            others = [name for name in game.servers if name != here]
            server = choose_name(game, "corp", f"{label}: move it to which server?", label, others)
            move_ice(game, card, server, cause=label)

        return [Instruction(label, psi_then_move)]


class _TraceOnEncounter(CardConditional):
    """Encountered, it starts a trace of strength 2; if that succeeds, the Runner gives up a click
    or the run ends, as they choose."""

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Encounter) and event.ice is self.card

    def resolve(self, event: Event) -> None:
        game, label = self.game, self.card.title

        def click_or_end() -> None:
            options = ["lose a click", "end the run"] if game.runner.clicks else ["end the run"]
            choice = choose_name(
                game, "runner", f"{label}: lose a click or end the run?", label, options
            )
            if choice == "lose a click":
                lose_clicks(game, "runner", 1, cause=label)
            else:
                end_the_run(game, cause=label)

        trace(game, 2, source=label, if_successful=click_or_end)


@implements
class Troll(IceBehaviour):
    title = "Troll"

    def abilities(self) -> list[Ability]:
        return [_TraceOnEncounter(self)] if self.active else []
