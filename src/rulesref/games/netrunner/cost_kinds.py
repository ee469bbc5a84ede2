"""The six kinds of cost, and which kind a card's printed cost is.

A card shows one cost, and its type says which kind it is: a program's is paid
to install it, an operation's to play it, an asset's to rez it.  Installing a
piece of ice costs a credit per piece already protecting the server, whatever its
printed (rez) cost.  Each payment names its kind in the trace, so a judge can see
which cost was paid and why.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from rulesref.games.netrunner.objects import NetrunnerCard

if TYPE_CHECKING:
    from rulesref.games.netrunner.game import Game


class CostKind(Enum):
    INSTALL = "install cost"
    PLAY = "play cost"
    REZ = "rez cost"
    TRIGGER = "paid ability trigger cost"
    ADDITIONAL = "additional cost"
    NESTED = "nested cost"

    @property
    def phrase(self) -> str:
        """How a payment line names it ("its rez cost", "an additional cost")."""
        if self in (CostKind.INSTALL, CostKind.PLAY, CostKind.REZ):
            return f"its {self.value}"
        return f"a{'n' if self.value[0] in 'aeiou' else ''} {self.value}"


#: The kind of cost a card's printed cost is, by card type (agendas and identities
#: have none).
PRINTED_AS: dict[str, CostKind] = {
    "hardware": CostKind.INSTALL,
    "program": CostKind.INSTALL,
    "resource": CostKind.INSTALL,
    "event": CostKind.PLAY,
    "operation": CostKind.PLAY,
    "asset": CostKind.REZ,
    "upgrade": CostKind.REZ,
    "ice": CostKind.REZ,
}


def printed_cost_as(game: Game, card: NetrunnerCard, kind: CostKind) -> int:
    """``card``'s printed cost if it is a cost of ``kind``, else 0: installing an asset
    does not pay its rez cost."""
    printed = card.facts.cost or 0
    printed_as = PRINTED_AS.get(card.facts.type)
    if printed_as is kind:
        return printed
    if printed and printed_as is not None:
        game.log.record(
            game.timing.cites.cost_kinds,
            f"{card.title}'s printed cost ({printed}) is {printed_as.phrase}, not "
            f"{kind.phrase}: it is not paid now",
        )
    return 0
