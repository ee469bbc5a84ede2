"""Scoring, stealing and forfeiting agendas: movements to and from a score area."""

from __future__ import annotations

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner.errors import UnimplementedCard
from rulesref.games.netrunner.procedures.choices import choose_card
from rulesref.games.netrunner.procedures.costs import plural
from rulesref.games.netrunner.procedures.movements import relocate, side_label
from rulesref.games.netrunner.state.behaviour import Filler
from rulesref.games.netrunner.state.events import Forfeit, Score, Steal
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.costs import CostPart


def steal(game: Table, card: NetrunnerCard) -> bool:
    event = Steal("runner", [card])

    def effect() -> None:
        relocate(game, card, ZoneType.SCORE_AREA, "runner", faceup=True)
        game.log.record(
            (),
            f"{card.title} is worth {plural(card.facts.agenda_points or 0, 'agenda point')} "
            f"to the Runner ({game.runner.agenda_points} in all)",
        )

    return game.timing.perform(event, effect, rules=Steal.rules)


def score(game: Table, card: NetrunnerCard) -> bool:
    if card.facts.type != "agenda" or not card.installed:
        raise IllegalAction(f"{card.title} is not an installed agenda", "movement_score")
    need = card.facts.advancement_requirement or 0
    if card.counters["advancement"] < need:
        raise IllegalAction(
            f"{card.title} has {card.counters['advancement']} of {need} advancement counters",
            "movement_score",
        )
    if isinstance(card.behaviour, Filler):
        raise UnimplementedCard(card.title, "is filler: its scoring abilities are not modelled")
    event = Score("corp", [card])

    advancements = card.counters["advancement"]

    def effect() -> None:
        relocate(game, card, ZoneType.SCORE_AREA, "corp", faceup=True)
        if card.behaviour is not None:
            card.behaviour.on_score(advancements)

    return game.timing.perform(event, effect, rules=Score.rules)


def forfeit(game: Table, card: NetrunnerCard) -> bool:
    if card.zone_type is not ZoneType.SCORE_AREA:
        raise IllegalAction(f"{card.title} is not in a score area", "movement_forfeit")
    event = Forfeit(card.zone.owner if card.zone and card.zone.owner else card.owner, [card])

    def effect() -> None:
        relocate(game, card, ZoneType.REMOVED, None, faceup=True)
        game.log.record(
            (), f"its agenda points no longer count for the {side_label(event.player or '')}"
        )

    return game.timing.perform(event, effect, rules=Forfeit.rules)


class ForfeitAgenda(CostPart):
    """Forfeiting an agenda of the payer's score area, chosen as the cost is paid."""

    def __init__(self, game: Table, side: str) -> None:
        self.game, self.side = game, side

    def describe(self) -> str:
        return "forfeiting 1 agenda"

    def obstacle(self) -> str | None:
        if any(c.facts.type == "agenda" for c in self.game.player(self.side).score_area):
            return None
        return f"the {self.side.title()} has no agenda to forfeit"

    def pay(self) -> None:
        agendas = [c for c in self.game.player(self.side).score_area if c.facts.type == "agenda"]
        chosen = choose_card(
            self.game, self.side, "forfeit which agenda?", "movement_forfeit", agendas
        )
        forfeit(self.game, chosen)
