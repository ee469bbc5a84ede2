"""What counts as a seed's words, shared by the nothing-lost tests (model and HTML).

Only markup noise is exempt: list-number placeholders, ``&nbsp;``, the
HelpNDoc footer and the ``Example:`` labels the site shows as labels.
"""

from __future__ import annotations

import re
from collections import Counter


def words(text: str) -> Counter[str]:
    return Counter(re.findall(r"[^\W_]+", text.casefold()))


def markdown_outline_source(text: str) -> str:
    # List markers ("1." everywhere) are numbering placeholders; the heading
    # number is kept as the section's number.
    return re.sub(r"(?m)^[ \t]*(?:[0-9]+[.)][ \t]+|#+[ \t]*)", "", text)


def helpndoc_source(text: str) -> str:
    text = re.sub(r"(?ms)^\*\*\*\n_Created with the Personal Edition of HelpNDoc.*", "", text)
    text = text.replace("&nbsp;", " ")
    text = re.sub(r"(?m)^[ \t]*(?:[0-9]+[.)][ \t]+|#+[ \t]*)", "", text)
    return re.sub(r"(?m)^[*_]*Example:", "", text)  # the example label


def plain_text_source(text: str) -> str:
    return re.sub(r"(?m)^Examples?:", "", text)  # the example label


CLEANERS = {
    "technomancy": ("technomancy_game_rules.md", markdown_outline_source),
    "targets-and-costs": ("targets_and_costs.helpndoc.md", helpndoc_source),
    "netrunner-1996": ("card_effects_and_costs.txt", plain_text_source),
}
