"""The lesson menu of the index notebook, read from the game registry (it names no game): each lesson's
title, description, length (screens on the class path, minutes) and level.

>>> rows = menu_rows()
>>> rows[0].title, rows[0].screens > 0, rows[0].minutes > 0
('Dice basics', True, True)
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


def lesson_length(name: str) -> tuple[int, int, int, str]:
    """(class screens, reference screens, minutes, level) of a lesson; zeros and "" when it has no lesson file."""
    try:
        path = lesson_file(name)
    except LessonError:
        return 0, 0, 0, ""
    lesson = Lesson(path)
    return len(lesson.class_screens), len(lesson.reference_screens), lesson.minutes, lesson.level


def menu_rows(folder: Path | None = None) -> list[MenuRow]:
    """Every lesson, in course order, with its length and level."""
    folder = folder or notebooks_dir()
    rows = []
    for lesson in lessons().values():
        screens, references, minutes, level = lesson_length(lesson.name)
        rows.append(MenuRow(lesson.name, lesson.title, lesson.description,
                            lesson.file if (folder / lesson.file).is_file() else None,
                            screens, references, minutes, level))
    return rows


def _length(row: MenuRow) -> str:
    if not row.screens:
        return "one long page (screens to come)"
    more = f" + {row.references} reference" if row.references else ""
    return f"{row.screens} screens{more} · {row.minutes} minutes"


def lesson_menu(folder: Path | None = None) -> widgets.HTML:
    """A table of every lesson: a link to its notebook, its one-line description, length and level."""
    body = []
    for row in menu_rows(folder):
        name = (f"<a href='{html.escape(row.file)}' target='_blank' style='color:#1a56a8;text-decoration:underline'>"
                f"{html.escape(row.title)}</a>" if row.file
                else f"{html.escape(row.title)} <em>(not built yet)</em>")
        body.append(f"<tr><td style='padding:4px 12px 4px 0'><b>{name}</b></td>"
                    f"<td style='padding:4px 12px 4px 0'>{html.escape(row.description)}</td>"
                    f"<td class='pl-menu-length' style='padding:4px 12px 4px 0;white-space:nowrap'>"
                    f"{html.escape(_length(row))}</td>"
                    f"<td class='pl-menu-level' style='padding:4px 0'>{html.escape(row.level)}</td></tr>")
    head = "<thead><tr><th>lesson</th><th>what it shows</th><th>length</th><th>level</th></tr></thead>"
    return widgets.HTML(f"<table class='pl-lesson-menu'>{head}<tbody>{''.join(body)}</tbody></table>")
