"""Netrunner's costs: the items they are paid with, and the six kinds of cost.

The items (credits, clicks, trashing a card, damage, counters) are the parts a
cost is made of (:mod:`rulesref.games.netrunner.timing.costs` pays them all at
once or not at all).  A card shows one cost, and its type says which kind it is:
a program's is paid to install it, an operation's to play it, an asset's to rez
it.  Installing a piece of ice costs a credit per piece already protecting the
server, whatever its printed (rez) cost.  Each payment names its kind in the
trace, so a judge can see which cost was paid and why.
"""

from __future__ import annotations

from enum import Enum

from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.credit_sources import available, spend
from rulesref.games.netrunner.procedures.damage import damage
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.state.events import Damage, SpendClicks
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.payments import OTHER, Payment
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.uses import SpendCredits
from rulesref.games.netrunner.timing.costs import Cost, CostPart


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Credits(CostPart):
    """Credits from the pool, or from cards whose hosted credits may pay ``spent_on``."""

    def __init__(
        self, game: Table, side: str, amount: int, spent_on: Payment | None = None
    ) -> None:
        self.game, self.side, self.amount = game, side, amount
        self.spent_on = spent_on or OTHER

    def describe(self) -> str:
        return plural(self.amount, "credit")

    def obstacle(self) -> str | None:
        have = available(self.game, self.side, self.spent_on)
        if have < self.amount:
            return f"the {self.side.title()} has {plural(have, 'credit')}"
        forbidden = self._forbidden_by()
        if forbidden:
            return f"{', '.join(forbidden)} forbids spending credits now"
        return None

    def _forbidden_by(self) -> list[str]:
        """The static abilities that forbid spending these credits now."""
        if not self.amount:
            return []
        return self.game.timing.would_be_stopped(SpendCredits(self.side))

    def blocked_rules(self) -> tuple[str, ...]:
        return self.game.timing.cites.cost_blocked if self._forbidden_by() else ()

    def pay(self) -> None:
        from_pool = spend(self.game, self.side, self.amount, self.spent_on)
        run = self.game.run
        if self.side == "runner" and run is not None and run.bad_publicity_credits:
            # Bad publicity credits are lost when the run ends: spent first.
            run.bad_publicity_credits -= min(run.bad_publicity_credits, from_pool)

    def is_zero(self) -> bool:
        return self.amount == 0


def for_use(cost: Cost, payment: Payment) -> Cost:
    """Say what the credits of ``cost`` pay for (a card's ability, install, rez, play), so
    that hosted credits allowed for that use can pay them."""
    for part in cost.parts:
        if isinstance(part, Credits) and part.spent_on is OTHER:
            part.spent_on = payment
    return cost


class Clicks(CostPart):
    """Spending clicks, or losing them where an ability says "lose" as its price."""

    def __init__(self, game: Table, side: str, amount: int, verb: str = "spending") -> None:
        self.game, self.side, self.amount, self.verb = game, side, amount, verb

    def describe(self) -> str:
        return f"{self.verb} {plural(self.amount, 'click')}"

    def obstacle(self) -> str | None:
        have = self.game.player(self.side).clicks
        return (
            None if have >= self.amount else f"the {self.side.title()} has {plural(have, 'click')}"
        )

    def pay(self) -> None:
        game = self.game
        player = game.player(self.side)

        def spend() -> None:
            player.clicks -= self.amount
            if self.verb == "spending":
                player.clicks_spent += self.amount

        run = game.run
        during = run.server if run is not None and run.begun else None
        verb = "spends" if self.verb == "spending" else "loses"
        game.timing.perform(SpendClicks(self.side, self.amount, verb, during), spend, quiet=True)


class TrashSelf(CostPart):
    def __init__(self, game: Table, card: NetrunnerCard) -> None:
        self.game, self.card = game, card

    def describe(self) -> str:
        return f"trashing {self.card.title}"

    def obstacle(self) -> str | None:
        return None if self.card.installed else f"{self.card.title} is not installed"

    def pay(self) -> None:
        trash(self.game, [self.card], by=self.card.owner, as_cost=True)


class SufferDamage(CostPart):
    """Suffering damage as a cost: payable only if nothing would stop the damage."""

    def __init__(self, game: Table, damage_type: str, amount: int) -> None:
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
        damage(self.game, self.damage_type, self.amount, as_cost=True, by="runner")


class RemoveTags(CostPart):
    """Removing tags from the Runner: the Runner controls their tags, but either player
    can pay such a cost, the Corp as if it controlled them."""

    def __init__(self, game: Table, payer: str, amount: int) -> None:
        self.game, self.payer, self.amount = game, payer, amount

    def describe(self) -> str:
        return f"removing {plural(self.amount, 'tag')}"

    def obstacle(self) -> str | None:
        tags = self.game.runner.tags
        if tags < self.amount:
            return f"the Runner has {plural(tags, 'tag')}"
        return None

    def pay(self) -> None:
        self.game.runner.tags -= self.amount
        if self.payer == "corp":
            self.game.log.record(
                "rule_corp_can_pay_tag_costs",
                f"the Corp removes {plural(self.amount, 'tag')} the Runner controls, as if it "
                "controlled them",
            )


class HostedCounters(CostPart):
    """ "Any X <kind> counters": removed from any of the payer's installed cards."""

    def __init__(
        self,
        game: Table,
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


def credits(game: Table, side: str, amount: int) -> Cost:
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


class CostKind(Enum):
    INSTALL = "install cost"
    PLAY = "play cost"
    REZ = "rez cost"
    TRIGGER = "paid ability trigger cost"
    ADDITIONAL = "additional cost"
    NESTED = "nested cost"

    @property
    def phrase(self) -> str:
        """How a payment line names it ("its rez cost", "an additional cost")."""
        if self in (CostKind.INSTALL, CostKind.PLAY, CostKind.REZ):
            return f"its {self.value}"
        return f"a{'n' if self.value[0] in 'aeiou' else ''} {self.value}"


#: The kind of cost a card's printed cost is, by card type (agendas and identities
#: have none).
PRINTED_AS: dict[str, CostKind] = {
    "hardware": CostKind.INSTALL,
    "program": CostKind.INSTALL,
    "resource": CostKind.INSTALL,
    "event": CostKind.PLAY,
    "operation": CostKind.PLAY,
    "asset": CostKind.REZ,
    "upgrade": CostKind.REZ,
    "ice": CostKind.REZ,
}


def printed_cost_as(game: Table, card: NetrunnerCard, kind: CostKind) -> int:
    """``card``'s printed cost if it is a cost of ``kind``, else 0: installing an asset
    does not pay its rez cost."""
    printed = card.facts.cost or 0
    printed_as = PRINTED_AS.get(card.facts.type)
    if printed_as is kind:
        return printed
    if printed and printed_as is not None:
        game.log.record(
            game.timing.cites.cost_kinds,
            f"{card.title}'s printed cost ({printed}) is {printed_as.phrase}, not "
            f"{kind.phrase}: it is not paid now",
        )
    return 0


def lose_clicks(game: Table, side: str, amount: int, *, cause: str) -> int:
    """``side`` loses up to ``amount`` clicks (as an effect, not a cost); returns how many."""
    lost = min(amount, game.player(side).clicks)
    game.log.record((), f"{cause}: the {side.title()} loses {plural(lost, 'click')}")
    if lost:
        Clicks(game, side, lost, verb="losing").pay()
    return lost


def lose_credits(game: Table, side: str, amount: int | None, *, cause: str) -> int:
    """``side`` loses up to ``amount`` credits (``None``: all of them) from their pool,
    never from cards; returns how many."""
    player = game.player(side)
    lost = player.credits if amount is None else min(amount, player.credits)
    player.credits -= lost
    run = game.run
    if side == "runner" and run is not None:
        run.bad_publicity_credits = min(run.bad_publicity_credits, player.credits)
    game.log.record((), f"{cause}: the {side.title()} loses {plural(lost, 'credit')}")
    return lost


def gain_credits(game: Table, side: str, amount: int, *, cause: str) -> None:
    game.player(side).credits += amount
    game.log.record((), f"{cause}: the {side.title()} gains {plural(amount, 'credit')}")
