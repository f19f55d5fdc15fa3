"""``bboalert2bml``: convert a BBOalert file to BML.

::

    bboalert2bml [-h] [-o OUTPUTFILE] [-v] [--version] [--format {bml,rst,md}] [--strict] inputfile

Options and output files as ``bss2bml``'s: ``-`` reads standard input or
writes standard output; without ``-o`` the output goes beside the input with
the extension of its format (``.bml``, ``.rst``, ``.md``).

Every record that BBOalert has on when it imports the file and that BML can
hold becomes a row (see :mod:`sphinx_bml.formats.bboalert_reader`); the
options BBOalert has off at import (the other members of a group) are
written after the tables as rows commented out, alternatives the player can
switch to. Every line BML has no place for (wildcards, regular expressions,
scripts, BBOalert's commands) is kept as a ``//`` comment. The BML written
is read back, and a record whose explanation would not come back as the
file gives it is reported at its line too. The report goes by kind (see
:mod:`sphinx_bml.formats.bboalert_report`): a line for each kind, with its
count, and its first lines as ``FILE:LINE: line``; ``-v`` lists them all.
Exit status: 0 when every record was converted, 1 when something was
reported (the rest is written) or nothing could be written (the message
says why), 2 for a mistake on the command line. ``--strict`` writes nothing
when a line is reported.
"""

from __future__ import annotations

import argparse
import html
import re
import sys
from pathlib import Path
from typing import TextIO

from ..formats.bboalert import box_and_chat, explanation
from ..formats.bboalert_reader import (
    Alert,
    BBOalertNotes,
    alternative_notes,
    build_document,
    commented_alternatives,
    read_bboalert_notes,
)
from ..formats.bboalert_report import LeftOut, Reason, report_lines
from ..formats.bml_writer import write_bml
from ..formats.bss_reader import decode_bss
from ..formats.pages import write_page
from ..language.expansion import expand
from ..language.model import Document
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
        "Exit status: 0 every record converted, 1 lines BML has no place for (reported by kind, with a count "
        "and the first lines of each, -v for every line; each kept as a comment, the rest written) or nothing "
        "written, 2 a mistake on the command line.",
        "write nothing when a line cannot be carried into BML",
    )


def main(argv: list[str] | None = None) -> int:
    """Run ``bboalert2bml`` with ``argv`` (default: the command line); the exit status."""
    return run_converter(argument_parser(), convert, argv)


def convert(options: Options, messages: TextIO) -> int:
    """Read, convert, check and write; the report goes to ``messages``; the exit status."""
    name, data = read_input(options.inputfile)
    text, _ = decode_bss(data)
    notes = read_bboalert_notes(text, name)
    document = build_document(notes)
    alternatives = list(alternative_notes(notes))
    after = commented_alternatives(alternatives)
    bml = write_bml(document, notes=notes.notes, after=after)
    left = [*notes.left, *_not_kept(notes, document), *not_carried(notes, notes.alerts, bml)]
    for option, written in alternatives:
        left += not_carried(notes, notes.alternatives[option], written)
    for line in report_lines(name, left, every_line=options.verbose > 0):
        print(line, file=messages)
    reported = [item for item in left if item.reason.reported]
    if reported and options.strict:
        raise CommandError(f"{name}: {len(reported)} lines BML cannot carry; nothing was written (--strict)")
    if not document.bid_tables and not notes.kept and not alternatives:
        raise CommandError(f"{name}: no record could be read; nothing was written")
    output = output_path(options)
    page_name = Path(options.inputfile).stem if options.inputfile != STDIO else ""
    if options.format == "bml":
        result = bml
    else:
        result = write_page(document, page_name, "rst" if options.format == "rst" else "md", notes.notes, after)
    write_output(output, result)
    if options.verbose:
        where = "standard output" if output is None else str(output)
        records = sum(len(alerts) for alerts in notes.alternatives.values())
        print(
            f"{name}: {len(notes.alerts)} records in {len(document.bid_tables)} bidding tables, "
            f"{len(alternatives)} options off at import with {records} records kept as alternatives, "
            f"{len(notes.kept)} lines kept as comments, written to {where}",
            file=messages,
        )
    return SOME_REPORTED if reported else ALL_CONVERTED


def _not_kept(notes: BBOalertNotes, document: Document) -> list[LeftOut]:
    """What the bidding tables could not hold, at the records' lines."""
    sources = {alert.line: alert.source for alert in notes.alerts}
    return [
        LeftOut(Reason.TABLES, problem.location.line, sources.get(problem.location.line, ""), problem.message)
        for problem in document.problems
        if problem.location is not None
    ]


def not_carried(notes: BBOalertNotes, alerts: list[Alert], bml: str) -> list[LeftOut]:
    """The records among ``alerts`` that the BML written does not give back as the file gives them,
    read as the build reads it.

    A record already reported (a tag left out, text after HTML) is compared with what was kept of it."""
    system = expand(parse_text(bml, notes.name))
    reported = {item.line for item in notes.left if item.reason is Reason.EXPLANATION}
    found: list[LeftOut] = []
    for alert in alerts:
        meaning = system.get(alert.key)
        if meaning is None:
            found.append(LeftOut(Reason.COMES_BACK, alert.line, alert.source, "it has no row in the BML written"))
            continue
        back = _compared(box_and_chat(explanation(meaning.description)))
        expected = _compared(box_and_chat(alert.text) if alert.line in reported else alert.written)
        if back == expected:
            continue
        if back.replace("#", " ") == expected.replace("#", " "):
            detail = (
                "BML keeps one explanation, cut for the bidding box at 69 characters, not at your '#': "
                f"it comes back as '{back}'"
            )
        else:
            detail = f"written in BML, it comes back as '{back}'"
        found.append(LeftOut(Reason.COMES_BACK, alert.line, alert.source, detail))
    return found


def _compared(written: str) -> str:
    """An explanation as BBOalert shows it, suit letters and spacing aside."""
    return " ".join(_SUIT.sub(lambda suit: suit.group().upper(), html.unescape(written)).split())


if __name__ == "__main__":
    sys.exit(main())
