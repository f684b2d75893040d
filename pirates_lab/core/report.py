"""Plain-text answers for the terminal: percentages first, exact fractions beside them.

Used by ``pirates-lab odds`` and by each game's own odds subcommands.  One wording for the ends of the
scale everywhere a calculator prints: an exact 1 reads ``100% (certain)`` and an exact 0 reads
``0% (impossible)`` (:func:`chance` and :func:`exact_text`); anything short of them keeps its digits.
"""
from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

__all__ = ["percent", "chance", "exact_text", "probability_line", "table", "plural", "CERTAIN", "IMPOSSIBLE"]

#: the words for an exact 1 and an exact 0 (the percentages then read "100%" and "0%")
CERTAIN, IMPOSSIBLE = "certain", "impossible"


def plural(n: int, word: str, words: str | None = None) -> str:
    """``plural(1, "cannonball")`` -> ``'1 cannonball'``; ``plural(2, "cannonball")`` -> ``'2 cannonballs'``.

    >>> plural(1, "cannonball"), plural(0, "cannonball"), plural(3, "die", "dice")
    ('1 cannonball', '0 cannonballs', '3 dice')
    """
    return f"{n} {word if n == 1 else (words or word + 's')}"


def percent(p: Fraction, places: int = 2) -> str:
    """``Fraction(1, 3)`` -> ``'33.33%'``: the one percentage formatter (the CLI, the widgets, the lab).

    ``places`` digits after the point; more digits for a probability too small to show that way (never
    "0.00%" above zero), down to a bound; never "100.00%" short of certainty.

    >>> percent(Fraction(1, 3)), percent(Fraction(1, 216)), percent(Fraction(1, 10**7))
    ('33.33%', '0.46%', '0.000010%')
    >>> percent(1 - Fraction(1, 10**6)), percent(Fraction(1)), percent(Fraction(1, 10**12))
    ('> 99.99%', '100.00%', '< 0.000001%')
    >>> percent(Fraction(5, 6), places=1), percent(1 - Fraction(1, 10**4), places=1)
    ('83.3%', '> 99.9%')
    """
    p = Fraction(p)
    value = float(p) * 100
    unit = 10.0 ** -places
    if 0 < p < 1 and value >= 100 - unit / 2:
        return f"> {100 - unit:.{places}f}%"
    if value == 0 or value >= unit or p == 0:
        return f"{value:.{places}f}%"
    if value < 0.0000005:
        return "< 0.000001%"
    return f"{value:.6f}%"


def chance(p: Fraction, places: int = 2) -> str:
    """:func:`percent`, except that an exact 1 and an exact 0 read ``100%`` and ``0%`` (no rounding to hide).

    >>> chance(Fraction(1)), chance(Fraction(0)), chance(Fraction(1, 3)), chance(1 - Fraction(1, 10**9))
    ('100%', '0%', '33.33%', '> 99.99%')
    """
    p = Fraction(p)
    return "100%" if p == 1 else "0%" if p == 0 else percent(p, places)


def exact_text(p: Fraction) -> str:
    """The exact fraction beside a percentage: ``5/12``; ``certain`` for 1 and ``impossible`` for 0.

    >>> exact_text(Fraction(5, 12)), exact_text(Fraction(1)), exact_text(Fraction(0))
    ('5/12', 'certain', 'impossible')
    """
    p = Fraction(p)
    return CERTAIN if p == 1 else IMPOSSIBLE if p == 0 else f"{p.numerator}/{p.denominator}"


def probability_line(label: str, p: Fraction) -> str:
    """One line of output: the percentage first, then the exact fraction in brackets.

    >>> probability_line("P(total >= 12)", Fraction(5, 12))
    'P(total >= 12) ≈ 41.67% (5/12)'
    >>> probability_line("P(even)", Fraction(1, 2))
    'P(even) = 50.00% (1/2)'

    Near certainty (or near zero) the percentage is a bound; exact 0 and 1 say so in words:

    >>> probability_line("P(win)", 1 - Fraction(1, 10**6))
    'P(win) > 99.99% (999999/1000000)'
    >>> probability_line("P(loss)", Fraction(1, 10**12))
    'P(loss) < 0.000001% (1/1000000000000)'
    >>> probability_line("P(sure)", Fraction(1)), probability_line("P(never)", Fraction(0))
    ('P(sure) = 100% (certain)', 'P(never) = 0% (impossible)')
    """
    p = Fraction(p)
    if p in (0, 1):
        return f"{label} = {chance(p)} ({exact_text(p)})"
    shown = percent(p)
    if shown[0] in "<>":
        return f"{label} {shown} ({p})"
    sign = "=" if Fraction(shown[:-1]) == 100 * p else "≈"
    return f"{label} {sign} {shown} ({p})"


def table(rows: Sequence[tuple[str, Fraction]], heading: str = "outcome") -> str:
    """Aligned rows: label, percentage, exact probability (percentages first: people read those).

    >>> print(table([("win", Fraction(1, 3)), ("loss", Fraction(2, 3))], heading="end"))
    end          %  exact
    win     33.33%  1/3
    loss    66.67%  2/3
    >>> print(table([("a 4", Fraction(1)), ("a 5", Fraction(0))], heading="total"))
    total         %  exact
    a 4        100%  certain
    a 5          0%  impossible
    """
    rows = [(str(label), Fraction(p)) for label, p in rows]
    width = max([len(heading)] + [len(label) for label, _ in rows])
    percent_width = max([8] + [len(chance(p)) for _, p in rows])
    lines = [f"{heading:<{width}}  {'%':>{percent_width}}  exact"]
    lines += [f"{label:<{width}}  {chance(p):>{percent_width}}  {exact_text(p)}" for label, p in rows]
    return "\n".join(lines)
