"""Sphinx configuration of the example site: the system notes of a Precision partnership.

Build it with::

    sphinx-build -M latexpdf example_site example_site/_build -W   # the PDF (-M must come first)
    sphinx-build -W -b html example_site example_site/_build/html  # the site, which offers the PDF
    sphinx-build -W -b bss example_site example_site/_build/bss    # the Full Disclosure (.bss) file
"""

project = "Kestrel Precision"
author = "Anna Lind and Ben Okafor"
copyright = "2024, Anna Lind and Ben Okafor"
release = "3.2"
version = "3.2"

extensions = ["sphinx_bml", "myst_parser"]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"

# modules/ holds BML files that pages #INCLUDE or name in a ``.. bml::``
# directive: they are not pages of their own. opponents/ holds the notes of
# the opponents that practice_against.rst deals against: not ours.
exclude_patterns = ["_build", "modules/**", "opponents/**", "Thumbs.db", ".DS_Store"]

# -- BSS (Full Disclosure) export ---------------------------------------------
# The header record of the .bss file, like #+TITLE and #+DESCRIPTION in BML.
bml_bss_name = "Kestrel Precision"
bml_bss_summary = "Strong club 16+, nebulous 1D 11-15, five-card majors, 1NT 14-16"
# The standard abbreviations (F, NF, INV, GF, HCP ...) shown with their meaning.
bml_abbreviations = "wbf"
# the rows added or changed since the version partner last learned are marked in the tables
bml_changed_since = "learned/kestrel-3.1.bss"

# -- BBOalert: practice buttons ------------------------------------------------
# The BBOalert file (sphinx-build -b bboalert) gets a button for each of these
# sequences: at a practice table on BBO it puts a dealer script into the deal
# source, and every board is one the notes bid so.
bml_bboalert_practice = [
    "1N-2C",
    "1N-2C-2D",
    "1N-2C-2H",
    "1C-1D",
    "1C-1D-1N",
    "1C-1H",
    "1D-(1S)-D",
    "1D-(1H)-1S",
    "(1D)-1S",
    "(1S)-1N",
]

# -- HTML ------------------------------------------------------------------------
html_theme = "alabaster"
html_title = "Kestrel Precision: system notes"
# alabaster's sidebar, with sphinx-bml's box that filters the sequence index ("1N 2C", "Stayman").
html_sidebars = {"**": ["about.html", "navigation.html", "bml-sequences.html", "relations.html", "searchbox.html"]}

# -- LaTeX / PDF -----------------------------------------------------------------
latex_documents = [
    (root_doc, "kestrel-precision.tex", "Kestrel Precision: system notes", author, "manual"),
]
latex_elements = {"papersize": "a4paper", "pointsize": "11pt"}
