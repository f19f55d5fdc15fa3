"""BBOalert's options: which blocks of a BBOalert file are on when BBOalert imports it.

A block starts with ``Option,<name>`` (partners' names may follow, each in a
field of its own) and runs to the next ``Option`` line; a bare ``Option``
ends it without starting another. What BBOalert does with them (its README,
"Optional code", and its code that sets the options' buttons):

- One button per name, in the order the names first appear. A name given
  again further down adds its records to the same option.
- Buttons next to each other whose names begin with the same word (up to
  the first space) are one group: ``Our 1NT 12-14`` and ``Our 1NT 15-17``,
  or ``vs (1C) natural`` and ``vs (2D) weak``. Only one option of a group
  is on at a time, and on import it is the first ("Initially the first
  member of each group is enabled"). The others are alternatives the player
  switches to by hand.
- An option whose name carries tags is switched at the table by them, when
  it is on: ``@1`` .. ``@4`` the seat of the opening bid (after no pass,
  one, two, three), ``@v``/``@n`` we are vulnerable or not, ``@V``/``@N``
  they are. Its README asks for names without spaces (``Opening_@3@4``):
  ``Opening @1@2`` and ``Opening @3@4`` share their first word, so the
  second is off at import like any other member of a group.
- ``@s`` at the end of a name makes a separator, a button with the name
  before it (``Overcalls@s``).
- Partners' names after the option's name make BBOalert switch the option
  on when the player sits with them; on import, with nobody named, every
  option takes part in its group.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..language.model import ANY_VULNERABILITY, Seat, Vulnerability
from .bboalert import OPTION

_TAG = re.compile(r"@([1-4vnVN])")
_SEPARATOR = "@s"
SEATS_BY_TAGS = {
    "": Seat.ANY,
    "1": Seat.FIRST,
    "2": Seat.SECOND,
    "3": Seat.THIRD,
    "4": Seat.FOURTH,
    "12": Seat.FIRST_OR_SECOND,
    "34": Seat.THIRD_OR_FOURTH,
}
_SIDES = {"v": ("we", True), "n": ("we", False), "V": ("they", True), "N": ("they", False)}


@dataclass(frozen=True)
class Option:
    """One of a file's options, as BBOalert sets it when it imports the file."""

    #: the name as the file writes it (``Our 1NT 12-14``, ``Opening_@3@4``)
    name: str
    #: the line that first names it
    line: int
    #: the seats its tags give; ``None``: tags that BML cannot write as one ``#SEAT`` (``@1@3``)
    seat: Seat | None
    vulnerability: Vulnerability
    #: whether its name carries seat or vulnerability tags
    tagged: bool
    #: the partners it is for (the fields after its name)
    partners: tuple[str, ...]
    #: whether BBOalert has it on at import: the first of its group
    on_at_import: bool
    #: for an option that is off at import, the first option of its group (the one that is on)
    group_head: Option | None = None

    @property
    def label(self) -> str:
        """The name on its button: without a separator's ``@s``."""
        return label_of(self.name)

    @property
    def first_word(self) -> str:
        """The word that groups it with the options next to it: the name up to its first space."""
        return self.label.split(" ")[0]

    @property
    def held(self) -> bool:
        """Whether its tags say seats and a vulnerability that BML can write."""
        return self.tagged and self.seat is not None

    @property
    def alternative(self) -> bool:
        """An option without tags that BBOalert has off at import: one the player switches to."""
        return not self.on_at_import and not self.tagged


def option_fields(fields: list[str]) -> tuple[str, tuple[str, ...]] | None:
    """The name and partners of an ``Option`` line split at its commas; ``("", ())`` for a bare
    ``Option`` (the end of a block); ``None`` when the line is no ``Option`` line."""
    if fields[0].strip() != OPTION:
        return None
    name = fields[1].strip() if len(fields) > 1 else ""
    return name, tuple(partner.strip() for partner in fields[2:] if partner.strip())


def options_of(lines: Iterable[tuple[int, list[str]]]) -> dict[str, Option]:
    """The options of a file, by name, from its numbered lines split at their commas."""
    named: dict[str, tuple[str, int, tuple[str, ...]]] = {}
    for number, fields in lines:
        found = option_fields(fields)
        if found is not None and found[0]:
            name, partners = found
            named.setdefault(label_of(name), (name, number, partners))
    options: dict[str, Option] = {}
    head: Option | None = None
    for label, (name, number, partners) in named.items():
        seat, vulnerability, tagged = _tags(name)
        option = Option(name, number, seat, vulnerability, tagged, partners, True)
        if head is not None and head.first_word == option.first_word:  # the group of the option before
            option = Option(name, number, seat, vulnerability, tagged, partners, False, head)
        else:
            head = option
        options[label] = option
    return options


def label_of(name: str) -> str:
    """The name of an option as on its button, which tells options apart: without a separator's ``@s``."""
    return name.split(_SEPARATOR)[0].strip()


def option_named(options: dict[str, Option], name: str) -> Option:
    """The option of an ``Option`` line naming ``name`` (:func:`options_of` found them all)."""
    return options[label_of(name)]


def _tags(name: str) -> tuple[Seat | None, Vulnerability, bool]:
    tags = _TAG.findall(name)
    if not tags:
        return Seat.ANY, ANY_VULNERABILITY, False
    seats = "".join(sorted({tag for tag in tags if tag.isdigit()}))
    sides: dict[str, set[bool]] = {"we": set(), "they": set()}
    for tag in tags:
        if not tag.isdigit():
            side, value = _SIDES[tag]
            sides[side].add(value)
    we = next(iter(sides["we"])) if len(sides["we"]) == 1 else None
    they = next(iter(sides["they"])) if len(sides["they"]) == 1 else None
    return SEATS_BY_TAGS.get(seats), Vulnerability(we, they), True
