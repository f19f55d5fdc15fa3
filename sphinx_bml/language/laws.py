"""The laws of the auction: which call may come next, and why another may not.

One rule for every auction sphinx-bml meets: the auction diagrams of the
notes (:mod:`.auction` reports a call that could not happen at a table), the
calls a player types at ``bml-practice`` (refused with the reason), the
sequences given to ``--sequence``, and the robot's own calls. The Laws of
Duplicate Bridge (2017): a bid names more tricks or a higher strain than the
bid before it (Law 18); a double only of the opponents' last bid, not yet
doubled, and a redouble only of the opponents' double (Law 19); the auction
ends after three passes that follow a call, or four passes at the start
(Law 22). Pure Python.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .calls import Call, CallKind

_DOUBLE_RULE = "a double is only allowed over the opponents' bid"
_REDOUBLE_RULE = "a redouble is only allowed over the opponents' double"


@dataclass
class Bidding:
    """An auction followed call by call, from its first call: the last bid, whether it is
    doubled, the passes since the last call, and how the auction ended."""

    #: the last bid, and the turn it was made at (0: the first call)
    bid: Call | None = None
    bid_turn: int = 0
    #: 0, 1 doubled, 2 redoubled; the turn of the double
    doubled: int = 0
    double_turn: int = 0
    #: passes in a row since the last call that was not a pass
    passes: int = 0
    #: the calls followed so far
    turns: int = 0
    #: how the auction ended, in words (``None``: it goes on)
    end: str | None = None

    @classmethod
    def of(cls, calls: Iterable[Call]) -> Bidding:
        """The auction after ``calls``, each followed as it is, allowed or not."""
        bidding = cls()
        for call in calls:
            bidding.add(call)
        return bidding

    def refusal(self, call: Call) -> str | None:
        """Why ``call`` may not come next, in a player's words; ``None`` when it may."""
        if self.end is not None:
            return f"the auction has already ended ({self.end}), so nothing can follow it"
        if call.kind is CallKind.PASS:
            return None
        if call.kind is CallKind.BID:
            if self.bid is None or call > self.bid:
                return None
            than = "not higher than" if call.rank == self.bid.rank else "lower than"
            return f"{call} is {than} {self.bid}, the last bid: each bid must be higher than the bid before it"
        if call.kind is CallKind.DOUBLE:
            if self.bid is None:
                return f"a double with no bid before it: {_DOUBLE_RULE}"
            if (self.turns - self.bid_turn) % 2 == 0:
                return f"a double of partner's {self.bid}: {_DOUBLE_RULE}"
            if self.doubled:
                already = "doubled" if self.doubled == 1 else "redoubled"
                return f"a double of {self.bid}, which is already {already}: {_DOUBLE_RULE}, once"
            return None
        if self.doubled == 0:
            return f"a redouble with no double before it: {_REDOUBLE_RULE}"
        if self.doubled == 2:
            return f"a redouble of {self.bid}, which is already redoubled: {_REDOUBLE_RULE}, once"
        if (self.turns - self.double_turn) % 2 == 0:
            return f"a redouble of partner's double: {_REDOUBLE_RULE}"
        return None

    def allows(self, call: Call) -> bool:
        """Whether ``call`` may come next."""
        return self.refusal(call) is None

    def add(self, call: Call) -> None:
        """Follow ``call`` (allowed or not: a call that may not come is counted as it stands)."""
        if call.kind is CallKind.PASS:
            self.passes += 1
            if self.bid is not None and self.passes == 3:
                self.end = f"three passes after {self._last_call()}"
            elif self.bid is None and self.passes == 4:
                self.end = "four passes: the board is passed out"
        elif call.kind is CallKind.BID:
            self.bid, self.bid_turn, self.doubled, self.passes = call, self.turns, 0, 0
        elif call.kind is CallKind.DOUBLE:
            self.doubled, self.double_turn, self.passes = 1, self.turns, 0
        else:
            self.doubled, self.passes = 2, 0
        self.turns += 1

    def _last_call(self) -> str:
        return {0: str(self.bid), 1: "the double", 2: "the redouble"}[self.doubled]


def allowed(call: Call, calls: Iterable[Call]) -> bool:
    """Whether ``call`` may follow ``calls`` (from the first call of the auction)."""
    return Bidding.of(calls).allows(call)


def first_refusal(calls: Iterable[Call]) -> str | None:
    """Why the auction ``calls`` could not happen at a table: the first call that may not come,
    and why (``None``: every call may)."""
    bidding = Bidding()
    for call in calls:
        refused = bidding.refusal(call)
        if refused is not None:
            return refused
        bidding.add(call)
    return None
