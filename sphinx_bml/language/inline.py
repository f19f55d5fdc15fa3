"""BML inline markup as tokens.

Text in paragraphs, lists, headings and bid descriptions may contain suit
symbols (``!c !d !h !s``, in small letters only: players start meanings with
``!`` as an alert mark, as in ``!STR F`` or ``!Choice``), bids (``1C``, ``3NT``, and
bids naming several strains in rank order, ``1HS``, ``3CDHSN``), dashes (``--``, ``---``)
the font styles ``/italic/``, ``*bold*`` and ``=monospace=``, and links to a
sequence written as Sphinx's role, ``:bml:seq:`1N-2C-2D``` or
``:bml:seq:`the answers <1N-2C>``` (:class:`SequenceLink`). The parser
turns such text into a tuple of tokens once; every output format then renders
the tokens its own way and escapes what it must.

The style markers follow org-mode's rule so that ordinary slashes and signs
stay text: a marker opens after a space, a bracket or the start of the text
and before a non-space; it closes after a non-space and before a space,
punctuation or the end (``4!h/!s``, ``Pass/correct`` and ``1N = 15`` are text).

Reading is linear in the length of the text: the places where each marker
could close a span are found once per text (:class:`_Closers`), and text is
gathered in pieces and joined once.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache

from .calls import Strain
from .suits import SUIT_GLYPHS

__all__ = [
    "Bid",
    "Dash",
    "Inline",
    "LineBreak",
    "SequenceLink",
    "Styled",
    "SuitSymbol",
    "Text",
    "parse_inline",
    "plain_text",
    "sequence_links",
    "without_links",
]


@dataclass(frozen=True, slots=True)
class Text:
    text: str


@dataclass(frozen=True, slots=True)
class SuitSymbol:
    strain: Strain


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid written in text, such as ``1C`` or ``3NT``."""

    level: int
    strain: Strain


@dataclass(frozen=True, slots=True)
class Dash:
    """``--`` (an en dash, for ranges such as 12--14) or ``---`` (an em dash)."""

    em: bool


@dataclass(frozen=True, slots=True)
class LineBreak:
    pass


@dataclass(frozen=True, slots=True)
class Styled:
    """``italic``, ``bold`` or ``monospace`` text; monospace holds plain text only."""

    style: str
    children: tuple[Inline, ...]


@dataclass(frozen=True, slots=True)
class SequenceLink:
    """``:bml:seq:`1N-2C``` or ``:bml:seq:`Stayman <1N-2C>```: a link to the row of a sequence.

    ``target`` is the reference as written (``1N-2C``, ``1N-2C #SEAT 34``),
    ``title`` the tokens shown: the explicit title's (``explicit``), else
    the target's own. Whether the target can be read and where it leads
    is for the site to say (:func:`~sphinx_bml.language.notation.parse_reference`).
    """

    target: str
    title: tuple[Inline, ...]
    explicit: bool = False


Inline = Text | SuitSymbol | Bid | Dash | LineBreak | Styled | SequenceLink

STYLES = {"/": "italic", "*": "bold", "=": "monospace"}
_OPENERS = " \t\n([{'\""
_CLOSERS = " \t\n.,;:!?)]}'\"-"
#: A link to a sequence, as Sphinx's role is written: ``:bml:seq:`1N-2C```.
SEQUENCE_ROLE = re.compile(r":bml:seq:`(?P<body>[^`\n]+)`")
#: An explicit title before the target: ``Stayman <1N-2C>``.
_EXPLICIT_TITLE = re.compile(r"(?P<title>.*?)\s*<(?P<target>[^<>]*)>", re.DOTALL)
_TOKEN = re.compile(
    r"(?=[:!1-7\-/*=\n])"  # the first character of every token below: the search skips the rest at once
    rf"(?:(?P<link>{SEQUENCE_ROLE.pattern})"
    r"|(?P<suit>![cdhs])"
    r"|(?P<bid>(?<![\w!])(?P<level>[1-7])(?P<strain>NT|[CDHSN])(?![\w]))"
    r"|(?P<bids>(?<![\w!])(?P<bids_level>[1-7])(?P<strains>(?=[CDHSN]{2})C?D?H?S?N?)(?![\w]))"
    r"|(?P<dash>---?)"
    r"|(?P<style>[/*=])"
    r"|(?P<newline>\n))"
)


@lru_cache(maxsize=1 << 13)
def parse_inline(text: str) -> tuple[Inline, ...]:
    """Split ``text`` into inline tokens; a newline becomes a :class:`LineBreak`.

    The tokens cannot change, so the same text is read once: notes say "To play"
    or "Forcing" on many rows, and a module included in several places repeats
    every meaning it holds."""
    tokens: list[Inline] = []
    _scan(text, tokens)
    return tuple(tokens)


class _TextPieces:
    """Tokens being built, with runs of text gathered in pieces and joined once."""

    def __init__(self, tokens: list[Inline]) -> None:
        self.tokens = tokens
        self.pieces: list[str] = []

    def text(self, piece: str) -> None:
        if piece:
            self.pieces.append(piece)

    def token(self, token: Inline) -> None:
        self.flush()
        self.tokens.append(token)

    def flush(self) -> None:
        if self.pieces:
            self.tokens.append(Text("".join(self.pieces)))
            self.pieces.clear()


class _Closers:
    """Where each style marker of a text may close a span, found once.

    A marker closes after a non-space and before a closing character or the
    end; a span never crosses a line end.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.positions: dict[str, list[int]] = {}

    def closing(self, marker: str, start: int) -> int:
        """Index of the marker closing a span whose text starts at ``start``, or -1."""
        positions = self.positions.get(marker)
        if positions is None:
            positions = self.positions[marker] = self._find(marker)
        index = bisect_left(positions, start + 1)
        if index == len(positions):
            return -1
        position = positions[index]
        line_end = self.text.find("\n", start, position)
        return -1 if line_end >= 0 else position

    def _find(self, marker: str) -> list[int]:
        text = self.text
        found = []
        position = text.find(marker, 1)
        while position >= 0:
            before_ok = not text[position - 1].isspace()
            after_ok = position + 1 == len(text) or text[position + 1] in _CLOSERS
            if before_ok and after_ok:
                found.append(position)
            position = text.find(marker, position + 1)
        return found


def _scan(text: str, tokens: list[Inline]) -> None:
    out = _TextPieces(tokens)
    pieces = out.pieces  # the text since the last token, joined into one by ``out.flush``
    closers: _Closers | None = None  # made at the first style marker: most texts have none
    position = 0
    while True:
        match = _TOKEN.search(text, position)
        if match is None:
            if position < len(text):
                pieces.append(text[position:])
            out.flush()
            return
        start = match.start()
        if start > position:
            pieces.append(text[position:start])
        position = match.end()
        kind = match.lastgroup
        if kind == "dash":
            out.token(_DASHES[position - start == 3])
        elif kind == "bid":
            out.token(_BIDS[text[start], text[start + 1]])
        elif kind == "suit":
            out.token(_SUIT_SYMBOLS[text[start + 1]])
        elif kind == "style":
            marker = text[start]
            opens = (start == 0 or text[start - 1] in _OPENERS) and (
                start + 1 < len(text) and not text[start + 1].isspace() and text[start + 1] != marker
            )
            if opens and closers is None:
                closers = _Closers(text)
            end = closers.closing(marker, start + 1) if closers is not None and opens else -1
            if end < 0:
                pieces.append(marker)
                continue
            inner = text[start + 1 : end]
            if STYLES[marker] == "monospace":
                children: tuple[Inline, ...] = (Text(inner),)
            else:
                children = parse_inline(inner)
            out.token(Styled(STYLES[marker], children))
            position = end + 1
        elif kind == "newline":
            out.token(_LINE_BREAK)
        elif kind == "bids":
            _several_bids(int(match.group("bids_level")), match.group("strains"), out)
        else:
            _link(match.group("body"), out)


#: The tokens that hold no text of their own, made once: a big system reads tens of thousands.
_SUIT_SYMBOLS = {letter.lower(): SuitSymbol(Strain.from_letter(letter)) for letter in "CDHS"}
_BIDS = {(str(level), letter): Bid(level, Strain.from_letter(letter)) for level in range(1, 8) for letter in "CDHSN"}
_DASHES = {em: Dash(em) for em in (False, True)}
_LINE_BREAK = LineBreak()


def _several_bids(level: int, strains: str, out: _TextPieces) -> None:
    """``1HS``, ``2DHS``, ``3CDHSN``: the bid in each strain named, shown as one
    level and the strains (``1♥♠``, ``3♣♦♥♠NT``), as bridge-markup shows them. Only
    strains named once each, in rank order, make such a bid: ``3DC`` or ``2HH``
    stay words."""
    out.token(_BIDS[str(level), strains[0]])
    for letter in strains[1:]:
        if letter == "N":
            out.text("NT")
        else:
            out.token(_SUIT_SYMBOLS[letter.lower()])


def _link(body: str, out: _TextPieces) -> None:
    """The tokens of a role's text: a :class:`SequenceLink`, or with ``!`` first
    (``:bml:seq:`!1N-2C```, as Sphinx's roles) the text alone, not linked."""
    if body.startswith("!"):
        for token in parse_inline(body[1:]):
            if isinstance(token, Text):
                out.text(token.text)
            else:
                out.token(token)
        return
    explicit = _EXPLICIT_TITLE.fullmatch(body)
    if explicit is not None and explicit.group("title"):
        out.token(SequenceLink(explicit.group("target").strip(), parse_inline(explicit.group("title")), True))
    else:
        target = body.strip()
        out.token(SequenceLink(target, parse_inline(target)))


def link_text(body: str) -> str:
    """What a role's text shows, as BML text: its title, else its target (``!`` left out)."""
    body = body.removeprefix("!")
    explicit = _EXPLICIT_TITLE.fullmatch(body)
    if explicit is not None and explicit.group("title"):
        return explicit.group("title")
    return body.strip()


def without_links(text: str) -> str:
    """BML text with each link to a sequence written as the text it shows:
    ``see :bml:seq:`1N-2C-2D``` gives ``see 1N-2C-2D`` (what a ``.bss`` file holds)."""
    if ":bml:seq:" not in text:
        return text
    return SEQUENCE_ROLE.sub(lambda match: link_text(match.group("body")), text)


def sequence_links(tokens: tuple[Inline, ...]) -> list[SequenceLink]:
    """The links to sequences among ``tokens``, styled text included, in order."""
    found: list[SequenceLink] = []
    for token in tokens:
        if isinstance(token, SequenceLink):
            found.append(token)
        elif isinstance(token, Styled):
            found += sequence_links(token.children)
    return found


def plain_text(tokens: tuple[Inline, ...] | list[Inline], *, symbols: bool = True) -> str:
    """The tokens as plain text: suit symbols as Unicode (or ``!c`` when not ``symbols``)."""
    parts: list[str] = []
    for token in tokens:
        if isinstance(token, Text):
            parts.append(token.text)
        elif isinstance(token, SuitSymbol):
            letter = token.strain.value
            parts.append(SUIT_GLYPHS[letter] if symbols else "!" + letter.lower())
        elif isinstance(token, Bid):
            if token.strain is Strain.NOTRUMP:
                parts.append(f"{token.level}NT" if symbols else f"{token.level}N")
            else:
                letter = token.strain.value
                parts.append(f"{token.level}{SUIT_GLYPHS[letter] if symbols else letter}")
        elif isinstance(token, Dash):
            parts.append(("\u2014" if token.em else "\u2013") if symbols else ("---" if token.em else "--"))
        elif isinstance(token, LineBreak):
            parts.append("\n")
        elif isinstance(token, SequenceLink):
            parts.append(plain_text(token.title, symbols=symbols))
        else:
            parts.append(plain_text(token.children, symbols=symbols))
    return "".join(parts)
