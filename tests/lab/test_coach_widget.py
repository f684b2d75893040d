"""The Coach panel and GameTable's Coach toggle (plain pytest, no browser)."""
from __future__ import annotations

import pytest

import lab_toy
from pirates_lab.lab.coach import MAX_WORK, DEFAULT_HORIZON
from pirates_lab.widgets.coach import BARS, CoachPanel, coach_rows
from pirates_lab.widgets.table import GameTable


def position(mine=5, theirs=9):
    return lab_toy.Game(players=2).new_initial_state().apply(mine).apply(theirs)


def test_the_panel_shows_a_bar_per_move_the_move_to_play_and_why():
    panel = CoachPanel(lambda: position().view(0), "High Card", budget=60, threaded=False, seed=2)
    panel.ask()
    advice = panel.advice
    assert advice is not None and panel.chart_box.children
    figure = panel.chart_box.children[0]
    bars = figure.marks[0]
    assert list(bars.y) == [m.win_rate for m in advice.moves]
    assert [list(w) for w in figure.marks[1].x] == [[m.low, m.high] for m in advice.moves]
    assert f"Play <b>{advice.best.label}</b>" in panel.best.value and "Why" in panel.why.value
    assert panel.progress.layout.display == "none" and not panel.longer_button.disabled


def test_think_longer_doubles_the_budget_and_a_budget_too_large_is_refused_in_place():
    panel = CoachPanel(lambda: position().view(0), budget=40, threaded=False)
    panel.ask()
    panel.think_longer()
    assert panel.budget == 80 and panel.advice.samples == 40
    panel.budget = MAX_WORK // DEFAULT_HORIZON
    before = panel.advice
    panel.think_longer()
    assert "too large" in panel.status.value and panel.advice is before and panel.budget == MAX_WORK // DEFAULT_HORIZON


def test_only_the_best_few_moves_get_bars():
    from pirates_lab.lab.coach import Advice, MoveEstimate
    moves = tuple(MoveEstimate(str(i), f"move number {i} " + "x" * 40, 4, 1, 0.25, 0, 1, 0, 0, 0) for i in range(9))
    rows = coach_rows(Advice(0, moves, 36, 4, 0, 10, "random", False))
    assert len(rows) == BARS and rows[0]["label"].startswith("1. move number 0") and rows[0]["label"].endswith("…")


def test_nothing_to_decide_is_said_in_words():
    panel = CoachPanel(lambda: position().view(1), threaded=False)
    panel.ask()
    assert "your move" in panel.status.value and panel.advice is None


def test_the_game_tables_coach_toggle_answers_for_the_person_to_move_and_again_after_a_move():
    table = GameTable(lab_toy.Game(players=2), humans=(0, 1), seed=3)
    table.reveal()
    assert table.coach is None and table.coach_toggle.description == "Coach"
    table.coach_toggle.value = True
    panel = table.coach
    assert panel in table.children
    panel.wait()
    first = panel.advice
    assert first is not None and {m.label for m in first.moves} == {"stand", "swap"}
    table.play(table.model.legal_actions()[0])        # Player 2's turn now: the curtain, nothing shown
    assert panel.advice is None
    table.reveal()
    panel.wait()
    assert panel.advice is not None and panel.advice.seat == 1
    table.coach_toggle.value = False
    assert panel not in table.children


@pytest.fixture()
def held_coach(monkeypatch):
    """The panel's Coach waits for ``go`` before thinking, so a test sees the panel while it thinks."""
    import threading

    import pirates_lab.widgets.coach as panel_module
    go = threading.Event()

    class HeldCoach(panel_module.Coach):
        def advise(self, view, seed=0, progress=None):
            assert go.wait(30)
            return super().advise(view, seed, progress)

    monkeypatch.setattr(panel_module, "Coach", HeldCoach)
    return go


def test_a_progress_bar_counts_the_playouts_while_it_thinks_and_goes_when_it_answers(held_coach):
    panel = CoachPanel(lambda: position().view(0), budget=400)
    panel.ask()
    assert panel.progress.layout.display == "flex" and panel.progress.max == 400
    assert panel.ask_button.disabled and "Thinking: 400 trial games for the 2 moves" in panel.status.value
    held_coach.set()
    panel.wait()
    assert panel.progress.value == 400 and panel.progress.layout.display == "none" and panel.advice is not None


def test_an_answer_about_an_old_position_is_dropped(held_coach):
    panel = CoachPanel(lambda: position().view(0), budget=400)
    panel.ask()
    panel.clear("moved on")                         # the position changed while it thought
    held_coach.set()
    panel.wait()
    assert panel.advice is None and "moved on" in panel.status.value
