"""Interrupts, conditions, checkpoints and pending abilities.

The rules of most card games share one shape: an event about to happen can be
interrupted (modified, replaced or prevented); an event that happened meets
conditions; at the next checkpoint those abilities become pending, and the
players resolve them in a reaction window.  :class:`Timing` is that shape,
with nothing hidden: which abilities exist is asked of the game every time,
and what a player chooses (use an optional ability? which pending ability
next?) is asked of a :class:`~rulesref.engine.decisions.Decider` when it comes up.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from rulesref.engine.decisions import NO, YES, Decider, Decision, Option
from rulesref.engine.log import Log
from rulesref.games.netrunner.rules import Citations
from rulesref.games.netrunner.timing.abilities import (
    Ability,
    Conditional,
    Interrupt,
    Pending,
    Static,
)
from rulesref.games.netrunner.timing.costs import Cost, pay
from rulesref.games.netrunner.timing.events import Event, History, Status
from rulesref.games.netrunner.timing.instances import (
    distinct_instances,
    drop_inactive,
    explain_instances,
    subject_name,
)
from rulesref.games.netrunner.timing.interrupts import interrupt_window


@dataclass
class Timing:
    log: Log
    history: History
    #: Every ability the game currently has in force, asked afresh each time.
    abilities: Callable[[], Iterable[Ability]]
    decider: Decider
    #: The players, the one who acts first in a reaction window first.
    players_in_order: Callable[[], Sequence[str]]
    cites: Citations
    #: Game-state checks a checkpoint makes (has someone won?).
    on_checkpoint: Callable[[], None] = lambda: None
    #: How a player is named in the trace.
    name_of: Callable[[str], str] = str.title
    #: What the game does as an ability's trigger cost has been paid (its "when used"
    #: conditions), before the checkpoint that follows the payment.
    on_used: Callable[[Ability, Cost], None] = lambda ability, cost: None
    #: What a checkpoint records of the game for abilities that ask what it "had": each
    #: object's counters, taken at every checkpoint's conditional-abilities step.
    state: Callable[[], Mapping[object, Mapping[str, int]]] = lambda: {}
    _at_checkpoint: Mapping[object, Mapping[str, int]] = field(default_factory=dict)
    delayed: list[Conditional] = field(default_factory=list)
    #: How many checkpoints have happened (procedures that must have none in between
    #: compare it before and after).
    checkpoints: int = 0
    pending: list[Pending] = field(default_factory=list)
    _met: list[Pending] = field(default_factory=list)
    #: How many reaction windows are open (each claims the pending abilities it handles).
    _windows: int = 0

    def _all(self) -> list[Ability]:
        return [*self.abilities(), *self.delayed]

    def add_delayed(self, ability: Conditional) -> None:
        ability.delayed = True
        self.delayed.append(ability)

    # -- events -------------------------------------------------------------------------

    def perform(
        self,
        event: Event,
        effect: Callable[[], None],
        *,
        rules: Sequence[str] = (),
        announce: str | Callable[[], str] | None = None,
        quiet: bool = False,
    ) -> bool:
        """Let ``event`` be interrupted, then carry it out; return whether it occurred.

        ``announce`` is the trace line for the event (or makes it, once interrupts may have
        changed the event's values); ``rules`` the rules it cites.
        ``quiet``: the caller has already said what happens (paying a cost), so the
        event's own line is left out.
        """
        self.history.record(event)
        imminent = event.describe()
        self._interrupt_window(event)
        if event.forbidden:
            self.log.record(
                "rule_expected_effects",
                f"{imminent}: {', '.join(event.forbidden_by)} says it cannot happen, so it is "
                "not among the expected effects and does not take place",
            )
            return False
        if not (event.prevented or event.replaced) and not self._drop_stale(event, imminent):
            return False
        spent = event.value_spent()
        if spent is not None and not (event.prevented or event.replaced):
            event.status = Status.NOTHING_LEFT
            rules, value = spent
            self.log.record(
                rules,
                f"{imminent}: now {event.describe()}, a value of {value}, 0 or less, so it "
                "does not take place",
            )
            return False
        text = (announce() if callable(announce) else announce) or event.describe()
        if event.prevented:
            self.log.record(
                self.cites.cancelled if event.movement else (),
                f"{imminent}: prevented by {', '.join(event.prevented_by)}, so it does not take "
                "place",
            )
            return False
        if event.replaced:
            self.log.record(
                self.cites.cancelled if event.movement else (),
                f"{imminent}: replaced entirely by {', '.join(event.replaced_by)}, so it does not "
                "take place",
            )
            replacement = event.replacement_for(None)
            assert replacement is not None
            with self.log.nested():
                replacement()
            return False
        if not quiet:
            self.log.record(rules, text)
        # A card that moves may leave the zone where its abilities are active: those its
        # own move meets are looked for among the abilities it had before it moved.
        before = self._all() if event.movement else []
        with self.log.nested():
            replacement = event.replacement_for(None)
            (replacement or effect)()
        event.status = Status.OCCURRED
        event.before = self._at_checkpoint
        self._meet_conditions(event, before)
        return True

    def _drop_stale(self, event: Event, imminent: str) -> bool:
        """Skip the parts that became invalid while ``event`` was imminent; return whether
        anything is left for it to act on.

        The parts were fixed when the event became imminent and are only ever removed
        here: whatever an interrupt changed, nothing is chosen in a skipped part's place
        and no target left unannounced is chosen now.
        """
        late = self.cites.invalid_at_resolution + self.cites.no_late_targets
        stale = event.stale_parts()
        for part, name in stale:
            self.log.record(
                late,
                f"{name} is no longer the object it was when it was chosen: it is skipped, "
                "nothing is chosen in its place, and the rest resolves",
            )
            event.drop_part(part)
        if stale and not event.parts():
            event.status = Status.NOTHING_LEFT
            self.log.record(
                late,
                f"{imminent}: nothing is left for it to act on, so it does not take place",
            )
            return False
        return True

    def would_be_stopped(self, event: Event) -> list[str]:
        """Which static abilities or mandatory interrupts would stop ``event`` if it were
        carried out now (nothing is carried out; the game is only asked)."""
        stoppers: list[str] = []
        for ability in self._all():
            if (isinstance(ability, Static) and ability.forbids(event)) or (
                isinstance(ability, Interrupt)
                and not ability.optional
                and ability.applies_to(event)
                and ability.would_stop(event)
            ):
                stoppers.append(ability.label)
        return stoppers

    def _interrupt_window(self, event: Event) -> None:
        interrupt_window(self, event)

    def ask(self, decision: Decision) -> Option:
        """Ask the decider, and record the question and the answer in the trace."""
        chosen = self.decider.decide(decision)
        self.log.record(
            decision.cited(),
            f'{self.name_of(decision.player)} is asked "{decision.question}" and answers '
            f"{chosen.label}",
        )
        return chosen

    def _choose_use(self, ability: Ability, event: Event | None) -> tuple[bool, Cost | None]:
        """For an optional ability, ask whether it is used (and, if it has several costs,
        paying which); return whether it is used and the cost.  A mandatory ability is
        used, with its one cost."""
        alternatives = ability.costs(event)
        if not ability.optional:
            return True, alternatives[0]
        payable = [c for c in alternatives if c is None or not c.obstacles()]
        if not payable:
            return True, alternatives[0]  # _pay_for reports why it cannot be used
        who = self.name_of(ability.controller)
        asked_by = ", ".join(self.cites.optional) or f"{ability.label}'s ability (optional)"
        if len(alternatives) == 1:
            options: tuple[Option, ...] = (YES, NO)
        else:
            options = (
                *(
                    Option(
                        f"yes, paying {c.describe() if c else 'nothing'}",
                        c,
                        names=(i + 1, c.describe() if c else "nothing"),
                    )
                    for i, c in enumerate(alternatives)
                    if c in payable
                ),
                NO,
            )
        what = f" ({event.describe()})" if event is not None else ""
        question = f"use {ability.label}{what}?"
        chosen = self.ask(Decision(ability.controller, question, asked_by, options))
        if chosen is NO:
            self.log.record((), f"{who} does not use {ability.label}")
            return False, None
        cost: Cost | None = alternatives[0] if chosen is YES else chosen.value
        return True, cost

    def _pay_for(self, ability: Ability, event: Event | None, cost: Cost | None) -> bool:
        if cost is not None:
            obstacles = cost.obstacles()
            if obstacles:
                self.log.record(
                    self.cites.cost_all_at_once + cost.blocked_rules(),
                    f"{self.name_of(ability.controller)} cannot use {ability.label}: cannot pay "
                    f"{cost.describe()} ({'; '.join(obstacles)})",
                )
                return False
        self.log.record((), f"{self.name_of(ability.controller)} uses {ability.label}")
        if cost is not None:
            with self.log.nested():
                pay(
                    cost,
                    payer=self.name_of(ability.controller),
                    purpose=f"using {ability.label}",
                    timing=self,
                    then=lambda: self.on_used(ability, cost),
                )
                self._chain_reaction(ability)
        return True

    def mark_pending(self, ability: Conditional, event: Event) -> None:
        """An effect resolves ``ability`` by the class of its trigger condition: it is
        pending at the next checkpoint as though that had occurred
        (rule_instructed_to_resolve_conditional_ability); the caller has checked the
        condition's other requirements against the game."""
        self._met.append(Pending(ability, event))

    def _chain_reaction(self, ability: Ability) -> None:
        """What paying an ability's cost met resolves in a nested reaction window, before
        the ability itself goes on (rule_chain_reaction)."""
        if any(p.window is None for p in self.pending):
            self.log.record(
                ("rule_chain_reaction", "rule_nested_priority_window"),
                f"a reaction window opens inside {ability.label}: what paying its cost met "
                "resolves before it goes on",
            )
            self.reaction_window()

    def _meet_conditions(self, event: Event, before: Sequence[Ability] = ()) -> None:
        present = self._all()
        keys = {a.key for a in present}
        # rule_active_exception_conditional_move_to_inactive_zone: an ability whose source
        # this event made inactive still sees the event that moved it.
        gone = [a for a in before if a.key not in keys]
        for ability in (*present, *gone):
            if not isinstance(ability, Conditional):
                continue
            subjects = ability.occurrences(event)
            if not subjects:
                continue
            if ability.once_per_turn and self.history.uses_this_turn(ability.key):
                self.log.record(
                    ("rule_once_per_turn_flag",),
                    f"{ability.label} was used this turn: once per turn, it does not become "
                    "pending again",
                )
                continue
            if ability.delayed and ability in self.delayed:
                self.delayed.remove(ability)
                self.log.record(
                    ("rule_delayed_conditional_ability_relevant_once",),
                    f"{ability.label} has met its condition: with no duration of its own, it "
                    "resolves this once and then no longer exists",
                )
            carried = ability in gone
            self._met.extend(Pending(ability, event, carried=carried, subject=s) for s in subjects)

    # -- checkpoints and reaction windows -----------------------------------------------

    def conditions_met(self) -> bool:
        """Whether some ability's condition was met since the last checkpoint."""
        return bool(self._met)

    def checkpoint(self, rules: Sequence[str] = (), note: str = "") -> None:
        """Check the game state and make met abilities pending."""
        self.checkpoints += 1
        self.on_checkpoint()
        self._at_checkpoint = self.state()  # step_checkpoint_conditional_abilities
        newly, self._met = self._met, []
        self.pending.extend(newly)
        if newly:
            labels = ", ".join(p.ability.label for p in newly)
            self.log.record(rules, f"checkpoint{note}: {labels} pending")
            with self.log.nested():
                explain_instances(self.log, newly)
        elif rules:
            self.log.record(rules, f"checkpoint{note}")

    def reaction_window(
        self,
        *,
        closes_when: Callable[[], bool] | None = None,
        closing_rules: Callable[[], Sequence[str]] = lambda: (),
    ) -> None:
        """Resolve pending abilities, the first player's first, until none is left.

        The window handles the abilities that are pending and not yet handled by another
        (an outer window's remain the outer window's).  ``closes_when``: the timing
        structure whose beginning opened the window is over, so the window closes and its
        remaining abilities lose their pending status unresolved.
        """
        self._windows += 1
        mine = self._windows
        try:
            while True:
                self.checkpoint()
                for pending in self.pending:
                    if pending.window is None:
                        pending.window = mine
                own = [p for p in self.pending if p.window == mine]
                own = drop_inactive(self.log, self.pending, self._all(), own) if own else own
                if not own:
                    return
                if closes_when is not None and closes_when():
                    for pending in own:
                        self.pending.remove(pending)
                    self.log.record(
                        closing_rules(),
                        "the reaction window closes: "
                        + ", ".join(p.ability.label for p in own)
                        + f" {'loses' if len(own) == 1 else 'lose'} pending status unresolved",
                    )
                    return
                chosen = self._next_pending(own)
                self.pending.remove(chosen)
                self._resolve(chosen)
        finally:
            self._windows -= 1

    def settle(self) -> None:
        """End of an instruction: checkpoint, then resolve what became pending."""
        self.reaction_window()

    def _next_pending(self, pending: list[Pending]) -> Pending:
        """The active player's pending abilities resolve first; among their own, the
        player chooses which resolves next."""
        order = list(self.players_in_order())
        player = min((p.ability.controller for p in pending), key=order.index)
        mine = distinct_instances(p for p in pending if p.ability.controller == player)
        if len(mine) == 1:
            return mine[0]
        asked_by = (
            ", ".join(self.cites.pending_order) or "pending abilities: the player orders their own"
        )
        options = tuple(
            Option(
                label,
                p,
                names=(label, p.ability.label)
                + ((p.ability.source,) if p.ability.source is not None else ()),
            )
            for p in mine
            for label in [p.ability.label + (f" ({subject_name(p)})" if subject_name(p) else "")]
        )
        question = "which of your pending abilities resolves next?"
        chosen: Pending = self.ask(Decision(player, question, asked_by, options)).value
        return chosen

    def _resolve(self, pending: Pending) -> None:
        ability = pending.ability
        if ability.once_per_turn and self.history.uses_this_turn(ability.key):
            return
        use, cost = self._choose_use(ability, pending.event)
        if not use and ability.once_per_turn:
            self.log.record(
                ("rule_conditional_ability_used_condition",),
                f"{ability.label} resolved with no optional effect: it is not used, and may "
                "still be used this turn",
            )
        if not use or not self._pay_for(ability, pending.event, cost):
            return
        if ability.optional or cost is not None:
            self.history.note_use(ability.key)  # rule_using: mandatory ones are not "used"
        with self.log.nested():
            ability.resolve_occurrence(pending.event, pending.subject)
