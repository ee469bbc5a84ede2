"""The kinds of items Netrunner costs are paid with."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesref.engine.costs import Cost, CostPart
from rulesref.games.netrunner.events import Damage
from rulesref.games.netrunner.objects import NetrunnerCard

if TYPE_CHECKING:
    from rulesref.games.netrunner.game import Game


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Credits(CostPart):
    def __init__(self, game: Game, side: str, amount: int) -> None:
        self.game, self.side, self.amount = game, side, amount

    def describe(self) -> str:
        return plural(self.amount, "credit")

    def obstacle(self) -> str | None:
        have = self.game.player(self.side).credits
        return (
            None if have >= self.amount else f"the {self.side.title()} has {plural(have, 'credit')}"
        )

    def pay(self) -> None:
        self.game.player(self.side).credits -= self.amount

    def is_zero(self) -> bool:
        return self.amount == 0


class Clicks(CostPart):
    """Spending clicks, or losing them where an ability says "lose" as its price."""

    def __init__(self, game: Game, side: str, amount: int, verb: str = "spending") -> None:
        self.game, self.side, self.amount, self.verb = game, side, amount, verb

    def describe(self) -> str:
        return f"{self.verb} {plural(self.amount, 'click')}"

    def obstacle(self) -> str | None:
        have = self.game.player(self.side).clicks
        return (
            None if have >= self.amount else f"the {self.side.title()} has {plural(have, 'click')}"
        )

    def pay(self) -> None:
        player = self.game.player(self.side)
        player.clicks -= self.amount
        if self.verb == "spending":
            player.clicks_spent += self.amount


class TrashSelf(CostPart):
    def __init__(self, game: Game, card: NetrunnerCard) -> None:
        self.game, self.card = game, card

    def describe(self) -> str:
        return f"trashing {self.card.title}"

    def obstacle(self) -> str | None:
        return None if self.card.installed else f"{self.card.title} is not installed"

    def pay(self) -> None:
        from rulesref.games.netrunner.movements import trash

        trash(self.game, [self.card], by=self.card.owner, as_cost=True)


class SufferDamage(CostPart):
    """Suffering damage as a cost: payable only if nothing would stop the damage."""

    def __init__(self, game: Game, damage_type: str, amount: int) -> None:
        self.game, self.damage_type, self.amount = game, damage_type, amount

    def describe(self) -> str:
        return f"suffering {self.amount} {self.damage_type} damage"

    def obstacle(self) -> str | None:
        probe = Damage("runner", self.damage_type, self.amount, as_cost=True)
        stoppers = self.game.timing.would_be_stopped(probe)
        if stoppers:
            return f"{', '.join(stoppers)} would prevent that damage"
        return None

    def blocked_rules(self) -> tuple[str, ...]:
        return self.game.timing.cites.cost_blocked

    def pay(self) -> None:
        from rulesref.games.netrunner.damage import damage

        damage(self.game, self.damage_type, self.amount, as_cost=True)


class HostedCounters(CostPart):
    """ "Any X <kind> counters": removed from any of the payer's installed cards."""

    def __init__(
        self,
        game: Game,
        side: str,
        kind: str,
        amount: int,
    ) -> None:
        self.game, self.side, self.kind, self.amount = game, side, kind, amount

    def describe(self) -> str:
        return plural(self.amount, f"{self.kind} counter")

    def _hosts(self) -> list[NetrunnerCard]:
        return [c for c in self.game.player(self.side).installed if c.counters[self.kind]]

    def obstacle(self) -> str | None:
        have = sum(c.counters[self.kind] for c in self._hosts())
        if have >= self.amount:
            return None
        return f"the {self.side.title()} has {plural(have, f'{self.kind} counter')}"

    def pay(self) -> None:
        """Counter by counter, the payer chooses the card each comes from when the
        counters are on several cards and not all of them are needed."""
        from rulesref.games.netrunner.choices import choose_card

        left = self.amount
        while left:
            hosts = self._hosts()
            if sum(h.counters[self.kind] for h in hosts) == left:
                host = hosts[0]
            else:
                host = choose_card(
                    self.game,
                    self.side,
                    f"remove a {self.kind} counter from which card ({left} to remove)?",
                    "tc_1_2_1",
                    hosts,
                )
            host.counters[self.kind] -= 1
            self.game.log.record((), f"removes 1 {self.kind} counter from {host.title}")
            left -= 1

    def is_zero(self) -> bool:
        return self.amount == 0


def credits(game: Game, side: str, amount: int) -> Cost:
    return Cost((Credits(game, side, amount),))


class CountersOnCard(CostPart):
    """Removing counters hosted on one particular card."""

    def __init__(self, card: NetrunnerCard, kind: str, amount: int) -> None:
        self.card, self.kind, self.amount = card, kind, amount

    def describe(self) -> str:
        return f"{plural(self.amount, f'hosted {self.kind} counter')} on {self.card.title}"

    def obstacle(self) -> str | None:
        have = self.card.counters[self.kind]
        return None if have >= self.amount else f"{self.card.title} hosts {have}"

    def pay(self) -> None:
        self.card.counters[self.kind] -= self.amount
