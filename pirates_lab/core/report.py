"""Plain-text answers for the terminal: percentages first, exact fractions beside them.

Used by ``pirates-lab odds`` and by each game's own odds subcommands.
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

__all__ = ["percent", "probability_line", "table"]


def percent(p: Fraction) -> str:
    """``Fraction(1, 3)`` -> ``'33.33%'`` (more digits for tiny probabilities).

    >>> percent(Fraction(1, 3)), percent(Fraction(1, 216)), percent(Fraction(1, 10**7))
    ('33.33%', '0.46%', '0.000010%')
    """
    value = float(p) * 100
    if value == 0 or value >= 0.01:
        return f"{value:.2f}%"
    return f"{value:.6f}%"


def probability_line(label: str, p: Fraction) -> str:
    """One line of output: the exact fraction and its percentage.

    >>> probability_line("P(total >= 12)", Fraction(5, 12))
    'P(total >= 12) = 5/12 ≈ 41.67%'
    """
    p = Fraction(p)
    return f"{label} = {p} ≈ {percent(p)}"


def table(rows: Sequence[tuple[str, Fraction]], heading: str = "outcome") -> str:
    """Aligned rows: label, exact probability, percentage."""
    rows = [(str(label), Fraction(p)) for label, p in rows]
    width = max([len(heading)] + [len(label) for label, _ in rows])
    exact_width = max([5] + [len(str(p)) for _, p in rows])
    lines = [f"{heading:<{width}}  {'exact':>{exact_width}}  {'%':>8}"]
    lines += [f"{label:<{width}}  {str(p):>{exact_width}}  {percent(p):>8}" for label, p in rows]
    return "\n".join(lines)
