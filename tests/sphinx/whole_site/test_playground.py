"""``.. bml-playground::`` in a build: the editor on a web page, the files it needs, and what
its engine shows equal to what the site makes of the same notes (the browser: test_playground_browser)."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from docutils.utils.smartquotes import educate_tokens
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.formats.playground import Settings, show
from sphinx_bml.sphinx.whole_site.playground import ENGINE, PYODIDE_FILES, UNAVAILABLE, engine_zip
from tests.support import located_warnings, write_project

NOTES = """\
#+TITLE: Our "notes"
* Openings
1N 15-17 "balanced" -- may hold a 5-card *major* {{ 15-17 hcp, balanced }}
  2C F Stayman, see :bml:seq:`1N-2C-2D` and =code  here=
    2D no major
  2D ! /Transfer/ to hearts
1C 2+ clubs, 11-21

#SEAT 3
1S 5+ spades {{ 5+ spades }}
"""
HOSTILE = "</textarea><script>window.hacked = 1</script>"
CONF = """\
extensions = ["sphinx_bml"]
project = "Our notes"
exclude_patterns = ["_build"]
"""


def indented(text: str) -> str:
    return "".join(f"   {line}\n" if line else "\n" for line in text.splitlines())


def fake_pyodide(folder: Path) -> Path:
    """A folder with the names of Pyodide's files (what the build copies; the browser test loads real ones)."""
    folder.mkdir(parents=True)
    for name in [*PYODIDE_FILES, "pyodide.asm.mjs"]:
        (folder / name).write_text(f"{name}\n")
    (folder / "console.html").write_text("not needed\n")
    return folder


def build(source: Path, builder: str = "html", **overrides: object) -> SphinxTestApp:
    app = SphinxTestApp(builder, srcdir=source, confoverrides=overrides)
    try:
        app.build()
    finally:
        app.cleanup()
    return app


def soup(app: SphinxTestApp, name: str = "index") -> BeautifulSoup:
    return BeautifulSoup((Path(app.outdir) / f"{name}.html").read_text(encoding="utf-8"), "html.parser")


def site_settings(app: SphinxTestApp) -> dict[str, object]:
    editor = soup(app).select_one("div.bml-playground[data-settings]")
    assert editor is not None
    return dict(json.loads(str(editor["data-settings"])))


def test_the_page_holds_the_editor_and_the_site_the_files(tmp_path: Path) -> None:
    pyodide = fake_pyodide(tmp_path / "pyodide")
    index = f"Try it\n======\n\n.. bml-playground::\n\n{indented(NOTES + HOSTILE)}\n"
    source = write_project(tmp_path / "site", index, CONF + f"bml_playground_pyodide = {str(pyodide)!r}\n")
    (source / "other.rst").write_text(":orphan:\n\nOther\n=====\n", encoding="utf-8")
    app = build(source)
    assert app.warning.getvalue() == ""
    page = soup(app)
    editor = page.select_one("div.bml-playground[data-settings] > textarea.bml-playground-notes")
    assert editor is not None
    assert editor.get_text().lstrip("\n") == NOTES + HOSTILE  # as written: no markup, no script
    assert page.select("div.bml-playground script") == []
    scripts = [str(script.get("src")) for script in page.select("script[src]")]
    assert "_static/bml-playground/bml-playground.js" in scripts
    assert not any("bml-playground" in str(script.get("src")) for script in soup(app, "other").select("script"))
    static = Path(app.outdir) / "_static" / "bml-playground"
    assert sorted(path.name for path in (static / "pyodide").iterdir()) == sorted([*PYODIDE_FILES, "pyodide.asm.mjs"])
    assert {path.name for path in static.iterdir()} == {
        "pyodide",
        ENGINE,
        "bml-playground.js",
        "bml-playground-worker.js",
    }
    assert site_settings(app)["bss_name"] == "Our notes"
    assert site_settings(app)["smart_quotes"] == ["qDe", "en"]


def test_without_pyodide_the_page_says_the_playground_is_not_available(tmp_path: Path) -> None:
    source = write_project(tmp_path / "site", f"Try it\n======\n\n.. bml-playground::\n\n{indented(NOTES)}", CONF)
    app = build(source)
    (warning,) = located_warnings(app)
    assert warning[:3] == ("index.rst", 4, "bml.playground")
    assert "set bml_playground_pyodide in conf.py to the folder of the pyodide package from npm" in warning[3]
    page = soup(app)
    shown = page.select_one("div.bml-playground")
    assert shown is not None
    assert shown.select_one("p").get_text() == UNAVAILABLE
    assert "bml_playground_pyodide" not in shown.get_text()  # readers get no build instructions
    assert shown.select_one("pre").get_text().rstrip("\n") == NOTES.rstrip("\n")
    assert not (Path(app.outdir) / "_static" / "bml-playground").exists()
    assert not any("bml-playground" in str(script.get("src")) for script in page.select("script"))


def test_a_setting_naming_a_folder_without_pyodide_is_warned_at_its_line(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "pyodide.mjs").write_text("")
    conf = CONF + f"\nbml_playground_pyodide = {str(empty)!r}\n"
    source = write_project(tmp_path / "site", "Try it\n======\n\n.. bml-playground::\n\n   1N 15-17\n", conf)
    app = build(source)
    (warning,) = located_warnings(app)
    assert warning[:3] == ("conf.py", 5, "bml.playground")
    assert f"{empty} has no pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json, pyodide.asm.mjs" in warning[3]
    assert soup(app).select_one("div.bml-playground p").get_text() == UNAVAILABLE


def test_a_site_without_a_playground_copies_nothing(tmp_path: Path) -> None:
    pyodide = fake_pyodide(tmp_path / "pyodide")
    conf = CONF + f"bml_playground_pyodide = {str(pyodide)!r}\n"
    source = write_project(tmp_path / "site", "Notes\n=====\n\n.. bml::\n\n   1N 15-17\n", conf)
    app = build(source)
    assert app.warning.getvalue() == ""
    assert not (Path(app.outdir) / "_static" / "bml-playground").exists()


@pytest.mark.parametrize("builder", ["text", "latex"])
def test_other_builders_show_the_notes(tmp_path: Path, builder: str) -> None:
    source = write_project(
        tmp_path / "site", "Try it\n======\n\n.. bml-playground::\n\n   1N 15-17\n     2C Stayman\n", CONF
    )
    app = build(source, builder)
    assert app.warning.getvalue() == ""
    written = "".join(path.read_text(encoding="utf-8") for path in Path(app.outdir).glob("*.t*"))
    assert "Stayman" in written and "15" in written
    assert UNAVAILABLE not in written


def test_the_playground_draws_tables_deals_and_auctions_as_the_site_does(tmp_path: Path) -> None:
    """The same notes, as an example of the site (no anchors) and in the playground, with the site's settings."""
    deal = "\n#VUL NS\nN AK32 KQ2 A32 432\nS QJ10 AJ10 KQJ K765\n\nW    N    E    S\n     1N   P    3N\nAP\n"
    notes = NOTES + deal
    conf = CONF + 'bml_abbreviations = "wbf"\nbml_four_colour = True\nbml_collapsible = True\n'
    index = f"Notes\n=====\n\n.. bml::\n   :example:\n\n{indented(notes)}\n.. bml-playground::\n\n   1N 15-17\n"
    pyodide = fake_pyodide(tmp_path / "pyodide")
    source = write_project(tmp_path / "site", index, conf + f"bml_playground_pyodide = {str(pyodide)!r}\n")
    app = build(source)
    page = soup(app)
    values = site_settings(app)
    settings = Settings.from_json(json.dumps(values))
    action, language = settings.smart_quotes or ("", "")

    def educate(texts: list[tuple[str, str]]) -> list[str]:
        return list(educate_tokens(texts, attr=action, language=language))

    played = BeautifulSoup(show(notes, settings, educate).html, "html.parser")
    selector = "div.bml-bidtable, div.bml-deal, table.bml-auction"
    site = [str(drawn) for drawn in page.select(f"section {selector}")]
    assert len(site) == 4
    assert [str(drawn) for drawn in played.select(selector)] == site
    assert page.select_one("abbr[title=forcing]") is not None  # the settings at work
    assert page.select_one("span.bml-four-colour") is not None
    assert page.select_one("details.bml-fold") is not None
    assert "“balanced”" in page.select_one("div.bml-bidtable").get_text()


@pytest.mark.parametrize("builder", ["bss", "bboalert"])
def test_the_files_to_download_are_the_builders(tmp_path: Path, builder: str) -> None:
    conf = CONF + "bml_bss_dispositions = True\nbml_bboalert_alerts_only = True\n"
    source = write_project(tmp_path / "site", f"Notes\n=====\n\n.. bml::\n\n{indented(NOTES)}", conf)
    app = build(source, builder)
    (written,) = Path(app.outdir).glob("our-notes.*")
    settings = Settings(bss_name="Our notes", bss_dispositions=True, bboalert_alerts_only=True)
    shown = show(NOTES, settings)
    assert written.read_text(encoding="utf-8") == (shown.bss if builder == "bss" else shown.bboalert)


def test_the_engine_is_the_pure_modules_and_runs_without_sphinx(tmp_path: Path) -> None:
    engine = tmp_path / ENGINE
    engine.write_bytes(engine_zip())
    assert engine_zip() == engine.read_bytes()  # the same modules, the same file: browsers keep it cached
    names = zipfile.ZipFile(engine).namelist()
    folders = {name.split("/")[1] for name in names if name.count("/") > 1}
    assert folders == {"language", "formats"}
    assert "sphinx_bml/__init__.py" in names and "docutils_smartquotes.py" in names
    script = (
        "import sys\n"
        f"sys.path.insert(0, {str(engine)!r})\n"
        "from docutils_smartquotes import educate_tokens\n"
        "from sphinx_bml.formats.playground import shown_as_json\n"
        "import json\n"
        "educate = lambda texts: educate_tokens(texts, attr='qDe', language='en')\n"
        "print(shown_as_json('1N \"strong\"\\n  2Q', '{}', educate))\n"
        "assert not [name for name in sys.modules if name.split('.')[0] in ('sphinx', 'docutils')]\n"
    )
    # -S: no site-packages, so nothing but the standard library and the zip, as in the browser
    result = subprocess.run([sys.executable, "-S", "-c", script], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    shown = json.loads(result.stdout)
    assert "“strong”" in shown["html"]
    assert shown["problems"][0]["line"] == 2
