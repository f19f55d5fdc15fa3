project = "MyST"
extensions = ["myst_parser", "sphinx_bml"]
myst_fence_as_directive = ["bml"]
