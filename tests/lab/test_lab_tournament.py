"""Tournaments: reproducible whatever the executor, seats rotated fairly, caps are draws."""
from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction

import pytest

import lab_toy
from pirates_lab.core import InvalidInput
from pirates_lab.core.testing import check_protocol
from pirates_lab.lab import FunctionPolicy, RandomPolicy, SearchPolicy, seating, tournament


def swap_low(view, rng):
    """Swap a card of 4 or less, else stand."""
    return view.legal_actions[1] if view.observation["my_card"] <= 4 else view.legal_actions[0]


def always_wait(view, rng):
    return view.legal_actions[-1]


SWAP_LOW = FunctionPolicy(swap_low, "swap low")


def toy(players=2, **options):
    return lab_toy.Game(players=players, **options)


def test_the_toy_game_keeps_the_protocol():
    check_protocol(toy(3), seeds=range(20), observe_every=1)


def test_same_seed_same_scores_and_the_seed_matters():
    first = tournament(toy(), [SWAP_LOW, RandomPolicy()], games=40, seed=7, progress=False)
    again = tournament(toy(), [SWAP_LOW, RandomPolicy()], games=40, seed=7, progress=False, chunk_size=7)
    other = tournament(toy(), [SWAP_LOW, RandomPolicy()], games=40, seed=8, progress=False)
    assert first.scores == again.scores and first.returns == again.returns
    assert first.scores != other.scores
    assert len(first.scores) == 40 and all(len(s) == 2 for s in first.scores)


def test_a_game_result_depends_only_on_seed_and_index():
    """Game 5 of a 10-game tournament is game 5 of a 6-game one."""
    long = tournament(toy(3), [SWAP_LOW, RandomPolicy(), RandomPolicy()], games=10, seed="s", progress=False)
    short = tournament(toy(3), [SWAP_LOW, RandomPolicy(), RandomPolicy()], games=6, seed="s", progress=False)
    assert long.scores[:6] == short.scores


def test_process_pool_gives_identical_scores():
    policies = [SWAP_LOW, RandomPolicy(), SearchPolicy(iterations=8)]
    here = tournament(toy(3), policies, games=12, seed=3, progress=False)
    with ProcessPoolExecutor(2) as pool:
        there = tournament(toy(3), policies, games=12, seed=3, executor=pool, progress=False, chunk_size=5)
    assert there.scores == here.scores and there.returns == here.returns and there.seats == here.seats


@pytest.mark.slow
def test_a_local_dask_cluster_gives_identical_scores():
    distributed = pytest.importorskip("dask.distributed")
    import cloudpickle
    cloudpickle.register_pickle_by_value(lab_toy)
    import sys
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    policies = [SWAP_LOW, RandomPolicy()]
    here = tournament(toy(), policies, games=16, seed=11, progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        there = tournament(toy(), policies, games=16, seed=11, executor=client.get_executor(), progress=False,
                           chunk_size=3)
    assert there.scores == here.scores and there.returns == here.returns


def test_seats_rotate_so_each_policy_sits_in_each_seat_equally():
    assert [seating(i, 3) for i in range(4)] == [(0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 1, 2)]
    results = tournament(toy(3, seat_zero_wins=True), [RandomPolicy(), SWAP_LOW, RandomPolicy()], games=9,
                         progress=False)
    # Given seat 0 wins every game, When seats rotate, Then every policy wins exactly a third
    assert [results.win_rate(label) for label in results.labels] == [Fraction(1, 3)] * 3
    assert results.seat_win_rates() == (1, 0, 0)
    counts = {(seat, policy): 0 for seat in range(3) for policy in range(3)}
    for seats in results.seats:
        for seat, policy in enumerate(seats):
            counts[seat, policy] += 1
    assert set(counts.values()) == {3}


def test_scores_are_by_policy_not_by_seat():
    results = tournament(toy(2, seat_zero_wins=True), [RandomPolicy(), RandomPolicy()], games=2, progress=False)
    # game 0: policy 0 in seat 0 wins; game 1: policy 1 in seat 0 wins
    assert results.returns == ((1, 0), (0, 1))
    assert results.labels == ("random", "random #2")


def test_a_capped_game_is_a_draw():
    results = tournament(toy(2, endless=True), [FunctionPolicy(always_wait, "waiter"), RandomPolicy()],
                         games=3, max_steps=50, progress=False)
    assert results.capped == 3 and results.steps == (50, 50, 50)
    assert results.returns == ((Fraction(1, 2), Fraction(1, 2)),) * 3
    assert "3 stopped at the step cap (draws)" in results.table()


def test_the_better_policy_is_found_and_the_verdict_reads_the_interval():
    """Swapping a low card beats a coin flip: 400 games make the interval clear 50%."""
    results = tournament(toy(), {"swap low": SWAP_LOW, "random": RandomPolicy()}, games=400, seed=1, progress=False)
    assert results.verdict("swap low") == "better" and results.verdict("random") == "worse"
    low, high = results.interval("swap low")
    assert low > 0.5 and low < float(results.win_rate("swap low")) < high
    row = results.rows()[0]
    assert row["policy"] == "swap low" and row["games"] == 400 and row["wins"] == results.wins("swap low")
    assert "<table" in results._repr_html_() and "swap low" in results.table()


def test_bad_tournaments_are_refused_with_a_sentence():
    with pytest.raises(InvalidInput, match="needs 3 policies"):
        tournament(toy(3), [RandomPolicy()] * 2, games=2, progress=False)
    with pytest.raises(InvalidInput, match="games must be"):
        tournament(toy(), [RandomPolicy()] * 2, games=0, progress=False)
    with pytest.raises(InvalidInput, match="No policy called 'bogus'"):
        tournament(toy(), ["random", "bogus"], games=1, progress=False)
    results = tournament(toy(), ["random", "search"], games=1, progress=False)
    with pytest.raises(InvalidInput, match="No policy 'nobody'"):
        results.win_rate("nobody")
