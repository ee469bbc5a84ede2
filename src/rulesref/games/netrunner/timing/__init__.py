"""Netrunner's timing structure: events, abilities, checkpoints, costs and targets.

An event is imminent (interrupts may prevent or replace it), then occurs and
meets conditions; at the next checkpoint the abilities it met are pending, and
the players resolve them.  A cost is paid all at once or not at all; targets are
announced before an instruction becomes imminent.  These are the mechanisms every
procedure and card of the game builds on; each step cites its rule through the
game's citation table (:mod:`rulesref.games.netrunner.rules`).  They know nothing
of Netrunner's cards, zones or players, only what a game hands them, and live in
this game because it is the one whose rules have them in this shape (Technomancy's
triggers go on a stack; 1996 pays actions and bits).
"""
