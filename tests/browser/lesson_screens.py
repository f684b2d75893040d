"""Looking at a lesson's screens in Chromium like a teacher would (issue 19), for the projector checks.

A lesson on screens (the kit's LessonView: ``.pl-lesson``) is walked with Next, one screen at a time; on
each screen the page is measured (its height against the viewport, scroll boxes that hide content, stdout,
developer words, players numbered from 0, button and slider-handle sizes), Large fonts are switched off and
on again to see canvases and charts grow, and a question is answered the ways a class would (nothing, out of
range, wrong twice, then "Show the answer and why").  Every function waits for conditions (the screen
counter, the kernel's answer to a click, the page going quiet), never for a fixed time, and no wait lasts past the
walk's :class:`Deadline` (a walk that runs out of time stops at once with :class:`WalkTimeout`, naming where).
"""
from __future__ import annotations

import time

from page_probes import FITS_JS, TOUCH_JS

#: a screen may be this many viewports tall ("at most about one viewport")
MOST_VIEWPORTS = 1.15
BUTTON_PX, HANDLE_PX = 40, 24
#: a canvas or chart "grows" with Large fonts when shown this much larger (or when it already fills its box)
GROWTH = 1.2
#: how long the page must stay unchanged, once the kernel has answered every request, before a step reads it.
#: Measured (issue 38): in the 2 s after the kernel's last answer not one DOM change was seen in any of the 125
#: waits of a Plunder (2013) walk (the page has drawn the answer by the time the test reads it), so this only
#: guards a late renderer: each change starts the window again, and two animation frames must have passed too
#: (a busy renderer's frames come late).  It was 0.8 s: three quarters of a walk's time.  The walk counts the
#: waits in which the page did change after the kernel's answer (``Walk.late_changes``, in its summary).
QUIET_MS = 100
#: resolves once the page has not changed for ``QUIET_MS`` and has drawn two frames (at most 15 s), with the
#: number of changes it saw meanwhile
QUIET_JS = """(quiet) => new Promise(resolve => {
    let frames = 0, elapsed = false, changes = -1, timer;
    const finish = () => { observer.disconnect(); clearTimeout(timer); clearTimeout(limit); resolve(changes); };
    const arm = () => { elapsed = false; changes++; clearTimeout(timer);
                        timer = setTimeout(() => { elapsed = true; if (frames >= 2) finish(); }, quiet); };
    const observer = new MutationObserver(arm);
    const limit = setTimeout(finish, 15000);
    const frame = () => { if (++frames < 2) requestAnimationFrame(frame); else if (elapsed) finish(); };
    observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
    arm();
    requestAnimationFrame(frame);
})"""

#: the screen shown: its number, how many there are, its kind (from the counter's data attributes)
COUNTER_JS = """() => { const c = document.querySelector('.pl-lesson-counter-text');
    return c ? {screen: +c.dataset.screen, screens: +c.dataset.screens, kind: c.dataset.kind,
                build: parseFloat(c.dataset.buildCpu || '0')} : null; }"""

#: the page's height (the panel Voila scrolls), boxes that scroll or clip their content, stdout shown
MEASURE_JS = """() => {
    let scroller = document.scrollingElement, extra = scroller.scrollHeight - scroller.clientHeight;
    for (const el of document.querySelectorAll('*')) {
        const more = el.scrollHeight - el.clientHeight;
        if (more > extra && ['auto', 'scroll'].includes(getComputedStyle(el).overflowY)) { scroller = el; extra = more; }
    }
    const visible = el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden';
    const describe = el => el.tagName.toLowerCase() + [...el.classList].filter(c => c.startsWith('pl-') || c.startsWith('widget-'))
        .slice(0, 2).map(c => '.' + c).join('') + ` "${(el.innerText || '').trim().replace(/\\s+/g, ' ').slice(0, 50)}"`;
    const hidden = [];
    for (const el of document.querySelectorAll('#rendered_cells *')) {
        if (el === scroller || el.closest('.bqplot') || el.tagName === 'SELECT' || el.tagName === 'OPTION'
            || el.tagName === 'CANVAS' || el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || !visible(el)) continue;
        const style = getComputedStyle(el);
        if (['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowY) && el.scrollHeight > el.clientHeight + 4
            && el.clientHeight > 0) hidden.push(describe(el) + ` (${style.overflowY}: ${el.scrollHeight} > ${el.clientHeight} px)`);
    }
    const stdout = [...document.querySelectorAll('#rendered_cells [data-mime-type="application/vnd.jupyter.stdout"]')]
        .filter(visible).map(e => e.innerText.trim().slice(0, 120)).filter(t => t);
    return {height: scroller.scrollHeight, viewport: window.innerHeight, hidden: hidden.slice(0, 8), stdout};
}"""

#: visible buttons shorter than the minimum, slider handles smaller than the minimum
SIZES_JS = """([button, handle]) => {
    const visible = el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden';
    const label = el => (el.innerText || el.title || el.getAttribute('aria-label') || '').trim().slice(0, 30);
    const small = [];
    for (const b of document.querySelectorAll('#rendered_cells button')) {
        if (!visible(b) || b.closest('.bqplot')) continue;
        const h = b.getBoundingClientRect().height;
        if (h < button - 0.5) small.push(`button '${label(b)}' is ${Math.round(h)} px tall`);
    }
    for (const h of document.querySelectorAll('#rendered_cells .noUi-handle')) {
        if (!visible(h)) continue;
        const r = h.getBoundingClientRect();
        if (r.width < handle - 0.5 || r.height < handle - 0.5) small.push(`slider handle ${Math.round(r.width)} x ${Math.round(r.height)} px`);
    }
    return small.slice(0, 8);
}"""

#: what a class looks at: canvases (drawn and shown sizes) and charts, in page order, with the room each has
#: (in a row of things side by side: the row's width less its neighbours'; else the screen's width)
LOOKED_AT_JS = """() => {
    const visible = el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden';
    const owner = el => { const b = el.closest('[class*="pl-"]'); return b ? [...b.classList].filter(c => c.startsWith('pl-')).join('.') : el.tagName; };
    const screen = document.querySelector('.pl-screen') || document.querySelector('#rendered_cells');
    const room = el => {
        for (let item = el; item && item !== screen; item = item.parentElement) {
            const row = item.parentElement;
            if (!row) break;
            const style = getComputedStyle(row);
            const others = [...row.children].filter(c => c !== item && visible(c));
            if (style.display.includes('flex') && !style.flexDirection.startsWith('column') && others.length) {
                const width = row.getBoundingClientRect().width;
                const used = others.map(c => c.getBoundingClientRect()).filter(r => r.top < item.getBoundingClientRect().bottom
                    && r.bottom > item.getBoundingClientRect().top).reduce((sum, r) => sum + r.width, 0);
                return Math.min(width - used, screen.getBoundingClientRect().width);
            }
        }
        return screen.getBoundingClientRect().width;
    };
    const found = [];
    for (const c of document.querySelectorAll('#rendered_cells canvas')) {
        if (c.closest('.bqplot') || !visible(c)) continue;
        found.push({what: 'canvas ' + owner(c), drawn: c.width, shown: c.getBoundingClientRect().width, room: room(c)});
    }
    for (const f of document.querySelectorAll('#rendered_cells .bqplot.figure, #rendered_cells div.bqplot')) {
        if (!visible(f) || f.parentElement.closest('.bqplot')) continue;
        found.push({what: 'chart ' + owner(f), drawn: 0, shown: f.getBoundingClientRect().width, room: room(f)});
    }
    return found;
}"""


class WalkTimeout(Exception):
    """The walk of a lesson ran out of its time (:class:`Deadline`)."""


class Deadline:
    """The time a walk has left: every wait of this module lasts at most ``left_ms(most)``, and raises
    :class:`WalkTimeout` once the time is up (so a slow walk stops where it is, once, with a clear message).

    >>> Deadline(60).left_ms(1000) == 1000, Deadline(0.001, "a lesson").seconds
    (True, 0.001)
    """

    def __init__(self, seconds: float, what: str = "the walk"):
        self.seconds, self.what = seconds, what
        self.end = time.monotonic() + seconds

    def left_ms(self, most_ms: float) -> int:
        left = (self.end - time.monotonic()) * 1000
        if left <= 0:
            raise WalkTimeout(f"{self.what} ran out of its {self.seconds:.0f} s")
        return max(1, int(min(most_ms, left)))


#: the deadline of the walk under way (none: waits have only their own limits)
deadline: Deadline | None = None


def _ms(most_ms: float) -> int:
    return deadline.left_ms(most_ms) if deadline is not None else int(most_ms)


def answered(page, most_ms: float = 60_000) -> bool:
    """Wait until the kernel has answered every request the page sent it (``page_probes.KERNEL_INIT``: each one's
    "idle" status is back), then until the page stops changing.  False if an answer did not come in time."""
    ok = True
    try:
        page.wait_for_function("() => !window.__plKernel || window.__plKernel.pending.size === 0", timeout=_ms(most_ms))
    except WalkTimeout:
        raise
    except Exception:
        ok = False
        _ms(1)        # the walk's own time is up: say so rather than go on
    wait_quiet(page)
    return ok


def click_and_wait(page, locator, most_ms: float = 60_000) -> bool:
    """Click, then wait for the kernel's answer and a quiet page (see :func:`answered`)."""
    locator.click(timeout=_ms(most_ms))
    return answered(page, most_ms)


#: what the quiet waits saw since the walk began: how many, and in how many the page changed during the window
quiet_waits = {"waits": 0, "changed": 0}


def wait_quiet(page) -> None:
    _ms(1)
    changes = page.evaluate(QUIET_JS, QUIET_MS)
    quiet_waits["waits"] += 1
    quiet_waits["changed"] += bool(changes)


def counter(page) -> dict | None:
    return page.evaluate(COUNTER_JS)


def is_screen_lesson(page) -> bool:
    return page.locator(".pl-lesson .pl-lesson-next").count() > 0


def go_next(page, number: int, timeout_ms: int = 120_000) -> None:
    """Press Next and wait until the counter says screen ``number``, the screen shown before has left the page
    (the first chart of a lesson renders after the counter moves: checks must not read the old screen) and the
    kernel has answered."""
    bodies = page.locator(".pl-screen .pl-screen-body")
    old = bodies.first.element_handle() if bodies.count() else None
    page.locator(".pl-lesson-next").first.click(timeout=_ms(timeout_ms))
    page.wait_for_function(f"() => document.querySelector('.pl-lesson-counter-text')?.dataset.screen === '{number}'",
                           timeout=_ms(timeout_ms))
    if old is not None:
        page.wait_for_function("el => !el.isConnected", arg=old, timeout=_ms(timeout_ms))
    answered(page, timeout_ms)


def touchable(page) -> list[str]:
    """Issue 39: what a student can touch on the screen shown besides the answer box (empty: nothing)."""
    return page.evaluate(TOUCH_JS)


def out_of_view(page, question, when: str) -> list[str]:
    """Issue 39: the question's prompt, answer box and feedback not wholly inside the viewport (``when``: after what)."""
    found = page.evaluate(FITS_JS, question.element_handle())
    height, width = found["viewport"]["height"], found["viewport"]["width"]
    problems = []
    for part in ("question", "answer", "feedback"):
        box = found[part]
        if box is None:
            problems.append(f"{when}, the {part} is not shown")
        elif box["top"] < -1 or box["bottom"] > height + 1 or box["left"] < -1 or box["right"] > width + 1:
            problems.append(f"{when}, the {part} is out of view (top {box['top']:.0f}, bottom {box['bottom']:.0f} px; "
                            f"the viewport is {height} px tall)")
    return problems


def measure(page) -> dict[str, list[str]]:
    """One screen's height, hidden scroll boxes, stdout and control sizes."""
    found = page.evaluate(MEASURE_JS)
    limit = MOST_VIEWPORTS * found["viewport"]
    tall = [f"{found['height']} px tall, more than {MOST_VIEWPORTS} x the {found['viewport']} px viewport"] \
        if found["height"] > limit else []
    return {"height": tall, "scroll_boxes": [f"a scroll box hides content: {h}" for h in found["hidden"]],
            "stdout": [f"printed output on the page: {s!r}" for s in found["stdout"]],
            "sizes": page.evaluate(SIZES_JS, [BUTTON_PX, HANDLE_PX])}


def _toggle_large(page, on: bool) -> None:
    toggle = page.locator(".pl-presenter-toggle").first
    active = "mod-active" in (toggle.get_attribute("class") or "")
    if active != on:
        toggle.click(timeout=_ms(60_000))
    page.wait_for_function(f"() => document.querySelector('.pl-presenter-toggle').classList.contains('mod-active') === {str(on).lower()}",
                           timeout=_ms(60_000))
    if active != on:
        answered(page)
    _settled(page)


#: how far apart two reads of the canvases' and charts' sizes must agree for them to count as settled
SETTLE_POLL_MS = 300


def _settled(page, limit_s: float = 30.0) -> None:
    """Wait until the canvases' and charts' sizes read the same twice, ``SETTLE_POLL_MS`` apart (a chart lays
    itself out again after the kernel's answer has been drawn)."""
    until, before = time.monotonic() + limit_s, page.evaluate(LOOKED_AT_JS)
    while time.monotonic() < until:
        _ms(1)
        page.wait_for_timeout(SETTLE_POLL_MS)     # a polling interval: the loop ends as soon as two reads agree
        now = page.evaluate(LOOKED_AT_JS)
        if now == before:
            return
        before = now


def growth(page) -> list[str]:
    """Switch Large fonts off and on again: every canvas must be redrawn larger and shown larger (or fill the
    room it has), every chart shown larger (or fill the room it has).  Paints at normal size are not recorded as projector
    text (``window.__plPaused``)."""
    large = page.evaluate(LOOKED_AT_JS)
    if not large:
        return []
    page.evaluate("() => { window.__plPaused = true; }")
    try:
        _toggle_large(page, False)
        normal = page.evaluate(LOOKED_AT_JS)
    finally:
        _toggle_large(page, True)
        page.evaluate("() => { window.__plPaused = false; }")
    problems = []
    for big, small in zip(large, normal):
        fills = big["shown"] >= 0.9 * big["room"]
        if not (big["shown"] >= GROWTH * small["shown"] - 1 or fills):
            problems.append(f"{big['what']} is shown {small['shown']:.0f} px wide at normal size and "
                            f"{big['shown']:.0f} px with Large fonts ({big['room']:.0f} px of room)")
        if big["what"].startswith("canvas") and big["drawn"] < 1.4 * small["drawn"]:
            problems.append(f"{big['what']} is drawn {small['drawn']} px wide at normal size and {big['drawn']} px "
                            f"with Large fonts (stretched, not redrawn)")
    if len(large) != len(normal):
        problems.append(f"{len(large)} canvases and charts with Large fonts, {len(normal)} without")
    return problems


def _feedback_text(question) -> str:
    return question.locator(".pl-feedback").first.inner_text().strip()


def _answer(page, question, text: str, expect: str) -> str:
    box = question.locator(".pl-answer input").first
    box.fill(text, timeout=_ms(60_000))
    box.press("Enter")
    answered(page)                    # the text has reached the kernel before Check is pressed
    click_and_wait(page, question.locator(".pl-check").first, 90_000)
    try:
        page.wait_for_function("([el, expect]) => el.querySelector('.pl-feedback').innerText.includes(expect)",
                               arg=[question.element_handle(), expect], timeout=_ms(30_000))
    except WalkTimeout:
        raise
    except Exception:
        pass        # the caller says what the feedback shows instead
    return _feedback_text(question)


def question_feedback(page, fits: list[str] | None = None, prediction: str | None = None) -> list[str]:
    """Answer the screen's question as a class might; what fails to teach.  ``fits`` (a class screen) collects
    issue 39's view check: after a wrong answer and after "Show the answer and why", the prompt, the answer box
    and the feedback are all in the viewport.  ``prediction``: the question is a prediction (the lesson file's
    ``mode = "predict"``), answered with this text: it must be taken (no ✘) and show the exact answer and why."""
    question = page.locator(".pl-screen .pl-question").first
    problems = []
    shown = _answer(page, question, "", "Type an answer first")
    if "Type an answer first" not in shown:
        problems.append(f"an empty answer shows {shown!r}, not 'Type an answer first'")
    if prediction is not None:
        return problems + _predicted(page, question, prediction, fits)
    shown = _answer(page, question, "-5", " ")
    if not any(words in shown for words in ("between 0 and 100", "whole number, 0 or more", "higher", "lower",
                                              "Not quite")):
        problems.append(f"an out-of-range answer (-5) shows {shown!r}")
    shown = _answer(page, question, "98765431", " ")
    if fits is not None:
        fits += out_of_view(page, question, "after a wrong answer")
    reveal = question.locator(".pl-show-answer").first
    try:
        reveal.wait_for(state="visible", timeout=_ms(30_000))
    except WalkTimeout:
        raise
    except Exception:
        problems.append(f"after two wrong answers there is no 'Show the answer and why' (feedback {shown!r})")
        return problems
    click_and_wait(page, reveal)
    try:
        page.wait_for_function("el => el.querySelector('.pl-feedback').innerText.includes('The answer')",
                               arg=question.element_handle(), timeout=_ms(30_000))
    except WalkTimeout:
        raise
    except Exception:
        problems.append(f"'Show the answer and why' shows {_feedback_text(question)!r}")
    if fits is not None:
        fits += out_of_view(page, question, "after 'Show the answer and why'")
    if not question.locator(".pl-why").first.inner_text().strip():
        problems.append("'Show the answer and why' gives no why")
    return problems


def _predicted(page, question, prediction: str, fits: list[str] | None) -> list[str]:
    """A prediction is taken, never marked wrong, and shows the exact answer and why (all in view)."""
    shown = _answer(page, question, prediction, "You predicted")
    problems = []
    if "✘" in shown or not question.locator(".pl-feedback-predicted").count():
        problems.append(f"a prediction ({prediction!r}) shows {shown!r}, not 'You predicted …, then the answer'")
    if fits is not None:
        fits += out_of_view(page, question, "after a prediction")
    if not question.locator(".pl-why").first.inner_text().strip():
        problems.append("a prediction's answer comes with no why")
    return problems


def reset_screen(page) -> None:
    click_and_wait(page, page.locator(".pl-screen-reset").first)


__all__ = ["MOST_VIEWPORTS", "Deadline", "WalkTimeout", "counter", "is_screen_lesson", "go_next", "measure", "growth",
           "question_feedback", "reset_screen", "wait_quiet", "answered", "click_and_wait",
           "touchable", "out_of_view"]
