"""Mutation testing of the rules engines: is every rule the engines cite really enforced?

A trace line that cites a rule proves nothing by itself; the code next to it must
do what the rule says, and a scenario must notice when it does not.  This package
makes single-change mutants (a negated condition, a swapped comparison, a dropped
statement, a changed constant, two statements swapped) of every function of the
engines (the kernel and each game), notes which rules each function cites (the
*sites*), and runs each mutant in a forked process against the scenarios that reach
it, then against the engine's own tests (:mod:`~rulesref.mutation.unit_tests`).

``python -m rulesref.mutation`` prints, per game (and with ``--modules`` per module),
the score of all its code and of the code that cites a rule, then every rule counted
as covered on the coverage page that no mutant killed by a scenario backs.  Log calls
and exception messages are never mutated: a mutant that only changes what the trace
says is not evidence that a rule is enforced.  Mutants that change nothing a scenario
could see are claimed, with a reason, in :mod:`~rulesref.mutation.equivalent`.
"""

from rulesref.mutation.mutants import Mutant, mutants_of
from rulesref.mutation.runner import Outcome, Result, run_mutant
from rulesref.mutation.sites import GAMES, Site, find_sites

__all__ = [
    "GAMES",
    "Mutant",
    "Outcome",
    "Result",
    "Site",
    "find_sites",
    "mutants_of",
    "run_mutant",
]
