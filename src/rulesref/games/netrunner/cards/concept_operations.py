"""Corp cards that install cards from HQ: an operation whose second instruction acts on
the card its first one installed (a new object, which the ability that moved it still
finds), and an asset whose once-per-turn ability belongs to one object of it."""

from __future__ import annotations

from rulesref.games.netrunner.cards.base import (
    Announced,
    CardBehaviour,
    CardConditional,
    Instruction,
    PaidAbility,
    implements,
)
from rulesref.games.netrunner.procedures.arranging import look_and_arrange
from rulesref.games.netrunner.procedures.choices import choose_card, choose_name
from rulesref.games.netrunner.procedures.costs import Clicks
from rulesref.games.netrunner.procedures.installing import NEW_REMOTE, install, install_by_ability
from rulesref.games.netrunner.state.events import Trash
from rulesref.games.netrunner.timing.abilities import Ability
from rulesref.games.netrunner.timing.costs import Cost, CostPart
from rulesref.games.netrunner.timing.events import Event


@implements
class PriorityConstruction(CardBehaviour):
    """A click more to play; installs ice from HQ protecting a remote server, ignoring all
    costs, then places 3 advancement counters on that ice."""

    title = "Priority Construction"

    def additional_cost(self) -> list[CostPart]:
        return [Clicks(self.game, "corp", 1)]

    def play(self) -> Instruction:
        game = self.game

        def install_and_advance(_: Announced) -> None:
            ice = [c for c in game.corp.hq if c.is_a("ice")]
            if not ice:
                game.log.record((), f"{self.title}: there is no ice in HQ")
                return
            card = choose_card(game, "corp", f"{self.title}: install which ice?", self.title, ice)
            remotes = [s.name for s in game.servers.values() if not s.is_central]
            name = choose_name(
                game,
                "corp",
                f"{self.title}: protecting which remote server?",
                self.title,
                [*remotes, NEW_REMOTE],
            )
            before = card.ref()
            server = "new" if name == NEW_REMOTE else name
            if not install(game, card, by="corp", server=server, ignoring_costs=True):
                return
            moved = before.follow()
            game.log.record(
                ("rule_identify_object_after_move",),
                f"{self.title} installed {card.title}, now a new object (#{moved.object_id}, "
                f"was #{before.object_id}): its next instruction still finds it",
            )
            target = moved.current
            if target is not None:
                target.counters["advancement"] += 3
                game.log.record((), f"{self.title} places 3 advancement counters on {target.title}")

        return Instruction(self.title, install_and_advance)


class _InstallWhenTrashed(CardConditional):
    """When the Runner trashes it, the Corp may install a card from HQ ignoring all costs,
    but not in the root of the server it was in.  The ability looks back at the trash: the
    card was installed and rezzed (active) as it was trashed."""

    def is_met_by(self, event: Event) -> bool:
        return (
            isinstance(event, Trash)
            and event.player == "runner"
            and any(
                v.ref.card is self.card and v.installed and v.faceup
                for v in event.views_of_remaining()
            )
        )

    def resolve(self, event: Event) -> None:
        assert isinstance(event, Trash)
        view = next(v for v in event.views_of_remaining() if v.ref.card is self.card)
        install_by_ability(
            self.game,
            list(self.game.corp.hq),
            cause=self.card.title,
            ignoring_costs=True,
            not_in_root_of=view.server,
        )


@implements
class VaporframeFabricator(CardBehaviour):
    """Once per turn, a click: install a card from HQ ignoring all costs; trashed by the
    Runner, one more such install (not in its own server's root)."""

    title = "Vaporframe Fabricator"

    def abilities(self) -> list[Ability]:
        # Its trash trigger looks back at the card as it was trashed, active or not now.
        return [_InstallWhenTrashed(self, optional=True)]

    def paid_abilities(self) -> list[PaidAbility]:
        game, card = self.game, self.card

        def install_from_hq(_: Announced) -> None:
            install_by_ability(game, list(game.corp.hq), cause=card.title, ignoring_costs=True)

        return [
            PaidAbility(
                f"{card.title}: install 1 card from HQ",
                lambda: Cost((Clicks(game, "corp", 1),)),
                Instruction(card.title, install_from_hq),
                once_per_turn=True,
            )
        ]


@implements
class Precognition(CardBehaviour):
    """The Corp looks at the top 5 cards of R&D and arranges them in any order."""

    title = "Precognition"

    def play(self) -> Instruction:
        game = self.game
        return Instruction(
            self.title,
            lambda _: look_and_arrange(game, "corp", 5, by="corp", cause=self.title),
        )
