"""The Plunder (2013) lesson (pirates_lab/plunder_2013/data/lessons.toml): a class path of screens with a
screen for every rulebook heading, every demo builds, and every answer the engine computes equals an
independent computation — a plain enumeration of every deal written here, the reference brute force, or
the rule done by hand.

Rules: Plunder (2013) › Setup
"""
from __future__ import annotations

import functools
from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

import pirates_lab.widgets.plunder_2013_lessons as scenarios
from pirates_lab.core.rules import rulebook
from pirates_lab.plunder_2013 import lessons
from pirates_lab.plunder_2013.reference import brute_force
from pirates_lab.widgets.lesson import LessonView, shown_text
from pirates_lab.widgets.lesson_model import Lesson, LessonError

GAME = "plunder_2013"


def answers_by_heading() -> dict:
    return {name.split("'")[1]: value for name, value in Lesson.for_game(GAME).answers().items()}


def view_at(title: str) -> LessonView:
    view = LessonView(Lesson.for_game(GAME), presenter=False)
    view.go(view.lesson.find(title).number - 1)
    return view


@functools.lru_cache(maxsize=1)
def fitting_deals() -> list[list[tuple[int, int, int]]]:
    """Every deal of the other pirates' cards that fits the lesson's three days, by plain enumeration
    (no engine code): a pirate says Aye exactly when one of his cards equals that category's clue."""
    mine = lessons.MY_CARDS
    pools = [[x for x in range(1, 7) if x != mine[c]] for c in range(3)]
    deals = []
    for islands in permutations(pools[0], 3):
        for markers in permutations(pools[1], 3):
            for traps in permutations(pools[2], 3):
                hands = [mine] + [(islands[k], markers[k], traps[k]) for k in range(3)]
                if all((hands[p][0] == clue[0] or hands[p][1] == clue[1] or hands[p][2] == clue[2]) == (said == "aye")
                       for _, clue, answers in lessons.DAYS for p, said in answers.items()):
                    deals.append(hands)
    return deals


# ---------------------------------------------------------------- the lesson file
def test_every_heading_has_a_rule_screen_in_printed_order_on_a_short_class_path():
    lesson = Lesson.for_game(GAME)
    assert lesson.coverage() == []
    rules = [s for s in lesson.class_screens if s.kind == "rule"]
    assert [s.title for s in rules] == rulebook(GAME).headings          # titled exactly as printed
    assert all(s.quote and s.demo and s.why and s.question for s in rules)
    assert lesson.screens[0].kind == "game" and len(lesson.class_screens) <= 15
    kinds = [s.kind for s in lesson.class_screens]
    # the classroom round and a game to play come early: before the last two rules
    assert kinds.index("play") < kinds.index("rule") + 3 and max(i for i, k in enumerate(kinds) if k == "play") < 7
    assert lesson.minutes == 30 and lesson.level


def test_every_demo_builds_and_no_screen_shows_its_answer_before_the_question():
    assert Lesson.for_game(GAME).check_all(shown_text) == []


# ---------------------------------------------------------------- answers, computed another way
def test_setup_answer_counts_every_deal():
    # Given Sneaky Pete's cards and no clue, When every deal is counted by the reference brute force
    total, _ = brute_force(lessons.PLAYERS, lessons.ME, lessons.MY_CARDS, 6)
    # Then the lesson's answer is that count: 5 x 4 x 3 ways in each of the three categories
    assert answers_by_heading()["Setup"] == total == (5 * 4 * 3) ** 3


def test_how_to_play_answer_is_the_chance_of_an_aye():
    # Bill's card in each category is one of the five Pete does not hold; none of Meg's clues is Pete's
    assert not any(mine == clue for mine, clue in zip(lessons.MY_CARDS, lessons.DAYS[0][1]))
    assert answers_by_heading()["How to Play"] == 1 - Fraction(4, 5) ** 3 == Fraction(61, 125)


def test_grid_answer_is_the_number_of_deals_that_fit_three_days():
    assert answers_by_heading()["Using the Solution Grids"] == len(fitting_deals()) == 5946


def test_digging_answer_is_the_likeliest_location_of_bills_treasure():
    deals = fitting_deals()
    places = Counter(hands[2] for hands in deals)          # Barnacle Bill is player 2
    assert answers_by_heading()["Digging Up Treasure"] == Fraction(max(places.values()), len(deals))


def test_scoring_answer_follows_the_printed_points():
    # Given the chest: Jack finds Pete's treasure (Pete keeps 3 of 6); Pete is the first to find Bill's (+3)
    # and the second to find Jack's (+2); his second card for Jack's treasure counts for nothing
    assert answers_by_heading()["Game End and Scoring"] == 3 + 3 + 2


def test_the_hands_at_the_end_fit_every_answer_of_the_three_days():
    assert list(lessons.HANDS) in fitting_deals()


# ---------------------------------------------------------------- broken demos and answers are noticed
def test_a_demo_that_raises_fails_check_all_naming_the_screen(monkeypatch):
    def broken():
        raise ValueError("the grid fell overboard")

    monkeypatch.setattr(scenarios, "solution_grid", broken)
    with pytest.raises(LessonError, match=r"screen 6 'The Solution Grid after three days'.*the grid fell overboard"):
        Lesson.for_game(GAME).check_all(shown_text)


def test_a_broken_demo_shows_its_error_in_place_and_the_question_still_works(monkeypatch):
    from pirates_lab.widgets.lesson import visible_text

    monkeypatch.setattr(scenarios, "three_days", lambda: 1 / 0)
    view = view_at("Using the Solution Grids")
    assert "division by zero" in visible_text(view.content) and view.question.check("5,946") is True


def test_a_changed_answer_changes_the_verdict(monkeypatch):
    monkeypatch.setattr(scenarios, "deals_at_start", lambda: 7)
    view = view_at("Setup")
    assert view.question.check("216,000") is False and view.question.check("7") is True


def test_a_demo_that_shows_its_answer_fails_check_all(monkeypatch):
    monkeypatch.setattr(scenarios, "setup_table", lambda: {"deals that fit": lessons.deals_at_start()})
    with pytest.raises(LessonError, match=r"screen 2 'Setup'.*shows the answer \(216,000\)"):
        Lesson.for_game(GAME).check_all(shown_text)


def test_the_answer_checker_takes_what_people_type_and_teaches():
    view = view_at("Setup")
    question = view.question
    assert [question.check(text) for text in ("216 000", "216000", "216,000")] == [True, True, True]
    question.reset()
    assert question.check("") is None and "Type an answer first" in question.feedback.value
    assert question.check("-4") is False and "whole number, 0 or more" in question.feedback.value
    assert question.check("100,000") is False and "higher than 100,000" in question.feedback.value
    assert question.reveal_button.layout.display == ""             # two wrong tries: "Show the answer and why"
    question.reveal_button.click()
    assert "216,000" in question.feedback.value and "multiply" in question.why.value
    view = view_at("How to Play")
    assert [view.question.check(t) for t in ("50%", "48.8%")] == [False, True] and "61/125" in \
        view.question.feedback.value
    assert view_at("How to Play").question.check("150%") is False


def test_every_screen_has_a_reset_and_folded_teacher_notes():
    view = LessonView(Lesson.for_game(GAME), presenter=False)
    for index in range(len(view.screens)):
        view.go(index)
        assert "<summary>Teacher notes</summary>" in view.notes.value and "?screen=" in view.notes.value
        assert view.reset_button.description == "Reset"
    view.go(1)
    view.question.check("12")
    view.reset()
    assert view.question.feedback.value == "" and view.question.model.wrong_tries == 0
