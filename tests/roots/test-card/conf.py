project = "Card"
extensions = ["sphinx_bml"]
bml_alert_prefix = "!"
bml_abbreviations = "wbf"
