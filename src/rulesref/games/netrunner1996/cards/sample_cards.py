"""Invented cards for the scenarios, one per point the excerpt makes.

The texts are paraphrases written for this project, not the text of real cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from rulesref.games.netrunner1996.procedures.effects import advance_by_effect, draw, rez_by_effect
from rulesref.games.netrunner1996.procedures.keywords import KEYWORDS, stolen_this_turn_with_keyword
from rulesref.games.netrunner1996.procedures.runs import make_run
from rulesref.games.netrunner1996.state.costs import Cost
from rulesref.games.netrunner1996.state.objects import (
    END_THE_RUN,
    Ability,
    Breaker,
    Card,
    CardDefinition,
    CardType,
    Side,
)
from rulesref.games.netrunner1996.state.table import Table

CORP, RUNNER = Side.CORP, Side.RUNNER


def _overtime_surge(game: Table, card: Card) -> None:
    advance_by_effect(game, card, total=4)


def _wake_the_sentries(game: Table, card: Card) -> None:
    rez_by_effect(game, card)


def _backdoor_loop(game: Table, card: Card) -> None:
    make_run(game, "Archives", access_instead="HQ")


def _deep_dive(game: Table, card: Card) -> None:
    draw(game, RUNNER, 3)


def _research_annex(game: Table, card: Card) -> None:
    draw(game, CORP, 2)


def _leaked_dossier(game: Table, card: Card) -> None:
    if stolen_this_turn_with_keyword(game, "Black Ops"):
        game.sides[RUNNER].points += 1
        game.log.record(KEYWORDS, "Leaked Dossier scores the Runner 1 agenda point")
    else:
        game.log.record(KEYWORDS, "no Black Ops agenda stolen this turn: no point")


#: The cards the engine knows, by title: what scenarios may give each side.
SAMPLE_CARDS: Mapping[str, CardDefinition] = MappingProxyType(
    {
        d.title: d
        for d in [
            # --- Corp
            CardDefinition(
                "Project Nightfall",
                CORP,
                CardType.AGENDA,
                keywords=("Black Ops",),
                agenda_points=2,
            ),
            CardDefinition(
                "Black Ops Budget Review",
                CORP,
                CardType.AGENDA,
                keywords=("Bureaucracy",),
                agenda_points=1,
            ),
            CardDefinition(
                "Quiet Merger", CORP, CardType.AGENDA, keywords=("Corporate",), agenda_points=2
            ),
            CardDefinition(
                "Overtime Surge",
                CORP,
                CardType.OPERATION,
                keywords=("Transaction",),
                play_cost=2,
                text="Place 4 advancement counters, split as you like among installed cards "
                "that can be advanced.",
                on_play=_overtime_surge,
            ),
            CardDefinition(
                "Wake the Sentries",
                CORP,
                CardType.OPERATION,
                keywords=("Security",),
                play_cost=1,
                text="Rez a piece of ice.",
                on_play=_wake_the_sentries,
            ),
            CardDefinition(
                "Tripwire Node",
                CORP,
                CardType.NODE,
                keywords=("Ambush",),
                rez_cost=1,
                advanceable=True,
                text="Tripwire Node can be advanced.",
            ),
            CardDefinition(
                "Research Annex",
                CORP,
                CardType.NODE,
                keywords=("Facility",),
                rez_cost=1,
                text="Action, 1 bit: draw 2 cards.",
                abilities=(Ability("Action, 1 bit: draw 2 cards.", Cost(1, 1), _research_annex),),
            ),
            CardDefinition(
                "Data Wall",
                CORP,
                CardType.ICE,
                keywords=("Wall",),
                rez_cost=3,
                text="Subroutine: end the run.",
                subroutines=(END_THE_RUN,),
            ),
            # --- Runner
            CardDefinition(
                "Backdoor Loop",
                RUNNER,
                CardType.PROGRAM,
                keywords=("Noisy",),
                text="Action: run on Archives; if successful, access nothing there and treat the "
                "run as a successful run on HQ.",
                abilities=(
                    Ability(
                        "Action: run on Archives; if successful, "
                        "treat it as a successful run on HQ.",
                        Cost(actions=1),
                        _backdoor_loop,
                    ),
                ),
            ),
            CardDefinition(
                "Deep Dive Rig",
                RUNNER,
                CardType.PROGRAM,
                keywords=("Utility",),
                text="Action, action, 1 bit: draw 3 cards.",
                abilities=(
                    Ability("Action, action, 1 bit: draw 3 cards.", Cost(2, 1), _deep_dive),
                ),
            ),
            CardDefinition(
                "Leaked Dossier",
                RUNNER,
                CardType.PREP,
                keywords=("Liberation",),
                text="Score 1 agenda point if you stole a Black Ops agenda this turn.",
                on_play=_leaked_dossier,
            ),
            CardDefinition("Spare Cycles", RUNNER, CardType.PREP, text="No effect."),
            CardDefinition(
                "Wire Cutter",
                RUNNER,
                CardType.PROGRAM,
                keywords=("Noisy", "Breaker"),
                text="1 bit: break a subroutine of a Wall.",
                breaker=Breaker("Wall", Cost(bits=1)),
            ),
        ]
    }
)
