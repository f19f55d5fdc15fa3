"""Every setting is declared once, and a value that cannot work is a located
``bml.config`` warning, the default used, never a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sphinx.testing.util import SphinxTestApp

from sphinx_bml.sphinx.config import SETTINGS
from tests.support import located_warnings

#: For each setting, values a user might write that cannot work.
BAD_VALUES: dict[str, list[Any]] = {
    "bml_tree": ["yes", 1, None],
    "bml_indentation": [0, -2, "two", 2.5, True, "None"],
    "bml_four_colour": ["no", None],
    "bml_exclude_included": ["True", None],
    "bml_bss_name": [42, None],
    "bml_bss_summary": [["a"], None],
    "bml_bss_filename": ["..", ".", "", "a/b.bss", "a\\b.bss", None, 7],
    "bml_bboalert_filename": ["..", "x/y.txt", None],
    "bml_general_index": ["two", None, -1, 1.5, False],
    "bml_systems": ["wj", ["wj"], {"a/b": "wj"}, {"wj": 3}, {"wj": ""}, {"WJ": "wj", "wj": "blue"}, {"..": "wj"}],
    "bml_alert_prefix": ["", " !", 1, True],
    "bml_bboalert_alerts_only": ["yes", None],
    "bml_bboalert_practice": ["1N-2C", None, {"1N": "2C"}, [1], ["1N-1C"], ["1N-2X"], ["1N-2C", "1NT-2C"]],
    "bml_bss_dispositions": [1, None],
    "bml_abbreviations": ["WBF", ["F"], {"F": 1}, {"S O": "sign-off"}, {"": "nothing"}, None],
    "bml_show_conditions": ["yes", 1],
    "bml_collapsible": ["no", None],
    "bml_changed_since": ["learned.pdf", "learned/", 3, None, ["a.bss"]],
    "bml_playground_pyodide": [None, 3, ["node_modules/pyodide"]],
}


def test_every_setting_is_declared_once_and_tested() -> None:
    names = [setting.name for setting in SETTINGS]
    assert len(names) == len(set(names))
    assert set(names) == set(BAD_VALUES)
    assert all(name.startswith("bml_") for name in names)


@pytest.mark.parametrize(
    ("name", "value"), [(name, value) for name, values in BAD_VALUES.items() for value in values], ids=repr
)
def test_a_bad_value_is_a_located_warning_and_the_default_is_used(
    make_app: type[SphinxTestApp], tmp_path: Path, name: str, value: Any
) -> None:
    (tmp_path / "conf.py").write_text(
        f'project = "Kestrel Precision"\nextensions = ["sphinx_bml"]\n\n{name} = {value!r}\n', encoding="utf-8"
    )
    (tmp_path / "index.rst").write_text("Notes\n=====\n\n.. bml::\n\n   1N  15-17\n", encoding="utf-8")
    app = make_app("html", srcdir=tmp_path)
    app.build()
    setting = next(setting for setting in SETTINGS if setting.name == name)
    assert app.config[name] == setting.default_for(app.config)
    (warning,) = located_warnings(app)
    assert warning[:3] == ("conf.py", 4, "bml.config")
    assert warning[3].startswith(f"{name} = {value!r} in conf.py: write ")


def test_good_values_give_no_warning(make_app: type[SphinxTestApp], tmp_path: Path) -> None:
    (tmp_path / "conf.py").write_text(
        'extensions = ["sphinx_bml"]\nbml_indentation = 4\nbml_general_index = 0\nbml_tree = False\n'
        'bml_bss_filename = "wj.bss"\nbml_alert_prefix = "!"\nbml_abbreviations = "wbf"\n'
        "bml_bss_dispositions = True\nbml_bboalert_alerts_only = True\n"
        'bml_bboalert_practice = ["1N-2C", "1C-(1S)-D", "(1H)-2H"]\n',
        encoding="utf-8",
    )
    (tmp_path / "index.rst").write_text("Notes\n=====\n", encoding="utf-8")
    app = make_app("html", srcdir=tmp_path)
    app.build()
    assert app.warning.getvalue() == ""
    assert (app.config.bml_indentation, app.config.bml_general_index) == (4, 0)
