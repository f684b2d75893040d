"""Pirates & Plunder as a Voila app: the secret-battle lab shows the engine's exact value after a slider moves,
and the board canvases are painted.

Rules: Pirates & Plunder › Battles
"""
from __future__ import annotations

import re
import time
from fractions import Fraction

import pytest

pytestmark = pytest.mark.browser
STEM = "pirates_and_plunder"
PAINTED_JS = """() => [...document.querySelectorAll('.pl-pnp-board, .pl-pnp-board canvas, .pl-pnp-gallery, .pl-pnp-gallery canvas')].filter(e => e.tagName === 'CANVAS').map(canvas => {
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0; for (let i = 3; i < data.length; i += 4) { if (data[i]) painted++; }
    return painted; })"""


def load(open_page, voila):
    page, console = open_page(f"{voila}/voila/render/{STEM}.ipynb")
    page.wait_for_selector("#loading", state="detached")
    page.wait_for_selector(".pl-pnp-battle-lab")
    page.wait_for_function("() => ![...document.querySelectorAll('.jupyter-widgets')]"
                           ".some(e => e.textContent.trim() === 'Loading widget...')")
    return page, console


def exact_value(page, not_equal: str | None = None, timeout: float = 90) -> str:
    deadline = time.monotonic() + timeout
    while True:
        text = page.locator(".pl-pnp-battle-lab").first.inner_text()
        match = re.search(r"exactly (-?\d+(?:/\d+)?)", text)
        if (match and match.group(1) != not_equal) or time.monotonic() > deadline:
            assert match, "the battle lab shows no exact value"
            return match.group(1)
        page.wait_for_timeout(200)


def test_battle_lab_shows_the_exact_value_of_the_secret_battle(open_page, voila, screenshot):
    from pirates_lab.pirates_and_plunder import secret_battle

    page, console = load(open_page, voila)
    lab = page.locator(".pl-pnp-battle-lab").first
    lab.scroll_into_view_if_needed()
    before = exact_value(page)
    assert Fraction(before) == secret_battle(3, 2, 0, 6, 1).value
    readout = lab.locator(".pl-pnp-defender-slider .widget-readout").first
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type("4")
    page.keyboard.press("Enter")
    shown = exact_value(page, not_equal=before)
    assert Fraction(shown) == secret_battle(3, 4, 0, 6, 1).value != Fraction(before)
    screenshot(lab, "widget_pirates_and_plunder_battle_lab")
    painted = page.evaluate(PAINTED_JS)
    assert painted and all(painted), f"blank boards: {painted}"
    assert console.errors() == []


def test_a_lesson_question_is_checked_by_the_engine_in_the_page(open_page, voila):
    # Setup: four players, 8 ships of a colour, one on the scoring track: 4 * 7 in the supplies
    page, console = load(open_page, voila)
    card = page.locator(".pl-pnp-lesson").filter(has_text="Rules: Pirates & Plunder › Setup").first
    card.scroll_into_view_if_needed()
    answer = card.locator("input[type='text']").first
    answer.fill("27")
    answer.press("Enter")
    page.wait_for_function("() => [...document.querySelectorAll('.pl-pnp-lesson .pl-feedback')].some(e => e.textContent.includes('✘'))")
    answer.fill(str(4 * 7))
    answer.press("Enter")
    page.wait_for_function("() => [...document.querySelectorAll('.pl-pnp-lesson .pl-feedback')].some(e => e.textContent.includes('✔'))")
    assert "28" in card.inner_text()
    assert console.errors() == []


def test_the_lesson_starts_with_contents_and_the_calculator(open_page, voila):
    page, _ = load(open_page, voila)
    top = page.evaluate("""() => {
        const lab = document.querySelector('.pl-pnp-battle-lab').getBoundingClientRect().top;
        const first = document.querySelector('.pl-pnp-lesson').getBoundingClientRect().top;
        return {lab, first};
    }""")
    assert top["lab"] < top["first"]
    # the contents line links to every section; each heading carries the id the link names
    assert page.locator("a[href='#Battles']").count() >= 1 and page.locator("[id='Battles']").count() == 1
    assert page.locator("[id='Royal-Cartographer']").count() == 1
