"""Card behaviours, one module per card type.

A card is defined one way: a behaviour class per title, registered with
:func:`~rulesref.games.netrunner.cards.base.implements` and made of the shared
vocabulary :mod:`~rulesref.games.netrunner.cards.base` gathers.
:mod:`~rulesref.games.netrunner.cards.catalog` imports every card module, which
registers them, and is the lookup the game hands its table.
"""
