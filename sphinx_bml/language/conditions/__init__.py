"""Hand conditions: what a hand must hold to make a call, in words a machine can check.

One module a job: :mod:`.hands` (hands and scales), :mod:`.tree` (the
condition tree), :mod:`.evaluation` (whether a hand meets it), :mod:`.wording`
(plain words), :mod:`.condition` (a row's condition, joining those three),
:mod:`.reading` (the tokenizer and the parser).

A row of a bidding table may carry a condition between double braces, on a
line of its description or at the end of one::

    1N = 15-17, may have a 5-card major
         {{ 15-17 hcp, balanced }}
    2M = weak two {{ 6+ M, 5-10 hcp }}

The braces keep the condition out of the prose: the description shown, the
``.bss`` file and BBOalert never contain it (bridge-markup 2.7.0 reads such a
file and shows the braces as text). The language:

* ``15-17 hcp``, ``hcp 15-17``, ``12+ hcp``, ``10- hcp`` (at most 10),
  ``hcp 16``; ``points`` is HCP plus one for each card over four in a suit.
  Another scale for the A, K, Q, J (and T) follows in brackets:
  ``hcp(4.5-3-1.5-0.75-0.25) 10-13``. ``freakiness points`` is HCP plus half
  the hand's freakiness less one half (practice_bidding's ``shape="freakiness"``).
* ``7+ playing tricks`` (or ``tricks``), ``2+ tricks in hearts``: Pavlicek's
  playing tricks, in the hand or in one suit; ``freakiness``: Pavlicek's
  freakness of the shape (:class:`Hand` defines both).
* ``6+ hearts``, ``spades 4``, ``0-1 clubs``; suits by name (``hearts``,
  ``heart``), symbol (``♥``) or BML's ``!h``; ``M``, ``m``, ``oM``, ``om``,
  ``X``, ``Y``, ``Z`` are the suit the row's pattern stands for (``2M`` with
  ``6+ M``); ``suit`` is the suit of the row's own bid. Where nothing gives
  them a suit, ``M`` is "a major", ``m`` "a minor", the others "a suit".
* ``balanced`` (4333, 4432, 5332, as practice_bidding defines it),
  ``semi-balanced`` (those and 5422, 6322), ``unbalanced`` (not balanced), ``any``.
* Shapes: four places, spades first: ``5431``, ``(54)xx`` (5-4 in the majors
  either way), ``(4432)`` (any order); a place may name its suit, and the
  other places take the remaining suits spades first: ``4M(xx)5`` is four
  cards in the major and five clubs.
* Formulas over suit lengths, HCP, points, playing tricks and freakiness: ``hearts + spades > diamonds + clubs``,
  ``hearts > spades`` (strictly longer), ``hearts >= spades`` (longer or as long),
  ``2*spades - hearts >= 3``; ``=`` or ``==``, ``!=``, ``<``, ``<=``, ``>``, ``>=``.
* ``and``, ``or``, ``not``, brackets to group, and commas: a comma means
  "and" but binds loosest, as in prose, so ``12-14 hcp, balanced or 5+ clubs``
  is 12-14 HCP with a balanced hand or five clubs; ``and`` binds before ``or``.
* ``\\{`` is a brace of the meaning: ``Strong \\{{ 0+ hcp }}`` opens no condition.
"""

from .condition import Condition
from .hands import STANDARD, Hand, Scale, playing_tricks_in
from .reading import (
    MAX_CONDITION_NESTING,
    MAX_CONDITION_TOKENS,
    condition_opening,
    escape_braces,
    find_condition,
    parse_condition,
    shown,
)

__all__ = [
    "MAX_CONDITION_NESTING",
    "MAX_CONDITION_TOKENS",
    "STANDARD",
    "Condition",
    "Hand",
    "Scale",
    "condition_opening",
    "escape_braces",
    "find_condition",
    "parse_condition",
    "playing_tricks_in",
    "shown",
]
