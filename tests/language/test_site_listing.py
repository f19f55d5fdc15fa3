"""What a page keeps of its sequences once read (Page.spelled): the same site, the same listing."""

from __future__ import annotations

from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.notation import anchor, context_label, label, object_name
from sphinx_bml.language.site import Page, Site, bidding_order, by_opening, listed_by_opening, listing

NOTES = """\
1C  16+
  1D  Negative
  1H  Five hearts

1C-(1S);
D  Negative, 5+

(1S)-
1N  Natural
2S  Michaels

P-
1S  Five spades

1N  15--17
  2C  Stayman
  2D  Transfer

#SEAT 34

1N  12--14

#SEAT 0
#VUL NY

2N  Weak, both minors

#VUL 00

3N  Gambling
"""


def page(text: str, name: str) -> Page:
    system = expand(parse_text(text, name))
    anchors = frozenset(anchor(*meaning.key) for meaning in system if "Natural" not in meaning.description.text)
    return Page(tuple(system), tuple(system.overruled), anchors=anchors)


def test_a_spelled_page_builds_the_same_site() -> None:
    plain = {"one": page(NOTES, "one.bml"), "two": page("1N  10--12\n3N  To play\n", "two.bml")}
    spelled = {docname: found.spelled() for docname, found in plain.items()}
    assert spelled == plain  # what the page says is the same: only what is made from it is kept
    assert all(found.names == tuple(anchor(*m.key) for m in found.meanings) for found in spelled.values())
    before, after = Site.build(["one", "two"], plain), Site.build(["one", "two"], spelled)
    assert after.targets == before.targets and after.variants == before.variants
    assert after.conflicts == before.conflicts and after.defined == before.defined
    assert len(before.targets) > 10 and before.conflicts


def test_only_what_a_page_shows_is_listed() -> None:
    spelled = page(NOTES, "one.bml").spelled()
    assert set(spelled.listed) == spelled.anchors
    shown = [meaning for meaning in spelled.meanings if anchor(*meaning.key) in spelled.anchors]
    assert len(shown) < len(spelled.meanings)  # the natural rows are not shown here
    for meaning in shown:
        seat, vulnerability, sequence = meaning.key
        listed = spelled.listed[anchor(*meaning.key)]
        assert listed == listing(meaning.key)
        assert listed.label == label(sequence) and listed.name == object_name(sequence, seat, vulnerability)
        assert listed.context == context_label(seat, vulnerability)
        assert listed.shown == (f"{listed.label} [{listed.context}]" if listed.context else listed.label)
        assert listing(meaning.key, named=False) == listed._replace(name="")  # for an index, which shows no names


def test_the_listing_keeps_the_bidding_order() -> None:
    keys = [meaning.key for meaning in expand(parse_text(NOTES, "one.bml"))]
    assert any(key[0].value != "0" for key in keys) and any(key[1].code != "00" for key in keys)
    grouped = listed_by_opening((key[2], listing(key), key) for key in keys)
    assert grouped == by_opening(keys)
    ordered = sorted(keys, key=lambda key: listing(key).order)
    assert [bidding_order(key) for key in ordered] == sorted(bidding_order(key) for key in keys)
