"""The excerpt's procedures, one module per rule they follow; each takes the table."""
