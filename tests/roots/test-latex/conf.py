project = "bmltest"
author = "sphinx-bml"
extensions = ["sphinx_bml"]
latex_documents = [("index", "bmltest.tex", "BML LaTeX test", "sphinx-bml", "manual")]
# The long table repeats its calls to fill pages: those are redefinitions on purpose.
suppress_warnings = ["bml.conflict"]
# The general index holds the bidding sequences; with xelatex, Sphinx would
# make it with xindy, which a TeX Live without it lacks: use makeindex.
latex_use_xindy = False


def add_anchors(app, doctree):
    """Give tables, some rows, deals and auctions anchors, as cross-reference targets would."""
    from sphinx_bml.sphinx.nodes import auction, bidtable, deal

    rows = [(table.anchors, row) for table in doctree.findall(bidtable) for row in range(len(table.anchors))]
    for number, (anchors, row) in enumerate(rows):
        if number % 3 == 0:
            anchors[row] = (*anchors[row], f"bml-row-{number}")
    for kind in (bidtable, deal, auction):
        for number, node in enumerate(doctree.findall(kind)):
            node["ids"].append(f"bml-{kind.__name__}-{number}")


def setup(app):
    app.connect("doctree-read", add_anchors)
