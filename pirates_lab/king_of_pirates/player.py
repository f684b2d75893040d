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
    """One player's ship.  ``crew[0]`` is the captain (the rear cabin); ``hand`` is secret, and so is
    ``held_before_shuffle``: the cards of the hand held since before the action deck was last reshuffled
    (the rest came from the reshuffled pile, whose cards everybody saw in the discard), so a re-deal keeps
    what the public discard pile told everyone.

    >>> Player(position=(4, 0), hand=("Scurvy", "Tailwind")).held_before_shuffle
    ()
    """

    position: Cell
    doubloons: int = 0
    rum: int = 0
    cannonballs: int = 0
    scurvy: int = 0
    parts: tuple = ()
    crew: tuple = ()
    hand: tuple = ()
    held_before_shuffle: tuple = ()

    def __deepcopy__(self, memo):  # immutable
        return self
