"""Confidence intervals: exact on known cases, and properties that must hold."""
from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pirates_lab.lab import exact_interval, wilson_interval
from pirates_lab.lab.stats import z_value


def test_wilson_known_cases():
    z = 1.959963984540054
    assert z_value(0.95) == pytest.approx(z, abs=1e-12)
    low, high = wilson_interval(5, 10)
    half = z * math.sqrt(0.25 / 10 + z * z / 400) / (1 + z * z / 10)
    assert (low, high) == pytest.approx((0.5 - half, 0.5 + half), abs=1e-12)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson_interval(0, 10)[0] == 0 and round(wilson_interval(0, 10)[1], 4) == 0.2775
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_exact_binomial_known_cases():
    # Clopper-Pearson: no wins in n games -> upper = 1 - (alpha/2)^(1/n); all wins -> lower = (alpha/2)^(1/n)
    assert exact_interval(0, 10) == pytest.approx((0.0, 1 - 0.025 ** 0.1), abs=1e-12)
    assert exact_interval(10, 10) == pytest.approx((0.025 ** 0.1, 1.0), abs=1e-12)
    assert exact_interval(5, 10) == pytest.approx((0.187086, 0.812914), abs=1e-6)
    # one win in one game: lower = 0.025
    assert exact_interval(1, 1) == pytest.approx((0.025, 1.0), abs=1e-12)


def test_bad_counts_are_refused():
    with pytest.raises(ValueError, match="wins must be between"):
        wilson_interval(11, 10)
    with pytest.raises(ValueError, match="games must be"):
        exact_interval(1, -1)
    with pytest.raises(ValueError, match="confidence"):
        wilson_interval(1, 2, confidence=1.5)


@given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_intervals_hold_the_observed_rate_and_the_exact_one_is_wider(case):
    wins, games = case
    p = wins / games
    w_low, w_high = wilson_interval(wins, games)
    e_low, e_high = exact_interval(wins, games)
    assert 0 <= w_low <= p <= w_high <= 1 and 0 <= e_low <= p <= e_high <= 1
    if 0 < wins < games:   # at 0 or n wins Clopper-Pearson spends alpha/2 on a side that cannot miss
        assert e_high - e_low >= w_high - w_low - 1e-12
    assert wilson_interval(wins, games, 0.99)[1] >= w_high
