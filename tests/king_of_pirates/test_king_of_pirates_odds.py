"""Exact odds of King of Pirates against hand-checked values, naive references and Monte Carlo."""
import doctest
import itertools
import math
import random
from fractions import Fraction
from functools import lru_cache

import pytest
from hypothesis import given, settings, strategies as st

from pirates_lab.core import InvalidInput
from pirates_lab.core.geometry import HEX_DIRECTIONS, hex_ring
from pirates_lab.king_of_pirates import components, odds
from pirates_lab.king_of_pirates.odds import (
    combat_success_probability, dutchman_distribution, dutchman_expected_hitting_time, dutchman_reach_probability,
    dutchman_stationary, dutchman_step, expected_cannonballs_used, expected_upkeeps_until_mutiny,
    first_mutiny_distribution, mutiny_cause, p_no_mutiny_within, pvp_win_probability, reroll_policy,
    route_survival, safest_route,
)

F = Fraction
DIE = range(1, 7)


def test_docstring_examples():
    for module in (odds, __import__("pirates_lab.king_of_pirates.components", fromlist=["x"])):
        result = doctest.testmod(module)
        assert result.failed == 0


# ------------------------------------------------------------------ naive references
@lru_cache(maxsize=None)
def naive_nation(need, k, d1, d2):
    """Ordered dice, every option tried (re-roll die 1, die 2, both): (P, expected cannonballs)."""
    if d1 + d2 >= need:
        return (F(1), F(0))
    best = (F(0), F(0))  # stop
    if k:
        options = [
            (sum(naive_nation(need, k - 1, x, d2)[0] for x in DIE) / 6, 1 + sum(naive_nation(need, k - 1, x, d2)[1] for x in DIE) / 6),
            (sum(naive_nation(need, k - 1, d1, x)[0] for x in DIE) / 6, 1 + sum(naive_nation(need, k - 1, d1, x)[1] for x in DIE) / 6),
            (sum(naive_nation(need, k - 1, x, y)[0] for x in DIE for y in DIE) / 36,
             1 + sum(naive_nation(need, k - 1, x, y)[1] for x in DIE for y in DIE) / 36),
        ]
        for p, c in options:
            if p > best[0] or (p == best[0] and c < best[1]):
                best = (p, c)
    return best


def naive_fresh(need, k):
    pairs = [naive_nation(need, k, x, y) for x in DIE for y in DIE]
    return sum(p for p, _ in pairs) / 36, sum(c for _, c in pairs) / 36


def test_hand_checked_values():
    assert combat_success_probability(7) == F(21, 36)
    assert combat_success_probability(6) == F(26, 36)          # British merchant ship
    assert combat_success_probability(8) == F(15, 36)          # Spanish merchant ship
    assert combat_success_probability(10) == F(6, 36)          # city, warship
    assert combat_success_probability(11) == F(3, 36)          # stronghold
    assert combat_success_probability(12) == F(1, 36)
    assert combat_success_probability(13) == 0
    assert combat_success_probability(2) == 1
    assert combat_success_probability(11, modifier=-1) == F(1, 36)
    # one cannonball against 12: keep a six (10/36 of rolls have exactly one) or re-roll both
    assert combat_success_probability(12, cannonballs=1) == F(1, 36) + F(10, 36) * F(1, 6) + F(25, 36) * F(1, 36)
    assert expected_cannonballs_used(12, cannonballs=1) == F(35, 36)
    assert expected_cannonballs_used(13, cannonballs=5) == 0   # hopeless: spend nothing
    assert expected_cannonballs_used(2, cannonballs=5) == 0
    assert expected_cannonballs_used(7, 0, 0) == 0


@pytest.mark.parametrize("need", [2, 5, 7, 9, 11, 12, 13])
@pytest.mark.parametrize("k", [0, 1, 2, 3])
def test_against_naive_ordered_dice(need, k):
    p, c = naive_fresh(need, k)
    assert combat_success_probability(need, 0, k) == p
    assert expected_cannonballs_used(need, 0, k) == c
    # only target - modifier matters
    assert combat_success_probability(need + 2, 2, k) == p


def test_reroll_policy_reads_right():
    policy = reroll_policy(11, 0, 2)
    assert policy.decision((6, 1), 2) == "keep high"
    assert policy.decision((1, 6), 1) == "keep high"
    assert policy.decision((2, 2), 2) == "both"
    assert policy.decision((6, 5), 2) == "stop"               # already a success
    assert policy.summary()[(5, 3)] == "keep high"
    assert "keep the 6, re-roll the 1" in str(policy)
    hopeless = reroll_policy(13, 0, 3)
    assert set(hopeless.summary().values()) == {"stop"}
    with pytest.raises(InvalidInput):
        policy.decision((3, 2), 7)


def simulate_policy(target, modifier, cannonballs, rng):
    policy = reroll_policy(target, modifier, cannonballs)
    dice = sorted((rng.randint(1, 6), rng.randint(1, 6)), reverse=True)
    left, spent = cannonballs, 0
    while True:
        choice = policy.decision(tuple(dice), left)
        if choice == "stop":
            return sum(dice) + modifier >= target, spent
        left, spent = left - 1, spent + 1
        if choice == "both":
            dice = [rng.randint(1, 6), rng.randint(1, 6)]
        elif choice == "keep high":
            dice = [dice[0], rng.randint(1, 6)]
        else:
            dice = [dice[1], rng.randint(1, 6)]
        dice.sort(reverse=True)


@pytest.mark.parametrize("target,modifier,cannonballs", [(11, 1, 3), (10, -1, 2), (8, 0, 1)])
def test_monte_carlo_within_4_sigma(target, modifier, cannonballs):
    rng = random.Random(4)
    n = 20_000
    runs = [simulate_policy(target, modifier, cannonballs, rng) for _ in range(n)]
    p = combat_success_probability(target, modifier, cannonballs)
    wins = sum(w for w, _ in runs)
    assert abs(wins / n - float(p)) <= 4 * math.sqrt(float(p * (1 - p)) / n)
    mean_spent = sum(s for _, s in runs) / n
    expected = float(expected_cannonballs_used(target, modifier, cannonballs))
    sd = math.sqrt(sum((s - expected) ** 2 for _, s in runs) / n)
    assert abs(mean_spent - expected) <= 4 * sd / math.sqrt(n) + 1e-9


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 13), st.integers(-5, 5), st.integers(0, 9))
def test_more_cannonballs_or_modifier_never_hurt(target, modifier, cannonballs):
    p = combat_success_probability(target, modifier, cannonballs)
    assert 0 <= p <= 1
    assert combat_success_probability(target, modifier, cannonballs + 1) >= p
    assert combat_success_probability(target, modifier + 1, cannonballs) >= p
    assert 0 <= expected_cannonballs_used(target, modifier, cannonballs) <= cannonballs


def test_bad_inputs_are_refused():
    for bad in (lambda: combat_success_probability(7, 0, -1), lambda: combat_success_probability("7"),
                lambda: combat_success_probability(7.0), lambda: pvp_win_probability(0, -1, 0, 0),
                lambda: dutchman_distribution(2, (9, 9)), lambda: dutchman_distribution(-1),
                lambda: expected_upkeeps_until_mutiny(-1), lambda: p_no_mutiny_within(3, True)):
        with pytest.raises(InvalidInput):
            bad()


# ------------------------------------------------------------------ player versus player
def test_pvp_without_cannonballs_is_ties_to_the_attacker():
    two_d6 = [x + y for x in DIE for y in DIE]
    wins = sum(a >= d for a in two_d6 for d in two_d6)
    assert pvp_win_probability(0, 0, 0, 0) == F(wins, 1296) == F(721, 1296)
    wins = sum(a + 2 >= d + 1 for a in two_d6 for d in two_d6)
    assert pvp_win_probability(2, 0, 1, 0) == F(wins, 1296)


@lru_cache(maxsize=None)
def naive_defender(need, k, d1, d2):
    if d1 + d2 >= need:
        return F(1)
    if not k:
        return F(0)
    return max(sum(naive_defender(need, k - 1, x, d2) for x in DIE) / 6,
               sum(naive_defender(need, k - 1, d1, x) for x in DIE) / 6,
               sum(naive_defender(need, k - 1, x, y) for x in DIE for y in DIE) / 36)


def naive_pvp(edge, ka, kd):
    @lru_cache(maxsize=None)
    def attacker(k, d1, d2):
        need = d1 + d2 + edge + 1
        stop = 1 - sum(naive_defender(need, kd, x, y) for x in DIE for y in DIE) / 36
        if not k:
            return stop
        return max(stop, sum(attacker(k - 1, x, d2) for x in DIE) / 6, sum(attacker(k - 1, d1, x) for x in DIE) / 6,
                   sum(attacker(k - 1, x, y) for x in DIE for y in DIE) / 36)
    return sum(attacker(ka, x, y) for x in DIE for y in DIE) / 36


@pytest.mark.parametrize("edge,ka,kd", [(0, 1, 0), (0, 0, 1), (0, 1, 1), (2, 2, 1), (-3, 1, 2)])
def test_pvp_against_naive(edge, ka, kd):
    assert pvp_win_probability(edge, ka, 0, kd) == naive_pvp(edge, ka, kd)
    assert pvp_win_probability(edge + 1, ka, 1, kd) == naive_pvp(edge, ka, kd)


def test_pvp_monotone():
    base = pvp_win_probability(0, 1, 0, 1)
    assert pvp_win_probability(0, 2, 0, 1) >= base >= pvp_win_probability(0, 1, 0, 2)
    assert pvp_win_probability(1, 1, 0, 1) > base


# ------------------------------------------------------------------ the Flying Dutchman
def brute_force_paths(moves, start):
    comp = components()
    out = {}
    for path in itertools.product(range(6), repeat=moves):
        cell = start
        for face in path:
            dq, dr = HEX_DIRECTIONS[face]
            cell = (cell[0] + dq, cell[1] + dr)
            if hex_ring(cell) > comp.radius:
                cell = comp.centre
        out[cell] = out.get(cell, 0) + F(1, 6 ** moves)
    return out


@pytest.mark.parametrize("moves,start", [(0, (0, 0)), (1, (4, 0)), (2, (3, -1)), (3, (4, -4)), (4, (2, 2))])
def test_dutchman_against_every_path(moves, start):
    assert dutchman_distribution(moves, start) == brute_force_paths(moves, start)


def test_dutchman_hand_values():
    assert dutchman_step((4, 0)).probability((0, 0)) == F(1, 2)      # corner: 3 of 6 moves leave the map
    assert dutchman_step((2, 0)).probability((0, 0)) == 0
    assert dutchman_distribution(1)[(1, 0)] == F(1, 6)
    assert dutchman_distribution(2)[(0, 0)] == F(1, 6)


def test_stationary_is_exact_symmetric_and_matches_scipy():
    pi = dutchman_stationary()
    assert sum(pi.values()) == 1 and len(pi) == 61
    chain = odds.dutchman_chain()
    for cell in pi:   # pi P = pi, exactly
        assert sum(pi[s] * chain.transitions[s][cell] for s in pi) == pi[cell]
    for q, r in pi:   # six-fold rotation (q, r) -> (-r, q + r)
        assert pi[(q, r)] == pi[(-r, q + r)]
    floats = chain.stationary_float()
    assert max(abs(floats[c] - float(p)) for c, p in pi.items()) < 1e-9
    assert max(pi, key=pi.get) == (0, 0)


def test_hitting_time_satisfies_first_step_equations():
    target = (4, 0)
    h = {s: dutchman_expected_hitting_time(target, s) for s in [(0, 0), (1, 0), (3, 0), (4, -1)]}
    assert dutchman_expected_hitting_time(target, target) == 0
    assert dutchman_expected_hitting_time((1, 0), (0, 0)) > 0
    # h(s) = 1 + sum_t P(s,t) h(t): check with every neighbour's value computed too
    for s in [(3, 0), (4, -1)]:
        step = dutchman_step(s)
        rhs = 1 + sum(p * (0 if t == target else dutchman_expected_hitting_time(target, t)) for t, p in step.items())
        assert rhs == h[s]


def test_reach_probability_against_paths():
    target = (2, -1)
    for moves in range(0, 5):
        count = 0
        for path in itertools.product(range(6), repeat=moves):
            cell, hit = (0, 0), False
            for face in path:
                dq, dr = HEX_DIRECTIONS[face]
                cell = (cell[0] + dq, cell[1] + dr)
                if hex_ring(cell) > 4:
                    cell = (0, 0)
                hit = hit or cell == target
            count += hit
        assert dutchman_reach_probability(target, moves) == F(count, 6 ** moves)


def brute_route(route, dutchman, moves_per_turn):
    lairs = set(components().lairs)
    total = F(0)
    turns = len(route)
    for path in itertools.product(range(6), repeat=moves_per_turn * turns):
        cell, here, alive, i = dutchman, route[0][0], True, 0
        for turn, entered in enumerate(route):
            for _ in range(moves_per_turn):
                dq, dr = HEX_DIRECTIONS[path[i]]
                i += 1
                cell = (cell[0] + dq, cell[1] + dr)
                if hex_ring(cell) > 4:
                    cell = (0, 0)
                alive = alive and not (cell == here and here not in lairs)
            for c in (entered[1:] if turn == 0 else entered):
                here = c
                alive = alive and not (cell == here and here not in lairs)
        total += F(alive, 6 ** len(path))
    return total


def test_route_survival_against_enumeration():
    route = [[(3, 0), (2, 0)], [(1, 0)], [(1, -1)]]
    assert route_survival(route, (1, 0), 1) == brute_route(route, (1, 0), 1)
    route = [[(4, 0), (3, 0), (2, 0)], [(1, 0), (0, 0)]]
    assert route_survival(route, (2, 1), 2) == brute_route(route, (2, 1), 2)


def test_safest_route_is_best_of_shortest_routes():
    start, dutchman = (3, -2), (2, -1)
    cells, p = safest_route(start, (0, 0), dutchman, speed=1)
    assert cells[0] == start and cells[-1] == (0, 0) and len(cells) == 4
    every = odds._shortest_paths(start, (0, 0))
    assert len(every) == 3          # two steps west, one south-west, in any order
    assert p == max(route_survival([[start, path[0]]] + [[c] for c in path[1:]], dutchman, 1) for path in every)
    # the Dutchman always moves before you sail, so its current cell is the one place it is not:
    assert cells == [start, dutchman, (1, -1), (0, 0)] and p == F(65, 108)


# ------------------------------------------------------------------ upkeep and mutiny
def test_upkeep_hand_values():
    assert expected_upkeeps_until_mutiny(0) == F(3, 2)
    assert expected_upkeeps_until_mutiny(1) == F(9, 4)   # E1 = 1 + E1/3 + E0/3
    assert p_no_mutiny_within(0, 1) == F(1, 3)
    assert p_no_mutiny_within(1, 1) == F(2, 3)
    assert p_no_mutiny_within(5, 0) == 1
    assert p_no_mutiny_within(2, 1) == 1
    assert first_mutiny_distribution(0, 3) == {1: F(2, 3), 2: F(2, 9), 3: F(2, 27)}
    assert mutiny_cause(0) == odds.Dist.from_probabilities({"lose 1 rum": F(1, 2), "lose 2 rum": F(1, 2)})


def test_upkeep_against_the_chain_and_monte_carlo():
    rum = 4
    chain = odds.rum_chain(rum)
    after = chain.distribution_after(6, rum)
    assert p_no_mutiny_within(rum, 6) == after.probability(lambda s: not isinstance(s, tuple))
    # expected value from the first-mutiny distribution (long horizon) agrees with the chain
    dist = first_mutiny_distribution(rum, 200)
    assert abs(float(sum(n * p for n, p in dist.items())) - float(expected_upkeeps_until_mutiny(rum))) < 1e-9
    rng = random.Random(7)
    n, total, squares = 20_000, 0, 0
    for _ in range(n):
        held, rolls = rum, 0
        while True:
            rolls += 1
            lost = rng.choice([0, 0, 1, 1, 2, 2])
            if lost > held:
                break
            held -= lost
        total += rolls
        squares += rolls * rolls
    mean = total / n
    sd = math.sqrt(squares / n - mean * mean)
    assert abs(mean - float(expected_upkeeps_until_mutiny(rum))) <= 4 * sd / math.sqrt(n)


def closed_form_expected_upkeeps(rum: int) -> Fraction:
    """The closed form docs/king_of_pirates.md states for the printed die: E[r] = r + 4/3 + (1/6)(-1/2)^r."""
    return rum + F(4, 3) + F(1, 6) * F(-1, 2) ** rum


def test_the_closed_form_for_expected_upkeeps_agrees_with_the_markov_chain():
    """Rules: King of Pirates › Phase 1: Upkeep Phase

    Given the printed upkeep die (scurvy, lose 1 rum, lose 2 rum, two faces each), When the expected upkeep
    rolls until a mutiny are solved on the rum chain (fundamental matrix, exact), Then they equal the closed
    form for every rum amount 0..40 (E[0] = 3/2: a scurvy face keeps the crew happy) and the calculator's answer.
    """
    for rum in range(41):
        from_chain = odds.rum_chain(rum).expected_steps(rum)
        assert from_chain == closed_form_expected_upkeeps(rum) == expected_upkeeps_until_mutiny(rum), rum
    assert closed_form_expected_upkeeps(0) == F(3, 2) and closed_form_expected_upkeeps(4) == F(171, 32)
    assert expected_upkeeps_until_mutiny(10_000) == closed_form_expected_upkeeps(10_000)


def test_upkeep_die_is_editable():
    faces = {"scurvy": 0, "lose 1 rum": 1, "lose 2 rum": 0}
    assert expected_upkeeps_until_mutiny(3, faces) == 4
    with pytest.raises(InvalidInput):
        expected_upkeeps_until_mutiny(3, {"scurvy": 1})
