"""The interrupt window of an imminent event: who may act, with what, and until when.

The rules give both players priority in turn, the active player first, until
one passes without acting after the other did (rule_interrupt_window_priority).
Conditional interrupts are fixed as the window opens: only those relevant then
are pending, and one becomes usable only while it is *still* relevant to what
the event is now expected to do (rule_pending_status_for_interrupt_windows,
rule_trigger_conditional_ability_interrupt).  Paid interrupts need no pending
status: any relevant one can be used whenever its controller has priority
(rule_trigger_paid_ability_interrupt).  A player with several usable abilities
picks the next one themselves (rule_interrupt_window_abilities_unordered).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulesref.engine.decisions import Decision, Option
from rulesref.games.netrunner.timing.abilities import Interrupt, Static
from rulesref.games.netrunner.timing.events import Event

if TYPE_CHECKING:
    from rulesref.games.netrunner.timing.checkpoints import Timing

PASS = Option("pass", None, ("pass",))


class _Window:
    """One interrupt window: what was pending as it opened, and what each player is done
    with (a conditional interrupt used or declined, a paid one declined)."""

    def __init__(self, timing: Timing, event: Event, opening: list[Interrupt]) -> None:
        """``opening``: the interrupts relevant as the window opens."""
        self.timing = timing
        self.event = event
        self.announced = False
        self.done: set[str] = set()
        #: Abilities used in this window (a paid one may be used again).
        self.used: set[str] = set()
        #: Abilities said to be unusable, with how many changes the value had then.
        self.refused: dict[str, int] = {}
        self.pending = {a.key for a in opening if not a.paid and not self._used_up(a)}

    def _interrupts(self) -> list[Interrupt]:
        return [a for a in self.timing._all() if isinstance(a, Interrupt)]

    def _used_up(self, ability: Interrupt) -> bool:
        return ability.once_per_turn and bool(self.timing.history.uses_this_turn(ability.key))

    @property
    def over(self) -> bool:
        return self.event.prevented or self.event.replaced or self.event.forbidden

    def announce(self) -> None:
        if not self.announced:
            self.timing.log.record((), f"about to happen: {self.event.describe()}")
            self.announced = True

    def usable(self, player: str) -> list[Interrupt]:
        """The interrupts ``player`` may trigger now, in the order the game lists them."""
        found: list[Interrupt] = []
        for ability in self._interrupts():
            key = ability.key
            if ability.controller != player or key in self.done or self._used_up(ability):
                continue
            if not ability.paid and key not in self.pending:
                continue
            if not ability.applies_to(self.event):
                if key in self.pending:
                    self.done.add(key)
                    self.announce()
                    self.timing.log.record(
                        "rule_trigger_conditional_ability_interrupt",
                        f"{ability.label} is pending but no longer relevant to what is about "
                        "to happen, so it cannot be used",
                    )
                continue
            if key in self.used and all(
                c is not None and c.obstacles() for c in ability.costs(self.event)
            ):
                continue  # used already, and cannot be paid for again
            # Optional prevention cannot stop a cost; no prevention stops what "cannot be
            # prevented" (a mandatory one stops a cost from being paid at all instead).
            blocked_cost = self.event.as_cost and ability.optional
            if (blocked_cost or self.event.unpreventable) and ability.prevents:
                self._refuse(ability)
                continue
            found.append(ability)
        return found

    def _refuse(self, ability: Interrupt) -> None:
        event = self.event
        blocked_cost = event.as_cost and ability.optional
        if self.refused.get(ability.key) == len(event.modified_by):
            return
        self.refused[ability.key] = len(event.modified_by)
        self.announce()
        kept = (
            f" (a property the value kept when {', '.join(event.modified_by)} changed it)"
            if event.modified_by and not blocked_cost
            else ""
        )
        self.timing.log.record(
            self.timing.cites.cost_not_preventable
            if blocked_cost
            else (*self.timing.cites.unpreventable, "rule_modified_values_retain_properties")
            if kept
            else self.timing.cites.unpreventable,
            f"{ability.label} cannot be used: "
            f"{'paying a cost' if blocked_cost else event.unpreventable} cannot be prevented"
            + kept,
        )

    def chain_reaction(self) -> None:
        """Before a player receives priority again, a checkpoint: abilities that an interrupt
        met (avoiding a tag, paying its cost) resolve now, while the window stays open."""
        timing = self.timing
        if timing.conditions_met():
            timing.checkpoint(("rule_checkpoint_before_receiving_priority", "rule_chain_reaction"))
            timing.reaction_window()

    def nothing_to_replace(self) -> None:
        """The event was replaced entirely: replacement effects not applied yet have
        nothing left to replace, and do not apply."""
        for ability in self.timing._all():
            key = ability.key
            if (
                isinstance(ability, Interrupt)
                and ability.replaces
                and key not in self.used
                and (key in self.pending or ability.paid)
            ):
                self.timing.log.record(
                    "rule_replacement_effect_must_have_something_to_replace",
                    f"{ability.label}: {self.event.describe()} is no longer expected, so its "
                    "replacement effect has nothing to replace and does not apply",
                )

    def next_choice(self, player: str, usable: list[Interrupt]) -> Interrupt | None:
        """Which of ``usable`` ``player`` triggers next (``None``: they pass).  One ability
        alone is offered as before (optional: asked; mandatory: used), and so are mandatory
        ones alone, in the order the game lists them: nothing the player could pick differs."""
        if len(usable) == 1 or all(not a.optional for a in usable):
            return usable[0]
        mandatory = any(not a.optional for a in usable)
        options = tuple(
            Option(a.label, a, (a.label, *((a.source,) if a.source is not None else ())))
            for a in usable
        ) + (() if mandatory else (PASS,))
        question = f"which interrupt do you trigger next ({self.event.describe()})?"
        decision = Decision(player, question, "rule_interrupt_window_abilities_unordered", options)
        chosen = self.timing.ask(decision)
        return None if chosen is PASS else chosen.value

    def trigger(self, ability: Interrupt, *, chosen: bool) -> bool:
        """Use ``ability`` if its controller does (and can pay); return whether it was used."""
        timing = self.timing
        with timing.log.nested():
            if chosen and ability.optional and len(ability.costs(self.event)) == 1:
                use, cost = True, ability.costs(self.event)[0]
            else:
                use, cost = timing._choose_use(ability, self.event)
            if not use or not timing._pay_for(ability, self.event, cost):
                self.done.add(ability.key)
                return False
            if not ability.paid:
                self.done.add(ability.key)
            self.used.add(ability.key)
            timing.history.note_use(ability.key)
            with timing.log.nested():
                ability.interrupt(self.event)
        return True


def interrupt_window(timing: Timing, event: Event) -> None:
    """Let the players modify, replace or prevent ``event`` before it happens.  As the
    window opens, what active abilities say cannot happen is not expected at all
    (rule_expected_effects): there is nothing to interrupt."""
    abilities = timing._all()
    forbidding = [a.label for a in abilities if isinstance(a, Static) and a.forbids(event)]
    if forbidding:
        event.forbid(forbidding)
        return
    relevant = [a for a in abilities if isinstance(a, Interrupt) and a.applies_to(event)]
    if not relevant:
        return  # no one could act: nothing relevant now, and nothing can become so unused
    window = _Window(timing, event, relevant)
    passed_in_a_row = 0
    players = list(timing.players_in_order())
    turn = 0
    while passed_in_a_row < len(players) and not window.over:
        player = players[turn % len(players)]
        turn += 1
        acted = False
        while not window.over:
            usable = window.usable(player)
            if not usable:
                break
            window.announce()
            ability = window.next_choice(player, usable)
            if ability is None:
                window.done.update(a.key for a in usable)
                break
            asked = len(usable) > 1 and any(a.optional for a in usable)
            if window.trigger(ability, chosen=asked):
                acted = True
                window.chain_reaction()
        passed_in_a_row = 0 if acted else passed_in_a_row + 1
    if event.replaced:
        window.nothing_to_replace()
