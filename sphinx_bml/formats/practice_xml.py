"""practice_bidding's XML bidding systems, read into bids with hand conditions.

practice_bidding (github.com/andrewimcclement/practice_bidding) stores a
system as nested ``<bid>`` elements, each with a ``<value>`` (``1c``, ``p``),
a ``<desc>`` and what a hand must hold to make the call, in one of two styles:

* ``<condition type="include">`` / ``<condition type="exclude">`` elements:
  the hand meets one of the includes and none of the excludes (no include:
  the robot never bids it);
* one ``<and>``, ``<or>`` or ``<not>`` element, nested as deep as needed.

Inside either: ``<evaluation>`` with ``<hcp>``, ``<points>`` or ``<tricks>``
(each with ``<min>``/``<max>``, inclusive), and ``<shape type="...">``:
``general`` (balanced, unbalanced, any), ``shape`` (``5431``, ``(54)xx``,
joined with ``+`` for "or" and ``-`` for "but not"), a suit name with
``<min>``/``<max>``, ``longer_than`` / ``strictly_longer_than`` (with
``<longer_suit>`` and ``<shorter_suit>``), and ``formula``
(``hearts + spades > diamonds + clubs``). The root element says how HCP are
counted (``hcp="standard"`` 4-3-2-1, ``hcp="chimaera"``
4.5-3-1.5-0.75-0.25) and points (``shape="standard"``: HCP plus one a card
over four in a suit; ``shape="freakiness"``: HCP plus half the hand's
freakiness less one half). ``<tricks>`` are the formula file's ``tricks``,
which in practice_bidding's own formulas and in the chimaera system's are
redeal's playing tricks: BML's ``playing tricks``.

:func:`read_system` reads the XML into :class:`XmlBid` trees whose tests say
exactly what practice_bidding checks; :func:`condition_text` writes a test in BML's
condition language, and :func:`to_document` makes the BML model. What BML
cannot say (HCP or points from the ``formulas`` Python file, which is never
run, and ``<formula>`` elements, which practice_bidding does not evaluate
either) is a located problem, and the row keeps no condition rather than a
wrong one.

The XML is read without entity expansion: a document type declaration
(where entities and external files would be declared) is refused.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Union
from xml.parsers import expat

from ..language.bidtable import MAX_TABLE_DEPTH
from ..language.calls import Call
from ..language.conditions import MAX_CONDITION_NESTING, STANDARD, Condition, Scale, parse_condition
from ..language.errors import BMLError, Kind, Location
from ..language.model import BidNode, BidTable, Description, Document, Metadata, TableCall

__all__ = [
    "CHIMAERA",
    "XmlBid",
    "XmlSystem",
    "condition_text",
    "read_system",
    "to_document",
]

#: practice_bidding's "chimaera" point count: A 4.5, K 3, Q 1.5, J 0.75, T 0.25.
CHIMAERA = Scale(4.5, 3, 1.5, 0.75, 0.25)
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
_SUIT_LETTERS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
GENERAL_SHAPES = ("balanced", "unbalanced", "any")

# --------------------------------------------------------------------------
# The model: what practice_bidding checks, element by element


@dataclass(frozen=True)
class Evaluation:
    """``<hcp>``, ``<points>`` or ``<tricks>`` between ``low`` and ``high`` (inclusive)."""

    method: str
    low: float
    high: float
    line: int


@dataclass(frozen=True)
class SuitLength:
    suit: str
    low: float
    high: float
    line: int


@dataclass(frozen=True)
class GeneralShape:
    name: str
    line: int


@dataclass(frozen=True)
class Shapes:
    """``(4441)+(5422)-4441``: shapes joined by ``+`` (or) and ``-`` (but not), left to right."""

    terms: tuple[tuple[str, str], ...]  # (sign, shape)
    line: int


@dataclass(frozen=True)
class Formula:
    """One comparison of sums and products of suit lengths and numbers."""

    left: str
    operator: str
    right: str
    line: int


@dataclass(frozen=True)
class AllOf:
    parts: tuple[XmlTest, ...]
    line: int


@dataclass(frozen=True)
class AnyOf:
    parts: tuple[XmlTest, ...]
    line: int


@dataclass(frozen=True)
class NoneOf:
    """``<not>``, and an exclude condition."""

    part: XmlTest
    line: int


@dataclass(frozen=True)
class Uncarried:
    """Something practice_bidding evaluates that BML's conditions cannot say."""

    reason: str
    line: int


XmlTest = Union[Evaluation, SuitLength, GeneralShape, Shapes, Formula, AllOf, AnyOf, NoneOf, Uncarried]  # noqa: UP007


@dataclass
class XmlBid:
    """A ``<bid>``: its call, meaning, test (``None``: never bid) and the answers to it."""

    call: Call
    description: str
    test: XmlTest | None
    line: int
    children: list[XmlBid] = field(default_factory=list)


@dataclass
class XmlSystem:
    name: str
    bids: list[XmlBid]
    #: how HCP are counted, and points: "standard", "freakiness" or "formulas" (the Python file)
    scale: Scale = STANDARD
    points: str = "standard"
    problems: list[BMLError] = field(default_factory=list)

    def problem(self, message: str, line: int) -> None:
        self.problems.append(BMLError(message, Location(self.name, line), Kind.SYNTAX))


# --------------------------------------------------------------------------
# Reading the XML safely, with lines


class _Refused(Exception):
    pass


def _parse_xml(data: bytes | str, name: str) -> tuple[ET.Element, dict[ET.Element, int]]:
    """The root element and each element's line. No DOCTYPE, so no entities and no external files."""
    builder = ET.TreeBuilder()
    lines: dict[ET.Element, int] = {}
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def start(tag: str, attributes: dict[str, str]) -> None:
        lines[builder.start(tag, attributes)] = parser.CurrentLineNumber

    def refuse(*_: object) -> None:
        raise _Refused()

    def refuse_external(*_: object) -> int:
        raise _Refused()

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse_external
    try:
        parser.Parse(data, True)
    except _Refused:
        raise BMLError(
            "the file declares a document type (<!DOCTYPE ...>), which a practice_bidding system never needs; "
            "it is not read, since such a declaration can pull in other files",
            Location(name, parser.CurrentLineNumber),
            Kind.SYNTAX,
        ) from None
    except expat.ExpatError as error:
        message = expat.ErrorString(error.code)
        raise BMLError(
            f"this is not well-formed XML ({message}, column {error.offset + 1})",
            Location(name, error.lineno),
            Kind.SYNTAX,
        ) from None
    return builder.close(), lines


def read_system(data: bytes | str, name: str) -> XmlSystem:
    """The system in practice_bidding's XML ``data``; a :class:`BMLError` when it is no XML at all."""
    root, lines = _parse_xml(data, name)
    reader = _Reader(name, lines)
    system = reader.system
    system.scale, system.points = reader.counting(root)
    for element in root:
        if element.tag != "bid":
            system.problem(f"<{element.tag}> is not a <bid>; it is left out", lines.get(element, 1))
            continue
        bid = reader.bid(element)
        if bid is not None:
            _add_unique(system, system.bids, bid)
    return system


def _add_unique(system: XmlSystem, siblings: list[XmlBid], bid: XmlBid) -> None:
    for other in siblings:
        if other.call == bid.call:
            system.problem(
                f"{bid.call} is defined twice at this point (also at line {other.line}); the first stands, "
                "this one and its answers are left out",
                bid.line,
            )
            return
    siblings.append(bid)


def _text(element: ET.Element | None) -> str:
    return " ".join((element.text or "").split()) if element is not None else ""


class _Reader:
    def __init__(self, name: str, lines: dict[ET.Element, int]) -> None:
        self.system = XmlSystem(name, [])
        self.lines = lines

    def line(self, element: ET.Element) -> int:
        return self.lines.get(element, 1)

    def counting(self, root: ET.Element) -> tuple[Scale, str]:
        """How the root says HCP and points are counted."""
        hcp, shape, formulas = root.get("hcp"), root.get("shape"), root.get("formulas")
        line = self.line(root)
        scale = CHIMAERA if hcp == "chimaera" else STANDARD
        if hcp not in (None, "standard", "chimaera"):
            self.system.problem(f'hcp="{hcp}" is not a point count practice_bidding knows; counted 4-3-2-1', line)
        elif hcp is None and formulas:
            self.system.problem(
                f"HCP are counted by the formula file {formulas}, which xml2bml does not run; "
                'they are counted 4-3-2-1 (write hcp="standard" or hcp="chimaera" to say so)',
                line,
            )
        if shape in (None, "standard"):
            points = "standard" if shape or not formulas else "formulas"
        else:
            points = "freakiness" if shape == "freakiness" else "unknown"
        return scale, points

    # -- bids
    def bid(self, element: ET.Element, depth: int = 1) -> XmlBid | None:
        line = self.line(element)
        if depth > MAX_TABLE_DEPTH:
            self.system.problem(
                f"<bid> elements nested more than {MAX_TABLE_DEPTH} deep (an auction of more than "
                f"{MAX_TABLE_DEPTH} calls, which BML does not keep); this bid and its answers are left out",
                line,
            )
            return None
        value = _text(element.find("value"))
        try:
            call = Call.parse(value)
        except BMLError:
            self.system.problem(
                f"'{value}' is not a call (a bid such as 1c or 3n, or p); this bid and its answers are left out"
                if value
                else "a <bid> without a <value>; it and its answers are left out",
                line,
            )
            return None
        known = {"value", "desc", "bid", "condition", "and", "or", "not"}
        for child in element:
            if child.tag not in known:
                self.system.problem(
                    f"<{child.tag}> in the bid {call} means nothing to practice_bidding; ignored", self.line(child)
                )
        bid = XmlBid(call, _text(element.find("desc")), self.bid_test(element, call), line)
        for child in element.findall("bid"):
            answer = self.bid(child, depth + 1)
            if answer is not None:
                _add_unique(self.system, bid.children, answer)
        return bid

    def bid_test(self, element: ET.Element, call: Call) -> XmlTest | None:
        logical = [child for child in element if child.tag in ("and", "or", "not")]
        if logical:
            if len(logical) > 1:
                self.system.problem(
                    f"the bid {call} has {len(logical)} <and>/<or>/<not> conditions; practice_bidding takes one: "
                    "only the first is used",
                    self.line(logical[1]),
                )
            return self.logical(logical[0])
        includes: list[XmlTest] = []
        excludes: list[XmlTest] = []
        for condition in element.findall("condition"):
            kind = condition.get("type")
            test = AllOf(tuple(self.parts(condition, logical=False)), self.line(condition))
            if kind == "include":
                includes.append(test)
            elif kind == "exclude":
                excludes.append(NoneOf(test, test.line))
            else:
                self.system.problem(
                    f'<condition type="{kind}">: the type is "include" or "exclude"; the condition is left out',
                    test.line,
                )
        if not includes:
            return None
        first = AnyOf(tuple(includes), includes[0].line) if len(includes) > 1 else includes[0]
        return AllOf((first, *excludes), first.line) if excludes else first

    def logical(self, element: ET.Element, depth: int = 1) -> XmlTest:
        line = self.line(element)
        if depth > MAX_CONDITION_NESTING:
            return Uncarried(
                f"<and>, <or> and <not> nested more than {MAX_CONDITION_NESTING} deep, which no hand needs "
                "and BML's conditions do not take",
                line,
            )
        parts = self.parts(element, logical=True, depth=depth)
        if element.tag == "and":
            return AllOf(tuple(parts), line)
        if element.tag == "or":
            return AnyOf(tuple(parts), line)
        if len(parts) != 1:
            return Uncarried(f"<not> holds {len(parts)} conditions; it takes exactly one", line)
        return NoneOf(parts[0], line)

    def parts(self, element: ET.Element, *, logical: bool, depth: int = 0) -> list[XmlTest]:
        """The tests in a condition, in the order written (all must hold, so the order changes nothing)."""
        found: list[XmlTest] = []
        for child in element:
            if logical and child.tag in ("and", "or", "not"):
                found.append(self.logical(child, depth + 1))
            elif child.tag == "evaluation":
                found.extend(self.evaluation(method) for method in child)
            elif child.tag == "formula":
                found.append(
                    Uncarried("a <formula> element (practice_bidding does not evaluate it either)", self.line(child))
                )
            elif child.tag == "shape":
                found.append(self.shape(child))
            else:
                found.append(Uncarried(f"<{child.tag}> is not a condition practice_bidding knows", self.line(child)))
        return found

    def evaluation(self, element: ET.Element) -> XmlTest:
        line = self.line(element)
        bounds = self.bounds(element, 0, math.inf)
        if isinstance(bounds, Uncarried):
            return bounds
        low, high = bounds
        if low <= 0 and high == math.inf:
            return Uncarried(f"<{element.tag}> gives neither <min> nor <max>", line)
        if element.tag not in ("hcp", "points", "tricks"):
            return Uncarried(f"<{element.tag}> is not an evaluation practice_bidding knows", line)
        if element.tag == "points" and self.system.points not in ("standard", "freakiness"):
            how = {"formulas": "points counted by the formula file"}.get(
                self.system.points, "points counted in a way practice_bidding does not know"
            )
            return Uncarried(how + ", which BML cannot say", line)
        return Evaluation(element.tag, low, high, line)

    def bounds(self, element: ET.Element, low: float, high: float) -> tuple[float, float] | Uncarried:
        values = [low, high]
        for index, tag in enumerate(("min", "max")):
            child = element.find(tag)
            if child is None:
                continue
            try:
                values[index] = float(_text(child))
            except ValueError:
                return Uncarried(f"<{tag}>{_text(child)}</{tag}> is not a number", self.line(child))
        if values[0] > values[1]:
            return Uncarried(f"<min> {values[0]:g} is more than <max> {values[1]:g}", self.line(element))
        return values[0], values[1]

    def shape(self, element: ET.Element) -> XmlTest:
        kind, text, line = element.get("type", ""), _text(element), self.line(element)
        if kind == "general":
            if text not in GENERAL_SHAPES:
                return Uncarried(f"'{text}' is not a general shape ({', '.join(GENERAL_SHAPES)})", line)
            return GeneralShape(text, line)
        if kind == "shape":
            return _shapes(text, line)
        if kind in SUIT_NAMES:
            bounds = self.bounds(element, 0, 13)
            if isinstance(bounds, Uncarried):
                return bounds
            return SuitLength(kind, max(bounds[0], 0), min(bounds[1], 13), line)
        if kind in ("longer_than", "strictly_longer_than"):
            longer, shorter = _text(element.find("longer_suit")), _text(element.find("shorter_suit"))
            if longer not in SUIT_NAMES or shorter not in SUIT_NAMES:
                return Uncarried(f"{kind} needs a <longer_suit> and a <shorter_suit>, each a suit name", line)
            return Formula(longer, ">=" if kind == "longer_than" else ">", shorter, line)
        if kind == "formula":
            return _formula(text, line)
        return Uncarried(f'<shape type="{kind}"> is not a shape practice_bidding knows', line)


_SHAPE = re.compile(r"^(?:[0-9x]|\([0-9x]+\))+$")


def _shapes(text: str, line: int) -> XmlTest:
    written = "".join(text.split()).lower()
    pieces = re.split(r"([+\-])", written)
    terms: list[tuple[str, str]] = []
    sign = "+"
    for index, piece in enumerate(pieces):
        if index % 2:
            sign = piece
            continue
        if not _SHAPE.match(piece) or _places(piece) != 4:
            return Uncarried(f"'{text}' is not a shape such as 5431 or (54)xx", line)
        terms.append((sign, piece))
    return Shapes(tuple(terms), line)


def _places(shape: str) -> int:
    return len(shape.replace("(", "").replace(")", ""))


_FORMULA_OPERATOR = re.compile(r"==|!=|<=|>=|<|>")
_EXPRESSION = re.compile(r"^-?(?:[0-9]+|[a-z]+)(?:[-+*](?:[0-9]+|[a-z]+))*$")


def _formula(text: str, line: int) -> XmlTest:
    written = "".join(text.split()).lower()
    operators = _FORMULA_OPERATOR.findall(written)
    if len(operators) != 1:
        return Uncarried(f"the formula '{text}' needs exactly one of ==, !=, <, <=, >, >=", line)
    left, right = written.split(operators[0])
    sides = []
    for side in (left, right):
        if not _EXPRESSION.match(side):
            return Uncarried(f"the formula '{text}' has something other than suits, numbers, +, - and *", line)
        words = re.findall(r"[a-z]+", side)
        if any(word not in SUIT_NAMES and word not in _SUIT_LETTERS for word in words):
            return Uncarried(f"the formula '{text}' names something other than a suit", line)
        sides.append(re.sub(r"[a-z]+", lambda m: _SUIT_LETTERS.get(m.group(0), m.group(0)), side))
    if not re.search("[a-z]", written):
        return Uncarried(f"the formula '{text}' names no suit", line)
    return Formula(sides[0], operators[0], sides[1], line)


# --------------------------------------------------------------------------
# Writing a test as a BML condition


class CannotCarry(Exception):
    """A part of the test that BML's conditions cannot say, with its line."""

    def __init__(self, reason: str, line: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line


_ATOM, _NOT, _AND, _OR = 4, 3, 2, 1


def condition_text(test: XmlTest, system: XmlSystem) -> str:
    """``test`` in BML's condition language (a top-level "and" as commas); :class:`CannotCarry` if it cannot be."""
    if isinstance(test, AllOf) and test.parts:
        return ", ".join(_written(part, system)[0] for part in test.parts)
    return _written(test, system)[0]


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _amount(low: float, high: float, unit: str, bottom: float, top: float) -> str:
    if low <= bottom and high >= top:
        return f"{unit} >= 0"
    if low == high:
        return f"{_number(low)} {unit}"
    if high >= top:
        return f"{_number(low)}+ {unit}"
    if low <= bottom:
        return f"{unit} <= {_number(high)}"
    return f"{_number(low)}-{_number(high)} {unit}"


def _unit(method: str, system: XmlSystem) -> tuple[str, float]:
    """How BML writes ``<hcp>``, ``<points>`` or ``<tricks>``, and the least it can be.

    practice_bidding's missing ``<min>`` is 0, which points counted with freakiness go below (a 4333
    yarborough counts -0.5), so for them a minimum of 0 is written out.
    """
    if method == "tricks":
        return "playing tricks", 0
    unit = "hcp" if method == "hcp" else "points"
    least = 0.0
    if method == "points" and system.points == "freakiness":
        unit, least = "freakiness points", -0.5
    if not system.scale.is_standard:
        unit += f"({system.scale.written})"
    return unit, least


def _wrapped(test: XmlTest, system: XmlSystem, level: int) -> str:
    text, precedence = _written(test, system)
    return text if precedence >= level else f"({text})"


def _written(test: XmlTest, system: XmlSystem) -> tuple[str, int]:
    if isinstance(test, Evaluation):
        return _amount(test.low, test.high, *_unit(test.method, system), math.inf), _ATOM
    if isinstance(test, SuitLength):
        return _amount(test.low, test.high, test.suit, 0, 13), _ATOM
    if isinstance(test, GeneralShape):
        return test.name, _ATOM
    if isinstance(test, Shapes):
        text, precedence = "", _ATOM
        for sign, shape in test.terms:
            if not text:
                text = shape
            elif sign == "+":
                text, precedence = f"{text} or {shape}", _OR
            else:
                left = text if precedence >= _AND else f"({text})"
                text, precedence = f"{left} and not {shape}", _AND
        return text, precedence
    if isinstance(test, Formula):
        return f"{_spaced(test.left)} {test.operator} {_spaced(test.right)}", _ATOM
    if isinstance(test, AllOf):
        if not test.parts:
            return "any", _ATOM
        if len(test.parts) == 1:
            return _written(test.parts[0], system)
        return " and ".join(_wrapped(part, system, _AND + 1) for part in test.parts), _AND
    if isinstance(test, AnyOf):
        if not test.parts:
            return "not any", _NOT
        if len(test.parts) == 1:
            return _written(test.parts[0], system)
        return " or ".join(_wrapped(part, system, _OR + 1) for part in test.parts), _OR
    if isinstance(test, NoneOf):
        return f"not {_wrapped(test.part, system, _ATOM)}", _NOT
    raise CannotCarry(test.reason, test.line)


def _spaced(side: str) -> str:
    return re.sub(r"(?<=[\w)])([-+*])", r" \1 ", side)


# --------------------------------------------------------------------------
# The BML model


def to_document(system: XmlSystem) -> Document:
    """One bidding table with a row for every bid, its meaning and its condition.

    A bid whose test BML cannot say keeps its row without a condition, and a problem says why.
    """
    rows = [_node(bid, system) for bid in system.bids]
    table = BidTable(rows, Location(system.name, 1))
    return Document([table] if rows else [], Metadata())


def _node(bid: XmlBid, system: XmlSystem) -> BidNode:
    location = Location(system.name, bid.line)
    children = [_node(child, system) for child in bid.children]
    description = Description((bid.description,) if bid.description else ())
    call = TableCall(str(bid.call), True, call=bid.call)
    return BidNode((call,), description, location, children, _condition(bid, system, location))


def _condition(bid: XmlBid, system: XmlSystem, location: Location) -> Condition | None:
    if bid.test is None:
        return None
    try:
        text = condition_text(bid.test, system)
    except CannotCarry as missing:
        system.problem(
            f"{bid.call}: {missing.reason}; the row is kept without a hand condition, so the robot never bids it",
            missing.line,
        )
        return None
    try:
        return parse_condition(text, location)
    except BMLError as error:
        system.problem(f"{bid.call}: {error.message}; the row is kept without a hand condition", bid.line)
        return None
