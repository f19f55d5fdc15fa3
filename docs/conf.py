"""Sphinx configuration of the sphinx-bml documentation, written with sphinx-bml itself."""

from __future__ import annotations

import sys
from importlib.metadata import version as package_version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "sphinx-bml"
author = "The sphinx-bml developers"
copyright = "2026, The sphinx-bml developers"
release = package_version("sphinx-bml")
version = ".".join(release.split(".")[:2])

extensions = ["sphinx_bml", "myst_parser", "bml_example"]
exclude_patterns = ["_build"]
root_doc = "index"

html_theme = "alabaster"
html_static_path = ["_static"]
html_css_files = ["docs.css"]

latex_documents = [("index", "sphinx-bml.tex", "sphinx-bml", author, "manual")]
