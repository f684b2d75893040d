"""Tests written to kill mutants of the rewritten counting engine (pirates_lab/plunder_2013/engine.py)
and of the advisors built on it (advisors.py) that survived their own tests (sampled mutation check,
docs/testing.md).

Rules: Plunder (2013) › How to Play
"""
from __future__ import annotations

import random
from math import perm

import pytest

from pirates_lab.core import InvalidInput
from pirates_lab.plunder_2013 import Deduction
from pirates_lab.plunder_2013.advisors import dig_advice, entropy_bits, flip_advice
from pirates_lab.plunder_2013.components import CATEGORIES
from pirates_lab.plunder_2013.engine import Constraint
from pirates_lab.plunder_2013.solver import solve


def test_counts_stay_exact_up_to_2_53_and_larger_counts_are_refused():
    """Given six pirates and no answers yet, the deals are the three categories' assignments of the
    other five pirates (cards-1 P 5 each): When there are 14 cards a category (13P5 cubed, about 3.7e15 <
    2**53), Then the count is exact; When there are 15 (14P5 cubed, about 1.4e16 >= 2**53), Then the
    engine refuses (OverflowError) instead of carrying a count float64 cannot hold exactly."""
    assert solve(6, 0, (1, 1, 1), 14).total == perm(13, 5) ** 3
    assert perm(14, 5) ** 3 >= 2 ** 53 > perm(13, 5) ** 3
    with pytest.raises(OverflowError, match="2\\*\\*53"):
        solve(6, 0, (1, 1, 1), 15)


def test_sampling_a_deal_when_none_fits_says_so():
    """Given my own answer that contradicts my cards (I hold island 1 and said Nay to a clue showing it),
    When a deal is sampled, Then ValueError says no deal fits the answers (not a bare error)."""
    post = solve(3, 0, (1, 1, 1), 4, (Constraint(0, (1, 2, 2), False),))
    assert post.total == 0
    with pytest.raises(ValueError, match="^no deal fits the answers$"):
        post.sample(random.Random(1))


# ---------------------------------------------------------------------------------------- advisors.py
@pytest.mark.parametrize("weights, bits", [([1, 1], 1.0), ([7, 7, 7, 7], 2.0), ([2, 1, 1], 1.5), ([0, 3, 0, 3], 1.0),
                                           ([5], 0.0), ([0, 0], 0.0), ([], 0.0)])
def test_entropy_in_bits_of_whole_number_weights(weights, bits):
    """Given answer counts, Then the entropy is the textbook value: two equal answers teach one bit, four
    teach two, (1/2, 1/4, 1/4) teaches 1.5; zero weights are ignored; one answer (or none) teaches nothing."""
    assert entropy_bits(weights) == pytest.approx(bits, abs=1e-12)


def test_with_no_days_left_the_plan_is_today_alone():
    """Rules: Plunder (2013) › Game End and Scoring ("The player who sent the Crew Card there first steals 3 Treasure points")

    Given three pirates, one day of answers recorded, and no days left, When I ask whether to dig for
    rival 1, Then the plan holds today only: (day 0, the best guess's chance p, 3 points for a right guess —
    nobody can have been there first today — and 3p expected); today is the best day, waiting is worth 0,
    and the card is not kept.
    """
    d = Deduction(3, 0, (1, 2, 3))
    d.record(asker=2, clues=(4, 4, 4), answers={0: "nay", 1: "aye"})
    location, p = d.most_likely()[1]
    advice = dig_advice(d, 1, days_left=0)
    assert 0 < p < 1 and advice.location == location and advice.probability == p
    assert advice.plan == ((0, p, 3, 3 * p),)
    assert advice.best_day == 0 and advice.wait == 0 and advice.now == 3 * p
    assert advice.keep_card is False and advice.dig_now


def test_too_many_deals_to_look_ahead_leaves_today_and_says_why():
    """Rules: Plunder (2013) › How to Play

    Given the same table with days still to come but a deal limit below the deals that fit, When I ask
    whether to dig for rival 1, Then waiting is not weighed (wait and tomorrow's best are None), the note
    says how many deals were too many, and the plan still holds today.
    """
    d = Deduction(3, 0, (1, 2, 3))
    d.record(asker=2, clues=(4, 4, 4), answers={0: "nay", 1: "aye"})
    _, p = d.most_likely()[1]
    advice = dig_advice(d, 1, days_left=3, deal_limit=d.count() - 1)
    assert advice.wait is None and advice.tomorrow_best is None
    assert advice.note == f"More than {d.count() - 1:,} deals still fit: too early to weigh waiting exactly."
    assert advice.plan == ((0, p, 3, 3 * p),) and advice.best_day == 0 and advice.keep_card is False
    assert not advice.dig_now                       # unless certain, no verdict to dig without the look-ahead


def test_a_certain_location_is_dug_now_even_when_the_look_ahead_is_skipped():
    """Rules: Plunder (2013) › Digging Up Treasure

    Given rival 1 has said Nay to (3,3,4), (4,4,5), (5,5,6) and (6,6,1) with my cards (1,2,3) out of six a
    category — his treasure can only be at (2,1,2) — When I ask whether to dig with a deal limit too small
    to enumerate the deals, Then no enumeration is needed (a certain guess stays certain) and the verdict is
    to dig now: tomorrow the same guess is worth fewer points.
    """
    d = Deduction(3, 0, (1, 2, 3))
    for clue in ((3, 3, 4), (4, 4, 5), (5, 5, 6), (6, 6, 1)):
        d.record(asker=2, clues=clue, answers={0: "nay", 1: "nay"})
    assert d.most_likely()[1] == ((2, 1, 2), 1) and d.count() > 1
    advice = dig_advice(d, 1, days_left=3, deal_limit=0)
    assert advice.probability == 1 and [row[1] for row in advice.plan] == [1, 1]    # certain on every day
    assert advice.wait == advice.plan[1][3] < advice.now and advice.best_day == 0
    assert advice.dig_now and "dig now" in str(advice)


def test_a_bad_asker_is_named_in_the_refusal():
    """Rules: Plunder (2013) › How to Play

    Given three pirates, When the flip advisor is asked for seat 3 or for True as the asker, Then the refusal
    names the asker and the seats there are."""
    d = Deduction(3, 0, (1, 2, 3))
    for asker, shown in ((3, "3"), (True, "True")):
        with pytest.raises(InvalidInput) as refused:
            flip_advice(d, (1, 2, 3), {c: {x: 3 for x in range(1, 7)} for c in CATEGORIES}, asker=asker)
        assert str(refused.value) == f"asker must be a player number from 0 to 2, got '{shown}'."
