"""Hypothesis settings for the property tests.

The default profile keeps the whole test command fast (a few dozen examples
per property); ``HYPOTHESIS_PROFILE=thorough`` runs a thousand each, which is
what a change to a reader should be tried with.  Every example has a deadline:
an input that makes a reader hang fails the test instead of stalling CI.  In
the test command it is generous (10 s): the examples that play whole games or
read the real rulebook take up to 3 s when the machine's two cores are shared
with other work, and a hang outlasts any deadline.
"""

from __future__ import annotations

import os
from datetime import timedelta

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    max_examples=12,
    deadline=timedelta(seconds=10),
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
settings.register_profile(
    "thorough",
    max_examples=1000,
    deadline=timedelta(seconds=2),
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
