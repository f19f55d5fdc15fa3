# Notes of a pair who write special cases before general rules on purpose
# (tests/sphinx/test_special_cases.py): several files joined by #INCLUDE,
# 2-space indentation, patterns, #CUT/#PASTE, and a second page for the
# defence to a weak notrump.
project = "Special cases first"
author = "Ola and Piotr"
extensions = ["sphinx_bml"]
bml_bss_name = "Special cases first"
