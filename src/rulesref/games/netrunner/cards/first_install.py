"""An agenda that installs and rezzes a card as it is scored, and a region whose ability
looks for the first install in its server's root each turn.

A card installed and rezzed together is not active while the install is processed:
the checkpoint that follows even a zero rez cost comes before the card turns faceup,
so its own install cannot meet its ability (rule_condition_only_met_while_active)."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardBehaviour, CardConditional, implements
from rulesref.games.netrunner.cards.when_scored import WhenScored, _ScoredAgenda
from rulesref.games.netrunner.procedures.choices import choose_name
from rulesref.games.netrunner.procedures.costs import gain_credits
from rulesref.games.netrunner.procedures.drawing import draw
from rulesref.games.netrunner.procedures.installing import install_by_ability
from rulesref.games.netrunner.procedures.rezzing import rez
from rulesref.games.netrunner.state.events import Install
from rulesref.games.netrunner.state.zones import CENTRAL_SERVERS
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event

GAIN, DRAW = "gain 2 credits", "draw 1 card"


class _FirstInstallHere(CardConditional):
    def _in_root_here(self, event: Install) -> bool:
        server = self.card.server
        return (
            server is not None
            and event.player == "corp"
            and any(c in server.root for c in event.cards)
        )

    def is_met_by(self, event: Event) -> bool:
        return (
            isinstance(event, Install)
            and self._in_root_here(event)
            and self.game.history.is_first_this_turn(event, self._in_root_here)
        )

    def resolve(self, event: Event) -> None:
        game, label = self.game, self.card.title
        if (
            choose_name(game, "corp", f"{label}: which?", f"{label}'s ability", [GAIN, DRAW])
            == GAIN
        ):
            gain_credits(game, "corp", 2, cause=label)
        else:
            draw(game, {"corp": 1})


@implements
class TranquilityHomeGrid(CardBehaviour):
    title = "Tranquility Home Grid"

    def install_refusal(self, server: str) -> str | None:
        return "it can be installed only in a remote server" if server in CENTRAL_SERVERS else None

    def abilities(self) -> list[Ability]:
        return [_FirstInstallHere(self)] if self.active else []


class _InstallAndRezFromTopFive(WhenScored):
    def resolve(self, event: Event) -> None:
        game, label = self.game, self.card.title
        top = list(game.corp.rnd[:5])
        game.corp.learn(top)
        game.log.record((), f"{label}: the Corp looks at the top {len(top)} cards of R&D")
        card = install_by_ability(game, top, cause=label, ignoring_costs=True)
        if card is not None and card.installed and card.is_a("ice", "asset", "upgrade"):
            rez(game, card, ignoring_costs=True)


@implements
class ArchitectDeploymentTest(_ScoredAgenda):
    title = "Architect Deployment Test"

    def when_scored(self) -> WhenScored | None:
        return _InstallAndRezFromTopFive(self)
