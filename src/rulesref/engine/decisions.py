"""Decisions a player makes when the rules call for them, asked at that moment.

Nothing is declared in advance: when an ability or procedure reaches a point
where a player chooses (whether to use an optional ability, which pending
ability resolves next, which drawn card Daily Business Show sets apart ...), the game
builds a :class:`Decision` whose options are the legal answers *as that player
can know them* and asks its :class:`Decider`.  A hidden card is offered by its
position, never by its name, so a decision cannot use information the player
does not have.  Options are objects, so two copies of a card are two options.

Scenarios answer with a :class:`Script`: a queue of answers per player, and
optionally a callback.  A question nobody answers raises :class:`Unanswered`, an
answer that matches no legal option raises
:class:`~rulesref.engine.errors.IllegalChoice`; both name the rule (or card) that
asks, and both leave the game as it was when the game rolls back the action.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from rulesref.engine.errors import IllegalChoice


@dataclass(frozen=True, eq=False)
class Option:
    """One legal answer.

    ``label`` is what the deciding player sees; ``value`` is what the game gets
    back; ``names`` are the answers a script may give to pick it (the object
    itself, its title when the player can see it, its position when hidden).
    """

    label: str
    value: Any
    names: tuple[object, ...] = ()

    def answered_by(self, answer: object) -> bool:
        if answer is self.value or answer is self:
            return True
        for name in self.names:
            if isinstance(name, str) and isinstance(answer, str):
                if name.casefold() == answer.casefold():
                    return True
            elif (
                type(name) is type(answer)
                and not isinstance(name, str)
                and (name is answer or (isinstance(name, int | bool) and name == answer))
            ):
                return True
        return False


YES = Option("yes", True, ("yes", True))
NO = Option("no", False, ("no", False))


@dataclass(frozen=True, eq=False)
class Decision:
    """A question for ``player``; ``rule`` names the rule or card that asks it."""

    player: str
    question: str
    rule: str
    options: tuple[Option, ...]

    def pick(self, answer: object) -> Option:
        """The one option ``answer`` names, or :class:`IllegalChoice`."""
        matches = [option for option in self.options if option.answered_by(answer)]
        if len(matches) == 1:
            return matches[0]
        if matches:
            raise IllegalChoice(
                f"{self.player.title()} answered {answer!r} to '{self.question}', which names "
                f"{len(matches)} options ({self.listing()}): answer with the object itself",
                self.rule,
            )
        raise IllegalChoice(
            f"{self.player.title()} answered {answer!r} to '{self.question}', which is not a "
            f"legal option (the options are: {self.listing()})",
            self.rule,
        )

    def listing(self) -> str:
        return "; ".join(option.label for option in self.options) or "none"

    def cited(self) -> tuple[str, ...]:
        """The rule IDs among what ``rule`` names (a card or words that ask cite nothing)."""
        return tuple(r for r in (part.strip() for part in self.rule.split(",")) if " " not in r)

    def describe(self) -> str:
        return f"{self.player.title()} decides: {self.question} [{self.listing()}]"


def yes_no(player: str, question: str, rule: str) -> Decision:
    return Decision(player, question, rule, (YES, NO))


class Unanswered(IllegalChoice):
    """The rules asked a player something the scenario gave no answer for."""

    def __init__(self, decision: Decision, how: str = "game.{player}.answers(...)") -> None:
        super().__init__(
            f"{decision.player.title()} must decide: {decision.question} "
            f"(options: {decision.listing()}); give the answer with "
            f"{how.format(player=decision.player)}",
            decision.rule,
        )
        self.decision = decision


class Decider(Protocol):
    """Where the players' decisions come from (a scenario's script, a user, a bot)."""

    def decide(self, decision: Decision) -> Option: ...


Callback = Callable[[Decision], object]


@dataclass
class Script:
    """A :class:`Decider` that answers from a queue per player, then from a callback.

    Each answer is used once, for the next question that player is asked, in
    order; so two copies of a card asked the same question get their own answers.
    An illegal answer is used up too.  The script is the players' side of the table,
    not game state: rolling back a refused action does not give answers back.
    """

    queues: dict[str, list[object]] = field(default_factory=dict)
    callbacks: dict[str, Callback] = field(default_factory=dict)
    #: Every decision asked so far and the option chosen, oldest first.
    asked: list[tuple[Decision, Option]] = field(default_factory=list)
    #: How a scenario of this game gives a player's answers, for the "unanswered" error.
    how_to_answer: str = "game.{player}.answers(...)"

    def answer(self, player: str, answers: Sequence[object]) -> None:
        self.queues.setdefault(player, []).extend(answers)

    def use(self, player: str, callback: Callback | None) -> None:
        if callback is None:
            self.callbacks.pop(player, None)
        else:
            self.callbacks[player] = callback

    def unused(self, player: str) -> list[object]:
        return list(self.queues.get(player, []))

    def decide(self, decision: Decision) -> Option:
        queue = self.queues.get(decision.player, [])
        if queue:
            chosen = decision.pick(queue.pop(0))
        elif decision.player in self.callbacks:
            chosen = decision.pick(self.callbacks[decision.player](decision))
        else:
            raise Unanswered(decision, self.how_to_answer)
        self.asked.append((decision, chosen))
        return chosen
