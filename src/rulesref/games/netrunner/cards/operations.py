"""Operations."""

from __future__ import annotations

from collections.abc import Sequence

from rulesref.engine.errors import InvalidTarget
from rulesref.games.netrunner.cards.base import Announced, CardBehaviour, Instruction, implements
from rulesref.games.netrunner.procedures.choices import (
    choose_card_or_none,
    choose_name,
    choose_number,
)
from rulesref.games.netrunner.procedures.costs import Clicks, gain_credits
from rulesref.games.netrunner.procedures.drawing import draw
from rulesref.games.netrunner.procedures.installing import CORP_INSTALLABLE, install
from rulesref.games.netrunner.procedures.targeting import (
    card_slot,
    cards_of,
    counter_slot,
    still_valid,
)
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.targets import CounterRef, Slot, Target
from rulesref.games.netrunner.timing.costs import CostPart


class GainCredits(CardBehaviour):
    amount = 0

    def play(self) -> Instruction:
        game, amount = self.game, self.amount

        def gain(_: Announced) -> None:
            game.corp.credits += amount
            game.log.record((), f"the Corp gains {amount} credits")

        return Instruction(self.title, gain)


@implements
class BeanstalkRoyalties(GainCredits):
    title = "Beanstalk Royalties"
    amount = 3


@implements
class HedgeFund(GainCredits):
    title = "Hedge Fund"
    amount = 9


def _one_host(chosen: Sequence[Target]) -> str | None:
    hosts = {t.host.card.serial for t in chosen if isinstance(t, CounterRef)}
    return None if len(hosts) <= 1 else "the advancement counters must all come from 1 card"


@implements
class TrickOfLight(CardBehaviour):
    """Its targets are a card and advancement counters; counters can be targets too."""

    title = "Trick of Light"

    def play(self) -> Instruction:
        game = self.game

        def slots() -> dict[str, Slot]:
            return {
                "card": card_slot(
                    "installed card that can be advanced",
                    1,
                    lambda c: (
                        c.installed and c.behaviour is not None and c.behaviour.can_be_advanced()
                    ),
                ),
                "counters": counter_slot(
                    "advancement counters",
                    "advancement",
                    2,
                    lambda host: host.installed,
                    up_to=True,
                    together=_one_host,
                ),
            }

        def move(announced: Announced) -> None:
            destination = cards_of(announced["card"].targets)
            counters = [t for t in announced["counters"].targets if isinstance(t, CounterRef)]
            if destination and any(c.host.card is destination[0] for c in counters):
                raise InvalidTarget(
                    "the counters must come from a card other than the chosen card", "tc_1_1_2b"
                )
            targets = cards_of(still_valid(game, announced["card"]))
            moving = [
                c for c in still_valid(game, announced["counters"]) if isinstance(c, CounterRef)
            ]
            if not targets or not moving:
                return
            host = moving[0].host.current
            assert host is not None
            host.counters["advancement"] -= len(moving)
            targets[0].counters["advancement"] += len(moving)
            game.log.record(
                (),
                f"{len(moving)} advancement counters move from {host.title} to {targets[0].title}",
            )

        return Instruction(self.title, move, slots)


@implements
class Psychographics(CardBehaviour):
    """Play cost X, at most the Runner's tags; places X advancement counters."""

    title = "Psychographics"

    def x_limit(self) -> tuple[int, str] | None:
        tags = self.game.runner.tags
        return tags, f"X cannot be more than the Runner's tags ({tags})"

    def play(self) -> Instruction:
        game, behaviour = self.game, self

        def slots() -> dict[str, Slot]:
            return {
                "card": card_slot(
                    "card that can be advanced",
                    1,
                    lambda c: (
                        c.installed and c.behaviour is not None and c.behaviour.can_be_advanced()
                    ),
                )
            }

        def advance(announced: Announced) -> None:
            x = behaviour.x or 0
            for card in cards_of(still_valid(game, announced["card"])):
                card.counters["advancement"] += x
                game.log.record(
                    (), f"the Corp places {x} advancement counters on {card.title} (X is {x})"
                )

        return Instruction(self.title, advance, slots)


@implements
class FastBreak(CardBehaviour):
    """X is counted when the operation resolves, from the Runner's score area."""

    title = "Fast Break"

    def play(self) -> Instruction:
        game = self.game

        def resolve(_: Announced) -> None:
            x = sum(1 for c in game.runner.score_area if c.facts.type == "agenda")
            game.corp.credits += x
            game.log.record((), f"X is {x}: the Corp gains {x} credits")
            # a number and a server are chosen as it resolves, and are not targets
            rule = "tc_1_1_1b"
            to_draw = choose_number(game, "corp", f"draw how many cards (up to {x})?", rule, 0, x)
            if to_draw:
                draw(game, {"corp": to_draw})
            server: str | None = None
            for done in range(x):
                candidates = [c for c in game.corp.hq if c.facts.type in CORP_INSTALLABLE]
                if not candidates:
                    break
                card = choose_card_or_none(
                    game,
                    "corp",
                    f"install which card from HQ ({done} of up to {x} installed)?",
                    rule,
                    candidates,
                    none="no more",
                )
                if card is None:
                    break
                if server is None:
                    remotes = [s.name for s in game.servers.values() if not s.is_central]
                    options = [*remotes, "new"]
                    server = choose_name(
                        game, "corp", "install in which single remote server?", rule, options
                    )
                    server = game.server(server, create=True).name
                install(game, card, by="corp", server=server, cause=self.title)

        return Instruction(self.title, resolve)


@implements
class CelebrityGift(CardBehaviour):
    """An additional click to play it; reveal up to 5 cards from HQ and gain 2 credits for
    each."""

    title = "Celebrity Gift"

    def additional_cost(self) -> list[CostPart]:
        return [Clicks(self.game, "corp", 1)]

    def play(self) -> Instruction:
        game = self.game

        def reveal_and_gain(_: Announced) -> None:
            revealed: list[NetrunnerCard] = []
            while len(revealed) < 5:
                left = [c for c in game.corp.hq if c not in revealed]
                if not left:
                    break
                card = choose_card_or_none(
                    game, "corp", f"{self.title}: reveal which card from HQ?", self.title, left
                )
                if card is None:
                    break
                revealed.append(card)
            shown = ", ".join(c.title for c in revealed) or "no card"
            game.log.record((), f"{self.title}: the Corp reveals {shown}")
            gain_credits(game, "corp", 2 * len(revealed), cause=self.title)

        return Instruction(self.title, reveal_and_gain)
