"""Cards about trashing several Corp cards at once, and the abilities it triggers.

One trash of three cards meets "whenever the Runner trashes a Corp card" three
times; the timing structure counts the instances
(:meth:`~rulesref.games.netrunner.timing.abilities.Conditional.instances`), and a
card trashed along with the others still sees its own trash.
"""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardBehaviour, CardConditional, implements
from rulesref.games.netrunner.cards.run_events import RunEvent, _InsteadOfBreaching
from rulesref.games.netrunner.procedures.costs import Clicks
from rulesref.games.netrunner.procedures.damage import damage
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.state.events import Trash
from rulesref.games.netrunner.state.run_events import Breach
from rulesref.games.netrunner.state.runs import Run
from rulesref.games.netrunner.state.zones import CENTRAL_SERVERS
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import CostPart
from rulesref.games.netrunner.timing.events import Event


class _NetDamagePerCorpCardTrashed(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return self.instances(event) > 0

    def instances(self, event: Event) -> int:
        if not isinstance(event, Trash) or event.player != "runner":
            return 0
        return sum(v.owner == "corp" for v in event.views_of_remaining())

    def resolve(self, event: Event) -> None:
        damage(self.game, "net", 1, source=self.card.title)


@implements
class HostileInfrastructure(CardBehaviour):
    title = "Hostile Infrastructure"

    def abilities(self) -> list[Ability]:
        return [_NetDamagePerCorpCardTrashed(self)] if self.active else []


class _TrashTheRootInstead(_InsteadOfBreaching):
    """Not a choice: once the run is successful, the breach is replaced."""

    def __init__(self, behaviour: RunEvent, run: Run) -> None:
        super().__init__(behaviour, run, "trash the root", self.trash_root)
        self.optional = False

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, Breach)
        server = event.server
        self.game.log.record(
            "rule_if_successful",
            f"{self.card.title}: the breach of {server} would begin, and is replaced",
        )
        event.replace_entirely(self.label, lambda: self.trash_root(server))

    def trash_root(self, server: str) -> None:
        root = list(self.game.server_record(server).root)
        if root:
            trash(self.game, root, by="runner", cause=self.card.title)


@implements
class Singularity(RunEvent):
    title = "Singularity"
    may_run = "a remote server"

    def allowed(self, server: str) -> bool:
        return server not in CENTRAL_SERVERS

    def additional_cost(self) -> list[CostPart]:
        return [Clicks(self.game, "runner", 1)]

    def when_successful(self, run: Run) -> None:
        self.for_the_run(run, _TrashTheRootInstead(self, run))
