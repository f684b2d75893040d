"""Every lesson as a Voila app in a real browser: it loads without console errors, shows no code,
every canvas has drawn pixels (the blank-canvas trap), the presenter bar works, and one
interaction shows exactly the value the core computes.

The lessons are the notebooks present at collection time (dice basics, then each game as it lands).
"""
from __future__ import annotations

import re
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import nbformat
import pytest

from pirates_lab.classroom import available_lessons

pytestmark = pytest.mark.browser
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"

#: Errors a lesson is known to show (in the console and on the page), with the reason. Each entry is a
#: bug for the notebook's owner to fix, then to delete here; a stale entry changes nothing.
KNOWN_ISSUES: dict[str, tuple[tuple[str, str], ...]] = {}


def known(stem: str) -> tuple[str, ...]:
    return tuple(pattern for pattern, _ in KNOWN_ISSUES.get(stem, ()))

CANVAS_PIXELS_JS = """() => [...document.querySelectorAll('#rendered_cells canvas')].filter(
    canvas => !canvas.closest('.bqplot')).map(canvas => {  // bqplot keeps an empty WebGL canvas
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0; const colours = new Set();
    for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3]) { painted++; if (colours.size < 8) colours.add(data[i] + ',' + data[i+1] + ',' + data[i+2]); }
    }
    const owner = canvas.closest('[class*="pl-"]');
    const label = owner ? [...owner.classList].filter(c => c.startsWith('pl-')).join('.') : 'canvas';
    return {label, width: canvas.width, height: canvas.height, painted, colours: colours.size};
})"""


def load_lesson(open_page, voila: str, stem: str, screen: str | None = None):
    """Open a lesson (at ``screen``, for a lesson on screens: ``?screen=``), wait until Voila has run it and
    every widget has rendered."""
    from urllib.parse import quote

    address = f"{voila}/voila/render/{stem}.ipynb" + (f"?screen={quote(screen)}" if screen else "")
    page, console = open_page(address)
    page.wait_for_selector("#loading", state="detached")
    page.wait_for_selector(".pl-presenter-bar")
    page.wait_for_function("() => ![...document.querySelectorAll('.jupyter-widgets')]"
                           ".some(e => e.textContent.trim() === 'Loading widget...')")
    return page, console


def wait_for_painted_canvases(page, timeout_ms: int = 90_000) -> list[dict]:
    """Every canvas on the page, once all of them have drawn something (or the timeout passed)."""
    try:
        page.wait_for_function(f"() => ({CANVAS_PIXELS_JS})().every(c => c.painted > 0 && c.colours > 1)",
                               timeout=timeout_ms)
    except Exception:
        pass  # the assertion below names the blank ones
    return page.evaluate(CANVAS_PIXELS_JS)


def code_lines(notebook) -> list[str]:
    """Distinctive source lines of the lesson's code cells (none may show on the page)."""
    nb = nbformat.read(notebook, as_version=4)
    lines = [line.strip() for cell in nb.cells if cell.cell_type == "code" for line in cell.source.splitlines()]
    return [line for line in lines if len(line) > 24 and ("import " in line or "=" in line or "(" in line)]


# ---------------------------------------------------------------- one interaction per lesson
def table_rows(page, selector: str) -> list[tuple[str, str]]:
    """(outcome, exact) pairs of a DistView table: the exact value from the cell's ``data-exact`` attribute (a long
    fraction is folded on the page), or its text where the cell has no such attribute."""
    rows = page.eval_on_selector(selector, """table => [...table.querySelectorAll('tbody tr')].map(tr => {
        const exact = tr.querySelector('.pl-exact');
        return [tr.cells[0].textContent.trim(), (exact.getAttribute('data-exact') ?? exact.textContent).trim()];
    })""")
    return [tuple(row) for row in rows]


def wait_for_rows(page, selector: str, expected: list, timeout: float = 90) -> list[tuple[str, str]]:
    """The table's rows once they equal ``expected`` (or whatever they are after ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    rows = table_rows(page, selector)
    while rows != expected and time.monotonic() < deadline:
        page.wait_for_timeout(200)
        rows = table_rows(page, selector)
    return rows


def dice_expression(page) -> str:
    """Dice basics: type a dice expression; the exact table shows the core's distribution."""
    from pirates_lab.core import parse_dice

    expression = "3d6kh2"
    box = page.locator(".pl-dice-lab .pl-validated input").first
    box.fill(expression)
    box.press("Enter")
    expected = [(str(outcome), str(p)) for outcome, p in parse_dice(expression).items()]
    table = ".pl-dice-lab .pl-dist-table table"
    shown = wait_for_rows(page, table, expected)
    assert shown == expected
    assert Fraction(shown[-1][1]) == parse_dice(expression)[12] == Fraction(2, 27)  # two or three sixes: (15 + 1) / 216
    return f"typed {expression}: {len(expected)} exact rows match parse_dice"


def stepper_next(page) -> str:
    """Any lesson with a Stepper: Next shows the following step's title (the fallback check)."""
    title = page.locator(".pl-stepper .pl-step-title").first
    before = title.inner_text()
    page.locator(".pl-stepper .pl-stepper-next").first.click()
    page.wait_for_function("before => document.querySelector('.pl-stepper .pl-step-title').textContent !== before",
                           arg=before)
    after = title.inner_text()
    assert after and after != before
    return f"Next: {before!r} -> {after!r}"


def screen_next(page) -> str:
    """A lesson on screens: Next shows screen 2 and the counter says so."""
    before = page.locator(".pl-screen-heading").first.inner_text()
    page.locator(".pl-lesson-next").first.click()
    page.wait_for_function("() => document.querySelector('.pl-lesson-counter-text').dataset.screen === '2'")
    after = page.locator(".pl-screen-heading").first.inner_text()
    assert after and after != before and page.locator(".pl-lesson-counter-text").inner_text().startswith("2 / ")
    return f"Next: {before!r} -> {after!r}"


def set_slider(page, slider, value: int) -> None:
    """Type a value into an ipywidgets slider's readout (what a teacher can do too) and press Enter."""
    readout = slider.locator(".widget-readout")
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type(str(value))
    page.keyboard.press("Enter")


def slider_labelled(container, label: str):
    return container.locator(".widget-slider").filter(has=container.page.locator(".widget-label", has_text=label)).first


def exact_after(page, selector: str, pattern: str, timeout: float = 90, not_equal: str | None = None) -> Fraction:
    """The fraction matched by ``pattern`` (one group; thousands separators allowed) in the text of ``selector``,
    once it is not ``not_equal``."""
    deadline = time.monotonic() + timeout
    while True:
        match = re.search(pattern, page.locator(selector).first.inner_text())
        if match and match.group(1) != not_equal or time.monotonic() > deadline:
            assert match, f"no {pattern!r} in {selector}"
            return Fraction(match.group(1).replace(",", ""))
        page.wait_for_timeout(200)


def exact_attribute_after(page, selector: str, timeout: float = 90, not_equal: str | None = None) -> Fraction:
    """The exact value in the ``data-exact`` attribute of ``selector`` (the page shows percent first and folds long
    fractions), once it is not ``not_equal``."""
    deadline = time.monotonic() + timeout
    while True:
        value = page.locator(selector).first.get_attribute("data-exact")
        if value and value != not_equal or time.monotonic() > deadline:
            assert value, f"no data-exact on {selector}"
            return Fraction(value)
        page.wait_for_timeout(200)


def battle_calculator(page) -> str:
    """Pillage & Plunder: the attacker's crew slider; the 'attacker wins' row equals battle() (the calculator opens
    on Example 1's ships without the pistol crewman: the attacker's Schooner has an Extra Sail)."""
    from pirates_lab.pillage_and_plunder import Ship, battle

    sail = ("Extra Sail",)
    calculator = page.locator(".pl-pp-battle-calculator").first
    calculator.scroll_into_view_if_needed()
    row = ".pl-pp-battle-calculator .pl-pp-stages tr:has-text('the attacker wins the battle') .pl-exact"
    before = page.locator(row).first.get_attribute("data-exact")
    set_slider(page, slider_labelled(calculator.locator(".pl-ship-builder").first, "crew"), 2)
    shown = exact_attribute_after(page, row, not_equal=before)
    expected = battle(Ship.player("Schooner", cannons=4, crew=2, addons=sail), Ship.player("Schooner", cannons=4, crew=3),
                      "player", defender_flees=True).probability(lambda r: r.winner == "attacker")
    assert shown == expected
    assert Fraction(before) == battle(Ship.player("Schooner", cannons=4, crew=4, addons=sail), Ship.player(
        "Schooner", cannons=4, crew=3), "player", defender_flees=True).probability(lambda r: r.winner == "attacker")
    return f"attacker crew 4 -> 2: P(attacker wins) {before} -> {shown}"


def combat_calculator(page) -> str:
    """King of Pirates: the combat calculator's Cannonballs slider 2 -> 3 against a City (it opens there, a fight
    near even); the chance shown equals combat_success_probability()."""
    from pirates_lab.king_of_pirates import combat_success_probability, components

    defence = components().targets["city"]["defence"]
    slider = page.locator(".pl-kop-cannonballs").first
    slider.scroll_into_view_if_needed()
    text = ".pl-kop-combat"
    before = exact_attribute_after(page, text)
    assert before == combat_success_probability(defence, 0, 2)
    set_slider(page, slider, 3)
    shown = exact_attribute_after(page, text, not_equal=str(before))
    assert shown == combat_success_probability(defence, 0, 3)
    return f"cannonballs 2 -> 3: P(success) {before} -> {shown}"


def plunder_reveal(page) -> str:
    """Plunder (2013) classroom round: reveal one answer; the deal count equals the solver's count."""
    from pirates_lab.plunder_2013 import Deduction

    lesson = Deduction(players=4, me=0, my_cards=(2, 5, 1))
    header = ".pl-plunder-classroom"
    pattern = r"Deals that fit everything said: ([\d,]+)"
    page.locator(header).first.scroll_into_view_if_needed()
    assert exact_after(page, header, pattern) == lesson.count()
    page.locator(".pl-plunder-reveal").first.click()
    lesson.record(1, (3, 2, 6), {2: "aye"}, partial=True)   # pirate 2 answers first: Aye
    shown = exact_after(page, header, pattern, not_equal=f"{Deduction(players=4, me=0, my_cards=(2, 5, 1)).count():,}")
    assert shown == lesson.count()
    return f"revealed one answer: {shown} deals"


def pnp_battle_lab(page) -> str:
    """Pirates & Plunder: the defender slider; the secret battle's exact value equals secret_battle()."""
    from pirates_lab.pirates_and_plunder import secret_battle

    lab = page.locator(".pl-pnp-battle-lab").first
    lab.scroll_into_view_if_needed()
    pattern = r"exactly (-?\d+(?:/\d+)?)"
    before = exact_after(page, ".pl-pnp-battle-lab", pattern)
    assert before == secret_battle(5, 5, 0, 6, 1).value          # the lab opens on 5 against 5 (near even)
    set_slider(page, lab.locator(".pl-pnp-defender-slider").first, 4)
    shown = exact_after(page, ".pl-pnp-battle-lab", pattern, not_equal=str(before))
    assert shown == secret_battle(5, 4, 0, 6, 1).value
    return f"defender resources 5 -> 4: value {before} -> {shown}"


def plunder_chain(page) -> str:
    """Plunder: the combat calculator's "Cards you will draw first" slider 2 -> 3; P(you win) in the chart's table
    equals the engine's npc_chain_odds (a Pinnace against a Treasure Fleet, holding Open Sea and Coastland)."""
    from pirates_lab.plunder.odds import npc_chain_odds, side_of
    from pirates_lab.widgets.plunder import _start_unseen

    calculator = page.locator(".pl-plunder-chain").first
    calculator.scroll_into_view_if_needed()
    hand = ["Open Sea", "Coastland"]
    pool = _start_unseen(hand)
    odds = {draws: npc_chain_odds(side_of("Pinnace"), side_of("Treasure Fleet"), hand, draws, pool).win
            for draws in (2, 3)}
    won = ".pl-plunder-chain .pl-dist-table tr:has-text('you win') .pl-exact"
    page.wait_for_selector(won, timeout=90_000)
    before = exact_attribute_after(page, won)
    assert before == odds[2] and 0 < before < 1                  # the opening fight is near even
    set_slider(page, calculator.locator(".widget-slider").first, 3)
    shown = exact_attribute_after(page, won, not_equal=str(before))
    assert shown == odds[3] > before                              # one card more: a better chance
    return f"cards to draw 2 -> 3: P(you win) {before} -> {shown}"


def strategy_lab_prediction(page) -> str:
    """Strategy lab: a prediction (the screen's question is one: issue 39) is taken, never marked wrong, and the
    exact share the page then shows is the one counted from the stored games' scores."""
    from pirates_lab.lab.stored import load
    from pirates_lab.widgets.strategy_lab_lessons import TIP_KEY

    one = load()[TIP_KEY]
    index = one.results.labels.index(one.plan.labels[0])
    share = Fraction(0)
    for scores in one.results.scores:                     # a win, or a tie shared by the tied
        tied = [i for i, s in enumerate(scores) if s == max(scores)]
        share += Fraction(1, len(tied)) if index in tied else 0
    share /= len(one.results.scores)
    question = page.locator(".pl-screen .pl-question").first
    answer = question.locator("input[type='text']").first
    right = question.locator(".pl-feedback", has_text="You predicted")
    for attempt in range(6):          # an Enter sent before the box's widget is wired reaches no kernel: send it again
        answer.fill(f"{float(share) + 0.1:.2%}")
        answer.press("Enter")
        try:
            right.wait_for(timeout=15_000)
            break
        except Exception:
            if attempt == 5:
                raise
    assert "✘" not in right.inner_text()
    shown = re.search(r"\((\d+/\d+)\)", right.inner_text())
    assert shown and Fraction(shown.group(1)) == share
    return f"the merchant hunter's share: {share}"


#: The widget each lesson's README picture shows.
SHOWCASE = {
    "01_dice_basics": ".pl-dice-lab",
    "pillage_and_plunder": ".pl-pp-battle-calculator",
    "king_of_pirates": ".pl-kop-combat-calculator",
    "plunder_2013": ".pl-plunder-classroom",
    "pirates_and_plunder": ".pl-pnp-battle-lab",
}

#: The screen each interaction is on, for a lesson on screens (opened with ``?screen=``).
SCREEN = {
    "pillage_and_plunder": "The battle calculator",
    "01_dice_basics": "Try it yourself",
    "plunder_2013": "Predict, then reveal: one day's answers",
    "plunder": "Should I attack? The combat calculator",
    "strategy_lab": "Predict, then check: who wins more often?",
    "king_of_pirates": "The combat calculator: cannonballs and re-rolls",
    "pirates_and_plunder": "The secret-battle lab",
}

#: The interaction that checks a shown value against the core, per lesson (others: the Stepper).
#: Each one knows the lesson's opening values (the notebook's last calculator cell): if a notebook
#: changes them, change them here too.
INTERACTIONS: dict[str, Callable] = {
    "01_dice_basics": dice_expression,
    "pillage_and_plunder": battle_calculator,
    "king_of_pirates": combat_calculator,
    "plunder_2013": plunder_reveal,
    "pirates_and_plunder": pnp_battle_lab,
    "plunder": plunder_chain,
    "strategy_lab": strategy_lab_prediction,
}


#: Each lesson's page is opened once for both tests of the lesson (the render check of the page as it opens, then
#: the interaction on the same page, its screen chosen in the lesson's contents menu): the tests run lesson by
#: lesson (conftest's LESSON_SCOPE).
LESSON_SCOPE = "module"


@pytest.fixture(scope="module")
def lesson_page(page_opener, voila, lesson):
    """``(page, console)``: the lesson loaded once, shared by its render check and its interaction; closed after the
    lesson's tests."""
    pages = []

    def open_(url: str):
        pages.append(page_opener(url))
        return pages[-1]

    try:
        yield load_lesson(open_, voila, lesson.stem)
    finally:
        for page, _ in pages:
            page.close()


def test_lesson_renders_as_an_app(lesson_page, lesson, screenshot):
    stem = lesson.stem
    page, console = lesson_page

    canvases = wait_for_painted_canvases(page)
    screenshot(page, f"voila_{stem}")
    blank = [c for c in canvases if not (c["painted"] and c["colours"] > 1)]
    assert not blank, f"blank canvases (nothing drawn): {blank}"

    text = page.inner_text("#rendered_cells")
    shown = [line for line in code_lines(lesson) if line in text]
    assert not shown, f"code is shown on the page: {shown[:3]}"
    assert page.locator("#rendered_cells .jp-CodeCell .cm-editor").count() == 0
    problems = [line for line in text.splitlines()
                if ("Traceback" in line or "Error displaying widget" in line) and not any(k in line for k in known(stem))]
    assert not problems, f"errors shown on the page: {problems[:3]}"
    assert console.errors(known(stem)) == [], "console errors"


def go_to_screen(page, title: str) -> None:
    """A lesson on screens: choose the screen titled ``title`` in the contents menu, as a teacher does (the menu
    shows its spaces as no-break spaces); wait until its heading shows and its widgets have rendered."""
    menu = ".pl-lesson-contents select"
    index = page.eval_on_selector(menu, """(select, title) => [...select.options].findIndex(
        option => option.textContent.replace(/\\s/g, ' ').replace(/^\\d+\\. /, '') === title)""", title)
    assert index >= 0, f"no screen {title!r} in the contents menu"
    page.select_option(menu, index=index)
    page.wait_for_function("title => document.querySelector('.pl-screen-heading')?.textContent.trim() === title",
                           arg=title)
    page.wait_for_function("() => ![...document.querySelectorAll('.jupyter-widgets')]"
                           ".some(e => e.textContent.trim() === 'Loading widget...')")


def test_one_interaction_shows_the_exact_value(lesson_page, lesson, screenshot):
    stem = lesson.stem
    page, console = lesson_page
    if stem in SCREEN and page.locator(".pl-lesson").count():
        go_to_screen(page, SCREEN[stem])
    interaction = INTERACTIONS.get(stem)
    if interaction is None:
        if page.locator(".pl-lesson").count():
            interaction = screen_next
        elif page.locator(".pl-stepper").count() == 0:
            pytest.fail(f"{stem}: no interaction registered and no Stepper to step through")
        else:
            interaction = stepper_next
    interaction(page)
    canvases = wait_for_painted_canvases(page)
    screenshot(page, f"voila_{stem}_after")
    if stem in SHOWCASE:   # a picture of the lesson's main widget, for the README
        widget = page.locator(SHOWCASE[stem]).first
        height = widget.bounding_box()["height"]   # Voila scrolls inside a panel: make the window tall enough
        page.set_viewport_size({"width": 1280, "height": int(min(max(900, height + 200), 4000))})
        widget.scroll_into_view_if_needed()
        screenshot(widget, f"widget_{stem}")
    assert all(c["painted"] for c in canvases), "a canvas went blank after the interaction"
    assert console.errors(known(stem)) == []


def any_lesson() -> str:
    lessons = available_lessons(NOTEBOOKS)
    present = [name for name, path in lessons.items() if path is not None]
    if not present:
        pytest.skip("no lesson notebooks yet")
    return lessons[present[0]].stem


def test_presenter_toggle_enlarges_text(open_page, voila, screenshot):
    """The bar classroom mode puts on every page: large fonts on, then off again."""
    page, _ = load_lesson(open_page, voila, any_lesson())
    size = "() => parseFloat(getComputedStyle(document.querySelector('.pl-presenter-toggle')).fontSize)"
    normal = page.evaluate(size)
    page.locator(".pl-presenter-toggle").click()
    page.wait_for_function(f"() => ({size})() > {normal} * 1.3")
    screenshot(page, "voila_presenter_large")
    page.locator(".pl-presenter-toggle").click()
    page.wait_for_function(f"() => ({size})() === {normal}")


def test_large_fonts_from_the_address(open_page, voila):
    """``?large=1`` starts the page in presenter mode (the prelaunch hook reads it)."""
    page, _ = open_page(f"{voila}/voila/render/{any_lesson()}.ipynb?large=1")
    page.wait_for_selector(".pl-presenter-toggle.mod-active")
    assert re.search(r"--jp-widgets-font-size:\s*20px", page.content())


def test_classroom_command_serves_one_lesson(open_page, tmp_path, screenshot):
    """What a teacher types: ``pirates-lab classroom pillage_and_plunder --port N --large``."""
    import sys

    from pirates_lab.classroom import Server, free_port

    notebooks = available_lessons(NOTEBOOKS)
    present = [name for name in ("pillage_and_plunder", "dice_basics") if notebooks[name] is not None]
    if not present:
        pytest.skip("no lesson notebook yet")
    lesson = present[0]
    port = free_port()
    log = tmp_path / "classroom.log"
    command = [sys.executable, "-m", "pirates_lab.cli", "classroom", lesson, "--port", str(port), "--large"]
    with Server(command, port, log=log):
        url = f"http://127.0.0.1:{port}/"
        deadline = time.monotonic() + 60
        while f"at {url}" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert f"at {url}" in log.read_text(), "the command did not print its address"
        page, console = open_page(url)
        page.wait_for_selector("#loading", state="detached")
        page.wait_for_selector(".pl-presenter-toggle.mod-active")      # --large: presenter mode from the start
        page.wait_for_function("() => ![...document.querySelectorAll('.jupyter-widgets')]"
                               ".some(e => e.textContent.trim() === 'Loading widget...')")
        canvases = wait_for_painted_canvases(page)
        assert canvases and all(c["painted"] and c["colours"] > 1 for c in canvases)
        assert page.locator("#rendered_cells .jp-CodeCell .cm-editor").count() == 0
        screenshot(page, f"classroom_{lesson}_large")
        assert console.errors(known(notebooks[lesson].stem)) == []


def test_the_all_lessons_menu_lists_every_lesson(open_page, voila, screenshot):
    """``pirates-lab classroom --all`` opens on a menu: every lesson's title, description and link."""
    from pirates_lab.classroom import MENU, lessons

    page, console = open_page(f"{voila}/voila/render/{MENU}")
    menu = page.locator(".pl-lesson-menu").first
    menu.wait_for(state="visible", timeout=90_000)
    rows = menu.locator("tbody tr")
    shown = {rows.nth(i).locator("td").first.inner_text().replace("(not built yet)", "").strip(): rows.nth(i)
             for i in range(rows.count())}
    from pirates_lab.widgets.menu import lesson_length

    for lesson in lessons().values():
        row = shown[lesson.title]
        assert lesson.description in row.inner_text()
        screens, _, minutes, level = lesson_length(lesson.name)
        if screens:                                    # a lesson on screens: its length and level
            assert f"{screens} screens" in row.inner_text() and f"{minutes} minutes" in row.inner_text()
            assert level in row.inner_text()
        if (NOTEBOOKS / lesson.file).is_file():
            assert row.locator("a").get_attribute("href") == lesson.file
    screenshot(page, "voila_menu")


def test_the_address_opens_a_screen_and_next_walks_on(open_page, voila):
    """A teacher jumps to a screen: ``?screen=5`` (or its title) opens it; Back and Next walk from there."""
    from pirates_lab.widgets.lesson_model import Lesson

    lesson = Lesson.for_game("plunder_2013")
    page, _ = load_lesson(open_page, voila, "plunder_2013", "5")
    counter = page.locator(".pl-lesson-counter-text")
    assert counter.get_attribute("data-screen") == "5" and counter.inner_text() == f"5 / {len(lesson.class_screens)}"
    assert page.locator(".pl-screen-heading").inner_text() == lesson.screens[4].title
    page.locator(".pl-lesson-back").click()
    page.wait_for_function("() => document.querySelector('.pl-lesson-counter-text').dataset.screen === '4'")
    page, _ = load_lesson(open_page, voila, "plunder_2013", "Digging Up Treasure")
    assert page.locator(".pl-screen-heading").inner_text() == "Digging Up Treasure"
