"""What a student reads on each lesson screen, checked on the lesson files without a browser (issues 19 and 38).

For every lesson on screens (dice basics, each game's, the strategy lab) and every screen, the texts a student
reads — the title, the rulebook quote, the text, the label, the question and, once answered, its why — and the
text the screen's live example shows (:func:`pirates_lab.widgets.lesson.shown_text`) must hold:

(developer words) none of the kit's list (``Dist``, ``pool(``, module paths, ``snake_case`` names …);
(raw output) no Python repr (``Fraction(``, ``{'``, ``[(``, ``<pirates_lab.``), no notebook hint ("Shift+Enter"),
    no progress-bar text, no run of 16 or more digits;
(players) players numbered from 1: never "Player 0", "seat 0", "captain 0", "pirate 0";
and in the teacher notes (issue 39): no function or file names (``pirates_lab``, ``.py``, ``name()``,
``snake_case`` names): a teacher reads them too.

The projector walk in Chromium (tests/browser/test_browser_projector.py) no longer looks for these: the files
say it once, here, in seconds.  What a calculator prints after a click is still read in the browser (raw_text).
"""
from __future__ import annotations

import re
from functools import lru_cache

import pytest

from pirates_lab.classroom import lessons
from pirates_lab.widgets.lesson import shown_text
from pirates_lab.widgets.lesson_model import Lesson, LessonError, developer_words

#: player numbering for code, not people
ZERO_SEAT = re.compile(r"\b(?:[Pp]layer|[Ss]eat|[Cc]aptain|[Pp]irate) 0\b")
RAW_OUTPUT = ("Fraction(", "{'", "[(", "<pirates_lab.", "Shift+Enter", "it/s]")
LONG_DIGITS = re.compile(r"\d{16,}")

#: (lesson, check) -> what fails today (strict xfail: a fix shows as XPASS).  Delete a row when its lesson is fixed.
KNOWN_FAILURES: dict[tuple[str, str], str] = {
    # empty: no lesson's text names code
}


def _screen_lessons() -> list[str]:
    names = []
    for name in lessons():
        try:
            Lesson.named(name)
        except LessonError:
            continue            # no lesson file on screens (yet)
        names.append(name)
    return names


LESSONS = _screen_lessons()


@lru_cache(maxsize=None)
def student_texts(name: str) -> tuple[tuple[str, str], ...]:
    """(where, text) for every text a student reads on every screen of the lesson, its live examples included."""
    lesson = Lesson.named(name)
    found = []
    for screen in lesson.screens:
        texts = list(screen.student_texts())
        value = lesson.demo(screen)
        if value is not None:
            texts.append(shown_text(value, screen))
        if screen.question:
            texts.append(lesson.question(screen).explanation)
        found += [(screen.name, text) for text in texts if text]
    return tuple(found)


def raw_output(text: str) -> list[str]:
    """Python reprs, notebook hints and long digit runs in a text.

    >>> raw_output("P = Fraction(1, 6)"), raw_output("1 in 6")
    (["'Fraction(' in 'P = Fraction(1, 6)'"], [])
    """
    found = [f"{raw!r} in {text[max(0, text.index(raw) - 30):text.index(raw) + 30]!r}" for raw in RAW_OUTPUT if raw in text]
    found += [f"{len(m.group())} digits: {m.group()[:24]}…" for m in LONG_DIGITS.finditer(text)]
    return found


def players_from_zero(text: str) -> list[str]:
    """ "Player 0" and the like in a text.

    >>> players_from_zero("Player 0 rolls; seat 1 waits"), players_from_zero("Player 10 wins")
    (['Player 0'], [])
    """
    return sorted(set(ZERO_SEAT.findall(text)))


CHECKS = {"developer_words": developer_words, "raw_output": raw_output, "players": players_from_zero}


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize("name", LESSONS)
def test_what_a_student_reads(request, name, check):
    if (name, check) in KNOWN_FAILURES:
        request.node.add_marker(pytest.mark.xfail(strict=True, reason=KNOWN_FAILURES[name, check]))
    problems = [f"{where}: {found}" for where, text in student_texts(name) for found in CHECKS[check](text)]
    assert not problems, f"{name}: {check} in what a student reads:\n  " + "\n  ".join(problems[:20])


def code_names(text: str) -> list[str]:
    """Function, module and file names in a teacher's note.

    >>> code_names("The live example is two_dice() in pirates_lab.widgets.dice_lessons"), code_names("Ask: why 6?")
    (['pirates_lab', '()', 'two_dice', 'dice_lessons'], [])
    """
    found = [word for word in ("pirates_lab", ".py", "()") if word in text]
    return found + [name for name in dict.fromkeys(re.findall(r"\b[a-z]+_[a-z_]+\b", text)) if name not in found]


@pytest.mark.parametrize("name", LESSONS)
def test_teacher_notes_name_no_code(request, name):
    if (name, "teacher_notes") in KNOWN_FAILURES:
        request.node.add_marker(pytest.mark.xfail(strict=True, reason=KNOWN_FAILURES[name, "teacher_notes"]))
    lesson = Lesson.named(name)
    problems = [f"{screen.name}: {', '.join(found)}" for screen in lesson.screens for note in screen.teacher
                if (found := code_names(note))]
    assert not problems, f"{name}: function or file names in the teacher notes:\n  " + "\n  ".join(problems)


def test_every_lesson_of_the_menu_is_checked():
    """The dice basics, every game's lesson and the strategy lab are lessons on screens, so none escapes."""
    assert LESSONS == list(lessons())


@pytest.mark.parametrize("check, text", [
    ("developer_words", "Roll d6.pool(3) and see"), ("raw_output", "P = Fraction(1, 6)"),
    ("raw_output", "1234567890123456789 deals"), ("players", "Player 0 starts"), ("players", "Seat 0 answers"),
])
def test_each_check_finds_what_it_guards(check, text):
    assert CHECKS[check](text)


def test_known_failures_name_real_lessons_and_checks():
    for name, check in KNOWN_FAILURES:
        assert name in LESSONS and (check in CHECKS or check == "teacher_notes"), (name, check)
