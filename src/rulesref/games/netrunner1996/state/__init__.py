"""What the 1996 rules act on: cards, their printed costs, the two sides and the table."""
