"""``bss2bml``: convert a BSS file (Bridge Base Online Full Disclosure) to BML.

::

    bss2bml [-h] [-o OUTPUTFILE] [-v] [--version] [--format {bml,rst,md}] [--strict] inputfile

``-`` reads standard input or writes standard output. Without ``-o`` the
output goes beside the input, with its extension replaced by ``.bml``
(``.rst``, ``.md`` for ``--format``); ``-o`` may name a folder, or a
symbolic link to a file (the file is written), never a device or a pipe.

Every valid record is converted; each malformed one is left out with
``FILE:LINE: message``. Exit status: 0 when every record was converted, 1
when some were left out (the rest is written) or nothing could be written
(the message says why), 2 for a mistake on the command line, 141 when
standard output was closed early (a broken pipe). ``--strict`` writes
nothing when a record is malformed; ``--skip-invalid``, once needed to get
the default behaviour, is still accepted.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TextIO

from ..formats.bml_writer import write_bml
from ..formats.bss_reader import UTF_8, BssFile, decode_bss, read_bss
from ..formats.bss_tree import build_document, kept_records
from ..formats.pages import write_page
from ..language.errors import BMLError
from ..language.model import BidNode, Document
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
SOME_LEFT_OUT = 1


def argument_parser() -> argparse.ArgumentParser:
    parser = converter_parser(
        "bss2bml",
        "Convert a BSS file (Bridge Base Online Full Disclosure) to BML.",
        "the BSS file to read (- is standard input)",
        "The file is read as UTF-8 or UTF-16 (with or without a byte order mark), "
        "else as Windows-1252. Exit status: 0 every record converted, 1 some records "
        "left out (the rest is written) or nothing written, 2 a mistake on the command line.",
        "write nothing when a record is malformed (by default every valid record is converted "
        "and each malformed one is left out, with its line)",
    )
    parser.add_argument(
        "--skip-invalid",
        action="store_true",
        help="leave out malformed records: the default, accepted for older scripts",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``bss2bml`` with ``argv`` (default: the command line); the exit status."""
    return run_converter(argument_parser(), convert, argv)


def convert(options: Options, messages: TextIO) -> int:
    """Read, convert and write; problems go to ``messages``; the exit status.

    Nothing is written when nothing could be read, or in strict mode when a record is malformed.
    """
    name, data = read_input(options.inputfile)
    text, encoding = decode_bss(data)
    if "\0" in text:  # decoded, even from UTF-16: a zero byte is no text
        raise CommandError(
            f"{name}: this is not a text file (it holds zero bytes, as programs and pictures do), "
            "so not a BSS file. Nothing was written."
        )
    if encoding != UTF_8 and options.verbose:
        print(f"{name} is not UTF-8; read it as {encoding}", file=messages)
    bss = read_bss(text, name, skip_invalid=True)
    left_out = len(bss.problems)
    nothing_read = not (bss.sequences or bss.system_name or bss.summary)
    if left_out and nothing_read and not options.strict:
        print(next(iter(bss.problems)), file=messages)  # the first line; the others would say the same
        raise CommandError(
            f"{name}: nothing could be read from it (none of its {_count(left_out, 'line')} is a BSS record); "
            "is it a BSS file? Nothing was written."
        )
    if left_out and options.strict:
        say_in_order(bss.warnings, bss.problems, [], messages)
        raise CommandError(
            f"{name}: {_count(left_out, 'malformed record')}; nothing was written (--strict). "
            "Without --strict every valid record is converted."
        )
    document = build_document(bss)
    say_in_order(bss.warnings, bss.problems, document.problems, messages)
    output = output_path(options)
    page_name = Path(options.inputfile).stem if options.inputfile != STDIO else ""
    notes = kept_records(bss)
    if options.format == "bml":
        result = write_bml(document, notes=notes)
    else:
        result = write_page(document, page_name, "rst" if options.format == "rst" else "md", notes)
    write_output(output, result)
    if options.verbose:
        report(bss, document, output, messages)
    if left_out:
        where = "standard output" if output is None else str(output)
        print(
            f"{name}: {_count(left_out, 'malformed line')} left out; every other record is in {where}",
            file=messages,
        )
        return SOME_LEFT_OUT
    return ALL_CONVERTED


def say_in_order(
    warnings: Iterable[BMLError], left_out: Iterable[BMLError], not_kept: Iterable[BMLError], messages: TextIO
) -> None:
    """The messages about the file in the order of its lines: records read with a guess,
    records left out, and what BML has no place for."""
    said = [(problem, "") for problem in warnings]
    said += [(problem, "; the line is left out") for problem in left_out]
    said += [(problem, "") for problem in not_kept]
    for problem, ending in sorted(said, key=lambda item: item[0].location.line if item[0].location else 0):
        print(f"{problem}{ending}", file=messages)


def report(bss: BssFile, document: Document, output: Path | None, messages: TextIO) -> None:
    """What ``-v`` says: what was read, what BML cannot hold, what was written."""
    skipped = len(bss.problems)
    read = f"{bss.name}: read {_count(len(bss.sequences), 'bidding sequence')}"
    print(read + (f" ({skipped} malformed {_plural(skipped, 'line')} skipped)" if skipped else ""), file=messages)
    kept = []
    if bss.stock_card is not None:
        kept.append(f"the stock convention card {bss.stock_card.name}")
    if bss.conventions:
        kept.append(_count(len(bss.conventions), "convention record"))
    if bss.carding is not None:
        kept.append("the defensive carding")
    if kept:
        print(f"{bss.name}: BML has no place for {_join(kept)}; kept as // comments", file=messages)
    tables = document.bid_tables
    rows = sum(_rows(table.rows) for table in tables)
    where = "standard output" if output is None else str(output)
    print(f"wrote {_count(len(tables), 'bidding table')} with {_count(rows, 'row')} to {where}", file=messages)


def _rows(nodes: Sequence[BidNode]) -> int:
    return sum(1 + _rows(node.children) for node in nodes)


def _plural(count: int, word: str) -> str:
    return word if count == 1 else word + "s"


def _count(count: int, word: str) -> str:
    return f"{count} {_plural(count, word)}"


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


if __name__ == "__main__":
    sys.exit(main())
