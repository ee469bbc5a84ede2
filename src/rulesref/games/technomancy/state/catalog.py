"""The card catalogue: every card name means exactly one card (rule 5.1)."""

from __future__ import annotations

from collections.abc import Iterable

from rulesref.games.technomancy.errors import IllegalAction
from rulesref.games.technomancy.state.objects import CardDefinition


class CardCatalog:
    """Card definitions by name. A second, different card under a known name is refused,
    because decks, targets and the log all name cards and must mean one card by it.
    A catalogue never changes once built; :meth:`extended` makes a bigger one."""

    def __init__(self, definitions: Iterable[CardDefinition] = ()) -> None:
        self._by_name: dict[str, CardDefinition] = {}
        for d in definitions:
            self._add(d)

    def _add(self, definition: CardDefinition) -> None:
        known = self._by_name.get(definition.name)
        if known is not None and known != definition:
            raise IllegalAction(
                f"every card has a singular unique name: {definition.name!r} is taken", "tm_5_1"
            )
        self._by_name[definition.name] = definition

    def extended(self, definitions: Iterable[CardDefinition]) -> CardCatalog:
        """A new catalogue with more cards, leaving this one untouched."""
        return CardCatalog([*self._by_name.values(), *definitions])

    def __getitem__(self, name: str) -> CardDefinition:
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"no card named {name!r}") from None

    def __contains__(self, name: object) -> bool:
        return name in self._by_name
