"""``python -m rulesref.cli``: the ``rulesref`` command without its script, for
a checkout or a venv whose ``bin`` is not on the PATH."""

from rulesref.cli import main

raise SystemExit(main())
