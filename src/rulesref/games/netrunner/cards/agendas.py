"""Agendas."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    Instruction,
    PaidAbility,
    filler,
    implements,
)
from rulesref.games.netrunner.procedures.arranging import look_and_arrange, swap
from rulesref.games.netrunner.procedures.choices import choose_card, choose_card_or_none
from rulesref.games.netrunner.procedures.costs import CountersOnCard, SufferDamage
from rulesref.games.netrunner.procedures.movements import add, trash
from rulesref.games.netrunner.procedures.progress import end_the_run, offer_jack_out
from rulesref.games.netrunner.procedures.traces import take_bad_publicity
from rulesref.games.netrunner.state.events import Score, Steal
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost
from rulesref.games.netrunner.timing.events import Event


@implements
class ObokataProtocol(CardBehaviour):
    """Its additional steal cost is damage, which other abilities could prevent."""

    title = "Obokata Protocol"

    def steal_cost(self) -> Cost | None:
        return Cost((SufferDamage(self.game, "net", 4),))


filler("Priority Requisition", "Hostile Takeover")


class _AgendaCounters(CardBehaviour):
    """Shared by agendas that place agenda counters on themselves as they are scored."""

    def place_agenda_counters(self, amount: int) -> None:
        self.card.counters["agenda"] += amount
        self.game.log.record(
            (), f"{self.title} gets {amount} agenda counter{'s' if amount != 1 else ''}"
        )


@implements
class ProjectYagiUda(_AgendaCounters):
    """Scored, it gets an agenda counter per advancement counter past 3; a hosted agenda
    counter pays for exchanging a card of HQ with an installed card (root or ice) of the
    attacked server (only during a run), after which the Runner may jack out."""

    title = "Project Yagi-Uda"

    def on_score(self, advancements: int) -> None:
        self.place_agenda_counters(max(0, advancements - 3))

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def during_a_run() -> str | None:
            return (
                None if game.run is not None else "it can be used only while a run is in progress"
            )

        def swap_from_hq(_: Announced) -> None:
            run = game.require_run()
            server = game.server_record(run.server)
            installed = [*server.root, *server.ice]
            if not game.corp.hq or not installed:
                game.log.record((), f"{card.title}: there is nothing to swap")
                return
            mine = choose_card(
                game, "corp", f"{card.title}: swap which card from HQ?", card.title, game.corp.hq
            )
            theirs = choose_card(
                game,
                "corp",
                f"{card.title}: swap {mine.title} with which card of {server.name}?",
                card.title,
                installed,
            )
            swap(game, mine, theirs, by="corp", cause=card.title)
            offer_jack_out(game, card.title)

        return [
            PaidAbility(
                f"{card.title}: swap a card from HQ",
                lambda: Cost((CountersOnCard(card, "agenda", 1),)),
                Instruction(card.title, swap_from_hq),
                restriction=during_a_run,
            )
        ]


@implements
class NiseiMkII(_AgendaCounters):
    """Scored, it gets an agenda counter; a hosted agenda counter pays for ending the
    run."""

    title = "Nisei MK II"

    def on_score(self, advancements: int) -> None:
        self.place_agenda_counters(1)

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def end_it(_: Announced) -> None:
            end_the_run(game, cause=card.title)

        return [
            PaidAbility(
                f"{card.title}: end the run",
                lambda: Cost((CountersOnCard(card, "agenda", 1),)),
                Instruction(card.title, end_it),
            )
        ]


class _RearrangeTopSeven(CardConditional):
    """Scored or stolen, it lets the Corp view R&D's first seven cards, move some to HQ,
    number to HQ, trash any number, and arrange the rest."""

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Score | Steal) and any(c is self.card for c in event.cards)

    def resolve(self, event: Event) -> None:
        game, label = self.game, self.card.title
        top = list(game.corp.rnd[:7])
        game.corp.learn(top)
        game.log.record((), f"{label}: the Corp looks at the top {len(top)} cards of R&D")
        for verb in ("add to HQ", "trash"):
            while top:
                card = choose_card_or_none(game, "corp", f"{label}: {verb} which card?", label, top)
                if card is None:
                    break
                top.remove(card)
                if verb == "trash":
                    trash(game, [card], by="corp", cause=label)
                else:
                    add(game, card, ZoneType.HAND, "corp", by="corp")
        look_and_arrange(game, "corp", len(top), by="corp", cause=label)


@implements
class BacterialProgramming(CardBehaviour):
    title = "Bacterial Programming"

    def abilities(self) -> list[Ability]:
        return [_RearrangeTopSeven(self, optional=True)] if self.active else []


class _RemoveBadPublicity(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Score) and any(c is self.card for c in event.cards)

    def resolve(self, event: Event) -> None:
        game = self.game
        if game.corp.bad_publicity:
            game.corp.bad_publicity -= 1
            game.log.record((), f"{self.card.title}: the Corp removes 1 bad publicity")
        else:
            game.log.record((), f"{self.card.title}: the Corp has no bad publicity to remove")


class _BadPublicityWhenStolen(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Steal) and any(c is self.card for c in event.cards)

    def resolve(self, event: Event) -> None:
        take_bad_publicity(self.game, 1, cause=self.card.title)


@implements
class CloneRetirement(CardBehaviour):
    """Scored, the Corp may remove 1 bad publicity; stolen, the Corp takes 1."""

    title = "Clone Retirement"

    def abilities(self) -> list[Ability]:
        if not self.active:
            return []
        return [_RemoveBadPublicity(self, optional=True), _BadPublicityWhenStolen(self)]
