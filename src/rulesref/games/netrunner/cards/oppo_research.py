"""An operation whose text holds four abilities of three kinds (rule_play_ability): a
restriction on playing it, a conditional ability met once it has resolved, and two play
abilities that resolve in order as it is played (the second one flagged threat 3)."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    Instruction,
    implements,
)
from rulesref.games.netrunner.procedures.choices import confirm
from rulesref.games.netrunner.procedures.costs import Credits, lose_clicks
from rulesref.games.netrunner.procedures.threat import threat_active
from rulesref.games.netrunner.procedures.traces import give_tags
from rulesref.games.netrunner.state.events import Play, Steal, Trash, TurnBegins
from rulesref.games.netrunner.timing.costs import Cost, pay
from rulesref.games.netrunner.timing.events import Event


class _ActionPhaseEnds(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Play) and any(c is self.card for c in event.cards)

    def resolve(self, event: Event) -> None:
        game = self.game
        game.log.record(
            "rule_play_ability",
            f"{self.card.title} has resolved: the Corp's action phase ends (no more actions "
            "this turn)",
        )
        lose_clicks(game, "corp", game.corp.clicks, cause=self.card.title)


@implements
class OppoResearch(CardBehaviour):
    title = "Oppo Research"

    def play_restriction(self) -> str | None:
        history = self.game.history
        runner_turns = [
            e.turn for e in history if isinstance(e, TurnBegins) and e.player == "runner"
        ]
        last = max((t for t in runner_turns if t < history.turn), default=None)
        if last is None or not any(
            e.turn == last
            and e.occurred
            and (
                (isinstance(e, Steal) and e.player == "runner")
                or (
                    isinstance(e, Trash)
                    and e.player == "runner"
                    and any(v.owner == "corp" for v in e.views)
                )
            )
            for e in history
        ):
            return "the Runner did not steal or trash a Corp card during their last turn"
        return None

    def play(self) -> Instruction:
        game, card = self.game, self.card

        def resolve(_: Announced) -> None:
            game.timing.add_delayed(_ActionPhaseEnds(self, label=f"{card.title} (resolved)"))
            give_tags(game, 2, cause=card.title)
            game.timing.checkpoint(("step_play_ability_checkpoint",))
            if not threat_active(game, 3, card.title):
                return
            price = Cost((Credits(game, "corp", 5),))
            if price.obstacles() or not confirm(
                game, "corp", f"{card.title}: pay 5 credits to give 2 more tags?", card.title
            ):
                return
            pay(price, payer="Corp", purpose=card.title, timing=game.timing)
            give_tags(game, 2, cause=card.title)

        return Instruction(card.title, resolve, chooser="corp")
