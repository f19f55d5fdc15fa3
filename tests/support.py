"""What the tests share: where things are, the reference's comparison rule,
skipping (or failing, in CI) when a tool is missing, the warnings of a build,
the sites several test modules build, and measuring pages in a browser.

Plain functions and constants only: fixtures live in the ``conftest.py`` of
the folder whose tests share them, and no test module imports another
(tests/test_test_layout.py checks it)."""

from __future__ import annotations

import contextlib
import functools
import importlib
import io
import logging
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

import pytest
from bs4 import BeautifulSoup
from docutils.core import publish_string
from docutils.writers.html5_polyglot import Writer
from filelock import FileLock
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.language import expand, parse_text
from sphinx_bml.language.model import BidNode
from sphinx_bml.language.site import Site
from sphinx_bml.language.system import System, says_the_same

if TYPE_CHECKING:
    from anki.collection import Collection
    from anki.import_export_pb2 import ImportResponse
    from anki.notes import Note

ROOT = Path(__file__).resolve().parent.parent
ROOTS = Path(__file__).resolve().parent / "roots"

#: Set by .ci/run: tests that need TeX Live or Chromium fail instead of
#: skipping when those are missing.
REQUIRE_ALL = os.environ.get("SPHINX_BML_REQUIRE_ALL", "") not in ("", "0")


def conformance_dir() -> Path:
    """The reference corpus: $BML_CONFORMANCE, else ../shared/conformance beside the repo."""
    configured = os.environ.get("BML_CONFORMANCE")
    return Path(configured) if configured else ROOT.parent / "shared" / "conformance"


def require(available: bool, reason: str) -> None:
    """Skip with ``reason`` when something is missing, or fail under SPHINX_BML_REQUIRE_ALL."""
    if available:
        return
    if REQUIRE_ALL:
        pytest.fail(f"{reason} (SPHINX_BML_REQUIRE_ALL is set, so this is a failure, not a skip)")
    pytest.skip(reason)


def pyodide_folder() -> Path | None:
    """Pyodide's files for the playground: $SPHINX_BML_PYODIDE, else where ``.ci/fetch-pyodide``
    puts them (~/.cache/sphinx-bml/pyodide); ``None`` when they are not there."""
    configured = os.environ.get("SPHINX_BML_PYODIDE")
    folder = Path(configured) if configured else Path.home() / ".cache" / "sphinx-bml" / "pyodide"
    return folder if (folder / "pyodide.mjs").is_file() else None


def conformance_names() -> list[str]:
    """Names of the corpus files that have an expected .bss (empty when absent)."""
    expected = conformance_dir() / "expected"
    return sorted(p.stem for p in expected.glob("*.bss")) or ["(corpus missing)"]


def same_lines(actual: str, expected: str) -> list[tuple[int, str, str]]:
    """The reference's comparison: line by line, trailing white space stripped,
    missing lines at the end equal to blank lines. Returns the differing lines."""
    a = [line.rstrip() for line in actual.splitlines()]
    b = [line.rstrip() for line in expected.splitlines()]
    size = max(len(a), len(b))
    a += [""] * (size - len(a))
    b += [""] * (size - len(b))
    return [(number + 1, x, y) for number, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]


def page(app: SphinxTestApp, docname: str = "index") -> BeautifulSoup:
    """The HTML page a build wrote for ``docname``, parsed."""
    return BeautifulSoup((Path(app.outdir) / f"{docname}.html").read_text(encoding="utf-8"), "lxml")


COLOURS = re.compile(r"\x1b\[[0-9;]*m")
WARNING = re.compile(r"^(?P<file>\S+?):(?P<line>\d+): WARNING: (?P<message>.*) \[(?P<type>[\w.]+)\]$")


def located_warnings(app: SphinxTestApp) -> list[tuple[str, int, str, str]]:
    """The build's warnings as (file relative to the source folder, line, type, message).

    Fails on any warning that has no file and line, or no type: every warning
    of ours must tell the user where and what.
    """
    found = []
    for line in COLOURS.sub("", app.warning.getvalue()).splitlines():
        match = WARNING.match(line)
        assert match, f"not a located warning with a type: {line!r}"
        file = Path(match["file"]).relative_to(app.srcdir).as_posix()
        found.append((file, int(match["line"]), match["type"], match["message"]))
    return found


def assert_warnings(app: SphinxTestApp, expected: list[tuple[str, int, str, str]]) -> None:
    """The build's warnings are ``expected``, in order: (file, line, type, words of the message)."""
    found = located_warnings(app)
    assert [(file, line, kind) for file, line, kind, _ in found] == [(f, n, k) for f, n, k, _ in expected]
    for (*_, message), (*_, words) in zip(found, expected, strict=True):
        assert words in message, message


EXAMPLE_SITE = ROOT / "example_site"
#: The notes of the opponents the example site practises against (``practice_against.rst``).
EXAMPLE_OPPONENTS = EXAMPLE_SITE / "opponents" / "natural.bml"


def sphinx_build(*arguments: str | Path) -> subprocess.CompletedProcess[str]:
    """``python -m sphinx`` with ``arguments`` first (``-M`` must lead), then ``-W --keep-going``,
    without colours (Sphinx colours its output when ``CI`` is set, as it is in CI)."""
    command = [sys.executable, "-m", "sphinx", *map(str, arguments), "-W", "--keep-going", "--no-color"]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of this test run that all its processes share: under pytest-xdist the
    parent of each worker's base temporary folder, else the base temporary folder."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def built_once_per_run(tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[[Path], None]) -> Path:
    """The folder ``name`` that ``build`` fills, built by the first process of the run that
    asks for it while the others wait (a file lock), then read by all; a build that failed
    is tried again by the next one that asks."""
    folder = run_folder(tmp_path_factory) / name
    with FileLock(f"{folder}.lock"):
        if not (folder / ".built").exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            build(folder)
            (folder / ".built").touch()
    return folder


def build_once(builder: str, srcdir: Path, builddir: Path | None = None, **overrides: object) -> SphinxTestApp:
    """``srcdir`` built once with ``builder`` (for fixtures that share a build between tests)."""
    app = SphinxTestApp(builder, srcdir=srcdir, builddir=builddir, confoverrides=overrides)
    try:
        app.build()
    finally:
        app.cleanup()
    return app


def write_project(folder: Path, index: str, conf: str = 'extensions = ["sphinx_bml"]\n', **files: str | bytes) -> Path:
    """A Sphinx project in ``folder``: ``conf.py``, ``index.rst`` and ``files``
    (``name__bml`` is ``name.bml``; bytes are written as they are)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "conf.py").write_text(conf, encoding="utf-8")
    (folder / "index.rst").write_text(index, encoding="utf-8")
    for name, content in files.items():
        path = folder / name.replace("__", ".")
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return folder


def make_pdf(latex_outdir: Path, engine: str = "pdflatex", *, layout: bool = False) -> str:
    """Run Sphinx's LaTeX Makefile (what ``-M latexpdf`` runs) in a LaTeX
    build's output folder; the PDF's text, white space collapsed."""
    for tool in ("make", "latexmk", engine, "pdftotext"):
        require(shutil.which(tool) is not None, f"{tool} is not installed (TeX Live, make, poppler-utils)")
    result = subprocess.run(
        ["make", "all-pdf", "LATEXOPTS=-interaction=nonstopmode -halt-on-error", "LATEXMKOPTS=-silent"],
        cwd=latex_outdir,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    (tex,) = latex_outdir.glob("*.tex")
    log = tex.with_suffix(".log")
    log_text = log.read_text(errors="replace") if log.exists() else ""
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:] + log_text[-3000:]
    assert {"pdflatex": "pdfTeX", "xelatex": "XeTeX"}[engine] in log_text.splitlines()[0]
    return pdf_text(tex.with_suffix(".pdf"), layout=layout)


def pdf_text(pdf: Path, *, layout: bool = False) -> str:
    """The text of ``pdf`` (pdftotext, with its layout or not), white space collapsed."""
    options = ["-layout"] if layout else []
    text = subprocess.run(
        ["pdftotext", *options, "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    return " ".join(text.split())


def needs(module: str) -> ModuleType:
    """``module``, a dependency of the test extra: skipped without it, a failure
    under SPHINX_BML_REQUIRE_ALL (CI), so a missing dependency never hides."""
    try:
        return importlib.import_module(module)
    except ImportError:
        require(False, f"{module} is not installed (pip install -e '.[test]')")
        raise


@functools.cache
def example_system() -> System:
    """The example site's system, read as the build reads it (once per test session)."""
    from sphinx_bml.sphinx.project import read_project

    return next(iter(read_project(EXAMPLE_SITE).systems.values()))


def pdf_pages(pdf: Path) -> list[str]:
    """The text of each page of ``pdf`` (pdftotext with its layout), in order."""
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    count = int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))
    return [
        subprocess.run(
            ["pdftotext", "-f", str(n), "-l", str(n), "-layout", str(pdf), "-"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for n in range(1, count + 1)
    ]


def full_system() -> str:
    """A page of notes (``openings.rst``) that fills every box of the convention card to the
    brim: every opening of the grid with many responses and a meaning for each vulnerability,
    overcalls and doubles of every kind, long words everywhere. The card shows a bounded part
    of them: it must still print on two pages, and stay short on screen."""
    words = "a meaning as long as the longest that players write, with its strength, shape and what follows"
    notes = "Openings\n========\n\n.. bml::\n\n"
    for level in (1, 2, 3, 4):
        for strain in ("C", "D", "H", "S", "N"):
            if (level, strain) == (4, "N"):
                continue
            notes += f"   {level}{strain} ! opening {level}{strain}, {words}\n"
            notes += "".join(f"     {answer} answer {answer}, {words}\n" for answer in _answers(level, strain))
    for vulnerability in ("N0", "Y0", "NY", "YN"):
        notes += f"\n   #VUL {vulnerability}\n\n"
        notes += "".join(f"   2{strain} at {vulnerability}, {words}\n" for strain in "CDHS")
    notes += "\n   #VUL 00\n"
    for opening in ("1C", "1D", "1H", "1S", "1N", "2C", "2D", "2H", "2S", "3C"):
        notes += f"\n   ({opening})---\n"
        notes += "".join(f"   {call} {call} over {opening}, {words}\n" for call in _answers(*opening))
    for opening in ("1C", "1D", "1H", "1S"):
        notes += f"\n   {opening}---\n   (D) Takeout\n"
        notes += "".join(f"     {call} {call} after their double, {words}\n" for call in _answers(*opening))
    return notes


def _answers(level: int | str, strain: str) -> list[str]:
    """The ten cheapest bids over ``level`` ``strain``."""
    order = [f"{n}{s}" for n in range(1, 8) for s in "CDHSN"]
    start = order.index(f"{level}{strain}") + 1
    return order[start : start + 10]


def pdf_font_sizes(pdf: Path, *, leave_out: tuple[str, ...] = ()) -> list[list[float]]:
    """The sizes, in points, that each page of ``pdf`` draws its characters at: the font size
    scaled by every matrix the character is drawn with (a page zoomed, scaled down or turned to
    landscape too), as pdfminer.six reads them; ``leave_out``: fonts whose name holds one of
    these (ZapfDingbats, whose suit symbols LaTeX draws smaller to match the letters)."""
    converter = needs("pdfminer.converter")
    interpreter = needs("pdfminer.pdfinterp")
    pdfpage = needs("pdfminer.pdfpage")

    class Sizes(converter.PDFLayoutAnalyzer):  # type: ignore[misc,name-defined]
        found: list[float]

        def render_char(self, matrix: tuple[float, ...], font: object, fontsize: float, *rest: object) -> float:
            a, b, c, d, _, _ = matrix
            name = str(getattr(font, "fontname", ""))
            if not any(part in name for part in leave_out):
                self.found.append(round(fontsize * abs(a * d - b * c) ** 0.5, 2))
            advance: float = super().render_char(matrix, font, fontsize, *rest)
            return advance

    manager = interpreter.PDFResourceManager()
    pages = []
    with pdf.open("rb") as file:
        for page in pdfpage.PDFPage.get_pages(file):
            device = Sizes(manager)
            device.found = []
            interpreter.PDFPageInterpreter(manager, device).process_page(page)
            pages.append(device.found)
    return pages


def sequence_link(app: SphinxTestApp, page: str, text: str) -> tuple[str, str] | None:
    """The href and tooltip of the first sequence reference showing ``text``, ``None`` if it is not a link."""
    soup = BeautifulSoup((Path(app.outdir) / f"{page}.html").read_text(encoding="utf-8"), "lxml")
    for shown in soup.select("span.bml-seq"):
        if shown.get_text() == text:
            anchor = shown.find_parent("a")
            return None if anchor is None else (str(anchor["href"]), str(anchor.get("title", "")))
    raise AssertionError(f"no reference {text} on {page}")


def rows(nodes: list[BidNode], above: tuple[BidNode, ...] = ()) -> Iterator[tuple[BidNode, tuple[BidNode, ...]]]:
    """Every row of a table with the rows it answers."""
    for node in nodes:
        yield node, above
        yield from rows(node.children, (*above, node))


def contributes(row: BidNode, site: Site) -> bool:
    """The row's meaning is in the system: one of its sequences stands as it
    says (at its line, or the same words written before); a row without a
    description only needs its sequence to be part of the system."""
    for key in row.sequences:
        standing = site.system.get(key)
        if standing is None:
            continue
        if not row.description or standing.location == row.location:
            return True
        if says_the_same(standing.description, row.description):
            return True
    return False


def described(text: str, name: str = "s.bml") -> list[str]:
    """``SEQUENCE = meaning`` of each sequence the BML ``text`` describes, in order; it must read
    without a problem."""
    document = parse_text(text, name)
    system = expand(document)
    assert not document.problems, [str(problem) for problem in document.problems]
    return [f"{m.sequence.notation()} = {m.description.text}" for m in system if m.description]


def problems_of(text: str, name: str = "s.bml") -> list[str]:
    """The problems met reading and expanding the BML ``text``, as a command prints them."""
    document = parse_text(text, name)
    expand(document)
    return [str(problem) for problem in document.problems]


def bss_records(bss: str) -> dict[str, str]:
    """The records of a ``.bss`` file (not its header) by their sequence code, in order."""
    return dict(line.split("=", 1) for line in bss.splitlines()[1:] if line)


def bml2bss(reference: ModuleType, text: str | None = None, *, path: Path | None = None) -> str:
    """What bridge-markup's ``bml2bss`` writes for the BML ``text``, or for the file at ``path``
    with its includes (``reference``: the ``reference`` fixture)."""
    logging.getLogger(reference.bml.__name__).setLevel(logging.CRITICAL)
    if path is not None:
        content = reference.bml.content_from_file(str(path))
    else:
        content = reference.bml.content_from_string(text)
    output = io.StringIO()
    reference.systemdata_to_bss(content, reference.to_systemdata(content), output)
    return str(output.getvalue())


# --------------------------------------------------------------------------
# Anki: the decks we write, read by Anki's own library (``anki`` on PyPI)

#: What Anki may find in a field of ours: a red suit, the empty span that
#: breaks MathJax's ``\(``, *Alert*; each with no attribute but its class.
ANKI_FIELD_MARKUP = ({"span", "i"}, {"class"})
#: What a card may hold once Anki renders it: the note type's template around the fields.
ANKI_CARD_MARKUP = ({"style", "div", "hr", "span", "i"}, {"class", "id"})
#: MathJax's openings, as the reviewer finds them in the text shown (Anki's MathJax settings).
MATHJAX = re.compile(r"\\[(\[]")


def import_into_anki(collection: Collection, package: Path) -> ImportResponse.Log:
    """``package`` imported into ``collection`` as Anki's File > Import does with
    its default options (a note already there is updated when the package's
    is newer): the import's log."""
    anki = needs("anki.collection")
    request = anki.ImportAnkiPackageRequest(package_path=str(package), options=anki.ImportAnkiPackageOptions())
    return collection.import_anki_package(request).log


def shown(html: str) -> str:
    """The text of ``html`` as a browser shows it."""
    return BeautifulSoup(html, "html.parser").get_text()


def _markup_problems(html: str, allowed: tuple[set[str], set[str]]) -> list[str]:
    """Elements or attributes in ``html`` that are not ``allowed`` (a script, an
    image, a handler), and MathJax's openings in its text or in the HTML itself
    (the editor looks there)."""
    soup = BeautifulSoup(html, "html.parser")
    elements, attributes = allowed
    problems = [
        f"<{tag.name} {tag.attrs}>"
        for tag in soup.find_all(True)
        if tag.name not in elements or set(tag.attrs) - attributes
    ]
    texts = [str(text) for text in soup.find_all(string=True) if text.parent is None or text.parent.name != "style"]
    problems += [f"MathJax in {text!r}" for text in [html, *texts] if MATHJAX.search(text)]
    return problems


def anki_problems(collection: Collection, note: Note) -> list[str]:
    """What Anki would act on in ``note``, in its fields and in its cards as
    the reviewer shows them: markup that is not ours, a sound or an image to
    load, LaTeX, MathJax, a typed answer. Empty when there is nothing."""
    problems = []
    for name, value in note.items():
        found = _markup_problems(value, ANKI_FIELD_MARKUP)
        found += [f"media {files}" for files in [collection.media.files_in_str(note.mid, value)] if files]
        found += ["a sound or speech tag"] if collection.media.strip_av_tags(value) != value else []
        found += [tag for tag in ("[anki:", "[[type:") if tag in value]
        problems += [f"{name}: {problem}" for problem in found]
    for card in note.cards():
        for side, html, sounds in (
            ("question", card.question(), card.question_av_tags()),
            ("answer", card.answer(), card.answer_av_tags()),
        ):
            found = _markup_problems(html, ANKI_CARD_MARKUP)
            found += [f"plays {sounds}"] if sounds else []
            found += [tag for tag in ("[anki:", "[[type:") if tag in html]
            problems += [f"card {card.ord} {side}: {problem}" for problem in found]
    return problems


#: What a clean checkout does not have, when git cannot say (no git, or no .git here).
LEFT_OUT = shutil.ignore_patterns(
    ".git", ".venv*", "_build", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis"
)


def clean_checkout(destination: Path) -> Path:
    """The files a clean checkout of this tree has (tracked and new, not ignored ones, as they
    are now, changes not yet committed too) under ``destination``."""
    git = shutil.which("git")
    listed = None
    if git and (ROOT / ".git").exists():
        command = [git, "ls-files", "-z", "--cached", "--others", "--exclude-standard"]
        result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
        if result.returncode == 0:
            listed = [name for name in result.stdout.split("\0") if name]
    if listed is None:
        shutil.copytree(ROOT, destination, ignore=LEFT_OUT)
        return destination
    for name in listed:
        source = ROOT / name
        if source.is_file():  # a file deleted but not yet staged is still listed
            (destination / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination / name)
    return destination


#: A repository of BML notes without ``conf.py``, as ``bml2bss`` users keep them: two systems,
#: each a main file (their 1NT, 15-17 and 12-14, is no conflict: each is read alone), and the
#: parts that strong.bml ``#INCLUDE``\ s, indented by 3 spaces. Read alone, jacoby.bml would be
#: an orphan: it continues 1S-2NT, which strong.bml defines.
BML_REPOSITORY = {
    "strong.bml": """\
#+TITLE: Our strong club

* Openings
1C = 16+ {{ 16+ hcp }}
   1D = negative, 0-7
1S = 5+ spades {{ 11-15 hcp, 5+ spades }}
   2N = Jacoby, game forcing
#INCLUDE modules/jacoby.bml

#INCLUDE modules/notrump.bml
""",
    "weak.bml": """\
#+TITLE: With Carl: a weak notrump

1N = 12-14 {{ 12-14 hcp, balanced }}
   2C = Stayman
""",
    "modules/jacoby.bml": """\
1S-2N;
3C = minimum, no shortness
3S = extras, no shortness
""",
    "modules/notrump.bml": """\
1N = 15-17 {{ 15-17 hcp, balanced }}
   2C = Stayman
   2D = transfer to hearts
""",
}


def write_file(path: Path, text: str | bytes) -> Path:
    """``text`` written to ``path`` (its folders made; bytes written as they are)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def written_conditions(text: str) -> dict[str, str]:
    """Each row's call path and condition in the BML xml2bml wrote (two spaces a level):
    ``{"1N 2C": "10+ hcp ..."}``."""
    found: dict[str, str] = {}
    path: list[str] = []
    last = ""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("{{"):
            found[last] = stripped.removeprefix("{{").removesuffix("}}").strip()
        elif "=" in stripped and not line.startswith(" " * 5 + " "):
            depth = (len(line) - len(line.lstrip())) // 2
            path = [*path[:depth], stripped.split()[0]]
            last = " ".join(path)
    return found


def compile_pdf(app: SphinxTestApp, engine: str) -> str:
    """Build ``app``'s LaTeX sources, make the PDF, return its text (with its layout);
    no overfull line on the way."""
    app.build()
    outdir = Path(app.outdir)
    text = make_pdf(outdir, engine, layout=True)
    (tex,) = outdir.glob("*.tex")
    assert "Overfull \\hbox" not in tex.with_suffix(".log").read_text(errors="replace")
    return text


# --------------------------------------------------------------------------
# Pages that bss2bml and xml2bml write, built with docutils alone (the
# ``bml_directive`` fixture of tests/conftest.py stands in for our directive)

#: docutils settings for those pages: problems of level 2 and up kept in the tree, none printed
DOCUTILS_SETTINGS = {"report_level": 2, "halt_level": 5, "warning_stream": False}


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hrefs += [value or "" for name, value in attrs if name == "href"]


def hrefs_of_page(page: Path) -> list[str]:
    """Every link of the reStructuredText ``page`` made into HTML by docutils."""
    html = publish_string(page.read_text(encoding="utf-8"), writer=Writer(), settings_overrides=DOCUTILS_SETTINGS)
    links = _Links()
    links.feed(html.decode("utf-8"))
    return links.hrefs


# --------------------------------------------------------------------------
# Sites that several test modules build

#: tests/roots/test-real-notes: a Polish club, a Blue club and a defence sharing included files
REAL_NOTES = ROOTS / "test-real-notes"
#: ``bml_systems`` of :func:`make_systems_site`: each system and the page it is rooted at
SYSTEMS = {"wj": "wj_index", "blue": "blue_index", "defense": "defense"}

_SYSTEM_PAGES = {
    "index.rst": (
        "Our systems\n===========\n\n.. toctree::\n\n   wj_index\n   blue_index\n   defense\n\n"
        "Opening 1NT: :bml:seq:`1N` (both clubs open it), :bml:seq:`blue:1N`, :bml:seq:`wj:2D`.\n\n"
        "Only the defence says :bml:seq:`(1C)-1H-(P)-2H`.\n\n"
        ".. bml-downloads::\n"
    ),
    "wj_index.rst": (
        "WJ\n==\n\n.. bml::\n\n   #+TITLE: WJ Polish Club\n\n"
        "   #+DESCRIPTION: Polish club, 1D natural, 5-card majors, 1NT 15-17\n\n"
        ".. toctree::\n\n   wj\n\nOur 1♣ is :bml:seq:`1C`; in Blue it is :bml:seq:`blue:1C`. "
        "Stayman: :bml:seq:`1N-2C`.\n"
    ),
    "blue_index.rst": (
        "Blue\n====\n\n.. bml::\n\n   #+TITLE: Blue Club\n\n"
        "   #+DESCRIPTION: Strong 1C 17+, 1D 11-16 natural, 1NT 16-18\n\n"
        ".. toctree::\n\n   blue\n\nThe Blue 1♣ is :bml:seq:`1C`.\n"
    ),
}


def make_systems_site(folder: Path, systems: dict[str, str] | None) -> Path:
    """Several systems in one site: :data:`REAL_NOTES` with a few reStructuredText pages around it
    (wj and blue each rooted at a page whose toctree holds the system's .bml file, the defence at
    its .bml file), ``bml_systems = systems`` unless ``None``."""
    shutil.copytree(REAL_NOTES, folder)
    for name, text in _SYSTEM_PAGES.items():
        (folder / name).write_text(text, encoding="utf-8")
    with (folder / "conf.py").open("a", encoding="utf-8") as conf:
        conf.write(f"\nbml_systems = {systems!r}\n" if systems is not None else "")
    return folder


#: The notes of :func:`make_practice_site`: a condition on every row
PRACTICE_NOTES = """\
Openings
========

.. bml::

   1C = Strong {{ 16+ hcp }}
     1D = Negative {{ 0-7 hcp }}
     1N = Positive, balanced {{ 8+ hcp, balanced }}
     1H = Positive {{ 8+ hcp }}
   1N = 13-15 balanced {{ 13-15 hcp, balanced }}
     2C = Stayman {{ 8+ hcp, 4+ hearts or 4+ spades }}
       2D = No four-card major
       2H = Four hearts {{ 4+ hearts }}
         3C = Asks for a short suit, forcing {{ 4+ hearts }}
           3D = Short diamonds {{ 0-1 diamonds }}
         4H = To play {{ 4+ hearts }}
         3N = To play {{ 3- hearts }}
       2S = Four spades {{ 4+ spades }}
         4S = To play {{ 4+ spades }}
         3N = To play {{ 3- spades }}
     3N = To play {{ 10+ hcp }}
   1H = Five hearts {{ 11-15 hcp, 5+ hearts }}
   1D = The rest {{ 11-15 hcp }}
   P = Nothing to open {{ 10- hcp }}
"""


def make_practice_site(folder: Path, count: str = "5", options: str = "", notes: str = PRACTICE_NOTES) -> Path:
    """A site of two pages: ``notes`` and ``.. bml-practice:: count`` with ``options`` (lines of
    the directive's options, indented)."""
    page = f"Practice\n========\n\n.. bml-practice:: {count}\n{options}\n"
    return write_project(
        folder,
        "Notes\n=====\n\n.. toctree::\n\n   openings\n   practice\n",
        'extensions = ["sphinx_bml"]\nproject = "Practice"\n',
        openings__rst=notes,
        practice__rst=page,
    )


# --------------------------------------------------------------------------
# Pages in a real browser: Debian's Chromium, driven by Playwright (the
# ``browser`` fixture of tests/sphinx/conftest.py)

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}

Box = dict[str, float]


def box(page: Any, selector: str) -> Box:
    """Where the first element matching ``selector`` is drawn (it must be)."""
    found = page.locator(selector)
    assert found.count() >= 1, f"nothing matches {selector}"
    bounds = found.first.bounding_box()
    assert bounds is not None, f"{selector} is not displayed"
    return dict(bounds)


def right(b: Box) -> float:
    return b["x"] + b["width"]


def bottom(b: Box) -> float:
    return b["y"] + b["height"]


def rgb(page: Any, selector: str) -> tuple[int, ...]:
    """The text colour of the first element matching ``selector``, as (red, green, blue)."""
    colour: str = page.locator(selector).first.evaluate("element => getComputedStyle(element).color")
    assert colour.startswith("rgb"), colour
    return tuple(int(float(part)) for part in colour[colour.index("(") + 1 : colour.index(")")].split(",")[:3])


# --------------------------------------------------------------------------
# Files of boards read back strictly, by rules written here from the formats, not from our writers:
# LIN as BBO writes it, PBN 2.1's tags and auction section.

#: LIN's dealer digits and vulnerability letters; the hands of ``md|`` from South on, clockwise
LIN_DEALERS = {"1": "S", "2": "W", "3": "N", "4": "E"}
LIN_VULNERABILITIES = {"o": "None", "n": "NS", "e": "EW", "b": "All"}
_LIN_HAND = re.compile(r"S([AKQJT2-9]*)H([AKQJT2-9]*)D([AKQJT2-9]*)C([AKQJT2-9]*)")
_LIN_CALL = re.compile(r"(p|d|r|[1-7][CDHSN])(!?)")


@dataclass
class LinCall:
    """A call of ``mb|`` (``p``, ``d``, ``r``, ``1N``), its alert mark, its ``an|`` (``None``: none)."""

    call: str
    alert: bool = False
    explanation: str | None = None


@dataclass
class LinBoard:
    """A board of LIN: its pairs as written, and what they say."""

    pairs: list[tuple[str, str]]
    number: int = 0
    dealer: str = ""
    vulnerability: str = ""
    #: each seat's hand as PBN writes it (``AK5.QJ2.83.AK742``)
    hands: dict[str, str] = field(default_factory=dict)
    calls: list[LinCall] = field(default_factory=list)


def read_lin(text: str) -> list[LinBoard]:
    """The boards of a LIN file of one board a line, read strictly: the lines end at line breaks
    only (no other character a reader may take for one), each line is ``key|value|`` pairs to
    its end, a key two small letters; ``md|`` a dealer digit and four hands of 52 different cards;
    ``an|`` only after a ``mb|``, at most one a call."""
    assert text.endswith("\n") and "\r" not in text, "the file ends its last line, with no carriage return"
    lines = text[:-1].split("\n")
    assert text.splitlines() == lines, "a character of the file breaks a line for str.splitlines()"
    boards = []
    for number, line in enumerate(lines, start=1):
        parts = line.split("|")
        assert parts[-1] == "" and len(parts) % 2 == 1, f"line {number} does not end with a whole pair: {line!r}"
        pairs = list(zip(parts[0:-1:2], parts[1:-1:2], strict=True))
        board = LinBoard(pairs)
        for key, value in pairs:
            assert re.fullmatch(r"[a-z]{2}", key), f"line {number}: {key!r} is not a key"
            if key == "md":
                board.dealer = LIN_DEALERS[value[0]]
                hands = value[1:].split(",")
                assert len(hands) == 4, value
                for seat, hand in zip("SWNE", hands, strict=True):
                    match = _LIN_HAND.fullmatch(hand)
                    assert match, f"line {number}: {hand!r} is not a hand"
                    board.hands[seat] = ".".join(match.groups())
                cards = [
                    (suit, card)
                    for hand in board.hands.values()
                    for suit, cards in zip("SHDC", hand.split("."), strict=True)
                    for card in cards
                ]
                assert len(cards) == len(set(cards)) == 52, f"line {number}: not 52 different cards"
            elif key == "sv":
                board.vulnerability = LIN_VULNERABILITIES[value]
            elif key == "ah":
                assert value.startswith("Board "), value
                board.number = int(value.removeprefix("Board "))
            elif key == "mb":
                match = _LIN_CALL.fullmatch(value)
                assert match, f"line {number}: {value!r} is not a call"
                board.calls.append(LinCall(match[1], bool(match[2])))
            elif key == "an":
                assert pairs and board.calls and board.calls[-1].explanation is None, (
                    f"line {number}: an| after no call"
                )
                board.calls[-1].explanation = value
        boards.append(board)
    return boards


@dataclass
class PbnGame:
    """A game of a PBN file: its tags in order (values read back), the auction's calls each with
    its note's number (``None``: none), and the notes by number."""

    tags: list[tuple[str, str]] = field(default_factory=list)
    calls: list[tuple[str, int | None]] = field(default_factory=list)
    notes: dict[int, str] = field(default_factory=dict)

    def tag(self, name: str) -> str:
        return dict(self.tags)[name]

    def explanations(self) -> list[tuple[str, str | None]]:
        """Each call with its note's text."""
        return [(call, None if number is None else self.notes[number]) for call, number in self.calls]


#: a tag: a name, a space, a PBN string (PGN's: \" a quote, \\ a backslash, nothing else escaped)
_PBN_TAG = re.compile(r'\[(\w+) "((?:[^"\\]|\\["\\])*)"\]')
_PBN_CALL = re.compile(r"Pass|X|XX|[1-7](?:C|D|H|S|NT)")


def read_pbn(text: str) -> list[PbnGame]:
    """The games of a PBN file, read strictly: each line a tag or (after ``Auction``) calls, note
    references ``=N=`` right after a call and ``*``; a tag's value a PBN string of printable
    characters; the notes numbered from 1, each referred to once."""
    lines = text.split("\n")
    assert text.splitlines() == lines[:-1] and lines[-1] == "", "a character of the file breaks a line"
    games: list[PbnGame] = []
    game: PbnGame | None = None
    in_auction = False
    for number, line in enumerate(lines[:-1], start=1):
        if not line:
            game, in_auction = None, False
            continue
        if game is None:
            game = PbnGame()
            games.append(game)
        if line.startswith("["):
            match = _PBN_TAG.fullmatch(line)
            assert match, f"line {number} is not a tag: {line!r}"
            value = re.sub(r"\\(.)", r"\1", match[2])
            assert value.isprintable(), f"line {number}: the value holds a character that is not printable"
            game.tags.append((match[1], value))
            in_auction = match[1] == "Auction"
            if match[1] == "Note":
                note, _, explanation = value.partition(":")
                assert int(note) == len(game.notes) + 1, f"line {number}: note {note} out of order"
                game.notes[int(note)] = explanation
            continue
        assert in_auction, f"line {number} is neither a tag nor a line of the auction: {line!r}"
        for token in line.split(" "):
            if re.fullmatch(r"=\d+=", token):
                assert game.calls and game.calls[-1][1] is None, f"line {number}: a note after no call"
                game.calls[-1] = (game.calls[-1][0], int(token[1:-1]))
            elif token != "*":
                assert _PBN_CALL.fullmatch(token), f"line {number}: {token!r} is not a call"
                game.calls.append((token, None))
    for game in games:
        referred = [number for _, number in game.calls if number is not None]
        assert referred == list(game.notes), f"the notes referred to {referred} are not the notes {list(game.notes)}"
    return games


# -- Debian's dealer and Node.js: the programs the dealer scripts and the practice buttons are for


def dealer_program() -> str:
    """Debian's ``dealer`` (``/usr/games`` is not always on the path): skipped without it, a failure in CI."""
    found = shutil.which("dealer") or shutil.which("dealer", path="/usr/games")
    require(found is not None, "Debian's dealer is not installed (apt-get install dealer)")
    assert found is not None
    return found


def run_dealer(script: str, produce: int, seed: int = 1, folder: Path | None = None) -> list[str]:
    """The deals ``script`` produces in Debian's dealer (``-p produce -s seed``), each as PBN from North;
    the script as a file when ``folder`` is given (else on standard input). Fails with dealer's own message."""
    command = [dealer_program(), "-v", "-p", str(produce), "-s", str(seed)]
    given = None
    if folder is not None:
        path = folder / "script.dlr"
        path.write_text(script, encoding="utf-8")
        command.append(str(path))
    else:
        given = script
    done = subprocess.run(command, input=given, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, f"dealer refused the script: {done.stderr}\n{script}"
    deals = []
    for line in done.stdout.splitlines():  # printoneline: n AKQ.J.T98.765 e ... s ... w ...
        words = line.split()
        hands = dict(zip(words[0::2], words[1::2], strict=True))
        deals.append("N:" + " ".join(hands[seat].upper() for seat in "nesw"))
    return deals


def node_program() -> str:
    """Node.js, which runs the JavaScript of the BBOalert practice buttons: skipped without it, a failure in CI."""
    found = shutil.which("node") or shutil.which("nodejs")
    require(found is not None, "Node.js is not installed (apt-get install nodejs)")
    assert found is not None
    return found


# --------------------------------------------------------------------------
# A folder served over HTTP on this machine, as a static host serves it


class _Host(SimpleHTTPRequestHandler):
    """A static host: the files of a folder, each response with the headers of :attr:`sent`."""

    sent: ClassVar[dict[str, str]] = {}

    def end_headers(self) -> None:
        for name, value in self.sent.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def served(folder: Path, sent: dict[str, str] | None = None) -> Iterator[str]:
    """``folder`` served on 127.0.0.1 at a free port, as a static host serves it, with the
    headers ``sent``: its address (no ``/`` at the end)."""
    host = type("Host", (_Host,), {"sent": sent or {}})
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(host, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
