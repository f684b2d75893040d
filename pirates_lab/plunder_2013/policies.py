"""Computer pirates of Plunder (2013) for the strategy lab.

The strategy lab (``pirates_lab.lab``) finds ``POLICIES`` here: name -> ``chooser(view, rng)`` given
only the seat's :class:`~pirates_lab.core.PlayerView`.  Each wraps the exact-solver pirate
(:class:`.pirates.ComputerPirate`, which decides from a view): the flip advisor for the extra clue,
the dig advisor for when to dig.  They differ in *boldness*, the least probability they dig on before
the last day.

Rules: Plunder (2013) › Digging Up Treasure

The rulebook gives no strategy tips, so this game has no ``TIPS``; a tournament of the three pirates
(or against ``random`` and ``search``) asks how bold to be.
"""
from __future__ import annotations

import random
from fractions import Fraction

from .pirates import ComputerPirate

__all__ = ["Solver", "POLICIES"]


class Solver:
    """``ComputerPirate(boldness)`` as a chooser of the strategy lab."""

    def __init__(self, boldness: Fraction):
        self.pirate = ComputerPirate(boldness=boldness)

    def __call__(self, view, rng: random.Random):
        return self.pirate.decide(view)


#: name -> chooser(view, rng): found by the strategy lab
POLICIES = {
    "solver": Solver(Fraction(1, 2)),
    "bold": Solver(Fraction(1, 4)),
    "cautious": Solver(Fraction(3, 4)),
}
