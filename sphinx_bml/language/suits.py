"""The four suits, each way they are written: one table for each.

* a suit's **letter** is how BML writes it: ``C``, ``D``, ``H``, ``S``;
* its **glyph** is the symbol the pages show (:data:`SUIT_GLYPHS`: ``♣``),
  and :data:`GLYPH_LETTERS` reads those glyphs back;
* its **name** is how a sentence says it (:data:`SUIT_NAMES`: ``clubs``);
* a **typed** symbol is any a player types or pastes for a suit
  (:data:`TYPED_SUITS`): the black ones the pages show, the white ones
  (``♧ ♢ ♡ ♤``), and the emoji form a phone adds (``♥️``); :func:`spell_suits`
  writes them as letters.
"""

from __future__ import annotations

#: A suit's letter → the glyph the pages show.
SUIT_GLYPHS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
#: A suit's letter → its name, for sentences, screen readers and class names.
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
#: Spades first, as a hand is written.
SUIT_ORDER = ("S", "H", "D", "C")
#: The glyphs the pages show, back to their letters (``♣`` is ``C``): reading text we wrote.
GLYPH_LETTERS = {glyph: letter for letter, glyph in SUIT_GLYPHS.items()}
#: The white suits (``♧``), which players type too.
_WHITE_GLYPHS = {"C": "\u2667", "D": "\u2662", "H": "\u2661", "S": "\u2664"}
#: Every symbol a player types or pastes for a suit → its letter: black and white.
TYPED_SUITS = {**GLYPH_LETTERS, **{glyph: letter for letter, glyph in _WHITE_GLYPHS.items()}}
#: What follows a symbol pasted in its emoji form (``♥️``): nothing to read.
EMOJI_FORM = "\ufe0f"

_AS_LETTERS = str.maketrans({**TYPED_SUITS, EMOJI_FORM: None})


def spell_suits(text: str) -> str:
    """``text`` with suit symbols written as BML's letters: ``1♣`` is ``1C``, ``2♥♠`` is ``2HS``."""
    return text.translate(_AS_LETTERS)
