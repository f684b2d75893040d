"""The Plunder (2013) lesson (pirates_lab/plunder_2013/data/lessons.toml): a class path of screens with a
screen for every rulebook heading and a probability idea on each, something to touch on every class screen,
and every answer the engine computes equal to an independent computation — a plain enumeration of every
deal or hand written here, the reference brute force, or the rule done by hand (issue 39).

Rules: Plunder (2013) › Setup
Rules: Plunder (2013) › How to Play
"""
from __future__ import annotations

import functools
import random
from collections import Counter
from fractions import Fraction
from itertools import permutations, product

import ipywidgets as widgets
import pytest

import pirates_lab.widgets.plunder_2013_lessons as scenarios
from pirates_lab.core.rules import rulebook
from pirates_lab.plunder_2013 import lessons
from pirates_lab.plunder_2013.reference import brute_force
from pirates_lab.widgets.canvas import BoardCanvas
from pirates_lab.widgets.lesson import LessonView, QuestionView, shown_text, visible_text
from pirates_lab.widgets.lesson_model import Lesson, LessonError

GAME = "plunder_2013"
NAV = {"◀ Back", "Next ▶", "Reset"}


def answers_by_title() -> dict:
    return {name.split("'")[1]: value for name, value in Lesson.for_game(GAME).answers().items()}


def view_at(title: str) -> LessonView:
    view = LessonView(Lesson.for_game(GAME), presenter=False)
    view.go(view.lesson.find(title).number - 1)
    return view


def aye(hand, clue) -> bool:
    """The printed rule, written here: Aye when one or more map cards equal that category's clue."""
    return hand[0] == clue[0] or hand[1] == clue[1] or hand[2] == clue[2]


@functools.lru_cache(maxsize=None)
def fitting_deals(days: int = 3, partial: tuple = ()) -> list[list[tuple[int, int, int]]]:
    """Every deal of the other pirates' cards that fits the first ``days`` days of the lesson (and the
    ``partial`` answers (asker, clue, pirate, said) of a day under way), by plain enumeration (no engine code)."""
    mine = lessons.MY_CARDS
    pools = [[x for x in range(1, 7) if x != mine[c]] for c in range(3)]
    facts = [(clue, p, said) for _, clue, answers in lessons.DAYS[:days] for p, said in answers.items()]
    facts += [(clue, p, said) for _, clue, p, said in partial]
    deals = []
    for islands in permutations(pools[0], 3):
        for markers in permutations(pools[1], 3):
            for traps in permutations(pools[2], 3):
                hands = [mine] + [(islands[k], markers[k], traps[k]) for k in range(3)]
                if all(aye(hands[p], clue) == (said == "aye") for clue, p, said in facts):
                    deals.append(hands)
    return deals


def bills_hands() -> list[tuple[int, int, int]]:
    """The 125 hands Bill may hold from Pete's seat: in each category one of the five cards Pete lacks."""
    return [h for h in product(range(1, 7), repeat=3) if all(x != m for x, m in zip(h, lessons.MY_CARDS))]


def controls(widget) -> list:
    """What a student can touch on a screen besides the answer box and the navigation: buttons, toggles,
    dropdowns, sliders, boards that answer a click."""
    found = []
    if isinstance(widget, QuestionView):
        return found
    if isinstance(widget, widgets.Button) and widget.description not in NAV:
        found.append(widget)
    elif isinstance(widget, (widgets.ToggleButtons, widgets.Dropdown, widgets.IntSlider, widgets.FloatSlider,
                             widgets.Tab)):
        found.append(widget)
    elif isinstance(widget, BoardCanvas) and widget._click_callbacks:
        found.append(widget)
    for child in getattr(widget, "children", ()) or ():
        found += controls(child)
    return found


# ---------------------------------------------------------------- the lesson file
def test_every_heading_has_a_rule_screen_and_the_class_path_is_a_probability_thread():
    lesson = Lesson.for_game(GAME)
    assert lesson.coverage() == []
    rules = [s for s in lesson.class_screens if s.kind == "rule"]
    assert [s.title for s in rules] == rulebook(GAME).headings          # titled exactly as printed
    assert all(s.quote and s.demo and s.why and s.question for s in rules)
    assert lesson.screens[0].kind == "game" and 12 <= len(lesson.class_screens) <= 15
    assert lesson.minutes == 45 and lesson.level
    assert set(lesson.ideas) == {"equally likely outcomes", "counting by multiplying choices", "the complement",
                                 "simulation against the exact answer", "conditional chance", "expected value"}
    # the class path ends on the synthesis: a checked question (not a prediction) on chance × points
    last = lesson.class_screens[-1]
    assert last.title == "What is a dig worth?" and last.question and last.question.mode == "check"


def test_every_demo_builds_and_no_screen_shows_its_answer_before_the_question():
    assert Lesson.for_game(GAME).check_all(shown_text) == []


def test_every_class_screen_has_something_to_touch_besides_the_answer_box():
    view = LessonView(Lesson.for_game(GAME), presenter=False)
    for screen in view.lesson.class_screens:
        view.go(screen.number - 1)
        assert controls(view.content), screen.title


def test_no_screen_shows_expert_words_or_numbered_cards():
    view = LessonView(Lesson.for_game(GAME), presenter=False)
    for screen in view.lesson.class_screens:
        view.go(screen.number - 1)
        text = visible_text(view.content)
        for word in ("bits", "information expected", "P =", "standard error", "exact fraction: hover",
                     "player 0", "1 cards", "before anyone else"):
            assert word not in text, (screen.title, word)


# ---------------------------------------------------------------- answers, computed another way
def test_setup_answer_counts_every_deal():
    total, _ = brute_force(lessons.PLAYERS, lessons.ME, lessons.MY_CARDS, 6)
    assert answers_by_title()["Setup"] == total == (5 * 4 * 3) ** 3


def test_how_to_play_answer_is_the_share_of_aye_hands():
    clue = lessons.DAYS[0][1]
    hands = bills_hands()
    assert len(hands) == 125 and not any(m == c for m, c in zip(lessons.MY_CARDS, clue))
    ayes = sum(aye(h, clue) for h in hands)
    assert answers_by_title()["How to Play"] == Fraction(ayes, 125) == 1 - Fraction(4, 5) ** 3 == Fraction(61, 125)


def test_dealing_answer_is_a_thousand_times_the_counted_chance():
    clue = lessons.DAYS[0][1]
    assert answers_by_title()["Checking by dealing"] == 1000 * sum(aye(h, clue) for h in bills_hands()) / 125 == 488


def test_an_aye_answer_counts_the_deals_where_bill_said_aye():
    asker, clue, _ = lessons.DAYS[0]
    deals = fitting_deals(0, ((asker, clue, lessons.BILL, "aye"),))
    parrot = sum(1 for hands in deals if hands[lessons.BILL][0] == clue[0])
    assert answers_by_title()["An Aye, counted"] == Fraction(parrot, len(deals)) == Fraction(25, 61)
    # the same as counting Bill's hands alone: the other pirates' cards divide evenly
    hands = [h for h in bills_hands() if aye(h, clue)]
    assert Fraction(sum(h[0] == clue[0] for h in hands), len(hands)) == Fraction(25, 61)


def test_grid_answer_is_the_number_of_deals_that_fit_three_days_and_is_a_prediction():
    assert answers_by_title()["Using the Solution Grids"] == len(fitting_deals()) == 5946
    view = view_at("Using the Solution Grids")
    assert view.question.model.predict
    assert view.question.check("1000") is not False and "✘" not in view.question.feedback.value
    assert "5,946" in view.question.feedback.value


def test_digging_answer_is_the_likeliest_location_of_bills_treasure():
    deals = fitting_deals()
    places = Counter(hands[lessons.BILL] for hands in deals)
    assert answers_by_title()["Digging Up Treasure"] == Fraction(max(places.values()), len(deals))


def test_scoring_answer_follows_the_printed_points():
    # Jack finds Pete's treasure (Pete keeps 3 of 6); Pete is the first to find Bill's (+3) and the second to
    # find Jack's (+2); his second card for Jack's treasure counts for nothing
    assert answers_by_title()["Game End and Scoring"] == 3 + 3 + 2


def test_synthesis_answer_is_two_points_times_the_chance_of_the_likeliest_place():
    deals = fitting_deals()
    best = max(Counter(hands[lessons.BILL] for hands in deals).values())
    assert answers_by_title()["What is a dig worth?"] == 2 * Fraction(best, len(deals)) == Fraction(624, 5946)


def test_the_hands_at_the_end_fit_every_answer_of_the_three_days():
    assert list(lessons.HANDS) in fitting_deals()


# ---------------------------------------------------------------- the pictures answer: counts beside them
def test_the_hand_grid_shades_and_counts_the_hands_asked_about():
    grid = scenarios.bills_hands_nay()
    grid.toggles.value = "nay"
    clue = lessons.DAYS[0][1]
    nay = sum(not aye(h, clue) for h in bills_hands())
    assert f"{nay} of the 125" in grid.count.value and nay == 64
    shaded = [op for op in grid.board.ops["hands"] if op.kind == "rect" and op.fill == "#9fb8d9"]
    assert len(shaded) == 64
    grid.board.click(120 + 3, 24 + 3)                 # the first box: Whale Island, Palm Tree, Snake Pit
    assert "Whale Island / Palm Tree / Snake Pit" in grid.said.value and "Nay!" in grid.said.value
    both = scenarios.bills_hands_aye()
    both.toggles.value = "island"
    assert "25 of the 125" in both.count.value
    both.toggles.value = "aye"
    assert "61 of the 125" in both.count.value


def test_dealing_is_seeded_and_reset_brings_the_same_deals_back():
    view = view_at("Checking by dealing")
    dealer = [w for w in controls(view.content) if isinstance(w, widgets.Button)][0]
    dealer.click()
    first = visible_text(view.content)
    assert "of 10 deals" in first
    view.reset()
    assert "No deals yet" in visible_text(view.content)
    [w for w in controls(view.content) if isinstance(w, widgets.Button)][0].click()
    assert visible_text(view.content) == first
    # the share settles near the exact chance: 1,000 seeded deals within 4 standard deviations of 488
    dealt = lessons.deal_bills_hands(random.Random(2024), 1000)
    assert abs(sum(dealt) - 488) < 4 * (1000 * Fraction(61, 125) * Fraction(64, 125)) ** 0.5


def test_the_day_stepper_counts_as_plain_enumeration_and_hides_day_three():
    stepper = scenarios.day_stepper()
    for _ in range(3):
        stepper.next_button.click()
    text = visible_text(stepper)
    assert f"{len(fitting_deals(1)):,}" in text and f"{len(fitting_deals(2)):,}" in text
    assert "5,946" not in text and "5946" not in text and stepper.next_button.disabled
    assert "Turtle Island" in stepper.grid.value                   # the clue cards by name


def test_the_dig_picker_counts_the_deals_that_put_bills_treasure_there():
    picker = scenarios.dig_picker()
    places = Counter(hands[lessons.BILL] for hands in fitting_deals())
    for place in [(3, 2, 3), (3, 6, 6), (1, 1, 2)]:
        for category, card in zip(("island", "marker", "trap"), place):
            picker.pickers[category].value = card
        assert f"{places.get(place, 0):,} of the 5,946" in picker.shown.value
    picker.top_button.click()
    assert "312" in picker.top.value and "Parrot Island / Shipwreck / Rolling Boulder" in picker.top.value


def test_the_chest_reveals_only_the_treasures_found():
    reader = scenarios.chest_reader()
    newest = []
    while not reader.next_button.disabled:
        reader.next_button.click()
        newest.append(visible_text(reader.newest).split(":", 1)[1])
    assert "found second: +2" in newest[3] and "the same place again" in newest[5]
    text = visible_text(reader)
    assert "still secret" in text and lessons.location_name(lessons.HANDS[1]) not in text   # nobody found Meg's
    assert lessons.location_name(lessons.HANDS[2]) in text                                   # Pete found Bill's
    assert "found second: +2" in reader.earlier.value          # the cards before, folded


# ---------------------------------------------------------------- broken demos and answers are noticed
def test_a_demo_that_raises_fails_check_all_naming_the_screen(monkeypatch):
    def broken():
        raise ValueError("the grid fell overboard")

    monkeypatch.setattr(scenarios, "solution_grid", broken)
    with pytest.raises(LessonError, match=r"screen 8 'The Solution Grid after three days'.*the grid fell overboard"):
        Lesson.for_game(GAME).check_all(shown_text)


def test_a_broken_demo_shows_its_error_in_place_and_the_question_still_works(monkeypatch):
    monkeypatch.setattr(scenarios, "dig_picker", lambda: 1 / 0)
    view = view_at("Digging Up Treasure")
    assert "division by zero" in visible_text(view.content) and view.question.check("52/991") is True


def test_a_changed_answer_changes_the_verdict(monkeypatch):
    monkeypatch.setattr(scenarios, "deals_at_start", lambda: 7)
    view = view_at("Setup")
    assert view.question.check("216,000") is False and view.question.check("7") is True
    monkeypatch.setattr(scenarios, "chance_parrot_given_aye", lambda: Fraction(1, 5))
    assert view_at("An Aye, counted").question.check("25/61") is False


def test_a_demo_that_shows_its_answer_fails_check_all(monkeypatch):
    monkeypatch.setattr(scenarios, "setup_deal", lambda: {"deals that fit": lessons.deals_at_start()})
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
    assert [view.question.check(t) for t in ("3/5", "48.8%")] == [False, True] and "61/125" in \
        view.question.feedback.value
    assert view_at("How to Play").question.check("150%") is False
    # the why of a wrong answer points back at the picture: the counted fraction, unreduced
    wrong = view_at("How to Play").question
    wrong.check("3/5")
    wrong.check("60%")
    wrong.reveal_button.click()
    assert "64 of his 125 hands" in wrong.why.value and "61 of the 125" in wrong.why.value


def test_every_screen_has_a_reset_and_folded_teacher_notes_with_minutes():
    view = LessonView(Lesson.for_game(GAME), presenter=False)
    for index in range(len(view.screens)):
        view.go(index)
        assert "<summary>Teacher notes</summary>" in view.notes.value and "?screen=" in view.notes.value
        assert view.reset_button.description == "Reset"
    for screen in view.lesson.class_screens:
        assert "minute" in screen.teacher[0], screen.title
    view.go(1)
    view.question.check("12")
    view.reset()
    assert view.question.feedback.value == "" and view.question.model.wrong_tries == 0


def test_the_map_cards_button_fits_beside_the_table_picture_with_large_fonts():
    """The projector walk (1024 × 768, Large fonts) measured 234 px beside the table picture, and the box there
    clipped 'Look at your map cards' (243 px).  The label, estimated at the Large text size plus the button's
    padding, fits that room; and the box never shrinks below what it holds (it would clip, not wrap)."""
    from pirates_lab.widgets.drawing import Drawing, text_box
    from pirates_lab.widgets.presenter import LARGE_SCALE

    room, padding = 234, 2 * 12
    row = scenarios.table_picture()
    board, side = row.children
    look = side.children[0]
    assert look.description == scenarios.LOOK
    left, _, right, _ = text_box(Drawing().text(look.description, 0, 0, font=f"{round(14 * LARGE_SCALE)}px sans-serif").ops[0])
    assert right - left + padding <= room, (look.description, right - left + padding)
    assert side.layout.min_width in ("min-content", "max-content", "fit-content")
    look.click()
    assert "Your secret cards" in side.children[1].value


# ---------------------------------------------------------------- live screens and the coach (issues 34 and 37)
#: each heading's live example: the demo's class and what a student does on it (docs/lessons.md's table)
LIVE = {"Setup": ("DealPanel", "Deal the other pirates' cards"), "How to Play": ("HandGrid", "Deal Bill a hand"),
        "Using the Solution Grids": ("DayStepper", None), "Digging Up Treasure": ("DigPicker", None),
        "Game End and Scoring": ("ChestReader", None)}


def test_every_heading_carries_its_rule_on_a_live_rule_screen_and_none_is_text_only():
    """Issue 34 item 4: all five headings carry a rule; each is a class rule screen whose demo is a live example
    from the engine's scenarios (something to press), with a question; no reference screen is left text only."""
    lesson = Lesson.for_game(GAME)
    assert lesson.reference_screens == [] and set(LIVE) == set(rulebook(GAME).headings)
    for heading, (kind, press) in LIVE.items():
        screen = lesson.find(heading)
        assert screen.kind == "rule" and screen.question and screen in lesson.class_screens
        demo = getattr(scenarios, screen.demo)()
        assert type(demo).__name__ == kind and controls(demo), heading
        if press:
            assert press in [b.description for b in controls(demo) if isinstance(b, widgets.Button)], heading


def test_the_coach_screen_is_at_a_decision_of_two_moves_or_more_and_says_the_coach_cannot_tell_them_apart():
    """Issue 37 item 3: the coach screen builds a table at the asker's first choice (keep, or flip one of three
    decks); its text says the coach's ranges overlap here (docs/coach.md, Limits), in students' words."""
    lesson = Lesson.for_game(GAME)
    screen = lesson.find("Predict the best move, then ask the coach")
    titles = [s.title for s in lesson.class_screens]
    assert screen.kind == "play" and screen.demo == "coach_at_the_table"
    assert titles.index(screen.title) == titles.index("Play a game against three computer pirates") + 1
    table = scenarios.coach_at_the_table()
    legal = [str(a) for a in table.model.legal_actions()]
    assert table.model.human_to_move and len(legal) >= 2 and "keep the clues" in legal
    assert table.coach_toggle.description == "Coach"
    for words in ("monte carlo", "playout", "interval"):
        assert words not in screen.text.lower()
    assert "the coach's range" in screen.text and "tie" in screen.text


def test_quick_random_games_from_the_coach_screen_end_in_a_tie_whatever_the_move():
    """The coach screen's sentence "every pirate tosses his crew cards into the chest at once and the game ends in
    a tie, whatever you chose": from each of the asker's moves, seeded games of random moves (the coach's quick
    games) end within a dozen steps, nearly all in a tie shared by both pirates."""
    state = scenarios.coach_at_the_table().model.state
    for move in state.legal_actions():
        ties = 0
        for seed in range(40):
            rng, game, steps = random.Random(seed), state.apply(move), 0
            while not game.is_terminal():
                game = game.apply(game.chance_outcomes().sample(rng) if game.current_player() < 0
                                  else rng.choice(list(game.legal_actions())))
                steps += 1
            ties += tuple(game.winners()) == (0, 1)
            assert steps <= 12, (move, seed, steps)
        assert ties >= 38, (move, ties)


def test_the_coach_screens_grid_keeps_its_painted_width_and_16_px_names():
    """The projector walk (Large fonts) found the right grid's card names at 24 px overlapping their boxes' marks when
    GameTable's board shrank beside the moves; the coach screen gives the grid the room of its painted width and the
    16 px floor of the Solution Grid's compact view, and groups the three flips behind one button."""
    from pirates_lab.widgets.canvas import CANVAS_TEXT

    was = CANVAS_TEXT.large
    CANVAS_TEXT.large = True
    try:
        table = scenarios.coach_at_the_table()
        board, moves = table.children[1].children
        assert board is table.board and board.shrinks is False and board.text_size.floor == 16
        assert board.canvas.width + scenarios.COACH_MOVES_WIDTH + 10 <= 990        # side by side within the page
        assert [b.description for b in table.action_buttons] == ["keep the clues", "flip one more … (3)"]
    finally:
        CANVAS_TEXT.large = was
