"""What the tests share: where things are, the reference's comparison rule,
skipping (or failing, in CI) when a tool is missing, and the warnings of a build."""

from __future__ import annotations

import functools
import importlib
import io
import logging
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import pytest
from bs4 import BeautifulSoup
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


EXAMPLE_SITE = ROOT / "example_site"


def sphinx_build(*arguments: str | Path) -> subprocess.CompletedProcess[str]:
    """``python -m sphinx`` with ``arguments`` first (``-M`` must lead), then ``-W --keep-going``,
    without colours (Sphinx colours its output when ``CI`` is set, as it is in CI)."""
    command = [sys.executable, "-m", "sphinx", *map(str, arguments), "-W", "--keep-going", "--no-color"]
    return subprocess.run(command, capture_output=True, text=True, check=False)


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
    options = ["-layout"] if layout else []
    text = subprocess.run(
        ["pdftotext", *options, "-enc", "UTF-8", str(tex.with_suffix(".pdf")), "-"],
        capture_output=True,
        text=True,
        check=True,
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
