"""Runner cards that work on the Runner's own piles: rebuilding the stack, refilling the grip,
installing from the stack or the heap."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    Instruction,
    implements,
)
from rulesref.games.netrunner.procedures.choices import choose_card_or_none, choose_name
from rulesref.games.netrunner.procedures.costs import CostKind, printed_cost_as
from rulesref.games.netrunner.procedures.drawing import draw
from rulesref.games.netrunner.procedures.hosting import Host, hosted_on
from rulesref.games.netrunner.procedures.installing import install
from rulesref.games.netrunner.procedures.movements import add, remove_from_game, set_aside
from rulesref.games.netrunner.procedures.searching import search_for, shuffle_deck
from rulesref.games.netrunner.state.events import Install, Trash
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.turn_events import TurnEnds
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


@implements
class AshenEpilogue(CardBehaviour):
    """Grip and heap go back into the stack, the top 5 leave the game, the Runner draws 5;
    its last instruction removes the event itself from the game, so that it is no longer
    there to be trashed when playing it ends."""

    title = "Ashen Epilogue"

    def play(self) -> Instruction:
        game, event = self.game, self.card

        def resolve(_: Announced) -> None:
            for card in [*game.runner.grip, *game.runner.heap]:
                add(game, card, ZoneType.DECK, "runner", by="runner")
            shuffle_deck(game, "runner", by="runner")
            for card in list(game.runner.stack[:5]):
                remove_from_game(game, card, by="runner")
            draw(game, {"runner": 5})
            if event.zone_type is ZoneType.PLAY_AREA:
                remove_from_game(game, event, by="runner")

        return Instruction(self.title, resolve, chooser="runner")


class _DrawWhenTrashedByDamage(CardConditional):
    """Whenever it is trashed by net or meat damage the Runner takes, draw 3 cards (a card
    in the heap watching its own trash)."""

    def is_met_by(self, event: Event) -> bool:
        return (
            isinstance(event, Trash)
            and event.damage_type in ("net", "meat")
            and any(c is self.card for c in event.cards)
        )

    def resolve(self, event: Event) -> None:
        self.game.log.record(
            "rule_active_exception_catchall",
            "trashed by damage, the card is in the heap, where its ability is active",
        )
        draw(self.game, {"runner": 3})


@implements
class IveHadWorse(CardBehaviour):
    title = "I've Had Worse"

    def play(self) -> Instruction:
        game = self.game

        def draw_three(_: Announced) -> None:
            draw(game, {"runner": 3})

        return Instruction(self.title, draw_three, chooser="runner")

    def abilities(self) -> list[Ability]:
        return [_DrawWhenTrashedByDamage(self)] if self.card.zone_type is ZoneType.DISCARD else []


class _BackOnTop(CardConditional):
    """Test Run's delayed ability: when the Runner's turn ends, if the program it installed
    is still installed (the same object), it goes back on top of the stack."""

    def __init__(self, behaviour: TestRun, program: NetrunnerCard) -> None:
        super().__init__(behaviour, label=f"{behaviour.title} (when your turn ends)")
        self.program = program.ref()

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, TurnEnds) and event.player == "runner"

    def resolve(self, event: Event) -> None:
        program = self.program.current
        if program is None or not program.installed:
            self.game.log.record((), f"{self.label}: the program was uninstalled; it stays")
            return
        add(
            self.game,
            program,
            ZoneType.DECK,
            "runner",
            by="runner",
            index=0,
            place="the top of the stack",
        )


@implements
class TestRun(CardBehaviour):
    """Searches the stack or the heap for a program and installs it, ignoring all costs;
    what it leaves behind (the program's return at the end of the turn) is a delayed
    ability, independent of the event, which is trashed as soon as it has resolved."""

    title = "Test Run"

    def play(self) -> Instruction:
        game = self.game

        def find_and_install(_: Announced) -> None:
            where = choose_name(
                game,
                "runner",
                f"{self.title}: search which pile?",
                self.title,
                ["stack", "heap"],
            )
            if where == "stack":
                found = search_for(
                    game,
                    "runner",
                    "a program",
                    lambda c: c.is_a("program"),
                    by="runner",
                    cause=self.title,
                )
            else:
                programs = [c for c in game.runner.heap if c.is_a("program")]
                found = choose_card_or_none(
                    game,
                    "runner",
                    f"{self.title}: which program in the heap?",
                    self.title,
                    programs,
                )
                if found is not None:
                    set_aside(game, found, by="runner")
            if found is None:
                return
            install(game, found, by="runner", ignoring_costs=True, cause=self.title)
            game.timing.add_delayed(_BackOnTop(self, found))
            game.log.record(
                "rule_playing_lingering_effects",
                f"{self.title} creates a delayed ability for the end of the turn; it does not "
                "depend on the event, which has finished resolving",
            )

        return Instruction(self.title, find_and_install, chooser="runner")


class _DrawForHeapInstalls(CardConditional):
    """Whenever the Runner installs a program from the heap, they draw 1 card."""

    def is_met_by(self, event: Event) -> bool:
        heap = self.game.zones.get(ZoneType.DISCARD, "runner").name
        return (
            isinstance(event, Install)
            and event.player == "runner"
            and any(c.is_a("program") and c.entered_from == heap for c in event.cards)
        )

    def resolve(self, event: Event) -> None:
        draw(self.game, {"runner": 1})


@implements
class Exile(CardBehaviour):
    title = "Exile: Streethawk"

    def abilities(self) -> list[Ability]:
        return [_DrawForHeapInstalls(self)] if self.active else []


@implements
class MassInstall(CardBehaviour):
    """Installs up to 3 programs from the grip, paying their install costs, one at a time:
    each is chosen and installed before the next, so a program just installed can host
    the next one."""

    title = "Mass Install"

    def play(self) -> Instruction:
        game = self.game

        def install_three(_: Announced) -> None:
            for done in range(3):
                offered = [
                    c
                    for c in game.runner.grip
                    if c.is_a("program") and _cheapest_install(game, c) <= game.runner.credits
                ]
                if not offered:
                    game.log.record(
                        "rule_install_one_at_a_time",
                        f"{self.title}: no program left in the grip can be installed now",
                    )
                    return
                card = choose_card_or_none(
                    game,
                    "runner",
                    f"{self.title}: install which program ({done} of up to 3 installed)?",
                    "rule_install_one_at_a_time",
                    offered,
                    none="no more",
                )
                if card is None:
                    return
                hosts = _hosts_for(game, card)
                place = choose_name(
                    game,
                    "runner",
                    f"{self.title}: install {card.title} where?",
                    "rule_steps_installing_destination",
                    ["the rig", *(h.title for h in hosts)],
                )
                host = next((h for h in hosts if h.title == place), None)
                game.log.record(
                    ("rule_install_one_at_a_time", "rule_split_up_instruction"),
                    f"{self.title} installs {card.title}, program {done + 1} of up to 3, all "
                    "the way through before another is chosen",
                )
                install(game, card, by="runner", host=host, cause=self.title)

        return Instruction(self.title, install_three, chooser="runner")


def _hosts_for(game: Table, card: NetrunnerCard) -> list[NetrunnerCard]:
    """The installed cards that could host ``card`` now."""
    found = []
    for other in game.runner.installed:
        behaviour = other.behaviour
        if isinstance(behaviour, Host) and behaviour.active and behaviour.can_host(card) is None:
            limit = behaviour.hosting_limit
            if limit is None or len(hosted_on(game, other)) < limit:
                found.append(other)
    return found


def _cheapest_install(game: Table, card: NetrunnerCard) -> int:
    """What installing ``card`` would cost at the least, in the rig or on a host."""
    printed = printed_cost_as(game, card, CostKind.INSTALL)
    base = game.cost_with_modifiers("install", card, printed, quiet=True)
    discounts = [
        h.behaviour.install_discount(card)
        for h in _hosts_for(game, card)
        if isinstance(h.behaviour, Host)
    ]
    return max(0, base - max(discounts, default=0))
