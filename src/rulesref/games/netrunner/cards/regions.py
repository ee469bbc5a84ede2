"""Region upgrades (limit 1 per server) that lend their server's ice new ways to fire."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import CardBehaviour, CardConditional, implements
from rulesref.games.netrunner.procedures.choices import choose_card_or_none, choose_number, confirm
from rulesref.games.netrunner.procedures.movements import trash
from rulesref.games.netrunner.procedures.playing import resolve_instruction
from rulesref.games.netrunner.procedures.this_server import after_leaving
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.run_events import ApproachServer, Encounter
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import CENTRAL_SERVERS
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.events import Event


def _resolve_one_subroutine(game: Table, ice: NetrunnerCard, who: str) -> None:
    assert ice.behaviour is not None
    subroutines = ice.behaviour.subroutines()
    if not subroutines:
        return
    number = choose_number(
        game, "corp", f"{who}: resolve which subroutine of {ice.title}?", who, 1, len(subroutines)
    )
    game.log.record((), f"{who}: {ice.title}'s subroutine {number} resolves")
    with game.log.nested():
        resolve_instruction(game, subroutines[number - 1], None)


class _TrashToFire(CardConditional):
    """The ability ZATO City Grid gives each piece of ice protecting its server: as the
    Runner encounters it, choose 1 subroutine; the Corp may trash the ice to resolve it."""

    def is_met_by(self, event: Event) -> bool:
        server = self.card.server
        return (
            isinstance(event, Encounter)
            and server is not None
            and any(event.ice is ice for ice in server.ice)
        )

    def resolve(self, event: Event) -> None:
        assert isinstance(event, Encounter)
        game, ice, who = self.game, event.ice, self.card.title
        if not ice.installed or ice.behaviour is None or not ice.behaviour.subroutines():
            return
        subroutines = ice.behaviour.subroutines()
        number = choose_number(
            game, "corp", f"{who}: choose a subroutine of {ice.title}", who, 1, len(subroutines)
        )
        if not confirm(game, "corp", f"{who}: trash {ice.title} to resolve it?", who):
            return
        server = ice.server.name if ice.server else ""
        if not trash(game, [ice], by="corp", as_cost=True, cause=who):
            return
        game.log.record((), f"{who}: {ice.title}'s subroutine {number} resolves")
        with game.log.nested(), after_leaving(ice, server):
            resolve_instruction(game, subroutines[number - 1], None)


@implements
class ZatoCityGrid(CardBehaviour):
    title = "ZATO City Grid"

    def install_refusal(self, server: str) -> str | None:
        return "remote server only" if server in CENTRAL_SERVERS else None

    def abilities(self) -> list[Ability]:
        return [_TrashToFire(self, label=f"{self.title} (granted)")] if self.active else []


class _FireFromArchives(CardConditional):
    """Whenever the Runner approaches its server, the Corp may turn 1 facedown piece of
    ice in Archives faceup and resolve 1 of its subroutines."""

    def is_met_by(self, event: Event) -> bool:
        server = self.card.server
        return (
            isinstance(event, ApproachServer)
            and server is not None
            and (event.server == server.name)
        )

    def resolve(self, event: Event) -> None:
        game, who = self.game, self.card.title
        facedown = [c for c in game.corp.archives if c.is_a("ice") and not c.faceup]
        ice = choose_card_or_none(
            game, "corp", f"{who}: turn which facedown ice in Archives faceup?", who, facedown
        )
        if ice is None:
            return
        ice.faceup = True
        game.log.record((), f"{who}: the Corp turns {ice.title} faceup in Archives")
        _resolve_one_subroutine(game, ice, who)


@implements
class NanisivikGrid(CardBehaviour):
    title = "Nanisivik Grid"

    def abilities(self) -> list[Ability]:
        return [_FireFromArchives(self)] if self.active else []
