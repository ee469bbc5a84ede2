"""Ice whose abilities reach into access: a breach in the middle of an encounter, an
encounter in the middle of an access, limits on how many cards the Runner accesses."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardConditional,
    Instruction,
    implements,
)
from rulesref.games.netrunner.cards.ice import IceBehaviour
from rulesref.games.netrunner.procedures.arranging import look_and_arrange
from rulesref.games.netrunner.procedures.breach import breach_server
from rulesref.games.netrunner.procedures.choices import confirm
from rulesref.games.netrunner.procedures.costs import Credits
from rulesref.games.netrunner.procedures.damage import damage
from rulesref.games.netrunner.procedures.encounters import forced_encounter
from rulesref.games.netrunner.procedures.movements import reveal_if_hidden
from rulesref.games.netrunner.state.breaches import Prohibition
from rulesref.games.netrunner.state.events import Access
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost, pay
from rulesref.games.netrunner.timing.events import Event


@implements
class Shiro(IceBehaviour):
    """Arranges the top of R&D; then, unless the Corp pays 1 credit, the Runner breaches
    R&D without access to its root."""

    title = "Shiro"

    def subroutines(self) -> list[Instruction]:
        game = self.game
        first, second = f"{self.title} subroutine 1", f"{self.title} subroutine 2"

        def arrange(_: Announced) -> None:
            look_and_arrange(game, "corp", 3, by="corp", cause=first)

        def pay_or_breach(_: Announced) -> None:
            price = Cost((Credits(game, "corp", 1),))
            if not price.obstacles() and confirm(game, "corp", f"{second}: pay 1 credit?", second):
                pay(price, payer="Corp", purpose=second, timing=game.timing)
                return
            root = [c.ref() for c in game.server("R&D").root]
            no_root = Prohibition(
                f"{second} (not the root of R&D)", lambda c: any(r.current is c for r in root)
            )
            breach_server(game, "R&D", cause=second, prohibitions=[no_root])

        return [Instruction(first, arrange), Instruction(second, pay_or_breach)]


class _EncounterWhenAccessed(CardConditional):
    """When the Runner accesses it anywhere but in Archives, they encounter it."""

    def is_met_by(self, event: Event) -> bool:
        return (
            isinstance(event, Access)
            and any(c is self.card for c in event.cards)
            and self.card.zone_type is not ZoneType.DISCARD
        )

    def resolve(self, event: Event) -> None:
        if self.card.zone_type is ZoneType.DECK:
            reveal_if_hidden(self.game, self.card, by="runner", to_show="it is accessed in R&D")
        forced_encounter(self.game, self.card, cause=f"{self.card.title} (accessed)")


@implements
class Chrysalis(IceBehaviour):
    title = "Chrysalis"

    def abilities(self) -> list[Ability]:
        if self.card in self.game.accessing:
            return [_EncounterWhenAccessed(self)]
        return []

    def subroutines(self) -> list[Instruction]:
        game, label = self.game, f"{self.title} subroutine 1"

        def net_damage(_: Announced) -> None:
            damage(game, "net", 2, source=label)

        return [Instruction(label, net_damage)]
