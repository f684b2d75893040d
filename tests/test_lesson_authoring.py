"""Issue 34 item 3: a teacher's own lesson in TOML alone.  Built-in demos with parameters, answers written as
calculator expressions in the words of ``pirates-lab odds`` (computed by the lab, never typed), ``lesson new GAME``
and ``lesson check FILE`` (every problem, each with its line number).  Every value here is counted another way."""
from __future__ import annotations

import itertools
import textwrap
from fractions import Fraction
from pathlib import Path

import ipywidgets as widgets
import pytest

from pirates_lab import cli
from pirates_lab.core import Dist, InvalidInput, games
from pirates_lab.core.loop import play
from pirates_lab.core.registry import game_class
from pirates_lab.widgets.canvas import BoardCanvas
from pirates_lab.widgets.lesson import LessonView, show_value, visible_text
from pirates_lab.widgets.lesson_calc import answer_value, built_in_demo, calculator_readings
from pirates_lab.widgets.lesson_check import check_file
from pirates_lab.widgets.lesson_model import Lesson, LessonError

TOP = 'title = "Two dice"\nminutes = 10\nlevel = "any age"\n'


def write(folder: Path, text: str, name: str = "lesson.toml") -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


# ---------------------------------------------------------------- answers in calculator words
def test_a_dice_answer_is_the_count_of_the_36_rolls():
    nine_or_more = sum(1 for a, b in itertools.product(range(1, 7), repeat=2) if a + b >= 9)
    assert answer_value("dice 2d6 --at-least 9") == Fraction(nine_or_more, 36) == Fraction(5, 18)
    assert answer_value("dice 3d6 --exactly 10") == Fraction(sum(1 for r in itertools.product(range(1, 7), repeat=3)
                                                                 if sum(r) == 10), 216)


def test_a_deck_answer_is_the_count_of_the_hands():
    deck = ["ace"] * 4 + ["other"] * 8                    # a small deck, every hand listed
    hands = list(itertools.combinations(range(12), 3))
    with_an_ace = sum(1 for hand in hands if any(deck[i] == "ace" for i in hand))
    assert answer_value("deck 12 --marked 4 --draw 3 --at-least 1") == Fraction(with_an_ace, len(hands))
    chart = built_in_demo("deck 12 --marked 4 --draw 3")
    assert isinstance(chart, Dist) and sum(p for _, p in chart.items()) == 1
    assert chart.probability(lambda k: k == 0) == Fraction(len(hands) - with_an_ace, len(hands))


def test_a_game_calculator_is_read_by_the_words_of_its_line():
    readings = calculator_readings("melee 1 1")
    assert len(readings) == 2 and sum(r.value for r in readings) == 1      # one side wins
    # one crewman each: the attacker wins a round with a higher die: 15 of the 36 rolls (ties to the defender)
    assert answer_value("melee 1 1", read="attacker wins") == Fraction(15, 36)
    with pytest.raises(InvalidInput, match="gives 2 numbers; say which with read"):
        answer_value("melee 1 1")
    with pytest.raises(InvalidInput, match="no line of its answer say 'the parrot'"):
        answer_value("melee 1 1", read="the parrot")


def test_a_whole_number_the_calculator_prints_is_read_too():
    # Plunder (2013), 4 pirates, 6 cards a kind: the 5 island, marker and trap cards you do not hold are dealt
    # one each to the 3 others, in 5 * 4 * 3 ways per kind
    assert answer_value("deals", read="cannot tell apart") == (5 * 4 * 3) ** 3 == 216_000
    assert answer_value("deals", read="one rival") == Fraction(1, 5 ** 3)


@pytest.mark.parametrize("expression, said", [
    ("dice 2d6 --at-least x", "invalid int value: 'x'"),
    ("dice 2d6 --at-leat 9", "unrecognized arguments: --at-leat 9"),
    ("dise 2d6", "'dise' is not a calculator"),
    ("dice 2d6 'open", "a quote is not closed"),
    ("deck 10 --marked 11 --draw 2 --at-least 1", "the marked cards and the cards drawn are 0 to 10"),
    ("deck 52 --marked 4 --draw 5", "add --at-least N"),
    ("melee 1 1 --help", "prints help, not a number"),
])
def test_an_answer_that_does_not_compute_is_said_in_plain_words(expression, said):
    with pytest.raises(InvalidInput, match=said.replace("(", r"\(")) as caught:
        answer_value(expression)
    assert "Traceback" not in str(caught.value) and "\n" not in str(caught.value)


# ---------------------------------------------------------------- built-in demos
def test_the_built_in_demos_build(tmp_path):
    assert built_in_demo("dice 2d6").probability(lambda t: t == 7) == Fraction(6, 36)
    table = built_in_demo("odds melee 2 1")
    assert set(map(type, table.values())) == {Fraction} and sum(table.values()) == 1
    shown = show_value(table, "A mêlée")
    assert "%" in visible_text(shown) and "Fraction" not in visible_text(shown)
    with pytest.raises(InvalidInput, match="the built-in demos are dice, deck, odds, position"):
        built_in_demo("roll 2d6")


def test_a_position_from_a_saved_game_is_drawn_as_the_game_draws_it(tmp_path):
    game = game_class("plunder_2013")()
    walk = play(game.new_initial_state(), rng=3, decisions=4)
    walk.run()
    assert walk.reached                                              # four computer moves into the game
    (tmp_path / "saved.json").write_text(walk.state.to_json(), encoding="utf-8")
    lesson = Lesson(write(tmp_path, '''
        game = "plunder_2013"
        minutes = 10
        level = "any age"
        [[screen]]
        kind = "game"
        title = "A table in play"
        text = "The position of a saved game."
        demo = "position saved.json --seat 2"
    '''))
    board = lesson.demo(lesson.screens[0])
    assert isinstance(board, BoardCanvas) and board.painted("board")
    (tmp_path / "saved.json").write_text("{broken", encoding="utf-8")
    view = LessonView(lesson, presenter=False)                      # the class sees the message, the screen stays
    assert "save" in visible_text(view.content).lower() and "Traceback" not in visible_text(view.content)


def test_draw_operations_from_a_game_helper_become_a_picture():
    from pirates_lab.widgets.drawing import Drawing
    ops = Drawing().rect(10, 10, 200, 80, fill="#ccc").text("Port Royal", 20, 50).ops
    board = show_value(ops)
    assert isinstance(board, BoardCanvas) and board.width >= 210 and board.height >= 90


# ---------------------------------------------------------------- the lesson file
def test_a_lesson_with_calculator_answers_is_taught_and_checked(tmp_path):
    lesson = Lesson(write(tmp_path, TOP + '''
        [[screen]]
        title = "Nine or more"
        demo = "dice 2d6"
        why = "10 of the 36 rolls total 9 or more."
        [screen.question]
        prompt = "What is the chance that two dice total 9 or more?"
        answer = "dice 2d6 --at-least 9"
    '''))
    assert lesson.answers() == {"screen 1 'Nine or more'": Fraction(10, 36)}
    view = LessonView(lesson, presenter=False)
    assert view.question.check("10/36") is True and view.question.check("25%") is False


@pytest.mark.parametrize("typed", ['"5/18"', "0.2778", '"27.78 %"', "10"])
def test_an_answer_typed_by_hand_is_refused(tmp_path, typed):
    with pytest.raises(LessonError, match="typed by hand"):
        Lesson(write(tmp_path, TOP + f'[[screen]]\ntitle = "T"\ntext = "x"\n[screen.question]\nprompt = "p?"\n'
                                     f'answer = {typed}\n'))


BROKEN = TOP.replace('title = "Two dice"', 'game = "plunder_2013"') + '''
[[screen]]
kind = "game"
title = "The game"
text = "Find the treasure."

[[screen]]
kind = "rule"
heading = "Set up"
why = "Because."

[[screen]]
title = "Two dice"
demo = "dice 2d6"
why = "Count them."

[screen.question]
prompt = "Nine or more?"
answer = "dice 2d6 --at-least nine"

[[screen]]
title = "A deck"
demo = "shuffle 52"
text = "A deck."
'''


def test_lesson_check_reports_every_problem_with_its_line(tmp_path):
    problems = check_file(write(tmp_path, BROKEN))
    assert [p.line for p in problems] == [12, 22, 26]     # the heading, the answer, the demo
    assert "Plunder (2013) has no section headed 'Set up'" in problems[0].message
    assert "screen 2 'Set up'" in problems[0].message
    assert "'dice 2d6 --at-least nine' does not compute: argument --at-least: invalid int value: 'nine'" \
        in problems[1].message
    assert "demo 'shuffle 52' is not one of the demos registered for 'plunder_2013'" in problems[2].message
    assert "built-in demo (dice, deck, odds, position)" in problems[2].message


def test_lesson_check_says_where_a_file_is_not_toml(tmp_path):
    (problem,) = check_file(write(tmp_path, TOP + '[[screen]]\ntitle = "T\n'))
    assert problem.line == 5 and "is not a lesson file" in problem.message


def test_the_cli_checks_a_file_and_exits_1_on_problems(tmp_path, capsys):
    path = write(tmp_path, BROKEN)
    assert cli.main(["lesson", "check", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "lesson.toml: 3 problems" and "  line 12: screen 2 'Set up'" in out
    assert cli.main(["lesson", "check", str(tmp_path / "none.toml")]) == 2


@pytest.mark.parametrize("game", list(games()))
def test_lesson_new_writes_a_file_that_passes_the_check(tmp_path, capsys, game):
    out = tmp_path / "mine.toml"
    assert cli.main(["lesson", "new", game, "--out", str(out)]) == 0
    assert check_file(out) == []
    assert cli.main(["lesson", "new", game, "--out", str(out)]) == 2           # never over a file
    assert "exists" in capsys.readouterr().err
    lesson = Lesson(out)
    assert [s.kind for s in lesson.screens] == ["game", "rule", "calculator"]
    assert lesson.answers() == {"screen 3 'Two dice'": Fraction(5, 18)}


def test_a_screen_shows_a_built_in_demo_in_the_view(tmp_path):
    lesson = Lesson(write(tmp_path, TOP + '[[screen]]\ntitle = "Draw five"\ndemo = "deck 52 --marked 4 --draw 5"\n'
                                          'label = "Aces in a hand of five"\n'))
    view = LessonView(lesson, presenter=False)
    text = visible_text(view.content)
    assert "Aces in a hand of five" in text and "Dist" not in text
    assert any(isinstance(w, widgets.Widget) for w in view.content.children)


SHIPPED = sorted([*Path(__file__).resolve().parents[1].glob("pirates_lab/*/data/lessons.toml"),
                  *Path(__file__).resolve().parents[1].glob("widgets/data/*.toml")])


@pytest.mark.parametrize("path", SHIPPED, ids=[p.parent.parent.name if p.name == "lessons.toml" else p.stem
                                               for p in SHIPPED])
def test_every_shipped_lesson_passes_the_teachers_check(path):
    """What a teacher runs on a copy of a shipped lesson passes on the lesson itself (its demos found by name)."""
    assert check_file(path) == []


def test_classroom_serves_a_lesson_file_on_the_generic_page_after_checking_it(tmp_path, capsys):
    good = tmp_path / "mine.toml"
    assert cli.main(["lesson", "new", "plunder_2013", "--out", str(good)]) == 0
    assert cli.main(["classroom", str(good), "--dry-run", "--port", "0"]) == 0
    command, url = capsys.readouterr().out.strip().splitlines()[-2:]
    assert "any_lesson.ipynb" in command and url.startswith("http://127.0.0.1:")
    assert cli.main(["classroom", str(good), "--share", "--dry-run"]) == 2
    assert "--share takes a lesson with a notebook" in capsys.readouterr().err
    broken = write(tmp_path, BROKEN, "broken.toml")
    assert cli.main(["classroom", str(broken), "--dry-run"]) == 2
    err = capsys.readouterr().err
    assert "cannot be served yet: line 12: screen 2 'Set up'" in err and "pirates-lab lesson check" in err
    assert cli.main(["classroom", str(tmp_path / "none.toml"), "--dry-run"]) == 2
    assert "no lesson file at" in capsys.readouterr().err
