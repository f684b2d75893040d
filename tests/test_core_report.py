"""pirates_lab.core.report: percentages that never round a near-certainty up to 100% (or a
possibility down to 0%), and probability lines that read as true statements."""
from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pirates_lab.core.report import percent, plural, probability_line, table


@pytest.mark.parametrize("p, line", [
    (Fraction(5, 12), "P(x) ≈ 41.67% (5/12)"),
    (Fraction(1, 4), "P(x) = 25.00% (1/4)"),                          # the percentage is exact: "="
    (1 - Fraction(1, 10**6), "P(x) > 99.99% (999999/1000000)"),
    (1 - Fraction(1, 20001), "P(x) > 99.99% (20000/20001)"),        # 99.995000…%: would round to 100.00%
    (Fraction(1, 10**12), "P(x) < 0.000001% (1/1000000000000)"),
    (Fraction(1, 10**7), "P(x) = 0.000010% (1/10000000)"),
    (Fraction(1, 3 * 10**7), "P(x) ≈ 0.000003% (1/30000000)"),
    (Fraction(1), "P(x) = 100% (certain)"),
    (Fraction(0), "P(x) = 0% (impossible)"),
])
def test_probability_line_drops_the_approximately_sign_before_a_bound(p, line):
    assert probability_line("P(x)", p) == line


def test_exact_certainty_and_impossibility_keep_their_exact_percentages():
    assert percent(Fraction(1)) == "100.00%" and percent(Fraction(0)) == "0.00%"
    assert percent(1 - Fraction(1, 10**30)) == "> 99.99%"
    assert percent(Fraction(1, 10**30)) == "< 0.000001%"


probabilities = st.one_of(
    st.fractions(min_value=0, max_value=1, max_denominator=10**9),
    st.integers(1, 10**40).map(lambda n: 1 - Fraction(1, n + 1)),      # near certainty
    st.integers(1, 10**40).map(lambda n: Fraction(1, n + 1)),          # near zero
    st.sampled_from([Fraction(0), Fraction(1)]))


@settings(max_examples=150, deadline=None)
@given(probabilities)
def test_every_line_is_a_true_statement_about_the_exact_value(p):
    line = probability_line("P(event)", p)
    assert "≈ >" not in line and "≈ <" not in line
    if p in (0, 1):
        assert line == ("P(event) = 100% (certain)" if p == 1 else "P(event) = 0% (impossible)")
        return
    match = re.fullmatch(r"P\(event\) (=|≈|>|<) ([\d.]+)% \((\d+/\d+)\)", line)
    assert match, line
    sign, shown, exact = match.group(1), Fraction(match.group(2)), Fraction(match.group(3))
    assert exact == p
    if sign == "=":
        assert p * 100 == shown
    elif sign == ">":
        assert 0 < p < 1 and p * 100 > shown
    elif sign == "<":
        assert 0 < p < 1 and p * 100 < shown
    else:
        decimals = len(match.group(2).split(".")[1])
        assert p * 100 != shown                                           # "≈" only when it is rounded
        assert abs(p * 100 - shown) <= Fraction(1, 2 * 10**decimals)     # correctly rounded
    assert shown != 100 and shown != 0               # 100% and 0% only when certain or impossible


def test_table_puts_the_percent_before_the_exact_fraction():
    text = table([("win", Fraction(1, 3)), ("loss", Fraction(2, 3))], heading="end")
    assert text.splitlines() == ["end          %  exact", "win     33.33%  1/3", "loss    66.67%  2/3"]
    near = table([("sure", 1 - Fraction(1, 10**9))], heading="x").splitlines()
    assert near == ["x            %  exact", "sure  > 99.99%  999999999/1000000000"]


def test_plural():
    assert [plural(n, "cannonball") for n in (0, 1, 2)] == ["0 cannonballs", "1 cannonball", "2 cannonballs"]
    assert plural(1, "die", "dice") == "1 die" and plural(5, "die", "dice") == "5 dice"
