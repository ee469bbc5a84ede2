"""Events that make a run, and what they change about it.

An event that makes a run names the servers it may be made on; the run's "If
successful" ability is a conditional ability tied to those servers: if the attacked
server has changed to one the event could not have chosen, it is not met.  What it
creates (an "instead of breaching", a change to the breach) is a lingering effect
that lasts for the rest of the run, since the event itself is in the heap by then.
"""

from __future__ import annotations

from collections.abc import Callable

from rulesref.engine.errors import IllegalChoice
from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    CardInterrupt,
    Instruction,
    implements,
)
from rulesref.games.netrunner.procedures.costs import gain_credits, lose_credits, plural
from rulesref.games.netrunner.procedures.damage import prevent_all
from rulesref.games.netrunner.procedures.encounters import bypass
from rulesref.games.netrunner.procedures.movements import add, trash
from rulesref.games.netrunner.procedures.runs import initiate
from rulesref.games.netrunner.procedures.searching import shuffle_deck
from rulesref.games.netrunner.procedures.traces import give_tags
from rulesref.games.netrunner.state.events import Damage
from rulesref.games.netrunner.state.run_events import Breach, Encounter, FullyBreak, SuccessfulRun
from rulesref.games.netrunner.state.runs import Run
from rulesref.games.netrunner.state.zones import CENTRAL_SERVERS, ZoneType
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


class RunEvent(CardBehaviour):
    """An event whose play ability makes a run on a server the Runner chooses as they
    play it (``game.play_run(card, on=server)``)."""

    #: The server chosen for the run, set while the card is played.
    server: str | None = None
    #: The servers the event may run, in words ("any server").
    may_run: str = "any server"

    def allowed(self, server: str) -> bool:
        """Whether the event could make its run on ``server``."""
        return True

    def prepare(self, run: Run) -> None:
        """What the card does to the run once it has begun."""

    def when_successful(self, run: Run) -> None:
        """The "If successful" ability: what it creates for the rest of the run."""

    def play_restriction(self) -> str | None:
        # No check that a run is in progress: during a run an event is never played as an
        # action (playing.play refuses it first), and a run set up by hand is refused by
        # runs.initiate, which undoes the whole play.
        if self.server is None:
            return "it makes a run: say on which server (game.play_run)"
        if self.server not in self.game.servers:
            return f"there is no server called {self.server!r}"
        if not self.allowed(self.server):
            return f"it runs {self.may_run}, and {self.server} is not one"
        return None

    def play(self) -> Instruction:
        game = self.game

        def make_run(_: Announced) -> None:
            server, self.server = self.server, None
            if server is None:
                raise IllegalChoice(f"{self.title} makes a run: say on which server")
            run = initiate(game, server, as_action=False, cause=self.title, allowed=self.allowed)
            self.prepare(run)
            if type(self).when_successful is not RunEvent.when_successful:
                game.linger(_IfSuccessful(self, run), lambda: game.run is run)

        return Instruction(self.title, make_run, chooser="runner")

    def for_the_run(self, run: Run, ability: Ability) -> None:
        """A lingering effect that lasts for the rest of ``run``."""
        self.game.linger(ability, lambda: self.game.run is run)


class _IfSuccessful(CardConditional):
    """ "If successful": after the run becomes successful, if the attacked server is one
    the event could have chosen."""

    def __init__(self, behaviour: RunEvent, run: Run) -> None:
        super().__init__(behaviour, label=f"{behaviour.title} (if successful)")
        self.event_card = behaviour
        self.run = run

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, SuccessfulRun) and self.game.run is self.run

    def resolve(self, event: Event) -> None:
        run = self.run
        if not self.event_card.allowed(run.server):
            self.game.log.record(
                "rule_if_successful_tied_to_server",
                f"{self.event_card.title} runs {self.event_card.may_run}; the attacked server is "
                f'now {run.server}, which it could not have chosen: its "if successful" '
                "ability does not apply",
            )
            return
        self.game.log.record(
            ("rule_if_successful", "rule_if_successful_lingering_effect"),
            f'{self.event_card.title}: the run on {run.server} is successful, so its "if '
            'successful" ability applies for the rest of the run',
        )
        self.event_card.when_successful(run)


def _remote(server: str) -> bool:
    return server not in CENTRAL_SERVERS


class _BypassFirstEncounter(CardConditional):
    """As the run's first encounter begins, the Runner bypasses that ice."""

    def __init__(self, behaviour: RunEvent, run: Run) -> None:
        super().__init__(behaviour, label=f"{behaviour.title} (first encounter)")
        self.run = run
        self.spent = False

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Encounter) and self.game.run is self.run and not self.spent

    def resolve(self, event: Event) -> None:
        self.spent = True
        bypass(self.game, self.card.title)


@implements
class InsideJob(RunEvent):
    """The run's first encounter is bypassed."""

    title = "Inside Job"

    def prepare(self, run: Run) -> None:
        ability = _BypassFirstEncounter(self, run)
        self.game.linger(ability, lambda: self.game.run is run and not ability.spent)


class _InsteadOfBreaching(CardInterrupt):
    """ "Instead of breaching": decided when the breach of the attacked server would begin."""

    replaces = True

    def __init__(
        self, behaviour: RunEvent, run: Run, what: str, instead: Callable[[str], None]
    ) -> None:
        super().__init__(behaviour, optional=True, label=f"{behaviour.title} ({what})")
        self.run = run
        self.instead = instead

    def applies_to(self, event: Event) -> bool:
        run = self.run
        return (
            isinstance(event, Breach)
            and self.game.run is run
            and run.next == "step_success_complete"
            and event.server == run.server
        )

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, Breach)
        server = event.server
        self.game.log.record(
            "rule_if_successful_ability_optional",
            f"the Runner decides as the breach of {server} would begin: {self.label} instead",
        )
        event.replace_entirely(self.label, lambda: self.instead(server))


@implements
class BecauseICan(RunEvent):
    """A run on a remote server; once it is successful, the Runner may, rather than breach
    the Corp shuffle every card in its root into R&D."""

    title = "Because I Can"
    may_run = "a remote server"

    def allowed(self, server: str) -> bool:
        return _remote(server)

    def when_successful(self, run: Run) -> None:
        game = self.game

        def shuffle_root(server: str) -> None:
            root = list(game.server_record(server).root)
            for card in root:
                add(game, card, ZoneType.DECK, "corp", by="corp")
            shuffle_deck(game, "corp", by="corp")
            game.log.record((), f"{plural(len(root), 'card')} from the root of {server} are in R&D")

        self.for_the_run(
            run, _InsteadOfBreaching(self, run, "shuffle the root into R&D", shuffle_root)
        )


@implements
class AccountSiphon(RunEvent):
    """A run on HQ; once it is successful, the Runner may, rather than breach it, drain up to
    5 credits from the Corp, gain twice that, and take 2 tags."""

    title = "Account Siphon"
    may_run = "HQ"

    def allowed(self, server: str) -> bool:
        return server == "HQ"

    def when_successful(self, run: Run) -> None:
        game = self.game

        def siphon(server: str) -> None:
            lost = lose_credits(game, "corp", 5, cause=self.title)
            gain_credits(game, "runner", 2 * lost, cause=self.title)
            give_tags(game, 2, cause=self.title)

        self.for_the_run(run, _InsteadOfBreaching(self, run, "siphon credits", siphon))


class _PreventAllDamage(CardInterrupt):
    prevents = True

    def applies_to(self, event: Event) -> bool:
        return isinstance(event, Damage) and event.player == "runner"

    def would_stop(self, event: Event) -> bool:
        return True

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, Damage)
        prevent_all(self.game, event, self.label)


@implements
class TheNoblePath(RunEvent):
    """Trash the grip, then run any server; all damage the Runner would take during that
    run is prevented."""

    title = "The Noble Path"

    def play(self) -> Instruction:
        game = self.game
        run_it = super().play()

        def trash_grip_then_run(announced: Announced) -> None:
            grip = list(game.runner.grip)
            if grip:
                trash(game, grip, by="runner", cause=self.title)
            run_it.resolve(announced)

        return Instruction(self.title, trash_grip_then_run, chooser="runner")

    def prepare(self, run: Run) -> None:
        self.for_the_run(run, _PreventAllDamage(self))


class _TrashFirstFullyBrokenSentry(CardConditional):
    def __init__(self, behaviour: RunEvent, run: Run) -> None:
        super().__init__(behaviour)
        self.run = run
        self.used = False

    def is_met_by(self, event: Event) -> bool:
        return (
            isinstance(event, FullyBreak)
            and event.ice.has_subtype("sentry")
            and self.game.run is self.run
            and not self.used
        )

    def resolve(self, event: Event) -> None:
        assert isinstance(event, FullyBreak)
        self.used = True
        if event.ice.installed:
            trash(self.game, [event.ice], by="runner", cause=self.label)


@implements
class Forked(RunEvent):
    """A run on any server; on the run's first full break of a sentry,
    that sentry is trashed."""

    title = "Forked"

    def prepare(self, run: Run) -> None:
        self.for_the_run(run, _TrashFirstFullyBrokenSentry(self, run))


__all__ = ["RunEvent"]
