"""Markov chains, exactly (Fractions) and fast (scipy.sparse floats).

A chain is a mapping ``state -> Dist`` of next states (a state missing from the mapping,
or mapping to itself with probability 1, is absorbing).  Build one from a step function with
:meth:`MarkovChain.from_step`.

Gambler's ruin with a fair coin, from 1 of 0..3:

>>> step = lambda x: Dist.certain(x) if x in (0, 3) else Dist.uniform([x - 1, x + 1])
>>> chain = MarkovChain.from_step([1], step)
>>> chain.absorption_probabilities(1)[3]
Fraction(1, 3)
>>> chain.expected_steps(1)
Fraction(2, 1)
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from typing import Any

from .dist import Dist

__all__ = ["MarkovChain", "solve_exact"]


def solve_exact(matrix: list[list[Fraction]], rhs: list[list[Fraction]]) -> list[list[Fraction]]:
    """Solve ``matrix @ X = rhs`` exactly by Gauss–Jordan elimination on Fractions.

    ``rhs`` has one column per right-hand side.  Raises ``ValueError`` if singular.
    """
    n = len(matrix)
    columns = len(rhs[0]) if rhs else 0
    a = [list(map(Fraction, row)) + list(map(Fraction, rhs_row)) for row, rhs_row in zip(matrix, rhs)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if a[r][col] != 0), None)
        if pivot is None:
            raise ValueError("singular system: some state never reaches an absorbing state")
        a[col], a[pivot] = a[pivot], a[col]
        pivot_row = a[col]
        inverse = 1 / pivot_row[col]
        if inverse != 1:
            a[col] = pivot_row = [x * inverse for x in pivot_row]
        nonzero = [j for j, x in enumerate(pivot_row) if x != 0]
        for r in range(n):
            factor = a[r][col]
            if r != col and factor != 0:
                row = a[r]
                for j in nonzero:
                    row[j] -= factor * pivot_row[j]
    return [row[n:n + columns] for row in a]


class MarkovChain:
    """A finite Markov chain with exact transition probabilities."""

    def __init__(self, transitions: Mapping[Hashable, Dist | Mapping[Hashable, Any]]):
        self.transitions: dict[Any, Dist] = {}
        for state, nxt in transitions.items():
            self.transitions[state] = nxt if isinstance(nxt, Dist) else Dist.from_probabilities(nxt)
        everything = set(self.transitions)
        for dist in list(self.transitions.values()):
            everything.update(dist.outcomes())
        for state in everything - set(self.transitions):
            self.transitions[state] = Dist.certain(state)
        try:
            self.states: list[Any] = sorted(self.transitions)
        except TypeError:
            self.states = list(self.transitions)
        self.index = {s: i for i, s in enumerate(self.states)}

    @classmethod
    def from_step(cls, starts: Iterable[Hashable], step: Callable[[Any], Dist], limit: int = 1_000_000) -> "MarkovChain":
        """Explore every state reachable from ``starts`` with ``step(state) -> Dist``."""
        transitions: dict[Any, Dist] = {}
        frontier = list(starts)
        while frontier:
            state = frontier.pop()
            if state in transitions:
                continue
            transitions[state] = step(state)
            if len(transitions) > limit:
                raise ValueError(f"more than {limit} states")
            frontier.extend(s for s in transitions[state].outcomes() if s not in transitions)
        return cls(transitions)

    # ------------------------------------------------------------ structure
    def is_absorbing(self, state: Any) -> bool:
        return self.transitions[state] == Dist.certain(state)

    @property
    def absorbing(self) -> list[Any]:
        return [s for s in self.states if self.is_absorbing(s)]

    @property
    def transient(self) -> list[Any]:
        return [s for s in self.states if not self.is_absorbing(s)]

    def step(self, dist: Dist) -> Dist:
        """One step from a distribution over states."""
        return dist.bind(lambda s: self.transitions[s])

    def distribution_after(self, n: int, start: Any) -> Dist:
        """Exact distribution after ``n`` steps from ``start`` (or from a Dist)."""
        dist = start if isinstance(start, Dist) else Dist.certain(start)
        for _ in range(n):
            dist = self.step(dist)
        return dist

    # ------------------------------------------------------------ absorption
    def _fundamental_system(self, columns: Callable[[Any], list[Fraction]], width: int):
        transient = self.transient
        position = {s: i for i, s in enumerate(transient)}
        size = len(transient)
        matrix = [[Fraction(0)] * size for _ in range(size)]
        rhs = []
        for s in transient:
            i = position[s]
            matrix[i][i] += 1
            for t, p in self.transitions[s].items():
                if t in position:
                    matrix[i][position[t]] -= p
            rhs.append(columns(s))
        solution = solve_exact(matrix, rhs) if size else []
        return {s: solution[position[s]] for s in transient}

    def absorption_probabilities(self, start: Any) -> dict[Any, Fraction]:
        """Probability of ending in each absorbing state, starting from ``start``."""
        absorbing = self.absorbing
        if self.is_absorbing(start):
            return {a: Fraction(int(a == start)) for a in absorbing}
        solved = self._fundamental_system(
            lambda s: [self.transitions[s][a] for a in absorbing], len(absorbing))
        return dict(zip(absorbing, solved[start]))

    def expected_steps(self, start: Any) -> Fraction:
        """Expected number of steps until absorption, starting from ``start``."""
        if self.is_absorbing(start):
            return Fraction(0)
        return self._fundamental_system(lambda s: [Fraction(1)], 1)[start][0]

    def hitting_time(self, target: Any, start: Any) -> Fraction:
        """Expected steps to first reach ``target`` (make it absorbing, then count)."""
        if start == target:
            return Fraction(0)
        modified = dict(self.transitions)
        modified[target] = Dist.certain(target)
        return MarkovChain(modified).expected_steps(start)

    # ------------------------------------------------------------ long run
    def stationary(self) -> dict[Any, Fraction]:
        """The stationary distribution ``pi = pi P`` (the chain must have exactly one)."""
        n = len(self.states)
        # rows: (P^T - I) pi = 0, with the last equation replaced by sum(pi) = 1
        matrix = [[Fraction(0)] * n for _ in range(n)]
        for s, dist in self.transitions.items():
            j = self.index[s]
            for t, p in dist.items():
                matrix[self.index[t]][j] += p
        for i in range(n):
            matrix[i][i] -= 1
        matrix[-1] = [Fraction(1)] * n
        rhs = [[Fraction(0)] for _ in range(n - 1)] + [[Fraction(1)]]
        solution = solve_exact(matrix, rhs)
        return {s: solution[self.index[s]][0] for s in self.states}

    # ------------------------------------------------------------ float path
    def sparse_matrix(self):
        """The transition matrix as a ``scipy.sparse.csr_matrix`` of floats (row = from)."""
        from scipy.sparse import csr_matrix

        rows, cols, values = [], [], []
        for s, dist in self.transitions.items():
            for t, p in dist.items():
                rows.append(self.index[s])
                cols.append(self.index[t])
                values.append(float(p))
        n = len(self.states)
        return csr_matrix((values, (rows, cols)), shape=(n, n))

    def stationary_float(self) -> dict[Any, float]:
        """The stationary distribution with scipy.sparse (floats)."""
        import numpy as np
        from scipy.sparse import csc_matrix, identity, vstack
        from scipy.sparse.linalg import lsqr

        n = len(self.states)
        system = vstack([(self.sparse_matrix().T - identity(n)), csc_matrix(np.ones((1, n)))]).tocsr()
        rhs = np.zeros(n + 1)
        rhs[-1] = 1.0
        solution = lsqr(system, rhs, atol=1e-14, btol=1e-14)[0]
        return {s: float(solution[i]) for i, s in enumerate(self.states)}
