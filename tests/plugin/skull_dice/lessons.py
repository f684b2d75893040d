"""Skull Dice's lesson demos: plain functions returning plain values (no Jupyter in a game package).

Registered in the plug-in's own metadata (``skull_dice-0.1.dist-info/entry_points.txt``, group
``pirates_lab.lesson_demos``); its lesson file (``data/lessons.toml``) names them by name, never this module.
The lab's lesson kit turns the values into what a class sees (a table with percentages).

Rules: Skull Dice › Your Turn

>>> safe_rolls()["3 rolls"]
Fraction(125, 216)
"""
from __future__ import annotations

from fractions import Fraction

SAFE = Fraction(5, 6)      # a roll of 2 to 6: no skull


def safe_rolls(most: int = 5) -> dict[str, Fraction]:
    """The chance that the first n rolls of a turn all miss the skull, for n = 1 to ``most``."""
    return {f"{n} roll{'s' if n > 1 else ''}": SAFE ** n for n in range(1, most + 1)}
