"""Plunder in a real browser: the sea canvases are drawn, and the combat-chain calculator shows exactly
what the engine computes after a change of enemy.

Rules: Plunder › Combat
"""
from __future__ import annotations

import pytest

from test_browser_apps import load_lesson, wait_for_painted_canvases, wait_for_rows

pytestmark = pytest.mark.browser


def test_plunder_chain_calculator_matches_the_engine(open_page, voila, screenshot):
    from pirates_lab.plunder.odds import npc_chain_odds, side_of
    from pirates_lab.widgets.kit import dist_rows
    from pirates_lab.widgets.numbers import short_fraction

    page, console = load_lesson(open_page, voila, "plunder")
    calculator = page.locator(".pl-plunder-chain").first
    calculator.scroll_into_view_if_needed()
    table = ".pl-plunder-chain .pl-dist-table table"

    def expected(enemy):
        odds = npc_chain_odds(side_of("Pinnace"), side_of(enemy), ["Havana", "Coastland"])
        return [(label, short_fraction(p)) for label, p in dist_rows(odds.ends)]

    assert wait_for_rows(page, table, expected("Spanish Brigantine")) == expected("Spanish Brigantine")
    calculator.locator("select").nth(2).select_option("Spanish Galleon")
    assert wait_for_rows(page, table, expected("Spanish Galleon")) == expected("Spanish Galleon") == [("won", "1")]
    canvases = wait_for_painted_canvases(page)
    assert canvases and all(c["painted"] and c["colours"] > 1 for c in canvases)
    screenshot(calculator, "widget_plunder_chain")
    assert console.errors(()) == []


def test_plunder_lesson_card_checks_the_engine_s_answer(open_page, voila):
    """Rules: Plunder › Sail and Explore — the typed answer is checked against the engine's count of courses."""
    from pirates_lab.plunder.lessons import courses_from_tortuga

    page, console = load_lesson(open_page, voila, "plunder")
    card = page.locator(".pl-plunder-lesson").filter(has_text="turn ONCE to starboard").first
    card.scroll_into_view_if_needed()
    answer = card.locator("input[type='text']").first
    answer.fill(str(courses_from_tortuga() + 1))
    answer.press("Enter")
    card.locator(".pl-feedback").filter(has_text="✘").wait_for(timeout=20_000)
    answer.fill(str(courses_from_tortuga()))
    answer.press("Enter")
    card.locator(".pl-feedback").filter(has_text="✔").wait_for(timeout=20_000)
    assert console.errors(()) == []
