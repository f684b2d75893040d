"""A lesson is a sequence of screens, one idea each: the model (plain Python, no widgets).

A lesson file (``pirates_lab/<game>/data/lessons.toml``, or any TOML file) lists ``[[screen]]``
tables: the class path a teacher walks with Next (at most 15 screens; 20 if the file says so), then
a reference screen for every other rulebook section.  Each screen says *what* it teaches; the game
package computes everything (a demo and an answer are NAMES of functions registered for the lesson's
game, found through the registry, run when the screen is shown or checked: a lesson file names no module).  The format is documented in ``docs/lessons.md``;
the view is :class:`pirates_lab.widgets.lesson.LessonView`.

>>> import textwrap, tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "lesson.toml").write_text(textwrap.dedent('''
...     game = "plunder_2013"
...     minutes = 10
...     level = "any age"
...     [[screen]]
...     kind = "game"
...     title = "The game in one screen"
...     text = "Every pirate hides a treasure; find the others' first."
...     [[screen]]
...     kind = "reference"
...     heading = "Setup"
... '''))
>>> lesson = Lesson(folder / "lesson.toml")
>>> [screen.title for screen in lesson.screens]
['The game in one screen', 'Setup']
>>> lesson.coverage()[:2]
['How to Play', 'Using the Solution Grids']
>>> lesson.find("2").title, lesson.find("Setup").number
('Setup', 2)
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

from pirates_lab.core import InvalidInput
from pirates_lab.core.data import data_path, load_data
from pirates_lab.core.rules import Rulebook, Section, rulebook, rulebook_names

from .lesson_words import DEVELOPER_WORDS, developer_words, quoted_from, shows_answer
from .lesson_calc import BUILT_IN, answer_value, built_in_demo, first_word, is_calculator
from .lesson_demos import demos_for
from .questions import UNITS, Question, unit_of

__all__ = ["Lesson", "Screen", "QuestionSpec", "LessonError", "KINDS", "lesson_file", "CLASS_LIMIT", "MOST_CLASS_SCREENS",
           "DEVELOPER_WORDS", "developer_words", "quoted_from", "shows_answer"]

#: the kinds of screen: the game in one screen, a rule, a game to play, a calculator, any other idea, a reference
KINDS = ("game", "rule", "play", "calculator", "screen", "reference")
#: a 45-minute class walks at most this many screens
CLASS_LIMIT = 15
#: the most a lesson file may ask for (``class_limit``): Pillage & Plunder's long rulebook (issue 19)
MOST_CLASS_SCREENS = 20

_TOP = {"game", "title", "minutes", "level", "summary", "class_limit", "ideas", "screen"}
_SCREEN = {"kind", "title", "heading", "occurrence", "quote", "text", "demo", "label", "why", "teacher", "needs",
           "question"}
_QUESTION = {"prompt", "answer", "read", "unit", "explain", "mode", "hint", "out_of"}
#: how a question is answered: checked right or wrong, or a prediction (any readable answer; then the exact one)
MODES = ("check", "predict")
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
#: an answer typed by hand (a number, a fraction, a percentage): refused, the lab computes answers
_LITERAL = re.compile(r"^\s*[-+]?[\d.,/ ]+%?\s*$")


class LessonError(InvalidInput):
    """A lesson file that cannot be taught: a bad heading, a literal answer, a demo that raises …

    ``source`` is the screen's place in the file (1 for its first ``[[screen]]``; 0: the top of the file) and
    ``key`` the key at fault (``heading``, ``answer`` …): ``lesson check`` turns them into a line number."""

    def __init__(self, message: str = "", *, key: str = "", source: int = 0):
        super().__init__(message)
        self.key, self.source = key, source


@dataclass(frozen=True)
class QuestionSpec:
    """A screen's question: the prompt, the NAME of the answer function, its unit, an explanation function."""

    prompt: str
    answer: str
    unit: str | None = None        # None: inferred from the answer (a count, a probability, a number, text)
    explain: str = ""              # NAME of a function returning more words of why (optional)
    mode: str = "check"            # "predict": any readable answer is taken, then the exact one is shown (no ✘)
    hint: str = ""                 # shown after a wrong try: what to look at or count in the picture
    out_of: int | None = None      # the exact fraction shown over this many outcomes (10/36), as the screen counts
    read: str = ""                 # an answer in calculator words that gives several numbers: words of the one to read


@dataclass(frozen=True)
class Screen:
    """One screen of a lesson, validated (names only: nothing has run yet)."""

    number: int                    # 1-based place in the whole lesson (class path first, then reference)
    kind: str
    title: str
    heading: str = ""              # the rulebook section it teaches (rule and reference screens)
    occurrence: int = 1
    quote: str = ""
    text: str = ""
    demo: str = ""
    label: str = ""
    why: str = ""
    teacher: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()
    question: QuestionSpec | None = None
    source: int = 0                # its place in the file (1: the first [[screen]]), for line numbers

    @property
    def reference(self) -> bool:
        return self.kind == "reference"

    @property
    def name(self) -> str:
        """How errors and answers name the screen: ``screen 3 'Setup'``."""
        again = f" (occurrence {self.occurrence})" if self.occurrence > 1 else ""
        return f"screen {self.number} {self.title!r}{again}"

    def student_texts(self) -> list[str]:
        """Every text of the file a student reads on this screen (not the teacher notes)."""
        question = (self.question.prompt, self.question.hint) if self.question else ()
        return [t for t in (self.title, self.quote, self.text, self.label, self.why, *question) if t]


def lesson_file(name: str) -> Path:
    """The lesson file of ``name``: a game's ``data/lessons.toml``, else the kit's ``data/<name>.toml``;
    LessonError when there is none."""
    own = Path(__file__).resolve().parent / "data" / f"{name}.toml"
    if re.match(r"^[a-z0-9_]+$", str(name)) and own.is_file():
        return own
    try:
        path = data_path(str(name), "lessons.toml")
    except (ModuleNotFoundError, ValueError, TypeError):
        path = None
    if path is None or not path.is_file():
        raise LessonError(f"No lesson called {str(name)[:40]!r} (no data/lessons.toml in its package, "
                          f"no {own.name} in the kit)")
    return path


class Lesson:
    """A lesson file, validated against the game's rulebook (if it names one).

    The functions the screens name are the demos registered for the file's game (or, for a lesson that is no
    game, for the file's name) in the entry-point group ``pirates_lab.lesson_demos``; ``scenarios`` (an object
    holding the functions) replaces them, for a test.  Functions are looked up when a screen is built, so a
    test may swap one (``monkeypatch.setattr(module, "name", ...)``) and see it change.
    """

    def __init__(self, path: str | Path, *, scenarios: ModuleType | Any | None = None,
                 problems: list | None = None):
        self.path = Path(path)
        #: with a list: every problem is added to it (``lesson check``) and the reading goes on; else the first raises
        self._problems = problems
        data = load_data("", self.path)
        self.where = f"Lesson file {self.path.name}"
        if "scenarios" in data:
            self._fail(f"{self.where}: a lesson file names no Python module; delete the line "
                       f"scenarios = {str(data['scenarios'])[:60]!r}: the game's demos and answers are found "
                       f"through the registry by the game's name (docs/writing_lessons.md)", key="scenarios")
        if "step" in data:
            raise LessonError(f"{self.where}: [[step]] tables are the old walkthrough's; write each step as a "
                              f"[[screen]] (docs/lessons.md)")
        unknown = sorted(set(data) - _TOP - {"scenarios"})
        for key in unknown:
            self._fail(f"{self.where}: unknown key {key}; allowed: {', '.join(sorted(_TOP))}", key=key)
        self.game = data.get("game")
        self.book: Rulebook | None = None
        if self.game is not None:
            if self.game not in rulebook_names():
                raise LessonError(f"{self.where}: game = {self.game!r} is not a rulebook; "
                                  f"known: {', '.join(rulebook_names())}", key="game")
            self.book = rulebook(self.game)
        self.title = self._text(data, "title", self.where) or (self.book.title if self.book else "")
        if not self.title:
            self._fail(f"{self.where}: title = \"…\" is missing (a lesson that is not a game needs one)", key="title")
        self.summary = self._text(data, "summary", self.where)
        ideas = data.get("ideas", [])
        if not isinstance(ideas, list) or not all(isinstance(i, str) and 0 < len(i.strip()) <= 60 for i in ideas):
            self._fail(f"{self.where}: ideas must be a list of short phrases (the probability ideas the lesson "
                       f"teaches, at most 60 characters each)", key="ideas")
            ideas = []
        self.ideas: tuple[str, ...] = tuple(" ".join(i.split()) for i in ideas)
        words = [w for i in self.ideas for w in developer_words(i)]
        if words:
            self._fail(f"{self.where}: developer words in ideas: {', '.join(words)}", key="ideas")
        self.level = self._text(data, "level", self.where)
        self.minutes = data.get("minutes")
        if not (isinstance(self.minutes, int) and not isinstance(self.minutes, bool) and 5 <= self.minutes <= 120):
            self._fail(f"{self.where}: minutes = N is missing or not a whole number of minutes from 5 to 120",
                       key="minutes")
        if not self.level:
            self._fail(f"{self.where}: level = \"…\" is missing (who the lesson is for)", key="level")
        self.class_limit = data.get("class_limit", CLASS_LIMIT)
        if not (isinstance(self.class_limit, int) and 1 <= self.class_limit <= MOST_CLASS_SCREENS):
            self._fail(f"{self.where}: class_limit is a whole number of screens, at most {MOST_CLASS_SCREENS}",
                       key="class_limit")
            self.class_limit = CLASS_LIMIT
        raw = data.get("screen")
        if not isinstance(raw, list) or not raw:
            raise LessonError(f"{self.where}: no [[screen]] tables")
        specs = []
        for n, table in enumerate(raw, start=1):
            try:
                specs.append(self._screen(n, table))
            except LessonError as error:
                self._fail(error, source=n)
        path_screens = [s for s in specs if not s.reference]
        references = sorted((s for s in specs if s.reference), key=self._position)
        self.screens: list[Screen] = [_renumber(s, n) for n, s in enumerate(path_screens + references, start=1)]
        self._check_order()
        #: whose registered demos the screens name: the game's, else the lesson's own name (``dice_basics``)
        self.demos_name = self.game or self.path.stem
        if scenarios is None:
            try:
                scenarios = demos_for(self.demos_name)
            except ImportError as error:
                raise LessonError(f"{self.where}: the demos registered for {self.demos_name!r} cannot be imported: "
                                  f"{error}") from error
        self.scenarios = scenarios
        for screen in self.screens:
            names = [("demo", screen.demo)]
            if screen.question:
                names += [("answer", screen.question.answer), ("explain", screen.question.explain)]
            for kind, name in names:
                if name and self._registered(name) is None and not self._built_in(kind, name):
                    what = {"demo": f"nor a built-in demo ({', '.join(BUILT_IN)})",
                            "answer": "nor a calculator of pirates-lab odds (dice 2d6 --at-least 9)",
                            "explain": "(explain names a function)"}[kind]
                    self._fail(f"{screen.name}: {kind} {name!r} is not one of {self._module_label()} {what}",
                               source=screen.source, key=kind)

            if screen.question and screen.question.read and self._registered(screen.question.answer) is not None:
                self._fail(f"{screen.name}: read = {screen.question.read!r} goes with an answer in calculator words; "
                           f"{screen.question.answer!r} is a demo function (delete the read line)",
                           source=screen.source, key="read")

    def _fail(self, error: str | LessonError, *, source: int = 0, key: str = "") -> None:
        """A problem: raised at once, or added to the problems (with the screen's place in the file and the key)."""
        if not isinstance(error, LessonError):
            error = LessonError(error, key=key)
        error.source = error.source or source
        error.key = error.key or key
        if self._problems is None:
            raise error
        self._problems.append(error)

    def _registered(self, name: str) -> Callable | None:
        function = getattr(self.scenarios, name, None) if _NAME.match(name) else None
        return function if callable(function) else None

    @staticmethod
    def _built_in(kind: str, text: str) -> bool:
        if kind == "demo":
            return first_word(text) in BUILT_IN
        return kind == "answer" and is_calculator(text)

    @classmethod
    def for_game(cls, game: str, **options) -> "Lesson":
        """The lesson shipped with a game: ``pirates_lab/<game>/data/lessons.toml``."""
        return cls(data_path(game, "lessons.toml"), **options)

    @classmethod
    def named(cls, name: str, **options) -> "Lesson":
        """A lesson by name: a game's (``plunder_2013``) or one of the kit's own (``dice_basics``:
        ``pirates_lab/widgets/data/dice_basics.toml``)."""
        return cls(lesson_file(name), **options)

    # ------------------------------------------------------------ the sequence
    @property
    def class_screens(self) -> list[Screen]:
        """The class path: what a teacher walks with Next in a 45-minute class."""
        return [s for s in self.screens if not s.reference]

    @property
    def reference_screens(self) -> list[Screen]:
        """Every other rulebook section, in printed order (reachable from the contents)."""
        return [s for s in self.screens if s.reference]

    def find(self, where: str | int) -> Screen:
        """A screen by number (``5``, ``"5"``), title or rulebook heading (``"Setup"``); LessonError if none."""
        text = str(where).strip()
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(self.screens):
                return self.screens[number - 1]
            raise LessonError(f"There is no screen {number}: this lesson has screens 1 to {len(self.screens)}.")
        wanted = " ".join(text.split()).casefold()
        for screen in self.screens:
            if wanted in (screen.title.casefold(), screen.heading.casefold()):
                return screen
        raise LessonError(f"No screen called {text[:40]!r}; screens: {', '.join(s.title for s in self.screens)}")

    def coverage(self) -> list[str]:
        """The rulebook headings (printed order) without a rule or reference screen ([] when complete)."""
        if self.book is None:
            return []
        taught = {self._position(s) for s in self.screens if s.heading}
        return [section.heading for index, section in enumerate(self.book.sections) if index not in taught]

    def section(self, screen: Screen) -> Section:
        return self.book.find(screen.heading, screen.occurrence)

    # ------------------------------------------------------------ running demos and answers
    def _function(self, screen: Screen, name: str) -> Callable:
        function = self._registered(name)
        if function is None:
            raise LessonError(f"{screen.name}: {name!r} is not one of {self._module_label()}")
        return function

    def demo(self, screen: Screen) -> Any:
        """Run the screen's demo: what it returns (a widget, a Dist, a number, text, a list or a dict): a function
        registered for the game, else a built-in demo in words (``dice 2d6``)."""
        if not screen.demo:
            return None
        function = self._registered(screen.demo)
        if function is not None:
            return function()
        return built_in_demo(screen.demo, self.path.parent, self.game)

    def _answer_value(self, screen: Screen) -> Any:
        spec = screen.question
        function = self._registered(spec.answer)
        if function is not None:
            return function()
        return answer_value(spec.answer, spec.read)

    def answer(self, screen: Screen) -> Any:
        """Run the screen's answer function: an int or a Fraction (a text question: a word or words)."""
        spec = screen.question
        if spec is None:
            raise LessonError(f"{screen.name}: has no question")
        value = self._answer_value(screen)
        text = isinstance(value, str) or (isinstance(value, (list, tuple)) and value
                                          and all(isinstance(v, str) for v in value))
        number = isinstance(value, (int, Fraction)) and not isinstance(value, bool)
        if spec.unit == "text" and not text or spec.unit not in (None, "text") and not number or not (text or number):
            raise LessonError(f"{screen.name}: answer {spec.answer!r} returned {type(value).__name__}; a question "
                              f"needs an int or a Fraction (a text question: text or a list of accepted texts)")
        return value

    def question(self, screen: Screen) -> Question:
        """The screen's :class:`~.questions.Question`: the engine's answer, its unit, the why in words."""
        spec = screen.question
        value = self.answer(screen)
        words = [screen.why] if screen.why else []
        if spec.explain:
            extra = self._function(screen, spec.explain)()
            if not isinstance(extra, str):
                raise LessonError(f"{screen.name}: explain {spec.explain!r} returned {type(extra).__name__}, not text")
            words.append(extra)
        return Question(value, unit=spec.unit or unit_of(value), explanation="\n\n".join(words),
                        predict=spec.mode == "predict", hint=spec.hint, out_of=spec.out_of)

    def answers(self) -> dict[str, Any]:
        """Every question's answer as the engine computes it now, by screen name."""
        return {screen.name: self.answer(screen) for screen in self.screens if screen.question}

    def check_all(self, shown: Callable[[Any, Screen], str] | None = None) -> list[str]:
        """Run every demo and answer; raise :class:`LessonError` naming the first screen that fails: a demo
        or answer that raises, a question whose answer is shown on the screen before it is asked, a student
        text with developer words.  ``shown(value, screen)`` gives the text a demo shows people (the view's
        :func:`~pirates_lab.widgets.lesson.shown_text`).  Returns [] (nothing left undecided)."""
        for screen in self.screens:
            problems = self.screen_problems(screen, shown)
            if problems:
                raise problems[0]
        return []

    def screen_problems(self, screen: Screen, shown: Callable[[Any, Screen], str] | None = None) -> list[LessonError]:
        """What is wrong with one screen when its demo and answer run (``check_all`` raises the first)."""
        problems: list[LessonError] = []

        def problem(error: Exception, key: str) -> None:
            message = str(error) if isinstance(error, InvalidInput) else f"{type(error).__name__}: {error}"
            message = message if message.startswith(screen.name) else f"{screen.name}: {message}"
            failure = LessonError(message, key=key, source=screen.source)
            failure.__cause__ = error
            problems.append(failure)

        text, question = "", None
        try:
            value = self.demo(screen)
            text = shown(value, screen) if shown is not None and value is not None else ""
        except Exception as error:
            problem(error, "demo")
        try:
            question = self.question(screen) if screen.question else None
        except Exception as error:
            problem(error, "answer")
        words = developer_words(text)
        if words:
            problem(LessonError(f"the demo shows developer words to students: {', '.join(words)}"), "demo")
        if question is not None and question.unit != "text":      # the why is shown once answered
            before = [t for t in screen.student_texts() if t != screen.why]
            leak = shows_answer(" ".join([text, *before]), question.expected)
            if leak:
                problem(LessonError(f"the screen shows the answer ({leak}) before the question"), "answer")
        return problems

    # ------------------------------------------------------------ reading the file
    def _module_label(self) -> str:
        if self.scenarios is None:
            return f"the demos registered for {self.demos_name!r} (there are none)"
        return f"the demos registered for {self.demos_name!r}"

    @staticmethod
    def _refuse_unknown(table: dict, allowed: set, where: str) -> None:
        unknown = sorted(set(table) - allowed)
        if unknown:
            raise LessonError(f"{where}: unknown key(s) {', '.join(unknown)}; allowed: {', '.join(sorted(allowed))}")

    @staticmethod
    def _text(table: dict, key: str, where: str) -> str:
        value = table.get(key, "")
        if not isinstance(value, str):
            raise LessonError(f"{where}: {key} must be text")
        return value.strip()

    def _screen(self, number: int, raw: Any) -> Screen:
        if not isinstance(raw, dict):
            raise LessonError(f"screen {number}: a [[screen]] must be a table")
        kind = raw.get("kind", "screen")
        heading = raw.get("heading", "")
        where = f"screen {number} {str(raw.get('title') or heading)!r}"
        self._refuse_unknown(raw, _SCREEN, where)
        if kind not in KINDS:
            raise LessonError(f"{where}: kind {kind!r} is not one of {', '.join(KINDS)}", key="kind")
        texts = {key: self._text(raw, key, where) for key in ("title", "heading", "quote", "text", "label", "why")}
        occurrence = raw.get("occurrence", 1)
        if not isinstance(occurrence, int) or isinstance(occurrence, bool) or occurrence < 1:
            raise LessonError(f"{where}: occurrence must be a whole number from 1")
        if kind in ("rule", "reference"):
            if self.book is None:
                raise LessonError(f"{where}: a {kind} screen needs game = \"<rulebook>\" at the top", key="kind")
            if not texts["heading"]:
                raise LessonError(f"{where}: heading = \"…\" is missing (the rulebook heading exactly as printed)",
                                  key="kind")
            try:
                section = self.book.find(texts["heading"], occurrence)
            except KeyError as error:
                raise LessonError(f"{where}: {error.args[0]}", key="heading") from None
            if texts["title"] and texts["title"] != texts["heading"]:
                raise LessonError(f"{where}: a {kind} screen is titled with its heading exactly as printed; "
                                  f"leave title out", key="title")
            texts["title"] = texts["heading"]
            if texts["quote"] and not quoted_from(texts["quote"], section.text):
                raise LessonError(f"{where}: the quote is not in the rulebook's section text word for word "
                                  f"(use … between the parts you quote)", key="quote")
        else:
            if texts["heading"] or texts["quote"]:
                raise LessonError(f"{where}: only rule and reference screens have a heading and a quote")
            if not texts["title"]:
                raise LessonError(f"{where}: title = \"…\" is missing")
        if kind == "reference" and texts["quote"]:          # a reference shows its whole section (and may have a
            raise LessonError(f"{where}: a reference screen shows its whole section, not a quote: make it a rule "
                              f"screen", key="quote")            # live "try it" demo, issue 34 item 4)
        if kind == "reference" and raw.get("question") and not raw.get("demo"):
            raise LessonError(f"{where}: a reference screen's question asks about its live example: give it a demo",
                              key="question")
        if kind == "rule" and not texts["why"]:
            raise LessonError(f"{where}: why = \"…\" is missing: say in words what the rule means", key="kind")
        demo = raw.get("demo", "")
        if demo and not (isinstance(demo, str) and demo.strip()):
            raise LessonError(f"{where}: demo must be the name of a demo or a built-in demo in words (dice 2d6), "
                              f"not {demo!r}", key="demo")
        demo = " ".join(demo.split()) if isinstance(demo, str) else demo
        teacher = raw.get("teacher", [])
        if not isinstance(teacher, list) or not all(isinstance(t, str) and t.strip() for t in teacher):
            raise LessonError(f"{where}: teacher must be a list of sentences (the teacher notes)")
        needs = raw.get("needs", [])
        if not isinstance(needs, list) or not all(isinstance(n, str) for n in needs):
            raise LessonError(f"{where}: needs must be a list of rulebook headings")
        question = self._question(raw.get("question"), where)
        screen = Screen(number, kind, texts["title"], texts["heading"], occurrence, texts["quote"], texts["text"],
                        demo, texts["label"], texts["why"], tuple(t.strip() for t in teacher), tuple(needs), question,
                        source=number)
        if not (screen.quote or screen.text or screen.demo or screen.why or screen.reference):
            raise LessonError(f"{where}: the screen shows nothing (give it text, a demo or a why)")
        words = [w for t in screen.student_texts() for w in developer_words(t)]
        if words:
            raise LessonError(f"{where}: developer words in what students read: {', '.join(words)} "
                              f"(put them in the teacher notes)")
        return screen

    def _question(self, raw: Any, where: str) -> QuestionSpec | None:
        if raw is None:
            return None
        if not isinstance(raw, dict):
            raise LessonError(f"{where}: [screen.question] must be a table with prompt and answer")
        self._refuse_unknown(raw, _QUESTION, f"{where} question")
        prompt, answer = raw.get("prompt", ""), raw.get("answer", "")
        unit, explain = raw.get("unit"), raw.get("explain", "")
        if not isinstance(prompt, str) or not prompt.strip():
            raise LessonError(f"{where}: the question has no prompt")
        if not (isinstance(answer, str) and answer.strip()) or _LITERAL.match(str(answer)):
            raise LessonError(f"{where}: answer = {answer!r} is a value typed by hand; write the calculator that "
                              f"computes it (answer = \"dice 2d6 --at-least 9\") or the name of a demo function",
                              key="answer")
        answer = " ".join(answer.split())
        read = raw.get("read", "")
        if not isinstance(read, str):
            raise LessonError(f"{where}: read must be words of the calculator's line to read", key="read")
        if unit is not None and unit not in UNITS:
            raise LessonError(f"{where}: question unit {unit!r} is not one of {', '.join(UNITS)}")
        if explain and not (isinstance(explain, str) and _NAME.match(explain)):
            raise LessonError(f"{where}: explain must be the NAME of a function")
        mode = raw.get("mode", "check")
        if mode not in MODES:
            raise LessonError(f"{where}: question mode {mode!r} is not one of {', '.join(MODES)} (predict: the class "
                              f"predicts, then the exact answer is shown, never a ✘)")
        hint = raw.get("hint", "")
        if not isinstance(hint, str) or len(hint) > 200:
            raise LessonError(f"{where}: the question's hint must be a sentence (at most 200 characters): what to "
                              f"look at or count in the picture after a wrong try")
        out_of = raw.get("out_of")
        if out_of is not None and not (isinstance(out_of, int) and not isinstance(out_of, bool) and out_of > 0):
            raise LessonError(f"{where}: out_of must be a whole number of equally likely outcomes (36 for two dice)")
        return QuestionSpec(prompt.strip(), answer, unit, explain, mode, " ".join(hint.split()), out_of, read.strip())

    def _position(self, screen: Screen) -> int:
        return self.book.sections.index(self.book.find(screen.heading, screen.occurrence))

    def _check_order(self) -> None:
        seen: dict[int, Screen] = {}
        for group in (self.class_screens, self.reference_screens):
            last = None
            for screen in (s for s in group if s.heading):
                position = self._position(screen)
                if position in seen:
                    self._fail(f"{screen.name}: the section already has a screen ({seen[position].name})",
                               source=screen.source, key="heading")
                elif last is not None and position < self._position(last):
                    self._fail(f"{screen.name}: out of order: the rulebook prints it before {last.name}",
                               source=screen.source, key="heading")
                seen[position], last = screen, screen
        class_screens = self.class_screens
        if len(class_screens) > self.class_limit:
            self._fail(f"{self.where}: {len(class_screens)} class screens; a class walks at most "
                       f"{self.class_limit} (make the others reference screens)")
        if class_screens and class_screens[0].kind != "game" and self.book is not None:
            self._fail(f"{class_screens[0].name}: a game's class path opens with the game in one screen "
                       f"(kind = \"game\": the goal and a picture of the table)", source=class_screens[0].source,
                       key="kind")
        taught: set[str] = set()
        for screen in class_screens:
            missing = [need for need in screen.needs if need not in taught]
            if missing:
                self._fail(f"{screen.name}: needs the rule {missing[0]!r} on a screen before it",
                           source=screen.source, key="needs")
            if screen.kind == "rule":
                taught.add(screen.heading)


def _renumber(screen: Screen, number: int) -> Screen:
    from dataclasses import replace

    return replace(screen, number=number)
