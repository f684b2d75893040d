"""The per-category solver: the same numbers as the previous pair engine and CP-SAT, at every size.

Rules: Plunder (2013) › How to Play
"""
from __future__ import annotations

import random

import numpy as np
import pytest

from pirates_lab.plunder_2013 import reference_pairs
from pirates_lab.plunder_2013.engine import MAX_CARDS
from pirates_lab.plunder_2013.solver import solve
from pirates_lab.plunder_2013.game import Game
from pirates_lab.plunder_2013.reference import cp_sat_counts, random_game


def facts_of(records):
    return tuple(f for r in records for f in r.constraints())


CASES = [(players, cards, seed) for players in (2, 3, 4, 5) for cards in (5, 6, 7) if cards >= players
         for seed in range(2)] + [(6, 6, 0), (6, 6, 1)]


@pytest.mark.parametrize("players,cards,seed", CASES)
def test_every_answer_equals_the_previous_pair_engine(players, cards, seed):
    rng = random.Random(1000 * players + 10 * cards + seed)
    hands, records = random_game(rng, players, 4 + seed * 5, cards, lie=0.03)
    me = rng.randrange(players)
    facts = facts_of(records)
    ours = solve(players, me, hands[me], cards, facts)
    old = reference_pairs.solve(players, me, hands[me], cards, facts)
    assert ours.total == old.total
    assert np.array_equal(ours.marginal_counts(), old.marginal_counts())
    for j in range(players - 1):
        assert np.array_equal(ours.location_counts(j), old.location_counts(j))
    for _ in range(3):
        clue = tuple(rng.randint(1, cards) for _ in range(3))
        asker = rng.randrange(players)
        assert ours.answer_counts(clue, asker) == old.answer_counts(clue, asker)
    if 0 < ours.total <= 3000:
        mine = sorted(map(lambda d: d.tobytes(), ours.deals(3000).astype(np.int8)))
        theirs = sorted(map(lambda d: d.tobytes(), old.deals(3000).astype(np.int8)))
        assert mine == theirs


def test_hypotheses_hold_and_lack_as_before():
    rng = random.Random(5)
    hands, records = random_game(rng, 4, 6, 6)
    facts = facts_of(records)
    for holds, lacks in [(((1, 0, 2),), ()), ((), ((2, 2, 5),)), (((3, 1, 4),), ((3, 0, 1),))]:
        ours = solve(4, 0, hands[0], 6, facts, holds, lacks)
        old = reference_pairs.solve(4, 0, hands[0], 6, facts, holds, lacks)
        assert ours.total == old.total and np.array_equal(ours.marginal_counts(), old.marginal_counts())


def test_the_largest_table_counts_exactly_without_any_answer():
    """6 pirates, 12 cards: 5 rivals take 5 of my 11 unseen cards in each category."""
    post = solve(6, 0, (1, 1, 1), MAX_CARDS, ())
    assert post.total == (11 * 10 * 9 * 8 * 7) ** 3
    marginal = post.marginal_counts()
    assert marginal[2, 1, 0] == 0 and marginal[2, 1, 1] == post.total // 11


@pytest.mark.parametrize("players,cards,days,seed", [(3, 12, 15, 1), (4, 10, 15, 2), (3, 9, 12, 3)])
def test_large_cards_against_cp_sat(players, cards, days, seed):
    hands, records = random_game(random.Random(seed), players, days, cards)
    facts = facts_of(records)
    post = solve(players, 0, hands[0], cards, facts)
    total, counts = cp_sat_counts(players, 0, hands[0], cards, facts)
    assert post.total == total
    marginal = post.marginal_counts()
    for j, p in enumerate(post.others):
        for c, name in enumerate(("island", "marker", "trap")):
            assert [int(v) for v in marginal[j, c]] == [counts[p][name][x] for x in range(1, cards + 1)]


def test_samples_are_consistent_and_cover_every_deal():
    hands, records = random_game(random.Random(8), 3, 6, 6)
    post = solve(3, 0, hands[0], 6, facts_of(records))
    deals = {d.astype(np.int8).tobytes() for d in post.deals(10_000)}
    assert len(deals) == post.total <= 400
    rng = random.Random(0)
    seen = {}
    for _ in range(40 * post.total):
        key = post.sample(rng).astype(np.int8).tobytes()
        assert key in deals
        seen[key] = seen.get(key, 0) + 1
    assert set(seen) == deals
    assert max(seen.values()) < 3 * min(seen.values())          # uniform, loosely (a cross-check)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_option_the_game_accepts_is_solved(players):
    """Every cards_per_category the Game accepts, at the day-15 size of a seeded game."""
    for cards in range(players, MAX_CARDS + 1):
        Game(players=players, cards_per_category=cards)
        hands, records = random_game(random.Random(cards), players, 15, cards)
        post = solve(players, 1 % players, hands[1 % players], cards, facts_of(records))
        assert post.total >= 1
        marginal = post.marginal_counts()
        assert (marginal.sum(axis=2) == post.total).all()
        j = 0
        truth = hands[post.others[j]]
        assert post.location_counts(j)[truth[0] - 1, truth[1] - 1, truth[2] - 1] >= 1


def test_the_one_deal_search_agrees_with_the_count():
    """feasible() (a search for one deal, used by "why") says yes exactly when the count is positive,
    with wrong answers and impossible hypotheses mixed in; a tiny budget falls back to counting."""
    from pirates_lab.plunder_2013.solver import feasible
    rng = random.Random(77)
    checked = {True: 0, False: 0}
    for trial in range(150):
        players = rng.randint(2, 6)
        cards = rng.randint(players, 9)
        hands, records = random_game(rng, players, rng.randint(0, 12), cards, lie=0.08)
        me = rng.randrange(players)
        facts = facts_of(records)
        others = [p for p in range(players) if p != me]
        holds = tuple((rng.choice(others), rng.randrange(3), rng.randint(1, cards)) for _ in range(rng.randint(0, 2)))
        total = solve(players, me, hands[me], cards, facts, holds).total
        assert feasible(players, me, hands[me], cards, facts, holds) == (total > 0)
        assert feasible(players, me, hands[me], cards, facts, holds, budget=1) == (total > 0)
        checked[total > 0] += 1
    assert min(checked.values()) >= 20


def test_the_assignments_are_every_allowed_permutation_in_order():
    """Given random allowed cards per pirate (bitmasks, some cards allowed to nobody), when the engine
    lists the assignments, then they are exactly the permutations using allowed cards, in order."""
    from itertools import permutations

    from pirates_lab.plunder_2013.engine import _assignments

    rng = random.Random(14)
    for _ in range(200):
        n = rng.randint(1, 12)
        k = rng.randint(1, min(5, n))
        masks = tuple(rng.getrandbits(n) | (rng.getrandbits(n) if rng.random() < 0.5 else 0) for _ in range(k))
        expected = [list(p) for p in permutations(range(n), k) if all(m >> x & 1 for m, x in zip(masks, p))]
        got = _assignments(n, masks)
        assert got.shape == (len(expected), k) and got.tolist() == expected, (n, masks)
