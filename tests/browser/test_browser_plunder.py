"""Plunder in a real browser: the combat calculator's screen shows exactly what the engine computes after a change
of enemy and a card tapped into the hand (and its why tree opens), and a rule screen's question is checked against
the engine's count of courses.

Rules: Plunder › Combat
"""
from __future__ import annotations

import time

import pytest

from test_browser_apps import load_lesson, wait_for_painted_canvases, wait_for_rows

pytestmark = pytest.mark.browser

WAIT_MS = 90_000           # a loaded 2-core machine is slow: wait for conditions, generously


def open_the_why(page, calculator) -> None:
    """Click the why tree's root open, again if the tree was redrawn closed meanwhile (its update can come from the
    kernel after the table's on a busy machine), until its first branch shows."""
    deadline = time.monotonic() + WAIT_MS / 1000
    branch = calculator.locator(".pl-why-tree .pl-why-depth-1").first
    while True:
        root = calculator.locator(".pl-why-tree details").first
        if not root.evaluate("details => details.open"):
            calculator.locator(".pl-why-tree summary").first.click()
        try:
            branch.wait_for(timeout=5_000)
            return
        except Exception:
            if time.monotonic() > deadline:
                raise


def test_plunder_chain_calculator_matches_the_engine(open_page, voila, screenshot):
    from pirates_lab.plunder.odds import npc_chain_odds, side_of
    from pirates_lab.widgets.kit import dist_rows
    from pirates_lab.widgets.numbers import short_fraction
    from pirates_lab.widgets.plunder import _start_unseen
    from pirates_lab.widgets.plunder_calculators import END_WORDS

    page, console = load_lesson(open_page, voila, "plunder", "Should I attack? The combat calculator")
    calculator = page.locator(".pl-plunder-chain").first
    calculator.wait_for(timeout=WAIT_MS)
    table = ".pl-plunder-chain .pl-dist-table table"

    def expected(enemy, hand):
        odds = npc_chain_odds(side_of("Pinnace"), side_of(enemy), hand, 2, _start_unseen(hand))
        return [(label, short_fraction(p)) for label, p in dist_rows(odds.ends.map(lambda e: END_WORDS[e]))]

    opening = expected("Treasure Fleet", ["Open Sea", "Coastland"])
    assert wait_for_rows(page, table, opening) == opening
    calculator.locator("select").nth(2).select_option("Spanish Galleon")
    galleon = expected("Spanish Galleon", ["Open Sea", "Coastland"])
    assert wait_for_rows(page, table, galleon) == galleon
    calculator.locator(".pl-plunder-hand button", has_text="Bottle of Rum (6)").click()     # a tap, not Ctrl-click
    rum = expected("Spanish Galleon", ["Open Sea", "Coastland", "Bottle of Rum"])
    assert wait_for_rows(page, table, rum) == rum
    open_the_why(page, calculator)
    assert "Rules: Engagement" in calculator.locator(".pl-why-tree").inner_text()
    screenshot(calculator, "widget_plunder_chain")
    assert console.errors(()) == []


def test_plunder_rule_screen_checks_the_engine_s_answer(open_page, voila):
    """Rules: Plunder › Sail and Explore — the typed answer is checked against the engine's chance of missing the
    Storm (the complement: the chance of meeting it is marked wrong)."""
    from pirates_lab.plunder.lessons import storm_missed

    missed = storm_missed()
    page, console = load_lesson(open_page, voila, "plunder", "Sail and Explore")
    question = page.locator(".pl-question").first
    question.wait_for(timeout=WAIT_MS)
    answer = question.locator("input[type='text']").first
    answer.fill(f"{(1 - missed).numerator}/{(1 - missed).denominator}")
    answer.press("Enter")
    question.locator(".pl-feedback").filter(has_text="✘").wait_for(timeout=WAIT_MS)
    answer.fill(f"{missed.numerator}/{missed.denominator}")
    answer.press("Enter")
    question.locator(".pl-feedback").filter(has_text="✔").wait_for(timeout=WAIT_MS)
    canvases = wait_for_painted_canvases(page)
    assert all(c["painted"] and c["colours"] > 1 for c in canvases)       # the screen's boards, if any, are drawn
    assert console.errors(()) == []
