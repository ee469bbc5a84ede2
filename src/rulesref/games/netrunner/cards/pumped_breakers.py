"""An icebreaker whose strength comes partly from a static ability, and the mod that
makes its paid strength increases last the turn.

Puffer's static ability has no duration (rule_static_no_lingering_effects): it adds
strength for each hosted power counter while there is one, and not a moment longer.
Gebrselassie lengthens only what abilities that increase strength create."""

from __future__ import annotations

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    Instruction,
    PaidAbility,
    implements,
)
from rulesref.games.netrunner.cards.icebreakers import _Boosting
from rulesref.games.netrunner.procedures.breaking import BreakAbility
from rulesref.games.netrunner.procedures.choices import choose_card, choose_name
from rulesref.games.netrunner.procedures.costs import Clicks
from rulesref.games.netrunner.procedures.hosting import HostedOnly, check_host
from rulesref.games.netrunner.procedures.strength import BoostExtender
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.timing.costs import Cost

PLACE, REMOVE = "place 1 power counter", "remove 1 power counter"


@implements
class Puffer(_Boosting):
    title = "Puffer"
    breaks = (BreakAbility("sentry", 1),)
    boost_credits = 2

    def strength(self) -> int | None:
        printed = self.card.facts.strength
        return None if printed is None else printed + self.card.counters["power"]

    def memory_cost(self) -> int:
        return super().memory_cost() + self.card.counters["power"]

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def counters(_: Announced) -> None:
            options = [PLACE, REMOVE] if card.counters["power"] else [PLACE]
            if (
                choose_name(
                    game, "runner", f"{card.title}: which?", f"{card.title}'s ability", options
                )
                == PLACE
            ):
                card.counters["power"] += 1
            else:
                card.counters["power"] -= 1
            game.log.record(
                "rule_static_no_lingering_effects",
                f"{card.title} hosts {card.counters['power']} power counters: its strength "
                f"and memory cost follow at once",
            )

        return [
            *super().paid_abilities(),
            PaidAbility(
                f"{card.title}: power counter",
                lambda: Cost((Clicks(game, "runner", 1),)),
                Instruction(card.title, counters, chooser="runner"),
            ),
        ]


@implements
class Gebrselassie(CardBehaviour, HostedOnly, BoostExtender):
    title = "Gebrselassie"

    def host_refusal(self, host: NetrunnerCard) -> str | None:
        if not host.installed or not host.has_subtype("icebreaker") or host.has_subtype("ai"):
            return "it is hosted only on an installed non-AI icebreaker"
        return None

    def paid_abilities(self) -> list[PaidAbility]:
        game, mod = self.game, self.card

        def host_it(_: Announced) -> None:
            breakers = [
                c for c in game.runner.installed if c is not mod and self.host_refusal(c) is None
            ]
            if not breakers:
                raise IllegalAction(f"{mod.title}: there is no installed non-AI icebreaker")
            question = f"{mod.title}: host it on which icebreaker?"
            host = choose_card(game, "runner", question, f"{mod.title}'s ability", breakers)
            check_host(game, mod, host)
            mod.host = host
            game.log.record(("rule_host_relationship",), f"{mod.title} is hosted on {host.title}")

        return [
            PaidAbility(
                f"{mod.title}: host it",
                lambda: Cost((Clicks(game, "runner", 1),)),
                Instruction(mod.title, host_it, chooser="runner"),
            )
        ]
