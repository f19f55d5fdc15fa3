"""The ``conf.py`` settings of sphinx-bml: each declared once, with its check.

:data:`SETTINGS` is the whole list; :func:`add_settings` registers them and
:func:`check_settings` (on ``config-inited``, before Sphinx's own type check)
replaces a value that cannot work by the default, with a ``bml.config``
warning saying what to write instead. The reference page of the
documentation is made from this list.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from sphinx.application import Sphinx
from sphinx.config import Config

from ..language.abbreviations import known_abbreviations
from ..language.calls import Sequence
from ..language.errors import BMLError, Kind
from ..language.laws import first_refusal
from ..language.notation import parse_reference
from .diagnostics import warn

#: A check: ``None`` when the value works, else what to write instead ("a number such as 2").
Check = Callable[[Any], str | None]


@dataclass(frozen=True)
class Setting:
    """One ``bml_*`` setting of ``conf.py``."""

    name: str
    #: the default, or a function of the configuration that gives it
    default: Any
    #: what to write instead of a value that does not work; ``None``: the value works
    check: Check
    #: what a change makes Sphinx do again: ``"env"`` read every document, ``"html"`` write the HTML, ``""`` nothing
    rebuild: Literal["env", "html", ""]
    #: the default as the documentation shows it
    shown_default: str
    #: what the setting does, for the documentation (reStructuredText)
    help: str
    #: the types Sphinx accepts, when the default's type is not the only one
    types: tuple[type, ...] = ()

    def default_for(self, config: Config) -> Any:
        return self.default(config) if callable(self.default) else self.default


def project_slug(config: Config) -> str:
    """``My Precision System`` gives ``my-precision-system``."""
    slug = re.sub(r"[^\w]+", "-", str(config.project).lower(), flags=re.UNICODE).strip("-_")
    return slug or "system"


def default_bss_filename(config: Config) -> str:
    """``My Precision System`` gives ``my-precision-system.bss``."""
    return f"{project_slug(config)}.bss"


def default_bboalert_filename(config: Config) -> str:
    """``My Precision System`` gives ``my-precision-system.txt``: BBOalert files are plain text."""
    return f"{project_slug(config)}.txt"


def _yes_or_no(value: Any) -> str | None:
    return None if isinstance(value, bool) else "True or False"


def _count(least: int, example: int) -> Check:
    def check(value: Any) -> str | None:
        if isinstance(value, int) and not isinstance(value, bool) and value >= least:
            return None
        return f"a whole number of at least {least}, such as {example}"

    return check


def _unit_of_indentation(value: Any) -> str | None:
    if value is None:
        return None
    wanted = _count(1, 2)(value)
    return None if wanted is None else f"None (rows read as written) or {wanted}"


def _text(value: Any) -> str | None:
    return None if isinstance(value, str) else "text in quotes"


def _earlier_version(value: Any) -> str | None:
    if isinstance(value, str) and not value.strip():
        return None
    from ..versions.reading import SUFFIXES  # the comparison's reader: imported when the setting is used

    if isinstance(value, str) and Path(value.strip()).suffix.lower() in SUFFIXES:
        return None
    return "the path of a .bss or .bml file, such as 'learned/partner.bss' (or '' for none)"


def _file_name(example: str) -> Check:
    def check(value: Any) -> str | None:
        ok = (
            isinstance(value, str)
            and value.strip() not in ("", ".", "..")
            and not any(char in value for char in "/\\\0")
        )
        return None if ok else f"a file name such as {example!r}, without a folder"

    return check


_STEM = re.compile(r"^[\w][\w.-]*$")


def _systems(value: Any) -> str | None:
    wanted = (
        "a dict from the name of each system's files to the document that roots it, such as "
        '{"wj": "wj", "blue": "blue/index"}'
    )
    if not isinstance(value, dict):
        return wanted
    for name, root in value.items():
        if not isinstance(name, str) or not _STEM.match(name) or name.endswith("."):
            return f"{wanted}; {name!r} is not a file name"
        if not isinstance(root, str) or not root.strip():
            return f"{wanted}; {root!r} is not a document name"
    folded = [name.casefold() for name in value]
    if len(set(folded)) < len(folded):
        return f"{wanted}; two names differ only in capitals, and would be the same file on Windows and macOS"
    return None


def _alert_prefix(value: Any) -> str | None:
    ok = value is None or (isinstance(value, str) and value.strip() == value and value != "")
    return None if ok else 'None, or text without spaces such as "!"'


def _abbreviations(value: Any) -> str | None:
    wanted = '"wbf", or a dict from each abbreviation to what it means, such as {"F": "forcing"}'
    if value == "wbf":
        return None
    if not isinstance(value, dict):
        return wanted
    for key, meaning in value.items():
        if not isinstance(key, str) or not key.strip() or any(char.isspace() for char in key):
            return f"{wanted}; {key!r} is not one word"
        if not isinstance(meaning, str):
            return f"{wanted}; what {key!r} means is not text"
    return None


#: The setting of the practice buttons in the BBOalert file.
PRACTICE_SETTING = "bml_bboalert_practice"
_PRACTICE_EXAMPLE = '["1N-2C", "1C-1D", "1D-(1S)-D"]'


def _practice_set(value: Any) -> str | None:
    wanted = f"a list of sequences as the notes write them, such as {_PRACTICE_EXAMPLE}"
    if not isinstance(value, list | tuple):
        return wanted
    seen: dict[Sequence, str] = {}
    for written in value:
        if not isinstance(written, str):
            return f"{wanted}; {written!r} is not text in quotes"
        try:
            sequence = parse_reference(written).sequence
        except BMLError as error:
            return f"{wanted}; {written!r} is not a sequence: {error.message}"
        refused = first_refusal(sequence.calls)
        if refused is not None:
            return f"{wanted}; {written!r} could not happen at a table: {refused}"
        if sequence in seen:
            return f"{wanted}; {written!r} is {seen[sequence]!r} again: each sequence once"
        seen[sequence] = written
    return None


SETTINGS: tuple[Setting, ...] = (
    Setting(
        "bml_tree",
        True,
        _yes_or_no,
        "env",
        "``True``",
        "draw bidding tables as trees with connecting lines; ``False``: plain indentation. "
        "A directive's ``:tree:`` or ``:no-tree:`` wins.",
    ),
    Setting(
        "bml_indentation",
        None,
        _unit_of_indentation,
        "env",
        "``None``",
        "``None``: bidding tables are read as written, as in BML 1 and bridge-markup: a row any number of "
        "spaces deeper than the row above answers it, a row less deep lines up with the row above it that it "
        "is another answer to. A number, such as ``2``: the strict unit, each row a whole number of that many "
        "spaces deeper than the first, and at most one deeper than the row above. A directive's "
        "``:indentation:`` wins.",
        types=(int, type(None)),
    ),
    Setting(
        "bml_four_colour",
        False,
        _yes_or_no,
        "html",
        "``False``",
        "four-colour suits in HTML: clubs green, diamonds orange.",
    ),
    Setting(
        "bml_exclude_included",
        True,
        _yes_or_no,
        "env",
        "``True``",
        "``.bml`` files that another ``.bml`` file includes are parts of it, not pages of their own.",
    ),
    Setting(
        "bml_bss_name",
        lambda config: str(config.project),
        _text,
        "",
        "``project``",
        "system name in the ``.bss`` header when the root document has no ``#+TITLE``.",
    ),
    Setting(
        "bml_bss_summary",
        "",
        _text,
        "",
        '``""``',
        "summary in the ``.bss`` header when the root document has no ``#+DESCRIPTION``.",
    ),
    Setting(
        "bml_bss_filename",
        default_bss_filename,
        _file_name("precision.bss"),
        "",
        "``<project>.bss``",
        "the file ``-b bss`` writes: the project name in lower case, words joined by ``-``.",
    ),
    Setting(
        "bml_bboalert_filename",
        default_bboalert_filename,
        _file_name("precision.txt"),
        "",
        "``<project>.txt``",
        "the file ``-b bboalert`` writes, named like the ``.bss`` file.",
    ),
    Setting(
        "bml_systems",
        {},
        _systems,
        "env",
        "``{}``",
        "the systems of the site, each named by the stem of its files and rooted at a document, such as "
        '``{"wj": "wj", "blue": "blue/index"}``: each system is what that document\'s toctree reaches, the '
        "``bss`` and ``bboalert`` builders write one file per system (``wj.bss``, ``blue.bss``), and checks and "
        "references stay within a system. Empty: the whole site is one system, rooted at ``root_doc``.",
    ),
    Setting(
        "bml_general_index",
        2,
        _count(0, 2),
        "env",
        "``2``",
        "sequences of at most this many calls (passes not counted) get an entry in the general index; ``0`` for none.",
    ),
    # -- the convention card: alerts, dispositions, abbreviations
    Setting(
        "bml_alert_prefix",
        None,
        _alert_prefix,
        "env",
        "``None``",
        'a meaning that starts with this text marks its call alertable, and the prefix leaves the text: with ``"!"``, '
        "``2D  !Multi`` is ``2D ! Multi``. ``None``: only the mark of its own (``2D ! Multi``) counts.",
    ),
    Setting(
        "bml_bboalert_alerts_only",
        False,
        _yes_or_no,
        "",
        "``False``",
        "the ``bboalert`` builder writes records only for the calls marked alertable: natural calls are not "
        "alerted at the table, and BBOalert alerts every call it has a record for.",
    ),
    Setting(
        PRACTICE_SETTING,
        [],
        _practice_set,
        "",
        "``[]``",
        "a practice set: sequences as the notes write them, such as ``"
        + _PRACTICE_EXAMPLE
        + "``. The ``bboalert`` builder adds to the file a button for each, grouped by opening, that puts a "
        "dealer script of the sequence into the deal source of a practice table on Bridge Base Online: every "
        "board is then one the notes bid so. See :doc:`bboalert`.",
        types=(list, tuple),
    ),
    Setting(
        "bml_bss_dispositions",
        False,
        _yes_or_no,
        "",
        "``False``",
        "the ``bss`` builder gives each record the disposition that the standard abbreviations of its meaning name "
        "(``F``, ``NF``, ``INV``, ``GF``, ``S/O``, ``PRE``, ``TRF``...), when they name exactly one; ``False``: "
        "``0`` (no agreement), as ``bml2bss`` writes.",
    ),
    Setting(
        "bml_abbreviations",
        {},
        _abbreviations,
        "env",
        "``{}``",
        'abbreviations shown with their meaning (``<abbr title>`` in HTML) in prose and meanings: ``"wbf"`` for the '
        "standard list (about 90, from ``F`` and ``NF`` to ``RKCB`` and ``UDCA``), or a dict such as "
        '``{"F": "forcing", "MSS": "minor suit Stayman"}``. ``.. bml-glossary::`` lists those the site uses.',
        types=(dict, str),
    ),
    # -- drawing the tables: hand conditions, folding
    Setting(
        "bml_show_conditions",
        True,
        _yes_or_no,
        "env",
        "``True``",
        "show each row's hand condition (``{{ 15-17 hcp, balanced }}``) in plain words on a small line under its "
        "meaning (HTML, PDF and text); ``False``: the conditions are used for practice only.",
    ),
    Setting(
        "bml_collapsible",
        False,
        _yes_or_no,
        "html",
        "``False``",
        "in HTML, each row with answers can be folded and unfolded with a click (all open when the page opens, "
        "no JavaScript). A directive's ``:collapsible:`` or ``:no-collapsible:`` wins.",
    ),
    Setting(
        "bml_changed_since",
        "",
        _earlier_version,
        "env",
        "``''``",
        "the path (from the folder of ``conf.py``) of an earlier version of the notes, a ``.bss`` or ``.bml`` "
        "file such as what partner last learned: in HTML, the rows whose sequence was added or changed since "
        "that version are marked *changed* in the tables (class ``bml-changed-since``); LaTeX and text show no "
        "mark. See ``.. bml-changes::`` for the list of the changes.",
    ),
    # -- the playground
    Setting(
        "bml_playground_pyodide",
        "",
        _text,
        "html",
        '``""``',
        "the folder (from the folder of ``conf.py``) holding the files of Pyodide, Python for web browsers, from "
        "the ``pyodide`` package of npm (the folder with ``pyodide.mjs``): the HTML build copies what the "
        "``.. bml-playground::`` pages need (about 13 MB) into ``_static/bml-playground/``, only when the site "
        "has such a page. Empty or without those files: the pages show the notes and say the playground is "
        "not available, with a ``bml.playground`` warning.",
    ),
)


def add_settings(app: Sphinx) -> None:
    """Declare every setting of :data:`SETTINGS`."""
    for setting in SETTINGS:
        app.add_config_value(setting.name, setting.default, setting.rebuild, types=setting.types)


def check_settings(app: Sphinx, config: Config) -> None:
    """``config-inited``: a setting that cannot work is reported, at its line
    of ``conf.py`` when it is written there, and replaced by its default."""
    conf_py = Path(app.confdir) / "conf.py" if app.confdir else None
    for setting in SETTINGS:
        value = config[setting.name]
        wanted = setting.check(value)
        if wanted is None:
            continue
        default = setting.default_for(config)
        warn(
            Kind.CONFIG,
            f"{setting.name} = {value!r} in conf.py: write {wanted}; {default!r} is used",
            _line_of(conf_py, setting.name),
        )
        config[setting.name] = default


def setting_location(app: Sphinx, name: str) -> str | None:
    """Where the setting ``name`` is written: ``conf.py:LINE`` (``None`` when it is not written there)."""
    return setting_written_at(app.confdir, name)


def setting_written_at(confdir: str | Path | None, name: str) -> str | None:
    """Where the setting ``name`` is written in the ``conf.py`` of ``confdir`` (a builder knows its folder)."""
    return _line_of(Path(confdir) / "conf.py" if confdir else None, name)


def _line_of(conf_py: Path | None, name: str) -> str | None:
    """``conf.py:LINE`` where ``name`` is set; ``None`` when it is not set in
    ``conf.py`` (but with ``-D`` on the command line)."""
    if conf_py is None or not conf_py.is_file():
        return None
    assignment = re.compile(rf"^{re.escape(name)}\s*(:[^=]*)?=")
    lines = conf_py.read_text(encoding="utf-8", errors="replace").splitlines()
    number = next((index for index, line in enumerate(lines, 1) if assignment.match(line)), None)
    return f"{conf_py}:{number}" if number else None


def leave_out(config: Config, names: list[str]) -> None:
    """Add files to ``exclude_patterns`` (on ``config-inited``, before Sphinx looks
    for documents), each by its path from the documentation folder, as a pattern
    that matches just that file (:func:`pattern_of`)."""
    config.exclude_patterns = [*config.exclude_patterns, *map(pattern_of, names)]


def pattern_of(name: str) -> str:
    """A pattern of ``exclude_patterns`` or ``include_patterns`` that matches the path ``name``
    only, even when it holds ``*``, ``?`` or ``[``: each in brackets, ``[`` after a NUL, which no
    path holds (a set that starts with ``[`` makes Python's ``re`` warn of a nested set)."""
    return "".join(_LITERALLY.get(char, char) for char in name)


_LITERALLY = {"*": "[*]", "?": "[?]", "[": "[\x00[]"}


def site_systems(config: Config) -> list[tuple[str, str]]:
    """The systems of the site, as (name, root document), in the order
    ``bml_systems`` gives them; ``[("", root_doc)]`` when it is empty."""
    systems: dict[str, str] = config.bml_systems
    return list(systems.items()) or [("", str(config.root_doc))]


def site_abbreviations(config: object) -> dict[str, str]:
    """The abbreviations ``bml_abbreviations`` asks for (none by default)."""
    return known_abbreviations(getattr(config, "bml_abbreviations", {}))
