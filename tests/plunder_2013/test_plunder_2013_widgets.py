"""Plunder (2013) widgets without a browser: pure grid drawing, clicks, the table, the classroom."""
from __future__ import annotations

from fractions import Fraction

from pirates_lab.plunder_2013 import CATEGORIES, Deduction
from pirates_lab.plunder_2013.engine import answer_is_aye
from pirates_lab.plunder_2013.game import score_chest
from pirates_lab.widgets.drawing import rasterize, shade
from pirates_lab.core import GAME_OVER
from pirates_lab.widgets.plunder_2013 import (ClassroomRound, ClassroomView, GridLayout, PlunderMatch,
                                              PlunderTable, SolutionGridView, cell_at, solution_grid_ops)
from pirates_lab.widgets.plunder_2013_grid import short_name


def small_deduction():
    s = Deduction(players=3, me=0, my_cards=(1, 1, 1))
    s.record(asker=0, clues=(2, 2, 2), answers={1: "nay", 2: "aye"})
    s.record(asker=0, clues=(3, 3, 3), answers={1: "nay", 2: "nay"})
    s.record(asker=1, clues=(4, 3, 3), answers={0: "nay", 2: "aye"})
    return s


def texts(ops):
    return [op.args[0] for op in ops if op.kind == "text"]


def test_grid_ops_are_pure_and_show_the_solver_marks():
    s = small_deduction()
    ops = solution_grid_ops(s)
    assert ops == solution_grid_ops(s)
    marginals = s.marginals()
    zeros = sum(1 for p in marginals for c in CATEGORIES for x in range(1, 7) if marginals[p][c][x] == 0)
    ones = sum(1 for p in marginals for c in CATEGORIES for x in range(1, 7) if marginals[p][c][x] == 1)
    cells = 2 * 3 * 6
    assert texts(ops).count("X") == zeros and texts(ops).count("O") == cells - zeros   # printed: O = might have it
    assert texts(ops).count("✓") == ones
    assert texts(ops).count("50%") == sum(1 for p in marginals for c in CATEGORIES for x in range(1, 7)
                                          if marginals[p][c][x] == Fraction(1, 2))
    # the left grid: day 3, asked by pirate 1: "-" for the asker, N for me, Y for pirate 2
    layout = GridLayout(3)
    row_y = layout.top + 3 * layout.row + layout.row / 2
    day3 = [op.args[0] for op in ops if op.kind == "text" and op.args[2] == row_y and op.args[1] < layout.left_width]
    # the clue cards by name, as the clues are read out (issue 39: no grid numbers the cards)
    assert day3 == ["3", "Turtle", "Waterfall", "Rolling Boulder", "N", "-", "Y"]
    # every right-grid box names its card
    names = texts(ops)
    assert all(names.count(short_name(c, x)) >= 2 for c in CATEGORIES for x in range(1, 7))
    # an open cell is shaded by its probability
    x, y = layout.cell_origin(0, 0, 5)            # pirate 1, island 5: probability 1/2
    cell = [op for op in ops if op.kind == "rect" and op.args[:2] == (x, y)]
    assert cell and cell[0].fill == shade(0.5) and marginals[1]["island"][5] == Fraction(1, 2)


def test_grid_pixels_and_clicks_map_back_to_cells():
    s = small_deduction()
    layout = GridLayout(3)
    image = rasterize(solution_grid_ops(s), layout.width, layout.height(2))
    x, y = layout.cell_origin(1, 0, 4)            # pirate 2 must hold island 4: an "O", full red
    assert image.getpixel((x + 3, y + 3)) == (0xb2, 0x22, 0x22)
    x, y = layout.cell_origin(0, 1, 2)            # pirate 1, marker 2: an "X", white
    assert image.getpixel((x + 3, y + 3)) == (255, 255, 255)
    for block, player in enumerate(s.rivals()):
        for c, category in enumerate(CATEGORIES):
            for card in range(1, 7):
                cx, cy = layout.cell_origin(block, c, card)
                assert cell_at(s, cx + layout.cell / 2, cy + layout.cell / 2) == (player, category, card)
    assert cell_at(s, 5, 5) is None


def test_hand_marks_cycle_and_the_solver_checks_them():
    s = small_deduction()
    view = SolutionGridView(s, mode="hand")
    layout = GridLayout(3)
    x, y = layout.cell_origin(0, 0, 2)
    x, y = x + 5, y + 5                           # clicks are in the drawing's coordinates
    view.board.click(x, y)                        # pirate 1 island 2: X (right)
    assert view.marks.marks == {(1, "island", 2): "X"}
    view.board.click(x, y)                        # X -> O: wrong, the solver disagrees
    assert view.marks.disagreements(s) == [(1, "island", 2)] and "disagrees" in view.why.value
    view.board.click(x, y)
    assert view.marks.marks == {}
    assert texts(view.ops()).count("X") == 0      # hand mode shows only hand marks
    view.mode.value = "solver"
    view.board.click(*(v + 5 for v in layout.cell_origin(1, 0, 4)))
    assert "must hold" in view.why.value and view.selected == (2, "island", 4)


def test_table_plays_a_whole_game_through_its_buttons():
    table = PlunderTable(players=3, seed=5)
    state_before = table.match.state
    steps = 0
    while table.match.waiting_for() != GAME_OVER:
        waiting = table.match.waiting_for()
        if waiting == "choose":
            assert "Flip advisor" in table.advice.value
            table.keep_button.click()
        elif waiting == "answer":
            truth = answer_is_aye(table.match.my_cards, table.match.state.clue)
            before = table.match.state
            (table.nay_button if truth else table.aye_button).click()        # the wrong answer first
            assert "must say" in table.message.value and table.match.state is before
            (table.aye_button if truth else table.nay_button).click()
            assert table.message.value == ""
        else:
            assert "Dig advisor" in table.advice.value
            view = table.match.view()
            rival, (location, p) = max(view.most_likely().items(), key=lambda kv: kv[1][1])
            sent = any(c.player == 0 and c.location == location for c in table.match.state.chest)
            if p == 1 and not sent:
                for c, x in zip(CATEGORIES, location):
                    table.pickers[c].value = x
                table.dig_button.click()
                assert table.match.state.chest[-1].location == location or table.match.waiting_for() == GAME_OVER
            else:
                table.pass_button.click()
        steps += 1
        assert steps < 400
    assert "Game over" in table.status.value and state_before.day == 1
    state = table.match.state
    assert state.phase == GAME_OVER
    found = len(score_chest(state.hands, state.chest)[2][0])
    crossed = [op for op in table.grid.ops() if op.kind == "line" and op.stroke == "#b22222"]
    assert table.grid.finders == found and len(crossed) == min(found, 3)


def test_match_is_seeded():
    a, b = PlunderMatch(players=4, seed=9), PlunderMatch(players=4, seed=9)
    assert a.state.to_json() == b.state.to_json()


def test_classroom_reveals_answers_one_by_one():
    s = Deduction(players=4, me=0, my_cards=(2, 5, 1))
    round_ = ClassroomRound(s, asker=1, clue=(3, 2, 6), answers={0: "nay", 2: "aye", 3: "nay"})
    view = ClassroomView(round_)
    assert round_.next_player() == 2 and round_.current.count() == 60 ** 3
    expected = round_.preview().count()
    assert view.check(str(expected + 1)) is False and "lower" in view.feedback.value      # feedback that teaches
    assert view.check("") is None and "Type an answer first" in view.feedback.value
    assert view.check("-3") is False and "whole number, 0 or more" in view.feedback.value
    assert view.check(f"{expected:,}") is True
    view.reveal_button.click()
    assert round_.revealed == [2] and round_.current.count() == expected
    view.reveal_button.click()
    view.reveal_button.click()
    assert round_.revealed == [2, 3, 0] and view.reveal_button.disabled
    full = Deduction(players=4, me=0, my_cards=(2, 5, 1))
    full.record(1, (3, 2, 6), {0: "nay", 2: "aye", 3: "nay"})
    assert round_.current.count() == full.count() == 63936
    assert "Every answer is in" in view.header.value


def test_classroom_shows_an_impossible_answer_in_the_widget():
    s = Deduction(players=3, me=0, my_cards=(1, 1, 1))
    round_ = ClassroomRound(s, asker=0, clue=(1, 1, 1), answers={1: "aye", 2: "nay"})   # only I hold those cards
    view = ClassroomView(round_)
    assert view.check("5") is None and "answered wrongly" in view.feedback.value   # shown in place
    view.reveal_button.click()
    assert "answered wrongly" in view.feedback.value and round_.revealed == []


# ---------------------------------------------------------------- on a projector (issue 13)
def test_the_grid_is_a_kit_board_that_grows_with_large_fonts_and_shrinks_with_its_box():
    from pirates_lab.widgets.canvas import CANVAS_TEXT

    view = SolutionGridView(small_deduction())
    layout = GridLayout(3)
    canvas = view.board.canvas
    assert (canvas.width, canvas.height) == (layout.width, layout.height(2))
    assert canvas.layout.max_width == "100%" and canvas.layout.height == "auto"
    CANVAS_TEXT.large = True                                # painted 1.5 times larger, sharp
    assert (canvas.width, canvas.height) == (round(1.5 * layout.width), round(1.5 * layout.height(2)))
    title = next(op for op in view.board.painted("grid") if op.kind == "text" and op.args[0].startswith("Solution"))
    assert title.font == "bold 24px sans-serif" and title.args[1:] == (9.0, 21.0)
    # six pirates, twelve cards: the widest grid the Game accepts still fits a 1024 px projector at most 1.1x shrunk
    assert GridLayout(6, 12).width <= 1.1 * 994


def test_a_compact_grid_puts_the_days_in_a_table_beside_the_right_grid():
    s = small_deduction()
    view = SolutionGridView(s, compact=True)
    compact = GridLayout.compact(3)
    # boxes wide enough for the card names, still beside a column of questions on a projector
    assert (view.board.width, view.board.height) == (compact.width, compact.height(2)) and compact.width < 430
    texts = [op.args[0] for op in view.ops() if op.kind == "text"]
    assert "Solution Grid of Sneaky Pete" not in texts and "Day" not in texts       # the days are the table
    assert "<th>Day</th>" in view.days_table.value and view.days_table.value.count("<tr>") == 1 + 3 + 1
    # beside the right grid the clue cards are named one a line (three named columns would not fit)
    assert "<th>Clues</th>" in view.days_table.value
    assert "Turtle Island<br>Waterfall<br>Rolling Boulder" in view.days_table.value
    x, y = compact.cell_origin(1, 0, 4)
    view.board.click(x + 3, y + 3)
    assert view.selected == (2, "island", 4) and "must hold" in view.why.value


def test_grid_text_is_large_enough_to_read_on_a_projector():
    sizes = [int(op.font.split("px")[0].split()[-1]) for op in solution_grid_ops(small_deduction())
             if op.kind == "text"]
    marks = [int(op.font.split("px")[0].split()[-1]) for op in solution_grid_ops(small_deduction())
             if op.kind == "text" and op.args[0] in ("X", "O", "✓")]
    assert min(sizes) >= 12 and min(marks) >= 12 and sum(s >= 14 for s in marks) > 0.5 * len(marks)


def test_buttons_are_as_wide_as_their_labels():
    table = PlunderTable(players=4, seed=2013)
    view = ClassroomView(ClassroomRound(Deduction(players=4, me=0, my_cards=(2, 5, 1)), asker=1, clue=(3, 2, 6),
                                        answers={0: "nay", 2: "aye", 3: "nay"}))
    for button in [table.keep_button, *table.flip_buttons.values(), table.dig_button, view.reveal_button]:
        assert button.layout.width == "auto", button.description


def test_why_shows_a_percentage_not_a_fraction_repr():
    view = SolutionGridView(small_deduction())
    view.show_why(1, "island", 5)                     # probability 1/2
    assert "50.00% (1/2)" in view.why.value and "Fraction(" not in view.why.value


def test_classroom_feedback_does_not_go_stale_after_a_reveal():
    round_ = ClassroomRound(Deduction(players=4, me=0, my_cards=(2, 5, 1)), asker=1, clue=(3, 2, 6),
                            answers={0: "nay", 2: "aye", 3: "nay"})
    view = ClassroomView(round_)
    assert view.check("lots") is False and "Type a whole number" in view.feedback.value
    view.reveal_button.click()
    assert view.feedback.value == "" and view.prediction.value == ""
    assert f"Deals that fit everything said: <b class='pl-plunder-deals'>{round_.current.count():,}</b>" in \
        view.header.value


def test_a_move_says_thinking_and_disables_every_button_before_the_computer_pirates_move(monkeypatch):
    """Issue 39: a move showed nothing for over 2 s, so a second click got a refusal. Now the status says
    "thinking…" and every button is disabled before the slow part starts, and both come back after."""
    table = PlunderTable(players=4, seed=2013)
    seen = []
    act = table.match.act

    def slow_act(action):
        seen.append(("thinking…" in table.status.value, all(b.disabled for b in table.buttons())))
        act(action)

    monkeypatch.setattr(table.match, "act", slow_act)
    table.keep_button.click()
    assert seen == [(True, True)]
    assert "thinking…" not in table.status.value and not any(b.disabled for b in table.buttons())


def test_the_advisors_speak_in_chances_and_points_not_bits():
    from pirates_lab.plunder_2013 import Keep

    table = PlunderTable(players=4, seed=2013)
    assert "bits" not in table.advice.value and "Keep the three clues" in table.advice.value
    table.play(Keep())
    assert table.match.waiting_for() == "dig"
    assert "P =" not in table.advice.value and "?" not in table.advice.value and "on average" in table.advice.value
    assert all(picker.options[0][0] == "Whale Island" or not picker.options[0][0][0].isdigit()
               for picker in table.pickers.values())
