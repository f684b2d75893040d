"""Every lesson on a projector: served by Voila at 1024 x 768 with large fonts (``?large=1``), then
looked at like a person would (issues 13 and 19).

A lesson on screens (the kit's LessonView) is walked screen by screen with Next; every check below is
made on every screen.  A lesson that is still one long page is looked at as one page.

(a) nothing overflows the page width or is clipped inside a box with overflow hidden/auto/scroll;
(b) no raw Python repr, progress-bar text or "Shift+Enter" is visible, and no run of 16+ digits;
(c) every canvas is drawn beyond its background (canvases inside bqplot charts are skipped);
(d) every visible button clicked once shows no error message and logs no console error;
(e) every label is readable: page and chart text at least 16 px, chart tick labels not overlapping;
(f) every text drawn on a canvas is at least 16 px as shown (an init script wraps the 2d contexts'
    ``fillText``/``strokeText`` and records each font; sizes are scaled to the canvas shown);
(g) no two texts of one paint of a canvas overlap, and none is cut at the canvas edge;
and first: Voila ran every cell (no aborted run, traceback or stderr output on the page).

Issue 19 (lessons a teacher can run), per screen:
(screens) the page is a lesson on screens, its class path at most 15 screens (20 if its file says so);
(height) each screen at most about one viewport tall (1.15 x 768 px);
(scroll_boxes) no box scrolls or clips what it holds (the page itself scrolls, nothing inside it);
(stdout) no printed output;
(grow) switching Large fonts off and on: every canvas is redrawn larger (not stretched) and shown larger,
    every chart shown larger, or it already fills its box;
(sizes) with Large fonts every button at least 40 px tall, every slider handle at least 24 px;
(feedback) a question answered with nothing says "type an answer first", an out-of-range answer says the
    range (or higher/lower), two wrong answers bring "Show the answer and why", which shows the answer and why;
(ready) the lesson view built in under 2 s of CPU (the page's wall time to ready is printed: 20 s or less
    on a quiet machine).
(Developer words, raw output and players numbered from 0 in the lesson files' texts are checked without a
browser, in tests/test_lesson_text.py.)

Issue 39 (lessons that teach by play), on the class screens:
(touch) something to touch besides the answer box (a button other than Back, Next, Check, Reset and the
    switches, a slider, a dropdown, a text box of a calculator, a canvas that takes clicks) on at least 80 % of
    them;
(fits) after a wrong answer, and after "Show the answer and why", the question, its answer box and its feedback
    are all inside the 1024 x 768 viewport.

Each lesson is walked once (``lesson_walk.walk``; one Voila server for all, one page per lesson) by
``test_projector_walk[<lesson>]``, within a time limit that grows with the lesson's screens; every check
reads that one walk.  A walk that fails or runs out of time fails that one test; the lesson's checks are then
skipped, naming it (never walked again).  Screenshots go to ``artifacts/screenshots/projector_<lesson>_<screen>.png`` (a long page:
``projector_<lesson>.png`` and ``projector_<lesson>_full.png``).

KNOWN_FAILURES lists what fails today, per (lesson, check): those tests are strict xfails, so a fix
shows as XPASS and fails the run until its row is deleted here.  Its rows are the per-game lesson
helpers' to-do list.
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest

import lesson_screens as screens
from lesson_walk import CHECKS, LOAD_TIMEOUT_MS, SMALLEST_TEXT_PX, VIEWPORT, WALK_MARGIN_S, Walk, walk, walk_seconds
from page_probes import CANVAS_TEXT_INIT

pytestmark = pytest.mark.browser

#: (lesson stem, check) -> what exactly fails today (strict xfail).  Delete a row when its lesson is fixed.
KNOWN_FAILURES: dict[tuple[str, str], str] = {
    # empty: every lesson passes every check, touch and fits included (issues 19 and 39)
}

#: Failures that depend on how busy the machine is (xfail, not strict): a row here is a to-do too.
LOAD_DEPENDENT: dict[tuple[str, str], str] = {
}


def walk_timeout(stem: str) -> float:
    """The test's own limit (pytest-timeout) for a test that may start the walk: the walk's, and a margin."""
    return walk_seconds(stem) + WALK_MARGIN_S


#: every walk's summary line (its time, its limit, and in how many steps the page changed after the kernel's
#: answer), appended as each walk ends, so a run on two workers (whose output pytest keeps) still shows them
WALKS_LOG = Path(__file__).resolve().parents[2] / "artifacts" / "walks.txt"

#: one walk per lesson for the whole session (per xdist worker: the scheduler keeps a lesson on one worker)
_WALKS: dict[str, Walk] = {}


@pytest.fixture(scope="session")
def walks(browser, voila, screenshot):
    """``walks(stem) -> Walk``: the lesson's one walk, made the first time it is asked for.  A walk that is
    interrupted (the test's time limit, Ctrl+C) stays recorded as failed: it is never started again."""
    def walk_of(stem: str) -> Walk:
        if stem not in _WALKS:
            _WALKS[stem] = Walk(stem, failure=f"the walk of {stem} was interrupted before it finished")
            _WALKS[stem] = walk(browser, voila, stem, screenshot)
            print("\n" + _WALKS[stem].summary())
            with WALKS_LOG.open("a", encoding="utf-8") as log:    # each worker adds its lessons' lines
                log.write(f"{time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime())} UTC {_WALKS[stem].summary()}\n")
        return _WALKS[stem]

    return walk_of


def _failed_walk(found: Walk) -> None:
    """The first test to meet a failed walk fails with its message; every other test of the lesson skips."""
    if not found.reported:
        found.reported = True
        pytest.fail(found.failure, pytrace=False)
    pytest.skip(f"no result: the walk of {found.stem} failed (see test_projector_walk[{found.stem}])")


@pytest.fixture
def inspection(request, walks, lesson) -> Walk:
    stem = lesson.stem
    found = walks(stem)
    if found.failure:
        _failed_walk(found)
    check = request.function.__name__.removeprefix("test_projector_")
    if (stem, check) in KNOWN_FAILURES:
        request.node.add_marker(pytest.mark.xfail(strict=True, reason=KNOWN_FAILURES[stem, check]))
    elif (stem, check) in LOAD_DEPENDENT:
        request.node.add_marker(pytest.mark.xfail(strict=False, reason=LOAD_DEPENDENT[stem, check]))
    return found


def _verdict(inspection: Walk, check: str, what: str) -> None:
    problems = inspection.problems[check]
    assert not problems, f"{inspection.stem}: {what}:\n  " + "\n  ".join(problems)


def test_projector_walk(walks, lesson):
    """The lesson's one walk finished within its time (its figures are printed with -s), and its steps could wait
    for the kernel: every request the page sent was read and answered (else a step would only wait for a quiet
    page, and a slow kernel's answer could come after the next click)."""
    found = walks(lesson.stem)
    if found.failure:
        _failed_walk(found)
    kernel = found.kernel
    assert kernel.get("sent", 0) > 0 and kernel.get("unread", 1) == 0, \
        f"{found.stem}: the walk could not follow the page's kernel requests ({kernel}): steps did not wait for answers"


def test_projector_ran(inspection):
    _verdict(inspection, "ran", "Voila did not run every cell")


def test_projector_overflow(inspection):
    _verdict(inspection, "overflow", "cut off or needs a sideways scroll at 1024 x 768 with large fonts")


def test_projector_raw_text(inspection):
    _verdict(inspection, "raw_text", "shows Python or machine text")


def test_projector_canvases(inspection):
    _verdict(inspection, "canvases", "a canvas shows nothing beyond its background")


def test_projector_labels(inspection):
    _verdict(inspection, "labels", f"text too small for a projector (under {SMALLEST_TEXT_PX} px) or chart labels overlap")


def test_projector_canvas_text(inspection):
    _verdict(inspection, "canvas_text", f"text drawn on a canvas is under {SMALLEST_TEXT_PX} px with large fonts")


def test_projector_canvas_overlap(inspection):
    _verdict(inspection, "canvas_overlap", "texts drawn on a canvas overlap each other or are cut at its edge")


def test_projector_buttons(inspection):
    _verdict(inspection, "buttons", "a button click went wrong")


def test_projector_screens(inspection):
    _verdict(inspection, "screens", "not a lesson a class can walk screen by screen")


def test_projector_height(inspection):
    _verdict(inspection, "height", "a screen is taller than about one viewport")


def test_projector_scroll_boxes(inspection):
    _verdict(inspection, "scroll_boxes", "a box scrolls or clips what it holds")


def test_projector_stdout(inspection):
    _verdict(inspection, "stdout", "printed output on a lesson page")


def test_projector_grow(inspection):
    _verdict(inspection, "grow", "a canvas or chart does not grow with Large fonts")


def test_projector_sizes(inspection):
    _verdict(inspection, "sizes", f"buttons under {screens.BUTTON_PX} px or slider handles under {screens.HANDLE_PX} px")


def test_projector_feedback(inspection):
    _verdict(inspection, "feedback", "question feedback that does not teach")


def test_projector_ready(inspection):
    _verdict(inspection, "ready", "the page is not ready fast")


def test_projector_touch(inspection):
    _verdict(inspection, "touch", "too few class screens with something to touch besides the answer box (issue 39)")


def test_projector_fits(inspection):
    _verdict(inspection, "fits", "once answered, a question, its answer box or its feedback is out of view (issue 39)")


def test_the_known_failures_name_real_lessons_and_checks():
    """A row for a lesson that is gone, or a check that does not exist, is a stale to-do."""
    from pathlib import Path

    from pirates_lab.classroom import LESSONS

    notebooks = Path(__file__).resolve().parents[2] / "notebooks"
    stems = {Path(file).stem for file in LESSONS.values() if (notebooks / file).is_file()}
    for stem, check in [*KNOWN_FAILURES, *LOAD_DEPENDENT]:
        assert check in CHECKS, f"KNOWN_FAILURES: no check named {check!r}"
        assert stem in stems, f"KNOWN_FAILURES: no lesson notebook {stem!r}"


def test_the_large_fonts_toggle_redraws_a_board_larger_and_back(browser, voila):
    """A board drawn at normal size is drawn again 1.5 times larger (canvas pixels, not a stretched picture),
    its text at least 16 px, when the teacher clicks "Large fonts"; the second click brings back the
    drawing's own sizes."""
    page = browser.new_page()
    try:
        page.add_init_script(CANVAS_TEXT_INIT)
        page.set_viewport_size(VIEWPORT)
        page.goto(f"{voila}/voila/render/plunder_2013.ipynb?screen=1&large=0", wait_until="domcontentloaded",
                  timeout=LOAD_TIMEOUT_MS)
        page.wait_for_selector("#loading", state="detached", timeout=LOAD_TIMEOUT_MS)
        board = "canvas.pl-plunder-table-picture"
        page.wait_for_selector(board)
        sizes = "(from) => (window.__plCanvasText || []).slice(from).map(r => r.px)"
        page.wait_for_function(f"() => ({sizes})(0).length > 0")
        width = f"() => document.querySelector('{board}').width"
        normal, drawn = page.evaluate(sizes, 0), page.evaluate(width)
        assert min(normal) < SMALLEST_TEXT_PX, f"the picture's labels are drawn small at normal size: {normal}"
        before = len(normal)
        page.locator(".pl-presenter-toggle").click()
        page.wait_for_function(f"() => ({sizes})({before}).length >= {before}")
        large = page.evaluate(sizes, before)
        assert min(large) >= SMALLEST_TEXT_PX, f"after the toggle: {large}"
        assert page.evaluate(width) == round(1.5 * drawn)
        again = before + len(large)
        page.locator(".pl-presenter-toggle").click()
        page.wait_for_function(f"() => ({sizes})({again}).length >= {before}")
        assert page.evaluate(sizes, again)[:before] == normal and page.evaluate(width) == drawn
    finally:
        page.close()
