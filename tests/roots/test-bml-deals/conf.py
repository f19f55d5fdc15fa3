project = "Hands from the club"
extensions = ["sphinx_bml"]
