"""The events of runs, encounters and breaches: what conditions about a run, an
encounter or a breach are met by."""

from __future__ import annotations

from rulesref.games.netrunner.state.events import NetrunnerEvent
from rulesref.games.netrunner.state.objects import NetrunnerCard
from rulesref.games.netrunner.state.runs import IceEncounter


class Breach(NetrunnerEvent):
    kind = "breach"

    def __init__(self, player: str, server: str) -> None:
        super().__init__(player)
        self.server = server

    def describe(self) -> str:
        return f"Runner breaches {self.server}"


class DetermineLimit(NetrunnerEvent):
    """The random access limit of a breach of HQ or R&D is being determined: abilities
    that let the Runner access additional cards add to it now."""

    kind = "random access limit"

    def __init__(self, server: str) -> None:
        super().__init__("runner")
        self.server = server
        self.additional = 0
        #: Abilities that add to the limit, and by how much.
        self.sources: list[tuple[str, int]] = []

    def add(self, source: str, amount: int) -> None:
        self.additional += amount
        self.sources.append((source, amount))

    @property
    def limit(self) -> int:
        return 1 + self.additional

    def describe(self) -> str:
        return f"the random access limit of the breach of {self.server} is determined"


class BreachEnds(NetrunnerEvent):
    kind = "breach ends"

    def __init__(self, server: str, breach: object) -> None:
        super().__init__("runner")
        self.server = server
        #: The breach that ends (a record of the game).
        self.breach = breach

    def describe(self) -> str:
        return f"the breach of {self.server} is complete"


class RunBegins(NetrunnerEvent):
    kind = "run begins"

    def __init__(self, server: str, basic_action: bool = False) -> None:
        super().__init__("runner")
        self.server = server
        self.basic_action = basic_action

    def describe(self) -> str:
        return f"the run on {self.server} formally begins"


class ApproachIce(NetrunnerEvent):
    kind = "approach ice"

    def __init__(self, ice: NetrunnerCard) -> None:
        super().__init__("runner")
        self.ice = ice

    def describe(self) -> str:
        return f"the Runner approaches {self.ice.title}"


class PassIce(NetrunnerEvent):
    kind = "pass ice"

    def __init__(
        self,
        ice: NetrunnerCard,
        after: IceEncounter | None,
        innermost: bool,
        run: object | None = None,
    ) -> None:
        super().__init__("runner")
        self.ice = ice
        #: The object passed, remembered after it has ceased to exist.
        self.ref = ice.ref()
        #: The run in which it was passed.
        self.run = run
        #: The encounter this pass directly follows in the standard progression, if any.
        self.after = after
        #: No position is inward from the ice passed: all the server's ice is passed.
        self.innermost = innermost

    def describe(self) -> str:
        return f"the Runner passes {self.ice.title}"


class ApproachServer(NetrunnerEvent):
    kind = "approach server"

    def __init__(self, server: str) -> None:
        super().__init__("runner")
        self.server = server

    def describe(self) -> str:
        return f"the Runner approaches {self.server}"


class SuccessfulRun(NetrunnerEvent):
    kind = "successful run"

    def __init__(self, server: str) -> None:
        super().__init__("runner")
        self.server = server

    def describe(self) -> str:
        return f"the run on {self.server} is declared successful"


class UnsuccessfulRun(NetrunnerEvent):
    kind = "unsuccessful run"

    def __init__(self, server: str) -> None:
        super().__init__("runner")
        self.server = server

    def describe(self) -> str:
        return f"the run on {self.server} is unsuccessful"


class RunEnds(NetrunnerEvent):
    kind = "run ends"

    def __init__(self, server: str, successful: bool, run: object | None = None) -> None:
        super().__init__("runner")
        self.server = server
        self.successful = successful
        #: The run that is complete (a record of the game).
        self.run = run

    def describe(self) -> str:
        return f"the run on {self.server} is completed"


class Encounter(NetrunnerEvent):
    kind = "encounter"

    def __init__(self, ice: NetrunnerCard, encounter: IceEncounter | None = None) -> None:
        super().__init__("runner")
        self.ice = ice
        #: The encounter that begins (a record of the run).
        self.encounter = encounter

    def describe(self) -> str:
        return f"the Runner encounters {self.ice.title}"


class EncounterEnds(NetrunnerEvent):
    kind = "encounter ends"

    def __init__(self, ice: NetrunnerCard, encounter: IceEncounter) -> None:
        super().__init__("runner")
        self.ice = ice
        self.encounter = encounter

    def describe(self) -> str:
        return f"the encounter with {self.ice.title} ends"


class FullyBreak(NetrunnerEvent):
    kind = "fully break"

    def __init__(self, ice: NetrunnerCard, by: object | None) -> None:
        super().__init__("runner")
        self.ice = ice
        #: The object whose abilities broke every subroutine, if one did.
        self.by = by

    def describe(self) -> str:
        return f"the Runner fully breaks {self.ice.title}"
