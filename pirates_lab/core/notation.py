"""Dice notation for calculators: ``"2d6"``, ``"3d6kh2"``, ``"d20 + 4"``, ``"4d6kl1 - 1"``.

>>> parse_dice("2d6")[7]
Fraction(1, 6)
>>> parse_dice("2d6kh1")[6]           # best of two dice
Fraction(11, 36)
>>> parse_dice("d6 + 2").mean()
Fraction(11, 2)
>>> parse_dice("-1d6").mean()
Fraction(-7, 2)

Every expression is bounded as a whole (not term by term): its work is estimated before anything is
computed, and one that would take more than about a second is refused at once with the limit named.
"""
from __future__ import annotations

import math
import re

from .dist import Dist
from .errors import InvalidInput

__all__ = ["parse_dice", "estimate_work", "MAX_DICE", "MAX_SIDES", "MAX_WORK", "MAX_TERMS"]

MAX_DICE = 30
MAX_SIDES = 1000
MAX_SUM_SIZE = 2400
MAX_POOL_SIZE = 100_000
#: the most terms an expression may have
MAX_TERMS = 20
#: the largest constant term
MAX_CONSTANT = 10**9
#: estimated multiply-adds for a whole expression (30d80, about 3 million, takes about a second)
MAX_WORK = 3_000_000
_TERM = re.compile(r"^(?:(?P<n>\d*)d(?P<sides>\d+)(?:(?P<keep>k[hl])(?P<k>\d+))?|(?P<const>\d+))$")


def _check_term(text: str):
    """The parsed term (and its estimated work and number of totals), or InvalidInput."""
    match = _TERM.match(text)
    if not match:
        raise InvalidInput(f"{text!r} is not dice notation: write e.g. 2d6, 3d6kh2, d20 or 4.")
    if match["const"] is not None:
        if len(match["const"]) > 10 or int(match["const"]) > MAX_CONSTANT:
            raise InvalidInput(f"A number in a dice expression is at most {MAX_CONSTANT:,}, not {match['const']}.")
        return match, 0, 1
    if len(match["n"] or "1") > 6 or len(match["sides"]) > 6:
        raise InvalidInput(f"Roll between 1 and {MAX_DICE} dice of at most {MAX_SIDES} sides, not {text}.")
    n = int(match["n"] or 1)
    sides = int(match["sides"])
    if not 1 <= n <= MAX_DICE:
        raise InvalidInput(f"Roll between 1 and {MAX_DICE} dice, not {n}.")
    if not 1 <= sides <= MAX_SIDES:
        raise InvalidInput(f"A die has between 1 and {MAX_SIDES} sides, not {sides}.")
    if match["keep"] is None:
        if n * sides > MAX_SUM_SIZE:
            raise InvalidInput(f"{text} has too many totals for an instant exact answer (dice × sides ≤ {MAX_SUM_SIZE}).")
        return match, sides * sides * n * (n + 1) // 2, n * (sides - 1) + 1
    if len(match["k"]) > 6:
        raise InvalidInput(f"Keep between 1 and {n} dice, not {match['k']}.")
    pool = math.comb(n + sides - 1, n)
    if pool > MAX_POOL_SIZE:
        raise InvalidInput(f"{text} has too many distinct rolls for an instant exact answer; use fewer dice or sides.")
    k = int(match["k"])
    if not 1 <= k <= n:
        raise InvalidInput(f"Keep between 1 and {n} dice, not {k}.")
    return match, pool * n, k * (sides - 1) + 1


def estimate_work(text: str) -> int:
    """The estimated multiply-adds to compute a dice expression exactly (InvalidInput if it is not one).

    >>> estimate_work("2d6") < estimate_work("30d80") <= MAX_WORK < estimate_work("30d80+30d80")
    True
    """
    work, totals = 0, 1
    for _, term in _split(text):
        _, term_work, term_totals = _check_term(term)
        work += term_work + totals * term_totals
        totals += term_totals - 1
    return work


def _split(text: str) -> list[tuple[str, str]]:
    if not isinstance(text, str) or not text.strip():
        raise InvalidInput("Type a dice expression such as 2d6 or 3d6kh2.")
    if len(text) > 200:
        raise InvalidInput("A dice expression is at most 200 characters long.")
    cleaned = text.replace(" ", "").lower()
    parts = re.split(r"([+-])", cleaned)
    signs = ["+"] + parts[1::2]
    terms = parts[0::2]
    if terms[0] == "":
        if len(terms) == 1:
            raise InvalidInput(f"{text!r} is not dice notation: write e.g. 2d6, 3d6kh2, d20 or 4.")
        terms, signs = terms[1:], signs[1:]
    if len(terms) > MAX_TERMS:
        raise InvalidInput(f"A dice expression has at most {MAX_TERMS} terms, not {len(terms)}.")
    return list(zip(signs, terms))


def _term(text: str) -> Dist:
    """The exact Dist of one term (already checked by :func:`_check_term`, which it calls again)."""
    match, _, _ = _check_term(text)
    if match["const"] is not None:
        return Dist.certain(int(match["const"]))
    n, sides = int(match["n"] or 1), int(match["sides"])
    if match["keep"] is None:
        return Dist.die(sides).repeat_sum(n)
    k = int(match["k"])
    pool = Dist.die(sides).pool(n)
    return pool.map(lambda roll: sum(roll[:k])) if match["keep"] == "kh" else pool.map(lambda roll: sum(roll[-k:]))


def parse_dice(text: str) -> Dist:
    """The exact Dist of a dice expression; bad or too-large input raises :class:`InvalidInput` at once."""
    terms = _split(text)
    work = estimate_work(text)
    if work > MAX_WORK:
        raise InvalidInput(f"{text.strip()} is too large for an instant exact answer: about {work:,} steps, "
                           f"and the limit for a whole expression is {MAX_WORK:,} (e.g. 30d80). "
                           "Use fewer dice or sides.")
    result = None
    for sign, term in terms:
        value = _term(term)
        value = value if sign == "+" else value.map(lambda x: -x)
        result = value if result is None else result + value
    return result
