"""What the rules act on: cards as objects, zones, players, servers, the run in
progress, lasting strength changes and the table that holds them all.

Nothing here carries out a rule; the state answers questions (where is this
card? which abilities are in force? what does this cost after modifiers?) and
the procedures change it.  It imports only the timing layer below it.
"""
