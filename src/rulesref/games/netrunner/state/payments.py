"""What a payment of credits is for: the use it pays and the card it pays for.

Credits hosted on a card can be spent only as an ability allows: for some uses of
some cards (icebreakers, installing a virus program), or for anything while a run
is under way.  A payment names its use so that each hosting card can say whether
its credits may pay it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rulesref.games.netrunner.state.objects import NetrunnerCard


class Use(StrEnum):
    ABILITY = "using"
    INSTALL = "installing"
    REZ = "rezzing"
    PLAY = "playing"
    OTHER = "paying for"


@dataclass(frozen=True)
class Payment:
    use: Use = Use.OTHER
    #: The card whose ability, install, rez or play the credits pay for.
    card: NetrunnerCard | None = None

    def __str__(self) -> str:
        return f"{self.use} {self.card.title}" if self.card is not None else "a payment"


OTHER = Payment()
