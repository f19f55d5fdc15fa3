# Three systems in one repository; each test builds one of them (root_doc and
# exclude_patterns are set by tests/sphinx/test_real_notes.py).
project = "Real notes"
author = "Kasia and Tom"
extensions = ["sphinx_bml"]
latex_use_xindy = False
