"""Sphinx configuration of the sphinx-bml documentation, written with sphinx-bml itself.

Build it with::

    sphinx-build -W -b html docs docs/_build/html
    sphinx-build -M latexpdf docs docs/_build -W      # the PDF (needs TeX Live; -M must come first)

The extras it needs: ``pip install 'sphinx-bml[docs]'`` (or ``-e '.[docs]'``).
"""

from __future__ import annotations

import os
import sys
from importlib.metadata import version as package_version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "sphinx-bml"
author = "The sphinx-bml developers"
copyright = "2026, The sphinx-bml developers"
release = package_version("sphinx-bml")
version = ".".join(release.split(".")[:2])

extensions = ["sphinx_bml", "myst_parser", "bml_example", "bml_docs"]
root_doc = "index"
# modules/ holds the BML files that the examples #INCLUDE: parts, not pages.
exclude_patterns = ["_build", "modules"]

# Anchors for the headings of CHANGELOG.md, which changelog.md includes.
myst_heading_anchors = 2

# -- The playground (try-it.rst) ----------------------------------------------------
# Pyodide's files, from the pyodide package of npm: where $SPHINX_BML_PYODIDE says,
# else where `bash .ci/fetch-pyodide` puts them (CI and Read the Docs run it). Without
# them the docs still build with -W: the Try it page says the playground is not
# available, and its bml.playground warning is silenced here, and here only.
_pyodide = Path(os.environ.get("SPHINX_BML_PYODIDE") or Path.home() / ".cache" / "sphinx-bml" / "pyodide")
if (_pyodide / "pyodide.mjs").is_file():
    bml_playground_pyodide = str(_pyodide)
else:
    suppress_warnings = ["bml.playground"]

# -- HTML ------------------------------------------------------------------------
html_theme = "furo"
html_title = f"sphinx-bml {release}"
html_static_path = ["_static"]
html_css_files = ["docs.css"]
html_theme_options = {
    "source_repository": "https://github.com/sphinx-bml/sphinx-bml",
    "source_branch": "main",
    "source_directory": "docs/",
}

# -- LaTeX / PDF -----------------------------------------------------------------
latex_documents = [("index", "sphinx-bml.tex", "sphinx-bml", author, "manual")]
latex_elements = {
    "papersize": "a4paper",
    # bboalert.rst shows the full-width number sign that BBOalert files use for '#'.
    "preamble": r"\DeclareUnicodeCharacter{FF03}{\#}",
}
