project = "Bidding problems"
extensions = ["sphinx_bml"]
