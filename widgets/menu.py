"""The lesson menu of the index notebook, read from the game registry (it names no game).

>>> rows = menu_rows()
>>> rows[0][0]
'Dice basics'
"""
from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as widgets

from pirates_lab.classroom import lessons, notebooks_dir

__all__ = ["menu_rows", "lesson_menu"]


def menu_rows(folder: Path | None = None) -> list[tuple[str, str, str | None]]:
    """(title, description, notebook file or None when it is not written yet), in course order."""
    folder = folder or notebooks_dir()
    return [(lesson.title, lesson.description, lesson.file if (folder / lesson.file).is_file() else None)
            for lesson in lessons().values()]


def lesson_menu(folder: Path | None = None) -> widgets.HTML:
    """A table of every lesson: a link to its notebook, its one-line description."""
    rows = []
    for title, description, file in menu_rows(folder):
        name = (f"<a href='{html.escape(file)}' target='_blank' style='color:#1a56a8;text-decoration:underline'>"
                f"{html.escape(title)}</a>" if file
                else f"{html.escape(title)} <em>(not built yet)</em>")
        rows.append(f"<tr><td style='padding:4px 12px 4px 0'><b>{name}</b></td>"
                    f"<td style='padding:4px 0'>{html.escape(description)}</td></tr>")
    return widgets.HTML("<table class='pl-lesson-menu'>" + "".join(rows) + "</table>")
