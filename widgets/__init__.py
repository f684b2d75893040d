"""pirates_lab.widgets: ipywidgets/ipycanvas front-ends (the only part that imports Jupyter).

- :mod:`.drawing` — pure draw operations, hex geometry, charts, a Pillow rasterizer;
- :class:`BoardCanvas` — layered ipycanvas board that replays draw operations;
- :class:`DistView`, :class:`RulePanel`, :func:`assumption_box`, :class:`ValidatedText`, :func:`guard` — the
  kit every game notebook uses;
- the one lesson stack: :class:`Lesson` (the model, read from a lesson file of ``[[screen]]`` tables),
  :class:`LessonView` / :func:`lesson_view` (one screen at a time), :class:`Question` (feedback that teaches)
  and :class:`QuestionView` (its answer box);
- :class:`GameTable` — plays any registered game (a renderer, your hand, legal actions as
  buttons, the log, computer players that see observations only);
- :mod:`.numbers` — numbers for people (percent first, short fractions, tolerant answer checks);
- :mod:`.menu` — the lesson menu, from the game registry.

Game front-ends live in one module per game (``pirates_lab.widgets.king_of_pirates`` …).
"""
from .canvas import BoardCanvas, reset_canvas_manager
from .drawing import LARGE_TEXT, Drawing, DrawOp, rasterize, text_collisions
from .table import GameTable, TableModel, TextRenderer, advance, random_player
from .kit import DistView, RulePanel, ValidatedText, assumption_box, dist_rows, error_html, guard
from .questions import Question
from .lesson_model import Lesson, LessonError
from .lesson import LessonView, QuestionView, lesson_view

__all__ = ["BoardCanvas", "reset_canvas_manager", "Drawing", "DrawOp", "rasterize", "LARGE_TEXT", "text_collisions",
           "DistView", "RulePanel", "ValidatedText", "assumption_box", "guard", "error_html", "dist_rows",
           "Lesson", "LessonError", "LessonView", "lesson_view", "Question", "QuestionView",
           "GameTable", "TableModel", "TextRenderer", "advance", "random_player"]
