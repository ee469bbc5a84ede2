"""Mutants that change no behaviour, each with the reason a person gave.

A surviving mutant is either a behaviour no scenario checks, or a change that
cannot be seen: ``x >= 0`` for ``x > 0`` where ``x`` is never zero, a statement
whose effect the next one redoes.  The second kind is no evidence against the
scenarios, so it is left out of the score, but only when someone has said why:
an entry names the function, the line as written (stripped of its indentation)
and the change as the tool describes it (without line numbers), and gives the
reason.  An entry is a claim, checked on every run: a mutant it names that a
scenario kills, or an entry that names no mutant (the code changed), is reported
(:func:`~rulesref.mutation.report.Run.wrong_claims`) so the list cannot rot.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulesref.mutation.mutants import Mutant


@dataclass(frozen=True)
class Equivalent:
    #: ``module.qualname`` of the function, as the score lists it.
    function: str
    #: The source line the change is on, stripped.
    line: str
    #: The change, as :attr:`Mutant.description` says it, without line numbers.
    change: str
    reason: str

    def matches(self, mutant: Mutant) -> bool:
        return (
            str(mutant.site) == self.function
            and mutant.source_line == self.line
            and change_of(mutant) == self.change
        )


def change_of(mutant: Mutant) -> str:
    """The description without the line numbers a swap names (they move with every edit)."""
    return re.sub(r" \(lines \d+ and \d+\)", "", mutant.description)


def claim_for(mutant: Mutant, claims: tuple[Equivalent, ...]) -> Equivalent | None:
    return next((claim for claim in claims if claim.matches(mutant)), None)


def _e(function: str, line: str, change: str, reason: str) -> Equivalent:
    return Equivalent(function, line, change, reason)


#: The equivalent mutants of the engines, module by module.
EQUIVALENT: tuple[Equivalent, ...] = ()
