"""Notes written special cases first, on purpose (tests/roots/test-special-cases).

A pair's system as such notes are written: a root file joining six modules
with ``#INCLUDE``, 2-space indentation, patterns (``2M``, ``2X``, ``(1X)``,
``4m``), a ``#CUT``/``#PASTE`` block, special cases before the general rules
(``(1S)-1N-`` / ``2X`` before ``(1X)-1N-`` / ``2D``), and a second page for
the defence to a weak notrump. Only the real conflicts are warned, each
naming both places; every row either adds a sequence to the system or is
warned at its line (or, with its answers, at the row it answers); the
``.bss`` file holds the first definition of each sequence.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.language import expand, parse_file
from tests.support import contributes, located_warnings, rows

SPECIAL_CASES = pytest.mark.sphinx("html", testroot="special-cases", freshenv=True)

#: (file, line, type, what the message must say): the real conflicts, and the rows that add nothing.
EXPECTED = [
    # 2M under 1H-2C-2D can only be 2S, which the 2S row takes: the row and its answers are left out
    ("modules/one_heart.bml", 8, "bml.unused", ["2M can only be 2S", "the 2S row at line 11", "2 rows under it"]),
    # the same auction twice within the page, for a natural and a Landy 2C
    ("modules/notrump.bml", 26, "bml.conflict", ["at modules/notrump.bml:20", "(2C{Natural})"]),
    # the special case written after the general rule, which hides it: one warning per major
    ("modules/weak_twos.bml", 11, "bml.conflict", ["(2H)-3H", "more general pattern at modules/weak_twos.bml:6"]),
    ("modules/weak_twos.bml", 11, "bml.conflict", ["(2S)-3S", "more general pattern at modules/weak_twos.bml:6"]),
    # a defence to a strong and to a weak 1NT, in two files: the cure is a qualified call
    ("vs_weak_notrump.bml", 6, "bml.conflict", ["(1NT)-D", "at modules/vs_notrump.bml:4", "(1N{Weak})"]),
    ("vs_weak_notrump.bml", 8, "bml.conflict", ["(1NT)-2H", "more general pattern at modules/vs_notrump.bml:7"]),
    # a general row of the second page whose every sequence the first page defines
    ("vs_weak_notrump.bml", 9, "bml.unused", ["(1NT)-2D is 'one major' at modules/vs_notrump.bml:6", "1 more"]),
]


@SPECIAL_CASES
def test_only_the_real_conflicts_are_warned_each_naming_both_places(app: SphinxTestApp) -> None:
    app.build()
    found = located_warnings(app)
    assert [(file, line, kind) for file, line, kind, _ in found] == [(f, n, k) for f, n, k, _ in EXPECTED]
    for (_, _, _, message), (file, line, _, words) in zip(found, EXPECTED, strict=True):
        for word in words:
            assert word in message, (file, line, message)
    # the deliberate special cases: (1S)-1N-2X before (1X)-1N-2C/2D/2H, 2S before 2M, 2C before 2X ...
    assert not any(file == "modules/overcalls.bml" for file, *_ in found)


@SPECIAL_CASES
def test_every_row_adds_a_sequence_or_is_warned_at_its_line(app: SphinxTestApp) -> None:
    app.build()
    warned = {(file, line): message for file, line, _, message in located_warnings(app)}
    site = app.env.get_domain("bml").sites()[""]  # type: ignore[attr-defined]
    srcdir = Path(app.srcdir)
    walked, left_out = 0, []
    for page in ("system.bml", "vs_weak_notrump.bml"):
        document = parse_file(srcdir / page)  # the rows as the engine reads them, with their sequences
        expand(document)
        for table in document.bid_tables:
            for row, above in rows(table.rows):
                walked += 1
                if contributes(row, site):
                    continue
                place = (Path(row.location.file).relative_to(srcdir).as_posix(), row.location.line)
                answered = [(Path(r.location.file).relative_to(srcdir).as_posix(), r.location.line) for r in above]
                left_out.append(place)
                assert place in warned or any("under it are left out" in warned.get(at, "") for at in answered), (
                    f"{place}: the row adds nothing to the system, and no warning says so"
                )
    assert walked > 60
    # what the notes hold that the system does not: each warned above
    assert left_out == [
        ("modules/one_heart.bml", 8),  # 2M
        ("modules/one_heart.bml", 9),  # its answers
        ("modules/one_heart.bml", 10),
        ("modules/notrump.bml", 26),  # the Landy double
        ("modules/weak_twos.bml", 11),  # Michaels, hidden by (2Y)-3Y
        ("vs_weak_notrump.bml", 6),  # the penalty double of a weak notrump
        ("vs_weak_notrump.bml", 8),
        ("vs_weak_notrump.bml", 9),
    ]


@pytest.mark.sphinx("bss", testroot="special-cases", freshenv=True)
def test_the_bss_file_holds_the_first_definition(app: SphinxTestApp) -> None:
    app.build()
    (written,) = Path(app.outdir).glob("*.bss")
    records = dict(line.lstrip("*").split("=", 1) for line in written.read_text(encoding="utf-8").splitlines()[1:])
    # the special case stands where it was written first, the general rule elsewhere
    assert records["001S1NP2D"].endswith("5+ !d, invitational")
    assert records["001H1NP2D"].endswith("transfer to hearts")
    assert records["001S1NP2S"].endswith("Stayman for hearts")
    # the hidden special case and the two situations: the first definition, as ever
    assert records["002H3H"].endswith("asks for a stopper")
    assert records["001ND"].endswith("a single-suited hand")
    assert records["001HP2CP2DP2S"].endswith("fourth suit, forcing to game")
    assert not any(sequence.startswith("001HP2CP2DP2SP2N") for sequence in records)  # 2M's answers, left out
