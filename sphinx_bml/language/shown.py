"""How a table row, a call, a sequence and a meaning are shown, as tokens.

The one place that says how the calls and meanings of the notes are drawn,
the same for every builder and for the pages made from the whole site:
:func:`meaning_tokens` turns the tokens of a meaning
(:attr:`~sphinx_bml.language.model.Description.inline`) into five kinds of
drawn token: :class:`~.inline.Text` (bids and dashes spelled out,
neighbouring text joined), :class:`~.inline.SuitSymbol`,
:class:`~.inline.LineBreak`, :class:`~.inline.Styled` and
:class:`~.inline.SequenceLink` (its title drawn as the ``:bml:seq:`` role's:
``1NT–2♣``); :func:`call_tokens` does the same for a row's calls,
:func:`written_tokens` for the calls of a reference. With abbreviations,
:func:`with_abbreviations` adds a sixth, the
:class:`~.abbreviations.Abbreviation`. A row's alert mark
(:data:`ALERT_MARK`) and hand condition (:func:`condition_text`) are drawn
by each builder its own way; :func:`plain` is the drawn tokens as text,
:func:`shortened` a glimpse of a long one, :func:`clipped` of a long meaning's tokens.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from functools import lru_cache

from .abbreviations import Abbreviation, split_abbreviations
from .calls import Call, CallKind, Sequence, Strain
from .errors import BMLError
from .inline import Bid, Dash, Inline, LineBreak, SequenceLink, Styled, SuitSymbol, Text, parse_inline
from .model import BidNode, TableCall
from .notation import CALL_LABELS, Reference, parse_reference, short_form
from .suits import SUIT_GLYPHS

#: An en dash between the calls of a sequence and for ``--``; an em dash for ``---``.
DASHES = {False: "\u2013", True: "\u2014"}


def _add_text(shown: list[Inline], text: str) -> None:
    if shown and isinstance(shown[-1], Text):
        shown[-1] = Text(shown[-1].text + text)
    else:
        shown.append(Text(text))


def _add_strain(shown: list[Inline], strain: Strain) -> None:
    if strain is Strain.NOTRUMP:
        _add_text(shown, "NT")
    else:
        shown.append(SuitSymbol(strain))


def meaning_tokens(tokens: tuple[Inline, ...]) -> tuple[Inline, ...]:
    """Inline tokens as drawn: bids as a level and a suit, dashes as en and em dashes, text joined."""
    shown: list[Inline] = []
    text: list[str] = []  # the text since the last token that is not text, joined into one
    for token in tokens:
        drawn: Inline
        if type(token) is Text:
            text.append(token.text)
            continue
        if type(token) is Dash:
            text.append(DASHES[token.em])
            continue
        if type(token) is Bid or type(token) is SuitSymbol:
            if type(token) is Bid:
                text.append(str(token.level))
            if token.strain is Strain.NOTRUMP:
                text.append("NT")
                continue
            drawn = _SUIT_SYMBOLS[token.strain]
        elif isinstance(token, SequenceLink):
            title = None if token.explicit else reference_tokens(token.target)
            title = meaning_tokens(token.title) if title is None else title
            drawn = SequenceLink(token.target, title, token.explicit)
        elif isinstance(token, Styled):
            drawn = Styled(token.style, meaning_tokens(token.children))
        else:
            drawn = token
        if text:
            shown.append(Text("".join(text)))
            text = []
        shown.append(drawn)
    if text:
        shown.append(Text("".join(text)))
    return tuple(shown)


@lru_cache(maxsize=1 << 12)
def drawn_meaning(text: str) -> tuple[Inline, ...]:
    """:func:`meaning_tokens` of a meaning's text (:attr:`~.model.Description.text`): kept
    for the texts drawn last, as the same meanings come back row after row."""
    return meaning_tokens(parse_inline(text))


#: The symbol of each suit: the same token wherever it is drawn.
_SUIT_SYMBOLS = {strain: SuitSymbol(strain) for strain in Strain if strain is not Strain.NOTRUMP}


def reference_tokens(target: str) -> tuple[Inline, ...] | None:
    """A reference's calls as written, drawn as the ``:bml:seq:`` role shows them:
    ``1NT–2♣``, ``(1NT)–Dbl``; ``None`` when it cannot be read."""
    try:
        reference = parse_reference(target)
    except BMLError:
        return None
    return written_tokens(reference)


def written_tokens(reference: Reference) -> tuple[Inline, ...]:
    """The calls of a reference as written, with suit symbols: ``1NT–2♣``, ``1♣–(1♠)–Dbl``,
    an opponents' call with a meaning followed by it in italics: ``(2♣ /Landy/)``."""
    return _written_calls(reference.written)


def sequence_tokens(sequence: Sequence) -> tuple[Inline, ...]:
    """A concrete sequence as the pages write it, with suit symbols: ``1NT–2♣``, ``(1♥)–Dbl``."""
    return _written_calls(short_form(sequence))


def concrete_call_tokens(call: Call) -> tuple[Inline, ...]:
    """One concrete call, with its suit symbol: ``1♣``, ``1NT``, ``Dbl``."""
    return _written_calls([(call, False)])


def _written_calls(written: Iterable[tuple[Call, bool]]) -> tuple[Inline, ...]:
    """Calls, each with whether it is the opponents' (in parentheses), joined by en dashes."""
    shown: list[Inline] = []
    for index, (call, theirs) in enumerate(written):
        if index:
            _add_text(shown, DASHES[False])
        if theirs:
            _add_text(shown, "(")
        _add_call(shown, call)
        if call.qualification is not None:
            _add_text(shown, "\u00a0")
            shown.append(Styled("italic", (Text(call.qualification),)))
        if theirs:
            _add_text(shown, ")")
    return tuple(shown)


def _add_call(shown: list[Inline], call: Call) -> None:
    """A concrete call: ``1♣``, ``1NT``, ``Pass``, ``Dbl``."""
    if call.kind is CallKind.BID:
        assert call.strain is not None
        _add_text(shown, str(call.level))
        _add_strain(shown, call.strain)
    else:
        _add_text(shown, CALL_LABELS[str(call.plain)])


def _add_table_call(shown: list[Inline], written: TableCall) -> None:
    if not written.ours:
        _add_text(shown, "(")
    call = written.call
    if written.parts:  # 2♠/3♥
        for index, part in enumerate(written.parts):
            if index:
                _add_text(shown, "/")
            _add_table_call(shown, replace(part, ours=True))
    elif call is not None:
        _add_call(shown, call)
    elif written.strains and written.variable is None and written.colour is None:  # 2HS, not 2M or 1red
        _add_text(shown, str(written.level))
        for strain in written.strains:
            _add_strain(shown, strain)
    else:
        _add_text(shown, written.written.partition("{")[0])
    if written.qualification:  # what the opponents' call means, in italics: (2♣ Landy)
        _add_text(shown, "\u00a0")
        shown.append(Styled("italic", (Text(written.qualification),)))
    if not written.ours:
        _add_text(shown, ")")


def call_tokens(row: BidNode) -> tuple[Inline, ...]:
    """A row's calls as written, with suit symbols: ``1♥``, ``(1NT)``, ``2♥♠``, ``2M``, ``1N–2♣``."""
    return calls_shown(row.calls)


@lru_cache(maxsize=4096)
def calls_shown(calls: tuple[TableCall, ...]) -> tuple[Inline, ...]:
    """:func:`call_tokens` of the calls of a row: the same few calls come back on every page, made once."""
    shown: list[Inline] = []
    for index, written in enumerate(calls):
        if index:
            _add_text(shown, DASHES[False])
        _add_table_call(shown, written)
    return tuple(shown)


@lru_cache(maxsize=4096)
def calls_text(calls: tuple[TableCall, ...]) -> str:
    """:func:`calls_shown` as text."""
    return plain(calls_shown(calls))


#: What follows an alertable call: ``2♦!``.
ALERT_MARK = "!"
#: What an alert mark stands for, in words (the accessible name of the HTML mark).
ALERT_WORDS = "alertable"


def condition_text(row: BidNode) -> str:
    """A row's hand condition in plain words (``15–17 HCP, balanced``), ``""`` without one.

    A pattern row (``2M``) describes its own condition, as written, not each suit's.
    """
    return row.condition.describe() if row.condition is not None else ""


#: What smart quotes change (quotes, ``--``, ``...``, backslash escapes): text without it stays as it is.
_EDUCATED = re.compile(r"['\"`\\]|--|\.\.\.|\. \. \.")


#: Educates the quotes of texts as Sphinx's smart quotes do to prose: ``(kind, text)`` pairs
#: (kind ``"plain"`` or ``"literal"``) in, the texts out (docutils' ``educate_tokens``).
Educate = Callable[[list[tuple[str, str]]], Iterable[str]]


def educated(tokens: tuple[Inline, ...], educate: Educate) -> tuple[Inline, ...]:
    """Drawn tokens with their quotes, dashes and ellipses educated as Sphinx's smart quotes
    educate prose (monospace kept): ``educate`` is docutils' ``educate_tokens`` with the
    site's action and language, taking ``("plain" or "literal", text)`` pairs."""
    if not _educable(tokens):
        return tokens
    return _replace(tokens, iter(educate(list(_texts(tokens, literal=False)))))


def _educable(tokens: tuple[Inline, ...]) -> bool:
    """Whether the text of ``tokens`` outside monospace has something for the smart quotes to change."""
    for token in tokens:
        if type(token) is Text:
            if _EDUCATED.search(token.text):
                return True
        elif isinstance(token, Styled) and token.style != "monospace" and _educable(token.children):
            return True
    return False


def _texts(tokens: tuple[Inline, ...], literal: bool) -> Iterator[tuple[str, str]]:
    """The texts in order, as SmartQuotes reads them (a suit symbol's text too, as context)."""
    for token in tokens:
        if isinstance(token, Text):
            yield ("literal" if literal else "plain"), token.text
        elif isinstance(token, SuitSymbol):
            yield "plain", SUIT_GLYPHS[token.strain.value]
        elif isinstance(token, Styled):
            yield from _texts(token.children, literal or token.style == "monospace")


def _replace(tokens: tuple[Inline, ...], educated: Iterator[str]) -> tuple[Inline, ...]:
    shown: list[Inline] = []
    for token in tokens:
        if isinstance(token, Text):
            shown.append(Text(next(educated)))
        elif isinstance(token, SuitSymbol):
            next(educated)
            shown.append(token)
        elif isinstance(token, Styled):
            shown.append(Styled(token.style, _replace(token.children, educated)))
        else:
            shown.append(token)
    return tuple(shown)


#: A drawn token of a meaning, with the abbreviations found in its text.
Shown = Inline | Abbreviation


def with_abbreviations(tokens: tuple[Inline, ...], known: dict[str, str]) -> tuple[Shown, ...]:
    """The text of a meaning's tokens cut around the ``known`` abbreviations
    it uses as whole words (:func:`~sphinx_bml.language.abbreviations.split_abbreviations`);
    styled text is left as it is."""
    if not known:
        return tokens
    shown: list[Shown] = []
    for token in tokens:
        if isinstance(token, Text):
            pieces = split_abbreviations(token.text, known)
            shown += [Text(piece) if isinstance(piece, str) else piece for piece in pieces]
        else:
            shown.append(token)
    return tuple(shown)


def plain(tokens: tuple[Inline, ...], *, marks: dict[str, str] | None = None) -> str:
    """Drawn tokens as text with suit symbols; ``marks``: the sign around each style (else none)."""
    parts: list[str] = []
    for token in tokens:
        if isinstance(token, Text):
            parts.append(token.text)
        elif isinstance(token, SuitSymbol):
            parts.append(SUIT_GLYPHS[token.strain.value])
        elif isinstance(token, LineBreak):
            parts.append("\n")
        elif isinstance(token, Styled):
            mark = marks.get(token.style, "") if marks else ""
            parts.append(mark + plain(token.children, marks=marks) + mark)
        elif isinstance(token, SequenceLink):
            parts.append(plain(token.title, marks=marks))
    return "".join(parts)


def shortened(text: str, most: int) -> str:
    """``text`` if it has at most ``most`` characters, else its beginning ended
    by an ellipsis, ``most`` characters in all: a long meaning where only a
    glimpse of it is shown (a search result, a link's tooltip)."""
    if len(text) <= most:
        return text
    return text[: most - 1].rstrip() + "\u2026"


def clipped(tokens: tuple[Inline, ...], most: int | None) -> tuple[Inline, ...]:
    """Drawn tokens on one line (a line break is a space), and when they show more than ``most``
    characters, their beginning up to the last whole word that fits, ended by an ellipsis (a
    styled piece or a link that does not fit whole is left out): a meaning where the room is
    counted (a convention card)."""
    shown: list[Inline] = []
    room = most if most is not None else -1
    for token in tokens:
        token = Text(" ") if isinstance(token, LineBreak) else token
        length = len(plain((token,)))
        if room < 0 or length <= room:
            if isinstance(token, Text):
                _add_text(shown, token.text)
            else:
                shown.append(token)
            room -= length if room >= 0 else 0
            continue
        if isinstance(token, Text):
            cut = token.text[: room + 1]
            words = cut[: cut.rfind(" ")] if " " in cut else ""
            if words.strip():
                _add_text(shown, words)
        while shown and isinstance(shown[-1], Text) and shown[-1].text.rstrip(" ,;:.(–-") != shown[-1].text:
            trimmed = shown[-1].text.rstrip(" ,;:.(–-")
            if trimmed:
                shown[-1] = Text(trimmed)
            else:
                shown.pop()
        _add_text(shown, "\u2026")
        break
    return tuple(shown)


def row_text(row: BidNode) -> str:
    """A row's call and meaning on one line: what the search index and the checks of characters read."""
    # the plain text kept with the model: no second parse of the markup after the doctree is loaded
    return f"{calls_text(row.calls)} {row.description.plain_text}"
