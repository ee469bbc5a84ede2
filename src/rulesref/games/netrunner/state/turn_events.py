"""The end of a turn: the event "when this turn ends" conditions look for, after which
effects lasting "this turn" expire."""

from __future__ import annotations

from rulesref.games.netrunner.state.events import NetrunnerEvent


class TurnEnds(NetrunnerEvent):
    kind = "turn ends"

    def describe(self) -> str:
        return f"the {(self.player or '').title()}'s turn ends"
