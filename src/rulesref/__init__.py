"""rulesref: card-game Comprehensive Rules as a cross-linked site and an executable engine."""

__version__ = "0.1.0"
