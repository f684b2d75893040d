"""Plunder (2013) benchmarks: exact marginals after every day of a 6-player, 15-day game.

Ours: :func:`pirates_lab.plunder_2013.engine.solve` — count per category by class vectors (a
pirate's card is one of his Aye clue cards or "other"), join (island, marker) class pairs and look
the traps up in a summed table.  Peers, computing the same marginals in the same run:

* the previous engine (:mod:`pirates_lab.plunder_2013.reference_pairs`): every island x marker
  assignment pair — quick at 6 cards, 3.4 s per update at 8 cards and a MemoryError from 10;
* OR-Tools CP-SAT enumerating every solution of a Boolean model (re-solved each day);
* brute force: enumerate every deal once on day 1 and keep the consistent ones, filtering the
  survivors each later day (the sensible brute force: it never re-enumerates).

Also ``State.clone``: the game's own override against the core's generic clone (random playouts).

Goal (issues 5 and 14): under 50 ms per update at every size the Game accepts (2-6 pirates,
cards_per_category up to 12); ``python benchmarks/bench_plunder_2013.py sizes`` prints the median
and worst update per size, ``... cold [runs]`` the first (cold) and worst update with each game in a
fresh process, medians over runs, the load average beside them.  ``python benchmarks/bench_plunder_2013.py``
prints the per-update medians over several seeded games; ``benchmarks/run.py plunder_2013``
times whole games side by side (ratios printed by the runner).
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from itertools import permutations

if __name__ == "__main__":                       # run directly: with the project's venv
    from run import _in_project_python
    _in_project_python()

from bench_common import Benchmark  # noqa: E402
from pirates_lab.core import State as CoreState
from pirates_lab.core import random_playout
from pirates_lab.plunder_2013 import reference_pairs
from pirates_lab.plunder_2013.engine import MAX_CARDS, _category_of
from pirates_lab.plunder_2013.solver import solve
from pirates_lab.plunder_2013.game import Game, State
from pirates_lab.plunder_2013.pirates import random_pirate
from pirates_lab.plunder_2013.reference import cp_sat_counts, random_game

PLAYERS, CARDS, DAYS, ME = 6, 6, 15, 0


def random_days(seed: int, players: int = PLAYERS, cards: int = CARDS):
    """A seeded game of 15 days with truthful answers: my cards and each day's facts."""
    hands, records = random_game(random.Random(seed), players, DAYS, cards)
    return hands[ME], [list(record.constraints()) for record in records]


def ours_update(my_cards, facts, players: int = PLAYERS, cards: int = CARDS, engine=solve):
    post = engine(players, ME, my_cards, cards, tuple(facts))
    return post.total, post.marginal_counts()


def ours_game(seed: int, times: list | None = None, players: int = PLAYERS, cards: int = CARDS, engine=solve):
    _category_of.cache_clear()                   # each run starts cold: the cache is part of a game
    reference_pairs.injections.cache_clear()
    my_cards, days = random_days(seed, players, cards)
    facts, results = [], []
    for day in days:
        facts += day
        start = time.perf_counter()
        results.append(ours_update(my_cards, facts, players, cards, engine))
        if times is not None:
            times.append(time.perf_counter() - start)
    return [(total, _as_dict(counts, players, cards)) for total, counts in results]


def pairs_game(seed: int, times: list | None = None, players: int = PLAYERS, cards: int = CARDS):
    return ours_game(seed, times, players, cards, engine=reference_pairs.solve)


def playouts(clone_override: bool, games: int = 30):
    """Random playouts of 4-pirate games; the core's clone stands in when ``clone_override`` is False."""
    class CoreClone(State):
        clone = CoreState.clone

    finals = []
    for seed in range(games):
        state = Game(players=4).new_initial_state()
        if not clone_override:
            state.__class__ = CoreClone
        finals.append(random_playout(state, seed, policy=random_pirate(0.9)).to_json())
    return finals


def _as_dict(counts, players: int = PLAYERS, cards: int = CARDS):
    others = [p for p in range(players) if p != ME]
    names = ("island", "marker", "trap")
    return {p: {names[c]: {x + 1: int(counts[j, c, x]) for x in range(cards)} for c in range(3)}
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
    yield Benchmark("plunder_2013: 6p x 15 days, marginals daily vs the previous pair engine",
                    ours=lambda: ours_game(1), peer=lambda: pairs_game(1), peer_name="pair engine (old)",
                    goal_seconds=15 * 0.050, check=same, repeat=3)
    my8, days8 = random_days(1, PLAYERS, 8)
    yield Benchmark("plunder_2013: one update, 6p x 8 cards, day 1",
                    ours=lambda: (_category_of.cache_clear(), ours_update(my8, days8[0], PLAYERS, 8))[1][0],
                    peer=lambda: (reference_pairs.injections.cache_clear(),
                                  ours_update(my8, days8[0], PLAYERS, 8, reference_pairs.solve))[1][0],
                    peer_name="pair engine (old)", goal_seconds=0.050, check=lambda a, b: a == b, repeat=1)
    yield Benchmark("plunder_2013: 6p x 12 cards x 15 days, marginals daily (old engine: MemoryError)",
                    ours=lambda: ours_game(1, None, PLAYERS, MAX_CARDS), goal_seconds=15 * 0.050, repeat=3)
    yield Benchmark("plunder_2013: 30 random playouts, the game's State.clone vs the core's",
                    ours=lambda: playouts(True), peer=lambda: playouts(False), peer_name="core State.clone",
                    check=lambda a, b: a == b, repeat=3)
    yield Benchmark("plunder_2013: 6p x 15 days, marginals daily vs CP-SAT",
                    ours=lambda: ours_game(1), peer=lambda: cp_sat_game(1), peer_name="OR-Tools CP-SAT",
                    goal_seconds=15 * 0.050, check=same, repeat=1)
    yield Benchmark("plunder_2013: 6p x 15 days, marginals daily vs brute force",
                    ours=lambda: ours_game(1), peer=lambda: brute_force_game(1), peer_name="brute force",
                    goal_seconds=15 * 0.050, check=same, repeat=1)
    my12, days12 = random_days(1, PLAYERS, MAX_CARDS)
    yield Benchmark("plunder_2013: first update in a fresh process, 6p x 12 cards (the largest), day 1",
                    ours=lambda: ours_update(my12, days12[0], PLAYERS, MAX_CARDS)[0], goal_seconds=0.050,
                    repeat=5, cold=True)
    my_cards, days = random_days(1)
    yield Benchmark("plunder_2013: one update, day 1 (largest posterior)",
                    ours=lambda: (_category_of.cache_clear(), ours_update(my_cards, days[0]))[1],
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


def sizes(seeds: int = 3) -> None:
    """Median and worst update at every size the Game accepts (6 pirates is the largest table)."""
    print(f"{'pirates':>7} {'cards':>5} {'median/update':>14} {'worst update':>13}")
    for players in (2, 4, 6):
        for cards in range(max(players, 5), MAX_CARDS + 1):
            times: list[float] = []
            for seed in range(seeds):
                ours_game(seed, times, players, cards)
            print(f"{players:7d} {cards:5d} {statistics.median(times) * 1000:11.2f} ms {max(times) * 1000:10.1f} ms")


COLD_GAME = """
import sys, time
sys.path.insert(0, {here!r})
from bench_plunder_2013 import random_days, ours_update, solve
from pirates_lab.plunder_2013 import reference_pairs
engine = reference_pairs.solve if {pairs!r} else solve
my_cards, days = random_days({seed}, {players}, {cards})
facts, times, cpu = [], [], []
for day in days:
    facts += day
    start, start_cpu = time.perf_counter(), time.process_time()
    total = ours_update(my_cards, facts, {players}, {cards}, engine)[0]
    times.append(time.perf_counter() - start)
    cpu.append(time.process_time() - start_cpu)
import resource
print(times[0], max(times), sorted(times)[len(times) // 2], total, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
      cpu[0], max(cpu))
"""


def cold(runs: int = 5, configurations=None) -> None:
    """Each game in a fresh process (imports not timed): the first update (nothing cached), the
    worst update and the median update, medians over ``runs`` processes (seeds 1, 2, 3, ...).
    The previous pair engine runs beside ours, interleaved, where it fits in memory (up to 7
    cards), as the peer that shows the machine's load; its final counts must agree with ours.
    CPU time (``time.process_time``) is printed beside the wall time: on a shared machine the
    difference is time spent waiting for a core."""
    import os
    import subprocess
    from pathlib import Path

    here = str(Path(__file__).resolve().parent)
    configurations = configurations or sorted({(p, c) for p in (2, 4, 5, 6) for c in (max(p, 5), 6, 9, MAX_CARDS)})

    def measure(players, cards, seed, pairs):
        code = COLD_GAME.format(here=here, seed=seed, players=players, cards=cards, pairs=pairs)
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
        return [float(x) for x in out[:3]] + [int(out[3]), int(out[4]) / 1024, float(out[5]), float(out[6])]

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; medians of {runs} fresh processes")
    print(f"{'pirates':>7} {'cards':>5} {'solver':>12} {'first update':>13} {'worst update':>13} {'median update':>14}"
          f" {'peak memory':>12} {'CPU: first / worst':>19}")
    for players, cards in configurations:
        sides = [("ours", False)] + ([("pair engine", True)] if cards <= 7 else [])
        rows = {name: [] for name, _ in sides}
        for run in range(runs):
            for name, pairs in sides:
                rows[name].append(measure(players, cards, 1 + run, pairs))
        if len(sides) > 1 and [r[3] for r in rows["ours"]] != [r[3] for r in rows["pair engine"]]:
            print(f"  !! {players}p x {cards}: ours and the pair engine disagree")
        for name, values in rows.items():
            first, worst, median = (statistics.median(v[i] for v in values) * 1000 for i in range(3))
            print(f"{players:7d} {cards:5d} {name:>12} {first:10.1f} ms {worst:10.1f} ms {median:11.2f} ms"
                  f" {max(v[4] for v in values):9.0f} MB"
                  f" {statistics.median(v[5] for v in values) * 1000:8.1f} / {statistics.median(v[6] for v in values) * 1000:.1f} ms"
                  + (f"   (max worst {max(v[1] for v in values) * 1000:.1f} ms)" if name == "ours" else ""))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "sizes":
        sizes()
    elif len(sys.argv) > 1 and sys.argv[1] == "cold":
        cold(int(sys.argv[2]) if len(sys.argv) > 2 else 5)
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
