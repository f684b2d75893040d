"""The lesson kit in plain pytest: the Lesson/Screen model read from TOML, the screen view (counter, Back /
Next, contents, ?screen=, Reset, teacher notes) and feedback that teaches (empty, range, higher/lower,
"Show the answer and why" after two wrong tries).  The demo lesson is Plunder (2013)'s rulebook with the
scenarios of tests/lesson_demo.py (the demo lesson tests/data/lesson_demo.toml); every value checked here is computed another way."""
from __future__ import annotations

import ast
import itertools
import re
import textwrap
from fractions import Fraction
from pathlib import Path

import ipywidgets as widgets
import pytest
from hypothesis import given
from hypothesis import strategies as st

import lesson_demo as demo
from pirates_lab.core import games
from pirates_lab.core.rules import rulebook
from pirates_lab.widgets.lesson import LessonView, QuestionView, lesson_view, page_options, show_value, shown_text
from pirates_lab.widgets.lesson_model import CLASS_LIMIT, LessonError, developer_words, lesson_file, shows_answer
from pirates_lab.widgets.lesson_model import Lesson as LessonModel
from pirates_lab.widgets.numbers import parse_answer
from pirates_lab.widgets.questions import Question, number_text, unit_of
from pirates_lab.widgets.shown import table_html
from pirates_lab.widgets.lesson import visible_text
from event_loops import run_in_own_loop

GAME = "plunder_2013"
HEADINGS = rulebook(GAME).headings          # Setup, How to Play, Using the Solution Grids, Digging…, Game End…
TOP = f'game = "{GAME}"\nminutes = 20\nlevel = "any age"\n'
GAME_SCREEN = '[[screen]]\nkind = "game"\ntitle = "The game"\ntext = "Find the treasure."\n'


class Lesson(LessonModel):
    """The model with the demo lesson's functions (tests/lesson_demo.py) in place of the game's registered demos
    (a lesson file names no module; a test hands its functions over in Python); ``named`` and ``for_game`` are the
    shipped lessons with their registered demos."""

    def __init__(self, path, **options):
        options.setdefault("scenarios", demo)
        super().__init__(path, **options)

    named = LessonModel.named
    for_game = LessonModel.for_game


def write(tmp_path: Path, body: str, top: str = TOP) -> Path:
    path = tmp_path / "lesson.toml"
    path.write_text(top + textwrap.dedent(body), encoding="utf-8")
    return path


def rule(heading: str, extra: str = "") -> str:
    return f'[[screen]]\nkind = "rule"\nheading = "{heading}"\ndemo = "my_hand"\nwhy = "Because."\n{extra}'


def reference(heading: str) -> str:
    return f'[[screen]]\nkind = "reference"\nheading = "{heading}"\n'


SETUP_QUESTION = '[screen.question]\nprompt = "How many deals?"\nanswer = "deals_at_start"\n'


@pytest.fixture
def lesson(tmp_path) -> Lesson:
    """Game screen, Setup as a rule with a question, a calculator after it, the rest as reference screens."""
    body = (GAME_SCREEN + rule("Setup", 'teacher = ["Six cards a category (our choice)."]\n' + SETUP_QUESTION)
            + '[[screen]]\nkind = "calculator"\ntitle = "Count them"\nneeds = ["Setup"]\ndemo = "my_hand"\n'
            + "".join(reference(h) for h in HEADINGS[1:]))
    return Lesson(write(tmp_path, body))


# ---------------------------------------------------------------- the model
def test_a_lesson_is_its_class_path_then_a_reference_screen_for_every_other_section(lesson):
    assert [s.title for s in lesson.screens] == ["The game", "Setup", "Count them", *HEADINGS[1:]]
    assert [s.number for s in lesson.screens] == list(range(1, 3 + len(HEADINGS)))
    assert [s.title for s in lesson.class_screens] == ["The game", "Setup", "Count them"]
    assert [s.title for s in lesson.reference_screens] == HEADINGS[1:]
    assert lesson.coverage() == [] and (lesson.minutes, lesson.level) == (20, "any age")
    assert lesson.answers() == {"screen 2 'Setup'": 216_000}


def test_screens_are_found_by_number_title_or_heading(lesson):
    assert lesson.find(3).title == lesson.find("3").title == "Count them"
    assert lesson.find("  setup ").number == 2 and lesson.find("Digging Up Treasure").reference
    with pytest.raises(LessonError, match="screens 1 to 7"):
        lesson.find(99)
    with pytest.raises(LessonError, match="No screen called 'Boarding'"):
        lesson.find("Boarding")


def test_reference_screens_may_be_written_anywhere_and_are_read_in_printed_order(tmp_path):
    body = reference("Game End and Scoring") + GAME_SCREEN + reference("How to Play")
    lesson = Lesson(write(tmp_path, body))
    assert [s.title for s in lesson.screens] == ["The game", "How to Play", "Game End and Scoring"]
    assert lesson.coverage() == ["Setup", "Using the Solution Grids", "Digging Up Treasure"]


@pytest.mark.parametrize("body, message", [
    (rule("Setup"), "opens with the game in one screen"),
    (GAME_SCREEN + rule("How to Play") + rule("Setup"), "out of order"),
    (GAME_SCREEN + rule("Setup") + reference("Setup"), "already has a screen"),
    (GAME_SCREEN + '[[screen]]\ntitle = "Too early"\nneeds = ["Setup"]\ntext = "x"\n' + rule("Setup"), "needs the rule"),
    (GAME_SCREEN + rule("Setup Phase"), "Setup Phase"),
    (GAME_SCREEN + '[[screen]]\nkind = "rule"\nheading = "Setup"\ntitle = "Getting ready"\nwhy = "x"\n', "exactly as printed"),
    (GAME_SCREEN + '[[screen]]\nkind = "rule"\nheading = "Setup"\ndemo = "my_hand"\n', "why"),
    (GAME_SCREEN + rule("Setup", 'quote = "Deal two Map cards"\n'), "word for word"),
    (GAME_SCREEN + rule("Setup", SETUP_QUESTION.replace('"deals_at_start"', "216000")), "216000 is a value typed by hand"),
    (GAME_SCREEN + rule("Setup", 'explain = "typo"\n'), "explain"),
    (GAME_SCREEN + rule("Setup", SETUP_QUESTION + 'read = "deals"\n'), "read = 'deals' goes with an answer in calc"),
    (GAME_SCREEN + '[[screen]]\nkind = "reference"\nheading = "Setup"\nquote = "Deal an Island"\n', "make it a rule screen"),
    (GAME_SCREEN + '[[screen]]\nkind = "reference"\nheading = "Setup"\n' + SETUP_QUESTION, "give it a demo"),
    (GAME_SCREEN + '[[screen]]\nkind = "lecture"\ntitle = "x"\ntext = "y"\n', "lecture"),
    (GAME_SCREEN + '[[screen]]\ntitle = "Empty"\n', "shows nothing"),
    (GAME_SCREEN + '[[screen]]\ntitle = "Code"\ntext = "d6.pool(3) is a Dist"\n', "developer words"),
    (GAME_SCREEN + '[[screen]]\ntitle = "Seats"\ntext = "player 0 goes first"\n', "player 0"),
    (GAME_SCREEN + rule("Setup", 'demo = "no_such_function"\n').replace('demo = "my_hand"\n', ""), "no_such_function"),
])
def test_bad_lessons_are_refused_with_a_sentence_naming_the_screen(tmp_path, body, message):
    with pytest.raises(LessonError, match=message):
        Lesson(write(tmp_path, body))


@pytest.mark.parametrize("top, message", [
    (TOP.replace("minutes = 20\n", ""), "minutes"), (TOP.replace('level = "any age"\n', ""), "level"),
    (TOP + "class_limit = 30\n", "at most 20"), (TOP + "colour = 1\n", "colour"),
    (TOP.replace(GAME, "plunder_1999"), "not a rulebook"),
    (TOP + 'scenarios = "lesson_demo"\n', "names no Python module; delete the line scenarios = 'lesson_demo'"),
])
def test_bad_lesson_headers_are_refused(tmp_path, top, message):
    with pytest.raises(LessonError, match=message):
        Lesson(write(tmp_path, GAME_SCREEN + rule("Setup"), top=top))


def test_a_class_walks_at_most_15_screens_unless_the_file_says_20(tmp_path):
    extra = "".join(f'[[screen]]\ntitle = "Idea {n}"\ntext = "An idea."\n' for n in range(CLASS_LIMIT))
    with pytest.raises(LessonError, match="16 class screens; a class walks at most 15"):
        Lesson(write(tmp_path, GAME_SCREEN + extra))
    assert len(Lesson(write(tmp_path, GAME_SCREEN + extra, top=TOP + "class_limit = 20\n")).class_screens) == 16


def test_a_lesson_that_is_not_a_game_needs_no_rulebook_but_has_no_rule_screens(tmp_path):
    top = 'title = "Coins"\nminutes = 5\nlevel = "any age"\n'
    lesson = Lesson(write(tmp_path, '[[screen]]\ntitle = "Heads"\ntext = "A coin has two sides."\n', top=top))
    assert lesson.book is None and lesson.coverage() == [] and lesson.screens[0].kind == "screen"
    with pytest.raises(LessonError, match="needs game"):
        Lesson(write(tmp_path, reference("Setup"), top=top))


def test_check_all_names_the_screen_of_a_demo_that_raises_or_shows_its_answer(lesson, monkeypatch):
    assert lesson.check_all(shown_text) == []
    monkeypatch.setattr(demo, "my_hand", lambda: 1 / 0)
    with pytest.raises(LessonError, match=r"screen 2 'Setup': ZeroDivisionError"):
        lesson.check_all(shown_text)
    monkeypatch.setattr(demo, "my_hand", lambda: {"deals": 216_000})
    with pytest.raises(LessonError, match=r"screen 2 'Setup': the screen shows the answer \(216,000\)"):
        lesson.check_all(shown_text)
    monkeypatch.setattr(demo, "my_hand", lambda: {"pool": "d6.pool(2)"})
    with pytest.raises(LessonError, match="developer words"):
        lesson.check_all(shown_text)
    monkeypatch.setattr(demo, "deals_at_start", lambda: 0.5)
    with pytest.raises(LessonError, match="needs an int or a Fraction"):
        lesson.answers()


def test_developer_words_are_whole_words():
    assert developer_words("Distance to the Dist") == ["Dist"]
    assert developer_words("see pirates_lab/core/dist.py, explore_draw") == [".py", "pirates_lab", "explore_draw"]
    assert developer_words("None of the cards match; True pirates say Aye") == []
    assert developer_words("ASSUMPTION: six cards") == ["ASSUMPTION"]


def test_lesson_files_are_found_by_name():
    assert lesson_file("dice_basics").name == "dice_basics.toml"
    assert lesson_file(GAME).parts[-3:] == (GAME, "data", "lessons.toml")
    with pytest.raises(LessonError, match="No lesson called 'treasure_maps'"):
        lesson_file("treasure_maps")


# ---------------------------------------------------------------- feedback that teaches
def test_an_empty_answer_asks_for_one_and_is_not_a_try():
    question = Question(Fraction(1, 6))
    for typed in ("", "   ", None):
        feedback = question.check(typed)
        assert (feedback.status, feedback.message, feedback.ok) == ("empty", "Type an answer first.", None)
    assert question.wrong_tries == 0


@pytest.mark.parametrize("expected, typed, says", [
    (Fraction(1, 6), "150%", "A probability is between 0 and 100 %"),
    (Fraction(1, 6), "-0.2", "A probability is between 0 and 100 %"),
    (Fraction(1, 6), "7/6", "A probability is between 0 and 100 %"),
    (216_000, "-5", "A count is a whole number, 0 or more."),
    (216_000, "2.5", "A count is a whole number, 0 or more."),
    (216_000, "lots", "lots is not a number. Type a whole number"),
])
def test_out_of_range_answers_say_what_the_range_is(expected, typed, says):
    feedback = Question(expected).check(typed)
    assert feedback.message.startswith(says) and feedback.ok is False


@given(st.fractions(min_value=0, max_value=1), st.fractions(min_value=0, max_value=1))
def test_a_wrong_probability_says_higher_or_lower_truthfully(expected, typed):
    text = f"{typed.numerator}/{typed.denominator}"
    feedback = Question(expected, unit="probability").check(text)
    if typed == expected:
        assert feedback.status == "right"
    else:
        assert feedback.message == f"Not quite: the answer is {'higher' if expected > typed else 'lower'} than {text}."


def test_two_wrong_tries_offer_the_answer_and_why_and_the_same_text_is_one_try():
    question = Question(216_000, explanation="60 ways in each category, cubed.")
    assert not question.check("1000").can_reveal
    assert not question.check("1000").can_reveal and question.wrong_tries == 1      # Enter, then Check
    assert question.check("500,000").can_reveal and question.wrong_tries == 2
    shown = question.reveal()
    assert (shown.status, shown.message, shown.explanation) == ("revealed", "The answer: 216,000.",
                                                                "60 ways in each category, cubed.")
    question.reset()
    assert question.wrong_tries == 0 and not question.can_reveal


def test_the_question_view_shows_feedback_and_the_reveal_button_in_place():
    view = QuestionView("How many deals?", lambda: Question(216_000, explanation="Count them."))
    assert view.check("") is None and "Type an answer first" in view.feedback.value
    view.answer.value = "200,000"                                   # what Enter does
    assert "higher than 200,000" in view.feedback.value and view.reveal_button.layout.display == "none"
    view.check_button.click()                                       # the same text: still one try
    assert view.model.wrong_tries == 1
    assert view.check("300000") is False and view.reveal_button.layout.display == ""
    view.reveal_button.click()
    assert "The answer: 216,000." in view.feedback.value and "Count them." in view.why.value
    view.reset()
    assert view.answer.value == view.feedback.value == view.why.value == ""


def test_a_right_answer_shows_the_why():
    view = QuestionView("P(six)?", Question(Fraction(1, 6), explanation="One face of six."))
    assert view.check("16.67%") is True and "Right: 16.67% (1/6)." in view.feedback.value
    assert "One face of six." in view.why.value


@pytest.mark.parametrize("value, unit, text", [(216000, "count", "216,000"), (Fraction(5, 12), "probability",
                                                                              "41.67% (5/12)"),
                                               (Fraction(7, 2), "number", "3.5 (7/2)"), (-3, "number", "-3")])
def test_numbers_are_worded_for_people(value, unit, text):
    assert unit_of(value) == unit and number_text(value, unit) == text


def test_text_answers_ignore_case_and_spaces():
    question = Question(("Sneaky Pete", "Pete"))
    assert question.check(" sneaky  PETE").ok and question.answer_text() == "Sneaky Pete"
    assert Question("Jack").check("Bill").message == "Not quite: Bill is not it. Try again."


# ---------------------------------------------------------------- the view
def test_the_view_walks_the_screens_with_a_counter_back_next_and_contents(lesson):
    view = LessonView(lesson, presenter=False)
    assert view.counter_text() == "1 / 3" and view.back_button.disabled and not view.next_button.disabled
    view.next_button.click()
    assert (view.index, view.counter_text(), view.screen.title) == (1, "2 / 3", "Setup")
    assert "data-screen='2'" in view.counter.value and "Setup" in view.title.value
    view.contents.value = 4
    assert view.counter_text() == "Reference 2 / 4" and view.screen.title == HEADINGS[2]
    assert [label for label, _ in view.contents.options][:4] == ["1. The game", "2. Setup", "3. Count them",
                                                                f"Reference: {HEADINGS[1]}"]
    view.go(99)
    assert view.next_button.disabled and view.index == len(lesson.screens) - 1
    view.back_button.click()
    assert view.index == len(lesson.screens) - 2


def test_screens_are_built_only_when_shown_and_rebuilt_by_reset(lesson, monkeypatch):
    built = []
    monkeypatch.setattr(demo, "my_hand", lambda: built.append(1) or {"You are": "Sneaky Pete"})
    view = LessonView(lesson, presenter=False)
    assert built == []                                    # the first screen has no demo: nothing built yet
    view.go(1)
    view.go(0)
    view.go(1)
    assert built == [1]                                   # built once
    view.reset()
    assert built == [1, 1]


def test_the_page_address_opens_a_screen(lesson, monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "screen=Count+them&large=0")
    assert LessonView(lesson, presenter=False).screen.title == "Count them"
    page_options(large=False, screen="2")                 # the classroom page's first cell wins over the address
    try:
        assert LessonView(lesson, presenter=False).index == 1
        page_options(screen="Boarding")
        view = LessonView(lesson, presenter=False)
        assert view.index == 0 and "No screen called" in view.message.value
    finally:
        page_options()
    assert LessonView(lesson, start=4, presenter=False).index == 3


def test_a_rule_screen_quotes_and_folds_the_whole_section_and_notes_go_to_the_teacher(tmp_path):
    quote = "Deal an Island, Marker and Trap Map card face down to each player."
    lesson = Lesson(write(tmp_path, GAME_SCREEN + rule("Setup", f'quote = "{quote}"\nteacher = ["Our choice."]\n')
                          + reference("How to Play")))
    view = LessonView(lesson, start=2, presenter=False)
    text = visible_text(view)
    assert quote in text and "Rules: Plunder (2013) › Setup" in text and "The whole section" in text
    assert "Select one of you scurvy dogs" not in text                # folded, as a reader sees it
    assert "Teacher notes" in text and "Our choice." not in text and "lesson_demo" not in text
    assert "Our choice." in view.notes.value and "?screen=2" in view.notes.value
    view.go(2)                                                         # a reference screen: the whole section
    assert "flips face up the top card" in visible_text(view)


def test_a_heading_with_no_text_of_its_own_says_what_it_opens():
    lesson = Lesson.named("dice_basics")
    assert lesson.book is None                                         # (checked on a real one below)
    from pirates_lab.widgets.lesson import _introduces
    book_lesson = type("L", (), {"book": rulebook("pillage_and_plunder"),
                                 "section": lambda self, s: rulebook("pillage_and_plunder").find(s.heading)})()
    screen = type("S", (), {"heading": "Chapter III: Taking Your Turn"})()
    text = _introduces(book_lesson, screen)
    assert "The Basics" in text and "heading with no text" not in text


def test_values_are_shown_for_people_and_long_tables_show_all_on_demand():
    text = visible_text(show_value({"chance": Fraction(5, 12), "deals": 216_000}, "Odds"))
    assert "41.67% (5/12)" in text and "216,000" in text
    assert "white-space:nowrap" in show_value(Fraction(5, 12)).value          # a fraction never wraps
    long = table_html([(n, n * n) for n in range(30)])
    assert long.count("<tr>") == 30 and "<summary>show all 30 rows</summary>" in long
    assert table_html([(n,) for n in range(20)]).count("<details") == 0        # 20 rows: whole
    with pytest.raises(LessonError, match="cannot be shown"):
        show_value({"ship": object()})


def test_every_kit_lesson_file_checks_and_its_screens_build(monkeypatch):
    for name in ("dice_basics", GAME):
        lesson = Lesson.named(name)
        assert lesson.check_all(shown_text) == [] and len(lesson.class_screens) <= lesson.class_limit
        view = lesson_view(lesson, presenter=False)
        for index in range(len(lesson.screens)):
            view.go(index)
            text = visible_text(view.content)
            assert "⚠" not in text, (view.screen.name, text[:300])
            assert developer_words(text) == [], (view.screen.name, developer_words(text))


def test_the_dice_lesson_answers_equal_independent_counts():
    from itertools import product

    answers = {name.split("'")[1]: value for name, value in Lesson.named("dice_basics").answers().items()}
    rolls = list(product(range(1, 7), repeat=2))
    assert answers["One die"] == Fraction(2, 6)
    assert answers["Two dice"] == Fraction(sum(a + b >= 9 for a, b in rolls), 36)
    assert answers["Keep the highest"] == Fraction(sum(max(a, b) >= 5 for a, b in rolls), 36)
    risk = [(sorted(r[:3], reverse=True), sorted(r[3:], reverse=True)) for r in product(range(1, 7), repeat=5)]
    assert answers["Sorted comparisons"] == sum(a[0] > d[0] and a[1] > d[1] for a, d in risk)
    assert answers["Counting sets of faces"] == Fraction(720, 6 ** 6)
    assert answers["One roll decides the next"] == Fraction(1, 2) * Fraction(2, 6) + Fraction(1, 2) * Fraction(20, 36)
    three = list(product(range(1, 7), repeat=3))
    assert answers["Dice notation"] == Fraction(sum(sum(sorted(r)[1:]) == 12 for r in three), 216)
    assert answers["Checking by rolling"] == 36_000 // 6
    assert answers["One step further: a chain of bets"] == Fraction(2, 5)   # a fair game: 5 p = 2


def test_shows_answer_finds_distinctive_forms_only():
    assert shows_answer("216,000 deals", Fraction(216000)) == "216,000"
    assert shows_answer("7 deals", Fraction(7)) == ""                           # too common to count
    assert shows_answer("it is 5/12 of them", Fraction(5, 12)) == "5/12"
    assert shows_answer("15/120", Fraction(5, 12)) == ""


def test_widgets_in_a_screen_are_kept_as_they_are():
    box = widgets.HTML("hi")
    assert show_value(box) is box


# ---------------------------------------------------------------- ideas and predictions (issue 39)
def test_a_lesson_lists_its_probability_ideas_and_refuses_a_bad_list(tmp_path):
    ideas = 'ideas = ["equally likely outcomes", "the complement"]\n'
    lesson = Lesson(write(tmp_path, GAME_SCREEN, TOP + ideas))
    assert lesson.ideas == ("equally likely outcomes", "the complement")
    assert Lesson(write(tmp_path, GAME_SCREEN)).ideas == ()
    for bad in ('ideas = "the complement"\n', 'ideas = [""]\n', f'ideas = ["{"x" * 61}"]\n', 'ideas = ["a Dist"]\n'):
        with pytest.raises(LessonError, match="ideas"):
            Lesson(write(tmp_path, GAME_SCREEN, TOP + bad))


def test_a_prediction_is_taken_then_the_exact_answer_shown_never_a_cross(tmp_path):
    predict = SETUP_QUESTION + 'mode = "predict"\n'
    lesson = Lesson(write(tmp_path, GAME_SCREEN + rule("Setup", predict)))
    view = LessonView(lesson, start="Setup", presenter=False)
    exact = demo.deals_at_start()
    assert view.question.check("12") is None                   # neither right nor wrong
    shown = visible_text(view.question)
    assert "You predicted 12." in shown and f"{exact:,}" in shown and "✘" not in shown and "Because." in shown
    assert view.question.model.wrong_tries == 0 and view.question.model.solved
    assert view.question.model.check("-3").status == "out_of_range"      # a count is still a count
    with pytest.raises(LessonError, match="mode 'guess'"):
        Lesson(write(tmp_path, GAME_SCREEN + rule("Setup", SETUP_QUESTION + 'mode = "guess"\n')))


def test_a_checked_question_is_unchanged_by_the_prediction_mode():
    question = Question(Fraction(1, 3))
    assert question.check("50%").status == "wrong" and question.wrong_tries == 1


# ---------------------------------------------------------------- the demo lesson file (issue 34: one lesson stack)
DEMO = Path(__file__).parent / "data" / "lesson_demo.toml"


def test_the_demo_lesson_is_the_game_then_one_rule_screen_per_heading_in_printed_order():
    lesson = Lesson(DEMO)
    assert [s.kind for s in lesson.screens] == ["game"] + ["rule"] * 5
    assert [s.heading for s in lesson.screens[1:]] == HEADINGS and lesson.coverage() == []
    assert lesson.check_all(shown_text) == [] and lesson.ideas == ("counting equally likely deals", "the complement")


def test_every_demo_answer_equals_an_independent_computation():
    answers = {name.split("'")[1]: value for name, value in Lesson(DEMO).answers().items()}

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


def test_the_demo_lesson_walks_in_the_view_and_no_screen_shows_its_answer_or_a_repr():
    lesson = Lesson(DEMO)
    view = LessonView(lesson, presenter=False)
    for index, screen in enumerate(lesson.screens):
        view.go(index)
        text = visible_text(view.content)
        for raw in ("Fraction(", "{'", "[(", "<pirates_lab.", "None"):
            assert raw not in text, (screen.name, raw)
        if screen.question and screen.question.unit != "text":
            assert screen.question.prompt in text and not shows_answer(text, lesson.answer(screen)), screen.name
    view.go(2)
    assert view.question.check("61/125") is True and "Why:" in visible_text(view.question)


def test_a_changed_answer_function_changes_the_verdict(monkeypatch):
    view = LessonView(Lesson(DEMO), start="Setup", presenter=False)
    monkeypatch.setattr(demo, "deals_at_start", lambda: 5)
    assert view.question.check("5") is True


GAME_LESSONS = sorted(name for name, game in games().items() if game.playable)
RAW_TEXT = ("Fraction(", "{'", "[(", "<pirates_lab.", "Shift+Enter", "it/s]")


@pytest.mark.parametrize("game", GAME_LESSONS)
def test_every_game_lesson_builds_and_shows_people_no_repr_no_long_number_no_answer(game):
    """Each game's lessons.toml: every demo builds, every answer computes, no screen shows its own answer
    before the question (check_all), and no demo shows a Python repr or a 16+ digit number."""
    lesson = Lesson.for_game(game)
    assert lesson.check_all(shown_text) == []
    for screen in (s for s in lesson.screens if s.demo):
        text = shown_text(lesson.demo(screen), screen)
        assert not [raw for raw in RAW_TEXT if raw in text], (screen.name, text[:200])
        assert not any(len(run) >= 16 for run in "".join(c if c.isdigit() else " " for c in text).split()), screen.name


WIDGETS = Path(__file__).resolve().parents[1] / "widgets"


def _classes() -> list[tuple[str, str]]:
    """(module file, class name) of every class defined in widgets/."""
    found = []
    for path in sorted(WIDGETS.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [(path.name, node.name) for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
    return found


def test_there_is_one_lesson_stack():
    """Issue 34: one model, one view, one Question; no walkthrough, no Stepper, no [[step]] reader."""
    classes = _classes()
    where = {name: [f for f, n in classes if n == name]
             for name in ("Lesson", "Screen", "LessonView", "Question", "QuestionView", "Feedback")}
    assert where == {"Lesson": ["lesson_model.py"], "Screen": ["lesson_model.py"], "LessonView": ["lesson.py"],
                     "Question": ["questions.py"], "QuestionView": ["lesson.py"], "Feedback": ["questions.py"]}
    legacy = [(f, n) for f, n in classes if n in ("Walkthrough", "Stepper", "LessonStep", "LessonSpec", "QuotePanel")
              or (n.startswith("Lesson") and f not in ("lesson.py", "lesson_model.py"))]
    assert legacy == [] and not (WIDGETS / "walkthrough.py").exists()
    readers = [p.name for p in WIDGETS.glob("*.py") if "[[step]]" in p.read_text(encoding="utf-8")]
    assert readers == ["lesson_model.py"]                      # only to refuse such a file, as below
    import pirates_lab.widgets as kit
    assert kit.Question is Question and kit.LessonView is LessonView and kit.Lesson is LessonModel
    assert not hasattr(kit, "Stepper") and not hasattr(kit, "exact_answer")


def test_an_old_walkthrough_file_is_refused_with_a_sentence(tmp_path):
    with pytest.raises(LessonError, match=r"\[\[step\]\] tables are the old walkthrough's"):
        Lesson(write(tmp_path, '[[step]]\nheading = "Setup"\n'))


# ---------------------------------------------------------------- answers at the precision a class uses (issue 39)
THIRD = Fraction(1, 3)


@pytest.mark.parametrize("typed", ["1/3", "2/6", "1 / 3", "1 in 3", "1 out of 3", "2 in 6", "33.33%", "33%", "33 %",
                                   "33.3 %", "0.33", "0.333", "33,33 %", "33,3%", "0,33", "0,3333"])
def test_one_third_is_right_in_every_form_a_class_types(typed):
    feedback = Question(THIRD).check(typed)
    assert feedback.status == "right", (typed, feedback.message)
    as_shown = typed in ("1/3", "2/6", "1 / 3", "1 in 3", "1 out of 3", "2 in 6", "33.33%", "33,33 %", "0,3333")
    assert feedback.message == ("Right: 33.33% (1/3)." if as_shown else f"Right: {typed} — exactly 1/3 = 33.33%.")


@pytest.mark.parametrize("kind, expected, typed, status", [
    ("percent rounded to whole numbers", Fraction(5, 12), "42%", "right"),
    ("percent rounded to whole numbers", Fraction(1, 6), "17 %", "right"),
    ("percent rounded to whole numbers", Fraction(5, 12), "41%", "wrong"),
    ("percent rounded to whole numbers", Fraction(5, 12), "40%", "wrong"),
    ("decimals", Fraction(5, 12), "0.42", "right"),
    ("decimals", Fraction(5, 12), "0.417", "right"),
    ("decimals", Fraction(5, 12), "0.41", "wrong"),
    ("decimals", Fraction(5, 12), "0.4", "close"),
    ("a in b", Fraction(5, 36), "5 in 36", "right"),
    ("a in b", Fraction(5, 36), "5 out of 36", "right"),
    ("a in b", Fraction(5, 36), "10 in 72", "right"),
    ("a in b", Fraction(5, 36), "1 in 7", "wrong"),
    ("decimal comma", Fraction(5, 36), "13,89 %", "right"),
    ("decimal comma", Fraction(5, 36), "0,14", "right"),
    ("decimal comma", Fraction(5, 36), "0,15", "wrong"),
    ("fractions unreduced", Fraction(1, 18), "2/36", "right"),
    ("fractions unreduced", Fraction(1, 18), "3/36", "wrong"),
    ("one significant digit", Fraction(1, 216), "0.5%", "close"),
    ("one significant digit", Fraction(1, 216), "0.46%", "right"),
    ("one significant digit", Fraction(1, 216), "0,46 %", "right"),
    ("one significant digit", Fraction(1, 216), "0.4%", "wrong"),
])
def test_each_answer_format_is_judged_at_the_precision_typed(kind, expected, typed, status):
    question = Question(expected)
    feedback = question.check(typed)
    assert feedback.status == status, (kind, typed, feedback.message)
    if status == "close":                                   # not a try, never a cross, asks for a digit
        assert feedback.ok is None and question.wrong_tries == 0 and "Give one more digit" in feedback.message
    if status == "right":                                   # the exact value is said after a right answer
        assert f"{expected.numerator}/{expected.denominator}" in feedback.message and "%" in feedback.message


@pytest.mark.parametrize("typed, value", [("216,000", 216_000), ("216 000", 216_000), ("216000", 216_000),
                                          ("1,234,567", 1_234_567), ("0,216", Fraction(216, 1000)),
                                          ("21,6000", Fraction(216, 10)), ("3,5", Fraction(7, 2)),
                                          ("1,234.5", Fraction(24_69, 2)), ("33,333 %", Fraction(33_333, 10**5))])
def test_the_comma_groups_thousands_only_in_threes_and_is_a_decimal_comma_otherwise(typed, value):
    assert parse_answer(typed)[0] == value


def test_a_count_is_typed_whole_with_or_without_thousands_separators():
    for typed in ("216,000", "216 000", "216000"):
        assert Question(216_000).check(typed).status == "right"
    for typed in ("216,5", "216000.0", "21,6000"):
        assert Question(216_000).check(typed).status == "out_of_range", typed


@given(st.fractions(min_value=Fraction(1, 10**4), max_value=1), st.integers(min_value=0, max_value=3),
       st.booleans())
def test_the_exact_value_rounded_at_two_or_more_significant_digits_is_never_marked_wrong(p, extra, as_percent):
    """A correctly rounded answer is right (2+ significant digits) or "close" (1 digit): never a ✘ that misleads."""
    scale = 10 ** (2 if as_percent else 0)
    shown = p * scale
    first = -int(__import__("math").floor(__import__("math").log10(float(shown))))   # places to the 1st digit
    places = max(0, first + 1 + extra)
    rounded = Fraction(round(shown * 10 ** places), 10 ** places)
    typed = f"{float(rounded):.{places}f}" + ("%" if as_percent else "")
    status = Question(p, unit="probability").check(typed).status
    assert status in ("right", "close"), (p, typed, status)
    digits = typed.rstrip("%").replace(".", "").lstrip("0")
    if len(digits) >= 2:
        assert status == "right", (p, typed)


def test_a_wrong_answer_shows_the_screens_hint_and_a_hint_is_checked_for_developer_words(tmp_path):
    hint = 'hint = "Count the cells where the two dice add up to 9 or more."\n'
    lesson = Lesson(write(tmp_path, GAME_SCREEN + rule("Setup", SETUP_QUESTION + hint)))
    view = LessonView(lesson, start="Setup", presenter=False)
    assert view.question.check("1000") is False
    shown = " ".join(visible_text(view.question).split())
    assert "Look again: Count the cells where the two dice add up to 9 or more." in shown
    assert view.question.check(f"{demo.deals_at_start():,}") is True and "Look again" not in view.question.feedback.value
    with pytest.raises(LessonError, match="developer words"):
        Lesson(write(tmp_path, GAME_SCREEN + rule("Setup", SETUP_QUESTION + 'hint = "see pool(3)"\n')))
    with pytest.raises(LessonError, match="hint"):
        Lesson(write(tmp_path, GAME_SCREEN + rule("Setup", SETUP_QUESTION + "hint = 3\n")))


# ---------------------------------------------------------------- in sight at 1024 x 768 with Large fonts (issue 39)
def test_a_long_rule_without_a_quote_shows_its_first_paragraph_and_folds_the_rest():
    from pirates_lab.widgets.lesson import LONG_RULE

    body = rulebook(GAME).find("How to Play").body
    assert len(body) > LONG_RULE
    view = LessonView(Lesson(DEMO), start="How to Play", presenter=False)
    shown = " ".join(visible_text(view.content).split())
    first, second = [" ".join(p.split()) for p in body.split("\n") if p.strip()][:2]
    assert first in shown and "The rest of the section" in shown and second not in shown


def test_the_question_panel_stays_in_sight_below_a_tall_screen():
    """The answer box and its feedback are in one panel that sticks to the bottom edge (checked in Chromium at
    1024 x 768 with Large fonts: docs/lessons.md); the boxes around it neither scroll nor clip."""
    from pirates_lab.widgets.lesson import LESSON_CSS

    view = LessonView(Lesson(DEMO), start="Setup", presenter=False)
    question = view.question
    assert question.children[1].children[0] is question.answer and question.feedback in question.children
    assert question.why in question.children and view.content.children[0].children[-1] is question
    assert ".pl-lesson .pl-question{position:sticky;bottom:0" in LESSON_CSS
    assert "overflow:visible" in LESSON_CSS and ".pl-lesson .pl-screen-body" in LESSON_CSS


# ---------------------------------------------------------------- ready and quick (issue 39)
def test_the_view_says_ready_once_built_and_next_swaps_in_a_screen_built_while_the_class_reads(monkeypatch):
    view = LessonView(Lesson(DEMO), presenter=False)
    assert "Ready — press Next ▶" in view.ready.value and "data-ready='1'" in view.ready.value
    assert view.builds == 1
    view.prefetch()                                     # what the kernel's loop runs while the class reads
    assert view.builds == 2
    view.next_button.click()                            # Next: no screen built, only swapped in
    assert view.builds == 2 and view.screen.title == "Setup"
    view.prefetch()
    view.next_button.click()
    assert view.builds == 3 and view.index == 2
    view.go(len(view.screens) - 1)
    assert "Ready</span>" in view.ready.value           # the last screen: nothing to press Next for
    states = []
    monkeypatch.setattr(view, "_show_ready", lambda ready: states.append(ready))
    view.reset()
    assert states == [False, True]                      # "Building screen N…" first, then ready


def test_the_next_screen_is_built_in_the_kernels_loop_after_a_screen_is_shown():
    import asyncio

    from pirates_lab.widgets import lesson as lesson_module

    async def reading() -> LessonView:
        view = LessonView(Lesson(DEMO), presenter=False)
        assert view.builds == 1
        await asyncio.sleep(lesson_module.PREFETCH_AFTER_S + 0.3)
        return view

    view = run_in_own_loop(reading())
    assert view.builds == 2 and 1 in view._built


def test_a_slow_move_disables_its_buttons_at_once_and_says_thinking_only_when_slow():
    import time

    from pirates_lab.widgets.kit import thinking

    status, roll = widgets.HTML(), widgets.Button(description="Roll")
    with thinking(status, roll):
        assert roll.disabled and status.value == ""      # quick: no words
    assert not roll.disabled and status.value == ""
    with thinking(status, roll, after=0.05):
        time.sleep(0.2)
        assert roll.disabled and "thinking…" in status.value
    assert not roll.disabled and status.value == ""
    roll.disabled = True                                 # a button that was off stays off
    with thinking(status, roll, after=0):
        pass
    assert roll.disabled


# ---------------------------------------------------------------- the menu states each lesson's ideas (issue 39)
def test_the_menu_states_each_lessons_probability_ideas():
    from pirates_lab.widgets.menu import lesson_menu, menu_rows

    rows = {row.name: row for row in menu_rows()}
    for name in ("dice_basics", "strategy_lab"):
        assert rows[name].ideas == Lesson.named(name).ideas and len(rows[name].ideas) >= 3
    menu = " ".join(visible_text(lesson_menu()).split())
    assert f"Probability ideas: {' · '.join(rows['dice_basics'].ideas)}" in menu


def test_kit_pages_and_notes_name_no_function_or_file():
    """Teacher notes and kit wording speak to people: no function, module or file names (issue 39 item 5)."""
    from pirates_lab.widgets.lesson import _teacher_html

    for name in ("dice_basics", "strategy_lab", GAME):
        lesson = Lesson.named(name)
        for screen in lesson.screens:
            notes = _teacher_html(lesson, screen)
            assert not [w for w in ("()", ".py", "pirates_lab", ".toml", "<code>" + (screen.demo or "~"))
                        if w in notes], (screen.name, notes)


def test_the_strategy_lab_prediction_is_a_prediction():
    lesson = Lesson.named("strategy_lab")
    spec = lesson.find("Predict, then check: who wins more often?").question
    assert spec.mode == "predict" and spec.prompt.startswith("Predict:")


def test_a_fraction_is_shown_over_the_outcomes_the_screen_counts(tmp_path):
    """out_of = 36: the exact value is said as 10/36, as the table counts it, not 5/18 (issue 39 item 3)."""
    question = Question(Fraction(5, 18), out_of=36)
    assert question.check("10/36").message == "Right: 27.78% (10/36)."
    assert Question(Fraction(5, 18), out_of=36).check("0.28").message == "Right: 0.28 — exactly 10/36 = 27.78%."
    assert Question(Fraction(5, 18), out_of=7).answer_text() == "27.78% (5/18)"       # not a whole count of 7
    dice = Lesson.named("dice_basics")
    two = dice.question(dice.find("Two dice"))
    assert two.out_of == 36 and two.answer_text() == "27.78% (10/36)"
    assert two.check("20%").hint.startswith("Find 9, 10, 11 and 12 in the table")
    with pytest.raises(LessonError, match="out_of"):
        Lesson(write(tmp_path, GAME_SCREEN + rule("Setup", SETUP_QUESTION + "out_of = 0\n")))


def test_every_dice_question_that_can_be_missed_points_at_the_picture():
    lesson = Lesson.named("dice_basics")
    for screen in (s for s in lesson.screens if s.question):
        assert screen.question.hint and not developer_words(screen.question.hint), screen.name
        assert not any("In the code" in note or re.search(r"[A-Za-z]\.[a-z_]+\(", note) for note in screen.teacher)


def test_a_long_title_keeps_the_ready_state_short_so_the_heading_stays_one_row(tmp_path):
    from pirates_lab.widgets.lesson import SHORT_TITLE

    long = "A computer player sees only its own seat"
    assert len(long) > SHORT_TITLE
    body = f'[[screen]]\ntitle = "{long}"\ntext = "x"\n[[screen]]\ntitle = "Two"\ntext = "y"\n'
    view = LessonView(Lesson(write(tmp_path, body, top='title = "T"\nminutes = 5\nlevel = "any age"\n')),
                      presenter=False)
    assert ">Ready ▶<" in view.ready.value
    view.next_button.click()
    assert ">Ready<" in view.ready.value


# ---------------------------------------------------------------- something to touch, long references (issue 39, 19)
def _touchable(widget) -> list:
    """What a student can touch in a screen's widgets besides the question (buttons, menus, sliders, toggles, text
    boxes outside the answer box): the widgets the browser walk counts (tests/browser/page_probes.TOUCH_JS)."""
    if isinstance(widget, QuestionView):
        return []
    found = [widget] if isinstance(widget, (widgets.Button, widgets.Dropdown, widgets.ToggleButtons, widgets.Text,
                                            widgets.IntSlider, widgets.FloatSlider, widgets.Checkbox)) else []
    for child in getattr(widget, "children", ()) or ():
        found += _touchable(child)
    return found


@pytest.mark.parametrize("name, bare", [("dice_basics", {8}), ("strategy_lab", set())])
def test_class_screens_have_something_to_touch_besides_the_answer_box(name, bare):
    """Issue 39: at least 80 % of the class screens (here: all but the ones named) offer a control of their own."""
    from pirates_lab.widgets.lesson import build_screen

    lesson = Lesson.named(name)
    found = {s.number: _touchable(build_screen(lesson, s)[0]) for s in lesson.class_screens}
    assert {n for n, controls in found.items() if not controls} == bare
    assert len(bare) <= 0.2 * len(lesson.class_screens)


def test_the_dice_rollers_are_seeded_count_the_question_s_event_and_draw_the_exact_dice():
    from pirates_lab.core import Dist
    from pirates_lab.widgets import dice_lessons as dice

    one, again = dice.one_die().children[0], dice.one_die().children[0]        # Reset builds the demo again
    one.roll_times(25), again.roll_times(25)
    assert (one.hits, one.last, one.rolls) == (again.hits, again.last, 25)     # the same rolls on every page
    many = dice.one_die().children[0]
    many.roll_times(6000)                                                      # 1/3 of them, within ordinary luck
    assert abs(many.hits - 2000) < 4 * (6000 * Fraction(1, 3) * Fraction(2, 3)) ** 0.5
    # the RISK roller's rule, over all 7,776 rolls, is exactly the exact calculation the question checks
    rolls = itertools.product(range(1, 7), repeat=5)
    assert sum(dice._defender_losses(r[:3], r[3:]) == 2 for r in rolls) == dice.defender_loses_both_count() == 2890
    assert dice.two_dice() == Dist.die(6) + Dist.die(6) and dice.nine_or_more() == Fraction(5, 18)
    shown = dice.risk().children[0]
    shown.roll_times(1)
    assert "Attacker" in shown.shown.value and "of 1 rolls so far" in shown.shown.value


@pytest.mark.parametrize("name, number", [("pirates_and_plunder", 19), ("king_of_pirates", 18),
                                          ("pillage_and_plunder", 78)])
def test_a_long_reference_section_shows_its_opening_and_folds_the_rest_keeping_every_word(name, number):
    from pirates_lab.widgets.lesson import LONG_REFERENCE, _quote_html, _shown_text

    lesson = Lesson.named(name)
    screen = next(s for s in lesson.screens if s.number == number)
    body = lesson.section(screen).body
    assert screen.reference and len(body) > 2 * LONG_REFERENCE
    markup = _quote_html(lesson, screen)
    shown = " ".join(_shown_text(markup).split())
    opened = " ".join(_shown_text(markup.replace("<details", "<details open")).split())
    assert "The whole section" in shown and len(shown) < LONG_REFERENCE + 150
    assert " ".join(body.split()) in opened.replace(" The whole section ", " ")         # every word, in order
