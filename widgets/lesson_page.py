"""The one generic lesson page: any lesson file served by Voila without a notebook of its own.

``notebooks/any_lesson.ipynb`` is one line, ``served_lesson_view()``.  ``pirates-lab classroom FILE.toml`` (or the
name of a lesson that has no notebook, such as a plug-in's) starts Voila on it with the lesson file's path in
``$PIRATES_LAB_LESSON_FILE``; ``?lesson=NAME`` in the address opens a lesson by name instead (a game's or one of
the kit's, never a path).  With neither, the page says how to ask for one.

>>> import os; os.environ.pop(LESSON_FILE_ENV, None) and None
>>> "pirates-lab classroom" in served_lesson_view().value
True
>>> os.environ["QUERY_STRING"] = "lesson=../../etc"; "No lesson called" in served_lesson_view().value
True
>>> del os.environ["QUERY_STRING"]
"""
from __future__ import annotations

import html
import os
import re
from pathlib import Path

import ipywidgets as widgets

from .kit import error_html
from .lesson import LessonView, _query, lesson_view
from .lesson_model import LessonError

__all__ = ["served_lesson_view", "LESSON_FILE_ENV"]

#: the lesson file the classroom serves on the generic page (set by ``pirates-lab classroom FILE.toml``)
LESSON_FILE_ENV = "PIRATES_LAB_LESSON_FILE"


def served_lesson_view(**options) -> LessonView | widgets.HTML:
    """The lesson this page was asked for: ``?lesson=NAME``, else the file in ``$PIRATES_LAB_LESSON_FILE``."""
    name = _query().get("lesson", "").strip()
    path = os.environ.get(LESSON_FILE_ENV, "").strip()
    if name and not re.fullmatch(r"[a-z0-9_]{1,60}", name):
        return widgets.HTML(error_html(f"No lesson called {name[:40]!r}: a lesson's name is in small letters, "
                                       f"digits and _ (pirates-lab classroom --list)"))
    try:
        if name:
            return lesson_view(name, **options)
        if path:
            return lesson_view(Path(path), **options)
    except LessonError as error:
        return widgets.HTML(error_html(error))
    return widgets.HTML("<p>No lesson was asked for. Serve one with <code>pirates-lab classroom "
                        f"{html.escape('FILE.toml')}</code> (or add <code>?lesson=NAME</code> to the address).</p>")
