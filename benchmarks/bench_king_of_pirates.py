"""King of Pirates benchmarks.

* The whole optimal re-roll table (target 2..13 x modifier -5..+5 x cannonballs 0..10: 1,452
  entries of exact P(success) and expected cannonballs), caches cleared first.  Goal (issue 14):
  under 100 ms (it took 190-315 ms with Fractions inside; now whole numbers over 36**k inside and
  Fractions only at the edge).  Peer: the naive reference of the tests (ordered dice, every option
  tried, memoised per need and cannonball count), which gives the same Fractions.
* Mutiny odds for 100,000 rum (issue 14: it ran for minutes): the expected upkeeps by the closed
  form (matrix powers of the linear recurrence), against the same recurrence stepped one rum at a time.
* The Flying Dutchman's 61-cell chain: the exact stationary distribution, ours (Fraction
  Gauss-Jordan in ``core.markov``) against sympy's exact linear algebra (``DomainMatrix`` over QQ,
  ``lu_solve``: the fair peer, not the dense ``Matrix.LUsolve``) on the same linear system; and the
  float stationary distribution, ours (``stationary_float``, scipy.sparse lsqr) against a dense
  ``scipy.linalg.solve`` of the same system.
* Expected hitting time of a corner, exact, ours against sympy's ``DomainMatrix`` over QQ.
* 5,000 clones of the position at the end of a 4-player, 3-round game, and 100 seeded random
  4-player games of 3 rounds: timed alone (the rows that set the engine's own ``clone`` against the
  core's are gone with the engines' hand-written clones: an engine's older code is not a peer).
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from bench_common import BASELINE, Benchmark
from pirates_lab.core import random_playout
from pirates_lab.king_of_pirates import odds
from pirates_lab.king_of_pirates.game import Game

DIE = range(1, 7)


def ours_table():
    odds._clear_cache()
    return odds.reroll_table()


def naive_table():
    @lru_cache(maxsize=None)
    def value(need, k, d1, d2):
        if d1 + d2 >= need:
            return (Fraction(1), Fraction(0))
        best = (Fraction(0), Fraction(0))
        if k:
            one = [value(need, k - 1, x, d2) for x in DIE]
            two = [value(need, k - 1, d1, x) for x in DIE]
            both = [value(need, k - 1, x, y) for x in DIE for y in DIE]
            for group, n in ((one, 6), (two, 6), (both, 36)):
                p = sum(v[0] for v in group) / n
                c = 1 + sum(v[1] for v in group) / n
                if p > best[0] or (p == best[0] and c < best[1]):
                    best = (p, c)
        return best

    out = {}
    for t in range(2, 14):
        for m in range(-5, 6):
            for k in range(11):
                need = max(2, min(13, t - m))
                values = [value(need, k, x, y) for x in DIE for y in DIE]
                out[(t, m, k)] = (sum(v[0] for v in values) / 36, sum(v[1] for v in values) / 36)
    return out


def ours_mutiny():
    return odds.expected_upkeeps_until_mutiny(20_000)


def stepped_mutiny():
    """E[r] = 1 + E[r]/3 + E[r-1]/3 + E[r-2]/3 (scurvy, lose 1, lose 2; E of a mutiny is 0), rum by rum."""
    e = [Fraction(0), Fraction(0)]        # E[-2], E[-1]
    for _ in range(20_001):
        e.append((3 + e[-1] + e[-2]) / 2)
    return e[-1]


def _fresh_chain():
    odds.dutchman_chain.cache_clear()
    return odds.dutchman_chain()


def _system(chain):
    """(P^T - I) with the last row replaced by ones; right-hand side e_n (as in core.markov)."""
    n = len(chain.states)
    rows = [[Fraction(0)] * n for _ in range(n)]
    for s, dist in chain.transitions.items():
        for t, p in dist.items():
            rows[chain.index[t]][chain.index[s]] += p
    for i in range(n):
        rows[i][i] -= 1
    rows[-1] = [Fraction(1)] * n
    return rows


def ours_stationary():
    return _fresh_chain().stationary()


def _qq(rows):
    """A sympy DomainMatrix over the rationals (sympy's exact linear algebra, not Matrix.LUsolve)."""
    from sympy import QQ
    from sympy.polys.matrices import DomainMatrix

    return DomainMatrix([[QQ(x.numerator, x.denominator) for x in row] for row in rows], (len(rows), len(rows[0])), QQ)


def _fractions(column):
    return [Fraction(int(v.numerator), int(v.denominator)) for (v,) in column.to_list()]


def sympy_stationary():
    """The same linear system solved exactly by sympy's DomainMatrix over QQ (LU over QQ)."""
    chain = _fresh_chain()
    rows = _system(chain)
    rhs = [[Fraction(0)] for _ in range(len(rows) - 1)] + [[Fraction(1)]]
    solution = _fractions(_qq(rows).lu_solve(_qq(rhs)))
    return {s: solution[i] for i, s in enumerate(chain.states)}


def ours_stationary_float():
    return _fresh_chain().stationary_float()


def scipy_dense_stationary():
    import numpy as np
    import scipy.linalg

    chain = _fresh_chain()
    matrix = np.array([[float(x) for x in row] for row in _system(chain)])
    rhs = np.zeros(len(matrix))
    rhs[-1] = 1.0
    solution = scipy.linalg.solve(matrix, rhs)
    return {s: float(solution[i]) for i, s in enumerate(chain.states)}


def ours_hitting():
    return _fresh_chain().hitting_time((4, 0), (0, 0))


def sympy_hitting():
    """(I - Q) t = 1 over the non-target cells, solved exactly by sympy's DomainMatrix over QQ."""
    chain = _fresh_chain()
    target = (4, 0)
    others = [s for s in chain.states if s != target]
    index = {s: i for i, s in enumerate(others)}
    n = len(others)
    rows = [[Fraction(int(i == j)) for j in range(n)] for i in range(n)]
    for s in others:
        for t, p in chain.transitions[s].items():
            if t != target:
                rows[index[s]][index[t]] -= p
    solution = _fractions(_qq(rows).lu_solve(_qq([[Fraction(1)] for _ in range(n)])))
    return solution[index[(0, 0)]]


def random_games():
    return [random_playout(Game(players=4, max_turns=3).new_initial_state(), seed).scores() for seed in range(100)]


_END = None


def _end_state():
    global _END
    if _END is None:
        _END = random_playout(Game(players=4, max_turns=3).new_initial_state(), 1)
    return _END


def ours_clones():
    state = _end_state()
    return [state.clone().to_json() == state.to_json()] + [state.clone() is not state for _ in range(5000)]


def within(tolerance):
    """Two float distributions over the same cells, equal to ``tolerance``: (agrees, the largest difference)."""
    def check(a, b):
        worst = max(abs(a[s] - b[s]) for s in a) if set(a) == set(b) else float("inf")
        return worst < tolerance, f"yes, within {tolerance:g} (largest difference {worst:.1e})" if worst < tolerance \
            else f"largest difference {worst:.1e}"
    return check


def benchmarks():
    yield Benchmark("KoP: optimal re-roll table 12x11x11 (exact, cold)", ours=ours_table, peer=naive_table,
                    peer_name="naive ordered-dice recursion", goal_seconds=0.1, check=lambda a, b: a == b, repeat=3,
                    kind=BASELINE)
    yield Benchmark("KoP: expected upkeeps until a mutiny, 20,000 rum (exact)", ours=ours_mutiny, peer=stepped_mutiny,
                    peer_name="the recurrence stepped rum by rum", goal_seconds=2.0, check=lambda a, b: a == b,
                    repeat=3, kind=BASELINE)
    yield Benchmark("KoP: Dutchman stationary distribution (exact)", ours=ours_stationary, peer=sympy_stationary,
                    peer_name="sympy DomainMatrix over QQ (lu_solve)", check=lambda a, b: a == b, repeat=3)
    yield Benchmark("KoP: Dutchman stationary distribution (float)", ours=ours_stationary_float,
                    peer=scipy_dense_stationary, peer_name="scipy.linalg.solve (dense)",
                    check=within(1e-9), repeat=5)
    yield Benchmark("KoP: Dutchman hitting time of a corner (exact)", ours=ours_hitting, peer=sympy_hitting,
                    peer_name="sympy DomainMatrix over QQ (lu_solve)", check=lambda a, b: a == b, repeat=3)
    yield Benchmark("KoP: 5,000 clones of an end-of-game state", ours=ours_clones, repeat=3)
    yield Benchmark("KoP: 100 random 4-player games, 3 rounds", ours=random_games, repeat=1)


if __name__ == "__main__":  # pragma: no cover
    from run import main   # the shared runner: best of N, peer beside ours, ratios

    raise SystemExit(main(["king_of_pirates"]))
