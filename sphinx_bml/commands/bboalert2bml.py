"""``bboalert2bml``: convert a BBOalert file to BML.

::

    bboalert2bml [-h] [-o OUTPUTFILE] [-v] [--version] [--format {bml,rst,md}] [--strict] inputfile

Options and output files as ``bss2bml``'s: ``-`` reads standard input or
writes standard output; without ``-o`` the output goes beside the input with
the extension of its format (``.bml``, ``.rst``, ``.md``).

Every record BML can hold becomes a row (see
:mod:`sphinx_bml.formats.bboalert_reader`); every line BML has no place for
(wildcards, regular expressions, scripts, keywords, options switched on by
hand) is reported as ``FILE:LINE: message`` and kept as a ``//`` comment.
The BML written is read back, and a record whose explanation would not come
back as the file gives it is reported at its line too. Exit status: 0 when
every record was converted, 1 when something was reported (the rest is
written) or nothing could be written (the message says why), 2 for a mistake
on the command line. ``--strict`` writes nothing when a line is reported.
"""

from __future__ import annotations

import argparse
import html
import re
import sys
from pathlib import Path
from typing import TextIO

from ..formats.bboalert import box_and_chat, explanation
from ..formats.bboalert_reader import BBOalertNotes, build_document, read_bboalert_notes
from ..formats.bml_writer import write_bml
from ..formats.bss_reader import decode_bss
from ..formats.pages import write_page
from ..language.errors import BMLError, Location
from ..language.expansion import expand
from ..language.parser import parse_text
from .command_line import (
    STDIO,
    CommandError,
    Options,
    converter_parser,
    output_path,
    read_input,
    run_converter,
    write_output,
)

ALL_CONVERTED = 0
SOME_REPORTED = 1
_SUIT = re.compile(r"![cdhs]")


def argument_parser() -> argparse.ArgumentParser:
    return converter_parser(
        "bboalert2bml",
        "Convert a BBOalert file (the browser extension's own text format) to BML.",
        "the BBOalert file to read (- is standard input)",
        "Exit status: 0 every record converted, 1 lines BML has no place for (each reported with its line "
        "and kept as a comment; the rest is written) or nothing written, 2 a mistake on the command line.",
        "write nothing when a line cannot be carried into BML",
    )


def main(argv: list[str] | None = None) -> int:
    """Run ``bboalert2bml`` with ``argv`` (default: the command line); the exit status."""
    return run_converter(argument_parser(), convert, argv)


def convert(options: Options, messages: TextIO) -> int:
    """Read, convert, check and write; problems go to ``messages``; the exit status."""
    name, data = read_input(options.inputfile)
    text, _ = decode_bss(data)
    notes = read_bboalert_notes(text, name)
    document = build_document(notes)
    bml = write_bml(document, notes=notes.notes)
    problems = [*document.problems, *not_carried(notes, bml)]
    problems.sort(key=lambda problem: problem.location.line if problem.location else 0)
    for problem in problems:
        print(problem, file=messages)
    if problems and options.strict:
        raise CommandError(f"{name}: {len(problems)} lines BML cannot carry; nothing was written (--strict)")
    if not document.bid_tables and not notes.kept:
        raise CommandError(f"{name}: no record could be read; nothing was written")
    output = output_path(options)
    page_name = Path(options.inputfile).stem if options.inputfile != STDIO else ""
    if options.format == "bml":
        result = bml
    else:
        result = write_page(document, page_name, "rst" if options.format == "rst" else "md", notes.notes)
    write_output(output, result)
    if options.verbose:
        where = "standard output" if output is None else str(output)
        print(
            f"{name}: {len(notes.alerts)} records in {len(document.bid_tables)} bidding tables, "
            f"{len(notes.kept)} lines kept as comments, written to {where}",
            file=messages,
        )
    return SOME_REPORTED if problems else ALL_CONVERTED


def not_carried(notes: BBOalertNotes, bml: str) -> list[BMLError]:
    """The records that the BML written does not give back as the file gives them, read as the build reads it.

    A record already reported (a tag left out, text after HTML) is compared with what was kept of it."""
    system = expand(parse_text(bml, notes.name))
    reported = {problem.location.line for problem in notes.problems if problem.location is not None}
    found: list[BMLError] = []
    for alert in notes.alerts:
        where = Location(notes.name, alert.line)
        meaning = system.get(alert.key)
        if meaning is None:
            found.append(BMLError("this record has no row in the BML written", where))
            continue
        back = _compared(box_and_chat(explanation(meaning.description)))
        expected = _compared(box_and_chat(alert.text) if alert.line in reported else alert.written)
        if back == expected:
            continue
        if back.replace("#", " ") == expected.replace("#", " "):
            found.append(
                BMLError(
                    "BML keeps one explanation, cut for the bidding box at 69 characters, not at your '#': "
                    f"it comes back as '{back}'",
                    where,
                )
            )
        else:
            found.append(BMLError(f"written in BML, this explanation comes back as '{back}'", where))
    return found


def _compared(written: str) -> str:
    """An explanation as BBOalert shows it, suit letters and spacing aside."""
    return " ".join(_SUIT.sub(lambda suit: suit.group().upper(), html.unescape(written)).split())


if __name__ == "__main__":
    sys.exit(main())
