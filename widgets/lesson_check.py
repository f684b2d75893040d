"""``pirates-lab lesson check FILE``: every problem of a lesson file, each with its line number, in plain words.

It reads the file as the classroom will (headings exist as printed, quotes word for word, no developer words,
the screens in order), then builds every screen: every demo must build and every answer must compute.  A
problem is said at the line of the key at fault (``heading = …``, ``answer = …``), else at the screen's
``[[screen]]`` line.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "dice.toml"
>>> _ = path.write_text('title = "Two dice"\\nminutes = 10\\nlevel = "any age"\\n[[screen]]\\ntitle = "Nine or more"\\n'
...                     'demo = "dice 2d6"\\n[screen.question]\\nprompt = "Nine or more?"\\n'
...                     'answer = "dice 2d6 --at-least 99x"\\n')
>>> [str(problem) for problem in check_file(path)]
["line 9: screen 1 'Nine or more': 'dice 2d6 --at-least 99x' does not compute: argument --at-least: invalid int value: '99x'"]
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pirates_lab.core import InvalidInput

from .lesson_model import Lesson, LessonError

__all__ = ["Problem", "check_file", "key_lines"]


@dataclass(frozen=True, order=True)
class Problem:
    """One problem of a lesson file: the line it is on (1 for the first) and what is wrong, in plain words."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


_KEY = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=")


def key_lines(text: str) -> dict[tuple[int, str], int]:
    """Where each key is: ``(screen, key) -> line`` (screen 0: the top of the file; ``(n, "")``: the line of the
    n-th ``[[screen]]``; a question's keys count as the screen's).

    >>> key_lines('game = "plunder"\\n[[screen]]\\ntitle = "A"\\n[screen.question]\\nanswer = "x"\\n')
    {(0, 'game'): 1, (1, ''): 2, (1, 'title'): 3, (1, 'question'): 4, (1, 'answer'): 5}
    """
    found: dict[tuple[int, str], int] = {}
    screen, inside = 0, None          # inside: the quote that opened a multi-line string
    for number, line in enumerate(text.splitlines(), start=1):
        if inside:
            if line.count(inside) % 2 == 1:
                inside = None
            continue
        stripped = line.strip()
        if stripped.startswith("[[screen]]"):
            screen += 1
            found.setdefault((screen, ""), number)
        elif stripped.startswith("[screen.question]"):
            found.setdefault((screen, "question"), number)
        else:
            match = _KEY.match(line)
            if match:
                found.setdefault((screen, match.group(1)), number)
        for quote in ('"""', "'''"):
            if line.count(quote) % 2 == 1:
                inside = quote
    return found


def _line(error: LessonError, lines: dict[tuple[int, str], int]) -> int:
    source, key = getattr(error, "source", 0), getattr(error, "key", "")
    for candidate in ((source, key), (source, "question") if key in ("answer", "read") else None, (source, "")):
        if candidate and candidate in lines:
            return lines[candidate]
    return 1


def _said(error: LessonError) -> str:
    """The message, its screen numbered as in the file (the n-th ``[[screen]]``, next to its line number)."""
    message = str(error)
    source = getattr(error, "source", 0)
    return re.sub(r"^screen \d+ ", f"screen {source} ", message) if source else message


def _words_of_unread_screens(lesson: Lesson, sources: set[int]) -> list[LessonError]:
    """A screen refused as a whole (a heading not in the rulebook) still has its demo and answer tried, so one
    check reports them too."""
    from pirates_lab.core.data import load_data

    from .lesson_calc import BUILT_IN, answer_value, built_in_demo, first_word, is_calculator

    raw = load_data("", lesson.path).get("screen", [])
    found = []
    for source in sorted(sources):
        table = raw[source - 1] if 0 < source <= len(raw) and isinstance(raw[source - 1], dict) else {}
        name = f"screen {source} {str(table.get('title') or table.get('heading') or '')!r}"
        question = table.get("question") if isinstance(table.get("question"), dict) else {}
        demo, answer = table.get("demo"), question.get("answer")
        tries = []
        if isinstance(demo, str) and first_word(demo) in BUILT_IN and lesson._registered(demo) is None:
            tries.append(("demo", lambda: built_in_demo(demo, lesson.path.parent, lesson.game)))
        if isinstance(answer, str) and lesson._registered(answer) is None and is_calculator(answer):
            tries.append(("answer", lambda: answer_value(answer, str(question.get("read", "")))))
        for key, attempt in tries:
            try:
                attempt()
            except InvalidInput as error:
                found.append(LessonError(f"{name}: {error}", key=key, source=source))
    return found


def check_file(path: str | Path) -> list[Problem]:
    """Every problem of the lesson file at ``path`` ([] when a class can be taught from it)."""
    from .lesson import shown_text

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return [Problem(1, f"cannot read {path.name}: {getattr(error, 'strerror', None) or error}")]
    lines = key_lines(text)
    errors: list[LessonError] = []
    try:
        lesson = Lesson(path, problems=errors)
    except LessonError as error:         # the file cannot be read further (not TOML, no screens, an unknown game)
        return sorted([*(Problem(_line(e, lines), _said(e)) for e in errors), Problem(_line(error, lines), _said(error))])
    except InvalidInput as error:        # not TOML: the parser says where
        where = re.search(r"at line (\d+)", str(error))
        return [Problem(int(where.group(1)) if where else 1, f"{path.name} is not a lesson file: "
                        f"{str(error).split(': ', 1)[-1]}")]
    reported = {(e.source, e.key) for e in errors}
    errors += _words_of_unread_screens(lesson, {e.source for e in errors if e.source} - {s.source for s in lesson.screens})
    for screen in lesson.screens:
        if any(source == screen.source and key in ("demo", "answer") for source, key in reported):
            continue                     # a demo or answer nobody registered: said once
        errors += lesson.screen_problems(screen, shown_text)
    return sorted(Problem(_line(error, lines), _said(error)) for error in errors)
