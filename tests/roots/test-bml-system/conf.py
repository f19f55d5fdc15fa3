project = "System"
extensions = ["sphinx_bml"]
bml_bss_filename = "test-system.bss"
