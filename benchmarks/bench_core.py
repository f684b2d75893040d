"""Core benchmarks, each against the fairest peer computing the same thing, answers checked equal.

- **Sorted dice compared pair by pair** (``sorted_pair_counts``): against icepool's own multiset
  evaluator (``pool.sort_pair('>', other).size()``: icepool's generator/evaluator algorithm, no
  Python callback per pair).  icepool caches evaluations between calls, so these are timed cold:
  each run in a fresh process, after the imports.
- **A pool as sorted tuples** (``Dist.pool``): against icepool's ``pool.expand()``.
- **A deck's chance node** (``Dist.from_weights``): no peer (the row that compared it with this project's
  older constructor is gone: our own older code is not a peer).
- **Exact Markov chains** (``MarkovChain``, Gauss-Jordan on Fractions): against libraries built for
  exact linear algebra over the rationals — python-flint's ``fmpq_mat.solve`` (skipped with a
  message if python-flint is not installed: ``pip install ".[dev]"``) and sympy's ``DomainMatrix``
  over QQ (sympy is a dependency already).
"""
from __future__ import annotations

import sys
from fractions import Fraction

import icepool

from bench_common import Benchmark
from pirates_lab.core import Dist, MarkovChain, sorted_pair_counts
from pirates_lab.core.geometry import hex_cells, hex_neighbours


def ours_pairs(n, m):
    return sorted_pair_counts(Dist.die(6), n, Dist.die(6), m).map(lambda c: c.attacker_higher)


def ours_enumerated(n, m):
    d6 = Dist.die(6)
    return Dist.independent(d6.pool(n), d6.pool(m)).map(lambda ab: sum(x > y for x, y in zip(*ab)))


def icepool_pairs(n, m):
    return icepool.d6.pool(n).sort_pair(">", icepool.d6.pool(m)).size()


def same(ours, peer):
    return all(ours[o] == Fraction(peer.probability(o)) for o in peer.outcomes()) and len(ours) == len(peer)


def same_pool(ours, peer):
    """icepool expands a pool to ascending tuples; ours are highest first."""
    total = peer.denominator()
    return {tuple(sorted(o, reverse=True)): Fraction(w, total) for o, w in peer.items()} == dict(ours.items())


# ---------------------------------------------------------------- exact Markov chains
RADIUS = 4      # a hexagonal board of 61 cells


def board_walk() -> MarkovChain:
    """A lazy random walk on a 61-cell hexagonal board: stay or step to a neighbour, all equally likely."""
    return MarkovChain({cell: Dist.uniform([cell, *hex_neighbours(cell, RADIUS)]) for cell in hex_cells(RADIUS)})


def ruin(n: int = 80, p: Fraction = Fraction(2, 5)) -> MarkovChain:
    """Gambler's ruin on 0..n, winning a step with probability p."""
    return MarkovChain({x: ({x - 1: 1 - p, x + 1: p} if 0 < x < n else {x: 1}) for x in range(n + 1)})


def stationary_system(chain: MarkovChain):
    """(P^T - I) pi = 0 with the last row replaced by sum(pi) = 1: the system ``stationary()`` solves."""
    n = len(chain.states)
    matrix = [[Fraction(0)] * n for _ in range(n)]
    for s, dist in chain.transitions.items():
        for t, p in dist.items():
            matrix[chain.index[t]][chain.index[s]] += p
    for i in range(n):
        matrix[i][i] -= 1
    matrix[-1] = [Fraction(1)] * n
    return matrix, [Fraction(0)] * (n - 1) + [Fraction(1)]


def absorption_system(chain: MarkovChain, absorbing: list):
    """(I - Q) X = R over the transient states: the system ``absorption_probabilities()`` solves."""
    transient = [s for s in chain.states if s not in absorbing]
    where = {s: i for i, s in enumerate(transient)}
    matrix = [[Fraction(int(i == j)) for j in range(len(transient))] for i in range(len(transient))]
    rhs = [[Fraction(0)] * len(absorbing) for _ in transient]
    for s in transient:
        for t, p in chain.transitions[s].items():
            if t in where:
                matrix[where[s]][where[t]] -= p
            else:
                rhs[where[s]][absorbing.index(t)] += p
    return transient, matrix, rhs


def flint_solve(matrix, rhs):
    import flint
    rows, columns = len(matrix), len(rhs[0])
    a = flint.fmpq_mat(rows, rows, [flint.fmpq(x.numerator, x.denominator) for row in matrix for x in row])
    b = flint.fmpq_mat(rows, columns, [flint.fmpq(x.numerator, x.denominator) for row in rhs for x in row])
    x = a.solve(b)
    return [[Fraction(int(x[i, j].p), int(x[i, j].q)) for j in range(columns)] for i in range(rows)]


def domain_solve(matrix, rhs):
    from sympy import QQ
    from sympy.polys.matrices import DomainMatrix
    a = DomainMatrix([[QQ(x.numerator, x.denominator) for x in row] for row in matrix], (len(matrix), len(matrix)), QQ)
    b = DomainMatrix([[QQ(x.numerator, x.denominator) for x in row] for row in rhs], (len(rhs), len(rhs[0])), QQ)
    x = a.lu_solve(b).to_Matrix()
    return [[Fraction(int(x[i, j].p), int(x[i, j].q)) for j in range(x.shape[1])] for i in range(x.shape[0])]


def peer_stationary(solve):
    chain = board_walk()
    matrix, rhs = stationary_system(chain)
    solution = solve(matrix, [[v] for v in rhs])
    return {s: solution[chain.index[s]][0] for s in chain.states}


def peer_absorption(solve, start=40):
    chain = ruin()
    absorbing = [0, 80]
    transient, matrix, rhs = absorption_system(chain, absorbing)
    row = solve(matrix, rhs)[transient.index(start)]
    return dict(zip(absorbing, row))


# ---------------------------------------------------------------- a deck's chance node
DECK = {f"card {i}": i % 5 + 1 for i in range(30)}     # 30 kinds of card, 1 to 5 copies each


def have_flint() -> bool:
    try:
        import flint  # noqa: F401
    except ImportError:
        print("  (skipped the python-flint peers: pip install python-flint, or pip install '.[dev]')", file=sys.stderr)
        return False
    return True


def benchmarks():
    for n, m, label in ((6, 6, "6 vs 6 sorted dice, pairs won"), (3, 2, "RISK 3 vs 2, defender losses")):
        yield Benchmark(label, ours=lambda n=n, m=m: ours_pairs(n, m), peer=lambda n=n, m=m: icepool_pairs(n, m),
                        peer_name="icepool sort_pair().size()", check=same, cold=True, repeat=3)
    yield Benchmark("6 vs 6 with our Dist, enumerating every pair of sorted rolls (the naive way, kept to show "
                    "why sorted_pair_counts exists)", ours=lambda: ours_enumerated(6, 6),
                    peer=lambda: icepool_pairs(6, 6), peer_name="icepool sort_pair().size()", check=same, repeat=1,
                    cold=True)
    yield Benchmark("Dist.die(6).pool(6)", ours=lambda: Dist.die(6).pool(6), peer=lambda: icepool.d6.pool(6).expand(),
                    peer_name="icepool pool().expand()", check=same_pool, cold=True, repeat=3)
    yield Benchmark("Dist of a 30-kind deck (a draw's chance node), 1,000 times",
                    ours=lambda: [Dist.from_weights(DECK) for _ in range(1000)], repeat=5)
    from sympy.external.gmpy import GROUND_TYPES     # "flint" when python-flint is installed, unless overridden
    peers = [(f"sympy DomainMatrix (QQ, {GROUND_TYPES} ground types)", domain_solve)] + ([("python-flint fmpq_mat", flint_solve)] if have_flint() else [])
    for name, solve in peers:
        yield Benchmark("Markov: stationary walk on a 61-cell hex board (exact)", ours=lambda: board_walk().stationary(),
                        peer=lambda solve=solve: peer_stationary(solve), peer_name=name,
                        check=lambda a, b: a == b, repeat=3)
        yield Benchmark("Markov: gambler's ruin 0..80 from 40, p=2/5 (exact)",
                        ours=lambda: ruin().absorption_probabilities(40),
                        peer=lambda solve=solve: peer_absorption(solve), peer_name=name,
                        check=lambda a, b: a == b, repeat=3)
