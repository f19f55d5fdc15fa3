"""Notes read alone, as a site of one page reads them: what the playground shows.

The playground (``.. bml-playground::``) runs this module in the reader's
browser, in Pyodide: :func:`show` reads the BML typed in its editor as the
build reads the one page of a site whose root document holds it, and hands
back

* the HTML of its blocks: bidding tables, deals and auctions drawn by
  :mod:`.html_tables`, as the site draws an example (``:example:``: no
  anchors); headings, paragraphs, lists and ``|``-tables in plain markup;
* every problem the build would report, each at its line, in the build's
  words (the engine's, then the site's conflicts, rows that add nothing and
  orphans: :mod:`~sphinx_bml.language.site_problems`);
* the ``.bss`` and BBOalert files that ``sphinx-build -b bss`` and
  ``-b bboalert`` would write for that one page.

Everything is escaped: nothing typed becomes markup. :func:`shown_as_json`
is the worker's entry: settings in JSON, the result in JSON.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from ..language.bidtable import TableState
from ..language.errors import BMLError, one_line
from ..language.expansion import expand
from ..language.model import (
    AsWritten,
    Auction,
    BidTable,
    Block,
    BulletList,
    Deal,
    DefinitionList,
    EnumeratedList,
    Heading,
    Metadata,
    Paragraph,
    RichText,
    Table,
)
from ..language.notation import context_label
from ..language.parser import Parser
from ..language.reader import Reader
from ..language.shown import Educate, educated, meaning_tokens, with_abbreviations
from ..language.site import Page, Site, continuations
from ..language.site_problems import site_problems
from ..language.system import System
from .bboalert import write_bboalert
from .bss_writer import write_bss
from .html_tables import Drawing, auction_html, deal_html, encode, table_html, tokens_html

#: The name the notes are read under: the file the messages name.
NOTES = "notes.bml"
#: Why the playground follows no ``#INCLUDE``.
NO_FILES = "the playground reads no other file: paste that file's notes here instead"
#: The document the notes are, as a site's root document.
_PAGE = "notes"


@dataclass(frozen=True)
class Settings:
    """The site's settings that change what the playground shows (``bml_*`` of ``conf.py``)."""

    tree: bool = True
    indentation: int | None = None
    four_colour: bool = False
    #: the abbreviations shown with their meaning (``bml_abbreviations``, made a dict)
    abbreviations: dict[str, str] = field(default_factory=dict)
    show_conditions: bool = True
    collapsible: bool = False
    alert_prefix: str | None = None
    #: the ``.bss`` header's name and summary when the notes have no ``#+TITLE``, ``#+DESCRIPTION``
    bss_name: str = "Notes"
    bss_summary: str = ""
    bss_dispositions: bool = False
    bboalert_alerts_only: bool = False
    #: the smart-quotes action and language the site's HTML uses (``None``: none)
    smart_quotes: tuple[str, str] | None = None

    @classmethod
    def from_json(cls, text: str) -> Settings:
        """The settings a page gives, in JSON (a key it leaves out keeps its default)."""
        values: dict[str, Any] = json.loads(text)
        known = {name: value for name, value in values.items() if name in cls.__dataclass_fields__}
        if known.get("smart_quotes") is not None:
            known["smart_quotes"] = tuple(known["smart_quotes"])
        return cls(**known)


@dataclass(frozen=True)
class Problem:
    """A problem at a line of the notes (0: of no line), in a player's words."""

    line: int
    kind: str
    message: str


@dataclass(frozen=True)
class Shown:
    """What the playground shows for some notes."""

    html: str
    problems: list[Problem]
    bss: str
    bboalert: str


def show(text: str, settings: Settings, educate: Educate | None = None) -> Shown:
    """The notes ``text`` read as the one page of a site; ``educate``: smart quotes, as the site's
    (docutils' ``educate_tokens`` with :attr:`Settings.smart_quotes`), ``None`` for none."""
    reader = Reader(root=None, includes_enabled=False, includes_off=NO_FILES)
    source = reader.read_text(text, NOTES, None, 1)
    metadata = Metadata()
    parser = Parser(settings.indentation, TableState(), metadata, alert_prefix=settings.alert_prefix)
    document = parser.parse(source)
    system = System()
    expand(document, system)
    page = Page(tuple(system), tuple(system.overruled), tuple(continuations(document.bid_tables)))
    site = Site.build([_PAGE], {_PAGE: page})
    problems = [*document.problems, *site_problems(site, ".")]
    values = metadata.values
    name = values.get("TITLE") or settings.bss_name
    summary = values.get("DESCRIPTION") or settings.bss_summary
    drawing = Drawing(
        four=settings.four_colour,
        quotes=educate,
        abbreviations=settings.abbreviations,
        conditions=settings.show_conditions,
        collapsible=settings.collapsible,
    )
    return Shown(
        html="".join(_block(block, settings, drawing) for block in document.blocks),
        problems=[_problem(problem) for problem in problems],
        bss=write_bss(site.system, name, summary, dispositions=settings.bss_dispositions),
        bboalert=write_bboalert(site.system, name, alerts_only=settings.bboalert_alerts_only),
    )


def shown_as_json(text: str, settings: str, educate: Educate | None = None) -> str:
    """:func:`show` for the worker: the settings in JSON, the result in JSON."""
    return json.dumps(asdict(show(text, Settings.from_json(settings), educate)), ensure_ascii=False)


def _problem(problem: BMLError) -> Problem:
    line = problem.location.line if problem.location is not None else 0
    return Problem(line, problem.kind.value, one_line(problem.message))


# --------------------------------------------------------------------------
# Blocks


def _block(block: Block, settings: Settings, drawing: Drawing) -> str:
    """One block's HTML: a table as the site draws an example, prose in plain markup; a hidden table nothing."""
    four = settings.four_colour
    if isinstance(block, BidTable):
        if block.hidden or not block.rows:
            return ""
        context = context_label(block.seat, block.vulnerability)
        return table_html(block.rows, tree=settings.tree, context=context, drawing=drawing)
    if isinstance(block, Deal):
        return deal_html(block, four)
    if isinstance(block, Auction):
        return auction_html(block, four)
    if isinstance(block, AsWritten):  # a diagram that cannot be read: its lines as written, as the site shows them
        return f'<div class="bml-as-written"><pre>{encode(block.text)}</pre></div>\n'
    if isinstance(block, Heading):
        return f'<p class="rubric">{_prose(block.text, drawing)}</p>\n'
    if isinstance(block, Paragraph):
        return f"<p>{_prose(block.text, drawing)}</p>\n"
    if isinstance(block, BulletList | EnumeratedList):
        tag = "ul" if isinstance(block, BulletList) else "ol"
        items = "".join(f"<li><p>{_prose(item, drawing)}</p></li>\n" for item in block.items)
        return f"<{tag}>\n{items}</{tag}>\n"
    if isinstance(block, DefinitionList):
        items = "".join(
            f"<dt>{_prose(term, drawing)}</dt>\n<dd><p>{_prose(meaning, drawing)}</p></dd>\n"
            for term, meaning in block.items
        )
        return f"<dl>\n{items}</dl>\n"
    return _table(block, drawing)


def _prose(text: RichText, drawing: Drawing) -> str:
    tokens = meaning_tokens(text.inline)
    if drawing.quotes is not None:
        tokens = educated(tokens, drawing.quotes)
    return tokens_html(with_abbreviations(tokens, drawing.abbreviations), drawing.four)


def _table(table: Table, drawing: Drawing) -> str:
    """A ``|``-table; its rules leave no row."""
    rows = [row for row in table.rows if row is not None]
    if not rows:
        return ""
    cells = "".join("<tr>" + "".join(f"<td>{_prose(cell, drawing)}</td>" for cell in row) + "</tr>\n" for row in rows)
    return f'<table class="docutils bml-table">\n<tbody>\n{cells}</tbody>\n</table>\n'
