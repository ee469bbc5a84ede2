"""Card behaviours, one module per card type.

:mod:`~rulesref.games.netrunner.cards.catalog` imports them all, which registers
them; the registry is loaded the first time a game asks for a card.
"""
