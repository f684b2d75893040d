"""The Plunder (2013) lesson (pirates_lab/plunder_2013/data/lessons.toml): one step per rulebook heading,
every demo builds, and every answer the engine computes equals an independent computation — a plain
enumeration of every deal written here, the reference brute force, or the rule done by hand.

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
from pirates_lab.widgets.walkthrough import LessonError, Walkthrough

GAME = "plunder_2013"


def answers_by_heading() -> dict:
    return {name.split("'")[1]: value for name, value in Walkthrough.for_game(GAME).answers().items()}


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
def test_every_heading_has_a_step_in_printed_order():
    lesson = Walkthrough.for_game(GAME)
    assert lesson.coverage() == []
    assert [spec.heading for spec in lesson.specs] == rulebook(GAME).headings
    assert all(spec.demo and spec.why and spec.answer and not spec.intro_only for spec in lesson.specs)


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
def test_a_demo_that_raises_fails_check_all_naming_the_step(monkeypatch):
    def broken():
        raise ValueError("the grid fell overboard")

    monkeypatch.setattr(scenarios, "solution_grid", broken)
    with pytest.raises(LessonError, match=r"step 3 'Using the Solution Grids'.*the grid fell overboard"):
        Walkthrough.for_game(GAME).check_all()


def test_a_changed_answer_changes_the_verdict(monkeypatch):
    monkeypatch.setattr(scenarios, "deals_at_start", lambda: 7)
    stepper = Walkthrough.for_game(GAME).stepper()
    assert stepper.check("7") is True
    assert stepper.check("216,000") is False


def test_a_demo_that_shows_its_answer_fails_check_all(monkeypatch):
    monkeypatch.setattr(scenarios, "three_days", lambda: {"deals that fit": lessons.deals_after_three_days()})
    monkeypatch.setattr(scenarios, "solution_grid", scenarios.three_days)
    with pytest.raises(LessonError, match="shows the answer"):
        Walkthrough.for_game(GAME).check_all()


def test_the_answer_checker_takes_what_people_type():
    stepper = Walkthrough.for_game(GAME).stepper()
    assert [stepper.check(text) for text in ("216,000", "216000", "216 000", "60^3")] == [True, True, True, False]
    stepper.go(1)
    assert [stepper.check(text) for text in ("48.8%", "61/125", "0.488", "61 / 125", "50%")] == [
        True, True, True, True, False]


def test_a_lesson_card_is_one_step_without_navigation_and_checks_with_the_engine():
    card = scenarios.lesson_card("Game End and Scoring")
    assert card.children == (card.content,)
    assert card.check("8") is True and card.check("9") is False
    with pytest.raises(LessonError, match=r"no step 'Boarding Actions'.*its steps are: Setup, How to Play"):
        scenarios.lesson_card("Boarding Actions")
