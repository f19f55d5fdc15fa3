"""A bounded fuzz campaign through real builds: whatever a user (or an attacker)
types, every builder finishes in time, warns only at a file and line, and
writes .bss and BBOalert files that read back.

Each example is a site of :data:`PAGES_PER_SITE` documents of generated BML:
``.bml`` pages, ``bml`` directives in reStructuredText and ``{bml}`` fences
in MyST, and a page of everything made from the whole site (the summaries,
the convention card with generated words in its options, the glossary, the
changes since an earlier version written from generated BML, a practice
page), built with every builder of :data:`BUILDERS`. The number of sites
is :data:`SITES` (600 documents in all, under a minute). Hypothesis does not
shrink a failing example here (each one is a site of builds): the example
it prints is the one that failed.
"""

from __future__ import annotations

import re
import shutil
import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.formats.bboalert import read_bboalert
from sphinx_bml.formats.bss_reader import read_bss

PIECES = [
    *"1234567CDHSNPRXmMoYZ-;()=#!/*| .:+AKQJTxW{}",
    "\n",
    "\n",
    "\n  ",
    "  ",
    "1C ",
    "2NT ",
    "1c ",
    "1♣ ",
    "(2C{Landy}) ",
    "{{ 15-17 hcp, balanced }}",
    "{{ hcpp }}",
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
    "#+TITEL: t\n",
    "#INCLUDE missing.bml\n",
    "#INCLUDE ../../etc/passwd\n",
    "* heading\n",
    "- item :: definition\n",
    "1. item\n",
    "| a | b |\n|---+---|\n",
    "N: AKQ - KJT9 xx\n",
    "N AKQ2 KJ5 - 98765\n",
    "West North East South\n1C Pass 1H Dbl\n",
    "1C P 1H P\n",
    "1step",
    "99999999999steps ",
    "2red",
    "!h",
    "!STR F",
    "--",
    "\u2028",
    "\x0c",
    "\\",
    "@T %user% &comma;",
    "<b>x</b>",
    "$\\input{x}",
]
SNIPPETS = st.lists(st.sampled_from(PIECES), min_size=1, max_size=40).map("".join)
PAGES_PER_SITE = 30
SITES = 20
BUILDERS = ("html", "latex", "text", "man", "bss", "bboalert")
#: A build of a site of generated pages takes about a second; this is a hang.
SECONDS_PER_BUILD = 60
LOCATED = re.compile(r"^\S+:\d+: WARNING: .* \[bml\.\w+\]$|^\S+: WARNING: .* \[bml\.\w+\]$")
COLOURS = re.compile(r"\x1b\[[0-9;]*m")


#: The page of what is made from the whole site; ``words`` are generated too.
GENERATED = """\
Made from the site
==================

.. bml-summary::

.. bml-summary::
   :sequence: 1C

.. bml-convention-card::
   :general: {words}
   :leads: {words}

.. bml-glossary::

.. bml-changes:: old.bml

.. bml-practice:: 2
"""


def indent(text: str) -> str:
    """Directive content: indented on every line docutils sees (it splits at U+2028 and form feeds too)."""
    return "".join(f"   {line}\n" if line.strip() else "\n" for line in text.splitlines())


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    def hang(signum: int, frame: object) -> None:
        raise TimeoutError(f"a build took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, hang)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def write_site(source: Path, snippets: list[str]) -> None:
    (source / "conf.py").write_text(
        'project = "Fuzz"\nextensions = ["sphinx_bml", "myst_parser"]\nlatex_use_xindy = False\n'
        'exclude_patterns = ["old.bml"]\n',
        encoding="utf-8",
    )
    names = []
    for number, snippet in enumerate(snippets):
        name = f"page{number:02d}"
        names.append(name)
        match number % 3:
            case 0:
                (source / f"{name}.bml").write_text(snippet, encoding="utf-8")
            case 1:
                text = f"Page {number}\n{'=' * 12}\n\n.. bml::\n\n{indent(snippet)}\nThe end.\n"
                (source / f"{name}.rst").write_text(text, encoding="utf-8")
            case _:
                fence = "````"
                text = f"# Page {number}\n\n{fence}{{bml}}\n{snippet}\n{fence}\n\nThe end.\n"
                (source / f"{name}.md").write_text(text, encoding="utf-8")
    (source / "old.bml").write_text(snippets[-1], encoding="utf-8")  # an earlier version, for bml-changes
    words = re.sub(r"[\s\u2028\x0c]+", " ", snippets[0]).strip() or "words"
    (source / "generated.rst").write_text(GENERATED.format(words=words), encoding="utf-8")
    names.append("generated")
    toctree = "".join(f"   {name}\n" for name in names)
    (source / "index.rst").write_text(f"Fuzz\n====\n\n.. toctree::\n\n{toctree}", encoding="utf-8")


@pytest.mark.slow
@settings(max_examples=SITES, deadline=None, suppress_health_check=list(HealthCheck), phases=[Phase.generate])
@given(st.lists(SNIPPETS, min_size=PAGES_PER_SITE, max_size=PAGES_PER_SITE))
def test_any_site_builds_with_every_builder(snippets: list[str]) -> None:
    source = Path(tempfile.mkdtemp(prefix="bml-fuzz-"))
    try:
        write_site(source, snippets)
        for builder in BUILDERS:
            app = SphinxTestApp(builder, srcdir=source, builddir=source / "_build")
            try:
                with time_limit(SECONDS_PER_BUILD):
                    app.build()
            finally:
                app.cleanup()
            assert app.statuscode == 0
            for line in COLOURS.sub("", app.warning.getvalue()).splitlines():
                if "[bml." in line or ("WARNING" in line and "myst" not in line and "toc." not in line):
                    assert LOCATED.match(line), line
            outdir = Path(app.outdir)
            if builder == "bss":
                (bss,) = outdir.glob("*.bss")
                read_bss(bss.read_text(encoding="utf-8"), bss.name)  # strict: raises on a malformed record
            elif builder == "bboalert":
                (alerts,) = outdir.glob("*.txt")
                text = alerts.read_text(encoding="utf-8")
                read_bboalert(text)
                assert all(not line.endswith("\\") for line in text.splitlines()), "no record swallows the next"
    finally:
        shutil.rmtree(source)
