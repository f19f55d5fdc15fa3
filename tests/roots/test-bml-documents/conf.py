project = "Documents"
extensions = ["sphinx_bml"]
