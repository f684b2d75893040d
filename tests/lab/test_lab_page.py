"""The strategy lab page (widgets/strategy_lab.py), without a browser: it plays no game to appear, it reads the
stored answers, it is a lesson for people, and Run again plays new games with a progress bar and a Stop."""
from __future__ import annotations

import re
import threading

import ipywidgets as widgets
import pytest

from pirates_lab.lab import stored as stored_module
from pirates_lab.core import games
from pirates_lab.lab.stored import load, play
from pirates_lab.widgets import strategy_lab as page_module
from pirates_lab.widgets.canvas import CANVAS_TEXT
from pirates_lab.widgets.strategy_lab import ProgressExecutor, StrategyLab, Stopped, screen_from_query

#: words a student should not meet (teacher notes are apart)
DEVELOPER_WORDS = re.compile(r"\b(policy|policies|seed|tournament|kernel|cell|Results|None|Fraction|executor|"
                             r"pirates_lab|\w+\.py|\w+_\w+)\b")


@pytest.fixture(scope="module")
def stored():
    return load()


@pytest.fixture
def lab(stored):
    return StrategyLab(stored, start=0)


def student_text(widget) -> str:
    """Every text a student sees in ``widget``: HTML and labels, buttons, options; teacher notes left out."""
    if "pl-teacher-notes" in getattr(widget, "_dom_classes", ()):
        return ""
    parts = []
    for name in ("value", "description", "tooltip"):
        value = getattr(widget, name, None)
        if isinstance(value, str) and not isinstance(widget, widgets.Text):
            parts.append(re.sub(r"<[^>]+>", " ", value))
    if isinstance(widget, (widgets.Dropdown, widgets.ToggleButtons)):
        parts += [str(label) for label, _ in widget.options]
    for child in getattr(widget, "children", ()):
        parts.append(student_text(child))
    if hasattr(widget, "title") and isinstance(widget.title, str):     # a bqplot figure's title and labels
        parts.append(widget.title)
        parts += [str(label) for mark in widget.marks for label in (mark.x if mark.x.dtype.kind == "U" else [])]
        parts += [axis.label for axis in widget.axes]
    return " ".join(p for p in parts if p)


def test_the_page_plays_no_game_to_appear(stored, monkeypatch):
    """Why it appears in seconds: every answer is read from the package, none is played (issue 19 item 10)."""
    def no_games(*args, **kwargs):
        raise AssertionError("the page played a game to appear")

    for cls in games().values():              # whatever plays a game starts one
        monkeypatch.setattr(cls, "new_initial_state", no_games)
    lab = StrategyLab(stored_module.load(), start=0)
    for index in range(len(lab.screen_titles())):
        lab.go(index)
        if isinstance(lab.screen, page_module.QuestionScreen):
            lab.screen.predict(True)
    assert lab.index == len(lab.screen_titles()) - 1


def test_a_screen_per_stored_question_between_the_introduction_and_the_summary(lab, stored):
    titles = lab.screen_titles()
    assert len(titles) == len(stored.tournaments) + 2 == len(set(titles))
    assert titles[0] == "Do the rulebooks’ tips hold?" and titles[-1] == "Every answer in one chart"
    lab.go(3)
    assert lab.position.value == f"<b>Screen 4 of {len(titles)}</b>" and lab.contents.value == 3
    assert lab.screen.stored is stored.tournaments[2]
    lab.next.click()
    assert lab.index == 4
    lab.go(99)
    assert lab.index == len(titles) - 1 and lab.next.disabled and not lab.back.disabled
    lab.contents.value = 0
    assert lab.index == 0 and lab.back.disabled


def test_a_page_address_opens_a_screen(monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "large=1&screen=3")
    assert screen_from_query(12) == 2
    for query, index in (("screen=0", 0), ("screen=40", 11), ("screen=x", 0), ("", 0)):
        monkeypatch.setenv("QUERY_STRING", query)
        assert screen_from_query(12) == index


def test_predicting_then_the_answer_from_the_stored_games(lab, stored):
    for index, one in enumerate(stored.tournaments, start=1):
        lab.go(index)
        screen = lab.screen
        assert not screen.revealed and screen.chart_box.children == ()
        holds = {"better": True, "worse": False}.get(one.results.verdict(one.plan.labels[0]))
        wrong = next(value for value in (True, False, None) if value != holds)
        screen.predict(wrong)
        assert screen.right is False and "✘" in screen.feedback.value
        assert screen.revealed and screen.ask_box.layout.display == "none"
        screen.predict(holds)
        assert screen.right is True and "✔" in screen.feedback.value
        rate = one.results.win_rate(one.plan.labels[0])
        assert f"In {one.results.games:,} games" in screen.verdict.value
        assert f"{float(rate):.1%}".replace(".0%", "%") in screen.verdict.value or f"{float(rate):.0%}" in screen.verdict.value
        chart = screen.chart_box.children[0]
        assert list(chart.marks[0].y) == [pytest.approx(float(rate))]
        screen.ask()
        assert not screen.revealed and screen.ask_box.layout.display == "flex"


def test_the_student_view_has_no_developer_words_and_numbers_seats_from_1(lab):
    for index in range(len(lab.screen_titles())):
        lab.go(index)
        screen = lab.screen
        if isinstance(screen, page_module.QuestionScreen):
            screen.predict("shown")
            notes = screen.answer_box.children[-1].children[0].value
            assert "seat 1 won" in notes and "seat 0" not in notes
        text = student_text(screen)
        assert not DEVELOPER_WORDS.search(text), (lab.screen_titles()[index], DEVELOPER_WORDS.search(text))
        assert "Traceback" not in text and "it/s" not in text


def test_the_summary_counts_the_predictions_that_were_right(lab, stored):
    lab.go(1)
    first = lab.screen
    first.predict(first.holds)
    lab.go(len(lab.screen_titles()) - 1)
    assert "You predicted <b>1 of 1</b> right" in lab.screen.children[1].value
    tips = [one for one in stored.tournaments if one.plan.tip is not None]
    assert len(lab.screen.children[2].marks[0].x) == len({(t.plan.game, t.plan.tip.tip) for t in tips})


def test_charts_grow_with_large_fonts(lab):
    lab.go(1)
    lab.screen.predict("shown")
    chart = lab.screen.chart_box.children[0]
    normal = int(chart.layout.height.rstrip("px"))
    CANVAS_TEXT.large = True            # what the presenter bar's Large fonts does
    large = int(chart.layout.height.rstrip("px"))
    CANVAS_TEXT.large = False
    assert large > normal * 1.2 and int(chart.layout.height.rstrip("px")) == normal
    ticks = chart.axes[0].tick_values
    assert list(ticks) == [0, 0.25, 0.5, 0.75, 1.0] and chart.axes[0].scale.min == 0   # from 0 %, round ticks


def test_run_again_plays_new_games_with_progress_and_shows_them_beside_the_stored_ones(lab, stored):
    lab.go(2)       # the quickest stored question (a match), whatever it is, is enough: games are games
    screen = lab.screen
    screen.run_again(games=4, seed="test", wait=True)
    again = play(screen.plan, 4, "test")
    assert screen.again.scores == again.scores and screen.again.returns == again.returns
    assert (screen.progress.value, screen.progress.max) == (4, 4)
    assert "Your run: in 4 games" in screen.status.value
    labels = [str(label) for label in screen.chart_box.children[0].marks[0].x]
    assert labels == [f"Played before: {stored.tournaments[1].results.games:,} games", "Your run: 4 games"]
    assert not screen.run_button.disabled and screen.stop_button.disabled


def test_stop_ends_a_run_between_batches_and_the_page_keeps_working(lab, monkeypatch):
    lab.go(1)
    screen = lab.screen
    stop = threading.Event()
    done = []
    executor = ProgressExecutor(lambda n: (done.append(n), stop.set()), stop)
    with pytest.raises(Stopped):
        play(screen.plan, 6, "stop", executor=executor)
    assert done == [1]

    class StopAtOnce(ProgressExecutor):       # Stop pressed before the first batch
        def __init__(self, on_done, stop):
            stop.set()
            super().__init__(on_done, stop)

    monkeypatch.setattr(page_module, "ProgressExecutor", StopAtOnce)
    screen.run_again(games=4, seed="stop", wait=True)
    monkeypatch.undo()
    assert screen.status.value == "Stopped after 0 of 4 games." and not screen.run_button.disabled
    screen.run_again(games=2, seed="again", wait=True)
    assert "Your run: in 2 games" in screen.status.value


def test_a_failing_run_shows_its_message_in_place(lab, monkeypatch):
    lab.go(1)
    screen = lab.screen

    def broken(*args, **kwargs):
        raise ValueError("The dice went overboard.")

    monkeypatch.setattr(page_module, "play", broken)
    screen.run_again(games=2, wait=True)
    assert "pl-error" in screen.status.value and "The dice went overboard." in screen.status.value
    assert not screen.run_button.disabled


def test_a_question_not_stored_yet_says_so_and_can_be_run(stored):
    from dataclasses import replace

    empty = replace(stored, tournaments=(stored_module.StoredTournament(stored.tournaments[1].plan),))
    lab = StrategyLab(empty, start=1)
    screen = lab.screen
    screen.predict("shown")
    assert "No games are stored for this question yet" in screen.verdict.value and screen.chart_box.children == ()
    screen.run_again(games=2, seed=1, wait=True)
    assert [str(x) for x in screen.chart_box.children[0].marks[0].x] == ["Your run: 2 games"]
