"""A game from outside pirates_lab plugs in: tests/plugin/skull_dice, registered by its own dist-info.

With ``tests/plugin`` on ``sys.path`` (as ``pip install`` would put it on site-packages), the
entry point in ``skull_dice-0.1.dist-info`` registers the game: it is listed by the CLI and the
classroom menu, cites its own rulebook (found through its package), ships its own lessons, keeps
the protocol, and plays in the strategy lab.  Afterwards the registry is as it was.
"""
import sys
from pathlib import Path

import pytest

from pirates_lab import core
from pirates_lab.core.registry import refresh
from pirates_lab.core.rules import CITATION_PATTERN, resolve_citation, rulebook_file, rulebook_names
from pirates_lab.core.testing import check_protocol

PLUGIN = Path(__file__).resolve().parent / "plugin"


@pytest.fixture
def skull(monkeypatch):
    """The plug-in installed for one test (then removed, and the registry read again)."""
    monkeypatch.syspath_prepend(str(PLUGIN))
    refresh()
    import skull_dice
    yield skull_dice
    monkeypatch.undo()
    for name in [m for m in sys.modules if m == "skull_dice" or m.startswith("skull_dice.")]:
        del sys.modules[name]
    refresh()


def test_an_installed_game_is_registered_from_its_own_metadata(skull):
    assert core.games()["skull_dice"] is skull.Game and core.game_class("Skull Dice") is skull.Game
    assert list(core.games())[-1] == "skull_dice"                  # its order puts it last in menus
    assert core.registry.game_package("skull_dice") == "skull_dice"


def test_it_cites_its_own_rulebook_found_through_its_package(skull):
    assert Path(rulebook_file("skull_dice")) == PLUGIN / "skull_dice" / "data" / "rulebook.txt"
    assert "skull_dice" in rulebook_names() and core.rulebook("skull_dice").title == "Skull Dice"
    assert core.citation("skull_dice", "Banking") == f"Rules: {skull.Game.title} › Banking"
    with pytest.raises(KeyError, match="no section headed"):
        core.cite("skull_dice", "Bankrupt")
    cited = [m for path in PLUGIN.rglob("*.py") for m in CITATION_PATTERN.finditer(path.read_text(encoding="utf-8"))]
    assert len(cited) >= 3
    for match in cited:                                            # every citation in the plug-in is real
        assert resolve_citation(match["game"].strip(), match["heading"])[0] == "skull_dice"


def test_it_keeps_the_protocol_and_its_refusals_cite_its_rules(skull):
    finals = check_protocol(skull.Game(players=3), seeds=range(12))
    assert all(max(f.hoards) >= skull.GOAL for f in finals)
    state = skull.Game(players=2).new_initial_state()
    error = core.testing.refused(state, skull.Bank(0), skull.RULE_TURN)
    assert "Allowed: roll" in error.reason


def test_it_is_listed_by_the_cli_and_the_classroom_menu(skull, capsys):
    from pirates_lab import cli
    from pirates_lab.widgets.menu import menu_rows
    assert cli.main(["classroom", "--list"]) == 0
    assert "skull_dice" in capsys.readouterr().out
    row = next(row for row in menu_rows() if row.name == "skull_dice")
    assert (row.title, row.description, row.file) == ("Skull Dice", skull.Game.description, None)  # no notebook: listed anyway


def test_its_lessons_come_from_its_package(skull):
    from pirates_lab.widgets.lesson import LessonView, shown_text, visible_text
    from pirates_lab.widgets.lesson_model import Lesson
    lesson = Lesson.for_game("skull_dice")
    assert lesson.path == PLUGIN / "skull_dice" / "data" / "lessons.toml"
    assert lesson.title == "Skull Dice: when to stop rolling" and lesson.coverage() == []
    assert [s.kind for s in lesson.screens] == ["game", "rule", "reference", "reference", "reference"]
    assert lesson.check_all(shown_text) == []
    view = LessonView(lesson, start="Your Turn", presenter=False)          # the one lesson view shows it
    assert "A roll of 1 is the skull" in visible_text(view.content) and view.counter_text() == "2 / 2"


def test_it_plays_in_the_strategy_lab(skull):
    from pirates_lab.lab import answer, policies_for, tips, tournament
    assert set(policies_for("skull_dice")) == {"random", "search", "cautious"}
    results = tournament("skull_dice", ["cautious", "random"], games=16, seed=3, progress=False)
    again = tournament("skull_dice", ["cautious", "random"], games=16, seed=3, progress=False)
    assert results.scores == again.scores and results.capped == 0 and sum(map(sum, results.returns)) == 16
    searched = tournament(skull.Game(players=2, max_turns=3), ["search", "random"], games=2, progress=False)
    assert searched.games == 2
    (tip,) = tips("skull_dice")
    assert tip.title == "Skull Dice" and answer(tip, games=8).results.games == 8


def test_the_architecture_checks_pass_with_another_game_installed(skull):
    import test_architecture
    test_architecture.test_every_game_package_is_registered_and_exports_game_and_state()
    assert "skull_dice" in core.games() and "skull_dice" not in test_architecture.GAME_FOLDERS


def test_uninstalling_leaves_the_registry_as_it_was(skull, monkeypatch):
    assert "skull_dice" in core.games()
    monkeypatch.undo()
    del sys.modules["skull_dice"]
    refresh()
    assert "skull_dice" not in core.games() and "skull_dice" not in rulebook_names()
