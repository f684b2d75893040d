"""Plain-text answers for the terminal: percentages first, exact fractions beside them.

Used by ``pirates-lab odds`` and by each game's own odds subcommands.
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

__all__ = ["percent", "probability_line", "table", "plural"]


def plural(n: int, word: str, words: str | None = None) -> str:
    """``plural(1, "cannonball")`` -> ``'1 cannonball'``; ``plural(2, "cannonball")`` -> ``'2 cannonballs'``.

    >>> plural(1, "cannonball"), plural(0, "cannonball"), plural(3, "die", "dice")
    ('1 cannonball', '0 cannonballs', '3 dice')
    """
    return f"{n} {word if n == 1 else (words or word + 's')}"


def percent(p: Fraction) -> str:
    """``Fraction(1, 3)`` -> ``'33.33%'`` (more digits for tiny probabilities; never "100.00%" short of 1).

    >>> percent(Fraction(1, 3)), percent(Fraction(1, 216)), percent(Fraction(1, 10**7))
    ('33.33%', '0.46%', '0.000010%')
    >>> percent(1 - Fraction(1, 10**6)), percent(Fraction(1)), percent(Fraction(1, 10**12))
    ('> 99.99%', '100.00%', '< 0.000001%')
    """
    p = Fraction(p)
    value = float(p) * 100
    if 0 < p < 1 and value >= 99.995:
        return "> 99.99%"
    if value == 0 or value >= 0.01 or p == 0:
        return f"{value:.2f}%"
    if value < 0.0000005:
        return "< 0.000001%"
    return f"{value:.6f}%"


def probability_line(label: str, p: Fraction) -> str:
    """One line of output: the exact fraction and its percentage.

    >>> probability_line("P(total >= 12)", Fraction(5, 12))
    'P(total >= 12) = 5/12 ≈ 41.67%'

    Near certainty (or near zero) the percentage is a bound, so it follows without "≈"; exact 0
    and 1 keep their exact percentages:

    >>> probability_line("P(win)", 1 - Fraction(1, 10**6))
    'P(win) = 999999/1000000 > 99.99%'
    >>> probability_line("P(loss)", Fraction(1, 10**12))
    'P(loss) = 1/1000000000000 < 0.000001%'
    >>> probability_line("P(sure)", Fraction(1)), probability_line("P(never)", Fraction(0))
    ('P(sure) = 1 ≈ 100.00%', 'P(never) = 0 ≈ 0.00%')
    """
    p = Fraction(p)
    shown = percent(p)
    return f"{label} = {p} {shown}" if shown[0] in "<>" else f"{label} = {p} ≈ {shown}"


def table(rows: Sequence[tuple[str, Fraction]], heading: str = "outcome") -> str:
    """Aligned rows: label, exact probability, percentage."""
    rows = [(str(label), Fraction(p)) for label, p in rows]
    width = max([len(heading)] + [len(label) for label, _ in rows])
    exact_width = max([5] + [len(str(p)) for _, p in rows])
    lines = [f"{heading:<{width}}  {'exact':>{exact_width}}  {'%':>8}"]
    lines += [f"{label:<{width}}  {str(p):>{exact_width}}  {percent(p):>8}" for label, p in rows]
    return "\n".join(lines)
