"""The second counting engine: a rival who said Aye, counted by the triples that explain his Ayes.

Rules: Plunder (2013) › How to Play

The class engine (:mod:`.engine`) is quick while few rivals have said Aye to few different clue
cards.  Answers rich in Ayes and poor in Nays (a long game, or a classroom that reveals only the
Ayes of a day) make its class vectors multiply — seconds and hundreds of MB for a handful of
deals.  But then each rival who said Aye has only a few (island, marker, trap) triples left that
explain every one of his Ayes, and this engine counts by those:

* a rival with an Aye is *constrained*: his triples are listed (numpy, every triple of his allowed
  cards tested against every Aye at once);
* the constrained rivals' triples are joined, no card twice (a vectorised join, never a Python
  loop per deal), into *combos*;
* a rival without an Aye is *free*: only Nays touched him, so his three categories are independent.
  For each category one table of the free rivals' allowed assignments is summed over subsets of
  cards ("zeta transform"), so one lookup tells how many assignments avoid the cards a combo took,
  and how many give free rival j card x;
* a combo's weight is the product of its three categories' free counts; marginals, one rival's
  location table, a clue's answer patterns, the consistent deals and a uniform sample follow from
  the combos and those tables.

Counts are exact integers (int64, or float64 below 2**53 for sums); they agree with the class
engine, brute force and CP-SAT (tests).  :func:`explain` returns None when the combos would be
too many, and the caller picks the other engine.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

__all__ = ["Explained", "explain", "MAX_COMBOS"]

#: the most rows the join of the constrained rivals' triples may build (memory and time stay small)
MAX_COMBOS = 400_000


@lru_cache(maxsize=16)
def _cube(n: int) -> np.ndarray:
    """Every triple (island, marker, trap) of card indexes below n: an array (3, n**3)."""
    cube = np.indices((n, n, n)).reshape(3, -1).astype(np.int64)
    cube.setflags(write=False)
    return cube


def _bits(mask: int, n: int) -> np.ndarray:
    return (mask >> np.arange(n)) & 1 == 1


def explaining_triples(n: int, allowed: tuple[int, int, int], ayes) -> np.ndarray:
    """The triple codes ((i * n + m) * n + t) of one rival's allowed cards that fit all his Ayes."""
    i, m, t = _cube(n)
    ok = _bits(allowed[0], n)[i] & _bits(allowed[1], n)[m] & _bits(allowed[2], n)[t]
    for a, b, c in ayes:
        ok &= (i == a) | (m == b) | (t == c)
    return np.flatnonzero(ok)


def _subset_sums(table: np.ndarray, n: int) -> np.ndarray:
    """``out[s] = sum of table[r] over every r that is a subset of s`` (axis 0 indexed by masks)."""
    out = table.copy()
    rest = out.shape[1:]
    for bit in range(n):
        view = out.reshape((-1, 2, 1 << bit) + rest)
        view[:, 1] += view[:, 0]
    return out


class _FreeCategory:
    """The free rivals' assignments of one category and their subset sums.

    ``count[s]``: assignments using only cards in the set ``s``; ``cards[s, j, x]``: those giving
    free rival j card x.  ``rows``/``masks``: the assignments themselves (for deals and samples).
    """

    def __init__(self, n: int, masks: tuple[int, ...]):
        from .engine import _assignments

        self.n, self.f = n, len(masks)
        # no free rival: one (empty) assignment
        self.rows = _assignments(n, masks).astype(np.int64) if masks else np.zeros((1, 0), dtype=np.int64)
        self.masks = np.zeros(len(self.rows), dtype=np.int64)
        for j in range(self.f):
            self.masks |= np.int64(1) << self.rows[:, j]
        size = 1 << n
        self.count = _subset_sums(np.bincount(self.masks, minlength=size).astype(np.int64), n)
        by_card = np.zeros((size, max(1, self.f), n), dtype=np.int64)
        for j in range(self.f):
            by_card[:, j, :] = np.bincount(self.masks * n + self.rows[:, j], minlength=size * n).reshape(size, n)
        self.cards = _subset_sums(by_card, n)

    def fitting(self, free_cards: int) -> np.ndarray:
        """The assignments that use only the cards of the set ``free_cards``."""
        return self.rows[(self.masks & ~np.int64(free_cards)) == 0]


class Explained:
    """The posterior of :mod:`.engine` (same methods, same exact answers), counted by combos."""

    def __init__(self, players: int, me: int, cards: int, others: tuple[int, ...], allowed, ayes,
                 constrained: list[int], triples: np.ndarray):
        n = cards
        self.players, self.me, self.cards, self.others = players, me, cards, others
        self.impossible = False
        self.constrained = constrained                        # rival columns with an Aye
        self.free = [j for j in range(len(others)) if j not in constrained]
        self.triples = triples                                # (combos, len(constrained)) triple codes
        full = (1 << n) - 1
        cube = _cube(n)
        used = np.zeros((len(triples), 3), dtype=np.int64)
        for q in range(len(constrained)):
            for c in range(3):
                used[:, c] |= np.int64(1) << cube[c][triples[:, q]]
        self.tables = [_FreeCategory(n, tuple(allowed[c][j] for j in self.free)) for c in range(3)]
        self.avail = (~used) & full                           # (combos, 3): cards left for the free rivals
        counts = np.stack([self.tables[c].count[self.avail[:, c]] for c in range(3)], axis=1)
        weight = counts[:, 0] * counts[:, 1] * counts[:, 2]
        keep = weight > 0
        self.triples, self.avail, self.counts, self.weight = triples[keep], self.avail[keep], counts[keep], weight[keep]
        self.total = int(self.weight.sum())

    @property
    def k(self) -> int:
        return len(self.others)

    def answering(self, asker: int) -> tuple[int, ...]:
        """Pirates whose answers tell me something: everyone but me and the asker."""
        return tuple(p for p in self.others if p != asker)

    def _card(self, q: int, c: int) -> np.ndarray:
        """Constrained rival q's card of category c in every combo."""
        return _cube(self.cards)[c][self.triples[:, q]]

    def _packed(self) -> np.ndarray:
        """The cards each combo leaves the free rivals, three categories in one int64."""
        n = self.cards
        return self.avail[:, 0] | (self.avail[:, 1] << n) | (self.avail[:, 2] << (2 * n))

    def _groups(self, extra: np.ndarray | None = None):
        """Combos grouped by the cards they leave the free rivals (and ``extra`` small ints):
        (avail of each group (G, 3), extra of each group, inverse)."""
        n = self.cards
        key = self._packed() if extra is None else (self._packed() << 6) | extra
        unique, first, inverse = np.unique(key, return_index=True, return_inverse=True)
        return self.avail[first], (None if extra is None else extra[first]), inverse.reshape(-1)

    # ------------------------------------------------------------------ answers
    def marginal_counts(self) -> np.ndarray:
        """Array (k, 3, cards): consistent deals in which other pirate j holds each card."""
        n = self.cards
        out = np.zeros((self.k, 3, n), dtype=np.int64)
        if self.total == 0:
            return out
        for q, j in enumerate(self.constrained):
            for c in range(3):
                out[j, c] = np.rint(np.bincount(self._card(q, c), weights=self.weight.astype(np.float64), minlength=n))
        if self.free:
            unique, _, inverse = self._groups()
            for c in range(3):
                others = self.weight // self.counts[:, c]          # the two other categories' counts
                per_group = np.bincount(inverse, weights=others.astype(np.float64), minlength=len(unique))
                table = self.tables[c].cards[unique[:, c]]         # (G, f, n)
                out[self.free, c] = np.rint(np.einsum("g,gjx->jx", per_group, table.astype(np.float64)))
        return out

    def location_counts(self, j: int) -> np.ndarray:
        """Array (cards, cards, cards): consistent deals giving other pirate j each location."""
        n = self.cards
        if self.total == 0:
            return np.zeros((n, n, n), dtype=np.int64)
        if j in self.constrained:
            q = self.constrained.index(j)
            flat = np.bincount(self.triples[:, q], weights=self.weight.astype(np.float64), minlength=n ** 3)
            return np.rint(flat).astype(np.int64).reshape(n, n, n)
        f = self.free.index(j)
        unique, _, inverse = self._groups()
        times = np.bincount(inverse, minlength=len(unique)).astype(np.float64)
        a, b, c = (self.tables[x].cards[unique[:, x], f, :].astype(np.float64) for x in range(3))
        return np.rint(np.einsum("g,ga,gb,gc->abc", times, a, b, c, optimize=True)).astype(np.int64)

    def answer_counts(self, clue: tuple[int, int, int], asker: int) -> dict[tuple[int, ...], int]:
        """Consistent deals per answer vector to ``clue`` (keys: 0/1 in :meth:`answering` order)."""
        if self.total == 0:
            return {}
        shown = tuple(x - 1 for x in clue)
        base = np.zeros(len(self.weight), dtype=np.int64)       # the constrained rivals' answers
        for q, j in enumerate(self.constrained):
            aye = np.zeros(len(self.weight), dtype=bool)
            for c in range(3):
                aye |= self._card(q, c) == shown[c]
            base |= aye.astype(np.int64) << j
        f = len(self.free)
        if not f:                                               # every answer is fixed by the combo
            return self._keyed(dict(zip(*_summed(base, self.weight.astype(np.float64)))), asker)
        unique, base, inverse = self._groups(base)
        unique = np.column_stack([unique, base])
        times = np.bincount(inverse, minlength=len(unique)).astype(np.float64)     # combos per group
        holders = []                                             # per category: (G, f + 1), last = nobody
        for c in range(3):
            table = self.tables[c]
            by_free = table.cards[unique[:, c], :, shown[c]][:, :f] if f else np.zeros((len(unique), 0), np.int64)
            nobody = table.count[unique[:, c]] - by_free.sum(axis=1)
            holders.append(np.column_stack([by_free, nobody]).astype(np.float64))
        bit = [np.int64(1) << j for j in self.free] + [np.int64(0)]
        counts: dict[int, float] = {}
        for w0 in range(f + 1):
            for w1 in range(f + 1):
                part = times * holders[0][:, w0] * holders[1][:, w1]
                for w2 in range(f + 1):
                    weight = part * holders[2][:, w2]
                    codes = unique[:, 3] | bit[w0] | bit[w1] | bit[w2]
                    for code, value in zip(*_summed(codes, weight)):
                        counts[code] = counts.get(code, 0.0) + value
        return self._keyed(counts, asker)

    def _keyed(self, counts: dict[int, float], asker: int) -> dict[tuple[int, ...], int]:
        """Answer codes (bit j: rival column j says Aye) as tuples in :meth:`answering` order."""
        columns = [self.others.index(p) for p in self.answering(asker)]
        result: dict[tuple[int, ...], int] = {}
        for code, value in counts.items():
            if value:
                key = tuple(int(code) >> j & 1 for j in columns)
                result[key] = result.get(key, 0) + int(round(value))
        return result

    # ------------------------------------------------------------------ single deals
    def _deal_rows(self, index: int):
        """(constrained triples, the free rows per category) of combo ``index``."""
        return [self.tables[c].fitting(int(self.avail[index, c])) for c in range(3)]

    def _assemble(self, index: int, free_rows) -> np.ndarray:
        """Every deal of combo ``index`` with the given free rows per category: (N, k, 3)."""
        cube = _cube(self.cards)
        sizes = [len(rows) for rows in free_rows]
        grid = np.indices(sizes).reshape(3, -1)
        out = np.zeros((grid.shape[1], self.k, 3), dtype=np.int64)
        for q, j in enumerate(self.constrained):
            for c in range(3):
                out[:, j, c] = cube[c][self.triples[index, q]]
        for f, j in enumerate(self.free):
            for c in range(3):
                out[:, j, c] = free_rows[c][grid[c], f]
        return out

    def deals(self, limit: int) -> np.ndarray | None:
        """Every consistent deal as an array (total, k, 3) of card indexes, or None if > limit.

        Vectorised: per category the fitting free rows of every combo (a boolean table, in chunks),
        then each combo's deals as a mixed-radix count over its three lists."""
        if self.total > limit:
            return None
        if self.total == 0:
            return np.zeros((0, self.k, 3), dtype=np.int64)
        cube = _cube(self.cards)
        per_combo = self.counts                                     # (M, 3) fitting rows per category
        sizes = per_combo.prod(axis=1)
        combo = np.repeat(np.arange(len(sizes)), sizes)            # the combo of each deal
        rank = np.arange(len(combo)) - np.repeat(np.cumsum(sizes) - sizes, sizes)
        out = np.zeros((len(combo), self.k, 3), dtype=np.int64)
        for q, j in enumerate(self.constrained):
            for c in range(3):
                out[:, j, c] = cube[c][self.triples[combo, q]]
        if self.free:
            digits = [rank // (per_combo[combo, 1] * per_combo[combo, 2]),
                      (rank // per_combo[combo, 2]) % per_combo[combo, 1], rank % per_combo[combo, 2]]
            for c in range(3):
                table = self.tables[c]
                fits = self._fitting_rows(c)                        # row ids of every combo, combo-major
                starts = np.cumsum(per_combo[:, c]) - per_combo[:, c]
                rows = table.rows[fits[starts[combo] + digits[c]]]
                for f, j in enumerate(self.free):
                    out[:, j, c] = rows[:, f]
        return out

    def _fitting_rows(self, c: int) -> np.ndarray:
        """For every combo in turn, the free rows of category c that fit it (their indexes)."""
        table = self.tables[c]
        step = max(1, (1 << 22) // max(1, len(table.masks)))
        found = []
        for first in range(0, len(self.avail), step):
            avail = self.avail[first:first + step, c]
            fits = (table.masks[None, :] & ~avail[:, None]) == 0
            found.append(np.nonzero(fits)[1])
        return np.concatenate(found)

    def sample(self, rng) -> np.ndarray:
        """One consistent deal, uniformly at random: an array (k, 3) of card indexes."""
        if self.total == 0:
            raise ValueError("no deal fits the answers")
        pick = rng.randrange(self.total)
        index = int(np.searchsorted(np.cumsum(self.weight), pick, side="right"))
        rows = self._deal_rows(index)
        chosen = [r[rng.randrange(len(r))][None, :] for r in rows]
        return self._assemble(index, chosen)[0]


def _summed(codes: np.ndarray, weight: np.ndarray):
    unique, inverse = np.unique(codes, return_inverse=True)
    return unique.tolist(), np.bincount(inverse.reshape(-1), weights=weight, minlength=len(unique)).tolist()


def explain(players: int, me: int, cards: int, others: tuple[int, ...], allowed, ayes,
            max_combos: int = MAX_COMBOS) -> Explained | None:
    """The combos engine for these facts, or None when the join would pass ``max_combos`` rows.

    ``allowed[c][j]``: rival j's allowed cards of category c (a bitmask); ``ayes[j]``: his Aye
    clues (card indexes).  The rivals with an Aye are joined fewest triples first.
    """
    n = cards
    constrained = [j for j in range(len(others)) if ayes[j]]
    lists = {j: explaining_triples(n, (allowed[0][j], allowed[1][j], allowed[2][j]), ayes[j]) for j in constrained}
    order = sorted(constrained, key=lambda j: len(lists[j]))
    cube = _cube(n)
    rows = np.zeros((1, 0), dtype=np.int64)
    used = np.zeros(1, dtype=np.int64)          # the cards taken, three categories in one word
    for j in order:
        options = lists[j]
        if len(rows) * len(options) > max_combos * 4:
            return None
        masks = sum(np.int64(1) << (cube[c][options] + c * n) for c in range(3))
        a, b = np.nonzero((used[:, None] & masks[None, :]) == 0)
        if len(a) > max_combos:
            return None
        rows = np.column_stack([rows[a], options[b]])
        used = used[a] | masks[b]
    triples = np.zeros((len(rows), len(constrained)), dtype=np.int64)
    for q, j in enumerate(constrained):
        triples[:, q] = rows[:, order.index(j)]
    return Explained(players, me, cards, others, allowed, ayes, constrained, triples)
