"""The WhyTree in a real browser (issue 23 item 3): a small notebook served by Voila, looked at in Chromium at
1024×768 with Large fonts.  Clicking the probability opens its first level, a branch opens the next; text is
projector-sized and nothing runs off the right edge.  The screenshot is artifacts/screenshots/why_tree_large.png."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pirates_lab.classroom import Server, free_port, voila_command, write_voila_config

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"

pytestmark = pytest.mark.browser

CELLS = [
    "from pirates_lab.widgets.presenter import presenter_bar\npresenter_bar(large=True)",
    "import ipywidgets as widgets\n"
    "from pirates_lab.king_of_pirates.why import combat_why\n"
    "from pirates_lab.widgets.why import screen_links, with_why\n"
    "answer = widgets.HTML('<b>King of Pirates combat</b>: 2d6 ≥ 10 with one cannonball (click the chance)')\n"
    "with_why(answer, combat_why(10, cannonballs=1), rule_link=screen_links(['Phase 3: Combat Phase']))",
]
#: generous limits: the machine is shared (the waits return as soon as the condition holds)
WAIT_MS = 180_000


@pytest.fixture(scope="module")
def why_page(chromium, tmp_path_factory):
    folder = tmp_path_factory.mktemp("why-notebook")
    notebook = folder / "why_demo.ipynb"
    notebook.write_text(json.dumps({
        "cells": [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": cell}
                  for cell in CELLS],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5}))
    port = free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    command = voila_command(notebook, port, config_dir=write_voila_config(folder / "config"), cell_timeout=120,
                            show_tracebacks=True)
    with Server(command, port, log=ARTIFACTS / "voila-why.log", cwd=ROOT).start(timeout=180):
        yield f"http://127.0.0.1:{port}/"


def test_the_tree_opens_level_by_level_legibly_at_1024_by_768_with_large_fonts(why_page, open_page, screenshot):
    page, console = open_page(why_page)
    page.set_viewport_size({"width": 1024, "height": 768})
    root = page.locator(".pl-why .pl-why-depth-0 > summary")
    root.wait_for(state="visible", timeout=WAIT_MS)
    first = page.locator(".pl-why .pl-why-depth-1").first
    assert not first.is_visible()                                   # closed: the probability only
    page.wait_for_function("() => parseFloat(getComputedStyle(document.querySelector('.pl-why summary')).fontSize)"
                           " >= 20", timeout=WAIT_MS)               # Large fonts reached the tree
    assert "%" in root.inner_text() and "(" in root.inner_text()
    root.click()
    first.wait_for(state="visible", timeout=WAIT_MS)
    second = page.locator(".pl-why .pl-why-depth-1 > details > summary, .pl-why details.pl-why-depth-1 > summary")
    branch = page.locator("details.pl-why-depth-1 > summary").first
    branch.click()
    page.locator("details.pl-why-depth-1[open] .pl-why-depth-2").first.wait_for(state="visible", timeout=WAIT_MS)
    assert second.count() >= 1
    sizes = page.evaluate("""() => [...document.querySelectorAll('.pl-why summary, .pl-why .pl-why-leaf')]
        .filter(e => e.getBoundingClientRect().height > 0)
        .map(e => [parseFloat(getComputedStyle(e).fontSize), e.getBoundingClientRect().right])""")
    width = page.evaluate("() => document.documentElement.clientWidth")
    assert sizes and all(size >= 20 for size, _ in sizes), sizes            # projector-sized text
    assert all(right <= width + 1 for _, right in sizes), (width, sizes)     # nothing runs off the edge
    link = page.locator(".pl-why a.pl-why-rule").first
    assert link.get_attribute("href") == "?screen=Phase%203%3A%20Combat%20Phase"
    page.locator(".pl-why-box").first.scroll_into_view_if_needed()
    screenshot(page, "why_tree_large")
    assert not console.errors(ignore=("favicon",)), console.errors()
