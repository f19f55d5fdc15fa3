"""Two screens: a practice page opened by each partner at their own screen, each seeing only their hand.

A ``.. bml-practice::`` page in HTML offers two links, "open as North" and
"open as South" (``practice.html?seat=N&seed=2024``; East and West on a
page whose ``:seat:`` is one of theirs). Opened so, ``static/bml-practice.js``
shows one board at a time, as that player sees it at the table: the board's
number, dealer and vulnerability, their own hand, the auction until the
first call of their side (the calls before it do not depend on the
partners) with the opponents' calls explained, and who calls first. The
partners bid by voice or chat; at the end of the board "Show the notes'
auction" gives the whole auction the robot bid by the notes, each call linked
to its row, and the four hands. ``board=3`` in the link opens board 3; a
seat that is not one of the side's, a board out of range, a seed that is not
a number or not the page's: the page says so and shows the first board.

The page is static (no server): everything is dealt when the site is built
(:mod:`.practice` draws it; this module lays it out). Each board's parts
are ``<template>`` elements, which are not part of the page a browser shows,
reads out, or searches with Ctrl+F: the script copies in the parts for the
seat of the link (it never writes the notes' text as HTML), and takes the
quiz out of the page, as it shows the page's own seat's hand. The source of
the page (and the quiz, opened without a seat) hold every hand, as any page
can hold only what its readers may see: a partner who looks there sees the
deal, as one who turns the other's board over at the club.

Without JavaScript the page is the quiz as before, and a ``<noscript>``
says that two screens need JavaScript. LaTeX and text have no two screens.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config

from ...language.diagrams import direction_name

#: Shows one seat's view of the boards, chosen by the link (``?seat=N&board=3&seed=2024``).
SCRIPT = Path(__file__).parent / "static" / "bml-practice.js"
#: The class of what holds the two screens' parts (:func:`two_screens`), and finds the pages that need the script.
SCREENS = "bml-screens"


@dataclass(frozen=True)
class ScreenBoard:
    """One board's parts for two screens, drawn by :mod:`.practice`: ``head`` (its number, dealer and
    vulnerability) and ``table`` (the auction until the side's first call) on both screens, each seat's
    ``hands`` on its own (the hand, who calls first), and the ``notes`` (the notes' auction, every hand),
    shown at the end of the board when asked for."""

    number: int
    head: list[nodes.Node]
    hands: dict[str, list[nodes.Node]]
    table: list[nodes.Node]
    notes: list[nodes.Node]


def two_screens(boards: Sequence[ScreenBoard], seats: str, seed: int) -> nodes.container:
    """The two screens of a practice page: where the script says what is wrong with a link; the links that
    open them, hidden until the script shows them; a ``<noscript>`` saying that they need it; where the
    script shows the board; and each board's parts as templates, which a browser neither shows nor reads out."""
    box = nodes.container(classes=[SCREENS])
    box += _html('<p class="bml-screens-message" role="status" hidden></p>')
    box += _html(screen_links(seats, seed))
    box += _html(
        '<noscript><p class="bml-screens-noscript">Practising with partner at two screens, each seeing only '
        "their own hand, needs JavaScript; without it this page is the quiz below.</p></noscript>"
    )
    box += _html('<div class="bml-screens-view" hidden></div>')
    for board in boards:
        box.extend(template("head", board.number, board.head))
        for seat, shown in board.hands.items():
            box.extend(template("hand", board.number, shown, seat))
        button = '<button type="button" class="bml-screens-show">Show the notes\u2019 auction</button>'
        box.extend(template("table", board.number, [*board.table, _html(button)]))
        box.extend(template("notes", board.number, board.notes))
    return box


def screen_links(seats: str, seed: int) -> str:
    """The links to each seat's screen, as HTML (seats and seed are the page's own, never a reader's)."""
    links = " or ".join(
        f'<a class="bml-screens-open" href="{html.escape(f"?seat={seat}&seed={seed}")}">'
        f"open as {direction_name(seat)}</a>"
        for seat in seats
    )
    return (
        f'<p class="bml-screens-links" data-seats="{html.escape(seats)}" data-seed="{seed}" hidden>'
        f"With partner, each at their own screen: {links}, and send partner the other link. "
        "Each screen shows only its player\u2019s hand.</p>"
    )


def template(part: str, number: int, content: Sequence[nodes.Node], seat: str = "") -> list[nodes.Node]:
    """``content`` inside a ``<template>``: in the page's source, not in the page shown until the script
    copies it in."""
    where = f' data-board="{number}"' + (f' data-seat="{html.escape(seat)}"' if seat else "")
    return [_html(f'<template class="bml-screens-{part}"{where}>'), *content, _html("</template>")]


def _html(text: str) -> nodes.raw:
    return nodes.raw("", text, format="html")


def add_script(app: Sphinx, config: Config) -> None:
    """``config-inited``: ship the script to ``_static``, before the project's own static files."""
    config.html_static_path.insert(0, str(SCRIPT))


def page_script(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """``html-page-context``: the script on the pages with two screens, in the page's head, not deferred:
    it hides the quiz before the page is first drawn when the link names a seat."""
    if doctree is not None and any(SCREENS in node["classes"] for node in doctree.findall(nodes.container)):
        app.add_js_file(SCRIPT.name)
