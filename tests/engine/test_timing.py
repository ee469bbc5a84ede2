"""The kernel's timing on its own: no Netrunner, just abilities, events and a log."""

from __future__ import annotations

from rulesref.engine.decisions import YES, Decision, Option
from rulesref.engine.log import Log
from rulesref.games.netrunner.rules import Citations
from rulesref.games.netrunner.timing.abilities import Ability, Conditional, Interrupt, Static
from rulesref.games.netrunner.timing.checkpoints import Timing
from rulesref.games.netrunner.timing.costs import Cost, CostPart
from rulesref.games.netrunner.timing.events import Event, History


class Hit(Event):
    kind = "hit"
    movement = True

    def __init__(self, player: str, amount: int, *, as_cost: bool = False) -> None:
        super().__init__(player, as_cost=as_cost)
        self.amount = amount

    def describe(self) -> str:
        return f"{self.player} takes {self.amount}"


class YesToEverything:
    """Says yes to every optional ability, and takes pending abilities in the order given."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def decide(self, decision: Decision) -> Option:
        self.asked.append(decision.question)
        return YES if YES in decision.options else decision.options[0]


class World:
    """A minimal game: a life total and whatever abilities a test installs."""

    def __init__(self) -> None:
        self.life = 10
        self.abilities: list[Ability] = []
        self.log = Log()
        self.history = History()
        self.decider = YesToEverything()
        self.timing = Timing(
            log=self.log,
            history=self.history,
            abilities=lambda: self.abilities,
            decider=self.decider,
            players_in_order=lambda: ["p1", "p2"],
            cites=Citations(cancelled=("r_cancel",), cost_not_preventable=("r_cost",)),
        )

    def hit(self, amount: int, *, as_cost: bool = False) -> bool:
        event = Hit("p1", amount, as_cost=as_cost)

        def lose() -> None:
            self.life -= event.amount

        return self.timing.perform(event, lose)


class Shield(Interrupt):
    prevents = True

    def applies_to(self, event: Event) -> bool:
        return isinstance(event, Hit)

    def would_stop(self, event: Event) -> bool:
        return True

    def interrupt(self, event: Event) -> None:
        event.prevent(self.label)


class Halve(Interrupt):
    def applies_to(self, event: Event) -> bool:
        return isinstance(event, Hit)

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, Hit)
        event.amount //= 2


class CountFirstHit(Conditional):
    def __init__(self, world: World) -> None:
        super().__init__("counter", "p1")
        self.world = world
        self.resolved_at_life: list[int] = []

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Hit) and self.world.history.is_first_this_turn(
            event, lambda e: True
        )

    def resolve(self, event: Event) -> None:
        self.resolved_at_life.append(self.world.life)


def test_prevented_event_does_not_happen_or_meet_conditions() -> None:
    world = World()
    counter = CountFirstHit(world)
    world.abilities = [Shield("shield", "p1", optional=True), counter]
    assert world.hit(3) is False
    world.timing.settle()
    assert world.life == 10
    assert counter.resolved_at_life == []
    assert "r_cancel" in world.log.rule_ids()


def test_first_time_each_turn_is_read_from_history_so_prevention_keeps_it_open() -> None:
    world = World()
    shield = Shield("shield", "p1", optional=True)
    counter = CountFirstHit(world)
    world.abilities = [shield, counter]
    world.hit(3)
    world.abilities = [counter]
    world.hit(2)
    world.hit(1)
    world.timing.settle()
    assert counter.resolved_at_life == [7], "only the first hit that happened counts"
    world.history.begin_turn()
    world.hit(1)
    world.timing.settle()
    assert counter.resolved_at_life == [7, 6]


def test_conditions_wait_for_a_checkpoint() -> None:
    world = World()
    counter = CountFirstHit(world)
    world.abilities = [counter]
    world.hit(2)
    assert counter.resolved_at_life == []
    world.hit(3)
    world.timing.checkpoint()
    assert [p.ability for p in world.timing.pending] == [counter]
    world.timing.reaction_window()
    assert counter.resolved_at_life == [5], "resolved after both hits, at the window"


def test_modifying_interrupt_changes_the_event_before_it_happens() -> None:
    world = World()
    world.abilities = [Halve("halve", "p1")]
    world.hit(6)
    assert world.life == 7


def test_once_per_turn_interrupt() -> None:
    world = World()
    world.abilities = [Halve("halve", "p1", once_per_turn=True)]
    world.hit(6)
    world.hit(6)
    assert world.life == 10 - 3 - 6


class Price(CostPart):
    def __init__(self, world: World, amount: int) -> None:
        self.world, self.amount = world, amount

    def describe(self) -> str:
        return f"{self.amount} life"

    def obstacle(self) -> str | None:
        return None if self.world.life > self.amount else "not enough life"

    def pay(self) -> None:
        self.world.hit(self.amount, as_cost=True)


class PaidShield(Shield):
    def __init__(self, world: World) -> None:
        super().__init__("paid shield", "p1", optional=True)
        self.world = world

    def cost(self, event: Event | None) -> Cost | None:
        return Cost((Price(self.world, 1),))


def test_optional_prevention_is_not_offered_against_paying_a_cost() -> None:
    world = World()
    world.abilities = [PaidShield(world)]
    world.hit(5)
    assert world.life == 9, "the 5 was prevented; its price of 1 could not be"
    assert "r_cost" in world.log.rule_ids()


def test_would_be_stopped_only_counts_mandatory_interrupts_and_static_abilities() -> None:
    class Forbid(Static):
        def forbids(self, event: Event) -> bool:
            return isinstance(event, Hit)

    world = World()
    world.abilities = [Shield("optional shield", "p1", optional=True)]
    assert world.timing.would_be_stopped(Hit("p1", 1)) == []
    world.abilities = [Shield("mandatory shield", "p1")]
    assert world.timing.would_be_stopped(Hit("p1", 1)) == ["mandatory shield"]
    world.abilities = [Forbid("rule", "p1")]
    assert world.timing.would_be_stopped(Hit("p1", 1)) == ["rule"]
    assert world.life == 10, "asking changes nothing"


def test_delayed_ability_fires_once() -> None:
    world = World()
    counter = CountFirstHit(world)
    world.timing.add_delayed(counter)
    world.hit(1)
    world.timing.settle()
    world.history.begin_turn()
    world.hit(1)
    world.timing.settle()
    assert counter.resolved_at_life == [9]


class Note(Conditional):
    """Met by every hit; records who resolved, in order."""

    def __init__(self, label: str, controller: str, order: list[str]) -> None:
        super().__init__(label, controller)
        self.order = order

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Hit)

    def resolve(self, event: Event) -> None:
        self.order.append(self.label)


def test_the_active_players_pending_abilities_resolve_first() -> None:
    world = World()
    order: list[str] = []
    # the non-active player's ability is listed (and met) first
    world.abilities = [Note("p2's", "p2", order), Note("p1's", "p1", order)]
    world.hit(1)
    world.timing.settle()
    assert order == ["p1's", "p2's"]


def test_a_player_is_asked_the_order_of_their_own_pending_abilities() -> None:
    world = World()
    order: list[str] = []
    world.abilities = [Note("first", "p1", order), Note("second", "p1", order)]
    world.hit(1)
    world.timing.settle()
    assert world.decider.asked == ["which of your pending abilities resolves next?"]
    assert order == ["first", "second"]
