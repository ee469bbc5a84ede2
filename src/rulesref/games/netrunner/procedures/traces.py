"""Tags, bad publicity, link and traces (the rulebook's sections on each).

A trace pits the Corp's trace strength (its base strength plus the credits the Corp
spends, openly, first) against the Runner's link strength (their link plus the
credits they spend after); it is successful if the trace strength is greater.  What
each player spends is their decision, asked when the rules give them the chance.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Sequence

from rulesref.games.netrunner.procedures.choices import choose_number
from rulesref.games.netrunner.procedures.costs import Credits, plural
from rulesref.games.netrunner.state.events import (
    TagsAvoided,
    TakeBadPublicity,
    TakeTags,
    TraceResult,
)
from rulesref.games.netrunner.state.expose_events import Expose
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.payments import OTHER
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.timing.costs import Cost, CostPart, pay


class LinkSource:
    """Mixed into a behaviour whose active ability adds link."""

    @abstractmethod
    def link(self) -> int:
        """The link it adds (every source says how much: no default)."""


def link_value(game: Table) -> int:
    """The base link of the Runner's identity plus the link their active cards add."""
    total = 0
    for card in game.zones.cards():
        behaviour = card.behaviour
        if card.owner != "runner" or behaviour is None or not behaviour.active:
            continue
        if card.is_identity:
            total += card.facts.base_link or 0
        if isinstance(behaviour, LinkSource):
            total += behaviour.link()
    return total


def give_tags(game: Table, amount: int, *, cause: str, as_cost: bool = False) -> bool:
    """The Runner takes ``amount`` tags, or as many as interrupts left of them."""
    event = TakeTags(amount, as_cost=as_cost)

    def take() -> None:
        game.runner.tags += event.amount  # as interrupts left it

    return game.timing.perform(
        event,
        take,
        rules=("rule_tag",),
        announce=lambda: (
            f"{cause}: the Runner takes {plural(event.amount, 'tag')} "
            f"({game.runner.tags + event.amount} in all)"
        ),
    )


class TakeTag(CostPart):
    """Taking tags as a cost: payable only if nothing would stop the Runner taking them."""

    def __init__(self, game: Table, amount: int) -> None:
        self.game, self.amount = game, amount

    def describe(self) -> str:
        return f"taking {plural(self.amount, 'tag')}"

    def obstacle(self) -> str | None:
        stoppers = self.game.timing.would_be_stopped(TakeTags(self.amount, as_cost=True))
        return f"{', '.join(stoppers)} would prevent that" if stoppers else None

    def blocked_rules(self) -> tuple[str, ...]:
        return self.game.timing.cites.cost_blocked

    def pay(self) -> None:
        give_tags(self.game, self.amount, cause="as a cost", as_cost=True)


def avoid_tags(game: Table, event: TakeTags, amount: int, *, by: str) -> None:
    """An interrupt avoids ``amount`` of the tags the Runner would take: the value may go to
    0 or below while imminent, and tags are taken only if it ends above 0."""
    event.amount -= amount
    event.modified_by.append(by)
    event.prevented_by.append(by)
    game.log.record(
        "rule_modifiable_value_tags",
        f"{by} avoids {plural(amount, 'tag')}: the Runner would now take {event.amount}",
    )
    game.timing.perform(
        TagsAvoided(amount, by),
        lambda: None,
        announce=f"{by} has avoided {plural(amount, 'tag')}",
    )


def take_bad_publicity(game: Table, amount: int, *, cause: str) -> bool:
    """The Corp takes ``amount`` bad publicity (during a run, the Runner gains no more
    bad publicity credits for it)."""

    def take() -> None:
        game.corp.bad_publicity += amount

    during = " (no bad publicity credits for the run under way)" if game.run else ""
    return game.timing.perform(
        TakeBadPublicity(amount),
        take,
        rules=("rule_bad_publicity",) + (("rule_bad_publicity_during_run",) if game.run else ()),
        announce=f"{cause}: the Corp takes {amount} bad publicity{during}",
    )


def _spend(game: Table, side: str, question: str, rule: str) -> int:
    player = game.player(side)
    amount = choose_number(game, side, question, rule, 0, player.credits)
    if amount:
        pay(
            Cost((Credits(game, side, amount),)),
            payer=side.title(),
            purpose="the trace",
            timing=game.timing,
        )
    return amount


def trace(
    game: Table,
    base: int,
    *,
    source: str,
    if_successful: Callable[[], None] | None = None,
    if_unsuccessful: Callable[[], None] | None = None,
    either_way: Callable[[int], None] | None = None,
) -> bool:
    """Trace[``base``]: return whether it was successful, after resolving what follows.

    ``either_way``: an instruction of the trace's body with neither "if successful" nor
    "if unsuccessful", given the trace strength: it is met once the trace is determined
    successful or unsuccessful, whichever it is."""
    game.log.record(
        ("step_trace_initiated", "rule_trace_attempt_and_base_trace_strength"),
        f"{source}: trace [{base}] is initiated",
    )
    with game.log.nested():
        game.timing.checkpoint(("step_trace_checkpoint",))
        spent = _spend(
            game,
            "corp",
            f"{source}, trace [{base}]: spend how many credits?",
            "step_trace_corp_spend_credits",
        )
        strength = base + spent
        game.log.record(
            ("step_trace_corp_spend_credits", "rule_trace_strength"),
            f"the Corp spends {plural(spent, 'credit')}: trace strength {strength}",
        )
        link = link_value(game)
        paid = _spend(
            game,
            "runner",
            f"{source}, trace strength {strength} against your link {link}: spend how many "
            "credits?",
            "step_trace_runner_spend_credits",
        )
        game.log.record(
            ("step_trace_runner_spend_credits", "rule_link_strength"),
            f"the Runner spends {plural(paid, 'credit')}: link strength {link + paid}",
        )
        successful = strength > link + paid
        game.timing.perform(
            TraceResult(source, successful),
            lambda: None,
            rules=("step_trace_determine_success", "rule_compare_trace_and_link_strength"),
            announce=f"trace strength {strength} against link strength {link + paid}: the trace "
            f"is {'' if successful else 'un'}successful",
        )
        follow = if_successful if successful else if_unsuccessful
        if follow is not None:
            with game.log.nested():
                follow()
        if either_way is not None:
            game.log.record(
                "rule_trace_conditional_abilities",
                f"{source}: the trace is determined {'' if successful else 'un'}successful, "
                "which meets the condition of the rest of its body",
            )
            with game.log.nested():
                either_way(strength)
        game.log.record("step_trace_complete", f"the trace of {source} is complete")
    return successful


def secret_bids(game: Table, source: str, *, most: int = 2) -> tuple[int, int]:
    """Both players secretly bid 0 to ``most`` credits (at most what they can spend), then
    reveal and spend their bids, with no checkpoint until both have paid.  Returns the
    Corp's bid and the Runner's."""
    bids: dict[str, int] = {}
    for side in ("corp", "runner"):
        high = max(
            n for n in range(most + 1) if n == 0 or not Credits(game, side, n, OTHER).obstacle()
        )
        if high < min(most, game.player(side).credits):
            game.log.record(
                "rule_bid_possible",
                f"{source}: the {side.title()} cannot spend more than {high} credits now, so "
                f"cannot bid more",
            )
        bids[side] = choose_number(
            game,
            side,
            f"{source}: secretly bid how many credits (0 to {high})?",
            "rule_bid_secret",
            0,
            high,
        )
    corp, runner = bids["corp"], bids["runner"]
    game.log.record(
        ("rule_bidding", "rule_bid_reveal_spend", "rule_bid_secretly_spend"),
        f"{source}: the bids are revealed: the Corp bid {corp}, the Runner {runner}; each "
        "spends their bid",
    )
    with game.log.nested():
        for side, amount in bids.items():
            Credits(game, side, amount, OTHER).pay()
        game.timing.checkpoint(("rule_bid_is_cost",), note=" after both bids are spent")
    return corp, runner


def expose(game: Table, card: NetrunnerCard, *, cause: str) -> None:
    """The Runner exposes an installed, unrezzed card: it is revealed (and stays facedown)."""
    expose_cards(game, [card], cause=cause)


def expose_cards(game: Table, cards: Sequence[NetrunnerCard], *, cause: str) -> None:
    """One instruction exposes ``cards`` at once: one event, one occurrence per card."""
    exposable = [c for c in cards if c.installed and c.rezzed is False]
    if len(exposable) < len(cards):
        game.log.record("rule_expose", f"{cause}: only an installed unrezzed card can be exposed")
    if not exposable:
        return

    def reveal() -> None:
        game.runner.learn(exposable)

    where = ", ".join(f"{c.title} ({c.location})" for c in exposable)
    game.timing.perform(
        Expose("runner", exposable),
        reveal,
        rules=("rule_expose",),
        announce=f"{cause}: the Runner exposes {where}",
    )
