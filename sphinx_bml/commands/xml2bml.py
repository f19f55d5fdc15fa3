"""``xml2bml``: convert a practice_bidding XML system to BML with hand conditions.

::

    xml2bml [-h] [-o OUTPUTFILE] [-v] [--version] [--format {bml,rst,md}] [--strict] inputfile

Options and output files as ``bss2bml``'s: ``-`` reads standard input or
writes standard output; without ``-o`` the output goes beside the input with
the extension of its format (``.bml``, ``.rst``, ``.md``).

Every bid becomes a row with its meaning and, under it, its hand condition
(``{{ 15-17 hcp, balanced }}``). What BML's conditions cannot say (playing
tricks, points counted by "freakiness", anything from the system's
``formulas`` Python file, which is never run) is reported as
``FILE:LINE: message``, and that row is kept without a condition (the robot
does not bid it). Exit status: 0 when everything was carried, 1 when
something was not (the rest is written) or nothing could be written (the
message says why), 2 for a mistake on the command line. ``--strict`` writes
nothing when something cannot be carried.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from ..formats.bml_writer import write_bml
from ..formats.pages import write_page
from ..formats.practice_xml import XmlBid, read_system, to_document
from ..language.errors import BMLError
from ..language.expansion import expand
from ..language.model import BidNode
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

ALL_CARRIED = 0
#: Said after a problem BML has with a row written: the row is in the file, but no BML reader keeps it.
LEFT_OUT = "; the row is written, but BML leaves it out"
SOME_NOT_CARRIED = 1


def argument_parser() -> argparse.ArgumentParser:
    return converter_parser(
        "xml2bml",
        "Convert a practice_bidding XML bidding system to BML with hand conditions.",
        "the XML file to read (- is standard input)",
        "Exit status: 0 everything converted, 1 something BML cannot say (each is reported with its line; "
        "the rest is written) or nothing written, 2 a mistake on the command line.",
        "write nothing when something cannot be carried into BML",
    )


def main(argv: list[str] | None = None) -> int:
    """Run ``xml2bml`` with ``argv`` (default: the command line); the exit status."""
    return run_converter(argument_parser(), convert, argv)


def convert(options: Options, messages: TextIO) -> int:
    """Read, convert and write; problems go to ``messages``; the exit status."""
    name, data = read_input(options.inputfile)
    system = read_system(data, name)
    document = to_document(system)
    expand(document)  # what BML makes of the rows: one it leaves out (1C under 2C) is said here, at its line
    dropped = [BMLError(problem.message + LEFT_OUT, problem.location, problem.kind) for problem in document.problems]
    problems = sorted(
        [*system.problems, *dropped], key=lambda problem: problem.location.line if problem.location else 0
    )
    for problem in problems:
        print(problem, file=messages)
    if problems and options.strict:
        raise CommandError(f"{name}: {len(problems)} things BML cannot carry; nothing was written (--strict)")
    if not document.bid_tables:
        raise CommandError(f"{name}: no <bid> could be read; is it a practice_bidding system? Nothing was written.")
    output = output_path(options)
    page_name = Path(options.inputfile).stem if options.inputfile != STDIO else ""
    if options.format == "bml":
        result = write_bml(document)
    else:
        result = write_page(document, page_name, "rst" if options.format == "rst" else "md")
    write_output(output, result)
    if options.verbose:
        rows = sum(1 for _ in _bids(system.bids))
        nodes = [node for table in document.bid_tables for node in _nodes(table.rows)]
        with_condition = sum(1 for node in nodes if node.condition is not None)
        where = "standard output" if output is None else str(output)
        print(f"{name}: {rows} bids, {with_condition} with a hand condition, written to {where}", file=messages)
    return SOME_NOT_CARRIED if problems else ALL_CARRIED


def _bids(bids: list[XmlBid]) -> Iterator[XmlBid]:
    for bid in bids:
        yield bid
        yield from _bids(bid.children)


def _nodes(nodes: list[BidNode]) -> Iterator[BidNode]:
    for node in nodes:
        yield node
        yield from _nodes(node.children)


if __name__ == "__main__":
    sys.exit(main())
