project = "Includes"
extensions = ["sphinx_bml"]
exclude_patterns = ["modules"]
