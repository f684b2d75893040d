"""The widget kit: DistView, RulePanel, Stepper, ValidatedText and small helpers.

Models are plain Python (a :class:`~pirates_lab.core.Dist`, a list of steps, a parse
function); views observe them.  Every callback that could fail shows its message in the
widget (never in a log) and changes nothing.
"""
from __future__ import annotations

import functools
import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from pirates_lab.core import Dist, rulebook
from pirates_lab.core.rules import rulebook

from .canvas import BoardCanvas
from .drawing import bar_chart_ops

__all__ = ["DistView", "RulePanel", "assumption_box", "Stepper", "Step", "Question", "ValidatedText",
           "guard", "error_html", "dist_rows", "exact_answer"]

ERROR_STYLE = "color:#b22222;font-weight:600"


def error_html(message: str) -> str:
    return f"<span class='pl-error' style='{ERROR_STYLE}'>⚠ {html.escape(str(message))}</span>"


def guard(message_widget: widgets.HTML):
    """Decorator for callbacks: an exception is shown in ``message_widget``; nothing else happens."""

    def wrap(callback: Callable) -> Callable:
        @functools.wraps(callback)
        def run(*args, **kwargs):
            try:
                result = callback(*args, **kwargs)
            except Exception as error:
                message_widget.value = error_html(error)
                return None
            message_widget.value = ""
            return result

        return run

    return wrap


# ---------------------------------------------------------------- DistView
def dist_rows(dist: Dist, describe: Callable[[Any], str] = str, limit: int = 40) -> list[tuple[str, Fraction]]:
    """(label, exact probability) rows for display; beyond ``limit`` outcomes, the rest is one row."""
    rows = [(describe(o), p) for o, p in dist.items()]
    if len(rows) > limit:
        rows.sort(key=lambda r: -r[1])
        rest = sum((p for _, p in rows[limit - 1:]), Fraction(0))
        rows = rows[:limit - 1] + [(f"{len(dist) - limit + 1} others", rest)]
    return rows


class DistView(widgets.VBox):
    """A bar chart and an exact table of a Dist; set ``.dist`` to update both.

    >>> view = DistView(Dist.die(6), title="One die")
    >>> view.table_rows()[0]
    ('1', Fraction(1, 6))
    """

    def __init__(self, dist: Dist | None = None, *, title: str = "", describe: Callable[[Any], str] = str,
                 width: int = 420, height: int = 220, show_table: bool = True):
        self.title = title
        self.describe = describe
        self.chart = BoardCanvas(width, height, layers=("chart",), css_class="pl-dist-chart")
        self.table = widgets.HTML()
        self.table.add_class("pl-dist-table")
        self.show_table = show_table
        self._dist: Dist | None = None
        super().__init__([self.chart, self.table] if show_table else [self.chart])
        self.add_class("pl-dist-view")
        if dist is not None:
            self.dist = dist

    @property
    def dist(self) -> Dist | None:
        return self._dist

    @dist.setter
    def dist(self, dist: Dist) -> None:
        if not isinstance(dist, Dist):
            raise TypeError(f"DistView shows a Dist, not {type(dist).__name__}")
        self._dist = dist
        rows = self.table_rows()
        self.chart.draw("chart", bar_chart_ops([(label, float(p)) for label, p in rows],
                                               self.chart.width, self.chart.height, title=self.title))
        self.table.value = self.table_html()

    def table_rows(self) -> list[tuple[str, Fraction]]:
        return dist_rows(self._dist, self.describe) if self._dist is not None else []

    def table_html(self) -> str:
        body = "".join(
            f"<tr><td>{html.escape(label)}</td><td class='pl-exact'>{p}</td><td>{float(p) * 100:.2f}%</td></tr>"
            for label, p in self.table_rows())
        return ("<table class='pl-dist' style='border-collapse:collapse'><thead><tr><th>outcome</th>"
                "<th>exact</th><th>%</th></tr></thead><tbody>" + body + "</tbody></table>")


# ---------------------------------------------------------------- rules and assumptions
class RulePanel(widgets.VBox):
    """The text of a rulebook section, cited by its heading exactly as printed."""

    def __init__(self, game: str, heading: str, occurrence: int = 1):
        section = rulebook(game).find(heading, occurrence)
        self.game, self.heading, self.text = game, heading, section.text
        paragraphs = "".join(f"<p>{html.escape(p)}</p>" for p in section.body.split("\n") if p.strip())
        self.html = widgets.HTML(
            f"<div class='pl-rule' style='border-left:4px solid #8b5a2b;padding:4px 12px;background:#fbf7ef'>"
            f"<div style='font-size:0.85em;color:#6b4f2a'>Rules: {html.escape(rulebook(game).title)} › {html.escape(heading)}</div>"
            f"{paragraphs or '<p><em>(a heading with no text of its own)</em></p>'}</div>")
        super().__init__([self.html])
        self.add_class("pl-rule-panel")


def assumption_box(text: str, title: str = "House rule / assumption") -> widgets.HTML:
    """A visible box for a choice the rulebook does not make for us."""
    box = widgets.HTML(
        f"<div class='pl-assumption' style='border:2px dashed #c98a00;background:#fff8e1;padding:6px 10px'>"
        f"<strong>⚓ {html.escape(title)}:</strong> {html.escape(text)}</div>")
    box.add_class("pl-assumption-box")
    return box


# ---------------------------------------------------------------- inputs
class ValidatedText(widgets.VBox):
    """A text box whose value is parsed; a bad value shows a message and changes nothing.

    >>> seen = []
    >>> box = ValidatedText(int, seen.append, value="3")
    >>> box.text.value = "seven"; box.value, seen
    (3, [])
    >>> box.text.value = "7"; box.value, seen
    (7, [7])
    """

    def __init__(self, parse: Callable[[str], Any], on_valid: Callable[[Any], None] | None = None, *,
                 value: str = "", description: str = "", placeholder: str = ""):
        self.parse = parse
        self.on_valid = on_valid
        self.text = widgets.Text(value=value, description=description, placeholder=placeholder,
                                 continuous_update=False, style={"description_width": "initial"})
        self.message = widgets.HTML("")
        self.value = parse(value) if value else None
        self.text.observe(self._changed, names="value")
        super().__init__([self.text, self.message])
        self.add_class("pl-validated")

    def _changed(self, change) -> None:
        try:
            value = self.parse(change["new"])
            if self.on_valid is not None:
                self.on_valid(value)
        except Exception as error:
            self.message.value = error_html(error)
            return
        self.value = value
        self.message.value = ""


def exact_answer(expected: Any, *, explain: str = "") -> Callable[[str], tuple[bool, str]]:
    """A question checker comparing a typed answer with an exact value (``1/6``, ``0.5``, ``7``)."""

    def check(answer: str) -> tuple[bool, str]:
        try:
            given = Fraction(answer.strip().rstrip("%")) / (100 if answer.strip().endswith("%") else 1)
        except (ValueError, ZeroDivisionError):
            return False, f"Type a number or a fraction such as 1/6 (got {answer!r})."
        if given == Fraction(expected):
            return True, f"Right: exactly {Fraction(expected)}. {explain}".strip()
        return False, f"Not quite: {given} is not it. Try again."

    return check


# ---------------------------------------------------------------- Stepper
@dataclass
class Question:
    prompt: str
    check: Callable[[str], tuple[bool, str]]


@dataclass
class Step:
    """One step of a walkthrough: a title, the rule it teaches, a live view, a question."""

    title: str
    rule: tuple[str, str] | None = None          # (game, heading)
    body: Any = None                             # a widget, or a callable returning one (built lazily)
    explanation: str = ""
    question: Question | None = None
    assumptions: Sequence[str] = field(default_factory=tuple)


class Stepper(widgets.VBox):
    """A guided walkthrough: previous/next (and a step list) through :class:`Step` objects."""

    def __init__(self, steps: Sequence[Step], *, title: str = ""):
        if not steps:
            raise ValueError("A Stepper needs at least one step.")
        self.steps = list(steps)
        self.index = 0
        self.answers: dict[int, bool] = {}
        self._bodies: dict[int, Any] = {}
        self.header = widgets.HTML()
        self.previous_button = widgets.Button(description="◀ Previous", tooltip="Previous step")
        self.next_button = widgets.Button(description="Next ▶", tooltip="Next step")
        self.chooser = widgets.Dropdown(options=[(f"{i + 1}. {s.title}", i) for i, s in enumerate(self.steps)],
                                        value=0, layout=widgets.Layout(width="420px"))
        self.previous_button.add_class("pl-stepper-prev")
        self.next_button.add_class("pl-stepper-next")
        self.previous_button.on_click(lambda _: self.go(self.index - 1))
        self.next_button.on_click(lambda _: self.go(self.index + 1))
        self.chooser.observe(lambda change: self.go(change["new"]), names="value")
        self.content = widgets.VBox()
        self.answer = widgets.Text(placeholder="your answer, then Enter", continuous_update=False)
        self.check_button = widgets.Button(description="Check")
        self.feedback = widgets.HTML()
        self.answer.observe(lambda change: self.check(change["new"]), names="value")
        self.check_button.on_click(lambda _: self.check(self.answer.value))
        self.title = title
        nav = widgets.HBox([self.previous_button, self.chooser, self.next_button])
        super().__init__([nav, self.header, self.content])
        self.add_class("pl-stepper")
        self.go(0)

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    def body(self, index: int):
        if index not in self._bodies:
            body = self.steps[index].body
            try:
                self._bodies[index] = body() if callable(body) and not isinstance(body, widgets.Widget) else body
            except Exception as error:
                self._bodies[index] = widgets.HTML(error_html(error))
        return self._bodies[index]

    def go(self, index: int) -> None:
        """Show step ``index`` (clamped to the first and last step)."""
        index = max(0, min(len(self.steps) - 1, int(index)))
        self.index = index
        step = self.step
        if self.chooser.value != index:
            self.chooser.value = index
        self.previous_button.disabled = index == 0
        self.next_button.disabled = index == len(self.steps) - 1
        self.header.value = (f"<h3 class='pl-step-title'>{html.escape(step.title)}</h3>"
                             f"<div style='color:#666'>Step {index + 1} of {len(self.steps)}"
                             f"{' — ' + html.escape(self.title) if self.title else ''}</div>")
        children: list = []
        if step.rule is not None:
            children.append(RulePanel(*step.rule))
        children.extend(assumption_box(a) for a in step.assumptions)
        body = self.body(index)
        if body is not None:
            children.append(body)
        if step.explanation:
            children.append(widgets.HTML(f"<div class='pl-explanation'>{step.explanation}</div>"))
        self.answer.value = ""
        self.feedback.value = ""
        if step.question is not None:
            children.append(widgets.HTML(f"<b>Question:</b> {html.escape(step.question.prompt)}"))
            children.append(widgets.HBox([self.answer, self.check_button]))
            children.append(self.feedback)
        self.content.children = tuple(children)

    def check(self, answer: str) -> bool | None:
        """Check an answer to this step's question; the verdict shows under the question."""
        question = self.step.question
        if question is None or not str(answer).strip():
            return None
        try:
            ok, message = question.check(str(answer))
        except Exception as error:
            self.feedback.value = error_html(error)
            return None
        self.answers[self.index] = ok
        colour = "#1b7f3b" if ok else "#b22222"
        self.feedback.value = f"<span class='pl-feedback' style='color:{colour}'>{'✔' if ok else '✘'} {html.escape(message)}</span>"
        return ok
