project = "bmlbrowser"
author = "sphinx-bml"
extensions = ["sphinx_bml"]
