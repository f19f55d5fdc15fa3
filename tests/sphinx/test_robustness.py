"""Whatever a user types, every builder finishes: no traceback, only located BML warnings."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sphinx.testing.util import SphinxTestApp

PIECES = [
    *"1234567CDHSNPRXmMoYZ-;()=#!/*| .:+AKQJTxW",
    "\n",
    "\n",
    "\n  ",
    "  ",
    "1C ",
    "2NT ",
    "#COPY a\n",
    "#ENDCOPY\n",
    "#CUT b\n",
    "#ENDCUT\n",
    "#PASTE a\n",
    "#PASTE b x=y\n",
    "#HIDE\n",
    "#VUL Y0\n",
    "#SEAT 34\n",
    "#+TITLE: t\n",
    "* heading\n",
    "- item :: definition\n",
    "1. item\n",
    "| a | b |\n|---+---|\n",
    "N: AKQ - KJT9 xx\n",
    "1C P 1H P\n",
    "1step",
    "2red",
    "!h",
    "--",
]
SNIPPETS = st.lists(st.sampled_from(PIECES), min_size=1, max_size=40).map("".join)
LOCATED = re.compile(r"^\S+:\d+: WARNING: .* \[bml\.\w+\]$|^\S+: WARNING: .* \[bml\.\w+\]$")


def indent(text: str) -> str:
    return "".join(f"   {line}\n" if line.strip() else "\n" for line in text.splitlines())


@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(directive=SNIPPETS, page=SNIPPETS)
def test_any_bml_builds(directive: str, page: str) -> None:
    source = Path(tempfile.mkdtemp(prefix="bml-robust-"))
    try:
        (source / "conf.py").write_text('project = "Robust"\nextensions = ["sphinx_bml"]\n', encoding="utf-8")
        index = f"Robust\n======\n\n.. toctree::\n\n   page\n\n.. bml::\n\n{indent(directive)}\nThe end.\n"
        (source / "index.rst").write_text(index, encoding="utf-8")
        (source / "page.bml").write_text(page, encoding="utf-8")
        for builder in ("html", "text", "man", "bss"):
            app = SphinxTestApp(builder, srcdir=source, builddir=source / "_build")
            try:
                app.build()
            finally:
                app.cleanup()
            assert app.statuscode == 0
            for line in re.sub(r"\x1b\[[0-9;]*m", "", app.warning.getvalue()).splitlines():
                assert LOCATED.match(line), line
    finally:
        shutil.rmtree(source)
