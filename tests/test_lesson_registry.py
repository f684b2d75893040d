"""Issue 34 item 2: lessons found through the registry.  A lesson file names no Python module: the functions its
screens name are registered under the game's name (the entry-point group ``pirates_lab.lesson_demos``), so the
rules package never points at its screens."""
from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from pirates_lab.core import games
from pirates_lab.core.data import load_data
from pirates_lab.core.registry import DEMOS_GROUP, refresh, registered
from pirates_lab.widgets.lesson_demos import demos_for
from pirates_lab.widgets.lesson_model import Lesson, LessonError

ROOT = Path(__file__).resolve().parents[1]
PLUGIN = Path(__file__).resolve().parent / "plugin"
LESSON_FILES = sorted([*ROOT.glob("pirates_lab/*/data/*.toml"), *ROOT.glob("widgets/data/*.toml"),
                       *ROOT.glob("tests/data/*.toml"), *PLUGIN.glob("*/data/*.toml")])


def test_no_lesson_file_names_a_python_module():
    lessons = [path for path in LESSON_FILES if "screen" in load_data("", path)]
    assert len(lessons) >= 9                                  # five games, dice basics, strategy lab, demo, plug-in
    for path in lessons:
        data = load_data("", path)
        assert "scenarios" not in data, path
        named = [value for value in data.values() if isinstance(value, str) and value.startswith("pirates_lab.")]
        assert named == [], path


@pytest.mark.parametrize("game", list(games()))
def test_every_game_lesson_finds_its_demos_by_the_games_name(game):
    lesson = Lesson.for_game(game)
    assert lesson.demos_name == game
    assert lesson.scenarios is importlib.import_module(registered(DEMOS_GROUP)[game])
    package = sys.modules[f"pirates_lab.{game}"]
    assert not any(name.startswith(("ipywidgets", "ipycanvas")) for name in vars(package))


def test_a_game_package_imports_no_jupyter():
    """The rules packages stay free of Jupyter: importing every game (and its lesson helpers) loads no widget."""
    code = ("import sys; from pirates_lab.core import games; [g for g in games()];"
            "import importlib; [importlib.import_module(f'pirates_lab.{n}.lessons') for n in games()"
            " if importlib.util.find_spec(f'pirates_lab.{n}.lessons')];"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'ipycanvas', 'bqplot')))")
    import subprocess
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "[]"


def test_a_screen_naming_a_function_nobody_registered_is_refused_in_plain_words(tmp_path):
    path = tmp_path / "coins.toml"
    path.write_text('title = "Coins"\nminutes = 5\nlevel = "any age"\n[[screen]]\ntitle = "Heads"\n'
                    'demo = "flip_a_coin"\n', encoding="utf-8")
    with pytest.raises(LessonError, match="'flip_a_coin' is not one of the demos of 'coins' \\(none are registered\\)"):
        Lesson(path)
    assert demos_for("coins") is None


def test_a_plugin_registers_its_own_demos(monkeypatch):
    monkeypatch.syspath_prepend(str(PLUGIN))
    refresh()
    try:
        assert registered(DEMOS_GROUP)["skull_dice"] == "skull_dice.lessons"
        module = demos_for("skull_dice")
        assert module.__name__ == "skull_dice.lessons"
        assert not any(name.startswith("ipywidgets") for name in vars(module))
    finally:
        monkeypatch.undo()
        for name in [m for m in sys.modules if m == "skull_dice" or m.startswith("skull_dice.")]:
            del sys.modules[name]
        refresh()
