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


def sorted_pair_counts(attacker: Dist, attacker_dice: int, defender: Dist, defender_dice: int) -> Dist:
    """Dist of :class:`PairCounts` when both sides' sorted dice are compared rank by rank.

    Faces are placed from highest to lowest, each in two half-steps (the attacker's dice
    showing it, then the defender's), so a state branches ``(ra + 1) + (rd + 1)`` ways, not
    ``(ra + 1) × (rd + 1)``.  A state is only (attacker dice placed, defender dice placed): the
    tallies ride along as one integer, a polynomial in (pairs the attacker won, pairs the
    defender won) with one fixed-width slot per pair of tallies, so winning a pair is a shift.
    Pair ``i`` is decided once both sides have placed ``i + 1`` dice, so the ties are the
    decided pairs less the other two.
    """
    for count in (attacker_dice, defender_dice):
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"a number of dice must be a whole number >= 0, got {count!r}")
    n, m = attacker_dice, defender_dice
    pairs = min(n, m)
    a_weights, d_weights = attacker.weights(), defender.weights()
    faces = sorted(set(a_weights) | set(d_weights), reverse=True)
    # a slot holds one coefficient: at most every weighted roll of both sides
    slot = (attacker.total_weight ** n * defender.total_weight ** m).bit_length() + 1
    down_shift, up_shift = slot, slot * (pairs + 1)          # slot index: up * (pairs + 1) + down
    combs = [[math.comb(size, k) for k in range(size + 1)] for size in range(max(n, m) + 1)]
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    last = faces[-1]
    for face in faces:
        wa, wd = a_weights.get(face, 0), d_weights.get(face, 0)
        scale_a = [[row[k] * wa ** k for k in range(len(row))] for row in combs]
        scale_d = [[row[k] * wd ** k for k in range(len(row))] for row in combs]
        # the attacker's dice showing this face: below a defender die already placed, the defender wins the pair
        middle: dict[tuple[int, int, int], int] = {}
        for (na, nd), poly in states.items():
            ra = n - na
            choices = (0,) if not wa else (ra,) if face == last else range(ra + 1)
            row = scale_a[ra]
            for ka in choices:
                na2 = na + ka
                lost = (na2 if na2 < nd else nd) - na
                term = poly * row[ka]
                if lost > 0:
                    term <<= lost * down_shift
                key = (na2, nd, na)
                middle[key] = middle.get(key, 0) + term
        # the defender's dice showing this face: below an attacker die placed earlier, the attacker wins
        states = {}
        for (na, nd, before), poly in middle.items():
            rd = m - nd
            choices = (0,) if not wd else (rd,) if face == last else range(rd + 1)
            row = scale_d[rd]
            for kd in choices:
                nd2 = nd + kd
                won = (nd2 if nd2 < before else before) - nd
                term = poly * row[kd]
                if won > 0:
                    term <<= won * up_shift
                key = (na, nd2)
                states[key] = states.get(key, 0) + term
    poly = states.get((n, m), 0)
    mask = (1 << slot) - 1
    result: dict[PairCounts, int] = {}
    for up in range(pairs + 1):
        for down in range(pairs + 1 - up):
            weight = (poly >> ((up * (pairs + 1) + down) * slot)) & mask
            if weight:
                result[PairCounts(up, down, pairs - up - down)] = weight
    return Dist(result)
