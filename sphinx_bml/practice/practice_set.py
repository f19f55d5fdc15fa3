"""A practice set: the sequences a partnership practises at a practice table on Bridge Base Online,
each a button of the system's BBOalert file that deals only boards the robot bids so.

Each sequence, written as the notes write them (``1N-2C``, ``1D-(1S)-D``), gets the dealer script
of :mod:`.dealer_script` (the player South, who opens, or makes the side's first call) and a
button (:mod:`sphinx_bml.formats.bboalert_buttons`), grouped by the sequence's opening; its
chat text is the sequence and the meaning of its last call. A sequence that gets no button (the
notes do not bid it, a row on the way has no hand condition, or asks only for what the dealer
language cannot say) is left out, and said why.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..formats.bboalert import explanation
from ..formats.bboalert_buttons import PracticeButton, script_name
from ..language.calls import Sequence
from ..language.errors import BMLError, Location
from ..language.notation import label, parse_reference
from ..language.system import System
from .aiming import steps
from .dealer_script import dealer_script
from .robot import Robot

#: Where BBO seats the player at a practice table.
PLAYER = "S"


@dataclass
class PracticeSet:
    """The buttons of a practice set, and the sequences left out with the reason."""

    buttons: list[PracticeButton] = field(default_factory=list)
    #: (the sequence as written, why it has no button)
    left_out: list[tuple[str, str]] = field(default_factory=list)


def file_and_line(location: Location) -> str:
    """A row's place in a published file: the file's name and the line, no folder of the author's computer."""
    return f"{Path(location.file).name}:{location.line}"


def practice_set(system: System, sequences: Iterable[str], title: str = "") -> PracticeSet:
    """The buttons of ``sequences`` in ``system``; ``title``, the system's name, goes into the
    scripts' names so that two systems' files loaded together keep their scripts apart."""
    robot = Robot(system)
    found = PracticeSet()
    for written in sequences:
        try:
            sequence = parse_reference(written).sequence
            script = dealer_script(robot, sequence, PLAYER, place=file_and_line, title=title)
        except BMLError as error:
            found.left_out.append((written, str(error)))
            continue
        last = steps(robot, sequence)[-1].row
        meaning = explanation(last.description) if last is not None else ""
        found.buttons.append(
            PracticeButton(
                group=_opening(sequence),
                label=label(sequence),
                chat=f"{label(sequence)}: {meaning}" if meaning else label(sequence),
                name=script_name("bml", title, "" if sequence.we_open else "they", *map(str, sequence.calls)),
                code=script.text,
                dealer=script.dealer,
            )
        )
    return found


def _opening(sequence: Sequence) -> str:
    opening = label(Sequence(sequence.calls[:1], True))
    return f"Our {opening}" if sequence.we_open else f"Their {opening}"
