"""Hosting: cards installed on other cards, which go wherever their host goes.

A hosted card's location is its host (``rule_hosted_object_location``), so it
stays hosted however the host is moved within the play area.  When the host
leaves the play area, what it hosts has nowhere to be: it is trashed, and no
ability can prevent that (:func:`~rulesref.games.netrunner.procedures.movements.host_leaves_play`,
part of every change of zone).  Whether a card can be a host, and of what and how
many, is the host's own ability; it is checked as the install destination is
declared (``rule_steps_installing_destination``).  A filler card's abilities
are not modelled, so it is never treated as a host (nor as a card that cannot
host): the game refuses with
:class:`~rulesref.games.netrunner.errors.UnimplementedCard`.
"""

from __future__ import annotations

from rulesref.engine.errors import IllegalAction
from rulesref.games.netrunner.errors import UnimplementedCard
from rulesref.games.netrunner.state.behaviour import CardBehaviour, Filler
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.table import Table
from rulesref.games.netrunner.state.zones import ZoneType


class Host(CardBehaviour):
    """A card whose ability lets it host cards."""

    #: How many cards it can host at once (``None``: no limit).
    hosting_limit: int | None = None

    def can_host(self, card: NetrunnerCard) -> str | None:
        """Why this card cannot host ``card`` (``None``: it can)."""
        return None

    def frees_memory(self, card: NetrunnerCard) -> bool:
        """Whether the memory cost of hosted ``card`` does not count against the limit."""
        return False

    def install_discount(self, card: NetrunnerCard) -> int:
        """How much less ``card`` costs to install when it is installed onto this card."""
        return 0


class HostedOnly:
    """Mixed into the behaviour of a card whose own ability says what it is installed on
    (a program installed on a piece of ice): it, not the host, decides."""

    def host_refusal(self, host: NetrunnerCard) -> str | None:
        """Why ``host`` cannot host this card (``None``: it can)."""
        return None


class CannotHost:
    """Mixed into the behaviour of a card with the active ability "cannot host cards"."""


def forbids_hosting(host: NetrunnerCard) -> bool:
    behaviour = host.behaviour
    return (
        isinstance(behaviour, CannotHost)
        and isinstance(behaviour, CardBehaviour)
        and (behaviour.active)
    )


def hosted_on(game: Table, host: NetrunnerCard) -> list[NetrunnerCard]:
    return [c for c in game.zones.get(ZoneType.PLAY_AREA).cards if c.host is host]


def check_host(game: Table, card: NetrunnerCard, host: NetrunnerCard) -> None:
    """Refuse a host that cannot take ``card`` as the destination is declared."""
    if forbids_hosting(host):
        raise IllegalAction(
            f"{card.title} cannot be installed on {host.title}: it cannot host cards",
            "rule_steps_installing_destination",
        )
    own = card.behaviour
    if isinstance(own, HostedOnly):
        refusal = own.host_refusal(host)
        if refusal is not None:
            raise IllegalAction(
                f"{card.title} cannot be installed on {host.title}: {refusal}",
                "rule_steps_installing_destination",
            )
        return
    behaviour = host.behaviour
    if isinstance(behaviour, Filler):
        raise UnimplementedCard(host.title, "is filler: its hosting abilities are not modelled")
    if not host.installed or not isinstance(behaviour, Host) or not behaviour.active:
        raise IllegalAction(
            f"{host.title} cannot host {card.title}: it is not an installed, active card "
            "that can host cards",
            "rule_steps_installing_destination",
        )
    reason = behaviour.can_host(card)
    if reason is None and behaviour.hosting_limit is not None:
        already = hosted_on(game, host)
        if len(already) >= behaviour.hosting_limit:
            reason = f"it can host {behaviour.hosting_limit} and already hosts " + ", ".join(
                c.title for c in already
            )
    if reason is not None:
        raise IllegalAction(
            f"{host.title} cannot host {card.title}: {reason}", "rule_steps_installing_destination"
        )


def host_on(game: Table, card: NetrunnerCard, host: NetrunnerCard, *, cause: str) -> None:
    """A card ability hosts the installed ``card`` on ``host``: it stays installed, and
    goes wherever its host goes from now on."""
    check_host(game, card, host)
    card.host = host
    game.log.record(
        ("rule_host_relationship", "rule_hosted_object_location"),
        f"{cause}: {card.title} is now hosted on {host.title} ({host.location})",
    )
