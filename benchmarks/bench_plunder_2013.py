"""Plunder (2013) benchmarks: exact marginals after every day of a 6-player, 15-day game.

Ours: :func:`pirates_lab.plunder_2013.engine.solve` — factor the categories, list island and
marker assignments, count the trap assignments per distinct mask vector (numpy), cache the
per-category assignment lists.  Peers, computing the same marginals in the same run:

* OR-Tools CP-SAT enumerating every solution of a Boolean model (re-solved each day);
* brute force: enumerate every deal once on day 1 and keep the consistent ones, filtering the
  survivors each later day (the sensible brute force: it never re-enumerates).

Goal (issue 5): median under 50 ms per update.  ``python benchmarks/bench_plunder_2013.py``
prints the per-update medians over several seeded games; ``benchmarks/run.py plunder_2013``
times whole games side by side (ratios printed by the runner).
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from itertools import permutations

from bench_common import Benchmark
from pirates_lab.plunder_2013.engine import injections, solve
from pirates_lab.plunder_2013.reference import cp_sat_counts, random_game

PLAYERS, CARDS, DAYS, ME = 6, 6, 15, 0


def random_days(seed: int):
    """A seeded 6-player game of 15 days with truthful answers: my cards and each day's facts."""
    hands, records = random_game(random.Random(seed), PLAYERS, DAYS, CARDS)
    return hands[ME], [list(record.constraints()) for record in records]


def ours_update(my_cards, facts):
    post = solve(PLAYERS, ME, my_cards, CARDS, tuple(facts))
    return post.total, post.marginal_counts()


def ours_game(seed: int, times: list | None = None):
    injections.cache_clear()                     # each run starts cold: the cache is part of a game
    my_cards, days = random_days(seed)
    facts, results = [], []
    for day in days:
        facts += day
        start = time.perf_counter()
        results.append(ours_update(my_cards, facts))
        if times is not None:
            times.append(time.perf_counter() - start)
    return [(total, _as_dict(counts)) for total, counts in results]


def _as_dict(counts):
    others = [p for p in range(PLAYERS) if p != ME]
    names = ("island", "marker", "trap")
    return {p: {names[c]: {x + 1: int(counts[j, c, x]) for x in range(CARDS)} for c in range(3)}
            for j, p in enumerate(others)}


def cp_sat_game(seed: int, times: list | None = None, days_limit: int = DAYS):
    my_cards, days = random_days(seed)
    facts, results = [], []
    for day in days[:days_limit]:
        facts += day
        start = time.perf_counter()
        results.append(cp_sat_counts(PLAYERS, ME, my_cards, CARDS, facts))
        if times is not None:
            times.append(time.perf_counter() - start)
    return results


def brute_force_game(seed: int, times: list | None = None, days_limit: int = DAYS):
    my_cards, days = random_days(seed)
    others = [p for p in range(PLAYERS) if p != ME]
    pools = [[x for x in range(1, CARDS + 1) if x != my_cards[c]] for c in range(3)]
    survivors = None
    results = []
    for day in days[:days_limit]:
        start = time.perf_counter()
        if survivors is None:     # day 1: enumerate every deal once
            per_category = [list(permutations(pool, len(others))) for pool in pools]
            survivors = [(i, m, t) for i in per_category[0] for m in per_category[1] for t in per_category[2]
                         if _fits(i, m, t, others, day)]
        else:
            survivors = [deal for deal in survivors if _fits(*deal, others, day)]
        counts = {p: {name: {x: 0 for x in range(1, CARDS + 1)} for name in ("island", "marker", "trap")}
                  for p in others}
        for deal in survivors:
            for c, name in enumerate(("island", "marker", "trap")):
                for j, p in enumerate(others):
                    counts[p][name][deal[c][j]] += 1
        results.append((len(survivors), counts))
        if times is not None:
            times.append(time.perf_counter() - start)
    return results


def _fits(i, m, t, others, facts) -> bool:
    for f in facts:
        if f.player == ME:
            continue
        j = others.index(f.player)
        if (i[j] == f.clue[0] or m[j] == f.clue[1] or t[j] == f.clue[2]) != f.aye:
            return False
    return True


def same(ours, peer) -> bool:
    return [(t, c) for t, c in ours[:len(peer)]] == [(t, c) for t, c in peer]


def benchmarks():
    yield Benchmark("plunder_2013: 6p x 15 days, marginals daily vs CP-SAT",
                    ours=lambda: ours_game(1), peer=lambda: cp_sat_game(1), peer_name="OR-Tools CP-SAT",
                    goal_seconds=15 * 0.050, check=same, repeat=1)
    yield Benchmark("plunder_2013: 6p x 15 days, marginals daily vs brute force",
                    ours=lambda: ours_game(1), peer=lambda: brute_force_game(1), peer_name="brute force",
                    goal_seconds=15 * 0.050, check=same, repeat=1)
    my_cards, days = random_days(1)
    yield Benchmark("plunder_2013: one update, day 1 (largest posterior)",
                    ours=lambda: (injections.cache_clear(), ours_update(my_cards, days[0]))[1],
                    peer=lambda: cp_sat_counts(PLAYERS, ME, my_cards, CARDS, days[0]), peer_name="OR-Tools CP-SAT",
                    goal_seconds=0.050, repeat=3)


def main(seeds: int = 5) -> None:
    """Median time per update over ``seeds`` games, ours against both peers (same games)."""
    rows = []
    for name, game in (("ours (factored count)", ours_game), ("OR-Tools CP-SAT", cp_sat_game),
                       ("brute force", brute_force_game)):
        times: list[float] = []
        for seed in range(seeds):
            game(seed, times)
        rows.append((name, statistics.median(times), max(times), sum(times) / seeds, len(times)))
    print(f"{'solver':24} {'median/update':>14} {'worst update':>13} {'per game':>11} {'updates':>8}"
          f" {'ratio (median / worst / game)':>30}")
    _, base_median, base_worst, base_game, _ = rows[0]
    for name, median, worst, game, count in rows:
        print(f"{name:24} {median * 1000:11.2f} ms {worst * 1000:10.1f} ms {game * 1000:8.1f} ms {count:8d}"
              f"   {median / base_median:8.1f}x {worst / base_worst:8.1f}x {game / base_game:8.1f}x")
    print(f"goal: median under 50 ms per update -> {'met' if base_median < 0.050 else 'MISSED'}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
