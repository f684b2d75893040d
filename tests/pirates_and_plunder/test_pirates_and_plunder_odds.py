"""Exact tile-draw odds and the battles solved, checked against brute force.

Rules: Pirates & Plunder › Battles
"""
import time
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pirates_lab.core import InvalidInput
from pirates_lab.pirates_and_plunder.battles import open_battle, secret_battle
from pirates_lab.pirates_and_plunder.odds import feature_odds, fitting_tiles, gap_odds, gaps, hits, within
from pirates_lab.pirates_and_plunder.parts import ISLAND
from pirates_lab.pirates_and_plunder.scenarios import build
from pirates_lab.pirates_and_plunder.scoring import describe


def brute_within(unseen, fitting, draws):
    tiles = [1] * fitting + [0] * (unseen - fitting)
    orders = list(permutations(range(unseen), draws))
    return Fraction(sum(any(tiles[i] for i in order) for order in orders), len(orders))


@pytest.mark.parametrize("unseen, fitting, draws", [(5, 1, 1), (5, 2, 3), (6, 0, 2), (6, 6, 1), (7, 3, 4)])
def test_within_matches_brute_force(unseen, fitting, draws):
    assert within(unseen, fitting, draws) == brute_within(unseen, fitting, draws)


def test_hits_is_hypergeometric_and_sums_to_one():
    dist = hits(79, 6, 10)
    assert sum(p for _, p in dist.items()) == 1 and dist.mean() == Fraction(60, 79)
    assert 1 - dist[0] == within(79, 6, 10)


def test_tiles_fitting_a_gap_are_exactly_those_with_a_matching_turn():
    state = build(tiles=[("headland", (0, 0), 0)], drawn="bend")
    fit = fitting_tiles(state, (0, -1))             # needs island on its south edge
    expected = {t.name: state.bag[i] for i, t in enumerate(state.board.types)
                if state.bag[i] and any(t.rotated_edges(r)[2] == ISLAND for r in range(4))}
    assert fit == expected and sum(fit.values()) == 44 and "captain's wheel" not in fit
    odds = gap_odds(state, (0, -1), 3)                # 80 less the start tile, the headland and the bend
    assert odds.unseen == 77 and odds.probability == within(77, 44, 3)


def test_feature_odds_by_enumerating_every_order_of_a_small_bag():
    state = build(tiles=[("headland", (0, 0), 0)], phase="draw", bag={"headland": 1, "open sea": 2, "bend": 1})
    node = state.node((0, 0), 0)
    assert gaps(state, node) == [(0, -1)]
    bag = ["headland", "open sea", "open sea", "bend"]
    orders = list(permutations(bag, 2))
    exact = Fraction(sum("headland" in order for order in orders), len(orders))
    assert feature_odds(state, node, 2) == exact == Fraction(1, 2)


def test_odds_refuse_nonsense_at_once():
    with pytest.raises(InvalidInput):
        within(10, 11, 1)
    state = build(tiles=[("headland", (0, 0), 0)], drawn="bend")
    with pytest.raises(InvalidInput):
        gap_odds(state, (5, 5), 1)
    with pytest.raises(InvalidInput):
        gap_odds(state, (0, -1), 10**6)


def test_features_described_in_words():
    state = build(tiles=[("spice headland", (0, 0), 0)], ships=[(1, (0, 0), 0)], drawn="bend")
    assert describe(state, state.node((0, 0), 0)) == \
        "An island of 1 segment, open (3 open edge places): worth 2 points to player 2; resources on it: spice."


# ------------------------------------------------------------------ the open battle
@pytest.mark.parametrize("a_res, d_res, base", [(0, 0, 0), (5, 2, 1), (3, 3, 0), (2, 4, 1)])
def test_open_battle_thresholds_match_brute_force(a_res, d_res, base):
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    battle = open_battle(a_res, d_res, base)
    for attack in range(a_res + 1):
        answers = [d for d in range(d_res + 1) if base + d >= attack]
        assert battle.answer(attack) == (min(answers) if answers else None)
    wins = [a for a in range(a_res + 1) if battle.answer(a) is None]
    assert battle.winning_attack == (min(wins) if wins else None)


# ------------------------------------------------------------------ the secret battle
def test_secret_battle_small_case_by_hand():
    game = secret_battle(2, 1, 0, 3, 1)
    assert [[game.payoff(a, d) for d in range(2)] for a in range(3)] == [[0, 1], [2, 0], [1, 2]]
    assert game.value == Fraction(4, 3)
    assert game.attacker == game.attacker.from_probabilities({1: Fraction(1, 3), 2: Fraction(2, 3)})
    assert game.defender == game.defender.from_probabilities({0: Fraction(2, 3), 1: Fraction(1, 3)})


def equilibrium(game):
    assert sum(p for _, p in game.attacker.items()) == 1 and sum(p for _, p in game.defender.items()) == 1
    assert all(0 <= a <= game.attacker_resources for a in game.attacker.outcomes())
    for a in range(game.attacker_resources + 1):
        assert game.against_defender(a) <= game.value          # no pure attack beats the defender's mix
    for d in range(game.defender_resources + 1):
        assert game.against_attacker(d) >= game.value          # no pure defence beats the attacker's mix


@settings(max_examples=60)
@given(st.integers(0, 10), st.integers(0, 10), st.integers(0, 1), st.integers(0, 12),
       st.sampled_from([Fraction(0), Fraction(1), Fraction(1, 2), Fraction(3, 2)]))
def test_secret_battle_is_an_exact_equilibrium(a_res, d_res, base, ship, resource):
    """Rules: Pirates & Plunder › Battles"""
    equilibrium(secret_battle(a_res, d_res, base, ship, resource))


def test_secret_battle_with_full_resources_is_exact_and_fast():
    """Rules: Pirates & Plunder › Battles.  Given both sides with 15 resources (every resource of the game), When the
    secret battle is solved, Then the answer is an exact equilibrium and takes under 2 s of CPU (the calculators'
    bound; CPU time, so a loaded machine does not fail it)."""
    start = time.process_time()
    battle = secret_battle(15, 15, 1, 7, 1)
    assert time.process_time() - start < 2
    equilibrium(battle)


@pytest.mark.parametrize("args", [(61, 1, 0, 1, 1), (1, -1, 0, 1, 1), (1, 1, 0, "ship", 1), (1, 1, 0, 1, 10**9),
                                  (True, 1, 0, 1, 1)])
def test_secret_battle_refuses_huge_or_bad_inputs_at_once(args):
    with pytest.raises(InvalidInput):
        secret_battle(*args)
