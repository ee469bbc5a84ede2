"""What each paid ability window of a run lets the Corp rez.

Every window lets the players use paid abilities.  The windows of the Initiation
Phase, of approaching ice, and of the Movement Phase after the Runner moved inward
also let the Corp rez cards that are not ice; the window of approaching a piece of
ice is the only one that lets the Corp rez ice, and only that piece of ice.  The
encounter's window and the one before the Runner may jack out let nobody rez
anything.  Rezzing through a card ability is not limited by windows.
"""

from __future__ import annotations

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.runs import Window
from rulesref.games.netrunner.state.table import Table

#: The step that opens each window.
STEP_OF = {
    Window.INITIATION: "step_initiation_paw",
    Window.APPROACH_ICE: "step_approach_paw",
    Window.ENCOUNTER_ICE: "step_encounter_paw",
    Window.MOVEMENT: "step_before_jack_out_paw",
    Window.MOVED: "step_after_jack_out_paw",
}
#: The windows in which the Corp may rez cards that are not ice.
REZ_WINDOWS = (Window.INITIATION, Window.APPROACH_ICE, Window.MOVED)


def check_rez(game: Table, card: NetrunnerCard) -> str | None:
    """Rezzing by the Corp's own choice (not through a card ability) during a run: which
    windows allow which cards.  Returns the reason it is allowed."""
    run = game.run
    if run is None or not run.phased or card.side != "corp" or not card.installed:
        return None
    window = run.window
    if window is None:
        raise IllegalAction(
            f"the run on {run.server} is not in a paid ability window", "rule_rez_in_paw"
        )
    step = STEP_OF[window]
    if window not in REZ_WINDOWS:
        raise IllegalAction(
            f"{card.title} cannot be rezzed in this paid ability window ({window}): in it the "
            "players may only use paid abilities",
            f"rule_rez_in_paw, {step}",
        )
    if not card.is_a("ice"):
        return f"this paid ability window ({window}) allowed the Corp to rez {card.title}"
    if window is not Window.APPROACH_ICE:
        raise IllegalAction(
            f"{card.title} cannot be rezzed in this paid ability window ({window}): only the "
            "window of approaching a piece of ice lets the Corp rez ice, and only that ice",
            f"rule_rez_in_paw, {step}",
        )
    if run.approached is not card:
        which = "the approached ice" if run.approached is None else run.approached.title
        raise IllegalAction(
            f"{card.title} cannot be rezzed in the approach ice paid ability window: only "
            f"the ice being approached ({which}) can",
            "rule_rez_in_paw, rule_rez_ice_restriction",
        )
    return (
        f"the approach paid ability window allowed the Corp to rez {card.title}, the approached ice"
    )
