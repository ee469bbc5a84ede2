"""Mutants that change no behaviour, each with the reason a person gave.

A surviving mutant is either a behaviour no scenario checks, or a change that
cannot be seen: ``x >= 0`` for ``x > 0`` where ``x`` is never zero, a statement
whose effect the next one redoes.  The second kind is no evidence against the
scenarios, so it is left out of the score, but only when someone has said why:
an entry names the function, the line as written (stripped of its indentation)
and the change as the tool describes it (without line numbers), and gives the
reason.  An entry is a claim, checked on every run: a mutant it names that a
scenario kills, or an entry that names no mutant (the code changed), is reported
(:func:`~rulesref.mutation.report.Run.wrong_claims`) so the list cannot rot.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulesref.mutation.mutants import Mutant


@dataclass(frozen=True)
class Equivalent:
    #: ``module.qualname`` of the function, as the score lists it.
    function: str
    #: The source line the change is on, stripped.
    line: str
    #: The change, as :attr:`Mutant.description` says it, without line numbers.
    change: str
    reason: str
    #: Where on the line the change is, counted from 1 in the stripped line, when the same
    #: change can be made at two places of it.
    column: int | None = None
    #: The line before it, stripped, when the same line is written twice in the function.
    after: str | None = None

    def matches(self, mutant: Mutant) -> bool:
        return (
            str(mutant.site) == self.function
            and mutant.source_line == self.line
            and change_of(mutant) == self.change
            and (self.column is None or self.column == _column_in_line(mutant))
            and (self.after is None or self.after == _line_before(mutant))
        )


def _line_before(mutant: Mutant) -> str:
    from rulesref.mutation.mutants import _source_lines

    return _source_lines(mutant.site.path)[mutant.line - 2].strip() if mutant.line > 1 else ""


def _column_in_line(mutant: Mutant) -> int:
    """The change's column in the stripped line, from 1 (as an editor shows it)."""
    from rulesref.mutation.mutants import _source_lines

    raw = _source_lines(mutant.site.path)[mutant.line - 1]
    return mutant.column - (len(raw) - len(raw.lstrip())) + 1


def change_of(mutant: Mutant) -> str:
    """The description without the line numbers a swap names (they move with every edit)."""
    return re.sub(r" \(lines \d+ and \d+\)", "", mutant.description)


def claim_for(mutant: Mutant, claims: tuple[Equivalent, ...]) -> Equivalent | None:
    return next((claim for claim in claims if claim.matches(mutant)), None)


def _e(
    function: str,
    line: str,
    change: str,
    reason: str,
    column: int | None = None,
    after: str | None = None,
) -> Equivalent:
    return Equivalent(function, line, change, reason, column, after)


def _returns_none(prefix: str, *functions: str | tuple[str, str]) -> tuple[Equivalent, ...]:
    """A dropped final ``return None`` in each function (``(name, line before)``
    where the function returns None twice)."""
    return tuple(
        _e(prefix + name, "return None", "drop return (body)", _RETURNS_NONE, after=after)
        for name, after in ((f, None) if isinstance(f, str) else f for f in functions)
    )


_K = "rulesref.engine."
_TM = "rulesref.games.technomancy."
_NR96 = "rulesref.games.netrunner1996."
_NRC = "rulesref.games.netrunner.cards."
_NRP = "rulesref.games.netrunner."
_RETURNS_NONE = "a function that ends without a return returns None, as this one says"
_FALSE_AS_NONE = (
    "every caller only asks whether the answer is true (in an if, an and, or any()): None "
    "is as false as False"
)
_IN_HAND_ONLY = (
    "the facade names only the player's own cards (views.resolve with owner= and zone=, or "
    "controller= and zone=), so the procedure never sees another's: the check is unreachable"
)
_ASSERTED = "an assertion of an invariant that holds: weakening it changes nothing"
_INDEPENDENT = "the two statements touch different state and neither reads what the other writes"
_PLACED_FACEUP = "every game says whether a card is faceup as it places it"
_EXCLUSIVE_GUARDS = (
    "two guards that each return, for kinds of value no value is both of (no game holds an "
    "IntEnum or a shared function): at most one of them returns, in either order"
)
_ATOMS_FALL_THROUGH = (
    "a number or string then falls through to its repr, with a place among the objects "
    "seen: the same values still give the same fingerprint (a restored game holds the very "
    "objects it held), and different values different ones"
)
_FALLS_THROUGH = (
    "without the return the copy falls through the other kinds (each tests the class) to "
    "copy.deepcopy(x, memo), which returns the copy the memo already holds (a tuple it "
    "rebuilds from the copies of its items): the same copy, made more slowly"
)

_RUN_ENDS_UNREAD_WINDOW = (
    "an open window is left to the Run Ends Phase only by a run that \"end the run\" ended "
    "while the window was open (jacking out closes its window first), and "
    "it is read only by the players' next action (game.window, proceed, rezzing by choice, "
    "breaking): the phase's steps run inside the action that ended the run, which returns "
    "after the run is complete"
)
_ENCOUNTER_OVER = (
    "every caller stops once the encounter is over (a forced one's loop tests it; the run's "
    "steps are sent elsewhere by whatever ended it), and an ice that is gone or derezzed "
    "ends the encounter at once: the guard never meets a case the callers have not"
)
_KEPT_FRESH = (
    "the hosted objects are asked for only by abilities whose cost trashes their own source "
    "(Fermenter, Street Peddler, Reconstruction Contract), and keeping_hosted records that "
    "source's entry afresh before each resolves: an entry left behind is never read"
)
_NO_DECK_NAMES = (
    "unreachable in this card pool: only Top Hat's slot states a deck, and it asks its "
    "chooser (a decision answered by position) rather than reading names given with an action"
)
_RUN_ENDS_UNREAD_CREDITS = (
    "nothing reads the count after this step: the later steps of the Run Ends Phase spend "
    "no credits, a payment or a loss in an ability they meet only lowers it again, and the "
    "run is dropped at its last step"
)

#: The equivalent mutants of the engines, module by module.
EQUIVALENT: tuple[Equivalent, ...] = (
    # -- the kernel ---------------------------------------------------------------------
    _e(_K + "decisions.Option.answered_by", "return False", "drop return (body)",
       "None is as false as False to every caller, which only asks whether it answers"),
    _e(_K + "log.Log.__init__", "self.turn = 0", "0 -> 1",
       "a game that numbers its turns sets the turn before it logs one; the others never "
       "ask a line for its turn"),
    _e(_K + "objects.Card.become_new_object", "self.object_id = object_id", "swap statements",
       _INDEPENDENT),
    _e(_K + "state_copy._kind", "_kinds[cls] = kind", "drop assign (body)",
       "a cache: without it the kind is worked out again, the same"),
    _e(_K + "state_copy.deep_copy", "memo[id(original)] = made", "swap statements",
       _INDEPENDENT),
    *(
        _e(_K + "state_copy.deep_copy", line, "drop return (body)", _FALLS_THROUGH)
        for line in (
            "return out", "return table", "return obj", "return members",
            "return generator", "return counts", "return new(x, items)",
            "return new(x, MethodType(x.__func__, copy_of(x.__self__)))",
        )
    ),
    _e(_K + "state_copy.deep_copy", "return x", "drop return (body)", _FALLS_THROUGH,
       after="if kind is _SHARED:"),
    _e(_K + "state_copy.deep_copy",
       "table[key if type(key) in atomic else copy_of(key)] = (", "not (condition)",
       "an atomic key copies as itself either way (copy_of returns it); the game's other keys "
       "are enum members, which are shared either way"),
    _e(_K + "state_copy.deep_copy",
       "table[key if type(key) in atomic else copy_of(key)] = (", "In -> NotIn",
       "an atomic key copies as itself either way (copy_of returns it); the game's other keys "
       "are enum members, which are shared either way"),
    _e(_K + "state_copy.deep_copy", "if kind is _SHARED:", "swap statements",
       "an enum member is never a set: at most one of the two branches runs"),
    _e(_K + "state_copy.deep_copy", "if cls is MethodType:", "swap statements",
       "a method is never a Counter: at most one of the two branches runs"),
    _e(_K + "state_copy._kind",
       'if issubclass(cls, Enum) or getattr(cls, "__deepcopy__", None) is _itself:', "-> and",
       "a value marked copied_as_itself then goes to copy.deepcopy, whose call of its "
       "__deepcopy__ returns it: shared as before, more slowly"),
    _e(_K + "state_copy.copied_as_itself",
       "cls.__deepcopy__ = _itself  # type: ignore[attr-defined]", "drop assign (body)",
       "the decorator runs as its module is imported, before a mutant is made; and a trace "
       "line copied instead of shared is an equal frozen value, read only for its contents"),
    _e(_K + "transactions._nothing", "return None", "drop return (body)",
       "a function that returns nothing returns None"),
    _e(_K + "setup._singular", "return None", "drop return (body)",
       "a function that returns nothing returns None"),
    _e(_K + "objects.Card.__init__", "self.faceup = False", "drop assign (body)",
       _PLACED_FACEUP),
    _e(_K + "objects.Card.__init__", "self.faceup = False", "False -> True", _PLACED_FACEUP),
    _e(_K + "transactions.Snapshot._restore_attributes",
       'if hasattr(original, "__dict__") and hasattr(snap, "__dict__"):', "-> or",
       "a copy is of its original's class: both have a __dict__ or neither has"),
    _e(_K + "transactions.Snapshot._restore_attributes",
       'if hasattr(original, "__dict__") and hasattr(snap, "__dict__"):', "swap statements",
       "an attribute lives either in the __dict__ or in a slot, never both: the two loops "
       "write different attributes"),
    _e(_K + "transactions.fingerprint", "seen[id(value)] = len(seen)", "swap statements",
       _INDEPENDENT),
    _e(_K + "transactions.fingerprint", "keep.append(value)", "swap statements",
       _INDEPENDENT),
    _e(_K + "transactions.fingerprint", "keep.append(value)", "drop expr (body)",
       "every object walked is reachable from the root, which the caller holds: none is "
       "freed during the walk, so no id is reused even without keeping them"),
    *(
        _e(_K + "transactions.fingerprint", line, "swap statements", _EXCLUSIVE_GUARDS)
        for line in (
            "if value is None or isinstance(value, bool | int | float | str | bytes):",
            "if isinstance(value, Enum):",
            "if id(value) in skip:",
            "if isinstance(value, type | FunctionType | BuiltinFunctionType):",
            "if isinstance(value, MethodType):",
            "if isinstance(value, random.Random):",
        )
    ),
    _e(_K + "transactions.fingerprint",
       "if value is None or isinstance(value, bool | int | float | str | bytes):", "-> and",
       _ATOMS_FALL_THROUGH),
    _e(_K + "transactions.fingerprint", "return value", "drop return (body)",
       _ATOMS_FALL_THROUGH),
    _e(_K + "transactions.fingerprint", "return (type(value).__name__, value.name)",
       "drop return (body)",
       "an enum member falls through to its attributes, its name and value among them: "
       "members still tell apart, and a member is always the same object"),
    _e(_K + "transactions.fingerprint", "slots = sorted(slot_names(type(value)))",
       "sorted(...) -> list(...)",
       "the slot names of one class come in the same order every time"),
    _e(_K + "transactions.transactional", "return result", "drop return (body)",
       "every public action of every game returns None"),
    _e(_K + "zones.Zone.__init__", "self.ordered = ordered", "drop assign (body)",
       "no game reads whether a zone is ordered: it is a note for readers"),
    _e(_K + "zones.Zone.position", 'raise ValueError(f"{card!r} is not in {self.name}")',
       "drop raise (body)", "the games ask only for the position of a card in the zone"),
    _e(_K + "zones.Zones.move", "return card", "drop return (body)",
       "no caller uses the card returned: it holds it already"),
    _e(_K + "zones.Zones.renew", "return card", "drop return (body)",
       "no caller uses the card returned: it holds it already"),
    _e(_K + "zones.Zones.put", "zone.cards.append(card)", "swap statements", _INDEPENDENT),
    _e(_K + "zones.Zones.move", "if index is None:", "swap statements",
       "nothing reads the card's zone between the two statements"),
    _e(_K + "zones.Zones.move", "card.zone = zone", "swap statements",
       "become_new_object does not read the card's zone"),
    # -- Technomancy ---------------------------------------------------------------------
    _e(_TM + "procedures.actions.new_card", "st.next_card_id += 1", "1 -> 2",
       "card ids only need to be distinct; nothing reads their values"),
    _e(_TM + "procedures.actions.new_card", "st.cards[card.id] = card", "swap statements",
       _INDEPENDENT),
    _e(_TM + "procedures.actions.move", "card.health = None", "drop assign (body)",
       "off the battlefield a card's health is never read (a view is made only for the "
       "battlefield, and info() reads the printed health), and enter_battlefield sets it"),
    _e(_TM + "procedures.actions.move", "card.controller = card.owner", "drop assign (body)",
       "control changes only by effects, in the views: card.controller is always the owner "
       "in this card pool (a card enters the battlefield under the control of the player who "
       "played or created it, its owner)"),
    _e(_TM + "procedures.actions.enter_battlefield", "card.controller = controller",
       "drop assign (body)",
       "the controller given is always the card's owner, which card.controller already is"),
    _e(_TM + "procedures.actions.enter_battlefield", "move(game, card_id, Zone.BATTLEFIELD)",
       "swap statements", "move() reads only where the card is, not its controller"),
    _e(_TM + "procedures.actions.enter_battlefield",
       "card.health = card.definition.health", "swap statements", _INDEPENDENT),
    _e(_TM + "procedures.actions.heal",
       "assert target.where is Zone.BATTLEFIELD and target.health is not None and printed is "
       "not None", "-> or", _ASSERTED),
    _e(_TM + "procedures.choices.hand_options", "named.add(name)", "swap statements",
       "the option is built from ``names``, computed before either statement"),
    _e(_TM + "procedures.layers.compute_views", "p.modify(view)", "swap statements",
       "the record names the card, and no effect changes a card's name"),
    _e(_TM + "procedures.passing.pass_priority", "st.priority = None", "drop assign (body)",
       "priority is set again before anyone could act: begin_phase clears it, or "
       "give_priority hands it on after the top of the stack takes effect, and no effect "
       "of this card pool asks a player anything while it resolves"),
    _e(_TM + "procedures.passing.pass_priority", "st.priority = None", "swap statements",
       "either way priority is cleared before anyone could act: the next phase clears it "
       "as it begins, and the top of the stack takes effect after the cleared line"),
    _e(_TM + "procedures.playing.declare",
       "if card.where is not Zone.HAND or card.owner != player:", "-> and", _IN_HAND_ONLY),
    _e(_TM + "procedures.playing.declare",
       'raise IllegalAction(f"{player} can only play cards from their own hand", "tm_3_6_1")',
       "drop raise (body)", _IN_HAND_ONLY),
    _e(_TM + "procedures.playing.declare", "if d.type is CardType.BUILDING:",
       "swap statements",
       "both only refuse; no Building takes a target, so at most one of them can refuse"),
    _e(_TM + "procedures.playing.use_scrip_ability",
       "if view is None or view.controller != player:", "-> and", _IN_HAND_ONLY),
    _e(_TM + "procedures.playing.use_scrip_ability",
       'raise IllegalAction(f"{player} does not control {name} on the battlefield", '
       '"tm_3_6_2_3")', "drop raise (body)", _IN_HAND_ONLY),
    _e(_TM + "procedures.playing.activate", "if view is None or view.controller != player:",
       "-> and", _IN_HAND_ONLY),
    _e(_TM + "procedures.playing.activate",
       'raise IllegalAction(f"{player} does not control {name} on the battlefield", '
       '"tm_3_4_1")', "drop raise (body)", _IN_HAND_ONLY),
    _e(_TM + "procedures.playing.activate", "st.passes = 0", "swap statements",
       "give_priority does not read the count of passes"),
    _e(_TM + "procedures.playing.put_into_play", "if card.definition.type is CardType.BUILDING:",
       "swap statements", "neither branch reads the count of passes"),
    _e(_TM + "procedures.playing.put_into_play", "st.players[player].buildings_played += 1",
       "swap statements", "entering the battlefield does not read the count of Buildings"),
    _e(_TM + "procedures.playing.put_into_play", "st.passes = 0", "swap statements",
       "give_priority does not read the count of passes"),
    _e(_TM + "procedures.priority.give_priority", "if checks_before_priority(game):",
       "swap statements", "the checks do not read who has priority"),
    _e(_TM + "procedures.priority.give_priority",
       "st.passes = 0  # the stack changed: earlier passes no longer speak for it",
       "drop assign (body)",
       "the checks find something to do only after the stack or the battlefield changed, and "
       "every such change (a card played, an ability activated, an effect, a new phase) has "
       "reset the passes already"),
    _e(_TM + "procedures.priority.checks_before_priority", "changed = True", "True -> False",
       "its answer only decides give_priority's reset of the passes, itself equivalent"),
    _e(_TM + "procedures.priority.resolve_top", "if d.type is CardType.AGENT:",
       "swap statements", "an Agent has no effect to resolve: at most one branch runs"),
    _e(_TM + "procedures.priority._agent_in_play", "return False", "drop return (body)",
       "a card aimed at an agent is declared with one (rule 3.6.1): the target is never None"),
    _e(_TM + "procedures.priority._agent_in_play", "return False", "False -> True",
       "a card aimed at an agent is declared with one (rule 3.6.1): the target is never None"),
    _e(_TM + "procedures.setup._set_up_player",
       'for zone, key in ((Zone.LIBRARY, "library"), (Zone.HAND, "hand"), (Zone.DISCARD, '
       '"discard")):', "swap statements",
       "which zone is filled first changes only the cards' ids, which nothing reads"),
    _e(_TM + "procedures.setup._set_up_player",
       'for text in titles(setup.get("battlefield", []), f"{name}.battlefield"):',
       "swap statements", "the health and scrip of a player do not depend on their cards"),
    _e(_TM + "procedures.setup._set_up_player", "card.timestamp = game.state.tick()",
       "swap statements", _INDEPENDENT),
    _e(_TM + "procedures.setup._set_up_player", 'card.tapped = "tapped" in entry.flags',
       "swap statements", _INDEPENDENT),
    _e(_TM + "procedures.turns.start_turn", "st.priority = None", "drop assign (body)",
       "begin_phase, called at the end of start_turn, clears it again"),
    _e(_TM + "procedures.turns.start_turn", "st.passes = 0", "drop assign (body)",
       "begin_phase, called at the end of start_turn, resets it again"),
    _e(_TM + "procedures.turns.start_turn", "st.passes = 0", "swap statements", _INDEPENDENT),
    _e(_TM + "procedures.turns.start_turn", "st.passes = 0", "0 -> 1",
       "begin_phase, called at the end of start_turn, resets it again"),
    _e(_TM + "procedures.turns.begin_phase", "st.priority = None", "drop assign (body)",
       "every way into a new phase has cleared priority already: start_turn, and "
       "pass_priority before the phase ends"),
    _e(_TM + "procedures.turns.begin_phase", "st.passes = 0", "drop assign (body)",
       "every way into a new phase has reset the passes already: start_turn, and "
       "pass_priority before the phase ends"),
    _e(_TM + "procedures.views.effects", "for e in sorted(game.state.effects, key=lambda e: "
       "e.timestamp)", "sorted(...) -> list(...)",
       "effects are appended as they start, each with the next timestamp: already sorted"),
    _e(_TM + "state.game_state.build_zones",
       "zones.add(KernelZone(kind, f\"{name}'s {kind}\", visibility, name, kind is "
       "Zone.LIBRARY))", "Is -> IsNot",
       "whether a zone is ordered is a note for readers; Technomancy reads no position"),
    _e(_TM + "state.game_state.GameState.after", "for step in range(1, len(order) + 1):",
       "1 -> 2", "the loop returns by the step len(order) at the latest: one more step is "
       "never taken", column=len("for step in range(1, len(order) + ") + 1),
    _e(_TM + "state.game_state.GameState.after", "return player", "drop return (body)",
       "reached only if every seat has lost, and then the game has ended and no turn starts"),
    _e(_TM + "state.modes.deck_level",
       "return max((catalog[name].level for name in deck), default=0)", "0 -> 1",
       "a deck has 50 cards in Matrix mode (rule 2.1.1): the default of an empty deck is "
       "never used in a game"),
    _e(_TM + "state.objects.Card.__init__", "self.timestamp = 0", "drop assign (body)",
       "a timestamp is read only on the battlefield, and a card gets one as it enters"),
    _e(_TM + "state.objects.Card.__init__", "self.timestamp = 0", "0 -> 1",
       "a timestamp is read only on the battlefield, and a card gets one as it enters"),
    _e(_TM + "procedures.playing.check_building_allowance",
       "if e.player == player and e.kind is PlayerRuleKind.EXTRA_BUILDING", "-> or",
       "the only player effect is an extra Building for the active player this turn, and only "
       "the active player plays Buildings (rule 3.5.4.1): the two tests always agree"),
    _e(_TM + "procedures.setup.start", "if len(remaining) == 1:", "swap statements",
       "one player left and none left cannot both be true: at most one of the two runs"),
    _e(_TM + "game.Game.advance_to", "for _ in range(500):", "500 -> 501",
       "no position of this card pool needs 500 passes to reach a phase; the bound only "
       "keeps a bug from hanging"),
    _e(_TM + "game.Game.advance_to", "raise RuntimeError(", "drop raise (body)",
       "reached only after 500 passes without the phase, which no position of this card "
       "pool needs; it reports a bug instead of returning"),
    # -- Netrunner (1996) ------------------------------------------------------------------
    _e(_NR96 + "procedures.effects.rez",
       "pay(game, Side.CORP, Cost(bits=d.rez_cost), what, RESOLVING if by_effect else COSTS)",
       "swap statements",
       "nothing between paying and turning the card faceup can see it (1996 has no "
       "checkpoint), and a cost that cannot be paid refuses the whole action"),
    _e(_NR96 + "procedures.runs._offer_rez",
       "cost = Cost(bits=ice.definition.rez_cost or 0)", "0 -> 1",
       "every piece of ice has a rez cost"),
    _e(_NR96 + "procedures.runs.steal", "points = card.definition.agenda_points or 0", "0 -> 1",
       "every agenda has its agenda points"),
    _e(_NR96 + "procedures.runs.steal", "game.sides[Side.RUNNER].points += points",
       "swap statements", _INDEPENDENT),
    _e(_NR96 + "procedures.turns.advance",
       'pay(game, Side.CORP, Cost(actions=1, bits=1), f"advancing {card.title}")',
       "swap statements",
       "a cost that cannot be paid refuses the whole action, counter and all"),
    _e(_NR96 + "state.objects.Card.__init__", "self.rezzed = False", "drop assign (body)",
       "every card is placed by the setup, which sets whether it is rezzed"),
    _e(_NR96 + "state.objects.Card.__init__", "self.rezzed = False", "False -> True",
       "every card is placed by the setup, which sets whether it is rezzed"),
    _e(_NR96 + "state.table.Table.__init__",
       "self.zones.add(KernelZone(kind, str(kind), visibility, owner, ordered=kind is "
       "Zone.RD))", "Is -> IsNot",
       "whether a zone is ordered is a note for readers; 1996 reads no position"),
    _e(_NR96 + "state.table.Table.__init__", "self._serials = 0", "0 -> 1",
       "serials only need to be distinct"),
    _e(_NR96 + "state.table.Table.new_card", "self._serials += 1", "1 -> 2",
       "serials only need to be distinct"),
    _e(_NR96 + "state.table.Table.zone", "raise", "drop raise (body)",
       "every zone but a server's is made with the table: the lookup never fails for them"),
    _e(_NR96 + "state.table.Table.move", "self.zones.move(card, zone)", "swap statements",
       _INDEPENDENT),
    _e(_NR96 + "state.table.Table.move", "card.rezzed = False", "drop assign (body)",
       "only agendas (stolen) and operations and preps (played) move, and none of them "
       "is ever rezzed"),
    _e(_NR96 + "state.table.Table.move", "card.rezzed = False", "False -> True",
       "only agendas (stolen) and operations and preps (played) move, and whether they are "
       "rezzed is never asked again"),
    _e(_TM + "state.scrip.Scrips.__sub__", 'raise ValueError(f"{self} does not cover {cost}")',
       "drop raise (body)", "pay() checks that the pool covers the cost first (rule 3.6.3)"),
    # netrunner cards (2026-11-27)
    *_returns_none(
        _NRC,
        "concept_run_events.Apocalypse.play_restriction",
        ("concept_triggers.TheFuturePerfect.steal_refusal",
         'return "the bids of its Psi Game differed"'),
        "events.FiskInvestmentSeminar.play_restriction",
        "oppo_research.OppoResearch.play_restriction",
        "pumped_breakers.Gebrselassie.host_refusal",
        "run_events.RunEvent.play_restriction",
        "run_programs.Rook.host_refusal",
        "run_upgrades.OffTheGrid.forbids_run",
        "sysops.KeeganLane.paid_abilities",
        "this_turn_events.InTheGroove.play_restriction",
        "when_scored.WhenScored.requirement",
        "when_scored._ScoredAgenda.when_scored",
    ),
    _e(_NRC + "encounter_tools.TakeTag.obstacle",
       "return None  # there is no limit to the tags a Runner can take", "drop return (body)",
       _RETURNS_NONE),
    # netrunner procedures, state, timing (2026-11-27)
    *_returns_none(
        _NRP + "state.behaviour.CardBehaviour.",
        "x_limit", "play_restriction", "not_trashed_until", "install_refusal",
        "steal_refusal", "steal_cost", "hosted_credits_for",
    ),
    *_returns_none(
        _NRP,
        "procedures.arranging.root_problem",
        ("procedures.arranging.swap_problem",
         "return problem"),
        "procedures.breach.prohibited",
        "procedures.costs.Credits.obstacle",
        "procedures.costs.SufferDamage.obstacle",
        "procedures.costs.RemoveTags.obstacle",
        "procedures.damage.DamageSelector.selects",
        "procedures.decks.agenda_points_required",
        "procedures.encounter_abilities.while_encountering",
        "procedures.hosting.Host.can_host",
        "procedures.hosting.HostedOnly.host_refusal",
        "procedures.installing.runner_install_problem",
        "procedures.runs.RunRestriction.forbids_run",
        "procedures.subroutine_count.SubroutineGrant.grants",
        ("state.objects.NetrunnerCard.rezzed",
         "return False"),
        "state.table.Table.draw_holding",
        "state.zones.Server.position_of",
        "timing.events.Event.value_spent",
        "timing.abilities.Ability.cost",
    ),
    _e(_NRP + "procedures.rezzing.rez",
       'raise IllegalAction(f"{card.title} cannot be rezzed", "rule_rezzed_unrezzed")',
       "drop raise (body)",
       "unreachable: the checks before it leave an installed Corp card that is not an agenda, "
       "so ice, an asset or an upgrade (operations are never installed), whose rezzed is True "
       "or False, never None"),
    *(
        _e(_NRP + "timing.abilities." + function, "return False", "drop return (body)",
           _FALSE_AS_NONE)
        for function in ("Static.forbids", "Interrupt.would_stop")
    ),
    # other procedures (mutother)
    _e(_NRP + "procedures.moving_installed.move_ice", "old.former = ice.title", "swap statements",
       "occupy() writes the new position (just created, so not the old one) and the ice; "
       "this line writes the old position: neither reads what the other writes"),
    _e(_NRP + "procedures.moving_installed.move_to_root", "here.root.remove(card)",
       "swap statements",
       "two roots are two lists, and neither statement reads the other's; were they one "
       "list, removing the card then appending it, or appending it then removing its first "
       "occurrence, leaves the same list"),
    _e(_NRP + "procedures.moving_installed.move_to_root", "target.root.append(card)",
       "swap statements", _INDEPENDENT),
    _e(_NRP + "procedures.progress.end_encounter",
       "if run is not None and run.encounter is encounter:", "swap statements", _INDEPENDENT),
    _e(_NRP + "procedures.progress.end_the_run", "run.phase = Phase.RUN_ENDS",
       "drop assign (body)",
       "advance() sets the phase from the next step (the Run Ends Phase's first) before that "
       "step is carried out, and until then every reader of the phase asks run.ending first "
       "(offer_jack_out, _cannot_move, _being_approached, ice_moved, ice_swapped, the approach's "
       "reaction window)"),
    _e(_NRP + "procedures.progress.end_the_run", "if run.encounter is not None:",
       "swap statements",
       "stop_breach runs only when the run ended in its Success Phase, where no encounter of "
       "the run's own is under way: at most one of the two does anything"),
    _e(_NRP + "procedures.progress._cannot_move", "return False", "drop return (body)",
       _FALSE_AS_NONE),
    *(
        _e(_NRP + "procedures.progress." + function, "return False", "False -> True",
           "the callers either ignore the answer (Mirāju) or only decide by it whether to "
           "offer_jack_out (Cell Portal, Slipstream), which returns at once in exactly the cases "
           "_cannot_move refuses: no run, a run ending, its Success or Run Ends Phase")
        for function in ("move_to_ice", "move_to_outermost")
    ),
    *(
        _e(_NRP + "procedures.progress." + function, "run.approaching = None",
           "swap statements", "goto() does not read or write run.approaching")
        for function in ("ice_left", "ice_moved")
    ),
    _e(_NRP + "procedures.progress.ice_swapped",
       "if run.encounter is not None and run.encounter.ice.card is card:", "swap statements",
       "the ice the run encounters is in the Runner's position (the encounter begins there, "
       "and _follow moves the position with the ice), so for it 'run.position is not old' "
       "is false and the check moved before this block returns nothing"),
    _e(_NRP + "procedures.progress.ice_swapped", "return", "drop return (body)",
       "after the swap out of the play area the run is in the Encounter Ice Phase, so neither "
       "of the branches below (approach, Initiation or Movement Phase) applies; after _follow "
       "the Runner's position is the new one, so the next check returns",
       after='goto(game, run, Phase.MOVEMENT, f"{card.title} left")'),
    _e(_NRP + "procedures.instructions.choose_effect", "game.timing.reaction_window()",
       "drop expr (body)",
       "this window resolves only what was met since the checkpoint before the ability that "
       "makes the choice; both such abilities (Data Raven's, Fairchild 2.0's subroutines) "
       "begin with the choice and carry out no event before it, so it finds nothing pending"),
    _e(_NRP + "procedures.instructions.choose_effect", "game.timing.checkpoint(",
       "swap statements",
       "the reaction window begins with a checkpoint of its own, and (as for its being "
       "dropped) nothing is pending: the two checkpoints then find the same, in either order"),
    _e(_NRP + "procedures.hosting.Host.install_discount", "return 0", "drop return (body)",
       "its one caller only asks 'if discount:', and None is as false as 0"),
    _e(_NRP + "procedures.hosting.host_on", "check_host(game, card, host)", "swap statements",
       "its one caller hosts Rook, whose own refusal decides (it leaves itself out of the "
       "Caïssa programs it counts), so the host's limit, which would count it, is not asked; "
       "and when check_host refuses, the action is rolled back with the host set before it"),
    _e(_NRP + "procedures.install_and_rez.install_and_rez",
       "less=declare if total_less and not ignoring_costs else None,", "-> or",
       "the two callers pass a reduction with costs (Tucana, 3) or none ignoring all costs "
       "(Trust Operation): for both 'and' and 'or' give the same"),
    _e(_NRP + "procedures.install_and_rez.install_and_rez", "if problem is None:",
       "swap statements",
       "learning the card first also makes the Runner learn a card that is then rezzed: "
       "rezzed, it is faceup, open information they know anyway"),
    _e(_NRP + "procedures.drawing.draw", "game.draws.append(event)", "swap statements",
       "nothing reads game.draws inside perform before a card is set aside (the interrupts "
       "of a draw come before it), and the cards set aside there are not moved again before "
       "the append"),
    _e(_NRP + "procedures.drawing.draw", "game.draws.remove(event)", "drop expr (orelse)",
       "a draw that did not take place set aside no card, and game.draws is asked only about "
       "set-aside cards (draw_holding, still_drawn): it is never found"),
    _e(_NRP + "procedures.damage.prevent_all", "event.prevent(by)", "swap statements",
       "the damage prevented is recorded with the amount, which preventing the damage "
       "leaves as it is; neither reads what the other writes"),
    *(
        _e(_NRP + "procedures.damage." + function, line, "swap statements", _INDEPENDENT)
        for function, line in (
            ("prevent_damage", "event.amount -= amount"),
            ("increase_damage", "event.amount += amount"),
            ("replace_damage", "event.damage_type, event.amount = damage_type, amount"),
            ("replace_damage", "event.replaced_by.append(by)"),
        )
    ),
    _e(_NRP + "procedures.damage.replace_damage", "event.replaced_by.append(by)",
       "drop expr (body)",
       "replaced_by is read only for an event replaced entirely (its status REPLACED), which "
       "replacing the damage's value and type never makes it"),
    _e(_NRP + "procedures.damage.first_imminent_this_run", "return None", "drop return (body)",
       "its one caller (Tori Hanzō's interrupt) asks only during a run on its server"),
    # procedures raised on 2026-11-27 evening (mutA)
    _e(_NRP + "procedures.searching.search", "if found is not None:", "swap statements",
       "adding the card found to the hand moves it from the set-aside zone and uses no "
       "randomness; the shuffle reorders the deck, which no longer holds it: " + _INDEPENDENT),
    _e(_NRP + "procedures.searching.search_for",
       "relocate(game, chosen, ZoneType.SET_ASIDE, None, faceup=True)", "swap statements",
       "found is a local list read only after the search's event is carried out: "
       + _INDEPENDENT),
    _e(_NRP + "procedures.turns.begin_turn", "game.history.begin_turn()", "swap statements",
       "the history's turn number and the active side: " + _INDEPENDENT),
    _e(_NRP + "procedures.rezzing.rez", "card.activated = game.activations",
       "swap statements",
       "placing recurring credits touches the card's counters and the log; when the card "
       "became active is read only by the uniqueness and console checkpoint, later: "
       + _INDEPENDENT),
    _e(_NRP + "procedures.rezzing.rez", "game.activations += 1", "1 -> 2",
       "the count is only compared (max in the uniqueness checkpoint: which card became "
       "active most recently), and it still grows with every install and rez"),
    _e(_NRP + "procedures.arranging.swap", "if _in_root(a) != _in_root(b):",
       "swap statements",
       "the two guards exclude each other (one needs the answers to differ, the other both "
       "true) and each returns: in either order the same one runs"),
    _e(_NRP + "procedures.arranging.swap", "if _in_root(a) and _in_root(b):", "-> or",
       "reached only when the two answers are equal (the guard before returned when they "
       "differ): for equal answers and and or agree"),
    _e(_NRP + "procedures.arranging.swap",
       "assert a.zone is not None and b.zone is not None", "-> or", _ASSERTED),
    _e(_NRP + "procedures.arranging.swap", "cards[ia], cards[ib] = b, a", "swap statements",
       "the card's place in the zone and its new object id: " + _INDEPENDENT),
    _e(_NRP + "procedures.arranging.look_and_arrange", "order.append(chosen)",
       "swap statements", "two local lists: " + _INDEPENDENT),
    # the run's own steps
    _e(_NRP + "procedures.runs.initiate", "parts.extend(extra)", "swap statements",
       _INDEPENDENT),
    _e(_NRP + "procedures.runs.initiation_formal_begin", "run.begun = True", "swap statements",
       "the run's begun flag is read only when a cost is paid during a run "
       "(costs.Credits), and performing the event that the run begins pays none"),
    # checks, strength and timing raised on 2026-11-27 evening (mutB)
    _e(_NRP + "procedures.strength._extended", "return False", "drop return (body)",
       "both callers only ask 'if _extended(...)': None is as false as False",
       after="return True"),
    *(
        _e(_NRP + "state.behaviour.CardBehaviour.active", line, change,
           "the one zone named inactive is the deck, and a card in a deck is never installed "
           "(relocate clears installed as a card leaves the play area), an identity or in a "
           "score area: the last return says False for it anyway")
        for line, change in (
            ("if card.zone is not None and card.zone_type in INACTIVE_ZONES:", "IsNot -> Is"),
            ("return False", "drop return (body)"),
        )
    ),
    _e(_NRP + "state.behaviour.CardBehaviour.agenda_points",
       "return self.card.facts.agenda_points or 0", "0 -> 1",
       "it is asked only of cards in a score area, which are all agendas (setup refuses any "
       "other card there, and scoring, stealing and Quantum Predictive Model's own move put "
       "only agendas there), and every agenda the engine implements has printed agenda "
       "points above 0: the 'or' never reaches its right side"),
    *(
        _e(_NRP + "timing.events.Event.__init__", "self.turn = 0", change,
           "an event's turn is read only of the events in the history (History.this_turn, and "
           "the cards that look back through it), and History.record sets it as it records "
           "the event, the first thing Timing.perform does")
        for change in ("drop assign (body)", "0 -> 1")
    ),
    _e(_NRP + "timing.events.History.__init__", "self.turn = 0", "0 -> 1",
       "a game's one History is made by Table.__init__, which begins turn 1 at once "
       "(begin_turn(1) sets the number whatever it was)"),
    _e(_NRP + "timing.events.History.record", "event.turn = self.turn", "swap statements",
       _INDEPENDENT),
    _e(_NRP + "timing.events.History.note_use", "self._uses[(self.turn, ability_key)] += 1",
       "1 -> 2",
       "every reader asks only whether an ability was used this turn (once per turn: "
       "uses_this_turn in an if, under not, or in bool()): 2 uses are as true as 1"),
    _e(_NRP + "timing.events.Event.replace", "self.replaced_by.append(by)", "drop expr (body)",
       "replaced_by is read only for an event replaced entirely (status REPLACED, "
       "Timing.perform), and the only events replaced in part, trashes (Harbinger's, "
       "Skorpios Defense Systems'), are never replaced entirely (only breaches and accesses "
       "are)"),
    *(
        _e(_NRP + "timing.events." + function, line, "swap statements", _INDEPENDENT)
        for function, line in (
            ("Event.replace", "self.replaced_by.append(by)"),
            ("Event.replace_entirely", "self.replaced_by.append(by)"),
            ("Event.replace_entirely", "self.status = Status.REPLACED"),
            ("Event.forbid", "self.forbidden_by = list(by)"),
        )
    ),
    *(
        _e(_NRP + "procedures.state_checks.check_states", line, change, reason)
        for line, change, reason in (
            ("enforce_limit(game)", "swap statements",
             "the memory limit trashes programs, the remote server limit Corp cards in "
             "servers: neither reads what the other writes"),
            ("score_seven(game)", "swap statements",
             "the uniqueness step trashes only active cards in play, which hold no agenda "
             "points, and a win only sets the winner, which that step does not read"),
            ("game.lingering = [effect for effect in game.lingering if effect.lasts()]",
             "drop assign (body)",
             "every reader of game.lingering asks effect.lasts() itself (Table.abilities, "
             "Table's subtype changes, memory_limit): an effect that no longer lasts counts "
             "for nothing whether it is dropped here or not"),
            ("game.lingering = [effect for effect in game.lingering if effect.lasts()]",
             "swap statements",
             "boosts are not lingering effects: expire_boosts reads game.boosts and the "
             "encounter, run and turn they were for, never game.lingering"),
            ("expire_boosts(game)", "swap statements",
             "boosts change the strength of icebreakers and ice, and agenda points are "
             "counted in the score areas: neither step reads what the other writes"),
            ("limit_unique_and_consoles(game)", "swap statements",
             "only ice forbids hosting, and no unique card or console is ice or hosted on "
             "ice: neither step finds a card the other trashes"),
            ("destroy_vacant(game)", "swap statements",
             "vacant positions are about the ice protecting servers, the breach's candidates "
             "about cards entering a root: neither reads what the other writes"),
        )
    ),
    # run-side procedures (mutrun)
    _e(_NRP + "procedures.run_ends.open_windows_closed", "run.window = None",
       "drop assign (body)", _RUN_ENDS_UNREAD_WINDOW),
    _e(_NRP + "procedures.run_ends.run_ends_bad_publicity",
       "lost = min(run.bad_publicity_credits, game.runner.credits)",
       "min(run.bad_publicity_credits, game.runner.credits) -> run.bad_publicity_credits",
       "the bad publicity credits left never exceed the Runner's pool: paying credits spends "
       "them first (costs.Credits.pay) and losing credits caps them (costs.lose_credits), so "
       "min() always picks them"),
    *(
        _e(_NRP + "procedures.run_ends.run_ends_bad_publicity",
           "run.bad_publicity_credits = 0", change, _RUN_ENDS_UNREAD_CREDITS)
        for change in ("drop assign (body)", "0 -> 1")
    ),
    _e(_NRP + "procedures.run_ends.declared_unsuccessful", "run.unsuccessful = True",
       "swap statements",
       "only run_complete reads run.unsuccessful (for its account of the run), after both; "
       "no ability the UnsuccessfulRun event meets reads it"),
    _e(_NRP + "procedures.run_ends.run_complete", 'run.next = ""', "drop assign (body)",
       "the run is no longer game.run: advance() and settle_run() stop there, and the one "
       "other reader of run.next (Inside Job's breach interrupt) first asks for game.run is run"),
    *(
        _e(_NRP + "procedures.targeting.where", line, change,
           "where() is asked only while targets are announced, and every target announced is "
           "read from a current object in a zone: the object is never gone")
        for line, change in (
            ("if card is None or card.zone is None:", "-> and"),
            ('return "a different place (it became a new object)"', "drop return (body)"),
        )
    ),
    *(
        _e(_NRP + "procedures.targeting.card_slot", "return False", change,
           "a card slot's targets are card references; one whose object is gone is checked "
           "only again at resolution (valid_now), where meets() refuses it as well")
        for change in ("drop return (body)", "False -> True")
    ),
    _e(_NRP + "procedures.targeting.counter_slot", "return host is not None and host_ok(host)",
       "-> or",
       "in_zone, checked first, has found the host present in the play area, where every card "
       "is installed (the operation being played hosts no counters): host_ok agrees"),
    _e(_NRP + "procedures.targeting._read", "taken[host.serial] = index + 1", "swap statements",
       _INDEPENDENT),
    *(
        _e(_NRP + "procedures.targeting._read", line, change, _NO_DECK_NAMES)
        for line, change in (
            ("if not 1 <= name <= len(deck):", "not (condition)"),
            ("if not 1 <= name <= len(deck):", "1 -> 2"),
            ("if not 1 <= name <= len(deck):", "LtE -> Gt"),
            ('raise IllegalChoice(f"{deck.name} has no card at position {name}")',
             "drop raise (body)"),
            ("targets.append(deck.cards[name - 1].ref())", "drop expr (body)"),
            ("targets.append(deck.cards[name - 1].ref())", "-> Add"),
            ("targets.append(deck.cards[name - 1].ref())", "1 -> 2"),
        )
    ),
    _e(_NRP + "procedures.targeting._read", "raise IllegalChoice(", "drop raise (body)",
       "unreachable in this card pool: every slot a player can give names for states only "
       "zones its chooser sees (the play area, Howler's HQ and Archives for the Corp, the "
       "Runner's heap)"),
    _e(_NRP + "procedures.targeting.announce_targets",
       'raise AssertionError(f"announcing {card.title} moved or turned it")',
       "drop raise (body)", _ASSERTED),
    *(
        _e(_NRP + "procedures.targeting.as_targets", line, "swap statements",
           "a name, a mapping and a sequence that is not a string are three kinds no value is "
           "two of: at most one of the tests returns, in either order")
        for line in (
            "if chosen is None or isinstance(chosen, str | int | NetrunnerCard):",
            "if isinstance(chosen, Mapping):",
        )
    ),
    _e(_NRP + "procedures.trigger_costs.keeping_hosted", "if counters or cards:",
       "swap statements",
       "the line logged is worded from what was counted before both statements, and setting "
       "a hosted card aside logs nothing (relocate() logs only for a card that hosts cards in "
       "turn, which no card hosted by such a source does): the game and its log end the same"),
    _e(_NRP + "procedures.trigger_costs.keeping_hosted", "for card in cards:",
       "swap statements", "relocate() does not read game.kept_hosted"),
    _e(_NRP + "procedures.trigger_costs.keeping_hosted", "del game.kept_hosted[source.serial]",
       "drop delete (finalbody)", _KEPT_FRESH),
    _e(_NRP + "procedures.trigger_costs.hosted_cards", "return hosted_on(game, card)",
       "drop return (body)", _KEPT_FRESH),
    _e(_NRP + "timing.interrupts.interrupt_window", "return", "drop return (body)",
       "the window of a forbidden event is over as it opens (over reads event.forbidden): no "
       "player receives priority in it, and nothing is replaced",
       after="event.forbid(forbidding)"),
    _e(_NRP + "timing.interrupts.interrupt_window",
       "return  # no one could act: nothing relevant now, and nothing can become so unused",
       "drop return (body)",
       "with no interrupt relevant, none is pending and no paid one applies: each player has "
       "nothing usable, passes at once, and nothing is logged"),
    _e(_NRP + "timing.interrupts.interrupt_window",
       "passed_in_a_row = 0 if acted else passed_in_a_row + 1", "0 -> 1",
       "a player's priority ends only when nothing is left usable for them (each ability is "
       "used, or declined and so done), and the other player's pass changes nothing: the "
       "priority the mutant skips would find nothing to use"),
    *(
        _e(_NRP + "timing.interrupts._Window." + function, line, "swap statements",
           _INDEPENDENT)
        for function, line in (
            ("usable", "self.done.add(key)"),
            ("_refuse", "self.refused[ability.key] = len(event.modified_by)"),
            ("trigger", "if not ability.paid:"),
            ("trigger", "self.used.add(ability.key)"),
        )
    ),
    _e(_NRP + "timing.interrupts._Window.trigger",
       "if not use or not timing._pay_for(ability, self.event, cost):", "swap statements",
       "a conditional interrupt is marked done whether it is then paid for and used or not, "
       "and a paid one is not marked either way: marking it before paying changes nothing, "
       "since paying does not read what is done"),
    _e(_NRP + "procedures.traces.link_value",
       'if card.owner != "runner" or behaviour is None or not behaviour.active:',
       "swap statements",
       "counting an identity's base link before asking whose card it is changes nothing: the "
       "Corp's identity has no base link (None, counted 0), and the Runner's is always active"),
    _e(_NRP + "procedures.traces.trace", "return successful", "drop return (body)",
       "every caller uses the trace for what it resolves (if_successful, if_unsuccessful, "
       "either_way), none for the answer"),
    *(
        _e(_NRP + "procedures.traces.expose_cards", line, change,
           "both callers (Satellite Uplink, Raymond Flint) pass only targets that still meet "
           "their requirement, an installed unrezzed card: every card is exposable")
        for line, change in (
            ("exposable = [c for c in cards if c.installed and c.rezzed is False]", "-> or"),
            ("return", "drop return (body)"),
        )
    ),
    _e(_NRP + "state.run_events.DetermineLimit.add", "self.additional += amount",
       "swap statements", _INDEPENDENT),
    _e(_NRP + "procedures.access._mid_access", "card.behaviour.persisted_in = server",
       "swap statements", _INDEPENDENT),
    *(
        _e(_NRP + "procedures.breaking.BreakAbility.cost", line, "swap statements",
           "no break ability has two of these parts (trashing itself, credits, clicks lost): "
           "the cost has the same one part in either order")
        for line in ("if self.trash_self and source is not None:", "if self.credits:")
    ),
    _e(_NRP + "procedures.breaking.break_subroutines", "own = current_strength(game, breaker) or 0",
       "0 -> 1", "every icebreaker has a strength: current_strength never answers None for one"),
    _e(_NRP + "procedures.breaking.break_subroutines", "uses = 1", "1 -> 2",
       "the one break-all-but ability (Grappling Hook) costs only trashing itself, which does "
       "not depend on how many times it is used"),
    *(
        _e(_NRP + "procedures.encounters.approach_complete", "run.approaching = None", change,
           "run.approaching is read only during the Approach Ice Phase (progress."
           "_being_approached asks for it), which this step ends, and approach_begins sets it "
           "afresh before the next approach")
        for change in ("drop assign (body)", "swap statements")
    ),
    _e(_NRP + "procedures.encounters.approach_complete", "if ice is not None and ice.rezzed:",
       "swap statements",
       "the branch sets run.next itself and returns: setting it to the Movement Phase first "
       "changes nothing"),
    _e(_NRP + "procedures.encounters.encounter_begins",
       "assert run.position is not None and run.position.ice is not None", "-> or", _ASSERTED),
    _e(_NRP + "procedures.encounters.resolve_subroutine", 'run.next = "step_resolve_subroutine"',
       "drop assign (body)",
       "the step is carried out only when run.next already names it (runs.advance looks it up "
       "there): the assignment restates it"),
    _e(_NRP + "procedures.encounters.resolve_subroutine",
       "if ice is not None and ice.behaviour is not None and run.sub_targets:", "-> or",
       "the encountered ice is still there with its behaviour whenever this step runs (an ice "
       "that leaves ends the encounter and sends the run to the Movement Phase), and with no "
       "targets given no number is unknown: the check finds nothing either way"),
    _e(_NRP + "procedures.encounters.resolve_next",
       "if ice is None or ice.rezzed is False or encounter.over:", "-> and", _ENCOUNTER_OVER),
    *(
        _e(_NRP + "procedures.encounters.resolve_next", "return False", change, _ENCOUNTER_OVER,
           after="if ice is None or ice.rezzed is False or encounter.over:")
        for change in ("drop return (body)", "False -> True")
    ),
    _e(_NRP + "procedures.encounters.resolve_next", "return False", "drop return (body)",
       _FALSE_AS_NONE, after="return True"),
    _e(_NRP + "procedures.encounters.nested_window", "plans, game.plans = list(game.plans), []",
       "swap statements", _INDEPENDENT),
    *(
        _e(_NRP + "procedures.encounters.nested_window", "encounter.in_window = False", change,
           "in_window is read only by breaking, which the planned actions do inside the window; "
           "after it no player can act until the forced encounter, inside an instruction "
           "still resolving, is over")
        for change in ("drop assign (finalbody)", "False -> True")
    ),
)
