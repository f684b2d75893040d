"""Confidence intervals for win rates.

A policy's *win rate* is its mean win share over the games: 1 for a win, 1/k for a k-way tie,
0 for a loss (``returns()``).  Two intervals for the true rate, at 95% by default:

- :func:`wilson_interval` — the Wilson score interval (good coverage even near 0% and 100%);
- :func:`exact_interval` — the Clopper-Pearson "exact binomial" interval (never too narrow; wider).

Shared wins (ties) make the number of wins a fraction; both formulas take it as it is.

>>> low, high = wilson_interval(5, 10)
>>> round(low, 4), round(high, 4)
(0.2366, 0.7634)
>>> low, high = exact_interval(0, 10)
>>> low, round(high, 4)
(0.0, 0.3085)
"""
from __future__ import annotations

import math
from statistics import NormalDist

__all__ = ["wilson_interval", "exact_interval", "z_value"]


def z_value(confidence: float) -> float:
    """The two-sided normal quantile: 1.959963984540054 for 95%."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence!r}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def _check(wins, games) -> tuple[float, int]:
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number >= 0, got {games!r}")
    wins = float(wins)
    if not 0 <= wins <= games:
        raise ValueError(f"wins must be between 0 and games ({games}), got {wins!r}")
    return wins, games


def wilson_interval(wins, games: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for a rate of ``wins`` in ``games`` ((0, 1) when no games)."""
    wins, games = _check(wins, games)
    if games == 0:
        return (0.0, 1.0)
    z = z_value(confidence)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    low = 0.0 if wins == 0 else max(0.0, centre - half)      # exactly 0 and 1 at the ends (no rounding dust)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return (low, high)


def exact_interval(wins, games: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Clopper-Pearson interval (beta quantiles): exact binomial coverage, at least ``confidence``."""
    from scipy.stats import beta

    wins, games = _check(wins, games)
    if games == 0:
        return (0.0, 1.0)
    alpha = 1 - confidence
    low = 0.0 if wins == 0 else float(beta.ppf(alpha / 2, wins, games - wins + 1))
    high = 1.0 if wins == games else float(beta.ppf(1 - alpha / 2, wins + 1, games - wins))
    return (low, high)
