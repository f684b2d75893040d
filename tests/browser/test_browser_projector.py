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
(developer_words) none of the kit's list (Dist, bind, pool(, module paths, snake_case ids, "ASSUMPTION",
    "(a heading with no text of its own)", "player 0", ...) in what a student sees;
(grow) switching Large fonts off and on: every canvas is redrawn larger (not stretched) and shown larger,
    every chart shown larger, or it already fills its box;
(sizes) with Large fonts every button at least 40 px tall, every slider handle at least 24 px;
(players) players numbered from 1 ("Player 0", "seat 0" … never shown);
(feedback) a question answered with nothing says "type an answer first", an out-of-range answer says the
    range (or higher/lower), two wrong answers bring "Show the answer and why", which shows the answer and why;
(ready) the lesson view built in under 2 s of CPU (the page's wall time to ready is printed: 20 s or less
    on a quiet machine).

Each lesson is loaded once (one Voila server for all, one page per lesson); the checks read that one
inspection.  Screenshots go to ``artifacts/screenshots/projector_<lesson>_<screen>.png`` (a long page:
``projector_<lesson>.png`` and ``projector_<lesson>_full.png``).

KNOWN_FAILURES lists what fails today, per (lesson, check): those tests are strict xfails, so a fix
shows as XPASS and fails the run until its row is deleted here.  Its rows are the per-game lesson
helpers' to-do list.
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

import pytest

import lesson_screens as screens

pytestmark = pytest.mark.browser

VIEWPORT = {"width": 1024, "height": 768}
LOAD_TIMEOUT_MS = 150_000     # Voila runs the whole notebook first; a loaded 2-core machine is slow

#: (lesson stem, check) -> what exactly fails today (strict xfail).  Delete a row when its lesson is fixed.
KNOWN_FAILURES: dict[tuple[str, str], str] = {
    # empty: every lesson is on screens and passes every check (issue 19)
}

#: Failures that depend on how busy the machine is (xfail, not strict): a row here is a to-do too.
LOAD_DEPENDENT: dict[tuple[str, str], str] = {
}

CHECKS = ("ran", "overflow", "raw_text", "canvases", "buttons", "labels", "canvas_text", "canvas_overlap",
          "screens", "height", "scroll_boxes", "stdout", "developer_words", "grow", "sizes", "players", "feedback",
          "ready")
#: CPU seconds the lesson view may take to build itself and its first screen
READY_CPU_SECONDS = 2.0
SMALLEST_TEXT_PX = 16          # with large fonts, every label (page text and chart text) at least this big

RAW_TEXT = ("Fraction(", "{'", "[(", "<pirates_lab.", "Shift+Enter", "it/s]")
LONG_DIGITS = re.compile(r"\d{16,}")

#: (a) elements past the page's right edge, and boxes whose content is clipped or scrolls sideways
OVERFLOW_JS = """() => {
    const pageWidth = document.documentElement.clientWidth;
    const describe = el => {
        const classes = [...el.classList].filter(c => c.startsWith('pl-') || c.startsWith('widget-')
                                                     || c.startsWith('jupyter-') || c === 'bqplot').slice(0, 3);
        const text = (el.innerText || el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 60);
        return el.tagName.toLowerCase() + (classes.length ? '.' + classes.join('.') : '') + (text ? ` "${text}"` : '');
    };
    const visible = el => {
        if (!el.getClientRects().length) return false;
        const style = getComputedStyle(el);
        return style.visibility !== 'hidden' && parseFloat(style.opacity || '1') > 0;
    };
    const past = [], clipped = [];
    for (const el of document.body.querySelectorAll('*')) {
        if (el instanceof SVGElement && !(el instanceof SVGSVGElement)) continue;   // inside a chart: the svg box counts
        if (!visible(el)) continue;
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        if (rect.right > pageWidth + 1) {
            const parent = el.parentElement;
            const parentPast = parent && parent.getBoundingClientRect().right > pageWidth + 1;
            if (!parentPast) past.push(describe(el) + ` right=${Math.round(rect.right)}`);   // outermost only
        }
        const overflowX = getComputedStyle(el).overflowX;
        if (['hidden', 'auto', 'scroll', 'clip'].includes(overflowX) && el.scrollWidth > el.clientWidth + 2) {
            clipped.push(describe(el) + ` (${overflowX}: ${el.scrollWidth} > ${el.clientWidth} px)`);
        }
    }
    for (const text of document.querySelectorAll('svg text')) {     // chart titles and labels cut at the chart's edge
        if (!visible(text) || !(text.textContent || '').trim()) continue;
        const svg = text.ownerSVGElement;
        const box = svg.getBoundingClientRect(), rect = text.getBoundingClientRect();
        if (rect.left < box.left - 1 || rect.right > box.right + 1 || rect.top < box.top - 1 || rect.bottom > box.bottom + 1) {
            const chart = svg.closest('[class*="pl-"]');
            const where = chart ? [...chart.classList].filter(c => c.startsWith('pl-')).join('.') : 'svg';
            clipped.push(`chart text "${text.textContent.trim().slice(0, 50)}" cut at the edge of ${where}`);
        }
    }
    return {pageWidth, past, clipped};
}"""

#: (c) pixels of every canvas outside bqplot charts (bqplot keeps an empty WebGL canvas)
CANVAS_JS = """() => [...document.querySelectorAll('#rendered_cells canvas')].filter(
    canvas => !canvas.closest('.bqplot') && canvas.width > 0 && canvas.height > 0).map(canvas => {
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0; const colours = new Set();
    for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3]) { painted++; if (colours.size < 8) colours.add(data[i] + ',' + data[i+1] + ',' + data[i+2]); }
    }
    const owner = canvas.closest('[class*="pl-"]');
    const label = owner ? [...owner.classList].filter(c => c.startsWith('pl-')).join('.') : 'canvas';
    return {label, width: canvas.width, height: canvas.height, painted, colours: colours.size};
})"""

#: (e) text smaller than the projector minimum, and chart tick labels that overlap their neighbours
LABELS_JS = """(smallest) => {
    const visible = el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden';
    const small = new Map();
    for (const el of document.querySelectorAll('#rendered_cells *')) {
        const own = [...el.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim()).map(n => n.textContent.trim()).join(' ');
        if (!own || !visible(el)) continue;
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (size >= smallest - 0.5) continue;
        const chart = el.closest('[class*="pl-"]');
        const where = el instanceof SVGElement ? 'chart text' : el.tagName.toLowerCase();
        const owner = chart ? [...chart.classList].filter(c => c.startsWith('pl-')).join('.') : '';
        const key = `${where} in ${owner || 'page'} at ${Math.round(size)} px`;
        if (!small.has(key)) small.set(key, []);
        if (small.get(key).length < 3) small.get(key).push(own.slice(0, 30));
    }
    const overlaps = [];
    for (const axis of document.querySelectorAll('#rendered_cells svg g.axis')) {
        const ticks = [...axis.querySelectorAll('.tick text')].filter(t => visible(t) && t.textContent.trim())
            .map(t => ({text: t.textContent.trim(), box: t.getBoundingClientRect()}));
        for (let i = 0; i + 1 < ticks.length; i++) {
            const a = ticks[i].box, b = ticks[i + 1].box;
            const x = Math.min(a.right, b.right) - Math.max(a.left, b.left), y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            if (x > 1 && y > 1) {
                const chart = axis.closest('[class*="pl-"]');
                overlaps.push(`chart labels '${ticks[i].text.slice(0, 20)}' and '${ticks[i + 1].text.slice(0, 20)}' overlap in `
                              + (chart ? [...chart.classList].filter(c => c.startsWith('pl-')).join('.') : 'a chart'));
                break;    // one per axis
            }
        }
    }
    return {small: [...small.entries()].map(([key, texts]) => `${key}: ${texts.map(t => JSON.stringify(t)).join(', ')}`),
            overlaps};
}"""

#: (f, g) runs before any page script: records the font and the inked box of every text a 2d canvas context
#: draws, and which paint of its canvas it belongs to (a full clearRect starts a new paint)
CANVAS_TEXT_INIT = """(() => {
    const ids = new WeakMap(), paints = new WeakMap();
    let next = 0;
    const canvasId = canvas => { if (!ids.has(canvas)) ids.set(canvas, ++next); return ids.get(canvas); };
    const hook = proto => {
        if (!proto || proto.__plTextHooked) return;
        const clear = proto.clearRect;
        proto.clearRect = function (x, y, w, h) {
            try {
                const c = this.canvas;
                if (c && x <= 0 && y <= 0 && x + w >= c.width && y + h >= c.height) paints.set(c, (paints.get(c) || 0) + 1);
            } catch (error) { /* never break a drawing */ }
            return clear.call(this, x, y, w, h);
        };
        for (const name of ['fillText', 'strokeText']) {
            const original = proto[name];
            proto[name] = function (text, x, y, maxWidth) {
                try {
                    const seen = (window.__plCanvasText = window.__plCanvasText || []);
                    if (seen.length < 50000 && !window.__plPaused) {   // paused: Large fonts switched off on purpose
                        const size = /(\\d+(?:\\.\\d+)?)px/.exec(this.font || '');
                        const c = this.canvas, m = this.measureText(String(text));
                        const squeeze = maxWidth !== undefined && m.width > maxWidth ? maxWidth / m.width : 1;
                        seen.push({text: String(text).slice(0, 40), font: String(this.font), px: size ? parseFloat(size[1]) : null,
                                   width: c ? c.width : 0, height: c ? c.height : 0, canvas: c ? canvasId(c) : 0,
                                   paint: c ? (paints.get(c) || 0) : 0,
                                   left: x - m.actualBoundingBoxLeft * squeeze, right: x + m.actualBoundingBoxRight * squeeze,
                                   top: y - m.actualBoundingBoxAscent, bottom: y + m.actualBoundingBoxDescent});
                    }
                } catch (error) { /* never break a drawing */ }
                return maxWidth === undefined ? original.call(this, text, x, y) : original.call(this, text, x, y, maxWidth);
            };
        }
        proto.__plTextHooked = true;
    };
    if (typeof CanvasRenderingContext2D !== 'undefined') hook(CanvasRenderingContext2D.prototype);
    if (typeof OffscreenCanvasRenderingContext2D !== 'undefined') hook(OffscreenCanvasRenderingContext2D.prototype);
})();"""

#: (f) the recorded canvas texts under the minimum, as shown (a model canvas is matched to its views by size)
CANVAS_TEXT_JS = """(smallest) => {
    const seen = window.__plCanvasText || [];
    const views = [...document.querySelectorAll('#rendered_cells canvas')].filter(
        c => !c.closest('.bqplot') && c.width > 0 && c.height > 0 && c.getClientRects().length);
    const small = new Map();
    for (const r of seen) {
        const same = views.filter(c => c.width === r.width && c.height === r.height);
        const ratio = same.length ? Math.min(...same.map(c => c.getBoundingClientRect().width / c.width)) : 1;
        const shown = r.px === null ? 0 : r.px * ratio;
        if (shown >= smallest - 0.5) continue;
        let owner = 'a canvas not on screen';
        if (same.length) {
            const box = same[0].closest('[class*="pl-"]');
            owner = box ? [...box.classList].filter(c => c.startsWith('pl-')).join('.') : 'canvas';
        }
        const key = `${owner} (${r.width}x${r.height}): '${r.font}'` + (ratio < 0.99 ? ` shown at ${shown.toFixed(1)} px` : '');
        if (!small.has(key)) small.set(key, new Set());
        if (small.get(key).size < 4) small.get(key).add(r.text);
    }
    // (g) texts of one paint of one canvas whose inked boxes overlap, and texts cut at the canvas edge
    const owners = new Map();
    const ownerOf = r => {
        if (!owners.has(r.canvas)) {
            const view = views.find(c => c.width === r.width && c.height === r.height);
            const box = view && view.closest('[class*="pl-"]');
            owners.set(r.canvas, (box ? [...box.classList].filter(c => c.startsWith('pl-')).join('.') : 'canvas')
                                 + ` (${r.width}x${r.height})`);
        }
        return owners.get(r.canvas);
    };
    const groups = new Map(), overlaps = new Set(), cut = new Set();
    for (const r of seen) {
        if (!r.text.trim()) continue;
        const key = r.canvas + ':' + r.paint;
        if (!groups.has(key)) groups.set(key, []);
        groups.get(key).push(r);
        if (r.left < -1 || r.top < -1 || r.right > r.width + 1 || r.bottom > r.height + 1) {
            cut.add(`${ownerOf(r)}: '${r.text}' (${r.font}) cut at the canvas edge`);
        }
    }
    for (const texts of groups.values()) {
        for (let i = 0; i < texts.length; i++) {
            for (let j = i + 1; j < texts.length; j++) {
                const a = texts[i], b = texts[j];
                const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
                const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
                if (x > 1 && y > 1) overlaps.add(`${ownerOf(a)}: '${a.text}' (${a.font}) overlaps '${b.text}' (${b.font})`);
            }
        }
    }
    return {count: seen.length, small: [...small.entries()].map(([key, texts]) => `${key}: ${[...texts].map(t => JSON.stringify(t)).join(', ')}`),
            overlaps: [...overlaps], cut: [...cut]};
}"""

#: what Voila shows when it could not run a cell: an aborted run, a traceback, anything written to stderr
NOT_RUN_JS = """() => [...document.querySelectorAll('#rendered_cells [data-mime-type="application/vnd.jupyter.stderr"], '
    + '#rendered_cells .jp-OutputArea-output.jp-mod-error')].filter(e => e.getClientRects().length)
    .map(e => e.innerText.trim().replace(/\\s+/g, ' ').slice(0, 200))"""
NOT_RUN_TEXT = ("Cell execution timed out", "Traceback (most recent call last)", "Error displaying widget")

#: the element that scrolls the lesson (Voila scrolls an inner panel, not the document)
SCROLLER_JS = """() => {
    let best = document.scrollingElement, extra = best.scrollHeight - best.clientHeight;
    for (const el of document.querySelectorAll('*')) {
        const more = el.scrollHeight - el.clientHeight;
        const style = getComputedStyle(el).overflowY;
        if (more > extra && ['auto', 'scroll'].includes(style)) { best = el; extra = more; }
    }
    best.setAttribute('data-pl-scroller', '1');
    return {height: best.scrollHeight, extra};
}"""

#: tag every visible, enabled button (outside the presenter bar) with its number; returns their labels
TAG_BUTTONS_JS = """(where) => {
    document.querySelectorAll('[data-pl-probe]').forEach(b => b.removeAttribute('data-pl-probe'));
    const buttons = [...document.querySelectorAll(where + ' button')].filter(b =>
        b.getClientRects().length && !b.disabled && !b.closest('.pl-presenter-bar') && !b.closest('.pl-lesson-nav')
        && !b.closest('.pl-screen-reset') && !b.classList.contains('pl-screen-reset')
        && getComputedStyle(b).visibility !== 'hidden');
    buttons.forEach((b, i) => b.setAttribute('data-pl-probe', String(i)));
    return buttons.map(b => (b.innerText || b.title || b.getAttribute('aria-label') || '').trim());
}"""

#: resolves once the page has not changed for 1 s (at most 10 s): a click's round trip to the kernel is over
QUIET_JS = """() => new Promise(resolve => {
    let timer = setTimeout(done, 1000);
    const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, 1000); });
    const limit = setTimeout(done, 10000);
    function done() { observer.disconnect(); clearTimeout(limit); resolve(); }
    observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
})"""

ERRORS_JS = """() => [...document.querySelectorAll('.pl-error, .jp-RenderedText[data-mime-type="application/vnd.jupyter.stderr"]')]
    .filter(e => e.getClientRects().length).map(e => e.innerText.trim().slice(0, 160))"""


@dataclass
class Inspection:
    """What one lesson page showed; ``problems[check]`` is empty when the check passes."""

    stem: str
    problems: dict[str, list[str]] = field(default_factory=lambda: {check: [] for check in CHECKS})
    failure: str = ""            # the page could not be inspected at all
    clicked: list[str] = field(default_factory=list)   # the buttons clicked, in order
    seconds: float = 0.0         # the whole inspection
    loaded: float = 0.0          # until every widget had rendered
    canvas_texts: int = 0        # texts drawn on canvases (fillText/strokeText calls seen)


_INSPECTIONS: dict[str, Inspection] = {}


def _wait_until_rendered(page, stage: list[str]) -> None:
    stage.append("Voila running the notebook (#loading still there)")
    page.wait_for_selector("#loading", state="detached", timeout=LOAD_TIMEOUT_MS)
    stage.append("the presenter bar in large fonts (.pl-presenter-toggle.mod-active)")
    page.wait_for_selector(".pl-presenter-toggle.mod-active")     # ?large=1 took effect
    stage.append("every widget rendered (no 'Loading widget...')")
    page.wait_for_function("() => ![...document.querySelectorAll('.jupyter-widgets')]"
                           ".some(e => e.textContent.trim() === 'Loading widget...')")
    stage.append("inspecting")


def _canvases(page, timeout_ms: int = 90_000) -> list[dict]:
    try:
        page.wait_for_function(f"() => ({CANVAS_JS})().every(c => c.painted > 0 && c.colours > 1)", timeout=timeout_ms)
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
    problems, clicked = [], []
    labels = page.evaluate(TAG_BUTTONS_JS, where)
    for index, label in enumerate(labels):
        button = page.locator(f"[data-pl-probe='{index}']")
        if button.count() == 0 or not button.first.is_visible() or not button.first.is_enabled():
            continue       # an earlier click replaced or hid it
        errors_before = set(page.evaluate(ERRORS_JS))
        console_before = len(console_messages)
        try:
            button.first.click(timeout=60_000)
        except Exception as error:
            if button.count() and button.first.is_visible() and button.first.is_enabled():   # covered, or stuck
                problems.append(f"button {label!r} could not be clicked: {str(error).splitlines()[0]}")
            continue   # otherwise the kernel's answer to an earlier click disabled or hid it meanwhile
        clicked.append(label)
        page.evaluate(QUIET_JS)      # the kernel's answer has arrived and the page stopped changing
        new_errors = [e for e in page.evaluate(ERRORS_JS) if e not in errors_before]
        if new_errors:
            problems.append(f"button {label!r} shows {new_errors[0]!r}")
        if len(console_messages) > console_before:
            problems.append(f"button {label!r} logs {console_messages[console_before][:160]!r}")
    return problems, clicked


def _page_checks(page, result: Inspection, where: str) -> None:
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


def _lesson_checks(page, result: Inspection, where: str, text_of: str) -> None:
    """The checks of issue 19 on what is shown now."""
    for check, problems in screens.measure(page).items():
        result.problems[check] += [where + p for p in problems]
    for check, problems in screens.text_problems(page.inner_text(text_of)).items():
        result.problems[check] += [where + p for p in problems]
    result.problems["grow"] += [where + p for p in screens.growth(page)]


def _walk_screens(page, result: Inspection, stem: str, shots, console: list[str]) -> None:
    """Every screen of a lesson on screens, in order, with every check."""
    from pirates_lab.classroom import lessons
    from pirates_lab.widgets.lesson_model import Lesson

    name = next(n for n, lesson in lessons().items() if lesson.file == f"{stem}.ipynb")
    model = Lesson.named(name)
    if len(model.class_screens) > model.class_limit:
        result.problems["screens"].append(f"{len(model.class_screens)} class screens, more than {model.class_limit}")
    first = screens.counter(page)
    if first["build"] > READY_CPU_SECONDS:
        result.problems["ready"].append(f"the lesson view took {first['build']:.1f} s of CPU to build")
    questions = 0
    for number in range(1, first["screens"] + 1):
        if number > 1:
            screens.go_next(page, number)
        screen = model.screens[number - 1]
        where = f"screen {number} {screen.title!r}: "
        shots(page, f"projector_{stem}_{number:02d}")
        _page_checks(page, result, where)
        _lesson_checks(page, result, where, ".pl-lesson")
        if page.locator(".pl-screen .pl-question").count():
            questions += 1
            result.problems["feedback"] += [where + p for p in screens.question_feedback(page)]
            screens.reset_screen(page)
        console.clear()
        problems, clicked = _click_every_button(page, console, ".pl-screen")
        result.problems["buttons"] += [where + p for p in problems]
        result.clicked += [f"{number}:{label}" for label in clicked]
        if clicked:
            screens.reset_screen(page)
    if not questions:
        result.problems["feedback"].append("no screen asks a question")


def _one_long_page(page, result: Inspection, stem: str, shots, console: list[str]) -> None:
    """A lesson that is still one page: the old checks on the page, then issue 19's on the whole page."""
    shots(page, f"projector_{stem}")
    _page_checks(page, result, "")
    _lesson_checks(page, result, "", "#rendered_cells")
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


def inspect(browser, voila: str, stem: str, screenshots) -> Inspection:
    """Load the lesson once with large fonts at 1024 x 768 and run every check on it (on every screen)."""
    result = Inspection(stem)
    start = time.monotonic()
    page = browser.new_page()
    console: list[str] = []
    stage: list[str] = ["opening"]
    page.on("console", lambda m: console.append(m.text) if m.type == "error" and not (
        "Failed to load resource" in m.text and not re.search(r"127\.0\.0\.1|localhost", (m.location or {}).get("url", "")))
        else None)
    page.on("pageerror", lambda error: console.append(f"uncaught: {error}"))
    try:
        page.add_init_script(CANVAS_TEXT_INIT)
        page.set_viewport_size(VIEWPORT)
        # Voila streams the page while it runs the notebook: the document is complete only when every cell has run
        page.goto(f"{voila}/voila/render/{stem}.ipynb?large=1", wait_until="domcontentloaded", timeout=LOAD_TIMEOUT_MS)
        _wait_until_rendered(page, stage)
        result.loaded = time.monotonic() - start
        _canvases(page)
        screens.wait_quiet(page)        # late layout (charts sizing themselves)
        console.clear()   # load-time console errors are test_browser_apps' business
        if screens.is_screen_lesson(page):
            stage.append("walking the screens")
            _walk_screens(page, result, stem, screenshots, console)
        else:
            stage.append("looking at one long page")
            _one_long_page(page, result, stem, screenshots, console)
        canvas_text = page.evaluate(CANVAS_TEXT_JS, SMALLEST_TEXT_PX)    # everything painted, clicks included
        result.canvas_texts = canvas_text["count"]
        result.problems["canvas_text"] = [f"canvas text smaller than {SMALLEST_TEXT_PX} px: {e}"
                                          for e in canvas_text["small"][:10]]
        result.problems["canvas_overlap"] = canvas_text["overlaps"][:10] + canvas_text["cut"][:10]
    except Exception as error:
        try:
            screenshots(page, f"projector_{stem}_failed")
            shown = page.inner_text("body")[-300:].replace("\n", " ")
        except Exception:
            shown = ""
        result.failure = (f"{stem} could not be inspected while waiting for {stage[-1]}: {type(error).__name__}: "
                          f"{str(error).splitlines()[0]}; the page ends with {shown!r}")
    finally:
        page.close()
    result.seconds = time.monotonic() - start
    return result


@pytest.fixture
def inspection(request, browser, voila, lesson, screenshot) -> Inspection:
    stem = lesson.stem
    if stem not in _INSPECTIONS:
        _INSPECTIONS[stem] = inspect(browser, voila, stem, screenshot)
        print(f"\n{stem}: ready in {_INSPECTIONS[stem].loaded:.0f} s, inspected in {_INSPECTIONS[stem].seconds:.0f} s; clicked {len(_INSPECTIONS[stem].clicked)} "
              f"button(s): {', '.join(_INSPECTIONS[stem].clicked)[:300]}; {_INSPECTIONS[stem].canvas_texts} canvas text(s) drawn")
    found = _INSPECTIONS[stem]
    check = request.function.__name__.removeprefix("test_projector_")
    if (stem, check) in KNOWN_FAILURES:
        request.node.add_marker(pytest.mark.xfail(strict=True, reason=KNOWN_FAILURES[stem, check]))
    elif (stem, check) in LOAD_DEPENDENT:
        request.node.add_marker(pytest.mark.xfail(strict=False, reason=LOAD_DEPENDENT[stem, check]))
    return found


def _verdict(inspection: Inspection, check: str, what: str) -> None:
    assert not inspection.failure, inspection.failure
    problems = inspection.problems[check]
    assert not problems, f"{inspection.stem}: {what}:\n  " + "\n  ".join(problems)


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


def test_projector_developer_words(inspection):
    _verdict(inspection, "developer_words", "developer words in the student view")


def test_projector_grow(inspection):
    _verdict(inspection, "grow", "a canvas or chart does not grow with Large fonts")


def test_projector_sizes(inspection):
    _verdict(inspection, "sizes", f"buttons under {screens.BUTTON_PX} px or slider handles under {screens.HANDLE_PX} px")


def test_projector_players(inspection):
    _verdict(inspection, "players", "players numbered from 0")


def test_projector_feedback(inspection):
    _verdict(inspection, "feedback", "question feedback that does not teach")


def test_projector_ready(inspection):
    _verdict(inspection, "ready", "the page is not ready fast")


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
