"""Practice buttons in a BBOalert file: one a sequence, grouped by opening, each putting the dealer
script of its sequence into the deal source of a practice table on Bridge Base Online.

BBOalert shows the buttons of a file on its *Shortcuts* panel. A practice button is two records,
as the practice projects around BBO write them: a ``Script`` that calls BBOalert's
``setDealerCode`` with the dealer script, and a ``Button`` whose text runs that script
(``%name%``)::

    Import,https://github.com/stanmaz/BBOalert/blob/master/Scripts/setDealerCode.js
    Button,Our 1NT,,width=100% backgroundColor=lightblue
    Script,bml_kestrel_precision_1N_P_2C
    setDealerCode(`
    # ...the dealer script, a line a line...
    `, "S", true);
    Script
    Button,1NT–2♣,1NT–2♣: Stayman; asks for a four-card major%bml_kestrel_precision_1N_P_2C%,width=50%

``setDealerCode(code, dealer, rotate)`` comes with BBOalert (its ``Scripts`` folder, which the
``Import`` line loads): at a practice table it opens *Deal source*, picks *Advanced*, ticks
"use this input", puts the code in the box, sets the dealer and redeals; ``rotate`` asks BBO to
turn the deals round at random, so that each of the pair sits on either side of the sequence.
A header button (no text) starts each group.

BBOalert reads the records thus, and nothing of the notes may change that:

- a ``Script,<name>`` line starts a script and the next line whose first field is ``Script``
  ends it; its lines are kept as they are, but blank lines are dropped, a line ending with a
  backslash is joined to the next, ``&comma;`` becomes a comma, and a line whose first field is
  ``Option`` or ``Alias`` is read as such. The dealer script's lines start with ``#`` or a word of
  the script, and the code is a JavaScript template string, in which a backslash, a backquote and
  ``$`` are written as escapes (``\\x5c``, ``\\x60``, ``\\x24``, ending no line with a backslash);
- a ``Button`` line is ``Button,<label>,<text>,<style>``: the fields are split at commas, the
  text runs the scripts named between ``%`` signs and goes into the chat box, where ``\\n`` (a
  backslash and an ``n``) sends a line. In the label and the text, commas become ``;``, a ``%``
  or a backslash a full-width sign (``％``, ``＼``), ``&`` a full-width ampersand (``＆``: no
  ``&comma;``), and line breaks spaces;
- script names are letters, digits and ``_`` only: the system's title and the calls.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

#: BBOalert's own script that puts a dealer script into the deal source of a practice table.
SET_DEALER_CODE = "https://github.com/stanmaz/BBOalert/blob/master/Scripts/setDealerCode.js"
#: How wide a practice button is on BBOalert's panel (two a row), and a group's header.
BUTTON_STYLE = "width=50%"
HEADER_STYLE = "width=100% backgroundColor=lightblue"
#: What the chat box gets at most from a button's text.
CHAT_LENGTH = 150

_TEMPLATE_ESCAPES = {"\\": "\\x5c", "`": "\\x60", "$": "\\x24"}
_FIELD_SIGNS = {",": ";", "%": "\uff05", "\\": "\uff3c", "&": "\uff06"}


@dataclass(frozen=True)
class PracticeButton:
    """One sequence's button: where it goes, what it says, and the script it loads."""

    #: the group's header: the opening (``Our 1NT``, ``Their 1♠``)
    group: str
    #: the button's label (``1NT–2♣``)
    label: str
    #: what goes into the chat box when it is pressed
    chat: str
    #: the script's name: letters, digits and ``_``
    name: str
    #: the dealer script
    code: str
    #: the seat that deals (``N``, ``E``, ``S``, ``W``)
    dealer: str


def script_name(*parts: str) -> str:
    """A name BBOalert's ``%name%`` finds: ``parts`` joined by ``_``, each only letters, digits and ``_``."""
    cleaned = (re.sub(r"[^A-Za-z0-9]+", "_", _ascii(part)).strip("_") for part in parts)
    return "_".join(part for part in cleaned if part)


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def field(text: str, limit: int | None = None) -> str:
    """``text`` as one field of a ``Button`` line: one line, no comma, ``%``, backslash or ``&``
    that BBOalert would read (see the module notes), at most ``limit`` characters."""
    cleaned = "".join(" " if unicodedata.category(char)[0] in "CZ" else char for char in text)
    cleaned = " ".join(cleaned.split())
    cleaned = "".join(_FIELD_SIGNS.get(char, char) for char in cleaned)
    if limit is not None and len(cleaned) > limit:
        cleaned = cleaned[: limit - 1].rstrip() + "\u2026"
    return cleaned


def template_lines(code: str) -> list[str]:
    """The lines of ``code`` inside a JavaScript template string (see the module notes)."""
    return ["".join(_TEMPLATE_ESCAPES.get(char, char) for char in line) for line in code.splitlines() if line.strip()]


def button_lines(buttons: Iterable[PracticeButton]) -> Iterator[str]:
    """The records of the practice buttons: BBOalert's ``setDealerCode`` loaded once, then each group's
    header followed by its buttons, the groups in the order of their first button."""
    kept = list(buttons)
    if not kept:
        return
    groups: dict[str, list[PracticeButton]] = {}
    for button in kept:
        groups.setdefault(button.group, []).append(button)
    yield f"Import,{SET_DEALER_CODE}"
    for group, members in groups.items():
        yield f"Button,{field(group)},,{HEADER_STYLE}"
        for button in members:
            yield f"Script,{button.name}"
            yield "setDealerCode(`"
            yield from template_lines(button.code)
            yield f'`, "{button.dealer}", true);'
            yield "Script"
            yield f"Button,{field(button.label)},{field(button.chat, CHAT_LENGTH)}%{button.name}%,{BUTTON_STYLE}"
