project = "Checks"
extensions = ["sphinx_bml"]
bml_bss_filename = "checks.bss"
