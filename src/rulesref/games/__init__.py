"""Games built on :mod:`rulesref.engine`: each defines its zones, events, procedures and cards."""
