"""Cards that let a player choose which cards damage trashes from the grip."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardBehaviour, CardConditional, implements
from rulesref.games.netrunner.procedures.choices import confirm
from rulesref.games.netrunner.procedures.damage import damage
from rulesref.games.netrunner.procedures.damage_choice import ChoosesDamagedCards
from rulesref.games.netrunner.state.events import Damage, Install
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


class _SelectFirstNetDamage(ChoosesDamagedCards):
    """For the turn's first net damage the Runner suffers, the Corp may look at the grip and
    select the card trashed."""

    def __init__(self, behaviour: CardBehaviour) -> None:
        super().__init__(behaviour.card.title, "corp", source=behaviour.card)
        self.game = behaviour.game

    def chooses(self, event: Damage) -> bool:
        if event.damage_type != "net":
            return False
        earlier = self.game.history.occurred_this_turn(
            Damage, lambda e: e is not event and e.damage_type == "net"
        )
        question = f"{self.label}: look at the Runner's grip and select the card trashed?"
        return not earlier and confirm(self.game, "corp", question, self.label)

    def before_choosing(self, event: Damage) -> None:
        grip = self.game.runner.grip
        self.game.corp.known.update(c.object_id for c in grip)
        self.game.log.record(
            (),
            f"{self.label}: the Corp looks at the Runner's grip: "
            + (", ".join(c.title for c in grip) or "nothing"),
        )


@implements
class ChronosProtocol(CardBehaviour):
    """https://netrunnerdb.com/en/card/08111 - the Corp may look at the grip and select the
    card trashed by the first net damage the Runner suffers each turn."""

    title = "Chronos Protocol: Selective Mind-mapping"

    def abilities(self) -> list[Ability]:
        return [_SelectFirstNetDamage(self)] if self.active else []


class _RunnerChooses(ChoosesDamagedCards):
    def __init__(self, behaviour: CardBehaviour) -> None:
        super().__init__(behaviour.card.title, "runner", source=behaviour.card)

    def chooses(self, event: Damage) -> bool:
        return True


class _MeatDamageOnInstall(CardConditional):
    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, Install) and any(c is self.card for c in event.cards)

    def resolve(self, event: Event) -> None:
        damage(self.game, "meat", 2, source=self.card.title, by="runner")


@implements
class TitaniumRibs(CardBehaviour):
    """https://netrunnerdb.com/en/card/08045 - installing it does 2 meat damage to the
    Runner, who chooses the cards any damage trashes while it is installed."""

    title = "Titanium Ribs"

    def abilities(self) -> list[Ability]:
        return [_MeatDamageOnInstall(self), _RunnerChooses(self)] if self.active else []
