"""Exact finite probability distributions.

A :class:`Dist` is an immutable value: a finite set of outcomes, each with a positive
integer weight.  Probabilities come out as :class:`fractions.Fraction`, so every
distribution sums to exactly 1.  Everything that looks like a change returns a new
``Dist`` (the icepool habit).

>>> d = Dist.die(6)
>>> d.probability(lambda x: x >= 5)
Fraction(1, 3)
>>> (Dist.die(6) + Dist.die(6))[7]
Fraction(1, 6)
>>> Dist.die(6).pool(2)[(6, 1)]          # sorted highest first
Fraction(1, 18)
"""
from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from itertools import combinations_with_replacement
from numbers import Rational
from typing import Any

__all__ = ["Dist"]


def _check_hashable(outcome: Any) -> None:
    try:
        hash(outcome)
    except TypeError as error:
        raise ValueError(
            f"Outcome {outcome!r} is not hashable; use tuples instead of lists "
            f"and frozensets instead of sets."
        ) from error


def _sort_key_order(outcomes: Iterable[Any]) -> list[Any]:
    """Outcomes sorted if they can be compared, otherwise in first-seen order."""
    outcomes = list(outcomes)
    try:
        return sorted(outcomes)
    except TypeError:
        return outcomes


class Dist:
    """An immutable, exact, finite distribution with integer weights inside.

    Build one with :meth:`die`, :meth:`uniform`, :meth:`from_weights`,
    :meth:`from_probabilities` or :meth:`certain`.
    """

    __slots__ = ("_weights", "_total", "_hash")

    # ------------------------------------------------------------------ building
    def __init__(self, weights: Mapping[Hashable, int] | None = None):
        if weights is None:
            raise ValueError("A Dist needs at least one outcome; use Dist.certain(x).")
        merged: dict[Any, int] = {}
        for outcome, weight in weights.items():
            if type(weight) is not int:          # the common case (whole-number weights) skips these checks
                if isinstance(weight, bool) or not isinstance(weight, (int, Rational)):
                    raise ValueError(f"Weight of {outcome!r} must be an integer, got {weight!r}.")
                if Fraction(weight).denominator != 1:
                    raise ValueError(f"Weight of {outcome!r} must be an integer, got {weight!r}.")
                weight = int(weight)
            if weight < 0:
                raise ValueError(f"Weight of {outcome!r} is negative ({weight}).")
            if weight:
                try:
                    merged[outcome] = merged.get(outcome, 0) + weight
                except TypeError:
                    _check_hashable(outcome)
                    raise
            else:
                _check_hashable(outcome)
        if not merged:
            raise ValueError("The total weight is zero: a Dist needs some outcome with positive weight.")
        divisor = math.gcd(*merged.values())
        ordered = _sort_key_order(merged)
        self._weights: dict[Any, int] = {o: merged[o] // divisor for o in ordered}
        self._total: int = sum(self._weights.values())
        self._hash: int | None = None

    @classmethod
    def from_weights(cls, weights: Mapping[Hashable, int] | Iterable[tuple[Hashable, int]]) -> "Dist":
        """Outcomes with integer (or whole Fraction) weights; equal outcomes are merged.

        >>> Dist.from_weights({"hit": 1, "miss": 2})["hit"]
        Fraction(1, 3)
        """
        if not isinstance(weights, Mapping):
            merged: dict[Any, int] = {}
            for outcome, weight in weights:
                _check_hashable(outcome)
                merged[outcome] = merged.get(outcome, 0) + weight
            weights = merged
        return cls(weights)

    @classmethod
    def from_probabilities(cls, probabilities: Mapping[Hashable, Fraction | int]) -> "Dist":
        """Outcomes with exact probabilities that must add up to exactly 1."""
        merged: dict[Any, Fraction] = {}
        for outcome, p in probabilities.items():
            _check_hashable(outcome)
            p = Fraction(p)
            if p < 0:
                raise ValueError(f"Probability of {outcome!r} is negative ({p}).")
            merged[outcome] = merged.get(outcome, Fraction(0)) + p
        total = sum(merged.values(), Fraction(0))
        if total != 1:
            raise ValueError(f"Probabilities add up to {total}, not 1.")
        return cls._from_fractions(merged)

    @classmethod
    def _from_fractions(cls, merged: Mapping[Any, Fraction]) -> "Dist":
        denominator = math.lcm(*(Fraction(p).denominator for p in merged.values())) if merged else 1
        return cls({o: int(Fraction(p) * denominator) for o, p in merged.items()})

    @classmethod
    def certain(cls, outcome: Hashable) -> "Dist":
        """The distribution that always gives ``outcome``."""
        return cls({outcome: 1})

    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> "Dist":
        """Each listed outcome equally likely (a repeated outcome counts twice)."""
        outcomes = list(outcomes)
        if not outcomes:
            raise ValueError("Dist.uniform needs at least one outcome.")
        return cls.from_weights((o, 1) for o in outcomes)

    @classmethod
    def die(cls, sides: int = 6) -> "Dist":
        """A fair die numbered 1..sides.

        >>> Dist.die(6).mean()
        Fraction(7, 2)
        """
        if isinstance(sides, bool) or not isinstance(sides, int) or sides < 1:
            raise ValueError(f"A die needs a positive whole number of sides, got {sides!r}.")
        return cls.uniform(range(1, sides + 1))

    @classmethod
    def independent(cls, *dists: "Dist") -> "Dist":
        """The joint distribution of independent dists, as tuples in the given order."""
        result = cls.certain(())
        for dist in dists:
            result = result._combine(dist, lambda a, b: a + (b,))
        return result

    # ------------------------------------------------------------------ reading
    def items(self) -> list[tuple[Any, Fraction]]:
        """(outcome, exact probability) pairs, outcomes sorted when sortable."""
        return [(o, Fraction(w, self._total)) for o, w in self._weights.items()]

    def weights(self) -> dict[Any, int]:
        """The reduced integer weights (a copy)."""
        return dict(self._weights)

    @property
    def total_weight(self) -> int:
        return self._total

    def outcomes(self) -> list[Any]:
        return list(self._weights)

    def __iter__(self):
        return iter(self._weights)

    def __len__(self) -> int:
        return len(self._weights)

    def __contains__(self, outcome: Any) -> bool:
        return outcome in self._weights

    def __getitem__(self, outcome: Any) -> Fraction:
        """Probability of one outcome (0 for an outcome that cannot happen)."""
        return Fraction(self._weights.get(outcome, 0), self._total)

    def probability(self, event: Any) -> Fraction:
        """Probability of an event: a predicate on outcomes, or one outcome.

        >>> Dist.die(6).probability(lambda x: x % 2 == 0)
        Fraction(1, 2)
        """
        if callable(event):
            return Fraction(sum(w for o, w in self._weights.items() if event(o)), self._total)
        return self[event]

    def mean(self) -> Fraction:
        """Exact expected value (outcomes must be numbers)."""
        return Fraction(sum(Fraction(o) * w for o, w in self._weights.items()), self._total)

    def variance(self) -> Fraction:
        mu = self.mean()
        return Fraction(sum((Fraction(o) - mu) ** 2 * w for o, w in self._weights.items()), self._total)

    def sample(self, rng) -> Any:
        """One outcome drawn with ``rng`` (a :class:`random.Random`), exactly weighted."""
        pick = rng.randrange(self._total)
        for outcome, weight in self._weights.items():
            if pick < weight:
                return outcome
            pick -= weight
        raise AssertionError("unreachable")  # pragma: no cover

    # ------------------------------------------------------------------ combining
    def map(self, f: Callable[[Any], Hashable]) -> "Dist":
        """Apply ``f`` to every outcome; outcomes that map together merge.

        >>> Dist.die(6).map(lambda x: x > 4)[True]
        Fraction(1, 3)
        """
        merged: dict[Any, int] = {}
        for outcome, weight in self._weights.items():
            new = f(outcome)
            _check_hashable(new)
            merged[new] = merged.get(new, 0) + weight
        return Dist(merged)

    def bind(self, f: Callable[[Any], "Dist"]) -> "Dist":
        """Chain a chance event: ``f(outcome)`` is the Dist of what happens next.

        >>> Dist.die(2).bind(lambda n: Dist.die(6).pool(n).map(lambda t: t[0]))[6]
        Fraction(17, 72)
        """
        merged: dict[Any, Fraction] = {}
        for outcome, weight in self._weights.items():
            sub = f(outcome)
            if not isinstance(sub, Dist):
                sub = Dist.certain(sub)
            for new, p in sub.items():
                merged[new] = merged.get(new, Fraction(0)) + p * weight
        return Dist._from_fractions(merged)

    def given(self, predicate: Callable[[Any], bool]) -> "Dist":
        """The distribution conditioned on ``predicate`` being true."""
        kept = {o: w for o, w in self._weights.items() if predicate(o)}
        if not kept:
            raise ValueError("Cannot condition on an event of probability zero.")
        return Dist(kept)

    def _combine(self, other: "Dist", op: Callable[[Any, Any], Hashable]) -> "Dist":
        merged: dict[Any, int] = {}
        for a, wa in self._weights.items():
            for b, wb in other._weights.items():
                key = op(a, b)
                merged[key] = merged.get(key, 0) + wa * wb
        return Dist(merged)

    def __add__(self, other: Any) -> "Dist":
        """Sum of independent distributions (a plain number shifts every outcome)."""
        if not isinstance(other, Dist):
            other = Dist.certain(other)
        return self._combine(other, lambda a, b: a + b)

    def __radd__(self, other: Any) -> "Dist":
        if other == 0:  # lets sum([d1, d2, ...]) work
            return self
        return Dist.certain(other) + self

    def repeat_sum(self, n: int) -> "Dist":
        """Sum of ``n`` independent copies (``n`` >= 1)."""
        if n < 1:
            raise ValueError("repeat_sum needs n >= 1")
        result = self
        for _ in range(n - 1):
            result = result + self
        return result

    def pool(self, n: int) -> "Dist":
        """``n`` independent copies as a tuple **sorted highest first**.

        Counts multisets instead of listing every ordered roll, so ``Dist.die(6).pool(6)``
        has 462 outcomes, not 46,656 rolls.

        >>> Dist.die(6).pool(3)[(6, 6, 6)]
        Fraction(1, 216)
        """
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"pool needs a whole number of copies >= 0, got {n!r}.")
        try:
            values = sorted(self._weights, reverse=True)
        except TypeError as error:
            raise ValueError("pool needs outcomes that can be sorted.") from error
        merged: dict[tuple, int] = {}
        n_factorial = math.factorial(n)
        for combo in combinations_with_replacement(values, n):  # already highest first
            weight = n_factorial
            run_value, run_length = object(), 0
            for value in combo:
                weight *= self._weights[value]
                if value == run_value:
                    run_length += 1
                    weight //= run_length
                else:
                    run_value, run_length = value, 1
            merged[combo] = weight
        return Dist(merged)

    def keep_highest(self, n: int, keep: int = 1) -> "Dist":
        """Sum of the ``keep`` highest of ``n`` copies."""
        return self.pool(n).map(lambda roll: sum(roll[:keep]))

    # ------------------------------------------------------------------ comparing
    def __eq__(self, other: Any) -> bool:
        if not isinstance(other, Dist):
            return NotImplemented
        return self._total == other._total and self._weights == other._weights

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._weights.items()))
        return self._hash

    # ------------------------------------------------------------------ showing
    def to_sympy(self, name: str = "X"):
        """A ``sympy.stats`` finite random variable with Rational probabilities."""
        import sympy
        from sympy.stats import FiniteRV

        return FiniteRV(name, {o: sympy.Rational(p.numerator, p.denominator) for o, p in self.items()})

    def __repr__(self) -> str:
        shown = ", ".join(f"{o!r}: {w}" for o, w in list(self._weights.items())[:12])
        more = ", …" if len(self._weights) > 12 else ""
        return f"Dist({{{shown}{more}}}, total={self._total})"

    def table(self) -> list[tuple[Any, Fraction, float]]:
        """Rows of (outcome, exact probability, percent) for display."""
        return [(o, p, float(p) * 100) for o, p in self.items()]

    def _repr_html_(self) -> str:
        import html

        rows = []
        biggest = max(self._weights.values())
        for outcome, p, percent in self.table():
            bar = int(120 * self._weights[outcome] / biggest)
            rows.append(
                f"<tr><td>{html.escape(str(outcome))}</td><td>{p}</td><td>{percent:.2f}%</td>"
                f"<td><div style='background:#3b6ea5;height:10px;width:{bar}px'></div></td></tr>"
            )
        return (
            "<table class='pl-dist'><thead><tr><th>outcome</th><th>probability</th>"
            "<th>%</th><th></th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
        )
