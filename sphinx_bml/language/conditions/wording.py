"""Wording: a test in plain words, as the tables show it (``15–17 HCP, balanced``)."""

from __future__ import annotations

from .hands import figure
from .tree import (
    All,
    Any_,
    Compare,
    Expression,
    Freakiness,
    InRange,
    Length,
    Number,
    ShapeClass,
    ShapePattern,
    Strength,
    SuitRef,
    Test,
    Tricks,
)

__all__ = ["describe"]


def describe(test: Test, level: int = 0) -> str:
    """``level``: 0 where a comma lists the parts, 1 inside an ``or``, 2 inside an ``and`` inside an ``or``."""
    if isinstance(test, InRange):
        return _describe_range(test)
    if isinstance(test, Compare):
        return _describe_compare(test)
    if isinstance(test, ShapeClass):
        return "any shape" if test.name == "any" else test.name
    if isinstance(test, ShapePattern):
        return f"shape {_describe_pattern(test)}"
    if isinstance(test, All):
        if level == 0:
            return ", ".join(describe(part, 0) for part in test.parts)
        text = " and ".join(describe(part, 2) for part in test.parts)
        return text if level == 1 else f"({text})"
    if isinstance(test, Any_):
        text = " or ".join(describe(part, 1) for part in test.parts)
        return text if level < 2 else f"({text})"
    inner = describe(test.part, 2)
    simple = isinstance(test.part, (InRange, ShapeClass, ShapePattern)) or inner.startswith("(")
    return f"not {inner}" if simple else f"not ({inner})"


def _describe_range(test: InRange) -> str:
    one = test.high == 1 and test.low in (None, 1)  # "1 heart", "at most 1 card in a major"
    if isinstance(test.quantity, (Strength, Tricks, Freakiness)):
        unit = test.quantity.words
        if isinstance(test.quantity, Tricks) and one:
            unit = unit.replace("tricks", "trick")
    else:
        unit = test.quantity.suit.words
        if test.quantity.suit.strain is None:
            unit = f"{'card' if one else 'cards'} in {unit}"
        elif one:
            unit = unit.removesuffix("s")
    low, high = test.low, test.high
    if low is not None and high is not None:
        amount = figure(low) if low == high else f"{figure(low)}\u2013{figure(high)}"
    elif low is not None:
        amount = f"{figure(low)}+"
    elif high is not None:
        amount = f"at most {figure(high)}"
    else:
        amount = "any"
    return f"{amount} {unit}"


def _describe_compare(test: Compare) -> str:
    if isinstance(test.left, Length) and isinstance(test.right, Length) and test.operator in (">", ">="):
        left, right = test.left.suit.words, test.right.suit.words
        if test.operator == ">":
            return f"{left} longer than {right}"
        return f"{left} at least as long as {right}"
    symbol = {"<=": "\u2264", ">=": "\u2265", "!=": "\u2260", "==": "="}.get(test.operator, test.operator)
    return f"{_describe_expression(test.left)} {symbol} {_describe_expression(test.right)}"


def _describe_expression(expression: Expression) -> str:
    if isinstance(expression, Number):
        return figure(expression.value)
    if isinstance(expression, (Strength, Tricks, Freakiness)):
        return expression.words
    if isinstance(expression, Length):
        return expression.suit.words
    left, right = _describe_expression(expression.left), _describe_expression(expression.right)
    if expression.operator == "*":
        return f"{left}\u00d7{right}"
    return f"{left} {expression.operator} {right}"


def _describe_pattern(pattern: ShapePattern) -> str:
    parts = []
    for group in pattern.groups:
        text = "".join(
            ("x" if place.length is None else str(place.length))
            + ("" if place.suit is None else _pattern_letter(place.suit))
            for place in group
        )
        parts.append(f"({text})" if len(group) > 1 else text)
    return "".join(parts)


def _pattern_letter(ref: SuitRef) -> str:
    if ref.strain is not None:
        return ref.strain.value
    return ref.variable or "suit"
