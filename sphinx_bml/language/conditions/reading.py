"""Reading a condition: the tokenizer and the parser, and finding the condition that ends a line.

Limits keep one condition from stopping the build (Python's recursion, and
pickling the environment, give up on trees a few hundred levels deep) or
from being slow to check on every hand: :data:`MAX_CONDITION_NESTING` and
:data:`MAX_CONDITION_TOKENS`. A condition past either is a located problem
in plain words, and its row keeps no condition.

A ``{`` written after a backslash is a brace of the meaning, never the start
of a condition, and the backslash is not shown: ``Strong \\{{ 0+ hcp }}`` is
the meaning "Strong {{ 0+ hcp }}" (:func:`escape_braces` writes it so).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..calls import Strain
from ..errors import BMLError, Kind, Location
from ..suits import SUIT_NAMES, TYPED_SUITS
from .condition import Condition
from .hands import STANDARD, Scale
from .tree import (
    VARIABLES,
    All,
    Any_,
    Arithmetic,
    Compare,
    Expression,
    Freakiness,
    InRange,
    Length,
    Not,
    Number,
    Place,
    Quantity,
    ShapeClass,
    ShapePattern,
    Strength,
    SuitRef,
    Test,
    Tricks,
)

__all__ = [
    "CONDITION_OPENS",
    "MAX_CONDITION_NESTING",
    "MAX_CONDITION_TOKENS",
    "ConditionError",
    "condition_opening",
    "escape_braces",
    "find_condition",
    "parse_condition",
    "shown",
]

#: Brackets, ``not`` and signs (``- -3``) inside one another. Real conditions
#: nest two or three deep; 20 stays far above them and far inside Python's
#: recursion limit, for the parser and for everything that walks the tree.
MAX_CONDITION_NESTING = 20
#: Words, numbers and signs in one condition. The longest that xml2bml writes
#: for the practice_bidding systems in the tests runs to 25; 200 leaves room
#: for any hand a player describes, and keeps a sum short enough to walk.
MAX_CONDITION_TOKENS = 200
#: What opens a condition in a description line.
CONDITION_OPENS = "{{"
#: Written before a ``{`` of the meaning, so that it opens no condition.
BRACE_ESCAPE = "\\"
#: How long a condition shown in a message may be before it is cut short.
_SHOWN = 60


class ConditionError(BMLError):
    """A condition that cannot be read."""


class _TooLong(ConditionError):
    """A condition past a limit: no other reading of it is tried."""


def shown(text: str) -> str:
    """A condition as a message quotes it: cut short when long."""
    text = " ".join(text.split())
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "\u2026"


_SCALE = r"(?:\(\s*[0-9.]+(?:\s*[-,/ ]\s*[0-9.]+){3,4}\s*\))"
_TOKEN = re.compile(
    r"""\s*(?:
      (?P<range>[0-9]+(?:\.[0-9]+)?\s*(?:-|\u2013|\u2014|\.\.)\s*[0-9]+(?:\.[0-9]+)?)(?![\w.])
    | (?P<open>[0-9]+(?:\.[0-9]+)?[+\-])(?=\s|$|[,)])
    | (?P<number>[0-9]+(?:\.[0-9]+)?)
    | (?P<strength>(?i:freak(?:i?ness)[\s\-]+(?:points|pts)|hcp|points|pts|pt))(?P<scale>"""
    + _SCALE
    + r""")?(?![\w])
    | (?P<symbol>!?[shdcSHDC](?=\W|$)(?<=!.)|["""
    + "".join(TYPED_SUITS)
    + r"""])
    | (?P<word>[A-Za-z][A-Za-z_\-]*)
    | (?P<operator>>=|<=|==|!=|\u2265|\u2264|\u2260|[<>=+\-*(),])
    )""",
    re.VERBOSE,
)

#: A suit named in words, plural or singular (``hearts``, ``heart``).
_SUIT_NAMES = {
    word: Strain.from_letter(letter) for letter, name in SUIT_NAMES.items() for word in (name, name.removesuffix("s"))
}
_CLASSES = {
    "balanced": "balanced",
    "bal": "balanced",
    "semi-balanced": "semi-balanced",
    "semibalanced": "semi-balanced",
    "semi-bal": "semi-balanced",
    "unbalanced": "unbalanced",
    "unbal": "unbalanced",
    "any": "any",
}
#: words that begin a hand evaluation other than HCP and points
_EVALUATIONS = ("playing", "tricks", "trick", "freakiness", "freakness")
_OPERATORS = {"=": "==", "\u2265": ">=", "\u2264": "<=", "\u2260": "!="}


@dataclass(frozen=True)
class Token:
    kind: str
    text: str
    start: int
    scale: str | None = None
    end: int = 0


_SHAPE_TOKEN = re.compile(r"\s*((?:(?:[0-9]|x)(?:[SHDCMm]|oM|om)?|\((?:[0-9x])+\))+)(?![\w.+\-])")


def _shape_token(text: str, position: int) -> Token | None:
    """Four places (``5431``, ``(54)xx``, ``4M(xx)5``) read as a shape, not as a number."""
    match = _SHAPE_TOKEN.match(text, position)
    if match is None or _places(match.group(1)) != 4:
        return None
    return Token("shape", match.group(1), match.start(1), end=match.end())


def _places(written: str) -> int:
    return sum(len(group) if group else 1 for group, _, _ in _PLACE.findall(written))


def _tokens(text: str) -> list[Token]:
    tokens: list[Token] = []
    position = 0
    text = text.rstrip()
    while position < len(text):
        if len(tokens) == MAX_CONDITION_TOKENS:
            raise _TooLong(
                f"it is longer than {MAX_CONDITION_TOKENS} words, numbers and signs; "
                "no hand needs that: split it, or say it more simply"
            )
        shape = _shape_token(text, position)
        if shape is not None:
            tokens.append(shape)
            position = shape.end
            continue
        match = _TOKEN.match(text, position)
        if match is None or match.end() == position:
            bad = text[position:].strip().split()[0] if text[position:].strip() else text[position:]
            raise ConditionError(f"'{bad}' means nothing in a condition")
        kind = match.lastgroup or ""
        if kind == "strength" and match.group("scale") is None and text[match.end() : match.end() + 1] == "(":
            raise ConditionError(
                f"'{text[match.start(kind) :].split()[0]}': a scale gives the A, K, Q, J and maybe T, "
                "as in hcp(4.5-3-1.5-0.75-0.25)"
            )
        if kind == "scale":
            kind = "strength"
        value = match.group(kind).strip()
        tokens.append(Token(kind, value, match.start(kind), match.group("scale") if kind == "strength" else None))
        position = match.end()
    return tokens


def _scale(written: str) -> Scale:
    values = [float(v) for v in re.split(r"[-,/ ]+", written.strip("() ")) if v]
    return Scale(*values)


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokens(text)
        self.index = 0
        self.depth = 0

    def deeper(self) -> None:
        """One more bracket, ``not`` or sign inside the others; a problem past the limit."""
        self.depth += 1
        if self.depth > MAX_CONDITION_NESTING:
            raise _TooLong(
                f"brackets, 'not' and signs are nested more than {MAX_CONDITION_NESTING} deep; "
                "no hand needs that: write the condition flatter"
            )

    # -- tokens
    def peek(self, offset: int = 0) -> Token | None:
        index = self.index + offset
        return self.tokens[index] if index < len(self.tokens) else None

    def next(self) -> Token:
        token = self.peek()
        if token is None:
            raise ConditionError(f"the condition '{shown(self.text)}' stops too early")
        self.index += 1
        return token

    def is_word(self, *words: str) -> bool:
        token = self.peek()
        return token is not None and token.kind == "word" and token.text.lower() in words

    def is_operator(self, *operators: str) -> bool:
        token = self.peek()
        return token is not None and token.kind == "operator" and token.text in operators

    def unexpected(self, wanted: str) -> ConditionError:
        token = self.peek()
        if token is None:
            return ConditionError(f"the condition '{shown(self.text)}' stops where {wanted} should come")
        return ConditionError(f"'{token.text}' in '{shown(self.text)}': {wanted} should come there")

    # -- grammar
    def condition(self) -> Test:
        test = self.listed()
        if self.peek() is not None:
            raise self.unexpected("'and', 'or', a comma or the end of the condition")
        return test

    def listed(self) -> Test:
        """Parts separated by commas must all hold; a comma binds loosest, as in prose:
        ``12-14 hcp, balanced or 5+ clubs`` is 12-14 HCP and (balanced or 5+ clubs)."""
        parts = [self.any_of()]
        while self.is_operator(","):
            self.next()
            parts.append(self.any_of())
        return parts[0] if len(parts) == 1 else All(tuple(parts))

    def any_of(self) -> Test:
        parts = [self.all_of()]
        while self.is_word("or"):
            self.next()
            parts.append(self.all_of())
        return parts[0] if len(parts) == 1 else Any_(tuple(parts))

    def all_of(self) -> Test:
        parts = [self.negation()]
        while self.is_word("and"):
            self.next()
            parts.append(self.negation())
        return parts[0] if len(parts) == 1 else All(tuple(parts))

    def negation(self) -> Test:
        if self.is_word("not"):
            self.next()
            self.deeper()
            inner = self.negation()
            self.depth -= 1
            return Not(inner)
        return self.single()

    def single(self) -> Test:
        token = self.peek()
        if token is None:
            raise self.unexpected("a condition")
        if token.kind == "shape":
            self.next()
            return _pattern(token.text)
        if token.kind == "word" and token.text.lower() in _CLASSES:
            self.next()
            return ShapeClass(_CLASSES[token.text.lower()])
        if self.is_operator("("):
            saved, depth = self.index, self.depth
            try:
                return self.comparison()
            except _TooLong:
                raise
            except ConditionError:
                self.index, self.depth = saved, depth
            self.next()
            self.deeper()
            inner = self.listed()
            if not self.is_operator(")"):
                raise self.unexpected("')'")
            self.next()
            self.depth -= 1
            return inner
        if token.kind in ("range", "open") or (token.kind == "number" and self._quantity_follows(1)):
            count = self.next()
            quantity = self.quantity()
            return InRange(quantity, *_bounds(count))
        if self._quantity_follows(0):
            saved = self.index
            quantity = self.quantity()
            amount = self.peek()
            if amount is not None and (
                amount.kind in ("range", "open") or (amount.kind == "number" and not self._quantity_follows(1))
            ):
                self.next()
                return InRange(quantity, *_bounds(amount))
            self.index = saved
        return self.comparison()

    def _quantity_follows(self, offset: int) -> bool:
        token = self.peek(offset)
        if token is None:
            return False
        if token.kind in ("strength", "symbol"):
            return True
        return token.kind == "word" and (
            token.text.lower() in _SUIT_NAMES or token.text in VARIABLES or token.text.lower() in _EVALUATIONS
        )

    def quantity(self) -> Quantity:
        token = self.next()
        if token.kind == "strength":
            scale = _scale(token.scale) if token.scale else STANDARD
            written = token.text.lower()
            return Strength(points=not written.startswith("h"), scale=scale, freakiness=written.startswith("f"))
        suit = _suit_ref(token)
        if suit is not None:
            return Length(suit)
        if token.kind == "word" and token.text.lower() in _EVALUATIONS:
            return self.evaluation(token.text.lower())
        self.index -= 1
        raise self.unexpected("hcp, points, playing tricks or a suit")

    def evaluation(self, word: str) -> Tricks | Freakiness:
        """``playing tricks``, ``tricks in hearts``, ``freakiness``: the word is read, what follows is not."""
        if word == "playing":
            if not self.is_word("tricks", "trick"):
                raise self.unexpected("'tricks' (as in '7+ playing tricks')")
            self.next()
            word = "tricks"
        if word in ("tricks", "trick"):
            if not self.is_word("in"):
                return Tricks()
            self.next()
            token = self.peek()
            suit = None if token is None else _suit_ref(token)
            if suit is None:
                raise self.unexpected("a suit (as in '2+ tricks in hearts')")
            self.next()
            return Tricks(suit)
        token = self.peek()
        if token is not None and token.kind == "strength":
            raise ConditionError(
                f"'{word} {token.text}': points counted with freakiness are written 'freakiness points', "
                "as in 16+ freakiness points"
            )
        return Freakiness()

    def comparison(self) -> Test:
        left = self.expression()
        if not self.is_operator("<", "<=", ">", ">=", "=", "==", "!=", "\u2265", "\u2264", "\u2260"):
            raise self.unexpected("a comparison such as > or <=")
        operator = self.next().text
        right = self.expression()
        first = Compare(_OPERATORS.get(operator, operator), left, right)
        if self.is_operator("<", "<=", ">", ">=", "\u2265", "\u2264"):  # 10 <= hcp <= 12
            again = self.next().text
            second = Compare(_OPERATORS.get(again, again), right, self.expression())
            return _as_range(first, second) or All((first, second))
        return first

    def expression(self) -> Expression:
        left = self.term()
        while self.is_operator("+", "-"):
            operator = self.next().text
            left = Arithmetic(operator, left, self.term())
        return left

    def term(self) -> Expression:
        left = self.factor()
        while self.is_operator("*"):
            self.next()
            left = Arithmetic("*", left, self.factor())
        return left

    def factor(self) -> Expression:
        token = self.peek()
        if token is None:
            raise self.unexpected("a number, hcp, points or a suit")
        if token.kind == "number":
            self.next()
            return Number(float(token.text))
        if self.is_operator("("):
            self.next()
            self.deeper()
            inner = self.expression()
            if not self.is_operator(")"):
                raise self.unexpected("')'")
            self.next()
            self.depth -= 1
            return inner
        if self.is_operator("-"):
            self.next()
            self.deeper()
            negative = Arithmetic("-", Number(0), self.factor())
            self.depth -= 1
            return negative
        return self.quantity()


def _suit_ref(token: Token) -> SuitRef | None:
    """The suit a token names (``hearts``, ``♥``, ``!h``, ``M``), or ``None``."""
    if token.kind == "symbol":
        letter = token.text.lstrip("!")
        return SuitRef(strain=Strain.from_letter(TYPED_SUITS.get(letter, letter)))
    if token.kind == "word" and token.text.lower() in _SUIT_NAMES:
        return SuitRef(strain=_SUIT_NAMES[token.text.lower()])
    if token.kind == "word" and token.text in VARIABLES:
        return SuitRef(variable=token.text)
    return None


def _as_range(first: Compare, second: Compare) -> InRange | None:
    """``10 <= hcp <= 12`` as the range it is."""
    low, quantity, high = first.left, first.right, second.right
    same = first.operator == second.operator == "<="
    quantities = (Strength, Length, Tricks, Freakiness)
    if same and isinstance(quantity, quantities) and isinstance(low, Number) and isinstance(high, Number):
        return InRange(quantity, low.value, high.value) if low.value <= high.value else None
    return None


def _bounds(token: Token) -> tuple[float | None, float | None]:
    text = token.text
    if token.kind == "number":
        value = float(text)
        return value, value
    if token.kind == "open":
        value = float(text[:-1])
        return (value, None) if text.endswith("+") else (None, value)
    low, high = (float(part) for part in re.split(r"\s*(?:-|\u2013|\u2014|\.\.)\s*", text))
    if low > high:
        raise ConditionError(f"'{text}' runs backwards: write the smaller number first")
    return low, high


_PLACE = re.compile(r"\(([0-9x]+)\)|([0-9x])(oM|om|[SHDCMm])?")


def _pattern(written: str) -> ShapePattern:
    groups: list[tuple[Place, ...]] = []
    for match in _PLACE.finditer(written):
        if match.group(1) is not None:
            groups.append(tuple(Place(None if c == "x" else int(c)) for c in match.group(1)))
        else:
            length = None if match.group(2) == "x" else int(match.group(2))
            letter = match.group(3)
            suit = None
            if letter:
                suit = SuitRef(variable=letter) if letter in VARIABLES else SuitRef(strain=Strain.from_letter(letter))
            groups.append((Place(length, suit),))
    places = [place for group in groups for place in group]
    if len(places) != 4:
        raise ConditionError(
            f"the shape '{written}' has {len(places)} places: a shape gives four, as in 5431 or (54)xx"
        )
    lengths = [place.length for place in places if place.length is not None]
    if sum(lengths) > 13 or (len(lengths) == 4 and sum(lengths) != 13):
        raise ConditionError(f"the shape '{written}' does not add up to 13 cards")
    return ShapePattern(written, tuple(groups))


def parse_condition(text: str, location: Location | None = None) -> Condition:
    """Read a condition (the text between the braces); a :class:`BMLError` says what is wrong."""
    if not text.strip():
        raise BMLError("'{{ }}' holds no condition: write one such as {{ 15-17 hcp, balanced }}", location, Kind.SYNTAX)
    try:
        test = _Parser(text).condition()
    except ConditionError as error:
        raise BMLError(
            f"the hand condition {{{{{shown(text)}}}}} cannot be read: {error.message}", location, Kind.SYNTAX
        ) from None
    except (ValueError, TypeError) as error:  # a scale with too many values, a bad number
        raise BMLError(
            f"the hand condition {{{{{shown(text)}}}}} cannot be read: {error}", location, Kind.SYNTAX
        ) from None
    return Condition(test, text.strip(), location)


def condition_opening(line: str) -> int:
    """Where the first ``{{`` that may open a condition stands in ``line`` (-1: none);
    a ``{`` after a backslash opens nothing."""
    start = line.find(CONDITION_OPENS)
    while start > 0 and line[start - 1] == BRACE_ESCAPE:
        start = line.find(CONDITION_OPENS, start + 1)
    return start


def find_condition(line: str) -> tuple[str, str | None]:
    """Split a description line into its text and the condition ending it (``None``: none).

    The condition runs from the first ``{{`` to the ``}}`` that ends the line; in the text, each
    backslash before a ``{`` is dropped (:func:`escape_braces`). Linear in the length of the line.
    """
    start = condition_opening(line)
    end = len(line.rstrip()) - 2
    if start < 0 or end < start + 2 or not line.startswith("}}", end):
        return _unescaped(line), None
    return _unescaped(line[:start].rstrip()), line[start + 2 : end]


def escape_braces(text: str) -> str:
    """``text`` as a description line that BML reads back as ``text``: a backslash before each ``{``
    of a ``{{``, and before each ``{`` that follows a backslash."""
    if "{" not in text:
        return text
    pieces = []
    before = ""
    for index, character in enumerate(text):
        if character == "{" and (before in ("{", BRACE_ESCAPE) or text.startswith("{{", index)):
            pieces.append(BRACE_ESCAPE)
        pieces.append(character)
        before = character
    return "".join(pieces)


def _unescaped(text: str) -> str:
    return text.replace(BRACE_ESCAPE + "{", "{") if BRACE_ESCAPE + "{" in text else text
