"""``bml-quickstart``: a new notes repository that builds with -W, passes bml-check and
pre-commit, and whose YAML files parse and use only what their programs document."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from bs4 import BeautifulSoup
from docutils.core import publish_doctree
from docutils.nodes import title as title_node
from markdown_it import MarkdownIt
from packaging.requirements import Requirement

from sphinx_bml.commands import bml_check
from sphinx_bml.commands.bml_quickstart import (
    LANGUAGES,
    TEMPLATES,
    file_stem,
    main,
    rst_text,
    underline,
)
from sphinx_bml.commands.command_line import HOOK_REV, REPOSITORY
from tests.support import EXAMPLE_SITE, ROOT, clean_checkout, require, sphinx_build

COMMAND = Path(sys.executable).with_name("bml-quickstart")
#: The inputs each action documents in its action.yml, at the version the workflow uses
#: (read from the actions' repositories: checkout v7.0.1, setup-python v7.0.0,
#: configure-pages v5.0.0, upload-pages-artifact v5.0.0, deploy-pages v5.0.0).
ACTION_INPUTS: dict[str, set[str]] = {
    "actions/checkout@v7": {
        "repository", "ref", "token", "ssh-key", "ssh-known-hosts", "ssh-strict", "ssh-user", "persist-credentials",
        "path", "clean", "filter", "sparse-checkout", "sparse-checkout-cone-mode", "fetch-depth", "fetch-tags",
        "show-progress", "lfs", "submodules", "set-safe-directory", "github-server-url", "allow-unsafe-pr-checkout",
    },
    "actions/setup-python@v7": {
        "python-version", "python-version-file", "cache", "architecture", "check-latest", "token",
        "cache-dependency-path", "update-environment", "allow-prereleases", "freethreaded", "pip-version",
    },
    "actions/configure-pages@v5": {"static_site_generator", "generator_config_file", "token", "enablement"},
    "actions/upload-pages-artifact@v5": {"name", "path", "retention-days", "include-hidden-files"},
    "actions/deploy-pages@v5": {"token", "timeout", "error_count", "reporting_interval", "artifact_name", "preview"},
}  # fmt: skip
#: What Read the Docs' configuration (version 2) allows, from its schema
#: (readthedocs.org, readthedocs/rtd_tests/fixtures/spec/v2/schema.json, August 2026).
READ_THE_DOCS = {
    "top": {"version", "formats", "conda", "build", "python", "sphinx", "mkdocs", "submodules", "search"},
    "build": {"os", "jobs", "tools", "apt_packages", "commands"},
    "os": {"ubuntu-22.04", "ubuntu-24.04", "ubuntu-26.04", "ubuntu-lts-latest"},
    "python": {"3.8", "3.9", "3.10", "3.11", "3.12", "3.13", "3.14", "latest"},
    "jobs": {
        "post_checkout", "pre_system_dependencies", "post_system_dependencies", "pre_create_environment",
        "create_environment", "post_create_environment", "pre_install", "install", "post_install", "pre_build",
        "build", "post_build",
    },
    "sphinx": {"builder", "configuration", "fail_on_warning"},
    "install": {"requirements", "method"},
}  # fmt: skip

UNUSUAL_NAME = 'Anna & Ben\'s "Precision"'
UNUSUAL_PLAYERS = "Zbigniew Łukasz - *Ben* Okafor_"


def quickstart(capsys: pytest.CaptureFixture[str], *arguments: str | Path) -> tuple[int, str, str]:
    status = main([str(argument) for argument in arguments])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def files_in(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in folder.rglob("*") if path.is_file()}


@pytest.fixture(scope="module")
def default(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``bml-quickstart --yes``, written once for the tests that only read it."""
    folder = tmp_path_factory.mktemp("quickstart") / "our-notes"
    assert main(["--yes", str(folder)]) == 0
    return folder


def test_yes_writes_the_repository(default: Path) -> None:
    assert sorted(files_in(default)) == [
        ".github/workflows/pages.yml",
        ".gitignore",
        ".pre-commit-config.yaml",
        ".readthedocs.yaml",
        "README.md",
        "notes/card.rst",
        "notes/conf.py",
        "notes/convention_card.rst",
        "notes/index.rst",
        "notes/majors.rst",
        "notes/notrump.rst",
        "notes/one_club.rst",
        "notes/one_diamond.rst",
        "notes/practice.rst",
        "notes/two_level.rst",
        "requirements.txt",
    ]


@pytest.mark.slow
@pytest.mark.parametrize("builder", ["html", "bss", "bboalert"])
def test_the_notes_build_without_a_warning(default: Path, tmp_path: Path, builder: str) -> None:
    built = sphinx_build("-b", builder, default / "notes", tmp_path / builder)
    assert built.returncode == 0, built.stderr
    if builder == "html":
        pages = {path.stem for path in (tmp_path / "html").glob("*.html")}
        assert {"index", "card", "convention_card", "one_club", "notrump", "practice", "bml-sequences"} <= pages
        front = BeautifulSoup((tmp_path / "html" / "index.html").read_text(encoding="utf-8"), "lxml")
        links = {str(a["href"]) for a in front.select("a[href^='_bml/']")}
        assert links == {"_bml/our-system.bss", "_bml/our-system.txt"}
        assert "BBOalert file (`our-system.txt`)" in (default / "README.md").read_text(encoding="utf-8")
        # the PDF is offered once -M latexpdf has made it; until then the build says so, not the page
        assert not front.select("a[href$='.pdf']")
        assert "not built yet" in built.stdout + built.stderr
        assert front.select_one(".sidebar-drawer form.bml-sequence-filter") is not None  # furo's sidebar
        notrump = BeautifulSoup((tmp_path / "html" / "notrump.html").read_text(encoding="utf-8"), "lxml")
        assert notrump.select("div.bml-collapsible details.bml-fold")  # folding trees
        assert notrump.select("abbr[title='invitational']")  # WBF abbreviations
        practice = BeautifulSoup((tmp_path / "html" / "practice.html").read_text(encoding="utf-8"), "lxml")
        assert len(practice.select("div.bml-practice-board")) == 6
    else:
        (written,) = (tmp_path / builder).glob("our-system.*")
        assert written.stat().st_size > 1000


@pytest.mark.slow
@pytest.mark.latex
@pytest.mark.parametrize(("name", "players"), [("Our system", ""), (UNUSUAL_NAME, UNUSUAL_PLAYERS)])
def test_the_pdf_then_the_site_that_offers_it(
    name: str, players: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As the GitHub Pages workflow builds it: the PDF, then the site, whose front page links it."""
    require(shutil.which("latexmk") is not None, "latexmk (TeX Live) is not installed")
    folder = tmp_path / "repository"
    assert quickstart(capsys, "--yes", "--name", name, "--players", players, folder)[0] == 0
    notes = folder / "notes"
    for builder in ("latexpdf", "html"):
        built = sphinx_build("-M", builder, notes, notes / "_build")
        assert built.returncode == 0, built.stdout[-3000:] + built.stderr
    stem = file_stem(name, "notes")
    assert (notes / "_build" / "latex" / f"{stem}.pdf").stat().st_size > 50_000
    front = BeautifulSoup((notes / "_build" / "html" / "index.html").read_text(encoding="utf-8"), "lxml")
    (link,) = front.select("li.bml-downloads-pdf a[href]")
    assert str(link["href"]).endswith(f"/{stem}.pdf") and (notes / "_build" / "html" / str(link["href"])).is_file()


def test_bml_check_finds_no_problem(default: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert bml_check.main([str(default / "notes")]) == 0
    assert capsys.readouterr().out == ""


def test_the_workflow_uses_only_the_documented_inputs_of_its_actions(default: Path) -> None:
    workflow = yaml.safe_load((default / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8"))
    steps = [step for job in workflow["jobs"].values() for step in job["steps"]]
    used = [step for step in steps if "uses" in step]
    assert {step["uses"] for step in used} == set(ACTION_INPUTS)
    for step in used:
        assert set(step.get("with", {})) <= ACTION_INPUTS[step["uses"]], step
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    assert workflow["jobs"]["deploy"]["environment"]["name"] == "github-pages"
    commands = "\n".join(step.get("run", "") for step in steps)
    assert "pip install -r requirements.txt" in commands
    assert "sphinx -M latexpdf notes notes/_build" in commands
    assert "sphinx -M html notes notes/_build -W" in commands
    (upload,) = (step for step in used if step["uses"].startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"] == "notes/_build/html"
    assert "texlive-lang" not in commands  # English needs no other TeX Live language


def test_read_the_docs_gets_what_its_schema_allows(default: Path) -> None:
    config = yaml.safe_load((default / ".readthedocs.yaml").read_text(encoding="utf-8"))
    assert config["version"] == 2 and set(config) <= READ_THE_DOCS["top"]
    assert set(config["build"]) <= READ_THE_DOCS["build"]
    assert config["build"]["os"] in READ_THE_DOCS["os"]
    assert config["build"]["tools"]["python"] in READ_THE_DOCS["python"]
    assert set(config["build"]["jobs"]) <= READ_THE_DOCS["jobs"]
    assert set(config["sphinx"]) <= READ_THE_DOCS["sphinx"]
    assert (default / config["sphinx"]["configuration"]).is_file()
    for install in config["python"]["install"]:
        assert set(install) <= READ_THE_DOCS["install"]
        assert (default / install["requirements"]).is_file()
    assert config["build"]["jobs"]["pre_build"] == ["python -m sphinx -M latexpdf notes notes/_build"]


def test_the_requirements_install_what_the_notes_use(default: Path) -> None:
    lines = (default / "requirements.txt").read_text(encoding="utf-8").splitlines()
    requirements = {req.name: req for req in (Requirement(line) for line in lines if line and not line.startswith("#"))}
    assert set(requirements) == {"sphinx-bml", "furo"}
    ours = requirements["sphinx-bml"]
    assert ours.extras == {"myst", "practice"}  # myst_parser in conf.py's extensions; endplay for the practice page
    assert ours.url == f"git+{REPOSITORY}@{HOOK_REV}"
    conf = (default / "notes" / "conf.py").read_text(encoding="utf-8")
    assert 'html_theme = "furo"' in conf and '"myst_parser"' in conf


def test_the_pre_commit_hook_is_ours(default: Path) -> None:
    config = yaml.safe_load((default / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    (repository,) = config["repos"]
    assert repository["repo"] == REPOSITORY and repository["rev"] == HOOK_REV
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    (hook,) = repository["hooks"]
    assert hook["id"] in {known["id"] for known in hooks}
    assert hook["args"] == ["notes"] and (default / "notes" / "conf.py").is_file()
    assert hook["additional_dependencies"] == ["myst-parser"]  # what conf.py's extensions import


@pytest.mark.slow
def test_several_systems(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "notes-repository"
    status, _, err = quickstart(capsys, "--yes", "--systems", "Precision, 2/1", "--name", "Club notes", folder)
    assert (status, err) == (0, "")
    notes = folder / "notes"
    assert {path.parent.name for path in notes.glob("*/index.rst")} == {"precision", "2-1"}
    conf = ast.literal_eval(_assigned(notes / "conf.py")["bml_systems"])
    assert conf == {"precision": "precision/index", "2-1": "2-1/index"}
    for builder in ("html", "bss"):
        built = sphinx_build("-b", builder, notes, tmp_path / builder)
        assert built.returncode == 0, built.stderr
    assert sorted(path.name for path in (tmp_path / "bss").glob("*.bss")) == ["2-1.bss", "precision.bss"]
    (header,) = (line for line in (tmp_path / "bss" / "2-1.bss").read_text(encoding="utf-8").splitlines()[:1])
    assert header.startswith("*00{2/1}")  # the system's name, from its root page's #+TITLE
    readme = (folder / "README.md").read_text(encoding="utf-8")
    assert "BBOalert file (`precision.txt` or `2-1.txt`)" in readme
    assert bml_check.main([str(notes)]) == 0


def _assigned(conf: Path) -> dict[str, str]:
    """Each name conf.py assigns, with the source of its value."""
    return _assigned_in(conf.read_text(encoding="utf-8"))


def _assigned_in(text: str) -> dict[str, str]:
    return {
        target.id: ast.get_source_segment(text, node.value) or ""
        for node in ast.parse(text).body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name)
    }


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), [(UNUSUAL_NAME, UNUSUAL_PLAYERS), ("Zbigniew Łukasz", "")])
def test_a_name_with_quotes_or_accents_stays_what_it_is(
    name: str, players: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "repository"
    status, _, err = quickstart(capsys, "--yes", "--name", name, "--players", players, folder)
    assert (status, err) == (0, "")
    settings: dict[str, Any] = {}
    exec(compile((folder / "notes" / "conf.py").read_text(encoding="utf-8"), "conf.py", "exec"), settings)
    assert settings["project"] == settings["html_title"] == name
    assert settings["author"] == (players or name)
    for path in (".github/workflows/pages.yml", ".readthedocs.yaml", ".pre-commit-config.yaml"):
        assert yaml.safe_load((folder / path).read_text(encoding="utf-8"))
    stem = file_stem(name, "notes")
    assert stem.isascii() and settings["bml_bboalert_filename"] == f"{stem}.txt"
    readme = BeautifulSoup(MarkdownIt().render((folder / "README.md").read_text(encoding="utf-8")), "lxml")
    assert readme.h1 is not None and readme.h1.get_text() == name
    if players:
        assert f"The system notes of {players}," in readme.get_text(" ")
    built = sphinx_build("-b", "html", folder / "notes", tmp_path / "html")
    assert built.returncode == 0, built.stderr
    front = BeautifulSoup((tmp_path / "html" / "index.html").read_text(encoding="utf-8"), "lxml")
    straight = str.maketrans("‘’“”", "''\"\"")  # Sphinx's smart quotes, typography only
    assert front.h1 is not None and front.h1.get_text().rstrip("¶").translate(straight) == name
    if players:
        assert f"The system notes of {players}." in front.get_text(" ", strip=True).translate(straight)


@pytest.mark.parametrize(
    "text",
    ["Anna & Ben's \"Precision\"", "*Bold* `code` |sub| _target_ [1]_ <x>", "- a list", "1. numbered", ".. comment",
     "#1 team", "Back\\slash", "Łukasz Żółć", "中文 system"],
)  # fmt: skip
def test_rst_text_is_shown_as_written(text: str) -> None:
    document = publish_doctree(f"{rst_text(text)}\n{underline(rst_text(text))}\n\nbody\n")
    titles = list(document.findall(title_node))
    assert [found.astext() for found in titles] == [text]
    assert not document.parse_messages


def test_underline_counts_the_width_a_title_shows() -> None:
    assert underline("中文") == "===="
    assert underline("e\u0301t\u00e9") == "==="


@pytest.mark.parametrize(
    ("text", "stem"),
    [("Kestrel Precision", "kestrel-precision"), ("Zbigniew Łukasz", "zbigniew-lukasz"), ("2/1", "2-1"),
     ("Ærø Straße", "aero-strasse"), ("中文", "notes")],
)  # fmt: skip
def test_file_names_are_plain_letters(text: str, stem: str) -> None:
    assert file_stem(text, "notes") == stem


def test_the_questions_are_asked_and_a_wrong_answer_asked_again(tmp_path: Path) -> None:
    folder = tmp_path / "asked"
    answers = "Kestrel Precision\nAnna Lind and Ben Okafor\n\nklingon\nfr\n"
    done = subprocess.run([COMMAND, folder], input=answers, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("> ") == 5  # four questions, the language asked twice
    assert "* the language 'klingon' is not one the notes can be written in here" in done.stdout
    settings = _assigned(folder / "notes" / "conf.py")
    assert settings["project"] == '"Kestrel Precision"' and settings["language"] == '"fr"'
    assert ":players: Anna Lind and Ben Okafor" in (folder / "notes" / "convention_card.rst").read_text("utf-8")
    workflow = (folder / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8")
    assert " texlive-lang-french" in workflow  # the PDF in French needs TeX Live's French


def test_the_options_leave_only_the_other_questions(tmp_path: Path) -> None:
    folder = tmp_path / "asked"
    command = [COMMAND, "--name", "Kestrel", "--language", "de", folder]
    done = subprocess.run(command, input="\n\n", capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("> ") == 2  # the players and the systems
    assert '"de"' in _assigned(folder / "notes" / "conf.py")["language"]


def test_no_answer_at_the_end_of_the_input_writes_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "asked"
    done = subprocess.run([COMMAND, folder], input="Kestrel\n", capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert "no answer (the input ended)" in done.stderr and "--yes" in done.stderr
    assert "Traceback" not in done.stderr and not folder.exists()


def test_a_folder_that_is_not_empty_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "README.md").write_text("Our own notes\n", encoding="utf-8")
    before = files_in(folder)
    status, out, err = quickstart(capsys, folder)  # no --yes: refused before any question
    assert status == 1 and out == ""
    assert err == (
        f"bml-quickstart: {folder} is not empty (it holds README.md), so nothing is written: give a new or empty "
        "folder, or --force to add the files that are missing and keep those there (--overwrite replaces them)\n"
    )
    assert files_in(folder) == before


def test_force_keeps_the_files_there_and_overwrite_replaces_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "notes"
    (folder / "notes").mkdir(parents=True)
    (folder / "README.md").write_text("Our own notes\n", encoding="utf-8")
    (folder / "notes" / "majors.rst").write_text("Majors\n======\n", encoding="utf-8")
    status, out, _ = quickstart(capsys, "--yes", "--force", folder)
    assert status == 0
    assert "  kept     README.md (it is there already)" in out.splitlines()
    assert "  kept     notes/majors.rst (it is there already)" in out.splitlines()
    assert (folder / "README.md").read_text(encoding="utf-8") == "Our own notes\n"
    assert (folder / "notes" / "majors.rst").read_text(encoding="utf-8") == "Majors\n======\n"
    assert (folder / "notes" / "conf.py").is_file() and "14 files written" in out
    status, out, _ = quickstart(capsys, "--yes", "--overwrite", folder)
    assert status == 0 and "  replaced README.md" in out.splitlines()
    assert (folder / "notes" / "majors.rst").read_bytes() == (TEMPLATES / "majors.rst").read_bytes()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--language", "klingon"], "--language: the language 'klingon' is not one the notes can be written in here: "
         f"give one of {', '.join(sorted(LANGUAGES))}"),
        (["--name", "  "], "--name: the name cannot be empty"),
        (["--name", "Kestrel\nPrecision"],
         "--name: there is a control character in the name 'Kestrel\\u000aPrecision'"),
        (["--players", "Anna\x1b[2J"], "--players: there is a control character in the players 'Anna\\u001b[2J'"),
        (["--systems", "Precision, precision"], "--systems: the system 'precision' is named twice"),
        (["--systems", "Precision, "], "--systems: a system's name cannot be empty"),
    ],
)  # fmt: skip
def test_an_answer_that_cannot_be_used_writes_nothing(
    arguments: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "new"
    status, out, err = quickstart(capsys, "--yes", *arguments, folder)
    assert (status, out) == (2, "")
    assert err.startswith(f"bml-quickstart: {message}") and "Traceback" not in err
    assert not folder.exists()


def test_a_file_is_no_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes.txt").write_text("", encoding="utf-8")
    status, _, err = quickstart(capsys, "--yes", tmp_path / "notes.txt")
    assert status == 2 and "is a file: give a new or empty folder" in err


def test_the_example_site_is_laid_out_by_the_quickstart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """example_site/conf.py is what bml-quickstart writes for it, then the example's own
    settings (none of them changing one written above, but for the folder of the opponents'
    notes it leaves out of its pages); its pages offer what the
    quickstart's pages offer, so the two cannot drift apart."""
    folder = tmp_path / "kestrel"
    arguments = ("--yes", "--name", "Kestrel Precision", "--players", "Anna Lind and Ben Okafor", folder)
    assert quickstart(capsys, *arguments)[0] == 0
    written = (folder / "notes" / "conf.py").read_text(encoding="utf-8")
    example = (EXAMPLE_SITE / "conf.py").read_text(encoding="utf-8")
    assert example.startswith(written), "example_site/conf.py must start with what bml-quickstart writes"
    own = example.removeprefix(written)
    assert own.startswith("\n# -- The example site's own settings")
    assert not set(_assigned(EXAMPLE_SITE / "conf.py")) - set(_assigned_in(own)) - set(_assigned_in(written))
    assert not set(_assigned_in(own)) & set(_assigned_in(written))
    for directive in ("bml-summary", "bml-glossary", "bml-convention-card", "bml-practice", "bml-downloads"):
        ours = {
            page.name for page in (folder / "notes").glob("*.rst") if f".. {directive}::" in page.read_text("utf-8")
        }
        theirs = {page.name for page in EXAMPLE_SITE.glob("*.rst") if f".. {directive}::" in page.read_text("utf-8")}
        assert ours <= theirs and bool(ours) == bool(theirs), directive  # the example may practise twice
    pdf = "   :pdf: _build/latex/kestrel-precision.pdf\n"
    assert pdf in (folder / "notes" / "index.rst").read_text("utf-8")
    assert pdf in (EXAMPLE_SITE / "index.rst").read_text("utf-8")


def test_the_command_is_installed(tmp_path: Path) -> None:
    done = subprocess.run([COMMAND, "--help"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "--yes" in done.stdout and "--force" in done.stdout


def git(folder: Path, *arguments: str) -> str:
    identity = ["-c", "user.name=partner", "-c", "user.email=partner@example.org"]
    done = subprocess.run(["git", *identity, *arguments], cwd=folder, check=True, capture_output=True, text=True)
    return done.stdout.strip()


@pytest.mark.slow
@pytest.mark.packaging  # pre-commit installs the hook with pip, from PyPI, in an environment of its own
def test_pre_commit_passes_with_the_written_config(default: Path, tmp_path: Path) -> None:
    """The written .pre-commit-config.yaml, run by the real pre-commit, with this tree (as a
    clean checkout has it, committed in a repository of its own) standing for the release."""
    require(shutil.which("git") is not None, "git is not installed")
    hooks = clean_checkout(tmp_path / "sphinx-bml")
    git(hooks, "init", "-q")
    git(hooks, "add", "-A")
    git(hooks, "commit", "-q", "-m", "the tree under test")
    notes = shutil.copytree(default, tmp_path / "notes-repository")
    config_path = notes / ".pre-commit-config.yaml"
    config = yaml.safe_load(config_path.read_text(encoding="utf-8"))
    config["repos"][0].update(repo=str(hooks), rev=git(hooks, "rev-parse", "HEAD"))
    config_path.write_text(yaml.safe_dump(config), encoding="utf-8")
    git(notes, "init", "-q")
    git(notes, "add", "-A")
    environment = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit")}
    pre_commit = Path(sys.executable).with_name("pre-commit")
    done = subprocess.run(
        [pre_commit, "run", "--all-files"], cwd=notes, env=environment, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "check the BML notes" in done.stdout and "Passed" in done.stdout
