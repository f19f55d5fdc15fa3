project = "Domain"
extensions = ["sphinx_bml", "myst_parser"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown", ".bml": "bml"}
