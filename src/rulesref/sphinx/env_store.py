"""Data an extension keeps on the build environment between builds.

An attribute of the environment is pickled with it, so what a page recorded
while it was read is still there when the next build decides which pages to
read again; an environment from before the attribute existed (or holding an
older shape of it) simply starts empty.
"""

from __future__ import annotations

from typing import TypeVar

from sphinx.environment import BuildEnvironment

T = TypeVar("T")


def env_attribute(env: BuildEnvironment, name: str, kind: type[T]) -> T:
    """The ``kind`` kept as ``env.<name>``, created empty on first use."""
    data = getattr(env, name, None)
    if not isinstance(data, kind):
        data = kind()
        setattr(env, name, data)
    return data
