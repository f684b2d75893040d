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
    with pytest.raises(LessonError, match="'flip_a_coin' is not one of the demos registered for 'coins' \\(there are none\\)"):
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


def test_the_plugins_lesson_has_a_link_in_the_menu_and_opens_on_the_generic_page(monkeypatch):
    from pirates_lab.classroom import available_lessons, lesson_path
    from pirates_lab.widgets.lesson import LessonView, visible_text
    from pirates_lab.widgets.lesson_page import served_lesson_view
    from pirates_lab.widgets.menu import lesson_menu

    monkeypatch.syspath_prepend(str(PLUGIN))
    refresh()
    try:
        source = PLUGIN / "skull_dice" / "data" / "lessons.toml"
        assert available_lessons()["skull_dice"] == source == lesson_path("skull_dice")
        assert "href='any_lesson.ipynb?lesson=skull_dice'" in lesson_menu().value
        monkeypatch.setenv("QUERY_STRING", "lesson=skull_dice&large=1")
        view = served_lesson_view(presenter=False)
        assert isinstance(view, LessonView) and view.counter_text() == "1 / 2"
        view.next_button.click()
        assert "Rolls in a row without the skull" in visible_text(view.content)
        assert view.question.check("1/3") is True                      # the 5 and the 6: 2 of the 6 faces
    finally:
        monkeypatch.undo()
        for name in [m for m in sys.modules if m == "skull_dice" or m.startswith("skull_dice.")]:
            del sys.modules[name]
        refresh()


def test_the_generic_page_serves_the_file_the_classroom_names(tmp_path, monkeypatch):
    from pirates_lab.widgets.lesson import LessonView
    from pirates_lab.widgets.lesson_page import LESSON_FILE_ENV, served_lesson_view

    path = tmp_path / "mine.toml"
    path.write_text('title = "Mine"\nminutes = 5\nlevel = "any age"\n[[screen]]\ntitle = "One"\ntext = "Hello."\n',
                    encoding="utf-8")
    monkeypatch.setenv(LESSON_FILE_ENV, str(path))
    monkeypatch.delenv("QUERY_STRING", raising=False)
    view = served_lesson_view(presenter=False)
    assert isinstance(view, LessonView) and view.lesson.path == path
    path.write_text('title = "Mine"\n', encoding="utf-8")                   # broken after the check: said in place
    assert "minutes = N is missing" in served_lesson_view(presenter=False).value
