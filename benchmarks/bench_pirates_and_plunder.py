"""Pirates & Plunder benchmarks: whole random games, legal placements, feature merging, secret battle.

* A whole random 5-player game (80 tiles, every rule: ships, scoring, pirates, battles, final
  scoring) through the public protocol (``apply`` copies the state every move).  Goal (issue 10):
  under 50 ms.  No peer (the row that set the game's own clone against the core's is gone with the
  engines' hand-written clones).
* Legal placements for every draw of a recorded game: ours reads the frontier (each empty square's
  edge needs, kept up to date on placement, fits cached by need); the peer scans every square
  around every tile in all four turns, as a first engine would (a baseline written here).
* Feature merging for the 80 placements of a recorded game: ours is union–find with open-edge
  counts updated on placement; the peer floods the whole board after every placement to find the
  features and their open edges.  The check compares the complete features found at the end.
* The largest exact secret battle (60 v 60 resources, a ship worth 1000): ours eliminates on whole
  numbers kept primitive by gcd (Fractions only in the answer); the peer solves the same linear systems
  with sympy's exact linear algebra (``DomainMatrix.rref`` over QQ; our first Gauss–Jordan on Fractions
  is our own older code, no peer).  Goal (issue 14): within 2 s.  The check compares the value and
  both mixes.

Runnable on its own (``python benchmarks/bench_pirates_and_plunder.py``: prints placements per
second and the three timings) so other tile engines can be compared on the same machine, or
through ``python benchmarks/run.py pirates_and_plunder``.
"""
from __future__ import annotations

import random
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_common import BASELINE, Benchmark  # noqa: E402
from pirates_lab.core import play, random_playout  # noqa: E402
from pirates_lab.pirates_and_plunder import Game, PlaceTile, battles  # noqa: E402
from pirates_lab.pirates_and_plunder.game import State  # noqa: E402
from pirates_lab.pirates_and_plunder.parts import MAX_SEGMENTS, mirror  # noqa: E402
from pirates_lab.pirates_and_plunder.placing import find, legal_places, place_tile  # noqa: E402

SEEDS = range(5)


def games(game_class) -> list:
    return [random_playout(game_class(players=5).new_initial_state(), seed).scores() for seed in SEEDS]


def same_battle(ours, peer):
    """The value and both mixes, exactly."""
    return ours == peer


def recorded_game(seed: int = 7):
    """The placements ``[(kind, cell, turns)]`` of one random 5-player game (the core's play loop)."""
    return [(step.state.drawn, step.action.cell, step.action.turns)
            for step in play(Game(players=5).new_initial_state(), None, random.Random(seed))
            if isinstance(step.action, PlaceTile)]


def bare_state(game):
    state = State.__new__(State)
    state.game = game
    state.cells, state.needs, state.placed, state.parent, state.open, state.size = {}, {}, [], [], [], []
    return state


def ours_places(game, placements):
    state = bare_state(game)
    start = game.board.tileset.start
    place_tile(state, game.board, start, (0, 0), 0)
    found = []
    for kind, cell, turns in placements:
        found.append(set(legal_places(game.board, state.needs, kind)))
        place_tile(state, game.board, kind, cell, turns)
    return found


def naive_places(game, placements):
    board = game.board
    tiles = {(0, 0): (board.tileset.start, 0)}
    found = []
    for kind, cell, turns in placements:
        options = set()
        empty = {(x + dx, y + dy) for (x, y) in tiles for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))} - set(tiles)
        for square in empty:
            for r in board.distinct[kind]:
                edges = board.turned[kind][r][0]
                ok = True
                for edge, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
                    other = tiles.get((square[0] + dx, square[1] + dy))
                    if other is not None and board.turned[other[0]][other[1]][0][(edge + 2) % 4] != edges[edge]:
                        ok = False
                if ok:
                    options.add((square, r))
        found.append(options)
        tiles[cell] = (kind, turns)
    return found


def ours_merge(game, placements):
    state = bare_state(game)
    place_tile(state, game.board, game.board.tileset.start, (0, 0), 0)
    for kind, cell, turns in placements:
        place_tile(state, game.board, kind, cell, turns)
    groups = {}
    for index, (kind, _, _, _) in enumerate(state.placed):
        for number in range(len(game.board.types[kind].segments)):
            node = MAX_SEGMENTS * index + number
            groups.setdefault(find(state.parent, node), set()).add(node)
    return {frozenset(nodes) for root, nodes in groups.items() if state.open[root] == 0}


def naive_merge(game, placements):
    board = game.board
    tiles = {(0, 0): (0, board.tileset.start, 0)}
    complete = set()
    for number, (kind, cell, turns) in enumerate(placements, start=1):
        tiles[cell] = (number, kind, turns)
        links, open_count = {}, {}
        for (x, y), (index, k, r) in tiles.items():
            owner = board.turned[k][r][1]
            segments = board.types[k].segments
            for s, segment in enumerate(segments):
                links.setdefault(MAX_SEGMENTS * index + s, set())
                if segment.kind == "port":
                    links[MAX_SEGMENTS * index + s].add(MAX_SEGMENTS * index + segment.island)
                    links.setdefault(MAX_SEGMENTS * index + segment.island, set()).add(MAX_SEGMENTS * index + s)
            for place, s in enumerate(owner):
                node = MAX_SEGMENTS * index + s
                dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[place // 3]
                other = tiles.get((x + dx, y + dy))
                if other is None:
                    open_count[node] = open_count.get(node, 0) + 1
                else:
                    their = MAX_SEGMENTS * other[0] + board.turned[other[1]][other[2]][1][mirror(place)]
                    links[node].add(their)
        seen, complete = set(), set()
        for node in links:
            if node in seen:
                continue
            stack, group = [node], set()
            while stack:
                here = stack.pop()
                if here in group:
                    continue
                group.add(here)
                stack.extend(links[here] - group)
            seen |= group
            if sum(open_count.get(n, 0) for n in group) == 0:
                complete.add(frozenset(group))
    return complete


def sympy_elimination(rows: list, columns: int) -> list | None:
    """The secret battle's linear system solved by sympy's exact linear algebra (``DomainMatrix.rref`` over QQ):
    the same answer as ours (free unknowns 0, the reduced form is unique), or None for no solution."""
    from sympy import QQ
    from sympy.polys.matrices import DomainMatrix

    def qq(v):
        v = Fraction(v)
        return QQ(v.numerator, v.denominator)

    reduced, pivots = DomainMatrix([[qq(v) for v in r] for r in rows], (len(rows), columns + 1), QQ).rref()
    if columns in pivots:
        return None                                  # a row 0 = c, c != 0: no solution
    entries = reduced.to_list()
    solution = [Fraction(0)] * columns
    for i, c in enumerate(pivots):
        value = QQ.to_sympy(entries[i][-1])
        solution[c] = Fraction(int(value.p), int(value.q))
    return solution


def secret_battle_with(elimination):
    """The largest exact secret battle (60 v 60, a ship worth 1000 resources) solved with ``elimination``."""
    saved = battles._solve_exact
    battles._solve_exact = elimination
    try:
        game = battles.secret_battle(60, 60, 0, 1000, 1)
    finally:
        battles._solve_exact = saved
    return game.value, game.attacker, game.defender


def benchmarks():
    game = Game(players=5)
    battles.secret_battle(1, 1, 0, 1, 1)                # scipy imported before timing
    yield Benchmark("pirates_and_plunder: secret battle 60 v 60, ship 1000",
                    lambda: secret_battle_with(battles._solve_exact), lambda: secret_battle_with(sympy_elimination),
                    "the same battle, its linear systems solved by sympy DomainMatrix.rref over QQ", goal_seconds=2.0,
                    check=same_battle, repeat=3)
    placements = recorded_game()
    yield Benchmark("pirates_and_plunder: 5 random 5-player games (80 tiles, every rule)", lambda: games(Game),
                    goal_seconds=0.05 * len(SEEDS), repeat=3)
    yield Benchmark("pirates_and_plunder: legal placements for every draw of a game", lambda: ours_places(game, placements),
                    lambda: naive_places(game, placements), "scan every square around every tile, 4 turns",
                    check=lambda a, b: a == b, repeat=5, kind=BASELINE)
    yield Benchmark("pirates_and_plunder: feature merging for the 80 placements of a game",
                    lambda: ours_merge(game, placements), lambda: naive_merge(game, placements),
                    "flood the whole board after every placement", check=lambda a, b: a == b, repeat=3, kind=BASELINE)


def main() -> int:
    game = Game(players=5)
    start, cpu = time.perf_counter(), time.process_time()
    rounds = 20
    placed = 0
    for seed in range(rounds):
        final = random_playout(Game(players=5).new_initial_state(), seed)
        placed += len(final.placed) - 1
    whole = (time.perf_counter() - start) / rounds
    cpu = (time.process_time() - cpu) / rounds       # CPU time: fairer on a machine shared with other jobs
    print(f"whole random 5-player game: {whole * 1000:.1f} ms wall, {cpu * 1000:.1f} ms CPU (goal < 50 ms); "
          f"{placed / (cpu * rounds):,.0f} placements per CPU second")
    placements = recorded_game()
    for label, function in (("legal placements, every draw of a game", lambda: ours_places(game, placements)),
                            ("feature merging, 80 placements", lambda: ours_merge(game, placements))):
        best = min(_time(function) for _ in range(5))
        print(f"{label}: {best * 1000:.2f} ms ({best / len(placements) * 1e6:.1f} µs per placement)")
    return 0


def _time(function) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


if __name__ == "__main__":
    raise SystemExit(main())
