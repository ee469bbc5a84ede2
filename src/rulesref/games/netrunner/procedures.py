"""The rules' procedures: how rezzing, drawing, installing, trashing, arranging ... are
carried out, step by step, each step citing the rule that defines it.

Every function here takes the :class:`~rulesref.games.netrunner.game.Game` first
and does not settle pending abilities itself unless its rule says so (drawing
does: its abilities resolve before the cards reach the hand).  The public
methods of ``Game`` call these and then settle.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rulesref.engine.costs import Cost, ensure_payable, pay
from rulesref.engine.errors import IllegalAction, IllegalChoice
from rulesref.engine.zones import Visibility
from rulesref.games.netrunner.cards.base import Filler, Instruction, UnimplementedCard
from rulesref.games.netrunner.costs import Clicks, Credits, plural
from rulesref.games.netrunner.events import (
    Access,
    Arrange,
    Breach,
    Damage,
    Draw,
    Encounter,
    Forfeit,
    Install,
    Play,
    Rez,
    RunEnds,
    Score,
    Search,
    Steal,
    SuccessfulRun,
    Swap,
    Trash,
    TurnBegins,
    names,
)
from rulesref.games.netrunner.objects import NetrunnerCard
from rulesref.games.netrunner.targeting import TargetsArg, announce_targets
from rulesref.games.netrunner.zones import ZONE_NAMES, Server, ZoneType

if TYPE_CHECKING:
    from rulesref.games.netrunner.game import Game


def side_label(side: str) -> str:
    return side.title()


# -- not movements --------------------------------------------------------------------------


def move_without_movement(
    game: Game,
    card: NetrunnerCard,
    kind: ZoneType,
    owner: str | None,
    *,
    by: str,
    verb: str,
    index: int | None = None,
    faceup: bool | None = None,
    place: str | None = None,
) -> None:
    """Add, move, discard, set aside, remove from the game: simply put the card there.

    No event is created, so no interrupt or condition can see it.
    """
    origin = card.location
    left_draw = game.relocate(card, kind, owner, index=index, faceup=faceup)
    dest = place or ZONE_NAMES[(kind, owner)]
    game.log.record(
        "rule_non_movements",
        f"{side_label(by)} {verb} {card.title} from {origin} to {dest} (not a movement)",
    )
    if left_draw:
        game.log_left_draw(card)


def add(
    game: Game,
    card: NetrunnerCard,
    kind: ZoneType,
    owner: str | None,
    *,
    by: str,
    index: int | None = None,
    place: str | None = None,
) -> None:
    move_without_movement(game, card, kind, owner, by=by, verb="adds", index=index, place=place)


def discard(game: Game, card: NetrunnerCard, *, by: str) -> None:
    move_without_movement(
        game,
        card,
        ZoneType.DISCARD,
        card.owner,
        by=by,
        verb="discards",
        faceup=card.side == "runner",
    )


def set_aside(game: Game, card: NetrunnerCard, *, by: str) -> None:
    move_without_movement(game, card, ZoneType.SET_ASIDE, None, by=by, verb="sets aside")


def remove_from_game(game: Game, card: NetrunnerCard, *, by: str) -> None:
    move_without_movement(game, card, ZoneType.REMOVED, None, by=by, verb="removes", faceup=True)


def reveal_if_hidden(game: Game, card: NetrunnerCard, *, by: str, to_show: str) -> None:
    """A facedown card, or one in a hidden zone, that moves because of an attribute it
    must have is revealed first."""
    assert card.zone is not None
    if card.facedown or card.zone.visibility is Visibility.HIDDEN:
        game.log.record(
            "rule_reveal_from_hidden",
            f"{side_label(by)} reveals {card.title} from {card.location} to show {to_show}",
        )


# -- trash ------------------------------------------------------------------------------------


def trash(
    game: Game,
    cards: Sequence[NetrunnerCard],
    *,
    by: str,
    as_cost: bool = False,
    cause: str | None = None,
) -> bool:
    """Trash ``cards`` simultaneously (one event); return whether any trash took place."""
    event = Trash(by, list(cards), as_cost=as_cost, cause=cause)

    def effect() -> None:
        for card in list(event.cards):
            replacement = event.replacement_for(card)
            if replacement is not None:
                replacement()
            else:
                to_discard_pile(game, card)

    return game.timing.perform(event, effect, rules=Trash.rules)


def to_discard_pile(game: Game, card: NetrunnerCard) -> None:
    was_blank = card.is_blank
    faceup = not was_blank if card.side == "runner" else card.faceup or card in game.accessing
    left_draw = game.relocate(card, ZoneType.DISCARD, card.owner, faceup=faceup)
    game.log.record(
        (),
        f"{card.title} goes to {ZONE_NAMES[(ZoneType.DISCARD, card.owner)]}"
        f"{'' if faceup or was_blank else ' facedown'}",
    )
    if left_draw:
        game.log_left_draw(card)
    if was_blank:
        card.faceup = True
        game.log.record(
            "rule_facedown_runner_cards_flip_in_heap",
            f"{card.title} entered the heap facedown, so it is turned faceup",
        )


# -- draw -----------------------------------------------------------------------------------


def draw(game: Game, counts: Mapping[str, int]) -> None:
    """Draw for one player, or for several at once (one checkpoint for all the draws)."""
    sides = [s for s in game.players_in_order() if counts.get(s, 0) > 0]
    if len(sides) > 1:
        game.log.record(
            "rule_drawing_simultaneously",
            " and ".join(f"the {side_label(s)} draws {counts[s]}" for s in sides)
            + " at the same time: they follow the drawing procedure together",
        )
    events: list[Draw] = []
    for side in sides:
        event = Draw(side, counts[side])

        def set_aside_drawn(event: Draw = event) -> None:
            _step_set_aside(game, event)

        game.draws.append(event)
        game.timing.perform(event, set_aside_drawn, rules=("movement_draw", "rule_draw_procedure"))
        if event.occurred:
            events.append(event)
        else:
            game.draws.remove(event)
    if game.winner is not None:
        return
    game.timing.checkpoint(("step_draw_checkpoint",))
    game.timing.reaction_window()
    for event in events:
        _step_add_to_hand(game, event)
        game.draws.remove(event)


def _step_set_aside(game: Game, event: Draw) -> None:
    side = event.player or ""
    deck = game.zones.get(ZoneType.DECK, side)
    cards = list(deck.cards[: event.count])
    for card in cards:
        game.relocate(card, ZoneType.SET_ASIDE, None, faceup=False)
        event.drawn.append(card)
    game.log.record(
        "step_draw_set_aside",
        f"{side_label(side)} sets aside {plural(len(cards), 'card')} from {deck.name}: "
        f"{', '.join(c.title for c in cards) or 'no cards'}",
    )
    if len(cards) < event.count and side == "corp":
        game.win("runner", ("rule_rnd_empty_rnd",), "the Corp must draw from an empty R&D")


def _step_add_to_hand(game: Game, event: Draw) -> None:
    side = event.player or ""
    still_drawn = game.still_drawn(event)
    for card in still_drawn:
        game.relocate(card, ZoneType.HAND, side)
    deck = ZONE_NAMES[(ZoneType.DECK, side)]
    hand = ZONE_NAMES[(ZoneType.HAND, side)]
    game.log.record(
        ("step_draw_add_to_hand", "rule_draw_irrelevant_abilities_dont_see_set_aside"),
        f"{side_label(side)} adds {names(still_drawn)} to {hand}; to abilities that do not "
        f"refer to drawn cards they went straight from {deck} to {hand}",
    )


# -- rez and derez --------------------------------------------------------------------------


def rez(game: Game, card: NetrunnerCard, *, ignoring_costs: bool = False) -> None:
    if card.side != "corp" or not card.installed:
        raise IllegalAction(f"{card.title} is not an installed Corp card", "rule_rezzed_unrezzed")
    if card.facts.type == "agenda":
        raise IllegalAction(
            f"{card.title} is an agenda, and agendas cannot be rezzed", "rule_cannot_rez_agendas"
        )
    if card.rezzed is None:
        raise IllegalAction(f"{card.title} cannot be rezzed", "rule_rezzed_unrezzed")
    if card.rezzed:
        raise IllegalAction(f"{card.title} is already rezzed", "sec_rez")
    amount = game.cost_with_modifiers("rez", card, card.facts.cost or 0)
    cost = Cost(()) if ignoring_costs else Cost((Credits(game, "corp", amount),))
    ensure_payable(cost, payer="Corp", purpose=f"rezzing {card.title}", timing=game.timing)
    how = "ignoring all costs" if ignoring_costs else f"first paying its rez cost ({amount})"
    game.log.record(
        ("rule_rez_procedure", "rule_inherent_rez_cost"), f"Corp rezzes {card.title}, {how}"
    )
    with game.log.nested():
        if ignoring_costs:
            game.timing.checkpoint(("rule_rez_procedure",))
        else:
            pay(
                cost,
                payer="Corp",
                purpose=f"rezzing {card.title}",
                timing=game.timing,
                also_cite=("rule_rez_procedure",),
            )
        event = Rez("corp", [card])

        def turn_faceup() -> None:
            card.faceup = True

        game.timing.perform(
            event,
            turn_faceup,
            rules=("rule_rez_procedure",),
            announce=f"Corp turns {card.title} faceup: it is now rezzed",
        )


def derez(game: Game, card: NetrunnerCard, *, cause: str | None = None) -> None:
    if not card.rezzed:
        raise IllegalAction(f"{card.title} is not rezzed", "sec_derez")
    card.faceup = False
    by = f" by {cause}" if cause else ""
    game.log.record(
        ("rule_derez_procedure", "rule_derez_cost"),
        f"{card.title} is derezzed{by}: turned facedown at once, with no cost and no steps",
    )


# -- facedown Runner cards --------------------------------------------------------------


def turn_facedown(game: Game, card: NetrunnerCard) -> None:
    if card.side != "runner" or not card.installed or card.facedown:
        raise IllegalAction(
            f"{card.title} is not an installed faceup Runner card", "sec_facedown_runner_cards"
        )
    card.faceup = False
    game.log.record(
        ("rule_flip_is_not_uninstall", "rule_facedown_runner_cards_are_blank"),
        f"{card.title} is turned facedown: it stays installed, with no name, type, subtypes "
        "or active abilities",
    )


def turn_faceup(game: Game, card: NetrunnerCard) -> None:
    if card.side != "runner" or not card.installed or card.faceup:
        raise IllegalAction(
            f"{card.title} is not an installed facedown Runner card", "sec_facedown_runner_cards"
        )
    card.faceup = True
    game.log.record(
        "rule_unflipping_runner_cards",
        f"{card.title} is turned faceup: it regains its name, type and subtypes and becomes "
        'active; it was not installed, so "when installed" abilities do not trigger',
    )


# -- install --------------------------------------------------------------------------------

RUNNER_INSTALLABLE = ("program", "hardware", "resource")
CORP_INSTALLABLE = ("agenda", "asset", "upgrade", "ice")


def install(
    game: Game,
    card: NetrunnerCard,
    *,
    by: str,
    server: str | None = None,
    facedown: bool | None = None,
    ignoring_costs: bool = False,
    host: NetrunnerCard | None = None,
    behind: NetrunnerCard | None = None,
    cause: str | None = None,
) -> bool:
    """Install ``card`` following the steps of installing; return whether it was installed."""
    if card.installed:
        raise IllegalAction(f"{card.title} is already installed", "movement_install")
    kind = card.facts.type
    destination: Server | None = None
    if card.side == "runner":
        if kind not in RUNNER_INSTALLABLE:
            raise IllegalAction(
                f"{card.title} is a{'n' if kind[0] in 'aeiou' else ''} {kind} "
                "and cannot be installed",
                "movement_install",
            )
        facedown = bool(facedown)
        amount = 0 if facedown else game.cost_with_modifiers("install", card, card.facts.cost or 0)
        where = f"hosted on {host.title}" if host else "in the rig"
    else:
        if kind not in CORP_INSTALLABLE:
            raise IllegalAction(
                f"{card.title} is an {kind} and cannot be installed", "movement_install"
            )
        facedown = True if facedown is None else facedown
        if behind is not None:
            destination = behind.server
        elif server is not None:
            destination = game.server(server, create=True)
        if destination is None:
            raise IllegalChoice(f"say which server {card.title} is installed in")
        if kind in ("agenda", "asset") and destination.is_central:
            raise IllegalAction(
                f"{kind}s can only be installed in remote servers",
                "rule_steps_installing_destination",
            )
        if kind == "ice":
            position = (
                destination.ice_position(behind) if behind is not None else len(destination.ice) + 1
            )
            amount = len(destination.ice)
            where = f"protecting {destination.name} at position {position}"
        else:
            amount = 0
            where = f"in the root of {destination.name}"
    cost = Cost(()) if ignoring_costs or amount == 0 else Cost((Credits(game, by, amount),))
    ensure_payable(
        cost, payer=side_label(by), purpose=f"installing {card.title}", timing=game.timing
    )
    origin = card.location
    game.log.record(
        "rule_sec_steps_installing",
        f"{side_label(by)} installs {card.title} from {origin}"
        f"{' ignoring all costs' if ignoring_costs else ''}",
    )
    with game.log.nested():
        game.relocate(card, ZoneType.PLAY_AREA, None, faceup=not facedown)
        game.log.record(
            "rule_steps_installing_place",
            f"{side_label(by)} places {card.title} {'facedown' if facedown else 'faceup'} in the "
            "play area: it is not yet installed or active",
        )
        game.log.record(
            "rule_steps_installing_destination",
            f"{side_label(by)} declares the destination: {where}",
        )
        if cost.parts:
            pay(cost, payer=side_label(by), purpose=f"installing {card.title}", timing=game.timing)
        event = Install(by, [card], cause=cause)

        def complete() -> None:
            card.installed = True
            if host is not None:
                card.host = host
            elif destination is not None:
                card.server = destination
                if kind == "ice":
                    index = (
                        destination.ice_position(behind) - 1
                        if behind is not None
                        else len(destination.ice)
                    )
                    destination.ice.insert(index, card)
                else:
                    destination.root.append(card)

        return game.timing.perform(
            event, complete, rules=Install.rules, announce=f"{card.title} is installed {where}"
        )


# -- swap and arrange ---------------------------------------------------------------------


def swap(
    game: Game, a: NetrunnerCard, b: NetrunnerCard, *, by: str, cause: str | None = None
) -> bool:
    """Move each card to the other's location at the same time."""
    event = Swap(by, [a, b], cause=cause)

    def effect() -> None:
        if (
            a.installed
            and b.installed
            and a.server
            and b.server
            and a.is_a("ice")
            and b.is_a("ice")
        ):
            sa, sb = a.server, b.server
            ia, ib = sa.ice_position(a) - 1, sb.ice_position(b) - 1
            sa.ice[ia], sb.ice[ib] = b, a
            a.server, b.server = sb, sa
            game.log.record(
                (),
                f"{a.title} now protects {sb.name} at position {ib + 1}; "
                f"{b.title} protects {sa.name} at position {ia + 1}",
            )
            return
        assert a.zone is not None and b.zone is not None
        if a.zone is b.zone:
            cards = a.zone.cards
            ia, ib = a.zone.position(a) - 1, b.zone.position(b) - 1
            cards[ia], cards[ib] = b, a
            game.zones.renew(a)
            game.zones.renew(b)
            return
        za = (ZoneType(a.zone.kind), a.zone.owner, a.zone.position(a) - 1, a.faceup)
        zb = (ZoneType(b.zone.kind), b.zone.owner, b.zone.position(b) - 1, b.faceup)
        draw_a = game.draw_holding(a)
        draw_b = game.draw_holding(b)
        a_left = game.relocate(a, zb[0], zb[1], index=zb[2], faceup=zb[3])
        b_left = game.relocate(b, za[0], za[1], index=za[2], faceup=za[3])
        game.log.record((), f"{a.title} goes to {a.location}; {b.title} goes to {b.location}")
        for draw_event, old, new, left in ((draw_a, a, b, a_left), (draw_b, b, a, b_left)):
            if left:
                game.log_left_draw(old)
            if draw_event is not None:
                draw_event.drawn.append(new)
                game.log.record(
                    "rule_drawn_card_swapped",
                    f"{new.title} was swapped into the set-aside zone for {old.title}: it is now "
                    "drawn and will be added to the hand with the other drawn cards",
                )

    return game.timing.perform(event, effect, rules=Swap.rules)


def arrange_ice(game: Game, server: Server, order: Sequence[NetrunnerCard], *, by: str) -> None:
    """Arrange ice by swapping pairs, with no checkpoint until all the swaps are done."""
    if len(server.ice) <= 1:
        game.log.record(
            "rule_arrange_1_or_fewer",
            f"{side_label(by)} is to arrange {plural(len(server.ice), 'piece')} of ice "
            f"protecting {server.name}: 1 or fewer cards, so instead nothing happens",
        )
        return
    if sorted(c.serial for c in order) != sorted(c.serial for c in server.ice):
        raise IllegalChoice(f"the new order must list exactly the ice protecting {server.name}")
    event = Arrange(by, list(server.ice))

    def by_swaps() -> None:
        for index, wanted in enumerate(order):
            here = server.ice[index]
            if here is not wanted:
                swap(game, here, wanted, by=by, cause="arranging ice")
        game.log.record(
            "rule_no_checkpoints_during_swaps",
            "the swaps are done; no checkpoint occurred between them",
        )

    game.timing.perform(
        event,
        by_swaps,
        rules=("movement_arrange", "rule_arrange_ice"),
        announce=f"{side_label(by)} arranges the ice protecting {server.name} by swapping "
        "pairs of ice",
    )
    game.timing.checkpoint(("rule_no_checkpoints_during_swaps",), note=" after arranging")


def arrange_top(
    game: Game, deck_owner: str, count: int, order: Sequence[NetrunnerCard], *, by: str
) -> None:
    """Arrange the top of a deck: secretly, and every arranged card becomes a new object."""
    deck = game.zones.get(ZoneType.DECK, deck_owner)
    cards = list(deck.cards[:count])
    if len(cards) <= 1:
        game.log.record(
            "rule_arrange_1_or_fewer",
            f"{side_label(by)} is to arrange {plural(len(cards), 'card')} from {deck.name}: "
            "1 or fewer cards, so instead nothing happens",
        )
        return
    if sorted(c.serial for c in order) != sorted(c.serial for c in cards):
        raise IllegalChoice(
            f"the new order must list exactly the top {len(cards)} cards of {deck.name}"
        )
    event = Arrange(by, cards)

    def secretly() -> None:
        for card in cards:
            game.relocate(card, ZoneType.SET_ASIDE, None, faceup=False)
        game.log.record(
            "rule_arrange_secretly",
            f"{side_label(by)} sets aside the top {len(cards)} cards of {deck.name} facedown",
        )
        for index, card in enumerate(order):
            game.relocate(card, ZoneType.DECK, deck_owner, index=index, faceup=False)
        game.log.record(
            "rule_arrange_secretly",
            f"{side_label(by)} returns them to the top of {deck.name} in an order only "
            "they know; each is now a new object",
        )

    game.timing.perform(
        event,
        secretly,
        rules=("movement_arrange",),
        announce=f"{side_label(by)} arranges the top {len(cards)} cards of {deck.name}",
    )


# -- play, paid abilities, subroutines ----------------------------------------------------


def resolve_instruction(game: Game, instruction: Instruction, targets: TargetsArg) -> None:
    announced = announce_targets(
        game, instruction.chooser, instruction.slots(), targets, what=instruction.label
    )
    instruction.resolve(announced)


X_COST_TYPES = ("operation", "event", "program", "hardware", "resource")


def has_x_cost(card: NetrunnerCard) -> bool:
    """A play or install cost of X: the card table gives such cards no cost."""
    return card.facts.cost is None and card.facts.type in X_COST_TYPES


def printed_cost(game: Game, card: NetrunnerCard) -> int:
    """A card's play or install (or rez) cost when something other than playing or
    installing it refers to it: X is then 0."""
    if has_x_cost(card):
        game.log.record(
            "tc_1_2_3a",
            f"{card.title}'s cost is X and it is not being played or installed, so X is 0",
        )
        return 0
    return card.facts.cost or 0


def _fix_x(game: Game, card: NetrunnerCard, *, by: str) -> int:
    """Choose X as the card is played, apply the cost modifiers, and fix the value."""
    assert card.behaviour is not None
    chosen = game.player(by).choice(card.title, "x")
    if chosen is None:
        raise IllegalChoice(f"{card.title} costs X: say what X is (will_use(..., x=<n>))")
    limit = card.behaviour.x_limit()
    if limit is not None and int(chosen) > limit[0]:
        raise IllegalAction(
            f"{card.title} cannot be played with X = {chosen}: {limit[1]}", "tc_1_2_3"
        )
    x = game.cost_with_modifiers("play", card, int(chosen))
    card.behaviour.x = x
    game.log.record("tc_1_2_3", f"X is fixed at {x} as {card.title} is played")
    return x


def play(
    game: Game, card: NetrunnerCard, *, by: str, targets: TargetsArg, as_action: bool = True
) -> None:
    kind = "operation" if by == "corp" else "event"
    if card.facts.type != kind or card.zone_type is not ZoneType.HAND or card.owner != by:
        raise IllegalAction(
            f"{card.title} is not an {kind} in {side_label(by)}'s hand", "movement_play"
        )
    if card.behaviour is None:
        raise UnimplementedCard(card.title)
    instruction = card.behaviour.play()
    restriction = card.behaviour.play_restriction()
    if restriction is not None:
        raise IllegalAction(f"{card.title} cannot be played: {restriction}", "movement_play")
    if has_x_cost(card):
        amount = _fix_x(game, card, by=by)
    else:
        amount = game.cost_with_modifiers("play", card, card.facts.cost or 0)
    parts = (Clicks(game, by, 1),) if as_action else ()
    cost = Cost((*parts, Credits(game, by, amount)))
    pay(cost, payer=side_label(by), purpose=f"playing {card.title}", timing=game.timing)
    event = Play(by, [card])

    def resolve_and_trash() -> None:
        game.relocate(card, ZoneType.PLAY_AREA, None, faceup=True)
        resolve_instruction(game, instruction, targets)
        if card.behaviour is not None:
            card.behaviour.x = None
        if card.zone_type is ZoneType.PLAY_AREA:
            trash(game, [card], by=by, cause=f"{card.title} has resolved")

    game.timing.perform(event, resolve_and_trash, rules=Play.rules)


# -- damage, steal, score, forfeit, search ------------------------------------------------


def damage(
    game: Game, damage_type: str, amount: int, *, as_cost: bool = False, source: str | None = None
) -> bool:
    event = Damage("runner", damage_type, amount, as_cost=as_cost, source=source)

    def effect() -> None:
        grip = game.runner.grip
        hit = game.rng.sample(grip, min(amount, len(grip)))
        if hit:
            trash(game, hit, by="runner", cause=f"{amount} {damage_type} damage, at random")
        if amount > len(grip):
            game.win("corp", (), "the Runner is flatlined")

    return game.timing.perform(event, effect)


def steal(game: Game, card: NetrunnerCard) -> bool:
    event = Steal("runner", [card])

    def effect() -> None:
        game.relocate(card, ZoneType.SCORE_AREA, "runner", faceup=True)
        game.log.record(
            (),
            f"{card.title} is worth {plural(card.facts.agenda_points or 0, 'agenda point')} "
            f"to the Runner ({game.runner.agenda_points} in all)",
        )

    return game.timing.perform(event, effect, rules=Steal.rules)


def score(game: Game, card: NetrunnerCard) -> bool:
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

    def effect() -> None:
        game.relocate(card, ZoneType.SCORE_AREA, "corp", faceup=True)
        if card.behaviour is not None:
            card.behaviour.on_score()

    return game.timing.perform(event, effect, rules=Score.rules)


def forfeit(game: Game, card: NetrunnerCard) -> bool:
    if card.zone_type is not ZoneType.SCORE_AREA:
        raise IllegalAction(f"{card.title} is not in a score area", "movement_forfeit")
    event = Forfeit(card.zone.owner if card.zone and card.zone.owner else card.owner, [card])

    def effect() -> None:
        game.relocate(card, ZoneType.REMOVED, None, faceup=True)
        game.log.record(
            (), f"its agenda points no longer count for the {side_label(event.player or '')}"
        )

    return game.timing.perform(event, effect, rules=Forfeit.rules)


def search(game: Game, deck_owner: str, title: str, *, by: str) -> NetrunnerCard | None:
    """Search a deck for a card by title, add it to the hand, shuffle the deck."""
    deck = game.zones.get(ZoneType.DECK, deck_owner)
    found = next((c for c in deck.cards if c.title.casefold() == title.casefold()), None)
    event = Search(by, [found] if found else [])

    def effect() -> None:
        game.log.record(
            "tc_1_1_1a",
            f"{side_label(by)} looks through {deck.name}; the card "
            "found is not a target and needs no announcement",
        )
        if found is not None:
            game.relocate(found, ZoneType.SET_ASIDE, None, faceup=True)

    game.timing.perform(
        event,
        effect,
        rules=Search.rules,
        announce=f"{side_label(by)} searches {deck.name} for {title}",
    )
    if found is not None:
        add(game, found, ZoneType.HAND, by, by=by)
    game.rng.shuffle(deck.cards)
    for card in deck.cards:
        game.zones.renew(card)
    game.log.record(
        "rule_deck_order_while_searching",
        f"{side_label(by)} shuffles {deck.name}: the order of the searched cards was not kept",
    )
    return found


# -- runs and access -----------------------------------------------------------------------


def successful_run(game: Game) -> None:
    run = game.require_run()
    run.successful = True
    game.timing.perform(SuccessfulRun(run.server), lambda: None)
    game.timing.settle()
    if game.run is run:
        breach(game, run.server)


def breach(game: Game, server: str) -> None:
    event = Breach("runner", server)
    game.timing.perform(event, lambda: _breach_normally(game, server))


def _breach_normally(game: Game, server: str) -> None:
    if server == "R&D":
        rnd = game.zones.get(ZoneType.DECK, "corp")
        if rnd.cards:
            access(game, rnd.cards[0])
    elif server == "HQ":
        hq = game.zones.get(ZoneType.HAND, "corp")
        if hq.cards:
            access(game, game.rng.choice(hq.cards))
    elif server == "Archives":
        for card in game.zones.get(ZoneType.DISCARD, "corp"):
            access(game, card)
    else:
        for card in list(game.server(server).root):
            access(game, card)


def access(game: Game, card: NetrunnerCard) -> None:
    """Access a card: "when accessed" abilities, access abilities, then steal or trash."""
    game.accessing.append(card)
    try:
        where = card.location
        event = Access("runner", [card])

        def effect() -> None:
            if card.zone_type is ZoneType.DISCARD and card.facedown:
                card.faceup = True

        game.timing.perform(event, effect, announce=f"Runner accesses {card.title} ({where})")
        accessed = card.ref()
        game.timing.settle()
        if game.winner is None and accessed.current is not None:
            _runner_options(game, card)
    finally:
        game.accessing.remove(card)


def _runner_options(game: Game, card: NetrunnerCard) -> None:
    accessed = card.ref()
    for ability in game.access_abilities():
        if accessed.current is None or not ability.applies(card):
            continue
        key = f"access:{ability.label}"
        if ability.once_per_turn and game.history.uses_this_turn(key):
            game.log.record((), f"{ability.label} was already used this turn")
            continue
        plan = game.runner.plan_for(ability.label)
        if plan is None or not plan.use:
            continue
        cost = ability.cost(card)
        obstacles = cost.obstacles()
        if obstacles:
            game.log.record(
                game.timing.cites.cost_all_at_once + cost.blocked_rules(),
                f"Runner cannot use {ability.label}: cannot pay {cost.describe()} "
                f"({'; '.join(obstacles)})",
            )
            continue
        plan.remaining -= 1
        game.history.note_use(key)
        game.log.record((), f"Runner uses {ability.label} on {card.title}")
        with game.log.nested():
            pay(cost, payer="Runner", purpose=f"using {ability.label}", timing=game.timing)
            ability.resolve(card)
        game.timing.settle()
    if accessed.current is None:
        return
    if card.facts.type == "agenda":
        _steal_if_able(game, card)
    elif card.facts.trash_cost is not None:
        plan = game.runner.plan_for(f"trash {card.title}")
        if plan is not None and plan.use:
            plan.remaining -= 1
            pay(
                Cost((Credits(game, "runner", card.facts.trash_cost),)),
                payer="Runner",
                purpose=f"trashing {card.title}",
                timing=game.timing,
            )
            trash(game, [card], by="runner", cause="paying its trash cost")


def _steal_if_able(game: Game, card: NetrunnerCard) -> None:
    extra = card.behaviour.steal_cost() if card.behaviour else None
    if extra is None:
        steal(game, card)
        return
    plan = game.runner.plan_for(f"steal {card.title}")
    obstacles = extra.obstacles()
    if obstacles:
        game.log.record(
            game.timing.cites.cost_all_at_once + extra.blocked_rules(),
            f"Runner cannot pay {extra.describe()}, the extra cost of stealing {card.title}: "
            f"{'; '.join(obstacles)}; it is not stolen",
        )
        return
    if plan is None or not plan.use:
        game.log.record(
            (), f"Runner does not pay {extra.describe()}, so does not steal {card.title}"
        )
        return
    plan.remaining -= 1
    pay(extra, payer="Runner", purpose=f"stealing {card.title}", timing=game.timing)
    if game.winner is None:
        steal(game, card)


def encounter(game: Game, ice: NetrunnerCard) -> None:
    if not ice.rezzed:
        raise IllegalAction(f"{ice.title} is not rezzed ice")
    game.timing.perform(Encounter(ice), lambda: None)


def end_the_run(game: Game, *, cause: str) -> None:
    """A subroutine's or ability's "end the run"."""
    if game.run is None:
        game.log.record((), f"{cause}: there is no run to end")
        return
    game.log.record((), f"{cause} ends the run")
    end_run(game)


def end_run(game: Game) -> None:
    run = game.require_run()
    game.run = None
    game.timing.perform(RunEnds(run.server, run.successful), lambda: None)


# -- turns ------------------------------------------------------------------------------------

ALLOTTED_CLICKS = {"corp": 3, "runner": 4}


def begin_turn(game: Game, side: str) -> None:
    game.history.begin_turn()
    game.active = side
    for player in (game.corp, game.runner):
        player.clicks = ALLOTTED_CLICKS[side] if player.side == side else 0
        player.clicks_spent = 0
    game.log.record(
        (),
        f"Turn {game.history.turn}: the {side_label(side)}'s turn begins "
        f"with {ALLOTTED_CLICKS[side]} clicks",
    )
    game.timing.perform(TurnBegins(side), lambda: None)
    game.timing.settle()
    if side == "corp" and game.winner is None:
        game.log.record((), "the Corp takes its mandatory draw")
        draw(game, {"corp": 1})
