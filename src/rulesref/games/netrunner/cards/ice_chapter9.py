"""Ice the rulebook's chapter on abilities names: subroutines, interrupts and values."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardConditional,
    Instruction,
    PaidAbility,
    implements,
)
from rulesref.games.netrunner.cards.ice import IceBehaviour
from rulesref.games.netrunner.procedures.breaking import BreakAbility, Breaker
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.costs import CountersOnCard, Credits, gain_credits
from rulesref.games.netrunner.procedures.damage import damage, damage_for_each
from rulesref.games.netrunner.procedures.instructions import Effect, choose_effect
from rulesref.games.netrunner.procedures.memory import memory_in_use, memory_limit
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.progress import end_the_run
from rulesref.games.netrunner.procedures.subroutine_count import (
    SubroutineGrant,
    announce_gain,
    moment,
)
from rulesref.games.netrunner.procedures.traces import give_tags, trace
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.run_events import Encounter
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost, pay
from rulesref.games.netrunner.timing.events import Event


@implements
class LittleEngine(IceBehaviour):
    """https://netrunnerdb.com/en/card/08057 - two subroutines end the run, the third pays
    the Runner."""

    title = "Little Engine"

    def subroutines(self) -> list[Instruction]:
        game, label = self.game, f"{self.title} subroutine 3"

        def pay_runner(_: Announced) -> None:
            gain_credits(game, "runner", 5, cause=label)

        return [self.end_the_run(1), self.end_the_run(2), Instruction(label, pay_runner)]


@implements
class CortexLock(IceBehaviour):
    """https://netrunnerdb.com/en/card/08014 - net damage counted from the Runner's unused
    memory units, done as one amount."""

    title = "Cortex Lock"

    def subroutines(self) -> list[Instruction]:
        game, label = self.game, f"{self.title} subroutine 1"

        def net_damage(_: Announced) -> None:
            unused = max(0, memory_limit(game) - memory_in_use(game))
            damage_for_each(game, "net", unused, "unused MU the Runner has", source=label)

        return [Instruction(label, net_damage)]


class _TagOrEndTheRun(CardConditional):
    """Encountered, the Runner must take 1 tag or end the run: a choice that is an
    instruction of its own, the chosen effect the next."""

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Encounter) and event.ice is self.card

    def resolve(self, event: Event) -> None:
        game, label = self.game, self.card.title

        def no_run() -> str | None:
            return None if game.run is not None else "there is no run to end"

        choose_effect(
            game,
            "runner",
            [
                Effect("take 1 tag", lambda: give_tags(game, 1, cause=label)),
                Effect("end the run", lambda: end_the_run(game, cause=label), no_run),
            ],
            source=label,
        )


@implements
class DataRaven(IceBehaviour):
    """https://netrunnerdb.com/en/card/01088 - a tag or the end of the run when encountered;
    its subroutine's trace puts power counters on it, which the Corp spends to give
    tags."""

    title = "Data Raven"

    def abilities(self) -> list[Ability]:
        return [_TagOrEndTheRun(self)] if self.active else []

    def paid_abilities(self) -> list[PaidAbility]:
        game, card, label = self.game, self.card, f"{self.title}: hosted power counter"

        def tag(_: Announced) -> None:
            give_tags(game, 1, cause=label)

        return [
            PaidAbility(
                label, lambda: Cost((CountersOnCard(card, "power", 1),)), Instruction(label, tag)
            )
        ]

    def subroutines(self) -> list[Instruction]:
        game, card, label = self.game, self.card, f"{self.title} subroutine 1"

        def counter() -> None:
            card.counters["power"] += 1
            game.log.record((), f"{label}: 1 power counter on {card.title}")

        def trace_for_a_counter(_: Announced) -> None:
            trace(game, 3, source=label, if_successful=counter)

        return [Instruction(label, trace_for_a_counter)]


@implements
class Fairchild20(IceBehaviour, Breaker):
    """https://netrunnerdb.com/en/card/11031 - the Runner may lose 2 clicks to break up to 2
    of its subroutines; two must-choose subroutines, then core damage."""

    title = "Fairchild 2.0"
    breaks = (BreakAbility(None, count=2, lose_clicks=2, own_ice=True),)

    def subroutines(self) -> list[Instruction]:
        game = self.game

        def pay_or_trash(number: int) -> Instruction:
            label = f"{self.title} subroutine {number}"
            price = Cost((Credits(game, "runner", 2),))

            def trash_one() -> None:
                card = choose_card(
                    game,
                    "runner",
                    f"{label}: trash which installed card?",
                    label,
                    game.runner.installed,
                )
                trash(game, [card], by="runner", cause=label)

            def pay_two() -> None:
                pay(price, payer="Runner", purpose=label, timing=game.timing)

            def nothing_installed() -> str | None:
                return None if game.runner.installed else "the Runner has no installed card"

            def too_poor() -> str | None:
                obstacles = price.obstacles()
                return "; ".join(obstacles) if obstacles else None

            def resolve(_: Announced) -> None:
                choose_effect(
                    game,
                    "runner",
                    [
                        Effect("pay 2 credits", pay_two, too_poor),
                        Effect("trash an installed card", trash_one, nothing_installed),
                    ],
                    source=label,
                )

            return Instruction(label, resolve)

        def core(_: Announced) -> None:
            damage(game, "core", 1, source=f"{self.title} subroutine 3")

        return [pay_or_trash(1), pay_or_trash(2), Instruction(f"{self.title} subroutine 3", core)]


@implements
class Heimdall10(IceBehaviour, Breaker):
    """https://netrunnerdb.com/en/card/01061 - the Runner may lose a click to break one of its
    subroutines; core damage, then two that end the run."""

    title = "Heimdall 1.0"
    breaks = (BreakAbility(None, lose_clicks=1, own_ice=True),)

    def subroutines(self) -> list[Instruction]:
        game, label = self.game, f"{self.title} subroutine 1"

        def core(_: Announced) -> None:
            damage(game, "core", 1, source=label)

        return [Instruction(label, core), self.end_the_run(2), self.end_the_run(3)]


@implements
class Ashigaru(IceBehaviour):
    """https://netrunnerdb.com/en/card/06064 - one "end the run" subroutine for each card in
    HQ, from its own static ability: as many as HQ holds, asked when needed."""

    title = "Ashigaru"

    def subroutines(self) -> list[Instruction]:
        return [self.end_the_run(n) for n in range(1, len(self.game.corp.hq) + 1)]


class _EndTheRunOnTheNextIce(SubroutineGrant):
    """For the rest of the run, the next piece of ice the Runner encounters (after the
    moment Marker's subroutine resolved) has "end the run" after its other subroutines."""

    def __init__(self, behaviour: IceBehaviour, after: int) -> None:
        super().__init__(behaviour.card.title, "corp", source=behaviour.card)
        self.game, self.after = behaviour.game, after

    def grants(self, ice: NetrunnerCard) -> tuple[int, list[Instruction]] | None:
        events = list(self.game.history)[self.after :]
        index = next((i for i, e in enumerate(events) if isinstance(e, Encounter)), None)
        if index is None or getattr(events[index], "ice", None) is not ice:
            return None
        game, label = self.game, f"{ice.title}'s subroutine from {self.label}"

        def etr(_: Announced) -> None:
            end_the_run(game, cause=label)

        return self.after + index, [Instruction(label, etr)]


@implements
class Marker(IceBehaviour):
    """https://netrunnerdb.com/en/card/04116 - the next ice the Runner encounters this run
    gains "end the run" after all its other subroutines."""

    title = "Marker"

    def subroutines(self) -> list[Instruction]:
        game, label = self.game, f"{self.title} subroutine 1"

        def mark_the_next(_: Announced) -> None:
            run = game.run
            if run is None:
                game.log.record((), f"{label}: there is no run")
                return
            game.linger(_EndTheRunOnTheNextIce(self, moment(game)), lambda: game.run is run)
            game.log.record(
                "rule_lingering_effect",
                f"{label}: the next piece of ice the Runner encounters gains an 'end the run' "
                "subroutine for the remainder of this run",
            )

        return [Instruction(label, mark_the_next)]


class _CoreDamageSubroutines(SubroutineGrant):
    def __init__(self, behaviour: IceBehaviour, since: int, count: int) -> None:
        super().__init__(behaviour.card.title, "corp", source=behaviour.card)
        self.game, self.card, self.since, self.count = behaviour.game, behaviour.card, since, count

    def grants(self, ice: NetrunnerCard) -> tuple[int, list[Instruction]] | None:
        if ice is not self.card:
            return None
        game, label = self.game, f"{ice.title}'s gained subroutine"

        def core(_: Announced) -> None:
            damage(game, "core", 1, source=label)

        return self.since, [Instruction(label, core) for _ in range(self.count)]


class _GainCoreDamage(CardConditional):
    """Encountered, it gains one core damage subroutine per card in the grip, for the rest of
    the run."""

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Encounter) and event.ice is self.card

    def resolve(self, event: Event) -> None:
        game, behaviour, run = self.game, self.behaviour, self.game.run
        assert isinstance(behaviour, IceBehaviour)
        count = len(game.runner.grip)
        grant = _CoreDamageSubroutines(behaviour, moment(game), count)
        game.linger(grant, lambda: game.run is run)
        announce_gain(game, self.card, count, '"do 1 core damage"', self.label)


@implements
class Brainstorm(IceBehaviour):
    """https://netrunnerdb.com/en/card/10086 - encountered, it gains a core damage subroutine
    for each card in the grip, for the rest of the run."""

    title = "Brainstorm"

    def abilities(self) -> list[Ability]:
        return [_GainCoreDamage(self)] if self.active else []
