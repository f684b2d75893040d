"""The lesson view: one screen at a time, Back / Next, a screen counter, a contents menu, an address
that opens a given screen, a Reset and folded teacher notes on every screen.

The model is :class:`~pirates_lab.widgets.lesson_model.Lesson` (plain Python); this module only shows
it.  A notebook is one line::

    lesson_view("plunder_2013")            # pirates_lab/plunder_2013/data/lessons.toml

In a classroom page ``?screen=5`` (or ``?screen=Setup``) opens that screen and ``?large=1`` starts with
Large fonts; the page's own "Large fonts" and "Projector" switches are in the lesson's top row.

>>> import tempfile, textwrap, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "lesson.toml").write_text(textwrap.dedent('''
...     title = "Two screens"
...     minutes = 5
...     level = "any age"
...     [[screen]]
...     title = "One"
...     text = "The first idea."
...     [[screen]]
...     title = "Two"
...     text = "The second idea."
...     teacher = ["Say it slowly."]
... '''))
>>> view = LessonView(Lesson(folder / "lesson.toml"), presenter=False)
>>> view.counter_text(), view.back_button.disabled
('1 / 2', True)
>>> view.next_button.click(); view.counter_text(), view.screen.title
('2 / 2', 'Two')
"""
from __future__ import annotations

import asyncio
import html
import os
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from pirates_lab.core import Dist

from .drawing import DrawOp
from .kit import DistView, error_html
from .lesson_model import Lesson, LessonError, Screen
from .questions import Feedback, Question
from .shown import cell_html, table_html

__all__ = ["LessonView", "QuestionView", "lesson_view", "page_options", "start_screen", "show_value", "shown_text",
           "visible_text", "PAGE", "PREFETCH_AFTER_S"]

#: the lesson's own look: compact headings and paragraphs, tables with room between columns
LESSON_CSS = (".pl-lesson .widget-html-content{line-height:1.35 !important}"
              ".pl-lesson .pl-screen-heading{margin:2px 0 !important;line-height:1.2}"
              ".pl-lesson p{margin:0.25em 0 0.45em 0}"
              ".pl-lesson td,.pl-lesson th{padding:1px 10px 1px 0;text-align:left;vertical-align:top}"
              ".pl-lesson .pl-dist td:nth-child(2),.pl-lesson .pl-dist th:nth-child(2){text-align:right}"
              ".pl-lesson details>summary{cursor:pointer;color:#1a56a8}"
              ".pl-lesson .pl-rule{border-left:4px solid #8b5a2b;padding:2px 12px;background:#fbf7ef}"
              ".pl-lesson .pl-rule-cite{font-size:0.85em;color:#6b4f2a}"
              ".pl-lesson .pl-teacher-notes{margin-top:6px;color:#444}"
              ".pl-lesson .pl-lesson-nav{border-bottom:1px solid #ddd;padding-bottom:2px}"
              ".pl-lesson table.pl-plunder-days td,.pl-lesson table.pl-plunder-days th"
              "{border:1px solid #c8b48a;padding:0 3px;text-align:center}"
              # the question, its answer box and its feedback stay in sight (issue 39): the panel sticks to the
              # bottom edge of the page while the screen above it is taller than the window; the boxes around
              # it let it (no box of theirs scrolls or clips)
              ".pl-lesson,.pl-lesson>.pl-screen,.pl-lesson .pl-screen-body,.jp-OutputArea-output:has(>.pl-lesson),"
              ".jp-OutputArea-child:has(.pl-lesson),.jp-OutputArea:has(.pl-lesson){overflow:visible !important}"
              ".pl-lesson .pl-question{position:sticky;bottom:0;z-index:5;background:#fff;"
              "border-top:2px solid #d8d2c4;padding:4px 0 2px 0;box-shadow:0 -6px 8px -6px rgba(0,0,0,0.25)}"
              ".pl-lesson .pl-question .pl-feedback .widget-html-content,.pl-lesson .pl-question .pl-why "
              ".widget-html-content{line-height:1.25 !important}"
              ".pl-lesson .pl-why-text{font-size:0.9em;background:#f4f7fb;border-left:4px solid #1f3b63;"
              "padding:2px 10px;margin:2px 0}"
              ".pl-lesson .pl-why-text p{margin:0.1em 0 0.25em 0}"
              ".pl-lesson .pl-hint{font-size:0.95em;color:#5a3d00;margin-top:2px}"
              ".pl-lesson .pl-lesson-ready{padding:0 8px;white-space:nowrap;font-size:0.9em}")

#: a rule screen's section longer than this (characters) shows its first paragraph, the rest folded
LONG_RULE = 500
#: a reference screen's section longer than this shows its opening (under this many characters) and folds the rest
LONG_REFERENCE = 600
#: the same for a reference screen with a live example (issue 34 item 4): a shorter opening, so the example fits
LIVE_REFERENCE = 280

#: seconds after a screen is shown before the next one is built in the background (the class reads this one)
PREFETCH_AFTER_S = 0.4

#: a screen title longer than this (characters) shares its row with "Ready ▶", not "Ready — press Next ▶"
SHORT_TITLE = 30

#: what the classroom page asked for (set by the page's first cell; else read from the address)
PAGE: dict[str, Any] = {}

#: functions ``(lesson, screen, question_view) -> widget or None`` that add to each question screen built
#: from now on (a shared classroom adds its class poll: pirates_lab.widgets.poll)
QUESTION_EXTRAS: list[Callable[[Lesson, Screen, "QuestionView"], "widgets.Widget | None"]] = []


def page_options(large: bool | None = None, screen: str | int | None = None) -> None:
    """Called by the classroom page's hidden first cell: the Large fonts and the screen asked for."""
    PAGE.clear()
    if large is not None:
        PAGE["large"] = bool(large)
    if screen not in (None, ""):
        PAGE["screen"] = str(screen)


def _query() -> dict[str, str]:
    """The page address's query (Voila gives the kernel ``$QUERY_STRING``)."""
    return {key: values[-1] for key, values in parse_qs(os.environ.get("QUERY_STRING", "")).items() if values}


def start_screen() -> str | None:
    """The screen the page asked for (``?screen=5``), or None."""
    return PAGE.get("screen") or _query().get("screen")


def _large_asked() -> bool | None:
    if "large" in PAGE:
        return PAGE["large"]
    value = _query().get("large")
    return None if value is None else value.lower() not in ("0", "false", "no", "off")


# ---------------------------------------------------------------- values for people
def show_value(value: Any, label: str = "") -> widgets.Widget:
    """A demo's result as a widget: widgets as they are, a Dist as a chart with its table, draw operations as a
    picture on a board canvas, a number
    (probabilities percent first), text, a list (one a line) or a dict (a table, shown whole up to 20
    rows) of those — never a Python repr.  Anything else raises :class:`LessonError`."""
    if isinstance(value, widgets.Widget):
        return value
    if isinstance(value, Dist):
        return DistView(value, title=label)
    if isinstance(value, (list, tuple)) and value and all(isinstance(op, DrawOp) for op in value):
        return _board(value)
    head = f"<div class='pl-show-label'><b>{html.escape(label)}</b></div>" if label else ""
    try:
        if isinstance(value, dict):
            body = head + table_html(list(value.items()), css="pl-show")
        elif isinstance(value, (list, tuple)) and not (isinstance(value, tuple) and all(
                isinstance(v, (str, int)) for v in value) and len(value) <= 3):
            body = head + table_html([(v,) for v in value], css="pl-show pl-show-list")
        elif value is None:
            raise LessonError("a demo returned nothing (None); return a widget, a number, text, a list or a dict")
        else:
            body = f"<div class='pl-show'>{head}{cell_html(value)}</div>"
    except TypeError as error:
        raise LessonError(f"a demo value cannot be shown to people: {error}") from None
    shown = widgets.HTML(body)
    shown.add_class("pl-demo-value")
    return shown


def _board(ops) -> widgets.Widget:
    """Draw operations (a game helper's picture, Jupyter-free) on a board canvas as large as the drawing."""
    from .canvas import BoardCanvas

    points = [(op.args[0], op.args[1]) for op in ops if op.kind in ("rect", "circle", "line")]
    points += [(op.args[1] + (op.max_width or 8 * len(op.args[0])), op.args[2]) for op in ops if op.kind == "text"]
    points += [(op.args[2] + (op.args[0] if op.kind == "rect" else 0), op.args[3] + (op.args[1] if op.kind == "rect"
               else 0)) for op in ops if op.kind in ("rect", "line")]
    points += [point for op in ops if op.kind == "polygon" for point in op.args]
    width = int(max([x for x, _ in points], default=300)) + 20
    height = int(max([y for _, y in points], default=200)) + 20
    board = BoardCanvas(width, height, layers=("picture",), css_class="pl-lesson-picture")
    board.draw("picture", ops)
    return board


def shown_text(value: Any, screen: Screen | None = None) -> str:
    """The text a demo's value shows (for checks without a browser)."""
    return visible_text(show_value(value, screen.label if screen else ""))


_FOLDED = re.compile(r"<details(?![^>]*\bopen\b)[^>]*>\s*<summary[^>]*>(.*?)</summary>.*?</details>", re.S)


def _shown_text(markup: str) -> str:
    """HTML as a reader sees it: a folded ``<details>`` (not ``open``) keeps only its summary."""
    return html.unescape(re.sub(r"<[^>]+>", " ", _FOLDED.sub(r" \1 ", markup)))


def visible_text(widget: Any) -> str:
    """The text a widget tree shows (HTML tags dropped; a closed ``<details>`` shows only its summary), for
    checks without a browser."""
    if widget is None:
        return ""
    parts: list[str] = []
    for name in ("value", "description", "placeholder", "title"):
        value = getattr(widget, name, None)
        if isinstance(value, str) and not (name == "value" and isinstance(widget, widgets.Text)):
            parts.append(_shown_text(value))
    if isinstance(widget, DistView):
        parts.append(_shown_text(widget.table_html()))
    for child in getattr(widget, "children", ()) or ():
        parts.append(visible_text(child))
    return " ".join(p for p in parts if p)


def _paragraphs(text: str, lead: str = "") -> str:
    """Paragraphs of plain text (blank lines between them); ``lead`` in bold starts the first one."""
    parts = [html.escape(p.strip()) for p in text.split("\n\n") if p.strip()]
    if lead and parts:
        parts[0] = f"<b>{html.escape(lead)}</b> {parts[0]}"
    return "".join(f"<p>{p}</p>" for p in parts)


# ---------------------------------------------------------------- a question
class QuestionView(widgets.VBox):
    """A prompt, an answer box with Check, feedback that teaches and, after two wrong tries, "Show the answer
    and why".  ``model`` is a :class:`~.questions.Question` or a function building one (the engine's answer
    is computed when the question is first checked)."""

    def __init__(self, prompt: str, model: Question | Callable[[], Question]):
        self._model = model if isinstance(model, Question) else None
        self._build = None if isinstance(model, Question) else model
        self.prompt = widgets.HTML(f"<div class='pl-question-prompt'><b>Question:</b> {html.escape(prompt)}</div>")
        self.answer = widgets.Text(placeholder="your answer", continuous_update=False,
                                   layout=widgets.Layout(width="16em"))
        self.answer.add_class("pl-answer")
        self.check_button = widgets.Button(description="Check", button_style="primary",
                                           layout=widgets.Layout(width="auto"))
        self.check_button.add_class("pl-check")
        self.reveal_button = widgets.Button(description="Show the answer and why",
                                            layout=widgets.Layout(width="auto", display="none"))
        self.reveal_button.add_class("pl-show-answer")
        self.feedback = widgets.HTML()
        self.feedback.add_class("pl-feedback")
        self.why = widgets.HTML()
        self.why.add_class("pl-why")
        self.answer.observe(lambda change: self.check(change["new"]) if change["new"].strip() else None, names="value")
        self.check_button.on_click(lambda _: self.check(self.answer.value))
        self.reveal_button.on_click(lambda _: self.reveal())
        row = widgets.HBox([self.answer, self.check_button, self.reveal_button],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([self.prompt, row, self.feedback, self.why])
        self.add_class("pl-question")

    @property
    def model(self) -> Question:
        if self._model is None:
            self._model = self._build()
        return self._model

    def check(self, text: str) -> bool | None:
        """Check ``text``: True when right, False when wrong, None when nothing was judged (empty)."""
        try:
            feedback = self.model.check(text)
        except Exception as error:          # the engine could not compute the answer: say so in place
            self.feedback.value = error_html(error)
            return None
        self._show(feedback)
        return feedback.ok

    def reveal(self) -> None:
        self._show(self.model.reveal())

    def reset(self) -> None:
        if self._model is not None:
            self._model.reset()
        self.answer.value = ""
        self.feedback.value = self.why.value = ""
        self.reveal_button.layout.display = "none"

    def _show(self, feedback: Feedback) -> None:
        colour = {"right": "#1b7f3b", "revealed": "#1f3b63", "predicted": "#1f3b63", "close": "#8a5a00",
                  "empty": "#6b4f2a"}.get(feedback.status, "#b22222")
        mark = {"right": "✔ ", "revealed": "", "predicted": "", "empty": "", "close": ""}.get(feedback.status, "✘ ")
        hint = (f"<div class='pl-hint'><b>Look again:</b> {html.escape(feedback.hint)}</div>" if feedback.hint else "")
        self.feedback.value = (f"<div class='pl-feedback-{feedback.status}' style='color:{colour};font-weight:600'>"
                               f"{mark}{html.escape(feedback.message)}</div>{hint}")
        self.why.value = (f"<div class='pl-why-text'>{_paragraphs(feedback.explanation, lead='Why:')}</div>"
                          if feedback.explanation else "")
        self.reveal_button.layout.display = "" if feedback.can_reveal else "none"


# ---------------------------------------------------------------- one screen
def _opening(lines: list[str], limit: int = LONG_REFERENCE) -> tuple[list[str], list[str]]:
    """A long section's opening (whole paragraphs, together under ``limit`` characters; a first paragraph longer
    than that is cut after a sentence) and the rest, every word kept.

    >>> _opening(["a" * 400, "b" * 100, "c" * 300])[0] == ["a" * 400, "b" * 100]
    True
    >>> _opening(["One. " * 200])[0][0].endswith("One.") and len(_opening(["One. " * 200])[0][0]) < 600
    True
    """
    count, used = 0, 0
    while count < len(lines) and used + len(lines[count]) <= limit:
        used += len(lines[count])
        count += 1
    if count:
        return lines[:count], lines[count:]
    first = lines[0]
    ends = [m.end() for m in re.finditer(r"[.!?:;](?=\s)", first[:limit])]
    if not ends:
        return lines[:1], lines[1:]
    return [first[:ends[-1]]], [first[ends[-1]:].strip()] + lines[1:]


def _quote_html(lesson: Lesson, screen: Screen) -> str:
    book = lesson.book
    cite = f"Rules: {html.escape(book.title)} › {html.escape(screen.heading)}"
    body = lesson.section(screen).body
    whole = "".join(f"<p>{html.escape(p)}</p>" for p in body.split("\n") if p.strip())
    if screen.reference or not screen.quote:
        lines = [p for p in body.split("\n") if p.strip()]
        if not screen.reference and len(body) > LONG_RULE and len(lines) > 1:     # long rule text folded
            first = f"<p>{html.escape(lines[0])}</p>"
            rest = "".join(f"<p>{html.escape(p)}</p>" for p in lines[1:])
            return (f"<div class='pl-rule'><div class='pl-rule-cite'>{cite}</div>{first}"
                    f"<details class='pl-full-section'><summary>The rest of the section</summary>{rest}</details></div>")
        limit = LIVE_REFERENCE if screen.demo else LONG_REFERENCE
        if screen.reference and len(body) > limit:                                # a long reference folded
            opening, rest = _opening(lines, limit)
            if rest:
                first = "".join(f"<p>{html.escape(p)}</p>" for p in opening)
                more = "".join(f"<p>{html.escape(p)}</p>" for p in rest)
                return (f"<div class='pl-rule'><div class='pl-rule-cite'>{cite}</div>{first}"
                        f"<details class='pl-full-section'><summary>The whole section</summary>{more}</details></div>")
        text = whole or _introduces(lesson, screen)
        return f"<div class='pl-rule'><div class='pl-rule-cite'>{cite}</div>{text}</div>"
    quote = "".join(f"<p>{html.escape(p)}</p>" for p in screen.quote.split("\n") if p.strip())
    return (f"<div class='pl-rule pl-rule-quote'><div class='pl-rule-cite'>{cite}</div>{quote}"
            f"<details class='pl-full-section'><summary>The whole section</summary>{whole}</details></div>")


def _introduces(lesson: Lesson, screen: Screen) -> str:
    """A heading printed with no text of its own: say which sections it introduces."""
    sections = lesson.book.sections
    index = sections.index(lesson.section(screen))
    level = sections[index].level
    after = []
    for section in sections[index + 1:]:
        if section.level <= level and after and section.body:
            break
        after.append(section.heading)
        if len(after) == 6:
            break
    names = ", ".join(after) if after else "the sections after it"
    return f"<p><em>This heading opens a part of the rulebook: {html.escape(names)}.</em></p>"


def _teacher_html(lesson: Lesson, screen: Screen) -> str:
    notes = [html.escape(t) for t in screen.teacher]
    if screen.demo:
        notes.append("The live example is computed by the lab each time the screen is shown (Reset builds it again).")
    if screen.question and screen.question.mode == "predict":
        notes.append("A prediction: any answer is taken, then the exact answer and why are shown (no cross).")
    elif screen.question:
        notes.append("The lab computes the answer; a rounded answer is right with two significant digits, and "
                     "after two wrong tries the class may ask for the answer and why.")
    notes.append(f"Open this screen directly: add <code>?screen={screen.number}</code> to the page address "
                 f"(<code>&amp;large=1</code> for Large fonts).")
    items = "".join(f"<li>{n}</li>" for n in notes)
    return (f"<details class='pl-teacher-notes'><summary>Teacher notes</summary><ul>{items}</ul></details>")


def build_screen(lesson: Lesson, screen: Screen) -> tuple[widgets.Widget, QuestionView | None]:
    """The widgets of one screen (the student view; teacher notes are the view's) and its question, if any."""
    children: list = []
    if screen.heading:
        rule = widgets.HTML(_quote_html(lesson, screen))
        rule.add_class("pl-rule-panel")
        children.append(rule)
    if screen.text:
        text = widgets.HTML(f"<div class='pl-screen-text'>{_paragraphs(screen.text)}</div>")
        children.append(text)
    if screen.demo:
        try:
            children.append(show_value(lesson.demo(screen), screen.label))
        except Exception as error:          # the classroom keeps working; check_all makes a test fail
            children.append(widgets.HTML(error_html(f"{screen.title}: {error}")))
    question = None
    if screen.question:
        question = QuestionView(screen.question.prompt, lambda: lesson.question(screen))
        children.append(question)
        children += [extra for add in QUESTION_EXTRAS if (extra := add(lesson, screen, question)) is not None]
    elif screen.why:
        children.append(widgets.HTML(f"<div class='pl-why pl-why-text'>{_paragraphs(screen.why, lead='Why:')}</div>"))
    body = widgets.VBox(children, layout=widgets.Layout(max_width="100%"))
    body.add_class("pl-screen-body")
    body.add_class(f"pl-screen-{screen.kind}")
    return body, question


# ---------------------------------------------------------------- the lesson
class LessonView(widgets.VBox):
    """A lesson a teacher can run: one screen at a time (see the module docstring)."""

    def __init__(self, lesson: Lesson, *, start: str | int | None = None, presenter: bool = True,
                 large: bool | None = None):
        started = time.process_time()
        self.build_seconds = 0.0          # CPU time to build the view and its first screen (the page's readiness)
        self.lesson = lesson
        self.screens = lesson.screens
        self.index = 0
        self._built: dict[int, tuple[widgets.Widget, QuestionView | None]] = {}
        button = dict(layout=widgets.Layout(width="auto", min_width="6em"))
        self.back_button = widgets.Button(description="◀ Back", tooltip="The screen before", **button)
        self.next_button = widgets.Button(description="Next ▶", tooltip="The next screen", button_style="primary",
                                          **button)
        self.back_button.add_class("pl-lesson-back")
        self.next_button.add_class("pl-lesson-next")
        self.counter = widgets.HTML()
        self.counter.add_class("pl-lesson-counter")
        self.contents = widgets.Dropdown(options=self._contents(), value=0, description="",
                                         layout=widgets.Layout(width="14em"))
        self.contents.add_class("pl-lesson-contents")
        self.reset_button = widgets.Button(description="Reset", icon="undo", tooltip="This screen as it started",
                                           layout=widgets.Layout(width="auto"))
        self.reset_button.add_class("pl-screen-reset")
        self.back_button.on_click(lambda _: self.go(self.index - 1))
        self.next_button.on_click(lambda _: self.go(self.index + 1))
        self.reset_button.on_click(lambda _: self.reset())
        self.contents.observe(lambda change: self.go(change["new"]), names="value")
        self.title = widgets.HTML()
        self.title.add_class("pl-screen-title")
        self.message = widgets.HTML()
        self.content = widgets.Box(layout=widgets.Layout(width="100%"))
        self.content.add_class("pl-screen")
        self.notes = widgets.HTML()
        self.notes.add_class("pl-teacher-notes-panel")
        self.ready = widgets.HTML()
        self.ready.add_class("pl-lesson-ready-state")
        self.builds = 0                   # screens built so far (Next on a prefetched screen builds none)
        left = [self.back_button, self.counter, self.next_button, self.contents]
        right = []
        self.presenter = None
        if presenter:
            from .presenter import PresenterBar

            self.presenter = PresenterBar(large=_large_asked() if large is None else large)
            right.append(self.presenter)
        between = dict(justify_content="space-between", align_items="center", flex_flow="row wrap", width="100%")
        nav = widgets.HBox([widgets.HBox(left, layout=widgets.Layout(align_items="center", flex_flow="row wrap")),
                            widgets.HBox(right, layout=widgets.Layout(align_items="center"))],
                           layout=widgets.Layout(**between))
        nav.add_class("pl-lesson-nav")
        self.title.layout = widgets.Layout(flex="1 1 auto", min_width="0")      # a long title wraps in its place
        heading = widgets.HBox([self.title, widgets.HBox([self.ready, self.reset_button],
                                                         layout=widgets.Layout(align_items="center",
                                                                               flex="0 0 auto"))],
                               layout=widgets.Layout(justify_content="space-between", align_items="center",
                                                     flex_flow="row nowrap", width="100%"))
        heading.add_class("pl-screen-top")
        style = widgets.HTML(f"<style>{LESSON_CSS}</style>")
        super().__init__([style, nav, self.message, heading, self.content, self.notes],
                         layout=widgets.Layout(width="100%", max_width="1000px"))
        self.add_class("pl-lesson")
        first = start if start is not None else start_screen()
        index = 0
        if first is not None:
            try:
                index = lesson.find(first).number - 1
            except LessonError as error:
                self.message.value = error_html(error)
        self.go(index)
        self.build_seconds = time.process_time() - started
        self._show_counter()

    def _contents(self) -> list[tuple[str, int]]:
        options = []
        for i, screen in enumerate(self.screens):
            label = f"{i + 1}. {screen.title}" if not screen.reference else f"Reference: {screen.title}"
            options.append((label, i))
        return options

    @property
    def screen(self) -> Screen:
        return self.screens[self.index]

    def counter_text(self) -> str:
        """``3 / 14`` on the class path; ``Reference 2 / 9`` after it."""
        path = len(self.lesson.class_screens)
        if self.index < path:
            return f"{self.index + 1} / {path}"
        return f"Reference {self.index - path + 1} / {len(self.screens) - path}"

    def built(self, index: int) -> tuple[widgets.Widget, QuestionView | None]:
        if index not in self._built:
            self._built[index] = build_screen(self.lesson, self.screens[index])
            self.builds += 1
        return self._built[index]

    def prefetch(self) -> None:
        """Build the next screen now (the view calls it :data:`PREFETCH_AFTER_S` after showing a screen, while
        the class reads it), so Next only swaps it in."""
        following = self.index + 1
        if following < len(self.screens) and following not in self._built:
            self.built(following)

    def _schedule_prefetch(self) -> None:
        """Build the next screen in the kernel's event loop once this one is shown (none running: nothing)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        loop.call_later(PREFETCH_AFTER_S, self.prefetch)

    def _show_ready(self, ready: bool) -> None:
        """The visible state: "Building screen N…" while it is built, then "Ready — press Next"."""
        short = len(self.screen.title) > SHORT_TITLE      # a long title leaves room for the short words only
        if not ready:
            words, colour = ("Building…" if short else f"Building screen {self.index + 1}…"), "#6b4f2a"
        elif self.index + 1 < len(self.lesson.class_screens):
            words, colour = ("Ready ▶" if short else "Ready — press Next ▶"), "#1b7f3b"
        else:
            words, colour = "Ready", "#1b7f3b"
        self.ready.value = (f"<span class='pl-lesson-ready' data-ready='{int(ready)}' "
                            f"style='color:{colour};font-weight:600'>{html.escape(words)}</span>")

    @property
    def question(self) -> QuestionView | None:
        """The question of the screen shown (None if it has none)."""
        return self.built(self.index)[1]

    def go(self, index: int) -> None:
        """Show screen ``index`` (0-based; clamped to the first and the last)."""
        index = max(0, min(len(self.screens) - 1, int(index)))
        self.index = index
        screen = self.screen
        if self.contents.value != index:
            self.contents.value = index
        self.back_button.disabled = index == 0
        self.next_button.disabled = index == len(self.screens) - 1
        self.title.value = f"<h2 class='pl-screen-heading' style='margin:4px 0'>{html.escape(screen.title)}</h2>"
        self._was_built = index in self._built      # built ahead while the class read the screen before
        if not self._was_built:
            self._show_ready(False)
        body, _ = self.built(index)
        self.content.children = (body,)
        self._show_counter()            # after the screen is built: the counter says the screen is there
        self.notes.value = _teacher_html(self.lesson, screen)
        self._show_ready(True)
        self._schedule_prefetch()

    def _show_counter(self) -> None:
        screen = self.screen
        self.counter.value = (f"<span class='pl-lesson-counter-text' data-screen='{self.index + 1}' "
                              f"data-screens='{len(self.screens)}' data-kind='{screen.kind}' "
                              f"data-build-cpu='{self.build_seconds:.3f}' "
                              f"data-built-ahead='{int(getattr(self, '_was_built', False))}' "
                              f"style='padding:0 10px;font-weight:600;white-space:nowrap'>"
                              f"{html.escape(self.counter_text())}</span>")

    def reset(self) -> None:
        """This screen as it started: its live example built again, its question cleared."""
        old = self._built.pop(self.index, None)
        self.go(self.index)
        if old is not None:
            old[0].close()


def lesson_view(lesson: str | Path | Lesson, **options) -> LessonView:
    """The lesson of a game (``"plunder_2013"``), of a lesson file (a path), or a :class:`Lesson`."""
    if isinstance(lesson, Lesson):
        model = lesson
    elif isinstance(lesson, Path) or str(lesson).endswith(".toml"):
        model = Lesson(Path(lesson))
    else:
        model = Lesson.named(str(lesson))
    return LessonView(model, **options)
