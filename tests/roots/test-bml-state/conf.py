project = "State"
extensions = ["sphinx_bml"]
