"""Write a :class:`~sphinx_bml.language.system.System` as a BSS file.

One header record, then one bidding-sequence record per meaning, in the
system's order (see the BSS syntax in the BML reference README)::

    *00{System name}=NYYYYYYSummary
    001CP1D=NYYYYYY008Transfer. 4+ major, 0+ hcp
    *001ND=NYYYYYY0Strength, ca 15+

Nothing is known of possible outcomes or suit lengths, so every record says
``YYYYYY`` and, after a suit bid, ``08`` (0 to any cards), as the reference
does. The artificial flag is ``Y`` for a call marked alertable (``2D ! Multi``),
else ``N``; the disposition is ``0`` (no agreement), or with ``dispositions``
the one the meaning's standard abbreviations give (:mod:`.dispositions`).

A link to a sequence in a meaning (``see :bml:seq:`1N-2C-2D```) is written
as the text it shows (``see 1N-2C-2D``): BBO shows no links.

The lines of a description are joined by the two characters ``\n``; a
backslash of the text that would be read as part of such a line break (one
followed by ``n``, by another backslash or by the end of a line) is doubled,
and :func:`~sphinx_bml.formats.bss_reader.description_of` reads ``\\`` back
as one backslash. The system name is written in braces, which it therefore
cannot hold: ``{`` and ``}`` in it become ``(`` and ``)``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..language.calls import Sequence
from ..language.inline import without_links
from ..language.model import Description
from ..language.system import Meaning, System
from .bss_codes import SEAT_DIGITS, VULNERABILITY_DIGITS
from .dispositions import disposition_of

UNKNOWN_FLAGS = "NYYYYYY0"
ANY_OUTCOME = "YYYYYY"
ANY_LENGTH = "08"
LINE_BREAK = "\\n"
_BRACES = str.maketrans("{}", "()")
#: A backslash that a reader would take for the start of ``\n`` or of ``\\``.
_AMBIGUOUS_BACKSLASH = re.compile(r"\\(?=[\\n]|$)")


def header_record(name: str, summary: str) -> str:
    return f"*00{{{system_name(name)}}}=NYYYYYY{_one_line(summary)}"


def system_name(name: str) -> str:
    """The system name as the header's braces can hold it: ``{`` and ``}`` become ``(`` and ``)``."""
    return _one_line(name).translate(_BRACES)


def sequence_code(sequence: Sequence) -> str:
    """The calls run together as BSS writes them: ``1CP1D``, ``1N2CD``."""
    return "".join(str(call) for call in sequence.calls)


def description_code(description: Description) -> str:
    """Description lines joined by a literal ``\\n``, on one record line."""
    lines = list(description.lines)
    while lines and not lines[-1]:
        lines.pop()
    return _one_line(LINE_BREAK.join(_AMBIGUOUS_BACKSLASH.sub(r"\\\\", without_links(line)) for line in lines))


def flags_code(meaning: Meaning, *, dispositions: bool = False) -> str:
    """What follows ``=``: the artificial flag (``Y`` for an alerted call), the outcomes, the disposition."""
    disposition = disposition_of(meaning.plain_text).value if dispositions else UNKNOWN_FLAGS[-1]
    return ("Y" if meaning.alert else "N") + ANY_OUTCOME + disposition


def sequence_record(meaning: Meaning, *, dispositions: bool = False) -> str:
    sequence = meaning.sequence
    last = sequence.last
    lengths = ANY_LENGTH if last.is_bid and last.strain is not None and last.strain.is_suit else ""
    return (
        ("" if sequence.we_open else "*")
        + SEAT_DIGITS[meaning.seat]
        + VULNERABILITY_DIGITS[meaning.vulnerability]
        + sequence_code(sequence)
        + "="
        + flags_code(meaning, dispositions=dispositions)
        + lengths
        + description_code(meaning.description)
    )


def bss_lines(
    system: System, name: str | None = None, summary: str | None = None, *, dispositions: bool = False
) -> Iterable[str]:
    """The records of ``system``; name and summary default to its metadata;
    ``dispositions``: each record's disposition from the meaning's abbreviations."""
    metadata = system.metadata
    yield header_record(metadata.title if name is None else name, metadata.description if summary is None else summary)
    for meaning in system:
        yield sequence_record(meaning, dispositions=dispositions)


def write_bss(
    system: System, name: str | None = None, summary: str | None = None, *, dispositions: bool = False
) -> str:
    """The whole BSS file as text, one record a line."""
    return "".join(line + "\n" for line in bss_lines(system, name, summary, dispositions=dispositions))


def _one_line(text: str) -> str:
    return text.replace("\r", " ").replace("\n", " ")
