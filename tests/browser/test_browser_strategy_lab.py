"""The strategy lab lesson in Chromium, served by Voila at 1024 x 768 with Large fonts (issues 19 item 10).

A lesson on the kit's screens that appears at once because it plays no game to appear (tests/lab/test_lab_page.py
checks that without a browser).  Here: every screen fits the window or nearly and shows nothing a developer would
say; the picked players play a tournament with a progress bar and a chart of both win rates; the prediction is
checked against the stored games; a stored tip's answer is a bqplot chart that shrinks with Large fonts switched
off, and Run again shows the new games beside the stored ones.  How long the page took to appear is recorded
(in the test report and artifacts/strategy_lab_timing.txt), never asserted: speed is not a test.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from pirates_lab.lab.stored import load

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
VIEWPORT = {"width": 1024, "height": 768}
#: a screen may pass the window by this much ("fits, or nearly"); more is a scroll a class would miss
NEARLY = 1.15
RUN_S = 300
WAIT_MS = 120_000
NOT_FOR_STUDENTS = ("Traceback", "it/s]", "run the cell", "Shift+Enter", "policy", "seed", "None", "Results(")

LESSON_HEIGHT_JS = """() => {
    const lesson = document.querySelector('.pl-lesson').getBoundingClientRect();
    return Math.round(lesson.bottom - lesson.top);
}"""


def visible_student_text(page) -> str:
    """The lesson's text as shown, teacher notes (folded) left out."""
    return page.evaluate("""() => {
        const lesson = document.querySelector('.pl-lesson').cloneNode(true);
        lesson.querySelectorAll('.pl-teacher-notes, .pl-teacher-notes-panel').forEach(e => e.remove());
        return lesson.innerText;
    }""")


def go_to(page, number: int) -> None:
    page.locator(".pl-lesson-next").first.click()
    page.wait_for_function(f"() => document.querySelector('.pl-lesson-counter-text')?.dataset.screen === '{number}'",
                           timeout=WAIT_MS)


def test_the_strategy_lab_lesson(open_page, voila, screenshot, record_property):
    from pirates_lab.widgets import strategy_lab_lessons as lessons
    from pirates_lab.widgets.lesson_model import Lesson

    stored = load()
    model = Lesson.named("strategy_lab")
    start = time.monotonic()
    page, console = open_page(f"{voila}/voila/render/strategy_lab.ipynb?large=1")
    page.set_viewport_size(VIEWPORT)
    page.wait_for_selector(".pl-lesson .pl-lab-seat-view", timeout=WAIT_MS)
    appeared = time.monotonic() - start
    page.wait_for_selector("#loading", state="detached")
    record_property("strategy_lab_appeared_s", round(appeared, 1))
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "strategy_lab_timing.txt").write_text(f"strategy lab page appeared in {appeared:.1f} s\n")

    for number, screen in enumerate(model.screens, start=1):
        if number > 1:
            go_to(page, number)
        if screen.title == "Play a tournament":
            page.locator(".pl-lab-games button", has_text="10 games").click()
            page.locator(".pl-lab-play").click()
            page.wait_for_selector(".pl-lab-progress", state="visible", timeout=WAIT_MS)
            page.wait_for_selector(".pl-lab-status:has-text('In 10 games greedy won')", timeout=RUN_S * 1000)
            page.wait_for_function("() => document.querySelectorAll('.pl-lab-tournament .pl-lab-chart rect.bar')"
                                   ".length == 2", timeout=WAIT_MS)
            assert page.locator(".pl-lab-play").is_enabled() and page.locator(".pl-lab-stop").is_disabled()
        elif screen.title.startswith("Predict, then check"):
            answer = page.locator(".pl-screen .pl-question input[type='text']").first
            answer.fill(f"{float(lessons.tip_win_share()):.2%}")
            answer.press("Enter")
            page.locator(".pl-screen .pl-feedback").filter(has_text="You predicted").wait_for(timeout=WAIT_MS)
            page.locator(".pl-screen .pl-why", has_text="backfires").first.wait_for(timeout=WAIT_MS)
        elif screen.title == "The rulebooks' tips":
            page.locator(".pl-lab-predict").first.click()
            page.wait_for_selector(".pl-lab-answer .pl-lab-chart rect.bar", timeout=WAIT_MS)
            sentence = page.inner_text(".pl-lab-verdict")
            assert sentence.startswith(f"In {stored.games:,} games "), sentence
        elif screen.title == "Every answer in one chart":
            page.wait_for_function("() => document.querySelectorAll('.pl-lab-chart rect.bar').length >= 2",
                                   timeout=WAIT_MS)
        height = page.evaluate(LESSON_HEIGHT_JS)
        screenshot(page, f"strategy_lab_large_{number:02d}")
        assert height <= VIEWPORT["height"] * NEARLY, f"screen {number} is {height} px tall"
        text = visible_student_text(page)
        assert [word for word in NOT_FOR_STUDENTS if word in text] == [], number
    assert page.locator(".pl-lesson-next").is_disabled()

    # Run again on the tip whose stored games were quickest to play
    page.select_option(".pl-lesson-contents select", index=4)
    page.wait_for_function("() => document.querySelector('.pl-lesson-counter-text')?.dataset.screen === '5'")
    quickest = min(range(len(stored.tournaments)), key=lambda i: stored.tournaments[i].seconds or 1e9)
    page.select_option(".pl-lab-tip-menu select", index=quickest)
    page.locator(".pl-lab-screen:visible .pl-lab-predict").first.click()
    chart = page.locator(".pl-lab-answer .pl-lab-chart").first
    chart.locator("rect.bar").first.wait_for(timeout=WAIT_MS)
    large = chart.bounding_box()["height"]
    page.click(".pl-presenter-toggle")                   # Large fonts off: the chart shrinks with the text
    page.wait_for_function("h => document.querySelector('.pl-lab-answer .pl-lab-chart')"
                           ".getBoundingClientRect().height < h * 0.9", arg=large, timeout=WAIT_MS)
    page.click(".pl-presenter-toggle")
    page.locator(".pl-lab-screen .pl-lab-games button", has_text="20 games").first.click()
    page.click(".pl-lab-run-again")
    page.wait_for_selector(".pl-lab-progress", state="visible")
    page.wait_for_selector(".pl-lab-status:has-text('Your run: in 20 games')", timeout=RUN_S * 1000)
    page.wait_for_function("() => document.querySelectorAll('.pl-lab-answer .pl-lab-chart rect.bar').length == 2")
    assert page.locator(".pl-lab-run-again").is_enabled()
    screenshot(page, "strategy_lab_large_run_again")
    assert console.errors() == []
