"""Plunder (2013) benchmarks: exact marginals after every day of a 6-player, 15-day game, and bounds.

Ours: :func:`pirates_lab.plunder_2013.solver.solve` — the class engine (count per category by class
vectors: a pirate's card is one of his Aye clue cards or "other"; join (island, marker) class pairs and
look the traps up in a summed table), or the combos engine for Aye-rich answers (:mod:`.triples`).

* **The peer: brute force** — enumerate every deal once on day 1 and keep the consistent ones,
  filtering the survivors each later day (the sensible brute force: it never re-enumerates).  Every
  ratio is checked for equal answers (the same counts and marginals, day by day).
* **Not a peer: the pair engine** (:mod:`pirates_lab.plunder_2013.reference_pairs`, this project's previous
  solver: every island x marker assignment pair) — quick at 6 cards, 3.4 s per update at 8 cards and a
  MemoryError from 10.  It is our own older code, so the runner's rows no longer compare with it (only
  the ``cold`` command still runs it beside ours, as a gauge of the machine's load).
* OR-Tools CP-SAT enumerating every solution is no fair peer for a count (issue 20): it is kept as an
  independent cross-check in the tests and in ``main()``, not as a ratio.

Also 30 random playouts, timed alone (the row that set the game's own ``clone`` against the core's is gone
with the engines' hand-written clones).

Goals (issues 5, 14, 21 item 5): under 50 ms per update at every size the Game accepts (2-6 pirates,
cards_per_category up to 12) and every input the Deduction API accepts, under 2 s per advice (or a
refusal at once).  Commands (``python benchmarks/bench_plunder_2013.py ...``):

* (none) — per-update medians over seeded games, ours, brute force and CP-SAT;
* ``sizes`` — median and worst update per size; ``cold [runs]`` — each game in a fresh process;
* ``bounded [seeds]`` — the worst update and the worst single advice (flip, dig) over adversarial
  answers: legal 6 x 9 and 6 x 12 clue sequences rich in Ayes, and Aye-only partial days through the
  Deduction API (issue 21: they took 250-340 ms an update, 11 s a record, 11-71 s an advice);
* ``moves`` — clone and move cost at move 50 and at the last move of a 100-day game, random-playout
  moves per second (issue 20).

``benchmarks/run.py plunder_2013`` times the rows of :func:`benchmarks` side by side.
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

from bench_common import BASELINE, Benchmark  # noqa: E402
from pirates_lab.core import play, random_playout
from pirates_lab.plunder_2013 import reference_pairs
from pirates_lab.plunder_2013.engine import MAX_CARDS, _category_of
from pirates_lab.plunder_2013.solver import solve
from pirates_lab.plunder_2013.game import Game
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


def playouts(games: int = 30):
    """Random playouts of 4-pirate games (random pirates passing 9 in 10); their end positions."""
    return [random_playout(Game(players=4).new_initial_state(), seed, policy=random_pirate(0.9)).to_json()
            for seed in range(games)]


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


def one_day_peer(seed: int = 1):
    """Brute force for day 1 only (the largest posterior: every deal is still possible but a few)."""
    return brute_force_game(seed, days_limit=1)


def benchmarks():
    yield Benchmark("plunder_2013: 6p x 15 days, marginals daily vs brute force",
                    ours=lambda: ours_game(1), peer=lambda: brute_force_game(1), peer_name="brute force",
                    goal_seconds=15 * 0.050, check=same, repeat=1, kind=BASELINE)
    my_cards, days = random_days(1)
    yield Benchmark("plunder_2013: one update, day 1 (largest posterior) vs brute force",
                    ours=lambda: (_category_of.cache_clear(), ours_game(1)[:1])[1], peer=one_day_peer,
                    peer_name="brute force", goal_seconds=0.050, check=same, repeat=3, kind=BASELINE)
    yield Benchmark("plunder_2013: 6p x 12 cards x 15 days, marginals daily (no peer: 1.7e14 deals)",
                    ours=lambda: ours_game(1, None, PLAYERS, MAX_CARDS), goal_seconds=15 * 0.050, repeat=3)
    yield Benchmark("plunder_2013: 30 random playouts (random pirates passing 9 in 10)", ours=playouts, repeat=3)
    my12, days12 = random_days(1, PLAYERS, MAX_CARDS)
    yield Benchmark("plunder_2013: first update in a fresh process, 6p x 12 cards (the largest), day 1",
                    ours=lambda: ours_update(my12, days12[0], PLAYERS, MAX_CARDS)[0], goal_seconds=0.050,
                    repeat=5, cold=True)
    yield from bound_rows()


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
    The previous pair engine (our own older code, not a peer) runs beside ours, interleaved, where it
    fits in memory (up to 7 cards), as a gauge of the machine's load; its final counts must agree with ours.
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


# ----------------------------------------------------------------------------- bounds (issue 21 item 5)
FAMILIES = (("random clues", "random", False), ("clues of three pirates' cards", "three", False),
            ("clues of one pirate's card", "one", False), ("Aye-only partial days, one card", "one", True),
            ("Aye-only partial days, three cards", "three", True))


def aye_rich(kind: str, seed: int, partial: bool, players: int = PLAYERS, cards: int = MAX_CARDS, days: int = 40):
    """Adversarial answers: ``kind`` "random" (uniform clues), "three" (each clue card another pirate's) or
    "one" (one clue card a pirate's, two at random); ``partial`` records the Ayes only (the Deduction API's
    partial days).  Every clue sequence is one the Game accepts (max_days up to 100, 3 copies a card)."""
    from pirates_lab.plunder_2013.deduction import Record
    from pirates_lab.plunder_2013.engine import answer_is_aye

    rng = random.Random(seed)
    deal = [rng.sample(range(1, cards + 1), players) for _ in range(3)]
    hands = [tuple(deal[c][p] for c in range(3)) for p in range(players)]
    records = []
    for day in range(days):
        asker = day % players
        clue = [rng.randint(1, cards) for _ in range(3)]
        if kind == "three":
            who = rng.sample(range(players), 3)
            clue = [hands[who[c]][c] for c in range(3)]
        elif kind == "one":
            c = rng.randrange(3)
            clue[c] = hands[rng.randrange(players)][c]
        answers = tuple((p, answer_is_aye(hands[p], tuple(clue))) for p in range(players) if p != asker
                        and (not partial or answer_is_aye(hands[p], tuple(clue))))
        records.append(Record(asker, tuple(clue), answers))
    return hands, records


def walk_family(kind: str, seed: int, partial: bool, cards: int, on_state) -> None:
    """Add each day to a fresh Deduction (CPU time per update), then call ``on_state(d, day, update)``."""
    from pirates_lab.plunder_2013 import Deduction
    from pirates_lab.plunder_2013.solver import TooManyExplanations

    hands, records = aye_rich(kind, seed, partial, cards=cards)
    d = Deduction(PLAYERS, ME, hands[ME], cards)
    _category_of.cache_clear()
    for day, record in enumerate(records):
        start = time.process_time()
        try:
            d.add(record, partial=partial)
            d.marginals()
        except TooManyExplanations:
            on_state(None, day, time.process_time() - start)
            continue
        on_state(d, day, time.process_time() - start)


def bounded(seeds: int = 4) -> None:
    """The worst update and the worst single advice over the adversarial families (CPU seconds)."""
    import os

    from pirates_lab.plunder_2013.advisors import dig_advice, flip_advice

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; CPU time (time.process_time)")
    print(f"{'answers':38} {'cards':>5} {'states':>6} {'refused':>7} {'worst update':>13} {'worst flip':>11} "
          f"{'worst dig':>10}")
    for label, kind, partial in FAMILIES:
        for cards in (9, MAX_CARDS):
            worst = {"update": 0.0, "flip": 0.0, "dig": 0.0}
            tally = {"states": 0, "refused": 0}

            def on_state(d, day, update):
                if d is None:
                    tally["refused"] += 1
                    return
                tally["states"] += 1
                worst["update"] = max(worst["update"], update)
                decks = {c: {x: 3 for x in range(1, cards + 1)} for c in ("island", "marker", "trap")}
                start = time.process_time()
                flip_advice(d, d.records[-1].clue, decks, asker=(day + 1) % PLAYERS)
                worst["flip"] = max(worst["flip"], time.process_time() - start)
                for rival in d.rivals():
                    start = time.process_time()
                    dig_advice(d, rival, next_asker=(day + 1) % PLAYERS, days_left=5)
                    worst["dig"] = max(worst["dig"], time.process_time() - start)

            for seed in range(seeds):
                walk_family(kind, seed, partial, cards, on_state)
            print(f"{label:38} {cards:5d} {tally['states']:6d} {tally['refused']:7d} {worst['update'] * 1000:10.1f} ms"
                  f" {worst['flip']:9.2f} s {worst['dig']:8.2f} s")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("goals: an update under 50 ms, an advice under 2 s (or refused at once)")


def _worst_aye_only_day():
    """An Aye-only 6 x 12 day that took the previous engine 3.7 s (seed 1, the 37th day of 'one card')."""
    from pirates_lab.plunder_2013 import Deduction

    hands, records = aye_rich("one", 1, True)
    d = Deduction(PLAYERS, ME, hands[ME], MAX_CARDS)
    for record in records[:36]:
        d.add(record, partial=True)
    return d, records[36]


def bound_rows():
    """Rows for the runner: one Aye-only update and its advice, against the goals (no peer computes these)."""
    from pirates_lab.plunder_2013.advisors import dig_advice, flip_advice

    d, record = _worst_aye_only_day()

    def update():
        _category_of.cache_clear()
        fresh = d.copy()
        fresh.add(record, partial=True)
        return fresh.marginals()

    after = d.copy()
    after.add(record, partial=True)
    decks = {c: {x: 3 for x in range(1, MAX_CARDS + 1)} for c in ("island", "marker", "trap")}
    yield Benchmark("plunder_2013: one Aye-only partial day, 6p x 12 cards, day 37 (the old engine: 3.7 s)",
                    ours=update, goal_seconds=0.050, repeat=3)
    yield Benchmark("plunder_2013: the flip advisor after it (37 clues weighed)",
                    ours=lambda: flip_advice(after, record.clue, decks, asker=1), goal_seconds=2.0, repeat=3)
    yield Benchmark("plunder_2013: the dig advisor after it, every rival, 5 days left",
                    ours=lambda: [dig_advice(after, r, next_asker=1, days_left=5) for r in after.rivals()],
                    goal_seconds=2.0, repeat=3)


def moves() -> None:
    """Clone and move cost at move 50 and at the last move of a long game; random playouts per second."""
    import os

    from bench_engines import per_call_us
    from pirates_lab.plunder_2013.pirates import random_pirate as pirate

    seen = [step.state for step in play(Game(players=PLAYERS, max_days=100).new_initial_state(), pirate(1.0),
                                        random.Random(0))]
    early, late, near_end = seen[50], seen[-1], seen[-50]      # near the end, but not the move that scores the game
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; a 6-pirate, 100-day game of {len(seen)} moves")
    print(f"clone: {per_call_us(early.clone):.1f} µs at move 50, {per_call_us(late.clone):.1f} µs at move {len(seen) - 1}")
    print(f"a move: {per_call_us(lambda: early.apply(early.legal_actions()[0])):.1f} µs at move 50, "
          f"{per_call_us(lambda: near_end.apply(near_end.legal_actions()[0])):.1f} µs at move {len(seen) - 50}")
    for label, chooser in (("uniformly random players", None), ("random pirates passing 9 in 10", pirate(0.9))):
        start, count = time.perf_counter(), 0
        for seed in range(60):
            taken: list = []
            random_playout(Game(players=4).new_initial_state(), seed, policy=chooser, actions=taken)
            count += len(taken)
        print(f"random playouts, 4 pirates, {label}: {count / (time.perf_counter() - start):,.0f} moves/s")


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "sizes":
        sizes()
    elif command == "cold":
        cold(int(sys.argv[2]) if len(sys.argv) > 2 else 5)
    elif command == "bounded":
        bounded(int(sys.argv[2]) if len(sys.argv) > 2 else 4)
    elif command == "moves":
        moves()
    else:
        main(int(sys.argv[1]) if command else 5)
