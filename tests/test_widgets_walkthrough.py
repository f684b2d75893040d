"""The kit Walkthrough: a lesson TOML file on a real rulebook (Plunder (2013), five sections).

The demo lesson is tests/data/walkthrough_demo.toml with its scenarios in tests/walkthrough_demo.py.
Every answer is checked against an independent computation; a broken demo, a changed answer
function, a literal answer, a wrong heading or order each make something fail.
"""
from __future__ import annotations

import itertools
import textwrap
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest

import walkthrough_demo as demo
from pirates_lab.core import InvalidInput, games
from pirates_lab.core.rules import rulebook
from pirates_lab.widgets.walkthrough import LessonError, Walkthrough, display_value, visible_text

LESSON = Path(__file__).parent / "data" / "walkthrough_demo.toml"
GAME = "plunder_2013"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "lesson.toml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def one_step(tmp_path: Path, step: str, scenarios: str = 'scenarios = "walkthrough_demo"') -> Path:
    return write(tmp_path, f'game = "{GAME}"\n{scenarios}\n[[step]]\n' + textwrap.dedent(step))


def stepper_at(heading: str):
    stepper = Walkthrough(LESSON).stepper()
    stepper.go([s.title for s in stepper.steps].index(heading))
    return stepper


# ---------------------------------------------------------------- the demo lesson
def test_the_demo_lesson_has_one_step_per_heading_in_printed_order():
    lesson = Walkthrough(LESSON)
    assert [spec.heading for spec in lesson.specs] == rulebook(GAME).headings
    assert len(lesson.specs) == 5
    assert lesson.coverage() == []
    assert [step.title for step in lesson.steps()] == rulebook(GAME).headings


def test_every_answer_equals_an_independent_computation():
    answers = {name.split("'")[1]: value for name, value in Walkthrough(LESSON).answers().items()}

    def per_category(avoid_clue_for_pirate_1: bool) -> int:
        """Assignments of 3 distinct cards out of the 5 I do not hold to pirates 1, 2, 3."""
        return sum(1 for cards in itertools.permutations(range(5), 3)
                   if not (avoid_clue_for_pirate_1 and cards[0] == 0))   # card 0 stands for the clue

    assert answers["Setup"] == per_category(False) ** 3 == 216_000
    assert answers["How to Play"] == 1 - Fraction(4, 5) ** 3 == Fraction(61, 125)
    assert answers["Using the Solution Grids"] == per_category(True) ** 3 == 110_592
    assert answers["Digging Up Treasure"] == 16                      # 4 captains x 4 Crew cards
    # Pete (1,1,1) is found by Meg then Bill: Pete keeps 1, Meg +3, Bill +2; Jack finds Meg: +3, Meg keeps 3
    assert demo.final_scores() == {"Sneaky Pete": 1, "Peg-Leg Meg": 6, "Barnacle Bill": 8, "One-Eyed Jack": 9}
    assert answers["Game End and Scoring"] == "One-Eyed Jack"


def test_check_all_builds_every_demo_and_answer():
    assert Walkthrough(LESSON).check_all() == []


# ---------------------------------------------------------------- broken demos and answers
def test_a_demo_that_raises_fails_check_all_naming_the_step(monkeypatch):
    def broken():
        raise ValueError("the grid fell overboard")

    monkeypatch.setattr(demo, "nay_day", broken)
    with pytest.raises(LessonError, match=r"step 3 'Using the Solution Grids'.*the grid fell overboard"):
        Walkthrough(LESSON).check_all()


def test_a_broken_demo_shows_its_error_in_place_and_the_rest_still_works(monkeypatch):
    monkeypatch.setattr(demo, "nay_day", lambda: 1 / 0)
    stepper = stepper_at("Using the Solution Grids")
    text = visible_text(stepper.content)
    assert "⚠" in text and "division by zero" in text
    assert "Rules: Plunder (2013) › Using the Solution Grids" in text   # the rule is still shown
    assert stepper.check("110,592") is True                            # and the question still works


def test_an_answer_that_raises_fails_check_all(monkeypatch):
    monkeypatch.setattr(demo, "chance_of_aye", lambda: {}["missing"])
    with pytest.raises(LessonError, match=r"step 2 'How to Play'.*KeyError"):
        Walkthrough(LESSON).check_all()


def test_changing_the_answer_function_changes_the_verdict(monkeypatch):
    stepper = stepper_at("Setup")
    assert stepper.check("216,000") is True
    assert "Right: 216,000." in stepper.feedback.value          # a count, not "21600000.00%"
    assert stepper.check("7") is False
    monkeypatch.setattr(demo, "deals_at_start", lambda: 7)
    stepper = stepper_at("Setup")
    assert stepper.check("7") is True
    assert stepper.check("216,000") is False


def test_a_float_answer_is_refused(monkeypatch):
    monkeypatch.setattr(demo, "chance_of_aye", lambda: 0.488)
    with pytest.raises(LessonError, match="int or a Fraction"):
        Walkthrough(LESSON).check_all()


@pytest.mark.parametrize("typed, ok", [("61/125", True), ("61 / 125", True), ("48.8%", True), ("0.488", True),
                                       ("48.80%", True), ("49%", False), ("0.5", False), ("48.9%", False)])
def test_the_checker_accepts_the_forms_people_type(typed, ok):
    assert stepper_at("How to Play").check(typed) is ok


def test_a_probability_answer_is_worded_percent_first():
    stepper = stepper_at("How to Play")
    assert stepper.check("48.8%") is True
    assert "Right: 48.80% (61/125)." in stepper.feedback.value


def test_a_text_answer_ignores_case_and_spaces():
    stepper = stepper_at("Game End and Scoring")
    assert stepper.check("  one-eyed   JACK ") is True
    assert stepper.check("Barnacle Bill") is False


# ---------------------------------------------------------------- what the page shows
def test_no_step_shows_its_answer_or_a_python_repr():
    lesson = Walkthrough(LESSON)
    stepper = lesson.stepper()
    for index, (spec, value) in enumerate(zip(lesson.specs, lesson.answers().values())):
        stepper.go(index)
        text = visible_text(stepper.content)
        assert spec.prompt in text and "Why:" in text
        if spec.kind == "exact":   # a text answer (a pirate's name) is one of the names shown
            for form in {str(value), f"{value:,}" if isinstance(value, int) else str(value)}:
                assert form not in text.replace(spec.prompt, ""), f"{spec.name} shows its answer {form}"
        for raw in ("Fraction(", "{'", "[(", "<pirates_lab.", "None"):
            assert raw not in text, f"{spec.name} shows {raw!r}: {text[:200]}"


def test_the_quote_replaces_the_full_section_text():
    stepper = stepper_at("Setup")
    text = visible_text(stepper.content)
    assert "Deal an Island, Marker and Trap Map card face down" in text
    assert "Select one of you scurvy dogs" not in text                # the rest of the section is not shown
    assert "Six cards in each category" in text                       # the assumption box


def test_a_demo_that_shows_the_answer_before_the_question_fails_check_all(monkeypatch):
    monkeypatch.setattr(demo, "my_hand", lambda: {"deals left": 216_000})
    with pytest.raises(LessonError, match=r"step 1 'Setup'.*shows the answer \(216,?000\)"):
        Walkthrough(LESSON).check_all()


def test_a_demo_value_that_is_not_for_people_fails_check_all(monkeypatch):
    monkeypatch.setattr(demo, "the_clues", lambda: [object()])
    with pytest.raises(LessonError, match=r"step 2 'How to Play'.*object"):
        Walkthrough(LESSON).check_all()


def test_values_are_shown_for_people():
    text = visible_text(display_value({"chance": Fraction(5, 12), "deals": 216_000, "name": "Pete"}, "Odds"))
    assert "41.67% (5/12)" in text and "216,000" in text and "Pete" in text and "Fraction" not in text


# ---------------------------------------------------------------- the file format
@pytest.mark.parametrize("answer", ["7", "5/12", '"216000"', '"5/12"', "true"])
def test_a_literal_answer_in_the_lesson_is_refused(tmp_path, answer):
    path = one_step(tmp_path, f'''
        heading = "Setup"
        demo = "my_hand"
        why = "Counting deals."
        [step.question]
        prompt = "How many deals?"
        answer = {answer}
        ''') if answer != "5/12" else one_step(tmp_path, '''
        heading = "Setup"
        demo = "my_hand"
        why = "Counting deals."
        [step.question]
        prompt = "How many deals?"
        answer = 0.4167
        ''')
    with pytest.raises(LessonError, match="NAME of a function"):
        Walkthrough(path)


def test_an_unknown_heading_is_refused_naming_it(tmp_path):
    path = one_step(tmp_path, 'heading = "Setup Phase"\ndemo = "my_hand"\nwhy = "x"\n')
    with pytest.raises(InvalidInput, match="Setup Phase"):
        Walkthrough(path)


def test_steps_out_of_printed_order_are_refused(tmp_path):
    path = write(tmp_path, f'''
        game = "{GAME}"
        scenarios = "walkthrough_demo"
        [[step]]
        heading = "How to Play"
        demo = "the_clues"
        why = "x"
        [[step]]
        heading = "Setup"
        demo = "my_hand"
        why = "y"
        ''')
    with pytest.raises(LessonError, match="step 2 'Setup': out of order"):
        Walkthrough(path)


def test_two_steps_for_one_section_are_refused(tmp_path):
    path = write(tmp_path, f'''
        game = "{GAME}"
        scenarios = "walkthrough_demo"
        [[step]]
        heading = "Setup"
        demo = "my_hand"
        why = "x"
        [[step]]
        heading = "Setup"
        demo = "my_hand"
        why = "y"
        ''')
    with pytest.raises(LessonError, match="already has a step"):
        Walkthrough(path)


def test_coverage_lists_the_headings_without_a_step_in_order(tmp_path):
    path = one_step(tmp_path, 'heading = "How to Play"\nintro_only = true\nwhy = "The turn, in short."\n')
    assert Walkthrough(path).coverage() == ["Setup", "Using the Solution Grids", "Digging Up Treasure",
                                            "Game End and Scoring"]


def test_an_intro_step_is_one_line_without_demo_or_question(tmp_path):
    lesson = Walkthrough(one_step(tmp_path, 'heading = "How to Play"\nintro_only = true\nwhy = "The turn."\n'))
    assert lesson.check_all() == []
    stepper = lesson.stepper()
    assert stepper.step.question is None and "The turn." in visible_text(stepper.content)
    with pytest.raises(LessonError, match="no demo and no question"):
        Walkthrough(one_step(tmp_path, 'heading = "Setup"\nintro_only = true\ndemo = "my_hand"\nwhy = "x"\n'))
    with pytest.raises(LessonError, match="one line"):
        Walkthrough(one_step(tmp_path, 'heading = "Setup"\nintro_only = true\nwhy = """a\nb"""\n'))


@pytest.mark.parametrize("step, message", [
    ('heading = "Setup"\nwhy = "x"\n', "demo"),                                            # no demo
    ('heading = "Setup"\ndemo = "my_hand"\n', "why"),                                       # no explanation
    ('heading = "Setup"\ndemo = "no_such_function"\nwhy = "x"\n', "no_such_function"),
    ('heading = "Setup"\ndemo = "my_hand()"\nwhy = "x"\n', "NAME"),
    ('heading = "Setup"\ndemo = "my_hand"\nwhy = "x"\nquote = "Deal two Map cards"\n', "quote"),
    ('heading = "Setup"\ndemo = "my_hand"\nwhy = "x"\nexplain = "typo"\n', "explain"),
    ('heading = "Setup"\noccurrence = 2\ndemo = "my_hand"\nwhy = "x"\n', "Setup"),
    ('heading = "Setup"\ndemo = "my_hand"\nwhy = "x"\n[step.question]\nprompt = "?"\nanswer = "winner"\n'
     'kind = "roughly"\n', "roughly"),
])
def test_bad_steps_are_refused_with_a_sentence(tmp_path, step, message):
    with pytest.raises(LessonError, match=message):
        Walkthrough(one_step(tmp_path, step))


def test_a_missing_scenarios_module_is_refused(tmp_path):
    with pytest.raises(LessonError, match="scenarios"):
        Walkthrough(one_step(tmp_path, 'heading = "Setup"\ndemo = "my_hand"\nwhy = "x"\n', scenarios=""))
    with pytest.raises(LessonError, match="no_such_module"):
        Walkthrough(one_step(tmp_path, 'heading = "Setup"\ndemo = "my_hand"\nwhy = "x"\n',
                             scenarios='scenarios = "no_such_module"'))


def test_scenarios_can_be_given_directly():
    fake = SimpleNamespace(**{name: getattr(demo, name) for name in dir(demo) if not name.startswith("_")})
    fake.deals_at_start = lambda: 5
    lesson = Walkthrough(LESSON, scenarios=fake)
    assert lesson.answers()["step 1 'Setup'"] == 5


LESSON_GAMES = sorted(name for name in games() if (Path(__file__).resolve().parents[1] / "pirates_lab" / name / "data"
                                                   / "lessons.toml").exists())
RAW_TEXT = ("Fraction(", "{'", "[(", "<pirates_lab.", "Shift+Enter", "it/s]")


def test_every_game_has_its_lesson_as_data():
    assert LESSON_GAMES == sorted(name for name, game in games().items() if game.playable)


@pytest.mark.parametrize("game", LESSON_GAMES)
def test_every_game_lesson_builds_and_shows_people_no_repr_no_long_number_no_answer(game):
    """For each game's lessons.toml (screens, or the old walkthrough steps until the game is converted):
    every demo builds, every answer computes, no step shows its own answer before the question
    (check_all), and no demo shows a Python repr or a 16+ digit number."""
    from pirates_lab.core.data import data_path
    from pirates_lab.widgets.lesson import shown_text
    from pirates_lab.widgets.lesson_model import Lesson, is_screen_lesson

    if is_screen_lesson(data_path(game, "lessons.toml")):
        lesson = Lesson.for_game(game)
        assert lesson.check_all(shown_text) == []
        shown = [(screen.name, shown_text(lesson.demo(screen), screen)) for screen in lesson.screens if screen.demo]
    else:
        lesson = Walkthrough.for_game(game)
        assert lesson.check_all() == []
        shown = [(spec.name, visible_text(lesson.demo(spec))) for spec in lesson.specs]
    for name, text in shown:
        assert not [raw for raw in RAW_TEXT if raw in text], (name, text[:200])
        assert not any(len(run) >= 16 for run in "".join(c if c.isdigit() else " " for c in text).split()), name


def test_visible_text_shows_a_folded_fraction_by_its_summary_only():
    import ipywidgets as widgets

    folded = widgets.HTML("P <details class='pl-long-fraction'><summary>41 digits</summary>"
                          "<span>25640628031018554631/28430288029929701376</span></details> end")
    opened = widgets.HTML("<details open><summary>why</summary>because</details>")
    words = [w for w in visible_text(widgets.VBox([folded, opened])).split() if w.strip("\u200b")]
    assert words == ["P", "41", "digits", "end", "why", "because"]
