"""``bml-quickstart``: a new repository of system notes that builds and publishes as it is.

::

    bml-quickstart [--name NAME] [--players NAMES] [--systems NAMES] [--language CODE]
                   [--yes] [--force] [--overwrite] FOLDER

Like ``sphinx-quickstart``, but for bridge players: it asks a few questions in
plain words (the name of the notes, the players, one system or several, the
language the notes are written in), each also an option, ``--yes`` taking the
default of every question not given, and writes a repository that builds as it
is: the notes in ``notes/`` (``conf.py``, a front page offering the ``.bss``,
BBOalert and PDF files, a page per opening with example rows, the system at a
glance, the WBF card, a practice page) and, around them, a README for partner,
``requirements.txt``, ``.pre-commit-config.yaml`` (``bml-check``),
``.readthedocs.yaml`` and a GitHub Pages workflow. The files are the templates
in ``quickstart/`` beside this module: ``*.jinja`` filled in with the answers,
the others copied as they are.

It writes into a new or empty folder only: into one that holds anything it
writes nothing and says so (exit status 1), unless ``--force`` (add the files
that are missing, keep those there) or ``--overwrite`` (replace them too).
An answer that cannot be used is a message and exit status 2, nothing written.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TextIO

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from .command_line import FAILED, HOOK_REV, MISTAKE, REPOSITORY

TEMPLATES = Path(__file__).with_name("quickstart")
#: The folder of the notes (``conf.py`` and the pages) in the repository.
NOTES = "notes"
#: The Python that Read the Docs and the GitHub Pages workflow build with.
PYTHON = "3.12"

#: Each file around the notes and the notes' own: where it goes, and its template.
FILES: tuple[tuple[str, str], ...] = (
    ("README.md", "README.md.jinja"),
    ("requirements.txt", "requirements.txt.jinja"),
    (".gitignore", "gitignore"),
    (".pre-commit-config.yaml", "pre-commit-config.yaml.jinja"),
    (".readthedocs.yaml", "readthedocs.yaml.jinja"),
    (".github/workflows/pages.yml", "pages.yml.jinja"),
    (f"{NOTES}/conf.py", "conf.py.jinja"),
    (f"{NOTES}/index.rst", "index.rst.jinja"),
)
#: The pages of a system, in the order of its table of contents: in ``notes/``
#: for one system, in ``notes/KEY/`` for each of several (whose root page is
#: ``notes/KEY/index.rst``, from ``system.rst.jinja``).
SYSTEM_PAGES: tuple[tuple[str, str], ...] = (
    ("card.rst", "card.rst"),
    ("convention_card.rst", "convention_card.rst.jinja"),
    ("one_club.rst", "one_club.rst"),
    ("one_diamond.rst", "one_diamond.rst"),
    ("majors.rst", "majors.rst"),
    ("notrump.rst", "notrump.rst"),
    ("two_level.rst", "two_level.rst"),
    ("practice.rst", "practice.rst"),
)
#: A system's folder must not take a name the notes use for something else.
RESERVED = {"index", "modules", "_build", "_static", "_templates"} | {
    PurePosixPath(name).stem for name, _ in SYSTEM_PAGES
}

#: The languages the notes may be written in (Sphinx's ``language``, which
#: translates Sphinx's own words), each with the TeX Live package of Debian and
#: Ubuntu that the PDF needs for it (``""``: none beyond the usual ones).
LANGUAGES: dict[str, str] = {
    "en": "",
    **dict.fromkeys(("bg", "ru", "uk_UA"), "cyrillic"),
    **dict.fromkeys(("cs", "sk"), "czechslovak"),
    **dict.fromkeys(
        ("da", "et", "fi", "hr", "hu", "is", "lt", "lv", "nb_NO", "nl", "ro", "sl", "sv", "tr"), "european"
    ),
    "de": "german",
    "el": "greek",
    **dict.fromkeys(("ca", "es"), "spanish"),
    "fr": "french",
    "it": "italian",
    "pl": "polish",
    **dict.fromkeys(("pt", "pt_BR", "pt_PT"), "portuguese"),
}
#: Letters that have no plain-Latin decomposition, for file names.
_LATIN = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ß": "ss", "æ": "ae", "Æ": "AE",
                        "œ": "oe", "Œ": "OE", "þ": "th", "Þ": "Th", "ı": "i"})  # fmt: skip


class Mistake(Exception):
    """An answer that cannot be used; the message says what to write instead."""


@dataclass(frozen=True)
class System:
    """One system of the notes: its name, and the name of its files and folder."""

    title: str
    key: str


@dataclass(frozen=True)
class Answers:
    name: str
    players: str
    systems: tuple[System, ...]  # none or one: a single system; several: each in its own folder
    language: str


def file_stem(text: str, fallback: str) -> str:
    """``Zbigniew Łukasz`` gives ``zbigniew-lukasz``: plain letters and digits, words joined by ``-``."""
    plain = unicodedata.normalize("NFKD", text.translate(_LATIN)).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or fallback


def shown(text: str) -> str:
    """``text`` quoted in a message: control characters as ``\\u001b``, so the terminal shows them as written."""
    return "".join(f"\\u{ord(char):04x}" if unicodedata.category(char)[0] == "C" else char for char in text)


def _words(text: str, what: str, *, empty: bool) -> str:
    text = text.strip()
    if not text and not empty:
        raise Mistake(f"{what} cannot be empty")
    if any(unicodedata.category(char)[0] == "C" for char in text):
        raise Mistake(f"there is a control character in {what} '{shown(text)}': write it on one line, in letters")
    return text


def check_name(text: str) -> str:
    return _words(text, "the name", empty=False)


def check_players(text: str) -> str:
    return _words(text, "the players", empty=True)


def check_systems(text: str) -> tuple[System, ...]:
    """``Precision, 2/1`` gives two systems, with the files ``precision`` and ``2-1``; nothing, one system."""
    titles = [_words(part, "a system's name", empty=False) for part in text.split(",")] if text.strip() else []
    if len(titles) < 2:
        return tuple(System(title, "") for title in titles)
    systems: list[System] = []
    for title in titles:
        if any(title.casefold() == other.title.casefold() for other in systems):
            raise Mistake(f"the system '{shown(title)}' is named twice: give each system its own name")
        key = file_stem(title, "system")
        key = f"{key}-system" if key in RESERVED else key
        taken = {other.key for other in systems}
        unique, number = key, 2
        while unique in taken:  # "2/1" and "2-1" both give 2-1
            unique, number = f"{key}-{number}", number + 1
        systems.append(System(title, unique))
    return tuple(systems)


def check_language(text: str) -> str:
    code = text.strip().replace("-", "_")
    found = next((known for known in LANGUAGES if known.casefold() == code.casefold()), None)
    if found is None:
        raise Mistake(
            f"the language '{shown(text.strip())}' is not one the notes can be written in here: give one of "
            f"{', '.join(sorted(LANGUAGES))} (another can be set in conf.py afterwards: its `language`, "
            "which also needs TeX Live's support for it to make the PDF)"
        )
    return found


@dataclass(frozen=True)
class Question:
    option: str
    words: str
    default: str
    check: Callable[[str], object]


QUESTIONS = (
    Question("name", "The name of the notes, the site's title (your partnership's or your system's)",
             "Our system", check_name),
    Question("players", "Your names, as the convention card shows them (Enter: none)", "", check_players),
    Question("systems", "One system, or several? Enter for one; for several, their names separated by commas",
             "", check_systems),
    Question("language", f"The language you write the notes in ({', '.join(sorted(LANGUAGES))})", "en",
             check_language),
)  # fmt: skip


def argument_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bml-quickstart",
        description=(
            "Write a new repository of bidding-system notes that builds and publishes as it is: "
            "it asks a few questions, or takes them as options."
        ),
        epilog=(
            "Exit status: 0 written, 1 the folder is not empty (nothing written), "
            "2 an answer that cannot be used (nothing written)."
        ),
    )
    parser.add_argument("folder", type=Path, metavar="FOLDER", help="the new repository: a new or empty folder")
    parser.add_argument("--name", help='the name of the notes, the site\'s title (default: "Our system")')
    parser.add_argument("--players", help="your names, for the convention card (default: none)")
    parser.add_argument(
        "--systems", help='several systems, their names separated by commas, such as "Precision, 2/1" (default: one)'
    )
    parser.add_argument("--language", help="the language the notes are written in, such as en, fr, pl (default: en)")
    parser.add_argument("-y", "--yes", action="store_true", help="take the default of every question not given")
    parser.add_argument(
        "--force", action="store_true", help="write into a folder that is not empty, keeping the files already there"
    )
    parser.add_argument(
        "--overwrite", action="store_true", help="write into a folder that is not empty, replacing its files"
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``bml-quickstart`` with ``argv`` (default: the command line); the exit status."""
    options = argument_parser().parse_args(argv)
    return run(options, input, sys.stdout, sys.stderr)


def run(options: argparse.Namespace, ask: Callable[[str], str], out: TextIO, err: TextIO) -> int:
    folder: Path = options.folder
    try:
        given = {
            question.option: _option(question, getattr(options, question.option))
            for question in QUESTIONS
            if getattr(options, question.option) is not None
        }
        refusal = _refusal(folder, force=options.force or options.overwrite)
        if refusal:
            print(f"bml-quickstart: {refusal}", file=err)
            return FAILED
        if not options.yes and len(given) < len(QUESTIONS):
            print(
                f"A new repository for your system notes, in {folder}. Press Enter for the answer in [brackets].",
                file=out,
            )
        answers = _answers(given, options.yes, ask, out)
    except Mistake as mistake:
        print(f"bml-quickstart: {mistake}", file=err)
        return MISTAKE
    written = write(folder, repository(answers), overwrite=options.overwrite, out=out)
    _next_steps(folder, answers, written, out)
    return 0


def _option(question: Question, text: str) -> object:
    """An answer given as an option, checked; a mistake names the option."""
    try:
        return question.check(text)
    except Mistake as mistake:
        raise Mistake(f"--{question.option}: {mistake}") from None


def _answers(given: dict[str, object], yes: bool, ask: Callable[[str], str], out: TextIO) -> Answers:
    """The answers: those given as options, the defaults with ``--yes``, else each question asked in turn."""
    checked = dict(given)
    for question in QUESTIONS:
        if question.option in checked:
            continue
        if yes:
            checked[question.option] = question.check(question.default)
            continue
        while True:
            try:
                text = ask(f"> {question.words} [{question.default}]: ")
            except EOFError:
                raise Mistake(
                    "no answer (the input ended): answer the questions, give them as options, "
                    "or --yes to take the defaults"
                ) from None
            try:
                checked[question.option] = question.check(text.strip() or question.default)
                break
            except Mistake as mistake:
                print(f"* {mistake}", file=out)
    systems = checked["systems"]
    assert isinstance(systems, tuple)
    return Answers(str(checked["name"]), str(checked["players"]), systems, str(checked["language"]))


def _refusal(folder: Path, *, force: bool) -> str | None:
    """Why nothing may be written into ``folder`` (``None``: it may)."""
    if folder.exists() and not folder.is_dir():
        raise Mistake(f"{folder} is a file: give a new or empty folder for the repository")
    if not folder.is_dir() or force:
        return None
    held = sorted(path.name for path in folder.iterdir())
    if not held:
        return None
    listed = ", ".join(held[:5]) + (" ..." if len(held) > 5 else "")
    return (
        f"{folder} is not empty (it holds {listed}), so nothing is written: give a new or empty folder, "
        "or --force to add the files that are missing and keep those there (--overwrite replaces them)"
    )


def repository(answers: Answers) -> dict[PurePosixPath, str]:
    """Every file of the repository, by its path in the folder, with its text."""
    several = len(answers.systems) > 1
    slug = file_stem(answers.name, "notes")
    context: dict[str, object] = {
        "name": answers.name,
        "players": answers.players,
        "author": answers.players or answers.name,
        "language": answers.language,
        "tex_language": LANGUAGES[answers.language],
        "slug": slug,
        "system_name": answers.systems[0].title if len(answers.systems) == 1 else "",
        "systems": answers.systems if several else (),
        "pages": [PurePosixPath(name).stem for name, _ in SYSTEM_PAGES],
        "notes": NOTES,
        "bboalert_files": [f"{system.key}.txt" for system in answers.systems] if several else [f"{slug}.txt"],
        "repository_url": REPOSITORY,
        "release": HOOK_REV,
        "python": PYTHON,
    }
    templates = _templates()
    files = {PurePosixPath(path): _made(templates, template, context) for path, template in FILES}
    for folder, system in _system_folders(answers):
        page_context = {**context, "system": system}
        if folder != NOTES:
            files[PurePosixPath(folder, "index.rst")] = _made(templates, "system.rst.jinja", page_context)
        for name, template in SYSTEM_PAGES:
            files[PurePosixPath(folder, name)] = _made(templates, template, page_context)
    return files


def _system_folders(answers: Answers) -> Iterator[tuple[str, System | None]]:
    if len(answers.systems) > 1:
        for system in answers.systems:
            yield f"{NOTES}/{system.key}", system
    else:
        yield NOTES, None


def _templates() -> Environment:
    environment = Environment(
        loader=FileSystemLoader(TEMPLATES),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters["python"] = _quoted
    environment.filters["yaml"] = _quoted
    environment.filters["rst"] = rst_text
    environment.filters["markdown"] = markdown_text
    environment.filters["latex"] = latex_text
    environment.filters["underline"] = underline
    return environment


def _made(templates: Environment, template: str, context: Mapping[str, object]) -> str:
    if template.endswith(".jinja"):
        return templates.get_template(template).render(context)
    return (TEMPLATES / template).read_text(encoding="utf-8")


def _quoted(text: str) -> str:
    """``text`` as a string in double quotes, as Python and YAML both read it (JSON's quoting)."""
    return json.dumps(text, ensure_ascii=False)


#: Characters that start markup in reStructuredText's running text.
_RST_MARKUP = re.compile(r"([\\`*_|\[\]<>:])")


def rst_text(text: str) -> str:
    """``text`` as reStructuredText shows it as written: markup characters after a backslash,
    and a first character that would start a list or a comment too."""
    escaped = _RST_MARKUP.sub(r"\\\1", text)
    return f"\\{escaped}" if escaped[:1] in ("-", "+", "#", ".", "=") or escaped[:2].rstrip(".)").isdigit() else escaped


#: Characters that start markup in Markdown's running text.
_MARKDOWN_MARKUP = re.compile(r"([\\`*_\[\]<>#|&])")


def markdown_text(text: str) -> str:
    """``text`` as Markdown shows it as written: markup characters after a backslash."""
    return _MARKDOWN_MARKUP.sub(r"\\\1", text)


#: Characters that LaTeX reads as commands, as LaTeX writes them as text.
_LATEX = str.maketrans(
    {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#", "%": r"\%",
     "_": r"\_", "^": r"\textasciicircum{}", "~": r"\textasciitilde{}"}
)  # fmt: skip


def latex_text(text: str) -> str:
    """``text`` as LaTeX shows it as written (the PDF's title and author are LaTeX, as Sphinx takes them)."""
    return text.translate(_LATEX)


def underline(text: str, character: str = "=") -> str:
    """A title's underline: as wide as the title shows (a wide character counts two, an accent none)."""
    width = sum(
        0 if unicodedata.combining(char) else 2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text
    )
    return character * max(width, 1)


def write(folder: Path, files: dict[PurePosixPath, str], *, overwrite: bool, out: TextIO) -> list[PurePosixPath]:
    """Write ``files`` into ``folder``, one line each; a file already there is kept unless ``overwrite``.
    The files written."""
    written = []
    for path, text in files.items():
        target = folder / path
        if target.exists() and not overwrite:
            print(f"  kept     {path} (it is there already)", file=out)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        replaced = target.exists()
        with target.open("w", encoding="utf-8", newline="\n") as file:
            file.write(text)
        print(f"  {'replaced' if replaced else 'wrote':8} {path}", file=out)
        written.append(path)
    return written


def _next_steps(folder: Path, answers: Answers, written: list[PurePosixPath], out: TextIO) -> None:
    print(
        f"""
{answers.name}: {len(written)} files written in {folder}. Next, in that folder:

  sphinx-build -M html {NOTES} {NOTES}/_build    the site: {NOTES}/_build/html/index.html
  bml-check {NOTES}                          every problem in the notes, without building

Write your system in the pages of {NOTES}/. README.md says how partner reads the site;
Getting started, in sphinx-bml's documentation, how to publish it.""",
        file=out,
    )


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
