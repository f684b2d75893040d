"""Issue 34 item 2: lesson files served in class with no notebook of their own (the one generic page).

What a teacher types: ``pirates-lab classroom skull_dice --large`` for the plug-in's lesson (installed: its folder
on the path with its dist-info, as pip puts it on site-packages) and ``pirates-lab classroom ~/my_lesson.toml
--large`` for a lesson file outside the repository.  Each is walked in Chromium at 1024 x 768 with Large fonts:
both screens, a chart or table where the lesson has one, the question answered right, nothing sticking out sideways.
"""
from __future__ import annotations

import os
import sys
import textwrap
import time
from pathlib import Path

import pytest

from pirates_lab.classroom import Server, free_port

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = ROOT / "tests" / "plugin"
VIEWPORT = {"width": 1024, "height": 768}
#: Voila runs the lesson before the page is usable; a loaded 2-core machine is slow
LOAD_MS = 150_000

OUTSIDE = '''
title = "Two dice for a maths class"
minutes = 10
level = "ages 11 and up"

[[screen]]
title = "Two dice"
text = "Two dice are rolled together. Which totals come up most often?"
demo = "dice 2d6"
label = "The totals of two dice"
why = "There are 36 ways for two dice to land; 6 of them total 7."

[[screen]]
title = "Nine or more"
text = "A pirate needs 9 or more on two dice to board a ship."
why = "Four rolls total 9, three total 10, two total 11 and one totals 12: 10 of the 36."

[screen.question]
prompt = "What is the chance that two dice total 9 or more?"
answer = "dice 2d6 --at-least 9"
hint = "Count the rolls from 9 to 12 on the chart of the first screen."
'''


def serve(target: str, tmp_path: Path, env: dict | None = None) -> tuple[Server, str]:
    port = free_port()
    log = tmp_path / "classroom.log"
    command = [sys.executable, "-m", "pirates_lab.cli", "classroom", target, "--port", str(port), "--large",
               "--cell-timeout", "120"]
    server = Server(command, port, log=log, cwd=tmp_path, env={**os.environ, **(env or {})})
    return server, f"http://127.0.0.1:{port}/"


def walk_two_screens(open_page, url: str, answer: str, shot, name: str) -> list[str]:
    """Both screens at 1024 x 768 with Large fonts; the question answered; returns what the class read."""
    page, console = open_page(url)
    page.set_viewport_size(VIEWPORT)
    page.wait_for_selector(".pl-lesson-counter-text[data-screen='1']", timeout=LOAD_MS)
    page.wait_for_selector(".pl-presenter-toggle.mod-active, .pl-large-toggle.mod-active, .pl-lesson",
                           timeout=LOAD_MS)
    read = []
    for number in (1, 2):
        page.wait_for_selector(f".pl-lesson-counter-text[data-screen='{number}']", timeout=LOAD_MS)
        page.wait_for_function("() => ![...document.querySelectorAll('.jupyter-widgets')]"
                               ".some(e => e.textContent.trim() === 'Loading widget...')", timeout=LOAD_MS)
        time.sleep(1.0)
        assert page.locator(".pl-lesson-counter-text").inner_text().strip() == f"{number} / 2"
        wide = page.evaluate("() => [...document.querySelectorAll('.pl-lesson *')].filter(e => "
                             "e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).length")
        assert wide == 0, f"screen {number}: something sticks out past the right edge"
        read.append(page.locator(".pl-screen-title").inner_text() + "\n" + page.locator(".pl-screen").inner_text())
        shot(page, f"{name}_{number}")
        if number == 1:
            page.locator(".pl-lesson-next").click()
    page.locator(".pl-answer input").fill(answer)
    page.locator(".pl-answer input").press("Enter")
    page.wait_for_selector(".pl-feedback-right", timeout=60_000)
    read.append(page.locator(".pl-question").inner_text())
    shot(page, f"{name}_answered")
    assert console.errors(("Failed to load resource",)) == []
    return read


def test_the_plugins_lesson_is_listed_and_served_in_class(open_page, tmp_path, screenshot):
    env = {"PYTHONPATH": os.pathsep.join([str(PLUGIN), os.environ.get("PYTHONPATH", "")])}
    listed = __import__("subprocess").run([sys.executable, "-m", "pirates_lab.cli", "classroom", "--list"],
                                          capture_output=True, text=True, env={**os.environ, **env}, timeout=120)
    assert "skull_dice" in listed.stdout and "its lesson file, on the generic page" in listed.stdout
    server, url = serve("skull_dice", tmp_path, env)
    with server.start(timeout=120):
        read = walk_two_screens(open_page, url, "2/6", screenshot, "lesson_file_skull_dice")
    assert "Skull Dice in one screen" in read[0] and "Skull Dice › Your Turn" in read[1]     # the rule cited
    assert "3 rolls" in read[1] and "57.87%" in read[1]                # the plug-in's own table: (5/6)³ = 125/216
    assert "Right" in read[2]


def test_a_lesson_file_outside_the_repository_is_served(open_page, tmp_path, screenshot):
    outside = tmp_path / "home" / "my_lesson.toml"
    outside.parent.mkdir()
    outside.write_text(textwrap.dedent(OUTSIDE), encoding="utf-8")
    assert ROOT not in outside.resolve().parents
    server, url = serve(str(outside), tmp_path)
    with server.start(timeout=120):
        read = walk_two_screens(open_page, url, "10/36", screenshot, "lesson_file_outside")
    assert "The totals of two dice" in read[0] and "Nine or more" not in read[0]
    assert "Right" in read[2] and "27.78%" in read[2]


@pytest.fixture(autouse=True)
def _chromium(chromium):
    """These tests need the browser (they skip without it, and fail in CI)."""
