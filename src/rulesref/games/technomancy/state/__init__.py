"""What the Technomancy rules act on: card definitions and objects, the kinds of ability
a card prints (as data), scrip, phases, modes, continuous effects, and the table that holds
the game's state, log and decisions.  Nothing here carries out a rule."""
