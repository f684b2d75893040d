"""Lessons as data: a :class:`Walkthrough` builds the kit's :class:`~.kit.Stepper` from a lessons TOML file.

A lesson file has one ``[[step]]`` per rulebook section, in printed order: the heading exactly as
printed, an optional verbatim quote, the NAME of a live demo (a function in the lesson's scenarios
module), the explanation of *why*, house-rule boxes and an optional question whose answer is the
NAME of a function the engine runs when the step is built — never a value written in the lesson.
The format is documented in ``docs/lessons.md``.

>>> import textwrap, tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "lesson.toml").write_text(textwrap.dedent('''
...     game = "plunder_2013"
...     [[step]]
...     heading = "Setup"
...     intro_only = true
...     why = "How the table is laid out before the first day."
... '''))
>>> lesson = Walkthrough(folder / "lesson.toml")
>>> lesson.coverage()[:2]
['How to Play', 'Using the Solution Grids']
>>> lesson.check_all()
[]
"""
from __future__ import annotations

import html
import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

import ipywidgets as widgets

from pirates_lab.core import Dist, InvalidInput
from pirates_lab.core.data import data_path, load_data
from pirates_lab.core.rules import rulebook, rulebook_names

from .kit import DistView, Question, Step, Stepper, assumption_box, error_html, exact_answer
from .numbers import friendly, friendly_html, percent_text, short_fraction
from .lesson import visible_text  # noqa: F401  (moved: one lesson stack, issue 34)

__all__ = ["Walkthrough", "LessonSpec", "LessonStep", "LessonError", "QuotePanel", "display_value",
           "number_answer", "number_text", "text_answer", "visible_text", "KINDS"]

#: how a question's typed answer is checked: ``exact`` numbers (exact_answer) or ``text`` (a word or name)
KINDS = ("exact", "text")
_TOP_KEYS = {"game", "title", "scenarios", "step"}
_STEP_KEYS = {"heading", "occurrence", "quote", "demo", "label", "why", "intro_only", "assumptions", "question"}
_QUESTION_KEYS = {"prompt", "answer", "kind"}
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class LessonError(InvalidInput):
    """A lesson file that cannot be taught: a bad heading, a literal answer, a demo that raises …"""


@dataclass(frozen=True)
class LessonSpec:
    """One ``[[step]]`` of a lesson file, validated (names only: nothing has run yet)."""

    number: int                 # 1-based position in the lesson
    heading: str
    occurrence: int = 1
    quote: str = ""
    demo: str = ""              # name of a scenario function
    label: str = ""             # shown before a demo that returns a value (default: the heading)
    why: str = ""
    intro_only: bool = False
    assumptions: tuple[str, ...] = ()
    prompt: str = ""
    answer: str = ""            # name of the function computing the answer
    kind: str = "exact"

    @property
    def name(self) -> str:
        """How errors name the step: ``step 3 'Digging Up Treasure'``."""
        again = f" (occurrence {self.occurrence})" if self.occurrence > 1 else ""
        return f"step {self.number} {self.heading!r}{again}"


@dataclass
class LessonStep(Step):
    """A kit :class:`Step` that remembers which rulebook section it teaches."""

    heading: str = ""
    occurrence: int = 1


class QuotePanel(widgets.VBox):
    """A verbatim quote from a rulebook section, cited like :class:`~.kit.RulePanel`."""

    def __init__(self, game: str, heading: str, quote: str):
        paragraphs = "".join(f"<p>{html.escape(p)}</p>" for p in quote.split("\n") if p.strip())
        self.html = widgets.HTML(
            f"<div class='pl-rule' style='border-left:4px solid #8b5a2b;padding:4px 12px;background:#fbf7ef'>"
            f"<div style='font-size:0.85em;color:#6b4f2a'>Rules: {html.escape(rulebook(game).title)} › "
            f"{html.escape(heading)}</div>{paragraphs}</div>")
        super().__init__([self.html])
        self.add_class("pl-rule-panel")
        self.add_class("pl-rule-quote")


# ---------------------------------------------------------------- values for people
def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Fraction) and 0 <= value <= 1:
        return friendly_html(value)
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return f"{value.numerator:,}"
        short = short_fraction(value)
        return html.escape(f"{float(value):,.4g}" + (f" ({short})" if short else ""))
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return html.escape(f"{value:,.4g}")
    if isinstance(value, str):
        return html.escape(value)
    raise LessonError(f"a demo value holds a {type(value).__name__}; give text or numbers (int, Fraction)")


def display_value(value: Any, label: str = "") -> widgets.Widget:
    """A demo's result as a widget for people: widgets as they are, a Dist as a DistView, a number
    (probabilities percent first), text, a list of those (one per line) or a dict of those (a small
    table) — never a Python repr.  Anything else raises :class:`LessonError`."""
    if isinstance(value, widgets.Widget):
        return value
    if isinstance(value, Dist):
        return DistView(value, title=label)
    head = f"<b>{html.escape(label)}</b>" if label else ""
    if isinstance(value, dict):
        rows = "".join(f"<tr><td style='padding-right:12px'>{_cell(k)}</td><td>{_cell(v)}</td></tr>"
                       for k, v in value.items())
        body = f"<div>{head}</div><table class='pl-show'>{rows}</table>"
    elif isinstance(value, (list, tuple)):
        items = "".join(f"<li>{_cell(v)}</li>" for v in value)
        body = f"<div>{head}</div><ul class='pl-show'>{items}</ul>"
    elif value is None:
        raise LessonError("a demo returned nothing (None); return a widget, a number, text, a list or a dict")
    else:
        body = f"<div class='pl-show'>{head}{': ' if head else ''}{_cell(value)}</div>"
    shown = widgets.HTML(body)
    shown.add_class("pl-demo-value")
    return shown


def number_text(value: int | Fraction) -> str:
    """A number as people read it: ``216,000``; a probability ``41.67% (5/12)``; else ``3.5 (7/2)``.

    >>> number_text(216000), number_text(Fraction(5, 12)), number_text(Fraction(7, 2))
    ('216,000', '41.67% (5/12)', '3.5 (7/2)')
    """
    value = Fraction(value)
    if value.denominator == 1:
        return f"{value.numerator:,}"
    if 0 <= value <= 1:
        return friendly(value)
    short = short_fraction(value)
    return f"{float(value):,.4g}" + (f" ({short})" if short else "")


def number_answer(expected: int | Fraction) -> Callable[[str], tuple[bool, str]]:
    """The kit's :func:`~.kit.exact_answer` verdict (``41.67%``, ``5/12``, ``0.4167``, ``216,000``), with the
    right answer worded as a number for people (the kit words every number as a percentage).

    >>> number_answer(216000)("216,000")
    (True, 'Right: 216,000.')
    """
    check = exact_answer(expected)

    def verdict(answer: str) -> tuple[bool, str]:
        ok, message = check(answer)
        return (True, f"Right: {number_text(expected)}.") if ok else (False, message)

    return verdict


def text_answer(expected: str | tuple[str, ...]) -> Callable[[str], tuple[bool, str]]:
    """A checker for a word answer (a name, a colour): case and spaces do not matter.

    >>> check = text_answer(("Sneaky Pete", "Pete"))
    >>> check(" sneaky  pete")[0], check("Pete")[0], check("Jack")[0]
    (True, True, False)
    """
    accepted = (expected,) if isinstance(expected, str) else tuple(expected)

    def norm(text: str) -> str:
        return " ".join(str(text).split()).casefold()

    def check(answer: str) -> tuple[bool, str]:
        if norm(answer) in {norm(a) for a in accepted}:
            return True, f"Right: {accepted[0]}."
        return False, f"Not quite: {answer.strip()} is not it. Try again."

    return check


# ---------------------------------------------------------------- the walkthrough
class Walkthrough:
    """A lesson file, validated against the game's rulebook; builds a Stepper and checks itself.

    ``scenarios`` overrides the module named in the file (a module or any object with the named
    functions as attributes).  Names are looked up when a step is built, so a test may swap a
    function (``monkeypatch.setattr(module, "name", ...)``) and see the step change.
    """

    def __init__(self, path: str | Path, *, scenarios: ModuleType | Any | None = None):
        self.path = Path(path)
        data = load_data("", self.path)     # a Path is read as given (InvalidInput if missing or not TOML)
        where = f"Lesson file {self.path.name}"
        unknown = sorted(set(data) - _TOP_KEYS)
        if unknown:
            raise LessonError(f"{where}: unknown key(s) {', '.join(unknown)}; allowed: {', '.join(sorted(_TOP_KEYS))}")
        self.game = data.get("game")
        if self.game not in rulebook_names():
            raise LessonError(f"{where}: game = {self.game!r} is not a rulebook; known: {', '.join(rulebook_names())}")
        self.book = rulebook(self.game)
        self.title = str(data.get("title") or self.book.title)
        self.module_name = data.get("scenarios", "")
        raw_steps = data.get("step", [])
        if not isinstance(raw_steps, list) or not raw_steps:
            raise LessonError(f"{where}: no [[step]] tables")
        self.specs = [self._spec(number, raw) for number, raw in enumerate(raw_steps, start=1)]
        self._check_order()
        if scenarios is None and any(spec.demo or spec.answer for spec in self.specs):
            if not isinstance(self.module_name, str) or not self.module_name:
                raise LessonError(f"{where}: steps name demos or answers, so the file needs "
                                  f"scenarios = \"<module>\" at the top")
            try:
                scenarios = importlib.import_module(self.module_name)
            except ImportError as error:
                raise LessonError(f"{where}: cannot import scenarios module {self.module_name!r}: {error}") from error
        self.scenarios = scenarios
        for spec in self.specs:
            for kind, name in (("demo", spec.demo), ("answer", spec.answer)):
                if name and not callable(getattr(self.scenarios, name, None)):
                    raise LessonError(f"{spec.name}: {kind} {name!r} is not a function in {self._module_label()}")

    @classmethod
    def for_game(cls, game: str, **options) -> "Walkthrough":
        """The lesson shipped with a game: ``pirates_lab/<game>/data/lessons.toml``."""
        return cls(data_path(game, "lessons.toml"), **options)

    def _module_label(self) -> str:
        return getattr(self.scenarios, "__name__", None) or self.module_name or "the scenarios"

    # ------------------------------------------------------------ reading the file
    def _spec(self, number: int, raw: Any) -> LessonSpec:
        if not isinstance(raw, dict):
            raise LessonError(f"step {number}: a [[step]] must be a table")
        heading = raw.get("heading")
        if not isinstance(heading, str) or not heading:
            raise LessonError(f"step {number}: heading = \"…\" is missing (the rulebook heading exactly as printed)")
        where = f"step {number} {heading!r}"
        unknown = sorted(set(raw) - _STEP_KEYS)
        if unknown:
            raise LessonError(f"{where}: unknown key(s) {', '.join(unknown)}; allowed: {', '.join(sorted(_STEP_KEYS))}")
        occurrence = raw.get("occurrence", 1)
        if not isinstance(occurrence, int) or isinstance(occurrence, bool) or occurrence < 1:
            raise LessonError(f"{where}: occurrence must be a whole number from 1")
        try:
            section = self.book.find(heading, occurrence)
        except KeyError as error:
            raise LessonError(f"{where}: {error.args[0]}") from None
        intro = raw.get("intro_only", False)
        if not isinstance(intro, bool):
            raise LessonError(f"{where}: intro_only must be true or false")
        quote = raw.get("quote", "")
        if not isinstance(quote, str):
            raise LessonError(f"{where}: quote must be text")
        if quote and not _quoted_from(quote, section.text):
            raise LessonError(f"{where}: the quote is not in the rulebook's section text word for word "
                              f"(use … between the parts you quote)")
        why = raw.get("why", "")
        if not isinstance(why, str) or not why.strip():
            raise LessonError(f"{where}: why = \"…\" is missing: say in words what the step teaches")
        assumptions = raw.get("assumptions", [])
        if not isinstance(assumptions, list) or not all(isinstance(a, str) and a.strip() for a in assumptions):
            raise LessonError(f"{where}: assumptions must be a list of sentences")
        demo = raw.get("demo", "")
        label = raw.get("label", "")
        if not isinstance(label, str):
            raise LessonError(f"{where}: label must be text")
        question = raw.get("question")
        if intro:
            if demo or question is not None:
                raise LessonError(f"{where}: an intro_only step has no demo and no question")
            if "\n" in why.strip():
                raise LessonError(f"{where}: an intro_only step says what it introduces in one line")
        elif not demo:
            raise LessonError(f"{where}: demo = \"<function name>\" is missing (or mark it intro_only = true)")
        if demo and not (isinstance(demo, str) and _NAME.match(demo)):
            raise LessonError(f"{where}: demo must be the NAME of a scenario function, not {demo!r}")
        prompt, answer, kind = "", "", "exact"
        if question is not None:
            if not isinstance(question, dict):
                raise LessonError(f"{where}: [step.question] must be a table with prompt and answer")
            unknown = sorted(set(question) - _QUESTION_KEYS)
            if unknown:
                raise LessonError(f"{where}: unknown question key(s) {', '.join(unknown)}")
            prompt, answer, kind = question.get("prompt", ""), question.get("answer", ""), question.get("kind", "exact")
            if not isinstance(prompt, str) or not prompt.strip():
                raise LessonError(f"{where}: the question has no prompt")
            if not (isinstance(answer, str) and _NAME.match(answer)):
                raise LessonError(f"{where}: answer = {answer!r} is a value; answer must be the NAME of a function "
                                  f"that computes it at run time (never a literal in the lesson)")
            if kind not in KINDS:
                raise LessonError(f"{where}: question kind {kind!r} is not one of {', '.join(KINDS)}")
        return LessonSpec(number, heading, occurrence, quote.strip(), demo, label, why.strip(), intro,
                          tuple(a.strip() for a in assumptions), prompt.strip(), answer, kind)

    def _position(self, spec: LessonSpec) -> int:
        section = self.book.find(spec.heading, spec.occurrence)
        return self.book.sections.index(section)

    def _check_order(self) -> None:
        seen: dict[int, LessonSpec] = {}
        last: LessonSpec | None = None
        for spec in self.specs:
            position = self._position(spec)
            if position in seen:
                raise LessonError(f"{spec.name}: the section already has a step ({seen[position].name})")
            if last is not None and position < self._position(last):
                raise LessonError(f"{spec.name}: out of order — the rulebook prints it before {last.name}")
            seen[position], last = spec, spec

    # ------------------------------------------------------------ what the lesson covers
    def coverage(self) -> list[str]:
        """The rulebook headings (in printed order) that have no step; empty when every section has one."""
        taught = {self._position(spec) for spec in self.specs}
        return [section.heading for index, section in enumerate(self.book.sections) if index not in taught]

    # ------------------------------------------------------------ running demos and answers
    def _function(self, spec: LessonSpec, name: str) -> Callable:
        function = getattr(self.scenarios, name, None)
        if not callable(function):
            raise LessonError(f"{spec.name}: {name!r} is not a function in {self._module_label()}")
        return function

    def demo(self, spec: LessonSpec) -> widgets.Widget | None:
        """Run the step's demo and return it as a widget for people (None for an intro step)."""
        if not spec.demo:
            return None
        return display_value(self._function(spec, spec.demo)(), spec.label or spec.heading)

    def answer(self, spec: LessonSpec) -> Any:
        """Run the step's answer function: an exact number (int or Fraction) or, for ``text``, text."""
        if not spec.answer:
            raise LessonError(f"{spec.name}: has no question")
        value = self._function(spec, spec.answer)()
        if spec.kind == "exact":
            if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
                raise LessonError(f"{spec.name}: answer {spec.answer!r} returned {type(value).__name__}; "
                                  f"an exact question needs an int or a Fraction")
        elif not (isinstance(value, str) or (isinstance(value, (list, tuple)) and value
                                              and all(isinstance(v, str) for v in value))):
            raise LessonError(f"{spec.name}: answer {spec.answer!r} returned {type(value).__name__}; "
                              f"a text question needs text (or a list of accepted texts)")
        return value

    def answers(self) -> dict[str, Any]:
        """Every question's answer as the engine computes it now, by step name."""
        return {spec.name: self.answer(spec) for spec in self.specs if spec.answer}

    def check_all(self) -> list[str]:
        """Build every demo and compute every answer (no browser, no Stepper); raise :class:`LessonError`
        naming the first step that fails — a demo or answer that raises, a value that cannot be shown
        to people, or a demo that shows the question's answer.  Returns the problems it could not
        decide (none so far: an empty list)."""
        for spec in self.specs:
            try:
                shown = self.demo(spec)
                value = self.answer(spec) if spec.answer else None
            except LessonError as error:
                message = str(error)
                raise LessonError(message if message.startswith(spec.name) else f"{spec.name}: {message}") from error
            except Exception as error:
                raise LessonError(f"{spec.name}: {type(error).__name__}: {error}") from error
            if value is not None and spec.kind == "exact":
                text = visible_text(shown) + " " + spec.prompt + " " + spec.why
                leak = _shows_answer(text, Fraction(value))
                if leak:
                    raise LessonError(f"{spec.name}: the page shows the answer ({leak}) before the question")
        return []

    # ------------------------------------------------------------ the Stepper
    def _checker(self, spec: LessonSpec) -> Callable[[str], tuple[bool, str]]:
        cache: dict[str, Callable] = {}

        def check(text: str) -> tuple[bool, str]:
            if "check" not in cache:     # the engine computes the answer when the step is first checked
                value = self.answer(spec)
                cache["check"] = number_answer(value) if spec.kind == "exact" else text_answer(value)
            return cache["check"](text)

        return check

    def _body(self, spec: LessonSpec) -> Callable[[], widgets.Widget]:
        def build() -> widgets.Widget:
            children: list = []
            if spec.quote:
                children.append(QuotePanel(self.game, spec.heading, spec.quote))
                children.extend(assumption_box(a) for a in spec.assumptions)
            try:
                shown = self.demo(spec)
            except Exception as error:   # the classroom keeps working; check_all makes the test fail
                shown = widgets.HTML(error_html(f"{spec.heading}: {error}"))
            if shown is not None:
                children.append(shown)
            box = widgets.VBox(children, layout=widgets.Layout(max_width="100%"))
            box.add_class("pl-lesson-demo")
            return box

        return build

    def _step(self, spec: LessonSpec) -> LessonStep:
        why = "".join(f"<p>{html.escape(p)}</p>" for p in spec.why.split("\n\n") if p.strip())
        explanation = why if spec.intro_only else f"<b>Why:</b> {why}"
        return LessonStep(
            title=spec.heading,
            rule=None if spec.quote else (self.game, spec.heading, spec.occurrence),
            body=self._body(spec),
            explanation=explanation,
            question=Question(spec.prompt, self._checker(spec)) if spec.answer else None,
            assumptions=() if spec.quote else spec.assumptions,
            heading=spec.heading, occurrence=spec.occurrence)

    def steps(self) -> list[LessonStep]:
        """The kit Steps for this lesson (demos built lazily, answers computed when first checked)."""
        return [self._step(spec) for spec in self.specs]

    def card(self, heading: str, occurrence: int = 1, css_class: str | None = None) -> Stepper:
        """One step on its own (rule, live demo, why, question) for a notebook section that already carries
        the heading: the kit Stepper without its navigation and title.  An unknown heading raises
        :class:`LessonError` naming the headings the lesson has."""
        specs = [s for s in self.specs if s.heading == heading and s.occurrence == occurrence]
        if not specs:
            again = f" (occurrence {occurrence})" if occurrence != 1 else ""
            known = ", ".join(dict.fromkeys(s.heading for s in self.specs))
            raise LessonError(f"the lesson has no step {heading!r}{again}; its steps are: {known}")
        card = Stepper([self._step(specs[0])])
        card.children = (card.content,)
        card.add_class("pl-lesson-card")
        if css_class:
            card.add_class(css_class)
        return card

    def stepper(self) -> Stepper:
        """The guided walkthrough widget."""
        stepper = Stepper(self.steps(), title=self.title)
        stepper.add_class("pl-walkthrough")
        return stepper


# ---------------------------------------------------------------- checks on text
def _normal(text: str) -> str:
    return " ".join(text.replace("\u2019", "'").split())


def _quoted_from(quote: str, section: str) -> bool:
    """Is every part of ``quote`` (parts separated by … or ...) in the section, word for word?"""
    parts = [p for p in re.split(r"…|\.\.\.", quote) if p.strip()]
    body = _normal(section)
    return bool(parts) and all(_normal(p).strip(" .") in body for p in parts)


def _shows_answer(text: str, value: Fraction) -> str:
    """The form in which ``text`` shows a distinctive answer (3+ digits, or a fraction), else ''."""
    forms = set()
    if value.denominator == 1:
        if abs(value.numerator) < 100:
            return ""
        forms |= {str(value.numerator), f"{value.numerator:,}"}
    else:
        forms |= {f"{value.numerator}/{value.denominator}", f"{value.numerator} / {value.denominator}"}
        if 0 < value < 1:
            forms.add(percent_text(value))
    for form in forms:
        if re.search(r"(?<![\w.,/])" + re.escape(form) + r"(?![\w/]|[.,]\d)", text):
            return form
    return ""
