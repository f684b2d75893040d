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

import bisect
import functools
import itertools
import math
import re
from fractions import Fraction

from .dist import Dist
from .errors import InvalidInput
from .why import Why

__all__ = ["parse_dice", "dice_why", "estimate_work", "MAX_DICE", "MAX_SIDES", "MAX_WORK", "MAX_TERMS"]

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
    for index, term in enumerate(terms):
        if term == "":          # a sign with nothing after it: say so in words, not with an empty quote
            written = text.strip()
            if index == len(terms) - 1:
                raise InvalidInput(f"{written!r} ends with {signs[index]!r}: put a number or dice after it "
                                   f"(e.g. 2d6+3), or leave the sign out.")
            raise InvalidInput(f"{written!r} has two signs in a row ({signs[index]!r} then {signs[index + 1]!r}): "
                               f"write one sign between two terms, e.g. 2d6+3 or 2d6-1.")
    if len(terms) > MAX_TERMS:
        raise InvalidInput(f"A dice expression has at most {MAX_TERMS} terms, not {len(terms)}.")
    return list(zip(signs, terms))


class _Term:
    """One term and the stages that compute it: a constant, a sum of dice (one stage a die, ``sums[k]`` the
    total of the first ``k + 1`` dice) or a pool of dice that keeps some.  :meth:`negated` takes it away."""

    def __init__(self, text: str):
        match, _, _ = _check_term(text)
        self.text, self.negative = text, False
        self.constant = self.die = self.pool = self.keep = None
        self.sums: list[Dist] = []
        self._rolls: dict | None = None
        if match["const"] is not None:
            self.constant = int(match["const"])
            self.dist = Dist.certain(self.constant)
            return
        n, sides = int(match["n"] or 1), int(match["sides"])
        self.n, self.sides = n, sides
        if match["keep"] is None:
            self.die = Dist.die(sides)
            total = self.die
            self.sums = [total]
            for _ in range(n - 1):          # the dice added one at a time (Dist.repeat_sum's steps)
                total = total + self.die
                self.sums.append(total)
            self.dist = total
            return
        k = int(match["k"])
        self.keep = (match["keep"], k)
        self.pool = Dist.die(sides).pool(n)
        self.dist = self.pool.map(self.kept)

    def negated(self) -> "_Term":
        """The same term taken away: every stage's values turned negative (the pool's rolls stay as rolled)."""
        flip = (lambda x: -x)
        other = object.__new__(_Term)
        other.__dict__.update(self.__dict__)
        other.negative, other._rolls = True, None
        other.constant = None if self.constant is None else -self.constant
        other.die = None if self.die is None else self.die.map(flip)
        other.sums = [total.map(flip) for total in self.sums]
        other.dist = self.dist.map(flip)
        return other

    def rolls(self, value: int) -> tuple[list[tuple[tuple, int]], int]:
        """The pool's rolls whose kept dice give ``value`` (signed), with their weights; and the total weight."""
        if self._rolls is None:
            self._rolls = {}
            for roll, weight in self.pool.weights().items():
                kept = -self.kept(roll) if self.negative else self.kept(roll)
                self._rolls.setdefault(kept, []).append((roll, weight))
        return self._rolls.get(value, []), self.pool.total_weight

    def kept(self, roll: tuple) -> int:
        """The kept dice's total of a sorted roll (highest first)."""
        how, k = self.keep
        return sum(roll[:k]) if how == "kh" else sum(roll[-k:])


def _term(text: str) -> _Term:
    """One term of an expression, computed (checked by :func:`_check_term` first)."""
    return _Term(text)


class _Expression:
    """A whole expression: its terms and, from the right, the totals of every term onwards
    (``after[i]``: terms ``i`` to the end).  ``after[0]`` is the expression's Dist: it is summed from the
    right so that each partial total a why tree needs is a step of the one computation."""

    def __init__(self, text: str):
        terms = _split(text)
        work = estimate_work(text)
        if work > MAX_WORK:
            raise InvalidInput(f"{text.strip()} is too large for an instant exact answer: about {work:,} steps, "
                               f"and the limit for a whole expression is {MAX_WORK:,} (e.g. 30d80). "
                               "Use fewer dice or sides.")
        self.text = text.strip()
        self.terms = []
        for sign, text in terms:
            term = _term(text)
            self.terms.append(term.negated() if sign == "-" else term)
        after = [Dist.certain(0)]
        for term in reversed(self.terms):
            after.append(term.dist if len(after) == 1 else term.dist + after[-1])
        self.after = after[::-1]            # after[len(terms)] is the empty sum, 0
        self.dist = self.after[0]


@functools.lru_cache(maxsize=32)
def _evaluate(text: str) -> _Expression:
    """The computation of an expression, kept for its why tree (Dists are immutable)."""
    return _Expression(text)


def parse_dice(text: str) -> Dist:
    """The exact Dist of a dice expression; bad or too-large input raises :class:`InvalidInput` at once."""
    if not isinstance(text, str):
        raise InvalidInput("Type a dice expression such as 2d6 or 3d6kh2.")
    return _evaluate(text).dist


# ---------------------------------------------------------------- why: each kept or summed stage
_ORDINALS = ("1st", "2nd", "3rd")
#: a kept pool lists its rolls one by one up to this many for one kept total (else by the kept dice)
_MAX_ROLLS = 400


def _ordinal(n: int) -> str:
    return _ORDINALS[n - 1] if n <= 3 else f"{n}th"


class _Within:
    """P(a Dist's outcome lies in [low, high]) in one lookup (cumulative weights, sorted outcomes)."""

    def __init__(self, dist: Dist):
        weights = dist.weights()
        self.values = sorted(weights)
        self.cumulative = list(itertools.accumulate(weights[v] for v in self.values))
        self.total = dist.total_weight

    def __call__(self, low, high) -> Fraction:
        top = bisect.bisect_right(self.values, high) if high is not None else len(self.values)
        bottom = bisect.bisect_left(self.values, low) if low is not None else 0
        if top <= bottom:
            return Fraction(0)
        inside = self.cumulative[top - 1] - (self.cumulative[bottom - 1] if bottom else 0)
        return Fraction(inside, self.total)


def dice_why(text: str, *, at_least: int | None = None, at_most: int | None = None,
             exactly: int | None = None, depth: int = 5, width: int = 7) -> Why:
    """Why ``P(expression op n)`` is what it is: a tree of the expression's stages, term by term and,
    inside a sum of dice, die by die (a kept pool: its rolls).  Every branch is a joint probability
    (this stage shows this *and* the total lands in the range), so the branches of a node add up to it.
    With no condition, the root is every total (probability 1) and its branches are the totals.

    The root's probability is the answer :func:`parse_dice` gives, from the same Dists (the partial
    totals of the one computation).  Bounded: ``depth`` levels, ``width`` branches a node.

    >>> print(dice_why("2d6", at_least=11).text())
    P(2d6 >= 11): 8.33% (1/12)
      2d6 totals 11: 5.56% (1/18)
        the 1st die shows 5, so the 2nd shows 6: 2.78% (1/36)
        the 1st die shows 6, so the 2nd shows 5: 2.78% (1/36)
      2d6 totals 12: 2.78% (1/36)
        the 1st die shows 6, so the 2nd shows 6: 2.78% (1/36)
    """
    asked = [(name, value) for name, value in (("at_least", at_least), ("at_most", at_most), ("exactly", exactly))
             if value is not None]
    if len(asked) > 1:
        raise InvalidInput("Ask one thing at a time: at least, at most or exactly.")
    for name, value in asked:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidInput(f"{name.replace('_', ' ')} is a whole number, not {value!r}.")
    if not isinstance(text, str):
        raise InvalidInput("Type a dice expression such as 2d6 or 3d6kh2.")
    expression = _evaluate(text)
    within = [_Within(after) for after in expression.after]
    terms = expression.terms
    name = expression.text

    def onwards(i: int, s: int, w: Fraction, low, high):
        """The key of the stages from term ``i`` on (None when only constants are left: a leaf)."""
        return ("term", i, s, w, low, high) if any(t.constant is None for t in terms[i:]) else None

    def rest(i: int, low, high, s: int) -> Fraction:
        """P(terms i onwards land in [low - s, high - s])."""
        return within[i](None if low is None else low - s, None if high is None else high - s)

    def term_parts(i: int, s: int, w: Fraction, low, high):
        while i < len(terms) and terms[i].constant is not None:
            s += terms[i].constant
            i += 1
        if i == len(terms):
            return []
        term = terms[i]
        taken = " (taken away)" if term.negative else ""
        parts = []
        for v, p in term.dist.items():
            q = w * p * rest(i + 1, low, high, s + v)
            if not q:
                continue
            shown = -v if term.negative else v
            if term.pool is not None:
                how, k = term.keep
                which = "highest" if how == "kh" else "lowest"
                label = f"{term.text}{taken} keeps {shown} " + (f"(its {which} die)" if k == 1 else
                                                                   f"(its {which} {k} dice)")
                key = ("pool", i, s, v, w, low, high)
            elif term.n > 1:
                label = f"{term.text}{taken} totals {shown}"
                key = ("die", i, s, v, 0, 0, w, low, high)
            else:
                label = f"{term.text}{taken} shows {shown}"
                key = onwards(i + 1, s + v, w * p, low, high)
            parts.append((label, q, None, key))
        return parts

    def expand(key):
        kind = key[0]
        if kind == "all":
            return [(f"{name} totals {t}", p, None, onwards(0, 0, Fraction(1), t, t)) for t, p in expression.dist.items()]
        if kind == "term":
            _, i, s, w, low, high = key
            return term_parts(i, s, w, low, high)
        if kind == "pool":
            _, i, s, v, w, low, high = key
            term = terms[i]
            after = rest(i + 1, low, high, s + v)
            parts = []
            how, k = term.keep

            def label(roll):
                kept = roll[:k] if how == "kh" else roll[-k:]
                keep = f"the {kept[0]}" if k == 1 else " + ".join(map(str, kept))
                return f"the dice show {', '.join(map(str, roll))}: keep {keep}"

            rolls, total = term.rolls(v)
            scale = w * after / total
            if len(rolls) > _MAX_ROLLS:           # too many rolls to list: the kept dice, counted together
                grouped: dict[tuple, int] = {}
                for roll, weight in rolls:
                    kept = roll[:k] if how == "kh" else roll[-k:]
                    grouped[kept] = grouped.get(kept, 0) + weight
                others = "lower" if how == "kh" else "higher"
                return [(f"keep {' + '.join(map(str, kept))}, the other {term.n - k} dice {others} or equal",
                         scale * weight, None, onwards(i + 1, s + v, w * Fraction(weight, total), low, high))
                        for kept, weight in grouped.items()]
            return [(functools.partial(label, roll), scale * weight, None,
                     functools.partial(onwards, i + 1, s + v, w * Fraction(weight, total), low, high))
                    for roll, weight in rolls]
            return parts
        _, i, s, v, k, partial, w, low, high = key        # a sum of dice, k of them fixed so far
        term = terms[i]
        after = rest(i + 1, low, high, s + v)
        remaining = term.n - k - 1                         # dice after the one this level fixes
        parts = []
        for x, p in term.die.items():
            q = w * p * term.sums[remaining - 1][v - partial - x] * after
            if not q:
                continue
            face = -x if term.negative else x
            if remaining == 1:
                last = -(v - partial - x) if term.negative else v - partial - x
                label = f"the {_ordinal(k + 1)} die shows {face}, so the {_ordinal(k + 2)} shows {last}"
                parts.append((label, q, None, onwards(i + 1, s + v, w * p * term.die[v - partial - x], low, high)))
            else:
                label = f"the {_ordinal(k + 1)} die shows {face}"
                parts.append((label, q, None, ("die", i, s, v, k + 1, partial + x, w * p, low, high)))
        return parts

    if not asked:
        return Why.grow(f"{name}: every total", Fraction(1), expand, ("all",), depth=depth, width=width)
    (how, n), = asked
    low, high = {"at_least": (n, None), "at_most": (None, n), "exactly": (n, n)}[how]
    op = {"at_least": ">=", "at_most": "<=", "exactly": "=="}[how]
    answer = within[0](low, high)                          # the number parse_dice's Dist gives
    return Why.grow(f"P({name} {op} {n})", answer, expand, onwards(0, 0, Fraction(1), low, high), depth=depth, width=width)
