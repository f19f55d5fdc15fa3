"""Inline markup becomes tokens; ordinary punctuation stays text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sphinx_bml.language.calls import Strain
from sphinx_bml.language.inline import (
    _CLOSERS,
    _OPENERS,
    _TOKEN,
    STYLES,
    Bid,
    Dash,
    Inline,
    LineBreak,
    SequenceLink,
    Styled,
    SuitSymbol,
    Text,
    parse_inline,
    plain_text,
    sequence_links,
    without_links,
)


def test_suits_bids_and_dashes() -> None:
    tokens = parse_inline("5+!h, 12--14 --- 2N or 3NT")
    assert tokens == (
        Text("5+"),
        SuitSymbol(Strain.HEARTS),
        Text(", 12"),
        Dash(em=False),
        Text("14 "),
        Dash(em=True),
        Text(" "),
        Bid(2, Strain.NOTRUMP),
        Text(" or "),
        Bid(3, Strain.NOTRUMP),
    )


def test_styles() -> None:
    tokens = parse_inline("/Here's/ *an* =example= end")
    assert tokens == (
        Styled("italic", (Text("Here's"),)),
        Text(" "),
        Styled("bold", (Text("an"),)),
        Text(" "),
        Styled("monospace", (Text("example"),)),
        Text(" end"),
    )


def test_styles_nest_and_keep_suits() -> None:
    assert parse_inline("*5+!s*") == (Styled("bold", (Text("5+"), SuitSymbol(Strain.SPADES))),)


def test_monospace_is_literal() -> None:
    assert parse_inline("=#+TITLE= and =1!c=") == (
        Styled("monospace", (Text("#+TITLE"),)),
        Text(" and "),
        Styled("monospace", (Text("1!c"),)),
    )


@pytest.mark.parametrize(
    "text",
    [
        "4!h/!s",
        "Pass/correct",
        "1N = 15--17",
        "bal / Any game force",
        "G/T (%$#_{}~^\\)",
        "https://example.org/a/b",
        "2*3 = 6",
        "a * b *",
    ],
)
def test_ordinary_signs_are_not_styles(text: str) -> None:
    assert not any(isinstance(token, Styled) for token in parse_inline(text))
    assert plain_text(parse_inline(text), symbols=False) == text


def test_bids_inside_words_are_text() -> None:
    assert parse_inline("4SXS A1C 1HSx x1HS 12HS !1HS") == (Text("4SXS A1C 1HSx x1HS 12HS !1HS"),)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("After 1C-1HS we play", "After 1♣-1♥♠ we play"),  # 48 headings of one real system
        ("2DHS natural, forcing", "2♦♥♠ natural, forcing"),
        ("3CDHSN splinters (3SN: to play)", "3♣♦♥♠NT splinters (3♠NT: to play)"),
        ("1N-2C-2HS.", "1NT-2♣-2♥♠."),
    ],
)
def test_bids_naming_several_strains_show_the_symbols(text: str, shown: str) -> None:
    """As bridge-markup shows them, and as the call ``1HS`` of a table reads."""
    assert plain_text(parse_inline(text)) == shown


def test_a_bid_naming_several_strains_is_a_bid_then_its_other_suits() -> None:
    assert parse_inline("1HS") == (Bid(1, Strain.HEARTS), SuitSymbol(Strain.SPADES))
    assert parse_inline("3SN") == (Bid(3, Strain.SPADES), Text("NT"))


@pytest.mark.parametrize("word", ["3DC", "2HH", "2SH", "1NS", "4CC", "7CDHSNN"])
def test_strains_out_of_rank_order_or_twice_stay_words(word: str) -> None:
    assert parse_inline(f"the {word} case") == (Text(f"the {word} case"),)


def test_line_breaks() -> None:
    assert parse_inline("a\nb") == (Text("a"), LineBreak(), Text("b"))


def test_plain_text_uses_symbols() -> None:
    assert plain_text(parse_inline("1!c -- 2H 3N")) == "1♣ – 2♥ 3NT"


# -- suit symbols are small letters only -------------------------------------------


@pytest.mark.parametrize("text", ["!STR F", "!SPL", "!S/T", "!Choice", "!Hold up", "!D only", "!C"])
def test_capital_letters_after_an_alert_mark_stay_text(text: str) -> None:
    """Players start meanings with ``!`` as an alert mark; the reference converts
    only ``!c !d !h !s``, and so do we (117 meanings of one real system read
    ``♠TR F``, ``♣hoice`` before)."""
    assert parse_inline(text) == (Text(text),)


def test_small_suit_letters_are_symbols_next_to_an_alert_mark() -> None:
    assert plain_text(parse_inline("!SPL in !h, 5+!s")) == "!SPL in ♥, 5+♠"


# -- linear reading: same tokens as the straightforward scan ------------------------


def _naive_closing(text: str, marker: str, start: int) -> int:
    """The span rule read literally (the scan before it was made linear)."""
    position = start + 1
    while True:
        position = text.find(marker, position)
        if position < 0 or "\n" in text[start:position]:
            return -1
        if not text[position - 1].isspace() and (position + 1 == len(text) or text[position + 1] in _CLOSERS):
            return position
        position += 1


def _naive(text: str) -> tuple[Inline, ...]:
    tokens: list[Inline] = []

    def add_text(piece: str) -> None:
        if piece and tokens and isinstance(tokens[-1], Text):
            tokens[-1] = Text(tokens[-1].text + piece)
        elif piece:
            tokens.append(Text(piece))

    position = 0
    while (match := _TOKEN.search(text, position)) is not None:
        add_text(text[position : match.start()])
        position = match.end()
        if match.lastgroup != "style":
            tokens.extend(parse_inline(match.group(0)))
            continue
        marker, start = match.group("style"), match.start()
        opens = (start == 0 or text[start - 1] in _OPENERS) and (
            start + 1 < len(text) and not text[start + 1].isspace() and text[start + 1] != marker
        )
        end = _naive_closing(text, marker, start + 1) if opens else -1
        if end < 0:
            add_text(marker)
            continue
        inner = text[start + 1 : end]
        children = (Text(inner),) if marker == "=" else _naive(inner)
        tokens.append(Styled(STYLES[marker], children))
        position = end + 1
    add_text(text[position:])
    return tuple(tokens)


MARKUP = st.text(alphabet=st.sampled_from(list("ab /*=\n!h1C-.( )'")), max_size=60)


@settings(max_examples=400)
@given(MARKUP)
def test_the_linear_scan_reads_as_the_rule_says(text: str) -> None:
    assert parse_inline(text) == _naive(text)


@pytest.mark.parametrize("marker", ["/", "*", "="])
def test_many_unmatched_markers_are_read_quickly_and_kept(marker: str) -> None:
    text = f" {marker}a" * 8_000  # 24 KB: minutes before the scan was made linear
    assert plain_text(parse_inline(text), symbols=False) == text


# -- links to sequences: :bml:seq: inside meanings and prose -------------------


def test_a_link_to_a_sequence_in_a_meaning() -> None:
    tokens = parse_inline("Stayman, see :bml:seq:`1N-2C-2D`")
    assert tokens[0] == Text("Stayman, see ")
    link = tokens[1]
    assert isinstance(link, SequenceLink)
    assert (link.target, link.explicit) == ("1N-2C-2D", False)
    assert plain_text(tokens) == "Stayman, see 1NT-2\u2663-2\u2666"
    assert plain_text(tokens, symbols=False) == "Stayman, see 1N-2C-2D"


def test_a_link_with_a_title_of_its_own() -> None:
    (text, link, rest) = parse_inline("the :bml:seq:`*Smolen* jumps <1N-2C-2D-3H>`, GF")
    assert text == Text("the ") and rest == Text(", GF")
    assert link == SequenceLink("1N-2C-2D-3H", (Styled("bold", (Text("Smolen"),)), Text(" jumps")), True)
    assert plain_text((link,)) == "Smolen jumps"


def test_an_exclamation_mark_shows_the_sequence_without_a_link() -> None:
    tokens = parse_inline("not :bml:seq:`!1N-2C` here")
    assert not any(isinstance(token, SequenceLink) for token in tokens)
    assert plain_text(tokens) == "not 1NT-2\u2663 here"


@pytest.mark.parametrize(
    "text",
    [
        "a :bml:seq: without backquotes",
        "an empty :bml:seq:`` role",
        "unclosed :bml:seq:`1N-2C",
        "across lines :bml:seq:`1N-\n2C`",
        ":bml:`1N-2C` is the other role",
    ],
)
def test_what_is_no_link_stays_text(text: str) -> None:
    tokens = parse_inline(text)
    assert not any(isinstance(token, SequenceLink) for token in tokens)
    assert plain_text(tokens, symbols=False) == text


def test_a_target_that_is_no_sequence_is_still_a_link_token() -> None:
    """Whether it can be read and where it leads is for the site to say (a located warning)."""
    (link,) = parse_inline(":bml:seq:`1N-2Z`")
    assert isinstance(link, SequenceLink) and link.target == "1N-2Z"


def test_links_are_found_in_styled_text_too() -> None:
    tokens = parse_inline("*see :bml:seq:`1C-1D`* and :bml:seq:`x <1N>`")
    assert [link.target for link in sequence_links(tokens)] == ["1C-1D", "1N"]


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("Stayman, see :bml:seq:`1N-2C-2D`", "Stayman, see 1N-2C-2D"),
        ("the :bml:seq:`Smolen jumps <1N-2C-2D-3H>`", "the Smolen jumps"),
        ("not :bml:seq:`!1N-2C`", "not 1N-2C"),
        ("no role here, 5+ !h", "no role here, 5+ !h"),
        (":bml:seq:`1C-1D` and :bml:seq:`1C-1H`", "1C-1D and 1C-1H"),
    ],
)
def test_without_links_is_what_a_bss_file_holds(text: str, written: str) -> None:
    assert without_links(text) == written
