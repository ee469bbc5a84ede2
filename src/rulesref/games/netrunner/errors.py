"""What the Netrunner engine refuses besides the rules' own refusals.

The rules' refusals are the kernel's (:mod:`rulesref.engine.errors`).  A card the
engine has no behaviour for is not one of them: the game refuses to use it rather
than treat it as blank, and undoes the action like any refusal.
"""

from __future__ import annotations


class UnimplementedCard(Exception):
    """A card the engine has no (or no full) behaviour for."""

    def __init__(self, title: str, what: str = "has no behaviour") -> None:
        super().__init__(f"{title!r} {what} in rulesref.games.netrunner yet")
        self.title = title
