"""The "Bidding sequences" page, written in Python, is the page Sphinx's template writes.

``index_page.py`` replaces the Jinja loop of ``domainindex.html`` (one turn
per sequence: slower than all the notes' pages on a big system) by one
string. The page must not change: built once with it and once with a
project ``_templates/domainindex.html`` that is Sphinx's own (which makes
the extension step aside), the two pages are byte for byte the same, on
notes with several openings, variants for a seat and vulnerability (the
"extra" column), groups that fold and characters that HTML escapes.
"""

from __future__ import annotations

import pickle
from pathlib import Path

import sphinx
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.language.parser import parse_text
from sphinx_bml.sphinx.nodes import StoredModel
from tests.support import write_project

NOTES = """\
#+TITLE: Index page

1C  Precision: 16+ hcp, "strong" & artificial
  1D  Negative <0-7>
  1H  5+!h, 8+ hcp, opener's choice
1N  15-17
  2C  Stayman
    2D  No major
  2D  Transfer

#SEAT 34

1N  12-14 in 3rd & 4th seat

#SEAT 12

(1S)
  2S  Michaels: 5+!h and a 5+ minor
"""


SPHINX_TEMPLATE = (Path(sphinx.__file__).parent / "themes" / "basic" / "domainindex.html").read_text(encoding="utf-8")


def build(folder: Path, template: str | None = None) -> str:
    """The sequence index page of :data:`NOTES`; ``template``: the project's own ``domainindex.html``."""
    templates = {} if template is None else {"_templates/domainindex.html": template}
    project = write_project(
        folder,
        "Notes\n=====\n\n.. toctree::\n\n   notes\n",
        'extensions = ["sphinx_bml"]\ntemplates_path = ["_templates"]\n',
        notes__bml=NOTES,
    )
    for name, text in templates.items():
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(text, encoding="utf-8")
    app = SphinxTestApp("html", srcdir=project)
    try:
        app.build()
    finally:
        app.cleanup()
    return (Path(app.outdir) / "bml-sequences.html").read_text(encoding="utf-8")


def test_index_page_is_byte_for_byte_sphinx_s(tmp_path: Path) -> None:
    ours = build(tmp_path / "ours")
    theirs = build(tmp_path / "theirs", SPHINX_TEMPLATE)
    assert ours == theirs
    page = BeautifulSoup(ours, "html.parser")
    rows = page.select("table.indextable tr")
    texts = [row.get_text(" ", strip=True) for row in rows]
    assert any('1♣ Precision: 16+ hcp, "strong" & artificial' in text for text in texts), texts
    assert any("(3rd or 4th seat)" in text for text in texts), texts
    assert page.select("img.toggler") and page.select('tr[class^="cg-"]')
    assert "&amp; artificial" in ours  # escaped in the page, as the template escapes it


def test_a_theme_s_own_index_template_is_kept(tmp_path: Path) -> None:
    own = SPHINX_TEMPLATE.replace("<h1>{{ indextitle }}</h1>", "<h1>Ours: {{ indextitle }}</h1>")
    assert "<h1>Ours: Bidding sequences</h1>" in build(tmp_path / "own", own)


def test_a_stored_table_is_read_back_only_when_asked_for() -> None:
    document = parse_text("1C  Strong\n  1D  Negative\n")
    table = next(block for block in document.blocks if hasattr(block, "rows"))
    elsewhere = pickle.loads(pickle.dumps(StoredModel(None, pickle.dumps(table), key="another process")))
    assert elsewhere._model is None and elsewhere._pickled  # nothing made yet
    assert elsewhere.model == table and elsewhere.model is not table  # made from the blob
    assert elsewhere._pickled is None  # once, the blob let go
    assert pickle.loads(pickle.dumps(elsewhere)).model == table


def test_a_table_read_back_in_the_process_that_made_it_is_the_same_model() -> None:
    """LaTeX reads every doctree back from disk: the model already made serves, its tokens parsed."""
    document = parse_text("1C  Strong\n  1D  Negative\n")
    table = next(block for block in document.blocks if hasattr(block, "rows"))
    assert pickle.loads(pickle.dumps(StoredModel(table))).model is table
