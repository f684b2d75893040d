"""Battles die by die and pair by pair: the references the exact kernels of :mod:`.battles` are
tested against (every ordered sequence of pair results; a sampler rolling each die).

Rules: Pillage & Plunder › Stage 3: The Cannon Battle
"""
from __future__ import annotations

import math
from functools import lru_cache

from pirates_lab.core import Dist

from .battles import (MAX_DICE, PLATING_ABSORBS, BattleResult, Ship, Volley, _destroyed, _sunk, spotting)

__all__ = ["pair_sequences", "volley_from_sequences", "sample_battle"]


@lru_cache(maxsize=None)
def pair_sequences(attacker_dice: int, defender_dice: int) -> dict[tuple[str, ...], int]:
    """Every way the sorted dice can compare, pair by pair, with its number of ordered rolls.

    A sequence lists which ship each pair hits: ``"A"`` attacker, ``"D"`` defender, ``"B"``
    both (equal dice), then one letter per uncontested die.  Weights add up to
    ``6 ** (attacker_dice + defender_dice)``.  Computed face by face from 6 down to 1 (which
    sorted positions show each face), so 6 dice against 6 is a few thousand states, not
    46,656² rolls.  (The core's ``sorted_pair_counts`` counts the same comparisons but not
    their order, and the cannon battle stops the moment a ship sinks, so order matters.)

    Rules: Pillage & Plunder › Stage 3: The Cannon Battle
    """
    a, d = attacker_dice, defender_dice
    n = min(a, d)
    states: dict[tuple[int, int, tuple], int] = {(0, 0, (None,) * n): 1}
    for face in range(6, 0, -1):
        new: dict[tuple[int, int, tuple], int] = {}
        for (na, nd, seq), weight in states.items():
            ra, rd = a - na, d - nd
            a_range = range(ra + 1) if face > 1 else (ra,)
            d_range = range(rd + 1) if face > 1 else (rd,)
            for ka in a_range:
                wa = weight * math.comb(ra, ka)
                for kd in d_range:
                    s = list(seq)
                    for i in range(na, min(na + ka, n)):
                        if i < nd:
                            s[i] = "A"          # the defender's die here is higher
                        elif i < nd + kd:
                            s[i] = "B"          # same face: both ships hit
                    for i in range(nd, min(nd + kd, n)):
                        if i < na:
                            s[i] = "D"          # the attacker's die here is higher
                    key = (na + ka, nd + kd, tuple(s))
                    new[key] = new.get(key, 0) + wa * math.comb(rd, kd)
        states = new
    extra = ("D",) * (a - n) + ("A",) * (d - n)
    return {seq + extra: w for (_, _, seq), w in states.items()}


def _resolve(sequence: tuple[str, ...], a_left: int, d_left: int, a_plate: int, d_plate: int) -> Volley:
    """Apply hits in order; stop the moment a ship sinks. ``*_left`` = damage until sunk."""
    a_damage = d_damage = 0
    for hit in sequence:
        if hit in "AB":
            if a_plate:
                a_plate -= 1
            else:
                a_damage += 1
        if hit in "DB":
            if d_plate:
                d_plate -= 1
            else:
                d_damage += 1
        if a_damage >= a_left or d_damage >= d_left:
            break
    return Volley(a_damage, d_damage, a_damage >= a_left, d_damage >= d_left)


def volley_from_sequences(a: int, d: int, a_left: int, d_left: int, a_plate: int = 0, d_plate: int = 0) -> Dist:
    """The same distribution through :func:`pair_sequences` (slower; the reference in tests)."""
    weights: dict[Volley, int] = {}
    for sequence, weight in pair_sequences(a, d).items():
        result = _resolve(sequence, a_left, d_left, a_plate, d_plate)
        weights[result] = weights.get(result, 0) + weight
    return Dist(weights)


def sample_battle(attacker: Ship, defender: Ship, kind: str = "player", rng=None, *,
                  defender_flees: bool | None = None) -> BattleResult:
    """One battle rolled die by die (for Monte Carlo checks of :func:`battle`).

    Rules: Pillage & Plunder › The Five Stages Of A Sea Battle
    """
    import random as _random

    rng = rng if rng is not None else _random.Random()
    roll = lambda: rng.randint(1, 6)  # noqa: E731
    flees = True if kind == "merchant" or defender_flees is None else defender_flees
    a, d = spotting(attacker, defender)
    if _sunk(a) or _sunk(d):
        return BattleResult(_destroyed(_sunk(a), _sunk(d)), a.damage, d.damage, a.crew, d.crew)
    if flees:
        sa, sd = a.effective_speed, d.effective_speed
        if sd > sa:
            escaped = roll() != roll()
        elif sa > sd:
            escaped = roll() == roll()
        else:
            x, y = roll(), roll()
            while x == y:
                x, y = roll(), roll()
            escaped = y > x
        if escaped:
            return BattleResult("escaped", a.damage, d.damage, a.crew, d.crew)
    a_roll = sorted((roll() for _ in range(a.dice)), reverse=True)
    d_roll = sorted((roll() for _ in range(d.dice)), reverse=True)
    sequence = [("B" if x == y else "A" if x < y else "D") for x, y in zip(a_roll, d_roll)]
    sequence += ["D"] * (len(a_roll) - len(d_roll)) + ["A"] * (len(d_roll) - len(a_roll))
    v = _resolve(tuple(sequence), a.strength - a.damage, d.strength - d.damage,
                 PLATING_ABSORBS * a.iron_plating, PLATING_ABSORBS * d.iron_plating)
    ad, dd = a.damage + v.attacker_damage, d.damage + v.defender_damage
    if v.attacker_destroyed or v.defender_destroyed:
        return BattleResult(_destroyed(v.attacker_destroyed, v.defender_destroyed), ad, dd, a.crew, d.crew)
    ac, dc, a_doc, d_doc = a.crew, d.crew, a.doctor, d.doctor
    while ac and dc:
        x = max(roll() for _ in range(min(ac, MAX_DICE))) + a.pistol
        y = max(roll() for _ in range(min(dc, MAX_DICE))) + d.pistol
        if x > y:
            d_doc, dc = (False, dc) if d_doc else (False, dc - 1)
        else:
            a_doc, ac = (False, ac) if a_doc else (False, ac - 1)
    return BattleResult("attacker wins mêlée" if ac else "defender wins mêlée", ad, dd, ac, dc)
