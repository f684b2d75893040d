"""The lesson menu of the index notebook, read from the game registry (it names no game): each lesson's
title, description, the probability ideas it teaches (the lesson file's ``ideas``), length (screens on the
class path, minutes) and level.

>>> rows = menu_rows()
>>> rows[0].title, rows[0].screens > 0, rows[0].minutes > 0, len(rows[0].ideas) > 0
('Dice basics', True, True, True)
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

import ipywidgets as widgets

from pirates_lab.classroom import lessons, notebooks_dir

from .lesson_model import Lesson, LessonError, lesson_file

__all__ = ["MenuRow", "menu_rows", "lesson_menu", "lesson_length"]


@dataclass(frozen=True)
class MenuRow:
    """One lesson in the menu; ``screens`` and ``minutes`` are 0 for a page not yet in screens."""

    name: str
    title: str
    description: str
    file: str | None            # the notebook, or None when it is not written yet
    screens: int = 0            # screens on the class path
    references: int = 0         # reference screens reachable from the contents
    minutes: int = 0
    level: str = ""
    ideas: tuple[str, ...] = ()  # the probability ideas the lesson teaches (its file's ``ideas``)


def _lesson(name: str) -> Lesson | None:
    """The lesson called ``name``, or None when it has no lesson file (a broken file raises)."""
    try:
        path = lesson_file(name)
    except LessonError:
        return None
    return Lesson(path)


def lesson_length(name: str) -> tuple[int, int, int, str]:
    """(class screens, reference screens, minutes, level) of a lesson; zeros and "" when it has no lesson file."""
    lesson = _lesson(name)
    if lesson is None:
        return 0, 0, 0, ""
    return len(lesson.class_screens), len(lesson.reference_screens), lesson.minutes, lesson.level


def menu_rows(folder: Path | None = None) -> list[MenuRow]:
    """Every lesson, in course order, with its length and level."""
    folder = folder or notebooks_dir()
    rows = []
    for entry in lessons().values():
        lesson = _lesson(entry.name)
        facts = ((len(lesson.class_screens), len(lesson.reference_screens), lesson.minutes, lesson.level,
                  lesson.ideas) if lesson is not None else (0, 0, 0, "", ()))
        rows.append(MenuRow(entry.name, entry.title, entry.description,
                            entry.file if (folder / entry.file).is_file() else None, *facts))
    return rows


def _length(row: MenuRow) -> str:
    if not row.screens:
        return "one long page (screens to come)"
    more = f" + {row.references} reference" if row.references else ""
    return f"{row.screens} screens{more} · {row.minutes} minutes"


def _ideas(row: MenuRow) -> str:
    if not row.ideas:
        return ""
    return (f"<div class='pl-menu-ideas' style='font-size:0.9em;color:#1f3b63'><b>Probability ideas:</b> "
            f"{html.escape(' · '.join(row.ideas))}</div>")


def _generic_href(name: str, folder: Path) -> str | None:
    """A lesson with no notebook but a lesson file (a plug-in's): its address on the generic page, else None."""
    from pirates_lab.classroom import GENERIC_PAGE, lesson_source

    if (folder / GENERIC_PAGE).is_file() and lesson_source(name) is not None:
        return f"{GENERIC_PAGE}?lesson={name}"
    return None


def lesson_menu(folder: Path | None = None) -> widgets.HTML:
    """A table of every lesson: a link to its notebook, its one-line description and the probability ideas it
    teaches, length and level."""
    body = []
    folder = folder or notebooks_dir()
    for row in menu_rows(folder):
        href = row.file or _generic_href(row.name, folder)
        name = (f"<a href='{html.escape(href)}' target='_blank' style='color:#1a56a8;text-decoration:underline'>"
                f"{html.escape(row.title)}</a>" if href
                else f"{html.escape(row.title)} <em>(not built yet)</em>")
        body.append(f"<tr><td style='padding:4px 12px 4px 0'><b>{name}</b></td>"
                    f"<td style='padding:4px 12px 4px 0'>{html.escape(row.description)}{_ideas(row)}</td>"
                    f"<td class='pl-menu-length' style='padding:4px 12px 4px 0;white-space:nowrap'>"
                    f"{html.escape(_length(row))}</td>"
                    f"<td class='pl-menu-level' style='padding:4px 0'>{html.escape(row.level)}</td></tr>")
    head = "<thead><tr><th>lesson</th><th>what it shows</th><th>length</th><th>level</th></tr></thead>"
    return widgets.HTML(f"<table class='pl-lesson-menu'>{head}<tbody>{''.join(body)}</tbody></table>")
