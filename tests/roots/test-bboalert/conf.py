project = "BBOalert Test"
extensions = ["sphinx_bml"]
