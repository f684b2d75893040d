"""Markov chains against closed forms: gambler's ruin, a two-state chain, a fair-die walk."""
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from pirates_lab.core import Dist, MarkovChain
from pirates_lab.core.markov import solve_exact


def ruin_chain(n: int, p: Fraction) -> MarkovChain:
    def step(x):
        if x in (0, n):
            return Dist.certain(x)
        return Dist.from_probabilities({x + 1: p, x - 1: 1 - p})
    return MarkovChain.from_step(range(n + 1), step)


@given(st.integers(2, 8), st.data())
@settings(max_examples=25, deadline=None)
def test_gamblers_ruin_closed_form(n, data):
    p = data.draw(st.sampled_from([Fraction(1, 2), Fraction(1, 3), Fraction(3, 5), Fraction(2, 7)]))
    i = data.draw(st.integers(0, n))
    chain = ruin_chain(n, p)
    q = 1 - p
    if p == q:
        win, steps = Fraction(i, n), Fraction(i * (n - i))
    else:
        r = q / p
        win = (1 - r ** i) / (1 - r ** n)
        steps = Fraction(i) / (q - p) - Fraction(n) / (q - p) * win
    assert chain.absorption_probabilities(i) == {0: 1 - win, n: win}
    assert chain.expected_steps(i) == steps


def test_float_path_agrees_with_exact():
    chain = MarkovChain({"sun": {"sun": Fraction(3, 4), "rain": Fraction(1, 4)},
                         "rain": {"sun": Fraction(1, 2), "rain": Fraction(1, 2)}})
    exact, approx = chain.stationary(), chain.stationary_float()
    assert exact == {"sun": Fraction(2, 3), "rain": Fraction(1, 3)}
    assert all(abs(float(exact[k]) - approx[k]) < 1e-12 for k in exact)


def test_two_state_stationary_and_n_steps():
    chain = MarkovChain({"sun": {"sun": Fraction(3, 4), "rain": Fraction(1, 4)},
                         "rain": {"sun": Fraction(1, 2), "rain": Fraction(1, 2)}})
    assert chain.stationary() == {"rain": Fraction(1, 3), "sun": Fraction(2, 3)}
    floats = chain.stationary_float()
    assert abs(floats["sun"] - 2 / 3) < 1e-9
    after = chain.distribution_after(2, "rain")
    assert after["sun"] == Fraction(1, 2) * Fraction(3, 4) + Fraction(1, 2) * Fraction(1, 2)
    assert chain.absorbing == []


def test_hitting_time_of_a_cycle():
    # a walk on a 4-cycle moving +1 or -1: from 0, expected time to reach 2 is 4
    chain = MarkovChain.from_step([0], lambda x: Dist.uniform([(x + 1) % 4, (x - 1) % 4]))
    assert chain.hitting_time(2, 0) == 4
    assert chain.hitting_time(1, 0) == 3
    assert chain.stationary() == {k: Fraction(1, 4) for k in range(4)}


def test_solve_exact_refuses_a_singular_system():
    with pytest.raises(ValueError, match="singular"):
        solve_exact([[Fraction(1), Fraction(2)], [Fraction(2), Fraction(4)]], [[Fraction(1)], [Fraction(2)]])
