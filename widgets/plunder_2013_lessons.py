"""The Plunder (2013) lesson for pages: the scenarios module of ``data/lessons.toml``.

Every demo and answer of :mod:`pirates_lab.plunder_2013.lessons` (the engine computes each answer
when the step is checked), plus the demos that are widgets — the Solution Grid — and
:func:`lesson_card`, one step of the walkthrough shown on its own under its notebook heading.

Rules: Plunder (2013) › Using the Solution Grids
"""
from __future__ import annotations

import ipywidgets as widgets

from pirates_lab.plunder_2013.lessons import *  # noqa: F401,F403  (the lesson's demos and answers)
from pirates_lab.plunder_2013.lessons import DAYS, __all__ as _scenarios, deduction_after

from .kit import Stepper
from .plunder_2013 import SolutionGridView
from .walkthrough import Walkthrough

__all__ = [*_scenarios, "solution_grid", "walkthrough", "lesson_card"]

GAME = "plunder_2013"


def solution_grid() -> widgets.Widget:
    """Using the Solution Grids: Sneaky Pete's grid after the three days, filled in by the solver
    (switch to "By hand" to fill it yourself; click a box for "why")."""
    return SolutionGridView(deduction_after(len(DAYS)), days=len(DAYS) + 2)


def walkthrough() -> Walkthrough:
    """The lesson file ``pirates_lab/plunder_2013/data/lessons.toml``, read and checked."""
    return Walkthrough.for_game(GAME)


def lesson_card(heading: str, lesson: Walkthrough | None = None) -> Stepper:
    """One step of the walkthrough on its own (rule, live demo, why, question), for a notebook section
    that already carries the heading: the kit Stepper without its navigation and title."""
    return (lesson or walkthrough()).card(heading, css_class='pl-plunder-lesson')
