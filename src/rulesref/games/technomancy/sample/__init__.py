"""The invented Technomancy cards, one module per card family, and the effects they share."""
