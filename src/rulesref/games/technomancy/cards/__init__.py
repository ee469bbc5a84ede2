"""The sample cards: invented cards, one per point the seed rulebook makes, each built from
the ability kinds of :mod:`rulesref.games.technomancy.state.abilities` and the effects of
:mod:`rulesref.games.technomancy.cards.effects`."""
