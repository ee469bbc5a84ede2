"""Technomancy's procedures, one module per section of the rules, each taking the table:
turns and phases (3.3), priority and the stack (3.4), playing cards (3.5, 3.6), layers
(6.2), the game actions cards call, the names the trace gives cards, and setup."""
