# Four partnerships' systems in one repository, written for bridge-markup by one
# BML 2 author: each root .bml file includes its own modules and the shared ones
# in common/ (2 spaces a level). Pattern heads with rows written out for one
# branch, rows for several calls (2S/3H), BML 1's m where no minor is left.
project = "Partnership notes"
author = "Tom"
extensions = ["sphinx_bml"]
bml_systems = {"anna_ben": "anna_ben", "clara_dan": "clara_dan", "eva_filip": "eva_filip", "greg_hana": "greg_hana"}
latex_use_xindy = False
