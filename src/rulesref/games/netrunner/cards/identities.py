"""Identities."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    AccessAbility,
    CardBehaviour,
    CardConditional,
    implements,
)
from rulesref.games.netrunner.procedures.access import AccessCost
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.costs import Credits, HostedCounters, gain_credits
from rulesref.games.netrunner.procedures.movements import add, trash
from rulesref.games.netrunner.procedures.playing import printed_cost
from rulesref.games.netrunner.state.advance_events import Advance
from rulesref.games.netrunner.state.events import SpendClicks
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost, CostPart
from rulesref.games.netrunner.timing.events import Event


@implements
class FreedomKhumalo(CardBehaviour):
    """X equals the rez cost or play cost of the accessed card; when that is 0, so is the cost."""

    title = "Freedom Khumalo: Crypto-Anarchist"

    def access_abilities(self) -> list[AccessAbility]:
        game = self.game

        def cost(card: NetrunnerCard) -> Cost:
            x = printed_cost(game, card)
            return Cost((HostedCounters(game, "runner", "virus", x),))

        def resolve(card: NetrunnerCard) -> None:
            trash(game, [card], by="runner", cause=self.title)

        return [
            AccessAbility(
                self.title, lambda c: c.facts.type != "agenda", cost, resolve, once_per_turn=True
            )
        ]


@implements
class GagarinDeepSpace(CardBehaviour, AccessCost):
    """Accessing a card installed in a remote server's root costs the Runner one credit
    must pay 1 credit."""

    title = "Gagarin Deep Space: Expanding the Horizon"

    def cost_to_access(self, card: NetrunnerCard) -> list[CostPart]:
        server = card.server
        in_root = server is not None and any(c is card for c in server.root)
        if in_root and server is not None and not server.is_central:
            return [Credits(self.game, "runner", 1)]
        return []


def _click_during_run(event: SpendClicks) -> bool:
    return event.player == "runner" and event.during_run is not None


class _TopUpRnD(CardConditional):
    """On the turn's first click the Runner loses or spends while a run is under way, the
    Corp may put a card of Archives on top of R&D."""

    def is_met_by(self, event: Event) -> bool:
        return (
            isinstance(event, SpendClicks)
            and _click_during_run(event)
            and self.game.history.is_first_this_turn(event, _click_during_run)
        )

    def resolve(self, event: Event) -> None:
        game, label = self.game, self.card.title
        archives = game.corp.archives
        if not archives:
            game.log.record((), f"{label}: Archives is empty")
            return
        card = choose_card(
            game,
            "corp",
            f"{label}: put which card of Archives on top of R&D?",
            label,
            archives,
        )
        add(game, card, ZoneType.DECK, "corp", by="corp", index=0, place="the top of R&D")


@implements
class SeidrLaboratories(CardBehaviour):
    title = "Seidr Laboratories: Destiny Defined"

    def abilities(self) -> list[Ability]:
        return [_TopUpRnD(self, optional=True)] if self.active else []


class _PaidForAFreshAdvance(CardConditional):
    """ "Had no advancement counters" looks at the state of the last checkpoint before the
    advance (rule_instruction_requirements_past_state), not at the card now."""

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Advance) and event.player == "corp"

    def resolve(self, event: Event) -> None:
        assert isinstance(event, Advance)
        game = self.game
        for card in event.cards:
            had = event.before.get(card.serial, {}).get("advancement", 0)
            game.log.record(
                "rule_instruction_requirements_past_state",
                f"{self.card.title}: at the checkpoint before it was advanced, {card.title} had "
                f"{had} advancement counter{'' if had == 1 else 's'}",
            )
            if had == 0:
                gain_credits(game, "corp", 2, cause=self.card.title)


@implements
class WeylandBuiltToLast(CardBehaviour):
    title = "Weyland Consortium: Built to Last"

    def abilities(self) -> list[Ability]:
        return [_PaidForAFreshAdvance(self)] if self.active else []
