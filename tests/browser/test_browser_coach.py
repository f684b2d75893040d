"""GameTable's Coach in Chromium at 1024 x 768 with Large fonts, for every game and the plug-in (issue 37).

A Voila server serves one small notebook per game from a temporary folder (``coach_table``: you in seat 1 at
your first choice of two moves or more, the presenter bar with Large fonts on).  The test clicks "Coach",
waits for the answer (a progress bar first), and checks: a bar per move (at most six) with its whisker, the
move to play in words, its why, "Think longer" ready, nothing wider than the screen.  Screenshots go to
``/tmp/coach/`` (look at them; they are not committed).
"""
from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

from pirates_lab.classroom import Server, free_port

ROOT = Path(__file__).resolve().parents[2]
SERVER_START_S = 180

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/coach")
GAMES = ["king_of_pirates", "pillage_and_plunder", "pirates_and_plunder", "plunder", "plunder_2013", "skull_dice"]
PLUGIN = ROOT / "tests" / "plugin"


#: the games whose own calculator answers exactly at some decision, and the game options that decision needs
EXACT = {"king_of_pirates": {}, "pillage_and_plunder": {}, "pirates_and_plunder": {"secret_battles": True},
         "plunder_2013": {}}

#: a lesson-like cell: the coach beside the first decision of seeded random games that the game's calculator covers
EXACT_CELL = """import random
from pirates_lab.core import game_class, play
from pirates_lab.lab.coach import game_exact
from pirates_lab.widgets.presenter import presenter_bar
from pirates_lab.widgets.coach import coach_screen
def covered(name, options):
    def wanted(state):
        player = state.current_player()
        if player < 0:
            return False
        view = state.view(player)
        return len(view.legal_actions) > 1 and game_exact(view) is not None
    for seed in range(200):
        game = play(game_class(name)(players=2, **options).new_initial_state(), rng=random.Random(seed),
                    until=wanted, max_steps=4000)
        state = game.run()
        if game.reached:
            return state
display(presenter_bar(large=True))
state = covered(GAME, OPTIONS)
coach_screen(state, state.current_player(), seed=1)"""


def notebook(game: str, exact: bool = False) -> dict:
    code = ("from pirates_lab.core import registry\nregistry.refresh()\n"
            "from pirates_lab.widgets.presenter import presenter_bar\n"
            "from pirates_lab.widgets.coach import coach_table\n"
            "display(presenter_bar(large=True))\n"
            f"coach_table({game!r}, seed=1)")
    if exact:
        code = f"GAME, OPTIONS = {game!r}, {EXACT[game]!r}\n" + EXACT_CELL
    return {"cells": [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                       "source": code}],
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


@pytest.fixture(scope="module")
def coach_voila(chromium, tmp_path_factory):
    folder = tmp_path_factory.mktemp("coach-notebooks")
    for game in GAMES:
        (folder / f"coach_{game}.ipynb").write_text(json.dumps(notebook(game)))
    for game in EXACT:
        (folder / f"exact_{game}.ipynb").write_text(json.dumps(notebook(game, exact=True)))
    port = free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(PLUGIN), os.environ.get("PYTHONPATH")]))}
    command = [sys.executable, "-m", "voila", str(folder), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
               "--VoilaExecutor.timeout=120", "--show_tracebacks=True"]
    log = tmp_path_factory.mktemp("coach-log") / "voila.log"
    with Server(command, port, log=log, cwd=folder, env=env).start(timeout=SERVER_START_S):
        yield f"http://127.0.0.1:{port}"


def overflowing(page, within: str = ".pl-game-table") -> list[str]:
    return page.evaluate("""(within) => {
        const width = document.documentElement.clientWidth, out = [];
        for (const e of document.querySelectorAll(within + ' *')) {
            const r = e.getBoundingClientRect();
            if (r.width > 0 && r.right > width + 1) out.push(e.className || e.tagName);
        }
        return out.slice(0, 5);
    }""", within)


@pytest.mark.parametrize("game", GAMES)
def test_the_coach_answers_at_the_table_in_large_fonts(game, open_page, coach_voila):
    page, console = open_page(f"{coach_voila}/voila/render/coach_{game}.ipynb")
    page.set_viewport_size({"width": 1024, "height": 768})
    page.wait_for_selector(".pl-table-coach", timeout=180_000)
    page.click(".pl-table-coach")
    best = page.locator(".pl-coach-best")
    page.wait_for_function("() => { const b = document.querySelector('.pl-coach-best');"
                           " return b && b.innerText.includes('to win'); }", timeout=180_000)
    text = best.inner_text()
    assert re.search(r"Play .+: \d+ % to win \(between \d+ and \d+ %\)", text), text
    assert page.locator(".pl-coach-chart").count() == 1
    bars = page.locator(".pl-coach-chart .bargroup rect, .pl-coach-chart rect.bar").count()
    assert 1 <= bars <= 6
    why = page.locator(".pl-coach-why").inner_text()
    assert "Rules:" in why
    assert page.locator(".pl-coach-longer button, button.pl-coach-longer").first.is_enabled()
    assert overflowing(page) == []
    font = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.pl-coach-best p')).fontSize)")
    assert font >= 18                                     # Large fonts reach the coach's words
    ticks = page.evaluate("() => [...document.querySelectorAll('.pl-coach-chart .tick text')].map("
                          "t => t.getBoundingClientRect().height)")
    assert ticks and min(ticks) >= 18, ticks              # ... and the chart's move names and percents
    SHOTS.mkdir(exist_ok=True)
    panel = page.locator(".pl-coach")
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"{game}.png"))
    panel.screenshot(path=str(SHOTS / f"{game}_panel.png"))
    assert not console.errors(ignore=("favicon", "Cannot read properties of undefined (reading 'clearCanvas')"))


@pytest.mark.parametrize("game", sorted(EXACT))
def test_where_the_games_calculator_covers_the_decision_the_coach_says_exactly(game, open_page, coach_voila):
    page, console = open_page(f"{coach_voila}/voila/render/exact_{game}.ipynb")
    page.set_viewport_size({"width": 1024, "height": 768})
    page.wait_for_selector(".pl-coach-ask", timeout=180_000)
    page.click(".pl-coach-ask button, button.pl-coach-ask")
    page.wait_for_function("() => { const b = document.querySelector('.pl-coach-best');"
                           " return b && b.innerText.includes('exactly'); }", timeout=180_000)
    text = page.locator(".pl-coach-best").inner_text()
    assert re.search(r"Play .+: \d+ % to win \(between \d+ and \d+ %\), exactly -?[\d,.]+ (%|points|pieces of eight)",
                     text), text
    why = page.locator(".pl-coach-why").inner_text()
    assert "Exactly:" in why
    assert overflowing(page, ".pl-coach") == []
    SHOTS.mkdir(exist_ok=True)
    panel = page.locator(".pl-coach")
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"exact_{game}.png"))
    assert not console.errors(ignore=("favicon", "Cannot read properties of undefined (reading 'clearCanvas')"))
