"""Mutation testing of the rules engines: is every rule the engines cite really enforced?

A trace line that cites a rule proves nothing by itself; the code next to it must
do what the rule says, and a scenario must notice when it does not.  This package
finds, for every rule ID the engines cite, the functions that cite it (the *sites*),
makes single-change mutants there (a negated condition, a swapped comparison, a
dropped statement, a changed constant), and runs the scenarios that reach each site
against each mutant, in-process, by swapping the function's code object and putting
it back afterwards.

``python -m rulesref.mutation`` prints, per game, mutants, killed, survived and the
score, then every rule counted as covered on the coverage page that no killed mutant
backs.  Log calls and exception messages are never mutated: a mutant that only
changes what the trace says is not evidence that a rule is enforced.
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
