"""Sorted pair comparisons without listing every roll.

Both sides roll, sort their dice highest first and compare them pair by pair (RISK, cannon
volleys).  Instead of pairing every sorted roll of one side with every sorted roll of the
other (213,444 pairs for six dice against six), walk the faces from highest to lowest and keep
only how many dice each side has placed so far and the running tallies: a small dynamic
programme, exact, with integer weights.

>>> counts = sorted_pair_counts(Dist.die(6), 3, Dist.die(6), 2)
>>> counts.map(lambda c: c.attacker_higher)[2]   # RISK 3 vs 2: the defender loses two
Fraction(1445, 3888)
"""
from __future__ import annotations

import math
from typing import NamedTuple

from .dist import Dist

__all__ = ["PairCounts", "sorted_pair_counts"]


class PairCounts(NamedTuple):
    """How the paired dice compared (dice without an opposite number are not counted)."""

    attacker_higher: int
    defender_higher: int
    ties: int


def _overlap(a0: int, a1: int, b0: int, b1: int) -> int:
    return max(0, min(a1, b1) - max(a0, b0))


def sorted_pair_counts(attacker: Dist, attacker_dice: int, defender: Dist, defender_dice: int) -> Dist:
    """Dist of :class:`PairCounts` when both sides' sorted dice are compared rank by rank."""
    for count in (attacker_dice, defender_dice):
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"a number of dice must be a whole number >= 0, got {count!r}")
    n, m = attacker_dice, defender_dice
    pairs = min(n, m)
    a_weights, d_weights = attacker.weights(), defender.weights()
    faces = sorted(set(a_weights) | set(d_weights), reverse=True)
    # state: (attacker dice placed, defender dice placed, a_higher, d_higher, ties) -> weight
    states: dict[tuple[int, int, int, int, int], int] = {(0, 0, 0, 0, 0): 1}
    for face in faces:
        wa, wd = a_weights.get(face, 0), d_weights.get(face, 0)
        new: dict[tuple[int, int, int, int, int], int] = {}
        for (na, nd, up, down, tie), weight in states.items():
            for ka in range(n - na + 1) if wa else (0,):
                weight_a = weight * math.comb(n - na, ka) * wa ** ka
                for kd in range(m - nd + 1) if wd else (0,):
                    key = (na + ka, nd + kd,
                           up + _overlap(nd, nd + kd, 0, min(na, pairs)),
                           down + _overlap(na, na + ka, 0, min(nd, pairs)),
                           tie + _overlap(na, min(na + ka, pairs), nd, min(nd + kd, pairs)))
                    new[key] = new.get(key, 0) + weight_a * math.comb(m - nd, kd) * wd ** kd
        states = new
    result: dict[PairCounts, int] = {}
    for (na, nd, up, down, tie), weight in states.items():
        if na == n and nd == m:
            key = PairCounts(up, down, tie)
            result[key] = result.get(key, 0) + weight
    return Dist(result)
