"""BML inline markup as tokens.

Text in paragraphs, lists, headings and bid descriptions may contain suit
symbols (``!c !d !h !s``), bids (``1C``, ``3NT``), dashes (``--``, ``---``)
and the font styles ``/italic/``, ``*bold*`` and ``=monospace=``. The parser
turns such text into a tuple of tokens once; every output format then renders
the tokens its own way and escapes what it must.

The style markers follow org-mode's rule so that ordinary slashes and signs
stay text: a marker opens after a space, a bracket or the start of the text
and before a non-space; it closes after a non-space and before a space,
punctuation or the end (``4!h/!s``, ``Pass/correct`` and ``1N = 15`` are text).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .calls import Strain

__all__ = [
    "Bid",
    "Dash",
    "Inline",
    "LineBreak",
    "Styled",
    "SuitSymbol",
    "Text",
    "parse_inline",
    "plain_text",
]


@dataclass(frozen=True)
class Text:
    text: str


@dataclass(frozen=True)
class SuitSymbol:
    strain: Strain


@dataclass(frozen=True)
class Bid:
    """A bid written in text, such as ``1C`` or ``3NT``."""

    level: int
    strain: Strain


@dataclass(frozen=True)
class Dash:
    """``--`` (an en dash, for ranges such as 12--14) or ``---`` (an em dash)."""

    em: bool


@dataclass(frozen=True)
class LineBreak:
    pass


@dataclass(frozen=True)
class Styled:
    """``italic``, ``bold`` or ``monospace`` text; monospace holds plain text only."""

    style: str
    children: tuple[Inline, ...]


Inline = Text | SuitSymbol | Bid | Dash | LineBreak | Styled

STYLES = {"/": "italic", "*": "bold", "=": "monospace"}
_OPENERS = " \t\n([{'\""
_CLOSERS = " \t\n.,;:!?)]}'\"-"
_TOKEN = re.compile(
    r"(?P<suit>![cdhsCDHS])"
    r"|(?P<bid>(?<![\w!])(?P<level>[1-7])(?P<strain>NT|[CDHSN])(?![\w]))"
    r"|(?P<dash>---?)"
    r"|(?P<style>[/*=])"
    r"|(?P<newline>\n)"
)
SUIT_CHARACTERS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def parse_inline(text: str) -> tuple[Inline, ...]:
    """Split ``text`` into inline tokens; a newline becomes a :class:`LineBreak`."""
    tokens: list[Inline] = []
    _scan(text, tokens)
    return tuple(tokens)


def _append_text(tokens: list[Inline], text: str) -> None:
    if not text:
        return
    if tokens and isinstance(tokens[-1], Text):
        tokens[-1] = Text(tokens[-1].text + text)
    else:
        tokens.append(Text(text))


def _closing(text: str, marker: str, start: int) -> int:
    """Index of the marker closing a span that opened at ``start - 1``, or -1."""
    position = start + 1
    while True:
        position = text.find(marker, position)
        if position < 0 or "\n" in text[start:position]:
            return -1
        before_ok = not text[position - 1].isspace()
        after_ok = position + 1 == len(text) or text[position + 1] in _CLOSERS
        if before_ok and after_ok:
            return position
        position += 1


def _scan(text: str, tokens: list[Inline]) -> None:
    position = 0
    while True:
        match = _TOKEN.search(text, position)
        if match is None:
            _append_text(tokens, text[position:])
            return
        _append_text(tokens, text[position : match.start()])
        position = match.end()
        kind = match.lastgroup
        if kind == "suit":
            tokens.append(SuitSymbol(Strain.from_letter(match.group("suit")[1])))
        elif kind == "bid":
            strain = match.group("strain")
            tokens.append(Bid(int(match.group("level")), Strain.from_letter(strain[0])))
        elif kind == "dash":
            tokens.append(Dash(em=len(match.group("dash")) == 3))
        elif kind == "newline":
            tokens.append(LineBreak())
        else:
            marker = match.group("style")
            start = match.start()
            opens = (start == 0 or text[start - 1] in _OPENERS) and (
                start + 1 < len(text) and not text[start + 1].isspace() and text[start + 1] != marker
            )
            end = _closing(text, marker, start + 1) if opens else -1
            if end < 0:
                _append_text(tokens, marker)
                continue
            inner = text[start + 1 : end]
            if STYLES[marker] == "monospace":
                children: tuple[Inline, ...] = (Text(inner),)
            else:
                children = parse_inline(inner)
            tokens.append(Styled(STYLES[marker], children))
            position = end + 1


def plain_text(tokens: tuple[Inline, ...] | list[Inline], *, symbols: bool = True) -> str:
    """The tokens as plain text: suit symbols as Unicode (or ``!c`` when not ``symbols``)."""
    parts: list[str] = []
    for token in tokens:
        if isinstance(token, Text):
            parts.append(token.text)
        elif isinstance(token, SuitSymbol):
            letter = token.strain.value
            parts.append(SUIT_CHARACTERS[letter] if symbols else "!" + letter.lower())
        elif isinstance(token, Bid):
            if token.strain is Strain.NOTRUMP:
                parts.append(f"{token.level}NT" if symbols else f"{token.level}N")
            else:
                letter = token.strain.value
                parts.append(f"{token.level}{SUIT_CHARACTERS[letter] if symbols else letter}")
        elif isinstance(token, Dash):
            parts.append(("\u2014" if token.em else "\u2013") if symbols else ("---" if token.em else "--"))
        elif isinstance(token, LineBreak):
            parts.append("\n")
        else:
            parts.append(plain_text(token.children, symbols=symbols))
    return "".join(parts)
