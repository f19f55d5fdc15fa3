project = "No insertion"
extensions = ["sphinx_bml"]
exclude_patterns = ["*.txt"]
