"""An Anki deck of a system: one card per sequence, to learn the notes with spaced repetition.

Each meaning of the system with something to learn (a description or a hand
condition) is one note, in the order the notes define them:

front
    the auction with suit symbols (``1NT–2♣``, ``1♣–(1♠)–Dbl``), and the
    seat and vulnerability when the table is for some of them only (``3rd or
    4th seat, vulnerable``);
back
    the meaning (alertable calls marked *Alert*), the hand condition, and the
    page that defines it.

Its fields are ``Auction`` (the front, HTML), ``Sequence`` (the sequence as
BML writes it, ``1NT-2C``: to search the deck), ``Situation``, ``Meaning``,
``Condition`` and ``Page``. Tags: ``page::<page>`` and ``opening::1NT`` (our
openings) or ``opening::they-1S`` (theirs), so that a partnership can study
one page or one opening.

Anki shows every field as HTML, in the reviewer, the browser and the editor,
and acts on its own tags in a field's text. So every text from the notes is
written by :func:`inert`: shown as typed, never run. Its characters special
in HTML (``<``, ``&``, quotes) are escaped; Anki's tags (``[sound:…]``,
``[anki:…]``, ``[latex]``, ``[$]``, ``[$$]``, the reviewer's ``[[type:…]]``)
all open with ``[``, which Anki looks for in the field's HTML, so it is
written ``&#91;``; MathJax (``\\(``, ``\\[``) is looked for by the editor in
the HTML and by the reviewer in the text shown, so an empty ``<span>`` stands
between the backslash and the bracket. ``{{…}}`` needs nothing: Anki puts a
field's text into the card once, never reading it as a template. Our own
markup (red suits, *Alert*) is built around that text. The deck's name is
text to Anki (it escapes it): the title as written.

Ids are stable from build to build, so that importing the deck again updates
the notes a player has been learning instead of adding new ones: the note
type's id is fixed, the deck's comes from the system's title, and each
note's guid from the title and the sequence's anchor (seat, vulnerability
and calls). A meaning changed in the notes is the same card with a new back.

genanki writes the ``.apkg`` file (the ``anki`` extra); it is imported when
a deck is written.
"""

from __future__ import annotations

import hashlib
import html
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from ..language.calls import Sequence
from ..language.errors import BMLError
from ..language.notation import anchor, context_label, label, short_notation
from ..language.site import opening
from ..language.system import Meaning, System

#: The fields of a note, in order.
FIELDS = ("Auction", "Sequence", "Situation", "Meaning", "Condition", "Page")
#: The note type's id: fixed, so that every deck of every system shares one note type.
MODEL_ID = 1_607_392_319
MODEL_NAME = "sphinx-bml sequence"
FRONT = '<div class="auction">{{Auction}}</div>{{#Situation}}<div class="situation">{{Situation}}</div>{{/Situation}}'
BACK = (
    '{{FrontSide}}<hr id="answer"><div class="meaning">{{Meaning}}</div>'
    '{{#Condition}}<div class="condition">{{Condition}}</div>{{/Condition}}'
    '{{#Page}}<div class="page">{{Page}}</div>{{/Page}}'
)
CSS = """\
.card { font-family: sans-serif; font-size: 22px; text-align: center; color: black; background: white; }
.auction { font-size: 30px; font-weight: bold; }
.situation, .page { font-size: 16px; color: #555; margin-top: 0.5em; }
.condition { font-family: monospace; font-size: 18px; margin-top: 0.5em; }
.red { color: #c00; }
"""
_RED = re.compile("([\u2665\u2666])")
_TAG = re.compile(r"[^\w.+-]+")
#: A backslash before a bracket: MathJax's ``\(``, ``\)``, ``\[`` and ``\]``.
_MATHJAX = re.compile(r"\\(?=[()[\]])")


@dataclass(frozen=True)
class Page:
    """The page a meaning is on: its title, shown on the back, and its name, for the tag."""

    title: str
    name: str


@dataclass(frozen=True)
class Card:
    """One note of the deck: its guid, its fields (:data:`FIELDS`) and its tags."""

    guid: str
    fields: tuple[str, ...]
    tags: tuple[str, ...]

    @property
    def sequence(self) -> str:
        return self.fields[FIELDS.index("Sequence")]


def page_from_file(meaning: Meaning) -> Page:
    """The page of ``meaning`` when nothing better is known: the name of the file that defines it."""
    name = Path(meaning.location.file).stem
    return Page(name, name)


def stable_id(text: str) -> int:
    """An Anki id made from ``text``, the same in every build (between 2**30 and 2**31)."""
    digest = int(hashlib.sha256(text.encode("utf-8")).hexdigest()[:12], 16)
    return (1 << 30) + digest % (1 << 30)


def deck_id(title: str) -> int:
    return stable_id("sphinx-bml deck " + title)


def note_guid(title: str, meaning: Meaning) -> str:
    """The guid of a meaning's note: from the system's title and the sequence's anchor."""
    digest = hashlib.sha256(f"{title}\n{anchor(*meaning.key)}".encode()).hexdigest()
    return digest[:20]


def inert(text: str) -> str:
    """``text`` as HTML that Anki shows as typed: no markup, none of Anki's tags, no MathJax.

    ``[sound:x.mp3]`` becomes ``&#91;sound:x.mp3]`` and ``\\(x\\)``
    becomes ``\\<span></span>(x\\<span></span>)``: the same characters on
    the card, nothing that Anki plays, typesets or turns into an image
    (see the module's notes)."""
    return _MATHJAX.sub(r"\\<span></span>", html.escape(text)).replace("[", "&#91;")


def suits_in_colour(text: str) -> str:
    """``text`` (already HTML) with the red suits' symbols in red."""
    return _RED.sub(r'<span class="red">\1</span>', text)


def opening_tag(sequence: Sequence) -> str:
    """``opening::1NT`` for our opening, ``opening::they-1S`` for theirs, ``opening::pass`` for passes only."""
    (side, _), index = opening(sequence)
    if index is None:
        return "opening::pass"
    call = short_notation(Sequence((sequence.calls[index].plain,)))
    return f"opening::{call}" if side == 0 else f"opening::they-{call}"


def page_tag(page: Page) -> str:
    """``page::chapter-1::openings`` for ``chapter 1/openings``: letters, digits and ``._+-`` only,
    as Anki keeps them (in NFC, no spaces, no empty part)."""
    name = unicodedata.normalize("NFC", page.name)
    return "page::" + "::".join(_TAG.sub("-", part).strip("-") or "page" for part in name.split("/"))


def card(meaning: Meaning, title: str, page: Page | None) -> Card:
    """The note of one meaning (see the module's notes)."""
    meaning_text = inert(meaning.plain_text)
    if meaning.alert:
        meaning_text = f"<i>Alert</i>: {meaning_text}" if meaning_text else "<i>Alert</i>"
    condition = inert(meaning.condition.describe()) if meaning.condition is not None else ""
    fields = (
        suits_in_colour(inert(label(meaning.sequence))),
        inert(short_notation(meaning.sequence)),
        inert(context_label(meaning.seat, meaning.vulnerability)),
        suits_in_colour(meaning_text),
        condition,
        inert(page.title) if page is not None else "",
    )
    tags = [opening_tag(meaning.sequence)]
    if page is not None:
        tags.insert(0, page_tag(page))
    return Card(note_guid(title, meaning), fields, tuple(tags))


def learned(system: System) -> Iterable[Meaning]:
    """The meanings with something to learn: a description or a hand condition."""
    return (meaning for meaning in system if meaning.description or meaning.condition is not None)


def cards(system: System, title: str, page_of: Callable[[Meaning], Page | None] = page_from_file) -> list[Card]:
    """The notes of the deck, in the order the notes define the sequences."""
    return [card(meaning, title, page_of(meaning)) for meaning in learned(system)]


def write_deck(
    system: System,
    title: str,
    target: Path,
    page_of: Callable[[Meaning], Page | None] = page_from_file,
    *,
    timestamp: float | None = None,
) -> int:
    """Write the deck of ``system`` as the ``.apkg`` file ``target``; the number of cards.

    Raises :class:`BMLError` when genanki is not installed."""
    try:
        import genanki  # type: ignore[import-untyped]
    except ImportError:
        raise BMLError("an Anki deck needs genanki, which is not installed: pip install 'sphinx-bml[anki]'") from None
    model = genanki.Model(
        MODEL_ID,
        MODEL_NAME,
        fields=[{"name": name} for name in FIELDS],
        templates=[{"name": "Meaning", "qfmt": FRONT, "afmt": BACK}],
        css=CSS,
    )
    deck = genanki.Deck(deck_id(title), title or "Bidding system")
    found = cards(system, title, page_of)
    for position, found_card in enumerate(found):
        deck.add_note(
            genanki.Note(
                model=model,
                fields=list(found_card.fields),
                tags=list(found_card.tags),
                guid=found_card.guid,
                due=position,
            )
        )
    target.parent.mkdir(parents=True, exist_ok=True)
    genanki.Package(deck).write_to_file(str(target), timestamp=timestamp)
    return len(found)
