"""``python -m rulesref``: the same command as the ``rulesref`` script, for an
interpreter whose scripts folder is not on the PATH."""

from rulesref.cli import main

raise SystemExit(main())
