"""Dice notation for calculators: ``"2d6"``, ``"3d6kh2"``, ``"d20 + 4"``, ``"4d6kl1 - 1"``.

>>> parse_dice("2d6")[7]
Fraction(1, 6)
>>> parse_dice("2d6kh1")[6]           # best of two dice
Fraction(11, 36)
>>> parse_dice("d6 + 2").mean()
Fraction(11, 2)
"""
from __future__ import annotations

import math
import re

from .dist import Dist
from .errors import InvalidInput

__all__ = ["parse_dice", "MAX_DICE", "MAX_SIDES"]

MAX_DICE = 30
MAX_SIDES = 1000
MAX_SUM_SIZE = 2400
MAX_POOL_SIZE = 100_000
_TERM = re.compile(r"^(?:(?P<n>\d*)d(?P<sides>\d+)(?:(?P<keep>k[hl])(?P<k>\d+))?|(?P<const>\d+))$")


def _term(text: str) -> Dist:
    match = _TERM.match(text)
    if not match:
        raise InvalidInput(f"{text!r} is not dice notation: write e.g. 2d6, 3d6kh2, d20 or 4.")
    if match["const"] is not None:
        return Dist.certain(int(match["const"]))
    n = int(match["n"] or 1)
    sides = int(match["sides"])
    if not 1 <= n <= MAX_DICE:
        raise InvalidInput(f"Roll between 1 and {MAX_DICE} dice, not {n}.")
    if not 1 <= sides <= MAX_SIDES:
        raise InvalidInput(f"A die has between 1 and {MAX_SIDES} sides, not {sides}.")
    if match["keep"] is None:
        if n * sides > MAX_SUM_SIZE:
            raise InvalidInput(f"{text} has too many totals for an instant exact answer (dice × sides ≤ {MAX_SUM_SIZE}).")
        return Dist.die(sides).repeat_sum(n)
    if math.comb(n + sides - 1, n) > MAX_POOL_SIZE:
        raise InvalidInput(f"{text} has too many distinct rolls for an instant exact answer; use fewer dice or sides.")
    k = int(match["k"])
    if not 1 <= k <= n:
        raise InvalidInput(f"Keep between 1 and {n} dice, not {k}.")
    pool = Dist.die(sides).pool(n)
    return pool.map(lambda roll: sum(roll[:k])) if match["keep"] == "kh" else pool.map(lambda roll: sum(roll[-k:]))


def parse_dice(text: str) -> Dist:
    """The exact Dist of a dice expression; bad text raises :class:`InvalidInput`."""
    if not isinstance(text, str) or not text.strip():
        raise InvalidInput("Type a dice expression such as 2d6 or 3d6kh2.")
    cleaned = text.replace(" ", "").lower()
    parts = re.split(r"([+-])", cleaned)
    if parts[0] == "":
        parts[0] = "0"
    result = _term(parts[0])
    for sign, term in zip(parts[1::2], parts[2::2]):
        value = _term(term)
        result = result + (value if sign == "+" else value.map(lambda x: -x))
    return result
