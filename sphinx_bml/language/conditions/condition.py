"""A row's hand condition: its test, as written, and where; what it asks of a hand and in which words.

Above the tree (:mod:`.tree`), its evaluation (:mod:`.evaluation`) and its
wording (:mod:`.wording`), which it joins.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from ..calls import Strain
from ..errors import Location
from .evaluation import holds
from .hands import Hand
from .tree import MAJORS, MINORS, Test, bind_test
from .wording import describe


@dataclass(frozen=True)
class Condition:
    """A row's hand condition: the test, as written, and where."""

    test: Test
    source: str
    location: Location | None = field(default=None, compare=False)

    def holds(self, hand: Hand) -> bool:
        """Whether ``hand`` meets the condition; a suit no pattern gave may be any of its suits."""
        return holds(self.test, hand)

    def bind(self, variables: Mapping[str, Strain], suit: Strain | None = None) -> Condition:
        """The condition with the pattern's suits filled in (``suit``: the row's bid's strain)."""
        given = dict(variables)
        for name, other, pair in (("M", "oM", MAJORS), ("m", "om", MINORS)):
            if name in given and other not in given and given[name] in pair:
                given[other] = pair[1 - pair.index(given[name])]
        if suit is not None and suit.is_suit:
            given["suit"] = suit
        if not given:
            return self
        return replace(self, test=bind_test(self.test, given))

    def describe(self) -> str:
        """The condition in plain words: ``15–17 HCP, balanced``."""
        return describe(self.test)

    def __str__(self) -> str:
        return self.describe()
