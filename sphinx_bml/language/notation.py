"""How calls and concrete sequences are spelled for people and for links.

* a call **label** is a call for reading: ``1♣``, ``1NT``, ``Pass``, ``Dbl``;
  a suit has its glyph and its name (:mod:`.suits`);
* an **anchor** names a sequence at a seat and vulnerability in HTML and
  LaTeX: ``bml-1c-p-1d`` is 1C-(P)-1D, ``bml-vs-1s-2s`` is (1S)-2S (``vs``:
  they opened), ``bml-s34-1n`` is 1NT in 3rd or 4th seat, ``bml-vny-2h`` is
  2H when we are not vulnerable and they are. It depends on nothing but the
  sequence, so links stay valid from build to build;
* a **reference** is what a ``bml:seq`` role says: optionally the name of a
  system and a colon (``blue:``), a sequence in BML notation,
  passes optional (``1N-2C``, ``1N-P-2C``, ``1C-(1S)-D``, ``1NT``, ``1♣``),
  then optionally ``#SEAT 34`` and ``#VUL Y0`` as in BML; its canonical
  spelling (:attr:`Reference.target`) names the object in ``objects.inv``;
* the **short notation** of a sequence is the way a table would write it,
  the passes the reader fills in left out (``1N-2C`` for 1N-(P)-2C);
* the **label** is the short notation for reading: ``1♣–(1♠)–Dbl``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .calls import PASS, Call, CallKind, Sequence, Strain
from .errors import BMLError
from .model import ANY_VULNERABILITY, AuctionMark, Seat, Vulnerability
from .suits import SUIT_GLYPHS, spell_suits

#: How a call that is not a bid, or an auction cell that is not a call, reads.
CALL_LABELS = {
    "P": "Pass",
    "D": "Dbl",
    "R": "Rdbl",
    AuctionMark.ALL_PASS.value: "All pass",
    AuctionMark.QUESTION.value: "?",
    AuctionMark.EMPTY.value: "",
}

_SEPARATOR = re.compile(r"\s*[-\u2013\u2014]\s*(?![^{]*\})")
_DASHES_OUTSIDE_BRACES = re.compile(r"-(?![^{]*\})")
_SYSTEM = re.compile(r"^\s*(\w[\w.-]*)\s*:\s*")
_CONDITION = re.compile(r"#\s*(SEAT|VUL)\s*([^\s#]*)", re.IGNORECASE)
#: The seat and vulnerability parts of an anchor (``bml-s3-vy0-1n`` is ``bml-1n`` at a seat and vulnerability).
_ANCHOR_CONTEXT = re.compile(r"^bml(?:-s\d+)?(?:-v[yn0]{2})?(?=-)")
#: Every call, by its BML spelling (``1N``, ``P``), and its spelling in anchors (``1n``).
_ALL_CALLS = (*(Call.from_index(index) for index in range(35)), PASS, Call(CallKind.DOUBLE), Call(CallKind.REDOUBLE))
_CALLS = {str(call): call for call in _ALL_CALLS}
#: By rank (``_ALL_CALLS`` is in rank order): a call's spelling in anchors, ``1n``, ``p``.
_CALL_IDS = [str(call).lower() for call in _ALL_CALLS]


# --------------------------------------------------------------------------
# Anchors


@lru_cache(maxsize=1 << 17)
def anchor(seat: Seat, vulnerability: Vulnerability, sequence: Sequence) -> str:
    """The HTML id and LaTeX label of a sequence at a seat and vulnerability."""
    start = _ANCHOR_STARTS[seat, vulnerability.we, vulnerability.they]
    if not sequence.we_open:
        start += "-vs"
    if not sequence.calls:
        return start
    return f"{start}-{'-'.join([_call_id(call) for call in sequence.calls])}"


def _call_id(call: Call) -> str:
    """``1c``, ``p``; a qualified call adds its meaning after two dashes, which
    no call's own id holds: ``2c--landy``."""
    return _CALL_IDS[call.rank] if call.qualification is None else _qualified_id(call)


@lru_cache(maxsize=4096)
def _qualified_id(call: Call) -> str:
    plain = _CALL_IDS[call.rank]
    assert call.qualification is not None
    slug = re.sub(r"[^0-9a-z]+", "-", call.qualification.lower()).strip("-")
    return f"{plain}--{slug or 'q' + format(sum(map(ord, call.qualification)), 'x')}"


#: How an anchor starts at each seat and vulnerability: ``bml``, ``bml-s3``, ``bml-s3-vny``.
_ANCHOR_STARTS = {
    (seat, we, they): "-".join(
        [
            "bml",
            *([] if seat is Seat.ANY else [f"s{seat.value}"]),
            *([] if we is None and they is None else [f"v{Vulnerability(we, they).code.lower()}"]),
        ]
    )
    for seat in Seat
    for we in (True, False, None)
    for they in (True, False, None)
}


def any_context(sequence: Sequence) -> str:
    """The anchor of ``sequence`` at any seat and vulnerability."""
    return anchor(Seat.ANY, ANY_VULNERABILITY, sequence)


def without_context(name: str) -> str:
    """An anchor without its seat and vulnerability: ``bml-s3-1n`` gives ``bml-1n``."""
    return _ANCHOR_CONTEXT.sub("bml", name, count=1)


def continuation_id(sequence: Sequence) -> str:
    """The id of the head of a table continuing ``sequence`` (``1N-2C;``): ``bml-continued-1n-p-2c``."""
    return "bml-continued" + any_context(sequence)[len("bml") :]


def context_label(seat: Seat, vulnerability: Vulnerability) -> str:
    """The seat and vulnerability in words, ``""`` for any seat and vulnerability."""
    return _CONTEXT_LABELS[seat, vulnerability.we, vulnerability.they]


def _context_label(seat: Seat, vulnerability: Vulnerability) -> str:
    parts = [] if seat is Seat.ANY else [seat.label]
    if vulnerability != ANY_VULNERABILITY:
        parts.append(vulnerability.label)
    return ", ".join(parts)


#: :func:`context_label` of each seat and vulnerability, made once: every sequence listed asks for it.
_CONTEXT_LABELS = {
    (seat, we, they): _context_label(seat, Vulnerability(we, they))
    for seat in Seat
    for we in (True, False, None)
    for they in (True, False, None)
}


# --------------------------------------------------------------------------
# Notation


#: :func:`short_form`: each call written, with ``True`` when in parentheses.
Written = tuple[tuple[Call, bool], ...]


def short_form(sequence: Sequence) -> Written:
    """The calls a table writes for ``sequence``, each with ``True`` when in parentheses.

    A pass is left out when the next call is not a pass (the reader puts it
    back); the other passes are written bare, as the turn tells whose they are
    (but for a first pass of theirs).
    """
    calls = sequence.calls
    last = len(calls) - 1
    ours = sequence.we_open  # whose the call at ``index`` is: the sides alternate
    written = []
    for index, call in enumerate(calls):
        passing = _is_pass(call)
        if passing and 0 < index < last and not _is_pass(calls[index + 1]):
            ours = not ours
            continue
        written.append((call, not (ours or (passing and index > 0))))
        ours = not ours
    return tuple(written)


def _is_pass(call: Call) -> bool:
    """``call == PASS``, without the comparison's method call: sequences are spelled by the thousand."""
    return call.rank == PASS.rank and call.qualification is None


def short_notation(sequence: Sequence, written: Written | None = None) -> str:
    """The sequence as a table writes it: ``1NT-2C``, ``1C-(1S)-D``, ``(1S)-2S``, ``P-1S``
    (``written``: its :func:`short_form`, when made already)."""
    calls = short_form(sequence) if written is None else written
    return "-".join([f"({_bml(call)})" if theirs else _bml(call) for call, theirs in calls])


def label(sequence: Sequence, written: Written | None = None) -> str:
    """The short notation for reading: ``1♣–(1♠)–Dbl``, ``1NT–2♣`` (``written``: its
    :func:`short_form`, when made already)."""
    calls = short_form(sequence) if written is None else written
    return "\u2013".join([f"({call_label(call)})" if theirs else call_label(call) for call, theirs in calls])


def _bml(call: Call) -> str:
    written = _BML[call.rank]
    return written if call.qualification is None else f"{written}{{{call.qualification}}}"


def call_label(call: Call) -> str:
    """One call for reading: ``1♣``, ``1NT``, ``Pass``, ``Dbl``, ``Rdbl``; with
    its meaning, when the notes give the opponents' call one: ``2♣ Landy``."""
    shown = _LABELS[call.rank]
    return shown if call.qualification is None else f"{shown} {call.qualification}"


def _plain_label(call: Call) -> str:
    if call.kind is CallKind.BID:
        assert call.strain is not None
        return f"{call.level}{'NT' if call.strain is Strain.NOTRUMP else SUIT_GLYPHS[call.strain.value]}"
    return CALL_LABELS[str(call)]


#: By rank, each call as a table writes it (``1NT``, ``P``) and for reading (``1NT``, ``Pass``): made once.
_BML = [str(call).replace("N", "NT") if call.is_bid else str(call) for call in _ALL_CALLS]
_LABELS = [_plain_label(call) for call in _ALL_CALLS]


def cell_label(cell: Call | AuctionMark) -> str:
    """An auction cell for reading: a call's label, ``All pass``, ``?``, or nothing."""
    return CALL_LABELS[cell.value] if isinstance(cell, AuctionMark) else call_label(cell)


# --------------------------------------------------------------------------
# References


@dataclass(frozen=True)
class Reference:
    """What a ``bml:seq`` role points to; ``None``: any seat or vulnerability will do."""

    sequence: Sequence
    seat: Seat | None = None
    vulnerability: Vulnerability | None = None
    #: the calls as written, each with ``True`` when written in parentheses
    written: tuple[tuple[Call, bool], ...] = ()
    #: the system named before the sequence (``blue:1C-1D``); ``None``: the page's own
    system: str | None = None

    @property
    def target(self) -> str:
        """The canonical spelling, without spaces: ``1NT-2C``, ``1NT#SEAT34#VULY0``,
        ``blue:1C-1D``.

        It is the ``reftarget`` of a reference and the name of the object in
        ``objects.inv`` (whose names cannot hold spaces)."""
        name = object_name(self.sequence, self.seat, self.vulnerability)
        return f"{self.system}:{name}" if self.system else name


def object_name(
    sequence: Sequence, seat: Seat | None, vulnerability: Vulnerability | None, written: Written | None = None
) -> str:
    """See :attr:`Reference.target`; ``None`` or ``ANY``: not written (``written``: the
    sequence's :func:`short_form`, when made already)."""
    name = short_notation(sequence, written)
    if seat is not None and seat is not Seat.ANY:
        name += f"#SEAT{seat.value}"
    if vulnerability is not None and vulnerability != ANY_VULNERABILITY:
        name += f"#VUL{vulnerability.code}"
    return name


@lru_cache(maxsize=1 << 16)
def from_notation(notation: str) -> Sequence:
    """The sequence that :meth:`Sequence.notation` wrote (the domain keeps sequences so); cached."""
    calls = tuple(_notation_call(part.strip("()")) for part in _DASHES_OUTSIDE_BRACES.split(notation))
    return Sequence(calls, not notation.startswith("("))


def _notation_call(written: str) -> Call:
    base, _, qualification = written.partition("{")
    return _CALLS[base].qualified(qualification[:-1] if qualification else None)


def parse_reference(text: str) -> Reference:
    """Read a reference (see the module's documentation); raises :class:`BMLError` in plain words."""
    system: str | None = None
    if prefix := _SYSTEM.match(text):
        system, text = prefix.group(1), text[prefix.end() :]
    seat: Seat | None = None
    vulnerability: Vulnerability | None = None
    for match in _CONDITION.finditer(text):
        word, value = match.group(1).upper(), match.group(2)
        if word == "SEAT":
            try:
                seat = Seat(value)
            except ValueError:
                raise BMLError(f"#SEAT {value} is not a seat: write 0, 1, 2, 3, 4, 12 or 34") from None
        else:
            try:
                vulnerability = Vulnerability.parse(value)
            except ValueError:
                raise BMLError(
                    f"#VUL {value} is not a vulnerability: write two of Y, N and 0 (we, then they), as in #VUL Y0"
                ) from None
    notation = _CONDITION.sub(" ", text).strip()
    if not notation:
        raise BMLError("there is no sequence to refer to: write one such as 1N-2C")
    if "#" in notation:
        raise BMLError(f"'{text}': after the sequence, only #SEAT and #VUL may follow")
    written = tuple(_written_call(part) for part in _SEPARATOR.split(notation))
    return Reference(_sequence(written), seat, vulnerability, written, system)


def _written_call(part: str) -> tuple[Call, bool]:
    theirs = part.startswith("(") and part.endswith(")")
    text = part[1:-1].strip() if theirs else part
    text = spell_suits(text)
    text = re.sub(r"!([cdhsCDHS])", r"\1", text)
    text, _, qualification = text.partition("{")
    if qualification and (not theirs or not qualification.endswith("}") or not qualification[:-1].strip()):
        raise BMLError(f"'{part}': only an opponents' call carries a meaning in braces, as in (2C{{Landy}})")
    try:
        return Call.parse(text).qualified(qualification[:-1].strip() or None), theirs
    except BMLError:
        raise BMLError(
            f"'{part}' is not a call: a reference names one concrete sequence, "
            "with bids such as 1C or 3NT, P, D or R (not 1M or 2red)"
        ) from None


def _sequence(written: tuple[tuple[Call, bool], ...]) -> Sequence:
    """The auction the calls make: a pass takes its turn, other calls are ours
    unless in parentheses, and the passes between two calls of a side are filled in."""
    calls: list[Call] = []
    sides: list[bool] = []  # True: ours
    for call, theirs in written:
        ours = not sides[-1] if call == PASS and not theirs and sides else not theirs  # a pass takes its turn
        if sides and sides[-1] == ours:
            calls.append(PASS)
            sides.append(not ours)
        calls.append(call)
        sides.append(ours)
    return Sequence(tuple(calls), sides[0])
