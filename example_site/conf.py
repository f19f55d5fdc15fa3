# The settings of the notes (Sphinx's conf.py), written by bml-quickstart.
#
# In this folder, build the notes with
#
#     sphinx-build -M latexpdf . _build   # the PDF to print (needs TeX Live), which the site offers
#     sphinx-build -M html . _build       # the site: _build/html/index.html
#
# and check them, without building, with: bml-check .

project = "Kestrel Precision"
author = "Anna Lind and Ben Okafor"
# The language the notes are written in: Sphinx's own words (Search, Contents...) follow it.
language = "en"

extensions = ["sphinx_bml", "myst_parser"]
# Pages in reStructuredText (.rst) or Markdown (.md); BML files (.bml) are pages too.
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
# modules/ holds BML files that pages #INCLUDE: parts of pages, not pages of their own.
exclude_patterns = ["_build", "modules/**", "Thumbs.db", ".DS_Store"]

# -- The bidding tables --------------------------------------------------------
# Each row with answers folds and unfolds with a click.
bml_collapsible = True
# The standard abbreviations (F, NF, INV, GF...) show their meaning; .. bml-glossary:: lists them.
bml_abbreviations = "wbf"
# The files the site offers for Bridge Base Online and BBOalert.
bml_bss_filename = "kestrel-precision.bss"
bml_bboalert_filename = "kestrel-precision.txt"

# -- The site ------------------------------------------------------------------
# Furo: a light and a dark mode, and a menu on a phone.
html_theme = "furo"
html_title = "Kestrel Precision"
# Furo's sidebar, with sphinx-bml's box that filters the bidding sequences ("1N 2C", "Stayman").
html_sidebars = {
    "**": [
        "sidebar/brand.html",
        "sidebar/search.html",
        "bml-sequences.html",
        "sidebar/scroll-start.html",
        "sidebar/navigation.html",
        "sidebar/scroll-end.html",
    ]
}

# -- The PDF -------------------------------------------------------------------
latex_documents = [("index", "kestrel-precision.tex", "Kestrel Precision", "Anna Lind and Ben Okafor", "manual")]
latex_elements = {"papersize": "a4paper", "pointsize": "11pt"}

# -- The example site's own settings -----------------------------------------------
# Everything above is what `bml-quickstart --name "Kestrel Precision" --players
# "Anna Lind and Ben Okafor" --yes` writes (tests/commands/test_bml_quickstart.py
# checks it); below, what the example adds.
release = "3.2"
version = "3.2"
copyright = "2024, Anna Lind and Ben Okafor"
# The summary in the header record of the .bss file, like #+DESCRIPTION in BML.
bml_bss_summary = "Strong club 16+, nebulous 1D 11-15, five-card majors, 1NT 14-16"
# The rows added or changed since the version partner last learned are marked in the tables.
bml_changed_since = "learned/kestrel-3.1.bss"
# opponents/ holds the notes of the opponents that practice_against.rst deals against: not ours.
exclude_patterns += ["opponents/**"]

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
