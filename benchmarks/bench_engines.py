"""Every engine's move cost, generic over the registry: does a move cost O(state) or O(game)?

For each registered, playable game (its most players up to 4, no round limit) one seeded random game
is played to the end (the longest of a few seeds) and three things are measured:

* **clone at move 50** and **clone at move 2,000** (or at the last move, when no seeded game lasts
  2,000 moves; the row says which move): microseconds per ``state.clone()``.  A clone that costs the
  same at both is O(state); one that grows with the move number copies the game's past.
* **a move at move 50 / 2,000**: microseconds per ``state.apply(...)`` of a random legal action (or a
  sampled chance outcome) there, the clone included.
* **random playout**: moves per second over whole seeded games of uniformly random players.

It uses only the core protocol (``new_initial_state``, ``current_player``, ``legal_actions``,
``chance_outcomes``, ``apply``, ``clone``), so the same file measures any version of the engines:

    python benchmarks/bench_engines.py                 # every engine: a Markdown table
    python benchmarks/bench_engines.py king plunder    # engines whose name contains a word
    python benchmarks/run.py engines                   # through the shared runner (clones at 50 and 2,000)

Figures are wall-clock on whatever machine runs it: the load average is printed beside them.
"""
from __future__ import annotations

import os
import random
import sys
import time

from bench_common import Benchmark
from pirates_lab.core import CHANCE, games, play, random_playout

EARLY, LATE = 50, 2000
SEEDS = range(4)
#: whole random games timed for the moves-per-second column (each capped at CAP moves)
PLAYOUT_GAMES, CAP = 3, 30_000


def make_game(name):
    cls = games()[name]
    return cls(players=max(cls.min_players, min(4, cls.max_players)))


def random_move(state, rng):
    if state.current_player() == CHANCE:
        return state.chance_outcomes().sample(rng)
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]


def positions(name):
    """(state at move 50, state at move 2,000 or the last move, that move's number, the game's length)."""
    best = None
    for seed in SEEDS:
        marks = {}
        through = play(make_game(name).new_initial_state(), None, random.Random(seed), max_steps=CAP)
        for index, step in enumerate(through):       # step.state: the position after ``index`` moves
            if index in (EARLY, LATE):
                marks[index] = step.state
        moves = through.steps
        # a game shorter than 50 moves: its middle; shorter than 2,000: its last position before the end
        early = marks[EARLY] if EARLY in marks else previous_of(name, seed, moves // 2)
        late = marks[LATE] if LATE in marks else previous_of(name, seed, moves - 1)
        found = (early, late, min(moves - 1, LATE), moves)
        if best is None or found[2] > best[2]:
            best = found
        if found[2] >= LATE:
            break
    return best


def previous_of(name, seed, move):
    """The position at ``move`` of seeded game ``seed`` (played again by the core's loop, capped there)."""
    return play(make_game(name).new_initial_state(), None, random.Random(seed), max_steps=move).run()


def per_call_us(function, budget: float = 0.4) -> float:
    """Microseconds per call, best of 3 batches sized to ``budget`` seconds in all."""
    start, calls = time.perf_counter(), 0
    while time.perf_counter() - start < budget / 6 or calls < 3:
        function()
        calls += 1
    batch = max(3, calls)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(batch):
            function()
        best = min(best, (time.perf_counter() - start) / batch)
    return best * 1e6


def move_us(state, seed=0):
    rng = random.Random(seed)
    moves = [random_move(state, rng) for _ in range(16)]
    index = iter(range(10 ** 9))
    return per_call_us(lambda: state.apply(moves[next(index) % len(moves)]))


def playout(name, games_count=PLAYOUT_GAMES):
    """(moves, seconds) over ``games_count`` whole seeded random games, played by the core's
    ``random_playout`` (the one play loop; on an older core, its hand-written loop)."""
    moves, seconds = 0, 0.0
    for seed in range(games_count):
        state = make_game(name).new_initial_state()
        taken: list = []
        start = time.perf_counter()
        try:
            random_playout(state, random.Random(1000 + seed), max_steps=CAP, actions=taken)
        except RuntimeError:                    # no end within CAP moves (Plunder's random captains)
            pass
        seconds += time.perf_counter() - start
        moves += len(taken)
    return moves, seconds


def playable(only=()):
    found = []
    for name in games(playable_only=True):
        if only and not any(word in name for word in only):
            continue
        found.append(name)
    return found


def measure(name) -> dict:
    early, late, late_move, length = positions(name)
    moves, seconds = playout(name)
    return {"engine": name, "length": length, "late_move": late_move,
            "clone_early": per_call_us(early.clone), "clone_late": per_call_us(late.clone),
            "move_early": move_us(early), "move_late": move_us(late),
            "log_early": len(early.log), "log_late": len(late.log),
            "moves_per_s": moves / seconds if seconds else float("nan")}


def table(rows) -> str:
    head = ("| engine | longest seeded game (moves) | clone at move 50 | clone at move 2,000 (or last) | ratio | "
            "a move at 50 | a move at 2,000 (or last) | random playout (moves/s) |")
    lines = [head, "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        late = f"{r['clone_late']:.0f} µs" + ("" if r["late_move"] >= LATE else f" (move {r['late_move']})")
        early = f"{r['clone_early']:.0f} µs" + ("" if r["length"] > EARLY else f" (move {r['length'] // 2})")
        lines.append(f"| {r['engine']} | {r['length']} | {early} | {late} | "
                     f"{r['clone_late'] / r['clone_early']:.2f} | {r['move_early']:.0f} µs | {r['move_late']:.0f} µs | "
                     f"{r['moves_per_s']:,.0f} |")
    return "\n".join(lines)


def benchmarks():
    for name in playable():
        early, late, late_move, length = positions(name)
        # no peer: a clone at move 2,000 and one at move 50 give different states, so neither is the other's
        # answer (the two rows side by side are the O(state) question; bench_engines.py prints their ratio)
        yield Benchmark(f"Engines: {name}, 1,000 clones at move {min(EARLY, length // 2)}",
                        ours=lambda early=early: [early.clone() for _ in range(1000)], repeat=3)
        yield Benchmark(f"Engines: {name}, 1,000 clones at move {late_move}",
                        ours=lambda late=late: [late.clone() for _ in range(1000)], repeat=3)
        yield Benchmark(f"Engines: {name}, {PLAYOUT_GAMES} whole random games", ours=lambda name=name: playout(name),
                        repeat=1)


def main(argv) -> int:  # pragma: no cover
    only = [a for a in argv if not a.startswith("-")]
    print(f"load average before: {' '.join(f'{x:.1f}' for x in os.getloadavg())}", file=sys.stderr)
    rows = []
    for name in playable(only):
        rows.append(measure(name))
        print(f"  measured {name}", file=sys.stderr)
    print(table(rows))
    print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}", file=sys.stderr)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))
