project = "Problems"
extensions = ["sphinx_bml"]
exclude_patterns = ["modules"]
