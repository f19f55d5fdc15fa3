project = "Basic Notes"
extensions = ["sphinx_bml"]
