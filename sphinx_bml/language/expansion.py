"""Expanding bidding tables into the concrete system.

A row such as ``2M`` stands for ``2H`` and ``2S``; ``1step`` for the bid one
step above the last bid; a variable keeps the suit it was given for the
rest of the sequence. The rules, as BML defines them:

* ``m``/``M``/``X``/``Y``/``Z`` take a suit not used yet in the sequence
  (by either side), in a bid higher than the last bid; ``X < Y < Z``;
  ``om``/``oM`` are the other minor/major once ``m``/``M`` has a suit.
* Where every suit of ``m``, ``M`` or ``X`` was bid, so that this rule
  leaves a row no suit wherever the row is met, the row is read as BML 1
  reads it: both minors, both majors, every suit (``4m`` after
  2NT-3C-3D is 4C and 4D). The table is then walked again, those rows read
  so; a row the rule gives a suit somewhere keeps BML 2's reading.
* ``2CD``, ``1red``, ``2black`` stand for each strain, without those checks.
* ``2S/3H`` stands for each call, each a concrete row of its own.
* A pattern only stands for legal bids: where its bid would not be higher
  than the last one (a variable whose suit was given earlier, a strain of
  ``2CD``), it stands for nothing. A concrete row that is too low is reported.
* Among the rows answering the same call, concrete rows come first: a
  pattern never redefines a call that a concrete row at its level defines,
  whatever the order of the rows. A pattern whose one call the auction
  above fixes (``2M`` under ``1M``, ``3om``, ``1step``) is no general rule:
  it is as a concrete row, and of two rows for that call the first stands,
  the second being a conflict (``2M`` then ``2S (after 1H)`` under ``1M-2Y``).
* Passes are filled in between two calls of the same side.
* The first definition of a sequence stands (see :meth:`System.define`).
* Every row notes the concrete sequences it stands for
  (:attr:`BidNode.sequences`: ``2M`` stands for ``2H`` and ``2S``), so that
  what is shown of a table can be tied to the system.
* While only our side has bid, a pass row without a description (``(P)`` or
  ``P``) only leads to the rows under it: it adds no sequence of its own
  (``1C`` / ``(P)`` / ``1D`` is the same as ``1C`` / ``1D``, whose pass BML
  fills in anyway).

Variables in a description are replaced by their suit (``2M`` becomes
``2!h``) wherever they stand as a word, not inside other words. ``X`` is
also the double: it stays ``X`` where it reads as one (``X = takeout``,
``D/X``, ``(X)``, ``X: values``) unless a level digit comes just before it.

A concrete row under a pattern (``1H`` under ``1C-(1X)``) stands where it is a
sufficient bid and is left out, silently, where it is not; it is reported only
when no auction above it lets it stand. A table may stand for at most
:data:`MAX_TABLE_SEQUENCES` sequences: patterns nested under patterns
multiply.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple, cast

from .bidtable import BML1_VARIABLES
from .calls import PASS, Call, Sequence, Strain
from .conditions import Condition
from .errors import BMLError, Kind, Problems
from .model import BidNode, BidTable, Description, Document, TableCall
from .system import Meaning, System
from .unused_rows import NoBid, RowOutcomes, left_out

XYZ = ("X", "Y", "Z")
#: Sequences one table may stand for. Patterns multiply (ten nested rows of
#: ``1CDHSN`` stand for millions of auctions); the largest tables of real
#: systems stand for a few thousand sequences, and 20,000 are expanded in
#: well under a second.
MAX_TABLE_SEQUENCES = 20_000


class _TooManySequences(Exception):
    """The table reached :data:`MAX_TABLE_SEQUENCES`; its expansion stops."""


OTHER = {"om": "m", "oM": "M"}


@dataclass(frozen=True, slots=True)
class Context:
    """The auction so far while walking a table."""

    calls: tuple[Call, ...] = ()
    we_open: bool = True
    variables: tuple[tuple[str, Strain], ...] = ()
    #: whether a call so far was written as a pattern (``2M``, ``2HS``, ``1step``)
    patterned: bool = False

    def bound(self, name: str) -> Strain | None:
        for variable, strain in self.variables:
            if variable == name:
                return strain
        return None

    def used_strains(self) -> set[Strain]:
        return {call.strain for call in self.calls if call.is_bid and call.strain is not None}

    def last_bid(self) -> Call | None:
        for call in reversed(self.calls):
            if call.is_bid:
                return call
        return None

    def then(
        self, call: Call, ours: bool, variable: tuple[str, Strain] | None = None, *, pattern: bool = False
    ) -> Context:
        if not self.calls:
            calls: tuple[Call, ...] = (call,)
            we_open = ours
        else:
            last_ours = ((len(self.calls) - 1) % 2 == 0) == self.we_open
            filler = (PASS,) if last_ours == ours else ()
            calls, we_open = (*self.calls, *filler, call), self.we_open
        variables = self.variables if variable is None else (*self.variables, variable)
        return Context(calls, we_open, variables, self.patterned or pattern)

    @property
    def sequence(self) -> Sequence:
        return Sequence(self.calls, self.we_open)


#: The description of the calls before a row's last (``1N-2C`` on one row): none.
_NO_DESCRIPTION = Description()


class _Found(NamedTuple):
    """A meaning found while walking a table, before its row's breadth is known."""

    node: BidNode
    #: which call of a row written for several (``2S/3H``) it is; 0 for any other row
    part: int
    last: bool
    sequence: Sequence
    description: Description
    patterned: bool
    condition: Condition | None


class Expander:
    """Adds the meanings of bidding tables to a :class:`System`."""

    def __init__(self, system: System, problems: Problems) -> None:
        self.system = system
        self.problems = problems
        #: the meanings found, defined once a table is walked (when each row's breadth is known)
        self._found: list[_Found] = []

    def table(self, table: BidTable) -> None:
        self._table = table
        stop = self._walk(table, frozenset())
        # a variable BML 2 leaves no suit, wherever its row is met, as every suit of it was bid: BML 1's reading
        bml1 = frozenset(self._no_suit_left - self._given_a_suit)
        if bml1 and stop is None:
            stop = self._walk(table, bml1)
        if stop is not None:
            self.problems.add(stop)
        for row, error in self._failures.items():
            if row not in self._stood:
                self.problems.add(error)
        outcomes = self._define()
        self._found = []
        for problem in left_out(self._unmade, self._made, outcomes):
            self.problems.add(problem)

    def _walk(self, table: BidTable, bml1: frozenset[int]) -> BMLError | None:
        """Walk the rows of ``table``, noting what they stand for; ``bml1``: the rows whose variable
        is read as BML 1 reads it (every suit of it) where every suit of it was bid. The problem
        that stopped the walk, if any."""
        self._sequences = 0
        self._bml1 = bml1
        #: the first problem of each row's call (of each call of ``2S/3H``), and those that stood at least once
        self._failures: dict[tuple[int, int], BMLError] = {}
        self._stood: set[tuple[int, int]] = set()
        #: the rows that gave a call at least once, and why the others gave none (the first time)
        self._made: set[int] = set()
        self._unmade: dict[int, NoBid] = {}
        #: the rows of a variable (``m``, ``M``, ``X``) met where every suit of it was bid, and
        #: those that BML 2's rule gave a suit at least once
        self._no_suit_left: set[int] = set()
        self._given_a_suit: set[int] = set()
        #: how many sequences each row stands for (each call of ``2S/3H`` as a row of its own),
        #: before the rows at its level take some
        self._breadth: dict[tuple[int, int], int] = {}
        self._found = []
        _forget_sequences(table.rows)
        try:
            self._level(table.rows, Context())
        except _TooManySequences as stop:
            return cast(BMLError, stop.args[0])
        return None

    def _define(self) -> RowOutcomes:
        """Define the meanings found in the order found, each knowing how general its row is;
        what became of each row's own meanings (not those of the calls before its last)."""
        outcomes = RowOutcomes()
        for found in self._found:
            node = found.node
            meaning = Meaning(
                found.sequence,
                found.description,
                node.location,
                self._table.seat,
                self._table.vulnerability,
                self._table.hidden,
                from_pattern=found.patterned,
                condition=found.condition,
                alert=node.alert and found.last,
                breadth=self._breadth[(id(node), found.part)] if found.last else 1,
            )
            defined = self.system.define(meaning)
            if found.last:
                node.sequences.append(meaning.key)
                outcomes.note(node, meaning, defined)
        return outcomes

    def _level(self, nodes: list[BidNode], context: Context) -> None:
        taken = {
            (part.call, part.ours): node
            for node in nodes
            if len(node.calls) == 1
            for part in node.calls[0].parts or (node.calls[0],)
            if part.call is not None
        }
        for node in nodes:
            self._path(node, 0, context, taken)

    def _path(
        self, node: BidNode, index: int, context: Context, taken: dict[tuple[Call, bool], BidNode] | None
    ) -> None:
        written = node.calls[index]
        last = index == len(node.calls) - 1
        alternatives: list[tuple[int, TableCall, Call, tuple[str, Strain] | None, bool]] = []
        failed = False
        for number, part in enumerate(written.parts or (written,)):  # 2S/3H: each call as a row of its own
            bml1 = _no_suit_left(part, context)
            try:
                calls, general = _alternatives(part, context, bml1=bml1 and id(node) in self._bml1)
            except BMLError as error:  # reported at the end, unless another auction above lets the row stand
                error.kind = Kind.SEQUENCE
                self._failures.setdefault((id(node), number), error.at(node.location))
                failed = True
                continue
            if last:
                self._stood.add((id(node), number))
            if calls and not (bml1 and id(node) in self._bml1):
                self._given_a_suit.add(id(node))
            elif bml1:
                self._no_suit_left.add(id(node))
            alternatives += [(number, part, plain, binding, general) for plain, binding in calls]
        if failed and not alternatives:
            return
        skipped: list[tuple[Call, BidNode]] = []
        for number, part, plain, binding, general in alternatives:
            call = plain.qualified(part.qualification) if part.qualification else plain
            self._count(node)
            if last:  # how general the row is: every bid it stands for, those the rows beside it take too
                row = (id(node), number)
                self._breadth[row] = self._breadth.get(row, 0) + 1
            if taken is not None and part.call is None:
                taker = taken.get((call, part.ours))
                if taker is not None and general:
                    skipped.append((call, taker))
                    continue
                taken.setdefault((call, part.ours), node)
            if last:
                self._made.add(id(node))
            following = context.then(call, part.ours, binding, pattern=part.call is None)
            description = _substitute(node.description, following.variables) if last else _NO_DESCRIPTION
            if description or not _leading_pass(context, call):
                condition = _bound_condition(node, call, following) if last else None
                self._found.append(
                    _Found(node, number, last, following.sequence, description, following.patterned, condition)
                )
            if last:
                self._level(node.children, following)
            else:
                self._path(node, index + 1, following, None)
        if len(skipped) == len(alternatives):  # no call at all here: why, the first time
            self._unmade.setdefault(id(node), NoBid(node, written, context.sequence, context.variables, tuple(skipped)))

    def _count(self, node: BidNode) -> None:
        self._sequences += 1
        if self._sequences > MAX_TABLE_SEQUENCES:
            raise _TooManySequences(
                BMLError(
                    f"this table stands for more than {MAX_TABLE_SEQUENCES:,} sequences (patterns nested under "
                    "patterns multiply); the rest of the table is left out",
                    node.location,
                    Kind.SEQUENCE,
                )
            )


Alternatives = list[tuple[Call, tuple[str, Strain] | None]]


def _no_suit_left(written: TableCall, context: Context) -> bool:
    """Whether ``written`` is a variable BML 1 knew (:data:`BML1_VARIABLES`), with no suit yet, every
    suit of which was bid before ``context`` ends: BML 2's rule leaves it no suit."""
    name = written.variable
    if name not in BML1_VARIABLES or context.bound(name) is not None:
        return False
    used = context.used_strains()
    return all(strain in used for strain in written.strains)


def _alternatives(written: TableCall, context: Context, *, bml1: bool = False) -> tuple[Alternatives, bool]:
    """The calls ``written`` stands for after ``context``, each with the variable it gives a suit, if any;
    and whether the row is a general rule there, that a call written out at its level takes the
    place of: a pattern that may stand for several calls (``2X``, ``2HS``, ``2M`` as a new major).
    A call written out is not, nor a pattern whose one call the auction above fixes (``2M``
    under ``1M``, ``3om`` once ``m`` has its suit, ``1step``): it is as specific as a call written
    out, and the first row of the two stands (another is a conflict).

    ``bml1``: a variable with no suit left (:func:`_no_suit_left`) is read as BML 1 reads it, for
    every suit of it, each in turn given to the variable."""
    last = context.last_bid()
    if written.call is not None:
        call = written.call
        if call.is_bid and last is not None and call <= last:
            raise BMLError(f"{call} after {last} is not a sufficient bid")
        return [(call, None)], False
    if written.steps:
        if last is None:
            raise BMLError(f"'{written.written}' counts steps from the last bid, but there is no bid before it")
        return [(last.raised(written.steps), None)], False
    name = written.variable
    if name is None:
        calls = (Call.bid(written.level, strain) for strain in written.strains)
        return [(call, None) for call in calls if last is None or call > last], True
    bound = context.bound(name)
    if bound is not None:
        call = Call.bid(written.level, bound)
        return ([(call, None)] if last is None or call > last else []), False
    candidates = written.strains
    if name in OTHER:
        partner = context.bound(OTHER[name])
        if partner is None:
            kind = "minor" if name == "om" else "major"
            needs = f"needs {OTHER[name]} earlier in the sequence"
            raise BMLError(f"'{written.written}': {name} (the other {kind}) {needs}")
        candidates = tuple(s for s in candidates if s is not partner)
    used = context.used_strains()
    higher = [(strain, Call.bid(written.level, strain)) for strain in candidates]
    higher = [(strain, call) for strain, call in higher if last is None or call > last]
    if bml1:
        return [(call, (name, strain)) for strain, call in higher], True
    new: Alternatives = [
        (call, (name, strain)) for strain, call in higher if strain not in used and _in_order(name, strain, context)
    ]
    return new, name not in OTHER


def _bound_condition(node: BidNode, call: Call, context: Context) -> Condition | None:
    """The row's condition for this call: ``6+ M`` on a ``2M`` row is ``6+ hearts`` for 2H."""
    if node.condition is None:
        return None
    return node.condition.bind(dict(context.variables), call.strain)


def _forget_sequences(nodes: list[BidNode]) -> None:
    """Empty :attr:`BidNode.sequences` of a table about to be expanded (again)."""
    for node in nodes:
        node.sequences.clear()
        _forget_sequences(node.children)


def _leading_pass(context: Context, call: Call) -> bool:
    """A pass after our opening while the opponents have only passed."""
    if call != PASS or not context.calls or not context.we_open:
        return False
    return all(their_call == PASS for their_call in context.calls[1::2])


def _in_order(name: str, strain: Strain, context: Context) -> bool:
    """X < Y < Z: a new X, Y or Z keeps its place among those already given a suit."""
    if name not in XYZ:
        return True
    rank = XYZ.index(name)
    for other in XYZ:
        bound = context.bound(other)
        if bound is None or other == name:
            continue
        if XYZ.index(other) < rank and not bound.rank < strain.rank:
            return False
        if XYZ.index(other) > rank and not strain.rank < bound.rank:
            return False
    return True


@lru_cache(maxsize=64)
def _variable_pattern(name: str) -> re.Pattern[str]:
    """Where ``name`` stands for its suit in a description: as a word of its own.

    ``X`` is the double too: without a level digit just before it, it stays
    where a double is meant (after ``/`` or ``(``, before ``=``, ``/``, ``:``
    or ``)``).
    """
    if name != "X":
        return re.compile(r"(?<![A-Za-z_'\u2019!])" + re.escape(name) + r"(?![A-Za-z0-9_])")
    after_level = r"(?<=[0-9])X"
    alone = r"(?<![A-Za-z0-9_'\u2019!/(])X(?!\s*[=/:)])"
    return re.compile(f"(?:{after_level}|{alone})" + r"(?![A-Za-z0-9_])")


def _substitute(description: Description, variables: tuple[tuple[str, Strain], ...]) -> Description:
    """The description with its variables' suits; the same one when it names none of them,
    so that the rows under a pattern share their meanings' text, parsed once."""
    if not variables or not description:
        return description
    lines = description.lines
    for name, strain in sorted(variables, key=lambda item: -len(item[0])):
        pattern = _variable_pattern(name)
        lines = tuple(pattern.sub(strain.symbol, line) for line in lines)
    return description if lines == description.lines else Description(lines)


def expand(document: Document, system: System | None = None, problems: Problems | None = None) -> System:
    """The system of ``document`` (added to ``system`` when given).

    Problems go to ``problems``, by default the document's own list.
    """
    system = system if system is not None else System(document.metadata)
    expander = Expander(system, document.problems if problems is None else problems)
    for table in document.bid_tables:
        expander.table(table)
    return system
