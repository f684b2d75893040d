"""Exact distributions: pinned values, laws (hypothesis), and icepool as an independent peer."""
from collections import Counter
from fractions import Fraction
from itertools import product
import random

import icepool
import pytest
from hypothesis import given, settings, strategies as st

from pirates_lab.core import Dist

weights = st.dictionaries(st.integers(-5, 5), st.integers(1, 9), min_size=1, max_size=6)
dists = weights.map(Dist.from_weights)


def risk_defender_losses(attack: int = 3, defend: int = 2) -> Dist:
    """RISK: the highest dice are compared pair by pair; ties go to the defender."""
    d6 = Dist.die(6)
    return Dist.independent(d6.pool(attack), d6.pool(defend)).map(
        lambda rolls: sum(a > d for a, d in zip(*rolls)))


def test_risk_three_against_two_exact():
    losses = risk_defender_losses()
    assert {k: p * 7776 for k, p in losses.items()} == {0: 2275, 1: 2611, 2: 2890}


def test_risk_matches_icepool():
    attacker = icepool.d6.pool(3).highest(2)
    defender = icepool.d6.pool(2)

    def defender_loss(a, d):
        return sum(x > y for x, y in zip(sorted(a, reverse=True), sorted(d, reverse=True)))

    peer = icepool.map(defender_loss, attacker, defender)
    ours = risk_defender_losses()
    assert {o: Fraction(peer.probability(o)) for o in peer.outcomes()} == dict(ours.items())


def test_die_and_sums():
    two = Dist.die(6) + Dist.die(6)
    assert two[7] == Fraction(1, 6)
    assert two[2] == Fraction(1, 36)
    assert two.mean() == 7
    assert two.variance() == Fraction(35, 6)
    assert (Dist.die(6) + 3)[4] == Fraction(1, 6)
    assert sum([Dist.die(4), Dist.die(4)]) == Dist.die(4) + Dist.die(4)


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
def test_pool_matches_brute_force(n):
    counts = Counter(tuple(sorted(r, reverse=True)) for r in product(range(1, 7), repeat=n))
    pooled = Dist.die(6).pool(n)
    assert dict(pooled.items()) == {k: Fraction(v, 6 ** n) for k, v in counts.items()}
    assert all(list(t) == sorted(t, reverse=True) for t in pooled)


def test_pool_of_six_dice_is_counted_as_multisets():
    six = Dist.die(6).pool(6)
    assert len(six) == 462
    assert six[(6, 6, 6, 6, 6, 6)] == Fraction(1, 6 ** 6)
    assert six[(6, 5, 4, 3, 2, 1)] == Fraction(720, 6 ** 6)


def test_keep_highest():
    best_of_two = Dist.die(6).keep_highest(2)
    assert best_of_two[6] == Fraction(11, 36)
    assert Dist.die(6).keep_highest(4, 3)[18] == Fraction(21, 1296)


def test_weights_are_reduced_and_equal_dists_compare_equal():
    assert Dist.from_weights({"a": 2, "b": 4}) == Dist.from_weights({"a": 1, "b": 2})
    assert hash(Dist.from_weights({"a": 2, "b": 4})) == hash(Dist.from_weights({"a": 1, "b": 2}))
    assert Dist.from_weights({"a": 2, "b": 4}).total_weight == 3


def test_from_probabilities_and_certain():
    d = Dist.from_probabilities({"x": Fraction(1, 3), "y": Fraction(2, 3)})
    assert d["x"] == Fraction(1, 3)
    assert Dist.certain("z").items() == [("z", Fraction(1))]
    with pytest.raises(ValueError, match="add up"):
        Dist.from_probabilities({"x": Fraction(1, 3)})


@pytest.mark.parametrize("bad, message", [
    ({"a": -1, "b": 2}, "negative"),
    ({"a": 0}, "zero"),
    ({}, "zero"),
    ({"a": 1.5}, "integer"),
    ({"a": Fraction(1, 2)}, "integer"),
])
def test_bad_weights_are_refused(bad, message):
    with pytest.raises(ValueError, match=message):
        Dist.from_weights(bad)


def test_unhashable_outcomes_are_refused_with_a_tip():
    with pytest.raises(ValueError, match="tuples instead of lists"):
        Dist.from_weights([([1, 2], 1)])
    with pytest.raises(ValueError, match="not hashable"):
        Dist.die(6).map(lambda x: [x])


def test_bad_dice_and_conditions():
    for sides in (0, -2, 2.5, True):
        with pytest.raises(ValueError):
            Dist.die(sides)
    with pytest.raises(ValueError, match="probability zero"):
        Dist.die(6).given(lambda x: x > 6)
    with pytest.raises(ValueError):
        Dist.uniform([])


def test_given_and_bind():
    assert Dist.die(6).given(lambda x: x > 3) == Dist.uniform([4, 5, 6])
    # roll a d2, then that many d6, keep the best: P(6) = 1/2 * 1/6 + 1/2 * 11/36
    best = Dist.die(2).bind(lambda n: Dist.die(6).keep_highest(n))
    assert best[6] == Fraction(1, 2) * Fraction(1, 6) + Fraction(1, 2) * Fraction(11, 36)


def test_sympy_view_keeps_exact_probabilities():
    import sympy
    from sympy.stats import E, P

    x = Dist.die(6).to_sympy()
    assert E(x) == sympy.Rational(7, 2)
    assert P(x > 4) == sympy.Rational(1, 3)


def test_html_table_lists_every_outcome():
    html = Dist.die(3)._repr_html_()
    assert html.count("<tr>") == 4 and "1/3" in html


def test_sample_follows_exact_weights_within_four_sigma():
    d = Dist.from_weights({"rare": 1, "common": 9})
    rng = random.Random(7)
    n = 20_000
    hits = sum(d.sample(rng) == "rare" for _ in range(n))
    p = 0.1
    assert abs(hits - n * p) < 4 * (n * p * (1 - p)) ** 0.5


# ---------------------------------------------------------------- properties
@given(dists)
def test_every_dist_sums_to_exactly_one(d):
    assert sum(p for _, p in d.items()) == 1


@given(dists, dists)
def test_sum_of_independent_dists_sums_to_one_and_means_add(a, b):
    total = a + b
    assert sum(p for _, p in total.items()) == 1
    assert total.mean() == a.mean() + b.mean()
    assert total.variance() == a.variance() + b.variance()


@given(dists)
def test_map_identity_and_composition(d):
    f, g = (lambda x: x * 2), (lambda x: x % 3)
    assert d.map(lambda x: x) == d
    assert d.map(f).map(g) == d.map(lambda x: g(f(x)))


@given(dists, dists)
def test_bind_monad_laws(d, e):
    assert Dist.certain(3).bind(lambda x: d.map(lambda y: x + y)) == d.map(lambda y: 3 + y)
    assert d.bind(Dist.certain) == d
    assert d.bind(lambda x: e.map(lambda y: x + y)) == d + e


@given(dists, st.integers(0, 3))
@settings(max_examples=40)
def test_pool_sums_to_one_and_is_sorted(d, n):
    pooled = d.pool(n)
    assert sum(p for _, p in pooled.items()) == 1
    assert all(list(t) == sorted(t, reverse=True) for t in pooled)
    assert pooled.map(sum) == (d.repeat_sum(n) if n else Dist.certain(0))
