"""Breaching a server, as the rulebook's steps of breaching a server write them.

The breach begins ("instead of breaching" effects may replace it whole);
breaching Archives turns every facedown card in it faceup; breaching HQ or R&D
fixes the random access limit (1, plus what abilities that let the Runner "access
additional cards" add now); the Runner chooses a candidate, accesses it, and
chooses again, until there is no candidate left; then the breach is complete.

Candidates are worked out afresh for every choice: the cards in the root of the
server (as the breach began, or entered since and declared candidates by the
Runner), and for a central server the cards of its zone - every card in HQ (chosen
at random, as one option), the topmost eligible card of R&D, every card in Archives -
less every object already chosen and every object the Runner is prohibited from
accessing.  Once the Runner has chosen from HQ or R&D as many times as the limit, no
card of that zone is a candidate any more.  A server breached while another breach
is under way is breached when that one ends.
"""

from __future__ import annotations

from rulesref.engine.decisions import YES, Decision, Option, yes_no
from rulesref.games.netrunner.procedures.access import access
from rulesref.games.netrunner.procedures.choices import card_option
from rulesref.games.netrunner.state.breaches import BreachState, Prohibition
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.run_events import Breach, BreachEnds, DetermineLimit
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import ZoneType
from rulesref.games.netrunner.timing.abilities import Conditional, Interrupt
from rulesref.games.netrunner.timing.events import Event

#: The zone of each central server.
ZONE_OF = {"HQ": ZoneType.HAND, "R&D": ZoneType.DECK, "Archives": ZoneType.DISCARD}
#: The option that stands for a random card from HQ.
RANDOM_FROM_HQ = "a random card from HQ"


class _DelayedBreach(Conditional):
    """A breach called for while another is under way: it waits for that one to end,
    as a conditional ability the Runner controls."""

    def __init__(
        self,
        game: Table,
        server: str,
        waiting_for: BreachState,
        cause: str,
        prohibitions: list[Prohibition],
    ) -> None:
        super().__init__(f"the breach of {server} ({cause})", "runner")
        self.game = game
        self.server = server
        self.waiting_for = waiting_for
        self.cause = cause
        self.prohibitions = prohibitions

    def is_met_by(self, event: Event) -> bool:
        return isinstance(event, BreachEnds) and event.breach is self.waiting_for

    def resolve(self, event: Event) -> None:
        breach_server(self.game, self.server, cause=self.cause, prohibitions=self.prohibitions)


def breach_server(
    game: Table,
    server: str,
    *,
    rules: tuple[str, ...] = (),
    cause: str | None = None,
    prohibitions: list[Prohibition] | None = None,
) -> None:
    """The Runner breaches ``server`` (by a run's Success Phase, or a card's ability)."""
    extra = list(prohibitions or [])
    under_way = next((b for b in game.breaching if not b.over), None)
    if under_way is not None:
        game.log.record(
            "rule_consecutive_breaches",
            f"{server} would be breached during the breach of {under_way.server}: instead it "
            "is breached when that breach ends",
        )
        game.timing.add_delayed(_DelayedBreach(game, server, under_way, cause or "a breach", extra))
        return
    how = f" ({cause})" if cause else ""
    game.timing.perform(
        Breach("runner", server),
        lambda: _breach(game, server, extra),
        rules=(*rules, "step_breaching_begins", "rule_breaching_servers"),
        announce=f"Runner breaches {server}{how}",
    )
    game.timing.settle()


def _breach(game: Table, server: str, prohibitions: list[Prohibition]) -> None:
    state = BreachState(server, prohibitions=list(prohibitions))
    state.root = [c.ref() for c in game.server_record(server).root]
    game.breaching.append(state)
    try:
        if server == "Archives":
            _flip_archives(game)
        if server in ("HQ", "R&D"):
            _determine_limit(game, state)
        while not state.over and game.winner is None:
            card = _choose(game, state)
            if card is None:
                break
            access(game, card, rules=("step_access_candidate",))
    finally:
        game.breaching.remove(state)
    game.timing.perform(
        BreachEnds(server, state),
        lambda: None,
        rules=("step_breach_complete",),
        announce=f"the breach of {server} is complete",
    )


def _flip_archives(game: Table) -> None:
    facedown = [c for c in game.zones.get(ZoneType.DISCARD, "corp").cards if c.facedown]
    for card in facedown:
        card.faceup = True
    game.log.record(
        ("step_flip_archives", "rule_breaching_archives"),
        f"every facedown card in Archives is turned faceup ({len(facedown)})",
    )


def _determine_limit(game: Table, state: BreachState) -> None:
    event = DetermineLimit(state.server)
    game.timing.perform(event, lambda: None, quiet=True)
    state.limit = event.limit
    added = "".join(f" + {amount} ({source})" for source, amount in event.sources)
    game.log.record(
        (
            "step_determine_candidates_limit",
            "rule_random_access_limit",
            "rule_default_random_access_limit",
        )
        + (("rule_increasing_random_access_limit",) if event.sources else ()),
        f"the random access limit of this breach of {state.server} is 1{added} = {state.limit}; "
        "it will not change during the breach",
    )
    game.timing.settle()


def prohibited(game: Table, state: BreachState, card: NetrunnerCard) -> Prohibition | None:
    """What prohibits the Runner from accessing ``card``, if anything does."""
    run = game.run
    lasting = [] if run is None else [e.value for e in run.effects_of("prohibit access")]
    for prohibition in [*state.prohibitions, *lasting]:
        assert isinstance(prohibition, Prohibition)
        if prohibition.forbids(card):
            return prohibition
    return None


def _zone_open(game: Table, state: BreachState) -> bool:
    return state.limit is None or state.chosen_from_zone < state.limit


def candidates(game: Table, state: BreachState) -> tuple[list[NetrunnerCard], list[NetrunnerCard]]:
    """The candidates now: those the Runner names (root cards, Archives, the top of R&D)
    and the cards of HQ (one of which is chosen at random)."""
    server = game.server_record(state.server)
    refused: dict[str, list[str]] = {}

    def eligible(card: NetrunnerCard) -> bool:
        if state.was_chosen(card):
            return False
        reason = prohibited(game, state, card)
        if reason is not None:
            refused.setdefault(reason.source, []).append(card.title)
            return False
        return True

    named = [
        c
        for c in server.root
        if any(r.current is c for r in [*state.root, *state.declared]) and eligible(c)
    ]
    hidden: list[NetrunnerCard] = []
    kind = ZONE_OF.get(state.server)
    zone = [] if kind is None else list(game.zones.get(kind, "corp").cards)
    if kind is ZoneType.DISCARD:
        named += [c for c in zone if eligible(c)]
    elif kind is not None and _zone_open(game, state):
        if kind is ZoneType.HAND:
            hidden = [c for c in zone if eligible(c)]
        else:
            top = next((c for c in zone if eligible(c)), None)
            named += [] if top is None else [top]
    for source, titles in refused.items():
        game.log.record(
            "rule_prohibiting_access",
            f"{source}: the Runner is prohibited from accessing {len(titles)} card"
            f"{'' if len(titles) == 1 else 's'}, which cannot be candidates",
        )
    return named, hidden


def _choose(game: Table, state: BreachState) -> NetrunnerCard | None:
    named, hidden = candidates(game, state)
    if not named and not hidden:
        reached = state.limit is not None and state.chosen_from_zone >= state.limit
        game.log.record(
            ("step_choose_candidate",)
            + (("rule_after_reaching_random_access_limit",) if reached else ()),
            "no candidates are left"
            + (f" (the random access limit of {state.limit} is reached)" if reached else ""),
        )
        return None
    options = [card_option(game, "runner", c) for c in named]
    if hidden:
        options.append(
            Option(
                f"{RANDOM_FROM_HQ} ({len(hidden)} candidates)",
                RANDOM_FROM_HQ,
                names=(RANDOM_FROM_HQ, "HQ"),
            )
        )
    if len(options) == 1:
        chosen = options[0].value
    else:
        decision = Decision(
            "runner", "which candidate do you access next?", "step_choose_candidate", tuple(options)
        )
        chosen = game.timing.ask(decision).value
    rules: tuple[str, ...] = (
        "step_choose_candidate",
        "rule_candidates_presented",
        "rule_candidates_already_accessed",
    )
    if chosen == RANDOM_FROM_HQ:
        card = game.rng.choice(hidden)
        state.chosen_from_zone += 1
        rules += (
            "rule_candidates_in_hq",
            "rule_candidates_breaching_hq",
            "rule_counting_candidates_during_breach",
        )
        text = (
            f"the Runner chooses a random card from HQ ({state.chosen_from_zone} of {state.limit})"
        )
    else:
        assert isinstance(chosen, NetrunnerCard)
        card = chosen
        if card.zone_type is ZoneType.DECK:
            state.chosen_from_zone += 1
            rules += (
                "rule_rnd_topmost_eligibile_candidate",
                "rule_counting_candidates_during_breach",
            )
            text = (
                "the Runner chooses the top eligible card of R&D "
                f"({state.chosen_from_zone} of {state.limit})"
            )
        else:
            in_archives = card.zone_type is ZoneType.DISCARD
            rules += (
                ("rule_candidates_in_archives",)
                if in_archives
                else ("rule_candidates_in_server_root",)
            )
            text = f"the Runner chooses {card_option(game, 'runner', card).label}"
    state.chosen.append(card.ref())
    game.log.record(rules, f"{text}: it is no longer a candidate")
    return card


def declare_entering_root(game: Table) -> None:
    """At a checkpoint: for each card that entered the root of a server being breached, the
    Runner declares whether it becomes a candidate."""
    for state in game.breaching:
        known = [*state.root, *state.declared, *state.declined]
        for card in game.server_record(state.server).root:
            if any(r.current is card for r in known):
                continue
            question = f"does {card_option(game, 'runner', card).label} become a candidate?"
            rule = "step_checkpoint_card_entering_root_during_breach"
            wanted = game.timing.ask(yes_no("runner", question, rule))
            (state.declared if wanted is YES else state.declined).append(card.ref())


class _AccessMore(Interrupt):
    """ "Access N additional cards when you breach <server>" for the rest of a run: it adds
    to the random access limit as it is determined."""

    def __init__(self, game: Table, run: object, server: str, amount: int, source: str) -> None:
        super().__init__(source, "runner")
        self.game, self.run, self.server, self.amount = game, run, server, amount

    def applies_to(self, event: Event) -> bool:
        return (
            isinstance(event, DetermineLimit)
            and event.server == self.server
            and self.game.run is self.run
        )

    def interrupt(self, event: Event) -> None:
        assert isinstance(event, DetermineLimit)
        event.add(self.label, self.amount)


def access_additional(game: Table, server: str, amount: int, *, source: str) -> None:
    """For the rest of the run in progress, the Runner accesses ``amount`` additional cards
    when they breach ``server``."""
    run = game.require_run()
    game.linger(_AccessMore(game, run, server, amount, source), lambda: game.run is run)
    game.log.record(
        "rule_increasing_random_access_limit",
        f"{source}: the Runner will access {amount} additional card{'s' if amount != 1 else ''} "
        f"when they breach {server} this run",
    )
