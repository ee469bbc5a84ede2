"""Two lines other extensions print on every build that say nothing to act on.

A build's output is read for its warnings; lines printed on every build
whatever the project does teach readers to skip it.  Each is dropped here
only where it says nothing, with the reason:

* MyST-Parser (5.2) logs its whole configuration (``myst vX: MdParserConfig(...)``,
  one long line) at ``builder-inited`` as information, unconditionally: no
  setting turns it off.  It is kept at ``-v`` (verbosity above 0), where a
  reader asks for detail.
* sphinxext-opengraph (0.13) ``print``\\ s "matplotlib is not installed, social
  cards will not be generated" when the module is imported, before it reads
  any setting, so ``ogp_social_cards = {"enable": False}`` (what
  :func:`rulesref.site.reader_settings` sets) does not stop it.  Where the
  project disables social cards, the module is imported here first with that
  one line swallowed; anything else it prints is printed.  Where cards are
  enabled, the line stays: then it is news.

``rulesref.sphinx`` is listed before ``sphinxext.opengraph`` in both the
repository's ``docs/conf.py`` and the generated project (:mod:`rulesref.site`),
so this runs first.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import logging
import sys

from sphinx.application import Sphinx

#: The logger of MyST's configuration line (Sphinx prefixes ``sphinx.``).
MYST_LOGGER = "sphinx.myst_parser.sphinx_ext.main"
OPENGRAPH = "sphinxext.opengraph"
#: What sphinxext-opengraph prints when matplotlib is missing.
NO_MATPLOTLIB = "matplotlib is not installed, social cards will not be generated"


class _NoMystConfigDump(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not (
            record.levelno == logging.INFO
            and isinstance(record.msg, str)
            and "myst v" in record.msg
            and "MdParserConfig" in record.getMessage()
        )


_FILTER = _NoMystConfigDump()


def quiet_myst(app: Sphinx) -> None:
    logger = logging.getLogger(MYST_LOGGER)
    if app.verbosity > 0:
        logger.removeFilter(_FILTER)
    elif _FILTER not in logger.filters:
        logger.addFilter(_FILTER)


def social_cards_disabled(app: Sphinx) -> bool:
    # Read from conf.py's values: sphinxext-opengraph has not registered its
    # settings yet (that happens when it is set up, after this).
    cards = getattr(app.config, "_raw_config", {}).get("ogp_social_cards")
    return isinstance(cards, dict) and cards.get("enable") is False


def import_opengraph_quietly(app: Sphinx) -> None:
    """Import sphinxext-opengraph before Sphinx does, without its matplotlib note."""
    if (
        OPENGRAPH not in app.config.extensions
        or OPENGRAPH in sys.modules
        or not social_cards_disabled(app)
    ):
        return
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            importlib.import_module(OPENGRAPH)
    except ImportError:
        pass  # Sphinx reports it when it loads the extension
    finally:
        for line in printed.getvalue().splitlines():
            if line.strip() != NO_MATPLOTLIB:
                print(line)


def setup(app: Sphinx) -> None:
    quiet_myst(app)
    import_opengraph_quietly(app)
