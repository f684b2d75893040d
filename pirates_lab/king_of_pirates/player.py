"""One player's ship: position, Doubloons, tokens, ship parts, crew and secret hand.

Rules: King of Pirates › Game Setup
"""
from __future__ import annotations

from dataclasses import dataclass

from pirates_lab.core import saveable

from .components import Cell

__all__ = ["Player"]


@saveable
@dataclass(frozen=True)
class Player:
    """One player's ship.  ``crew[0]`` is the captain (the rear cabin); ``hand`` is secret."""

    position: Cell
    doubloons: int = 0
    rum: int = 0
    cannonballs: int = 0
    scurvy: int = 0
    parts: tuple = ()
    crew: tuple = ()
    hand: tuple = ()

    def __deepcopy__(self, memo):  # immutable
        return self
