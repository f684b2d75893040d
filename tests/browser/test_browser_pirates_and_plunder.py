"""Pirates & Plunder's lesson as a Voila app (on the kit's screens): the secret-battle lab and the tile-odds lab show
the engine's exact values after a control moves, a rule screen's question is checked by the engine, and the boards
are painted.

Rules: Pirates & Plunder › Battles
"""
from __future__ import annotations

import re
import time
from fractions import Fraction
from urllib.parse import quote

import pytest

pytestmark = pytest.mark.browser
STEM = "pirates_and_plunder"
PAINTED_JS = """() => [...document.querySelectorAll('.pl-pnp-board canvas, canvas.pl-pnp-board, .pl-pnp-gallery canvas, canvas.pl-pnp-gallery')].map(canvas => {
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0; for (let i = 3; i < data.length; i += 4) { if (data[i]) painted++; }
    return painted; })"""


def load(open_page, voila, screen: str):
    page, console = open_page(f"{voila}/voila/render/{STEM}.ipynb?screen={quote(screen)}")
    page.wait_for_selector("#loading", state="detached")
    page.wait_for_selector(".pl-lesson-counter-text")
    page.wait_for_function("() => ![...document.querySelectorAll('.jupyter-widgets')]"
                           ".some(e => e.textContent.trim() === 'Loading widget...')")
    return page, console


def matched(page, selector: str, pattern: str, not_equal: str | None = None, timeout: float = 90) -> str:
    """The first group of ``pattern`` in the text of ``selector``, once it is not ``not_equal``."""
    deadline = time.monotonic() + timeout
    while True:
        match = re.search(pattern, page.locator(selector).first.inner_text())
        if (match and match.group(1) != not_equal) or time.monotonic() > deadline:
            assert match, f"no {pattern!r} in {selector}"
            return match.group(1)
        page.wait_for_timeout(200)


def type_into_slider(page, slider, value: int) -> None:
    readout = slider.locator(".widget-readout").first
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type(str(value))
    page.keyboard.press("Enter")


def test_the_battle_lab_shows_the_exact_value_and_chance_of_the_secret_battle(open_page, voila, screenshot):
    from pirates_lab.pirates_and_plunder import secret_battle

    page, console = load(open_page, voila, "The secret-battle lab")
    lab = ".pl-pnp-battle-lab"
    before = matched(page, lab, r"exactly (-?\d+(?:/\d+)?)")
    assert Fraction(before) == secret_battle(5, 5, 0, 6, 1).value
    assert Fraction(matched(page, ".pl-why-box", r"\((\d+/\d+)\)")) == secret_battle(5, 5, 0, 6, 1).success()
    type_into_slider(page, page.locator(".pl-pnp-defender-slider").first, 4)
    shown = matched(page, lab, r"exactly (-?\d+(?:/\d+)?)", not_equal=before)
    assert Fraction(shown) == secret_battle(5, 4, 0, 6, 1).value != Fraction(before)
    assert Fraction(matched(page, ".pl-why-box", r"\((\d+/\d+)\)", not_equal="5/12")) == \
        secret_battle(5, 4, 0, 6, 1).success()
    assert "5 against 4" in page.locator(f"{lab} .bqplot").first.inner_text()      # the chart's title follows the data
    screenshot(page.locator(lab).first, "widget_pirates_and_plunder_battle_lab")
    assert console.errors() == []


def test_the_tile_odds_lab_shows_the_engines_chance_for_the_draws_chosen(open_page, voila):
    from pirates_lab.pirates_and_plunder import gap_odds
    from pirates_lab.pirates_and_plunder.lessons import tile_odds_start

    state, cell, draws = tile_odds_start()
    page, console = load(open_page, voila, "Will the tile you need come?")
    first = matched(page, ".pl-pnp-tile-odds", r"\((\d+/\d+)\)")
    assert Fraction(first) == gap_odds(state, cell, draws).probability
    type_into_slider(page, page.locator(".pl-pnp-draws-slider").first, 1)
    shown = matched(page, ".pl-pnp-tile-odds", r"\((\d+/\d+)\)", not_equal=first)
    assert Fraction(shown) == gap_odds(state, cell, 1).probability
    assert Fraction(matched(page, ".pl-why-box", r"\((\d+/\d+)\)", not_equal=first)) == Fraction(shown)
    painted = page.evaluate(PAINTED_JS)
    assert painted and all(painted), f"blank boards: {painted}"
    assert console.errors() == []


def test_a_class_screens_question_is_checked_by_the_engine_in_the_page(open_page, voila):
    # Checking by drawing: 760 tries at the engine's 43 fitting tiles of 76 unseen predict 10 * 43 = 430
    from pirates_lab.pirates_and_plunder.lessons import sim_expected

    assert sim_expected() == 430
    page, console = load(open_page, voila, "Checking by drawing")
    question = page.locator(".pl-screen .pl-question").first
    answer = question.locator(".pl-answer input").first
    for typed, mark in (("429", "✘"), (str(sim_expected()), "✔")):
        answer.fill(typed)
        question.locator(".pl-check").first.click()
        page.wait_for_function("mark => document.querySelector('.pl-screen .pl-feedback').textContent.includes(mark)",
                               arg=mark)
    painted = page.evaluate(PAINTED_JS)
    assert all(painted), f"blank boards: {painted}"          # this screen draws a chart, and no board
    assert console.errors() == []
