"""Sorted pair comparisons: the dynamic programme against plain enumeration of sorted rolls."""
from fractions import Fraction

import pytest

from pirates_lab.core import Dist
from pirates_lab.core.compare import PairCounts, sorted_pair_counts


def naive(a: Dist, n: int, b: Dist, m: int) -> Dist:
    def tally(rolls):
        x, y = rolls
        pairs = list(zip(x, y))
        return PairCounts(sum(p > q for p, q in pairs), sum(p < q for p, q in pairs), sum(p == q for p, q in pairs))
    return Dist.independent(a.pool(n), b.pool(m)).map(tally)


@pytest.mark.parametrize("n, m", [(0, 0), (1, 1), (3, 2), (2, 3), (1, 4), (4, 4), (5, 2)])
def test_matches_enumeration_for_dice(n, m):
    assert sorted_pair_counts(Dist.die(6), n, Dist.die(6), m) == naive(Dist.die(6), n, Dist.die(6), m)


def test_matches_enumeration_for_uneven_dice():
    a, b = Dist.from_weights({1: 1, 3: 2, 4: 1}), Dist.die(4)
    assert sorted_pair_counts(a, 3, b, 2) == naive(a, 3, b, 2)


def test_risk_and_six_against_six():
    risk = sorted_pair_counts(Dist.die(6), 3, Dist.die(6), 2).map(lambda c: c.attacker_higher)
    assert {k: p * 7776 for k, p in risk.items()} == {0: 2275, 1: 2611, 2: 2890}
    six = sorted_pair_counts(Dist.die(6), 6, Dist.die(6), 6)
    assert six.map(lambda c: c.attacker_higher)[6] == Fraction(321025, 8503056)
    assert sum(p for _, p in six.items()) == 1


def test_bad_counts_are_refused():
    with pytest.raises(ValueError):
        sorted_pair_counts(Dist.die(6), -1, Dist.die(6), 2)
