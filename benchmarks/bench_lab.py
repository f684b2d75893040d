"""Strategy lab benchmarks: games per second per engine, one core against both cores.

For every registered, playable game: a seeded tournament of random players (2 seats, or the
game's minimum), played

* **ours** — on a ``ProcessPoolExecutor`` with one worker per core (the pool's start-up included);
* **peer** — in this process, on one core.

The two must give identical ``.scores`` (the lab's promise: results never depend on how the work
is split), and the runner prints ``ours/peer``: the time on all cores over the time on one — 0.5
is perfect scaling on two cores.  Games are played to their end (no round limit); the number of
games per engine keeps each row between a fraction of a second and about 20 CPU seconds on one core
(measured 2026-12-02 with ``--diagnose``: Plunder 17 s, King of Pirates 5.6 s, the others about 1 s).

``python benchmarks/bench_lab.py`` prints games per second and the scaling directly;
``python benchmarks/bench_lab.py --diagnose`` says what limits the scaling, in CPU time (so a busy
machine does not hide it): each game's own time (the longest game bounds the speed-up: a game is
never split between workers), what a worker pays to start (importing the game in a fresh process),
and how many bytes the game and its policies are pickled into per chunk;
``python benchmarks/run.py lab`` times them with the shared runner.  A game that cannot be played
yet (an engine being rebuilt) is reported and skipped.
"""
from __future__ import annotations

import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from bench_common import SAME_CODE, Benchmark
from pirates_lab.core import games
from pirates_lab.lab import RandomPolicy, tournament

#: games per engine (engines differ 100-fold: 0.2 to 17 CPU seconds a row on one core, see the docstring)
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
                        check=lambda a, b: a == b, repeat=2, kind=SAME_CODE)


def _import_in_worker(module: str) -> float:
    """CPU seconds a fresh worker spends importing the game's package (the first task pays it)."""
    import importlib
    start = time.process_time()
    importlib.import_module(module)
    return time.process_time() - start


def diagnose(name) -> dict:
    """What limits the lab's scaling for one engine, measured in CPU time."""
    import pickle

    from pirates_lab.lab.tournament import play_game
    game, policies, n = _setup(name)
    times = []
    for index in range(n):
        start = time.process_time()
        play_game(game, policies, SEED, index)
        times.append(time.process_time() - start)
    total, longest = sum(times), max(times)
    bound = total / max(total / CORES, longest)
    with ProcessPoolExecutor(1) as pool:
        wall = time.perf_counter()
        imported = pool.submit(_import_in_worker, type(game).__module__).result()
        start_up = time.perf_counter() - wall
    import resource
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    parent, wall = time.process_time(), time.perf_counter()
    all_cores(name)
    parent, wall = time.process_time() - parent, time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    workers = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    start, one_wall = time.perf_counter(), None
    one_core(name)
    one_wall = time.perf_counter() - start
    chunk = max(1, min(25, n // 16))
    return {"workers_cpu": workers, "parent_cpu": parent, "pool_wall": wall, "one_wall": one_wall,"engine": name, "games": n, "cpu_total": total, "longest": longest, "bound": bound,
            "worker_import_cpu": imported, "worker_start_wall": start_up,
            "pickled": len(pickle.dumps((game, policies))), "chunks": -(-n // chunk)}


def main_diagnose() -> int:  # pragma: no cover
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"| engine | games | CPU s, one core | longest game, CPU s | best speed-up on {CORES} cores "
          f"(games are not split) | CPU s in the {CORES} workers + parent | wall s: 1 core / {CORES} workers | "
          f"a worker's import, CPU s | worker start, wall s | pickled game+policies | chunks |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name in playable():
        d = diagnose(name)
        print(f"| {d['engine']} | {d['games']} | {d['cpu_total']:.2f} | {d['longest']:.2f} | {d['bound']:.2f}x | "
              f"{d['workers_cpu']:.2f} + {d['parent_cpu']:.2f} | {d['one_wall']:.2f} / {d['pool_wall']:.2f} | "
              f"{d['worker_import_cpu']:.2f} | {d['worker_start_wall']:.2f} | {d['pickled']:,} B | {d['chunks']} |")
    return 0


def main() -> int:  # pragma: no cover
    if "--diagnose" in sys.argv:
        return main_diagnose()
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
