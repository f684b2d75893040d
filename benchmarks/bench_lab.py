"""Strategy lab benchmarks: games per second per engine, one core against both cores.

For every registered, playable game: a seeded tournament of random players (2 seats, or the
game's minimum), played

* **ours** — on a ``ProcessPoolExecutor`` with one worker per core (the pool's start-up included);
* **peer** — in this process, on one core.

The two must give identical ``.scores`` (the lab's promise: results never depend on how the work
is split), and the runner prints ``ours/peer``: the time on all cores over the time on one — 0.5
is perfect scaling on two cores.  Games are played to their end (no round limit), so the number of
games per engine is chosen to take a second or two on one core.

``python benchmarks/bench_lab.py`` prints games per second and the scaling directly;
``python benchmarks/run.py lab`` times them with the shared runner.  A game that cannot be played
yet (an engine being rebuilt) is reported and skipped.
"""
from __future__ import annotations

import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bench_common import Benchmark
from pirates_lab.core import games
from pirates_lab.lab import RandomPolicy, tournament

#: games per engine: about a second or two of random play on one core (engines differ 100-fold)
GAMES = {"plunder_2013": 400, "pirates_and_plunder": 40, "king_of_pirates": 16, "pillage_and_plunder": 8}
DEFAULT_GAMES = 16
SEED = 2024
CORES = os.cpu_count() or 1


def _setup(name):
    cls = games()[name]
    game = cls(players=max(2, cls.min_players))
    return game, [RandomPolicy() for _ in range(game.players)], GAMES.get(name, DEFAULT_GAMES)


def one_core(name):
    game, policies, n = _setup(name)
    return tournament(game, policies, games=n, seed=SEED, progress=False).scores


def all_cores(name):
    game, policies, n = _setup(name)
    with ProcessPoolExecutor(CORES) as pool:
        return tournament(game, policies, games=n, seed=SEED, executor=pool, progress=False).scores


def playable():
    """The registered games a random tournament can play now (one game tried each)."""
    found = []
    for name, cls in games(playable_only=True).items():
        try:
            game = cls(players=max(2, cls.min_players))
            tournament(game, [RandomPolicy() for _ in range(game.players)], games=1, seed=SEED, progress=False)
        except Exception as error:  # an engine being rebuilt: say so, skip it
            print(f"  (skipped {name}: {type(error).__name__}: {error})", file=sys.stderr)
            continue
        found.append(name)
    return found


def benchmarks():
    for name in playable():
        n = GAMES.get(name, DEFAULT_GAMES)
        yield Benchmark(f"Lab: {n} random {name} games, {CORES} cores", ours=lambda name=name: all_cores(name),
                        peer=lambda name=name: one_core(name), peer_name="1 core in-process",
                        check=lambda a, b: a == b, repeat=2)


def main() -> int:  # pragma: no cover
    print(f"{'engine':24} {'games':>6} {'1 core games/s':>15} {f'{CORES} cores games/s':>16} {'scaling':>8}")
    for name in playable():
        n = GAMES.get(name, DEFAULT_GAMES)
        start = time.perf_counter(); one = one_core(name); t1 = time.perf_counter() - start
        start = time.perf_counter(); many = all_cores(name); tn = time.perf_counter() - start
        assert one == many, f"{name}: the scores differ between one core and {CORES}"
        print(f"{name:24} {n:6d} {n / t1:15.1f} {n / tn:16.1f} {t1 / tn:7.2f}x")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
