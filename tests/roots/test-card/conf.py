project = "Card"
extensions = ["sphinx_bml"]
bml_alert_prefix = "!"
bml_abbreviations = "wbf"
latex_documents = [("index", "bmltest.tex", "Card", "sphinx-bml", "manual")]
latex_use_xindy = False
