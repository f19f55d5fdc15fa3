"""A study split over processes or machines, added up: the ``--json`` of several runs merged into one.

``bml-practice --par --json`` (or ``--compare``) writes what it studied
(:func:`study`: the notes, by title and a fingerprint of their rows, the
other version, the options that decide which boards are dealt and how they
are counted, the seeds and how many boards each dealt), then the boards, then
the figures. Runs of the same study with other seeds merge (:func:`merge`)
into figures exactly equal to those of one run over all their seeds
(``--seed 1 --seed 2``): the figures are whole numbers added up
(:mod:`.confidence`). A seed in two files would count its boards twice, and is
refused; so are runs of other notes, other options or another version of
sphinx-bml. In Python::

    from sphinx_bml.practice.merging import load, merge

    merged = merge(load(path) for path in paths)
    print(merged.report())          # or json.dumps(merged.to_json())
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from ..language.system import System
from .confidence import whole
from .dealing import MAX_SEED
from .figures import CompareFigures, ParFigures

#: the version of the JSON a study is written in
FORMAT = 1
#: the program whose JSON is read here
PROGRAM = "bml-practice"
#: the seeds a merged report lists one by one; more are counted
LISTED_SEEDS = 8


class NotAStudy(ValueError):
    """A file that cannot be merged: the message says why, in a player's words."""


def fingerprint(system: System) -> str:
    """A short fingerprint of what the robot bids from: each row's sequence, seat, vulnerability,
    meaning and hand condition, in the system's order; not where the rows are written, so the
    same notes checked out in another folder or on another machine have the same fingerprint."""
    digest = hashlib.sha256()
    for meaning in system:
        condition = meaning.condition
        parts = (
            meaning.seat.value,
            meaning.vulnerability.code,
            meaning.sequence.notation(),
            meaning.plain_text,
            "" if condition is None else f"{condition.source}\x1f{condition.describe()}",
            "hidden" if meaning.hidden else "",
        )
        digest.update(("\x1e".join(parts) + "\x1d").encode("utf-8"))
    return digest.hexdigest()[:16]


def notes(source: str, system: System) -> dict[str, object]:
    """The notes a study bid through: where they were read (a label only), their title, their fingerprint."""
    return {"source": source, "title": system.metadata.title, "fingerprint": fingerprint(system)}


def study(
    made_by: str,
    studied: dict[str, object],
    compared: dict[str, object] | None,
    par: bool,
    deal: dict[str, object],
    seeds: Iterable[int],
    boards: int,
) -> dict[str, object]:
    """What a run studied, as its ``--json`` starts: ``made_by`` (the program and its version),
    the notes (:func:`notes`) and the version they are compared with, whether IMPs to par are
    counted, ``deal``: the options that decide which boards are dealt and bid (``sequence``,
    ``dealer``, ``vulnerability``, the ``opponents``' notes), and each seed with the ``boards`` it dealt."""
    return {
        "format": FORMAT,
        "made_by": made_by,
        "notes": studied,
        "compare": compared,
        "par": par,
        **deal,
        "seeds": [{"seed": seed, "boards": boards} for seed in sorted(seeds)],
    }


#: what two runs of one study share (all but the seeds and where the notes were read)
_SAME = ("made_by", "notes", "compare", "par", "sequence", "dealer", "vulnerability", "opponents")


@dataclass(frozen=True)
class Tally:
    """A study's figures as a file holds them: what was studied, and the figures."""

    #: the file (or files, merged) it was read from
    name: str
    header: dict[str, object]
    par: ParFigures | None
    compare: CompareFigures | None
    #: how many files were merged into it
    runs: int = 1

    @property
    def seed_entries(self) -> list[dict[str, int]]:
        """The header's ``seeds``: each seed and the boards it dealt, as the file writes them
        (checked when it was read: :func:`_check_header`)."""
        return cast("list[dict[str, int]]", self.header["seeds"])

    @property
    def seeds(self) -> list[tuple[int, int]]:
        """Each seed and the boards it dealt."""
        return [(int(entry["seed"]), int(entry["boards"])) for entry in self.seed_entries]

    def to_json(self) -> dict[str, object]:
        """The study and its figures, as ``--json`` writes them (without the boards)."""
        figures: dict[str, object] = {}
        if self.par is not None:
            figures["par"] = self.par.to_json()
        if self.compare is not None:
            figures["compare"] = self.compare.to_json()
        return {"study": self.header, "figures": figures}

    def report(self) -> str:
        """The figures as text: which runs, then IMPs to par and the two versions as one run prints them."""
        seeds = [seed for seed, _ in self.seeds]
        if len(seeds) > LISTED_SEEDS:
            by = f"{len(seeds)} seeds"
        else:
            by = ("seeds " if len(seeds) > 1 else "seed ") + ", ".join(str(seed) for seed in seeds[:-1])
            by += f" and {seeds[-1]}" if len(seeds) > 1 else str(seeds[0])
        files = f"{self.runs} files merged" if self.runs > 1 else self.name
        parts = [f"{files}: {sum(boards for _, boards in self.seeds)} boards dealt by {by}."]
        if self.par is not None:
            parts.append(self.par.report())
        if self.compare is not None:
            parts.append(self.compare.report())
        return "\n\n".join(parts)


def load(path: Path) -> Tally:
    """The study a ``--json`` file of ``bml-practice --par`` or ``--compare`` holds (or of a merge);
    :class:`NotAStudy` saying why when it cannot be read as one. A file as ``bml-practice`` writes
    it is read at its two ends only (:func:`_ends`), the boards between them left unread: a file
    of a hundred thousand boards merges in a moment, in little memory."""
    try:
        ends = _ends(path)
        data = _whole(path, path.read_text(encoding="utf-8")) if ends is None else ends
    except FileNotFoundError:
        raise NotAStudy(f"{path} does not exist") from None
    except UnicodeDecodeError:
        raise NotAStudy(f"{path} is not a text file: give the --json output of bml-practice") from None
    except OSError as error:
        raise NotAStudy(f"{path} cannot be read: {error.strerror or error}") from None
    return tally(str(path), data)


#: how a study's --json starts, on its first line, and what comes before its figures, at its end
_STUDY = b'{"study": '
_FIGURES = b'\n],\n"figures": '
#: how much of a file's end is read at first to find its figures
_TAIL = 1 << 16


def _ends(path: Path) -> dict[str, object] | None:
    """What was studied and the figures of a file laid out as ``bml-practice`` writes it: what
    was studied on the first line, then a board a line, then the figures (a board's line never holds
    a line break, so what comes before the figures is found from the end). ``None`` for a file laid
    out otherwise (a merge's, or one rewritten by another program), or broken: it is read whole."""
    with path.open("rb") as file:
        first = file.readline().rstrip()
        if not first.startswith(_STUDY) or not first.endswith(b","):
            return None
        size = file.seek(0, os.SEEK_END)
        tail = _TAIL
        while True:
            start = max(0, size - tail)
            file.seek(start)
            end = file.read()
            found = end.rfind(_FIGURES)
            if found >= 0:
                break
            if start == 0:
                return None
            tail *= 4
    figures = end[found + len(_FIGURES) :].rstrip()
    if not figures.endswith(b"}"):
        return None
    try:
        return {"study": json.loads(first[len(_STUDY) : -1]), "figures": json.loads(figures[:-1])}
    except ValueError:  # not JSON, or not UTF-8: read whole, which says where
        return None


def _whole(path: Path, text: str) -> object:
    """The JSON of a whole file."""
    if not text.strip():
        raise NotAStudy(f"{path} is empty: was its run stopped before it wrote anything?")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        end = text.rstrip()
        if error.pos >= len(end) or error.msg.startswith("Unterminated") or not end.endswith(("}", "]")):
            raise NotAStudy(
                f"{path} stops in the middle of its JSON (line {error.lineno}): was its run stopped before it finished?"
            ) from None
        raise NotAStudy(
            f"{path} is not JSON ({error.msg}, line {error.lineno}, column {error.colno}): "
            f"give the --json output of {PROGRAM} --par or --compare"
        ) from None


def tally(name: str, data: object) -> Tally:
    """The study of ``data``, the JSON of a file named ``name``; :class:`NotAStudy` when it is not one."""
    if isinstance(data, list):
        raise NotAStudy(
            f"{name} holds boards, not the figures of a study: give the --json output of {PROGRAM} --par or --compare"
        )
    header = data.get("study") if isinstance(data, dict) else None
    figures = data.get("figures") if isinstance(data, dict) else None
    if not isinstance(header, dict) or not isinstance(figures, dict) or header.get("format") is None:
        raise NotAStudy(f"{name} is not the --json output of {PROGRAM} --par or --compare")
    if header.get("format") != FORMAT or not str(header.get("made_by", "")).startswith(PROGRAM):
        raise NotAStudy(f"{name} was written by another version of {PROGRAM}, whose figures are not read here")
    try:
        _check_header(header)
        par = ParFigures.from_json(figures["par"]) if header["par"] else None
        compared = header["compare"]
        compare = CompareFigures.from_json(figures["compare"]) if compared is not None else None
    except KeyError as error:
        raise NotAStudy(f"{name} is not the whole output of {PROGRAM}: it has no {error}") from None
    except (ValueError, TypeError) as error:
        raise NotAStudy(f"{name} is not the output of {PROGRAM} as it wrote it: {error}") from None
    return Tally(name, header, par, compare)


def _check_header(header: dict[str, object]) -> None:
    for key in (*_SAME, "seeds"):
        if key not in header:
            raise KeyError(key)
    if not isinstance(header["par"], bool) or not isinstance(header["notes"], dict):
        raise ValueError("what it studied is not written as bml-practice writes it")
    if header["compare"] is not None and not isinstance(header["compare"], dict):
        raise ValueError("the version it compared is not written as bml-practice writes it")
    seeds = header["seeds"]
    if not isinstance(seeds, list) or not seeds:
        raise ValueError("it names no seed")
    for entry in seeds:
        seed = whole(entry.get("seed")) if isinstance(entry, dict) else None
        boards = whole(entry.get("boards")) if isinstance(entry, dict) else None
        if seed is None or not 0 <= seed <= MAX_SEED or boards is None or boards < 0:
            raise ValueError(f"{json.dumps(entry)} is not a seed with its boards")
    numbers = [entry["seed"] for entry in seeds]
    if len(set(numbers)) != len(numbers):
        raise ValueError("it names a seed twice")


def merge(tallies: Iterable[Tally]) -> Tally:
    """The figures of several runs of one study added up: exactly those of one run over all their
    seeds, in whatever order the runs are given. :class:`NotAStudy` for runs of different studies
    or a seed in two of them."""
    given = list(tallies)
    if not given:
        raise NotAStudy("no file to merge")
    first = given[0]
    owner: dict[int, str] = {}
    for other in given:
        if other is not first:
            _same_study(first, other)
        for seed, _ in other.seeds:
            if seed in owner:
                raise NotAStudy(
                    f"seed {seed} is in both {owner[seed]} and {other.name}: its boards would count twice; "
                    "merge runs of different seeds"
                )
            owner[seed] = other.name
    par, compare = first.par, first.compare
    for other in given[1:]:
        par = None if par is None or other.par is None else par + other.par
        compare = None if compare is None or other.compare is None else compare + other.compare
    seeds = [entry for other in given for entry in other.seed_entries]
    header = {**first.header, "seeds": sorted(seeds, key=lambda entry: entry["seed"])}
    return Tally(", ".join(other.name for other in given), header, par, compare, sum(other.runs for other in given))


def _same_study(first: Tally, other: Tally) -> None:
    """Refuse ``other`` unless it studied what ``first`` did."""
    for key in _SAME:
        mine, its = first.header[key], other.header[key]
        if key in ("notes", "compare", "opponents") and isinstance(mine, dict) and isinstance(its, dict):
            mine, its = _without_source(mine), _without_source(its)
        if mine != its:
            raise NotAStudy(f"{first.name} and {other.name} are not the same study: {_difference(key, first, other)}")


def _without_source(record: dict[str, object]) -> dict[str, object]:
    return {key: value for key, value in record.items() if key != "source"}


def _difference(key: str, first: Tally, other: Tally) -> str:
    """What differs between two runs, in words."""
    mine, its = first.header[key], other.header[key]
    if key == "made_by":
        return f"{first.name} was made by {mine}, {other.name} by {its}, whose robot may bid otherwise"
    if key in ("notes", "compare"):
        if mine is None or its is None:
            compares = first.name if its is None else other.name
            return f"{compares} compares two versions of the notes (--compare), the other does not"
        which = "bid through" if key == "notes" else "compare with"
        return (
            f"they {which} notes whose rows differ ({first.name}: {_notes_words(mine)}; "
            f"{other.name}: {_notes_words(its)})"
        )
    if key == "opponents":
        if mine is None or its is None:
            against = first.name if its is None else other.name
            return f"{against} bids against the opponents' own notes (--opponents), the other does not"
        return (
            f"they bid against opponents' notes whose rows differ ({first.name}: {_notes_words(mine)}; "
            f"{other.name}: {_notes_words(its)})"
        )
    if key == "par":
        counts = first.name if mine else other.name
        return f"{counts} counts IMPs to par (--par), the other does not"
    option = f"--{key}"
    return f"{first.name} has {_option_words(option, mine)}, {other.name} {_option_words(option, its)}"


def _notes_words(record: object) -> str:
    if not isinstance(record, dict):
        return "none"
    title = record.get("title") or "no title"
    return f"{title!r} read from {record.get('source')}"


def _option_words(option: str, value: object) -> str:
    return f"no {option}" if value is None else f"{option} {value}"
