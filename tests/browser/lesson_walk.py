"""One walk of a lesson in Chromium gathers everything the projector checks read (issues 13, 19, 38 and 39).

:func:`walk` loads a lesson once with Large fonts at 1024 x 768 and walks every screen with Next; on each it
measures the page (``page_probes``, ``lesson_screens``), clicks every button, answers the question as a class
would, and saves a screenshot.  The result, a :class:`Walk`, holds each check's problems; the tests in
``test_browser_projector.py`` only read it.

The walk has a time limit that grows with the lesson's screens (:func:`walk_seconds`).  Every wait inside it
ends at that limit: a walk that runs out of time stops where it is and says so in ``Walk.failure`` (one failed
test, the walk's), and is never started again for another check of the same lesson.
"""
from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass, field

import lesson_screens as screens
from page_probes import (CANVAS_JS, CANVAS_TEXT_INIT, CANVAS_TEXT_JS, ERRORS_JS, KERNEL_INIT, LABELS_JS,
                         NOT_RUN_JS, OVERFLOW_JS, QUIET_JS, SCROLLER_JS, TAG_BUTTONS_JS)

VIEWPORT = {"width": 1024, "height": 768}
#: Voila runs the whole notebook before the page is usable; a loaded 2-core machine is slow
LOAD_TIMEOUT_MS = 150_000
#: a walk's time: the page's load, then this much for each class screen (a question answered four ways, every
#: button clicked, Large fonts off and on) and for each reference screen (a rule to read); ``PIRATES_LAB_WALK_SCALE``
#: multiplies it (2 on a machine known to be twice as slow).  About three times what was measured at load 9-17 on
#: 2 cores (docs/testing.md), so a busy machine is slow, not failed.
WALK_LOAD_S, WALK_CLASS_SCREEN_S, WALK_REFERENCE_SCREEN_S = 180, 30, 8
#: what the test's own limit (pytest-timeout) leaves on top of the walk's, so the walk always stops first
WALK_MARGIN_S = 120

CHECKS = ("ran", "overflow", "raw_text", "canvases", "buttons", "labels", "canvas_text", "canvas_overlap",
          "screens", "height", "scroll_boxes", "stdout", "grow", "sizes", "feedback", "ready", "touch", "fits")
#: CPU seconds the lesson view may take to build itself and its first screen
READY_CPU_SECONDS = 2.0
SMALLEST_TEXT_PX = 16          # with large fonts, every label (page text and chart text) at least this big
#: issue 39: the share of class screens with something to touch besides the answer box
TOUCH_SHARE = 0.8

RAW_TEXT = ("Fraction(", "{'", "[(", "<pirates_lab.", "Shift+Enter", "it/s]")
LONG_DIGITS = re.compile(r"\d{16,}")
NOT_RUN_TEXT = ("Cell execution timed out", "Traceback (most recent call last)", "Error displaying widget")


def lesson_name(stem: str) -> str:
    """The lesson's name (``dice_basics``) from its notebook's stem (``01_dice_basics``)."""
    from pirates_lab.classroom import lessons

    return next(n for n, lesson in lessons().items() if lesson.file == f"{stem}.ipynb")


def screen_count(stem: str) -> tuple[int, int]:
    """How many class and reference screens a walk of the lesson shows, from its lesson file."""
    from pirates_lab.widgets.lesson_model import Lesson

    try:
        lesson = Lesson.named(lesson_name(stem))
    except Exception:
        return 1, 0        # not a lesson on screens: one long page
    return len(lesson.class_screens), len(lesson.reference_screens)


def walk_seconds(stem: str) -> float:
    """The time a walk of the lesson may take: :data:`WALK_LOAD_S`, and so much a class and a reference screen,
    times ``$PIRATES_LAB_WALK_SCALE``."""
    scale = float(os.environ.get("PIRATES_LAB_WALK_SCALE", "1") or 1)
    class_screens, reference_screens = screen_count(stem)
    return scale * (WALK_LOAD_S + WALK_CLASS_SCREEN_S * class_screens + WALK_REFERENCE_SCREEN_S * reference_screens)


@dataclass
class Walk:
    """What one walk of a lesson page saw; ``problems[check]`` is empty when the check passes."""

    stem: str
    problems: dict[str, list[str]] = field(default_factory=lambda: {check: [] for check in CHECKS})
    failure: str = ""            # the walk did not finish: every check of the lesson is without a result
    reported: bool = False       # a test has failed with ``failure`` (the others skip)
    clicked: list[str] = field(default_factory=list)   # the buttons clicked, in order
    seconds: float = 0.0         # the whole walk
    limit: float = 0.0           # the walk's time limit
    loaded: float = 0.0          # until every widget had rendered
    screens_walked: int = 0
    canvas_texts: int = 0        # texts drawn on canvases (fillText/strokeText calls seen)
    class_screens: int = 0       # issue 39: class screens walked
    touch: dict[int, list[str]] = field(default_factory=dict)   # class screen -> what it offers to touch
    questions: int = 0           # class screens with a question
    fits: dict[int, list[str]] = field(default_factory=dict)    # class screen -> out of view after answering
    #: the page's requests to its kernel as ``page_probes.KERNEL_INIT`` followed them (sent, answered, unread)
    kernel: dict[str, int] = field(default_factory=dict)
    #: the quiet waits after the kernel's answers, and in how many of them the page still changed (a late renderer)
    quiet_waits: int = 0
    late_changes: int = 0

    def summary(self) -> str:
        touched = sum(1 for found in self.touch.values() if found)
        cut = sum(1 for found in self.fits.values() if found)
        return (f"{self.stem}: walked {self.screens_walked} screen(s) in {self.seconds:.0f} s (limit {self.limit:.0f} s; "
                f"ready in {self.loaded:.0f} s); something to touch on {touched} of {self.class_screens} class "
                f"screens; question, answer and feedback out of view on {cut} of {self.questions} question screens; "
                f"clicked {len(self.clicked)} button(s); {self.canvas_texts} canvas text(s) drawn; kernel requests "
                f"{self.kernel.get('sent', 0)} sent, {self.kernel.get('answered', 0)} answered, "
                f"{self.kernel.get('unread', 0)} unread; the page changed after the kernel's answer in "
                f"{self.late_changes} of {self.quiet_waits} waits"
                + (f"; FAILED: {self.failure}" if self.failure else ""))


def _wait_until_rendered(page, stage: list[str]) -> None:
    stage.append("Voila running the notebook (#loading still there)")
    page.wait_for_selector("#loading", state="detached", timeout=screens._ms(LOAD_TIMEOUT_MS))
    stage.append("the presenter bar in large fonts (.pl-presenter-toggle.mod-active)")
    page.wait_for_selector(".pl-presenter-toggle.mod-active", timeout=screens._ms(LOAD_TIMEOUT_MS))
    stage.append("every widget rendered (no 'Loading widget...')")
    page.wait_for_function("() => ![...document.querySelectorAll('.jupyter-widgets')]"
                           ".some(e => e.textContent.trim() === 'Loading widget...')", timeout=screens._ms(LOAD_TIMEOUT_MS))
    stage.append("inspecting")


def _canvases(page, timeout_ms: int = 90_000) -> list[dict]:
    try:
        page.wait_for_function(f"() => ({CANVAS_JS})().every(c => c.painted > 0 && c.colours > 1)",
                               timeout=screens._ms(timeout_ms))
    except screens.WalkTimeout:
        raise
    except Exception:
        pass   # the check names the blank ones
    return page.evaluate(CANVAS_JS)


def _visible_text_problems(text: str) -> list[str]:
    found = []
    for raw in RAW_TEXT:
        for match in re.finditer(re.escape(raw), text):
            found.append(f"{raw!r} in {text[max(0, match.start() - 40):match.end() + 40]!r}")
            break
    for match in LONG_DIGITS.finditer(text):
        found.append(f"{len(match.group())} digits: {match.group()[:24]}…")
        if len(found) > 8:
            break
    return found


def _click_every_button(page, console_messages: list[str], where: str = "#rendered_cells") -> tuple[list[str], list[str]]:
    """Click each button once, each after the kernel has answered the one before (a button an earlier answer
    removed, hid or disabled is not clicked)."""
    problems, clicked = [], []
    labels = page.evaluate(TAG_BUTTONS_JS, where)
    for index, label in enumerate(labels):
        button = page.locator(f"[data-pl-probe='{index}']")
        if button.count() == 0 or not button.first.is_visible() or not button.first.is_enabled():
            continue       # an earlier click replaced or hid it
        errors_before = set(page.evaluate(ERRORS_JS))
        console_before = len(console_messages)
        try:
            button.first.click(timeout=screens._ms(60_000))
        except screens.WalkTimeout:
            raise
        except Exception as error:
            if button.count() and button.first.is_visible() and button.first.is_enabled():   # covered, or stuck
                problems.append(f"button {label!r} could not be clicked: {str(error).splitlines()[0]}")
            continue
        clicked.append(label)
        if not screens.answered(page, 90_000):
            problems.append(f"button {label!r}: the kernel did not answer within 90 s")
        new_errors = [e for e in page.evaluate(ERRORS_JS) if e not in errors_before]
        if new_errors:
            problems.append(f"button {label!r} shows {new_errors[0]!r}")
        if len(console_messages) > console_before:
            problems.append(f"button {label!r} logs {console_messages[console_before][:160]!r}")
    return problems, clicked


def _page_checks(page, result: Walk, where: str) -> None:
    """The checks of issue 13 on what is shown now (a screen, or a whole page)."""
    body_text = page.inner_text("body")
    result.problems["ran"] += page.evaluate(NOT_RUN_JS) + [
        f"the page shows {text!r}" for text in NOT_RUN_TEXT if text in body_text]
    overflow = page.evaluate(OVERFLOW_JS)
    result.problems["overflow"] += ([f"{where}past the page's right edge ({overflow['pageWidth']} px): {e}"
                                     for e in overflow["past"][:8]] + [f"{where}clipped: {e}" for e in overflow["clipped"][:12]])
    result.problems["raw_text"] += [where + p for p in _visible_text_problems(body_text)]
    labels = page.evaluate(LABELS_JS, SMALLEST_TEXT_PX)
    result.problems["labels"] += [f"{where}smaller than {SMALLEST_TEXT_PX} px: {e}" for e in labels["small"][:8]] + \
        [where + o for o in labels["overlaps"][:6]]
    result.problems["canvases"] += [f"{where}blank canvas {c['label']} ({c['width']}x{c['height']}, "
                                    f"{c['painted']} pixels painted, {c['colours']} colour(s))"
                                    for c in _canvases(page) if not (c["painted"] and c["colours"] > 1)]


def _lesson_checks(page, result: Walk, where: str) -> None:
    """The checks of issue 19 on what is shown now (developer words and player numbering are read from the
    lesson files without a browser: tests/test_lesson_text.py)."""
    for check, problems in screens.measure(page).items():
        result.problems[check] += [where + p for p in problems]
    result.problems["grow"] += [where + p for p in screens.growth(page)]


def _issue_39(result: Walk) -> None:
    """Something to touch on at least 80 % of the class screens; the question in view once answered."""
    bare = [number for number, found in result.touch.items() if not found]
    if result.class_screens and (result.class_screens - len(bare)) < TOUCH_SHARE * result.class_screens:
        share = (result.class_screens - len(bare)) / result.class_screens
        result.problems["touch"].append(
            f"something to touch besides the answer box on {result.class_screens - len(bare)} of "
            f"{result.class_screens} class screens ({share:.0%}, less than {TOUCH_SHARE:.0%}); nothing on screens "
            + ", ".join(map(str, bare)))
    for number, problems in result.fits.items():
        result.problems["fits"] += [f"screen {number}: {p}" for p in problems]


def _prediction(model, screen) -> str | None:
    """What a class might predict on a prediction screen (``mode = "predict"``): a readable answer of its unit."""
    spec = screen.question
    if spec is None or getattr(spec, "mode", "check") != "predict":
        return None
    unit = model.question(screen).unit
    return {"probability": "50%", "text": "I think so"}.get(unit, "3")


def _walk_screens(page, result: Walk, stem: str, shots, console: list[str], stage: list[str]) -> None:
    """Every screen of a lesson on screens, in order, with every check."""
    from pirates_lab.widgets.lesson_model import Lesson

    model = Lesson.named(lesson_name(stem))
    if len(model.class_screens) > model.class_limit:
        result.problems["screens"].append(f"{len(model.class_screens)} class screens, more than {model.class_limit}")
    first = screens.counter(page)
    if first["build"] > READY_CPU_SECONDS:
        result.problems["ready"].append(f"the lesson view took {first['build']:.1f} s of CPU to build")
    questions = 0
    for number in range(1, first["screens"] + 1):
        stage.append(f"screen {number} of {first['screens']}")
        if number > 1:
            screens.go_next(page, number)
        screen = model.screens[number - 1]
        where = f"screen {number} {screen.title!r}: "
        shots(page, f"projector_{stem}_{number:02d}")
        _page_checks(page, result, where)
        _lesson_checks(page, result, where)
        on_class_path = not screen.reference
        if on_class_path:
            result.class_screens += 1
            result.touch[number] = screens.touchable(page)
        if page.locator(".pl-screen .pl-question").count():
            questions += 1
            fits: list[str] | None = [] if on_class_path else None
            result.problems["feedback"] += [where + p for p in screens.question_feedback(page, fits, _prediction(model, screen))]
            if fits is not None:
                result.questions += 1
                result.fits[number] = fits
            screens.reset_screen(page)
        console.clear()
        problems, clicked = _click_every_button(page, console, ".pl-screen")
        result.problems["buttons"] += [where + p for p in problems]
        result.clicked += [f"{number}:{label}" for label in clicked]
        if clicked:
            screens.reset_screen(page)
        result.screens_walked = number
    if not questions:
        result.problems["feedback"].append("no screen asks a question")
    _issue_39(result)


def _one_long_page(page, result: Walk, stem: str, shots, console: list[str]) -> None:
    """A lesson that is still one page: the old checks on the page, then issue 19's on the whole page."""
    shots(page, f"projector_{stem}")
    _page_checks(page, result, "")
    _lesson_checks(page, result, "")
    scroller = page.evaluate(SCROLLER_JS)   # a picture of the whole lesson: grow the window to its height
    page.set_viewport_size({"width": VIEWPORT["width"], "height": int(min(max(768, scroller["height"]), 12_000))})
    screens.wait_quiet(page)          # the page has laid itself out again at the new height
    shots(page, f"projector_{stem}_full")
    page.set_viewport_size(VIEWPORT)
    screens.wait_quiet(page)
    result.problems["screens"].append(f"one long page ({scroller['height']:,} px), not a lesson on screens")
    result.problems["ready"].append("not a lesson on screens (no lesson view to measure)")
    if not page.locator(".pl-question").count():
        result.problems["feedback"].append("no question gives feedback that teaches (the kit's lesson questions do)")
    console.clear()
    result.problems["buttons"], result.clicked = _click_every_button(page, console)
    result.screens_walked = 1


def walk(browser, voila: str, stem: str, screenshots, seconds: float | None = None) -> Walk:
    """Load the lesson once with large fonts at 1024 x 768 and run every check on every screen, within
    ``seconds`` (default :func:`walk_seconds`).  Never raises for the page: a failure is in ``Walk.failure``."""
    result = Walk(stem, limit=seconds if seconds is not None else walk_seconds(stem))
    start = time.monotonic()
    screens.deadline = screens.Deadline(result.limit, f"the walk of {stem}")
    screens.quiet_waits.update(waits=0, changed=0)
    console: list[str] = []
    stage: list[str] = ["opening"]
    page = browser.new_page()
    page.on("console", lambda m: console.append(m.text) if m.type == "error" and not (
        "Failed to load resource" in m.text and not re.search(r"127\.0\.0\.1|localhost", (m.location or {}).get("url", "")))
        else None)
    page.on("pageerror", lambda error: console.append(f"uncaught: {error}"))
    try:
        page.add_init_script(CANVAS_TEXT_INIT)
        page.add_init_script(KERNEL_INIT)
        page.set_viewport_size(VIEWPORT)
        # Voila streams the page while it runs the notebook: the document is complete only when every cell has run
        page.goto(f"{voila}/voila/render/{stem}.ipynb?large=1", wait_until="domcontentloaded",
                  timeout=screens._ms(LOAD_TIMEOUT_MS))
        _wait_until_rendered(page, stage)
        result.loaded = time.monotonic() - start
        _canvases(page)
        screens.answered(page)          # late layout (charts sizing themselves through the kernel)
        console.clear()   # load-time console errors are test_browser_apps' business
        if screens.is_screen_lesson(page):
            stage.append("walking the screens")
            _walk_screens(page, result, stem, screenshots, console, stage)
        else:
            stage.append("looking at one long page")
            _one_long_page(page, result, stem, screenshots, console)
        stage.append("reading the canvas texts")
        result.kernel = page.evaluate("() => window.__plKernel ? {sent: __plKernel.sent, answered: __plKernel.answered, "
                                      "unread: __plKernel.unread} : {}")
        canvas_text = page.evaluate(CANVAS_TEXT_JS, SMALLEST_TEXT_PX)    # everything painted, clicks included
        result.canvas_texts = canvas_text["count"]
        result.problems["canvas_text"] = [f"canvas text smaller than {SMALLEST_TEXT_PX} px: {e}"
                                          for e in canvas_text["small"][:10]]
        result.problems["canvas_overlap"] = canvas_text["overlaps"][:10] + canvas_text["cut"][:10]
    except Exception as error:
        screens.deadline = None       # the screenshot and the page's last words get their own short waits
        try:
            screenshots(page, f"projector_{stem}_failed")
            shown = page.inner_text("body", timeout=10_000)[-300:].replace("\n", " ")
        except Exception:
            shown = ""
        why = (f"it ran out of its {result.limit:.0f} s" if isinstance(error, screens.WalkTimeout)
               else f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
        result.failure = (f"the walk of {stem} stopped at {stage[-1]} ({result.screens_walked} screen(s) done) "
                          f"after {time.monotonic() - start:.0f} s: {why}; the page ends with {shown!r}")
    finally:
        screens.deadline = None
        try:
            page.close()
        except Exception:
            pass
    result.seconds = time.monotonic() - start
    result.quiet_waits, result.late_changes = screens.quiet_waits["waits"], screens.quiet_waits["changed"]
    return result


__all__ = ["Walk", "walk", "walk_seconds", "screen_count", "lesson_name", "CHECKS", "VIEWPORT", "LOAD_TIMEOUT_MS",
           "SMALLEST_TEXT_PX", "TOUCH_SHARE", "WALK_MARGIN_S", "QUIET_JS"]
