"""The rules' procedures, one module per section of the rules.

Each function takes the table (:class:`~rulesref.games.netrunner.state.table.Table`)
and carries out one procedure (install, rez, draw, trash, a run's phases ...),
citing the rules it applies; none imports the game facade or a card, so the
rules are written once and every card reaches them the same way.
"""
