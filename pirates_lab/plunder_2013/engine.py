"""The exact counting engine behind :class:`~pirates_lab.plunder_2013.deduction.Deduction`.

Rules: Plunder (2013) › How to Play

From one pirate's point of view ("me", own cards known), a *deal* gives every other pirate one
island, one marker and one trap, no card twice.  Every deal consistent with the public answers
is equally likely, so every probability is (consistent deals with X) / (consistent deals).

How it stays fast at every size the Game accepts (2-6 pirates, up to 12 cards a category) —
count per category, combine *classes*, never island x marker assignments:

* A "Nay" is three one-card exclusions: it only shrinks each pirate's allowed cards.
* An "Aye" couples the categories of ONE pirate: island OR marker OR trap matches.  For that
  pirate only the cards named by his Aye clues matter; every other card is "other" and explains
  nothing.  So each pirate's card in a category has a *class*: one of his Aye clue cards, or
  "other" — a handful of classes, whatever the number of cards.
* Per category, the assignments (no card twice, allowed cards only) are counted per vector of
  classes (``numpy.unique`` over the assignments; at most 11P5 = 55,440 of them).  Early in a
  game, when nobody has said Aye, every category has ONE class vector.
* The trap side is a dense table over trap class vectors, summed ("zeta transform") so that one
  lookup answers "how many trap assignments give pirate j the pinned card v, or anything".
* An (island classes, marker classes) pair leaves each pirate's unexplained Ayes, which pin his
  trap to one card, leave it free, or rule the pair out: one lookup in that table.  Pairs of
  class vectors are few (hundreds to a few thousand), and the joins are matrix products.
* Marginals, one pirate's location table and the answers to a clue come from per-class card
  counts (how many assignments of a class give pirate j card x) by the same matrix products.

All counts are exact: they are integers below 2**53, carried in float64 arrays for the matrix
products (checked), and returned as Python ints.  Probabilities are built as ``Fraction`` outside.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np


__all__ = ["Constraint", "Posterior", "answer_is_aye", "MAX_CARDS", "HEAVY_PAIRS"]


#: the largest cards_per_category the Game accepts; counts stay below 2**53 up to (11P5)**3
MAX_CARDS = 12
_EXACT = 2.0 ** 53
_CHUNK = 1 << 20           # pair-table entries handled at once (memory stays small)
#: above this many (island, marker) class pairs, one rival's locations or a clue's answers cost the
#: class engine a tenth of a second or more: the combos engine answers them when it can
HEAVY_PAIRS = 20_000


@dataclass(frozen=True)
class Constraint:
    """One public fact: ``player`` answered ``aye`` (True) or nay (False) to ``clue``.

    ``clue`` is (island, marker, trap), cards numbered from 1.
    """

    player: int
    clue: tuple[int, int, int]
    aye: bool


def answer_is_aye(cards: tuple[int, int, int], clue: tuple[int, int, int]) -> bool:
    """Rules: Plunder (2013) › How to Play — "Aye!" when one or more map cards match."""
    return any(card == shown for card, shown in zip(cards, clue))


@lru_cache(maxsize=4096)
def _bits(mask: int, n: int) -> np.ndarray:
    array = np.array([bool(mask >> x & 1) for x in range(n)])
    array.setflags(write=False)
    return array


def _assignments(n: int, allowed: tuple[int, ...]) -> np.ndarray:
    """Every assignment of different cards (indexes below n) to the pirates, pirate j's card
    among his ``allowed[j]`` (a bitmask): an array (N, k) of int8, rows in lexicographic order.

    The cards nobody may hold are squeezed out first, so the three categories of an early day
    (every pirate allowed every card but mine) share one cached table, relabelled per category.
    """
    cards = [x for x in range(n) if any(mask >> x & 1 for mask in allowed)]
    if not cards:
        return np.zeros((0, len(allowed)), dtype=np.int8)
    squeezed = tuple(sum(1 << i for i, x in enumerate(cards) if mask >> x & 1) for mask in allowed)
    rows = _squeezed_assignments(len(cards), squeezed).copy()
    for gap in sorted(set(range(n)) - set(cards)):      # relabel in place, in int8 (no index arrays)
        if gap < cards[-1]:
            rows += rows >= gap
    return rows


@lru_cache(maxsize=48)
def _squeezed_assignments(n: int, allowed: tuple[int, ...]) -> np.ndarray:
    """:func:`_assignments` over cards 0..n-1, read-only.  Grown pirate by pirate from the cards
    still free in each row (row-major, so the order is kept): only allowed rows are ever built, never
    an nPk table to filter, and no int64 index arrays (their fresh pages were most of a cold update)."""
    cards = np.arange(n, dtype=np.int8)
    rows = np.zeros((1, 0), dtype=np.int8)
    used = np.zeros((1, n), dtype=bool)
    for j, mask in enumerate(allowed):
        free = ~used & _bits(mask, n)
        counts = free.sum(axis=1)
        x = np.broadcast_to(cards, free.shape)[free]            # each row's free cards, in order
        grown = np.empty((len(x), j + 1), dtype=np.int8)
        grown[:, :j] = np.repeat(rows, counts, axis=0)
        grown[:, j] = x
        rows = grown
        if j + 1 < len(allowed):
            used = np.repeat(used, counts, axis=0)
            used[np.arange(len(x)), x] = True
    rows.setflags(write=False)
    return rows


@lru_cache(maxsize=48)
def _category_of(n: int, allowed: tuple[int, ...], special: tuple[tuple[int, ...], ...]) -> "_Category":
    """Cached: the days of a game and the checks behind "why" ask for the same categories again."""
    return _Category(n, allowed, special)


def _radix_strides(sizes) -> np.ndarray:
    strides = np.ones(len(sizes), dtype=np.int64)
    for j in range(len(sizes) - 2, -1, -1):
        strides[j] = strides[j + 1] * sizes[j + 1]
    return strides


class _Category:
    """The assignments of one category, grouped by class vector.

    ``special[j]``: the cards that are their own class for pirate j (class i+1); others are 0.
    ``rows``: allowed assignments (N, k); ``inverse``: each row's class vector; ``classes``:
    (R, k) class vectors; ``weight``: assignments per class vector (float64, exact).
    """

    def __init__(self, n: int, allowed: tuple[int, ...], special: tuple[tuple[int, ...], ...]):
        k = len(allowed)
        self.n, self.k, self.special = n, k, special
        self.rows = _assignments(n, allowed)                # (N, k) int8, allowed rows only
        self.sizes = [len(s) + 1 for s in special]
        lookup = np.zeros((k, n), dtype=np.int64)
        for j, cards in enumerate(special):
            for i, card in enumerate(cards):
                lookup[j, card] = i + 1
        self.lookup = lookup
        strides = _radix_strides(self.sizes)
        code = np.zeros(len(self.rows), dtype=np.int64)
        for j in range(k):
            if self.sizes[j] > 1:
                code += lookup[j][self.rows[:, j]] * strides[j]
        self.code = code
        per_code = np.bincount(code, minlength=int(np.prod(self.sizes)))   # class vectors are few
        distinct = np.flatnonzero(per_code)
        rank = np.zeros(len(per_code), dtype=np.int64)
        rank[distinct] = np.arange(len(distinct))
        self.inverse = rank[code]
        self.weight = per_code[distinct].astype(np.float64)
        self.classes = (distinct[:, None] // strides[None, :]) % np.array(self.sizes, dtype=np.int64)[None, :]
        for array in (self.rows, self.code, self.inverse, self.weight, self.classes):
            array.setflags(write=False)

    def members(self, r: int) -> np.ndarray:
        """The assignments (rows) of class vector ``r``."""
        return self.rows[self._order[self._starts[r]:self._starts[r + 1]]]

    @cached_property
    def _order(self) -> np.ndarray:
        return np.argsort(self.inverse, kind="stable")

    @cached_property
    def _starts(self) -> np.ndarray:
        return np.concatenate([[0], np.cumsum(self.weight.astype(np.int64))])

    @cached_property
    def breakdown(self) -> np.ndarray:
        """(R, k, n): assignments of each class vector giving pirate j card x."""
        r, k, n = len(self.weight), self.k, self.n
        out = np.empty((r, k, n))
        for j in range(k):
            out[:, j, :] = np.bincount(self.inverse * n + self.rows[:, j], minlength=r * n).reshape(r, n)
        return out

    def dense(self, column: np.ndarray | None = None, width: int = 1) -> np.ndarray:
        """Weights summed into a dense table over class vectors; with ``column`` (N,) of ints
        below ``width``, one more axis: the rows split by that column."""
        size = int(np.prod(self.sizes))
        if column is None:
            return np.bincount(self.code, minlength=size).astype(np.float64).reshape(self.sizes)
        index = self.code * width + column
        return np.bincount(index, minlength=size * width).astype(np.float64).reshape(tuple(self.sizes) + (width,))

    @cached_property
    def dense_breakdown(self) -> np.ndarray:
        """Dense table over class vectors x pirate j x card: assignments giving j that card."""
        size, k, n = int(np.prod(self.sizes)), self.k, self.n
        out = np.empty((size, k, n))
        for j in range(k):
            out[:, j, :] = np.bincount(self.code * n + self.rows[:, j], minlength=size * n).reshape(size, n)
        return out.reshape(tuple(self.sizes) + (k, n))


def _zeta(table: np.ndarray, axes) -> np.ndarray:
    """Replace class 0 ("other") on each axis by the sum over the axis: it then means "free"."""
    table = table.copy()
    for j in axes:
        total = table.sum(axis=j)
        index = [slice(None)] * table.ndim
        index[j] = 0
        table[tuple(index)] = total
    return table


class Posterior:
    """Everything the engine learned from the facts; counts are exact Python ints."""

    def __init__(self, players: int, me: int, cards: int, others: tuple[int, ...],
                 allowed: list[list[int]], ayes: list[list[tuple[int, int, int]]], impossible: bool):
        self.players, self.me, self.cards, self.others = players, me, cards, others
        self.allowed = allowed                  # [category][j] bitmask of card indexes
        self.ayes = ayes                        # [j] list of Aye clues (card indexes)
        self.impossible = impossible
        self.total = 0 if impossible else self._joined[0]
        #: builds the combos engine for the same facts (or None): used for the questions that cost
        #: this engine most (one rival's locations, a clue's answers, the deals) once its joins are big
        self.alternative = None

    @cached_property
    def _other(self):
        """The combos engine, when this one's joins are heavy and it is available (else None)."""
        if self.alternative is None or self.total == 0:
            return None
        islands, markers, _ = self._base
        if len(islands.weight) * len(markers.weight) <= HEAVY_PAIRS:
            return None
        return self.alternative()

    @property
    def k(self) -> int:
        return len(self.others)

    # ------------------------------------------------------------------ building blocks
    def _special(self, c: int, extra: int | None = None, everything_for: int | None = None) -> list[tuple[int, ...]]:
        result = []
        for j in range(self.k):
            if j == everything_for:
                cards = {x for x in range(self.cards) if self.allowed[c][j] >> x & 1}
            else:
                cards = {clue[c] for clue in self.ayes[j]} | ({extra} if extra is not None else set())
                cards = {x for x in cards if self.allowed[c][j] >> x & 1}
            result.append(tuple(sorted(cards)))
        return result

    def _category(self, c: int, extra: int | None = None, everything_for: int | None = None) -> _Category:
        return _category_of(self.cards, tuple(self.allowed[c]), tuple(self._special(c, extra, everything_for)))

    @cached_property
    def _base(self) -> tuple[_Category, _Category, _Category]:
        return tuple(self._category(c) for c in range(3))

    def _requirements(self, islands: _Category, markers: _Category, traps: _Category) -> list[np.ndarray]:
        """Per pirate: (island class, marker class) -> the trap class the Ayes leave (0 free, -1 none)."""
        tables = []
        for j, ayes in enumerate(self.ayes):
            table = np.zeros((islands.sizes[j], markers.sizes[j]), dtype=np.int64)
            for a in range(islands.sizes[j]):
                for b in range(markers.sizes[j]):
                    island = islands.special[j][a - 1] if a else -1
                    marker = markers.special[j][b - 1] if b else -1
                    pins = {clue[2] for clue in ayes if clue[0] != island and clue[1] != marker}
                    if not pins:
                        continue
                    pin = pins.pop()
                    table[a, b] = traps.special[j].index(pin) + 1 if not pins and pin in traps.special[j] else -1
            tables.append(table)
        return tables

    def _pairs(self, islands: _Category, markers: _Category, traps: _Category, skip: int | None = None):
        """Yield (island rows slice, requirement arrays (rows, RM) per pirate, alive mask) in chunks."""
        tables = self._requirements(islands, markers, traps)
        rm = len(markers.weight)
        step = max(1, _CHUNK // max(1, rm))
        for start in range(0, len(islands.weight), step):
            part = slice(start, min(start + step, len(islands.weight)))
            reqs = [tables[j][islands.classes[part, j][:, None], markers.classes[None, :, j]] for j in range(self.k)]
            alive = np.ones(reqs[0].shape, dtype=bool)
            for req in reqs:
                alive &= req >= 0
            yield part, reqs, alive

    def _key(self, reqs, alive, strides, skip: int | None = None) -> np.ndarray:
        key = np.zeros(alive.shape, dtype=np.int64)
        for j, req in enumerate(reqs):
            if j != skip:
                key += np.where(alive, req, 0) * strides[j]
        return key

    @cached_property
    def _joined(self):
        """:meth:`_join`, once: the total needs it and the marginals need it again."""
        return self._join()

    def _join(self):
        """(total, value per island class row, value per marker class row, weight per trap key)."""
        islands, markers, traps = self._base
        if not (len(islands.weight) and len(markers.weight) and len(traps.weight)):
            return 0, None, None, None
        table = _zeta(traps.dense(), range(self.k)).ravel()
        strides = _radix_strides(traps.sizes)
        by_island = np.zeros(len(islands.weight))
        by_marker = np.zeros(len(markers.weight))
        by_key = np.zeros(len(table))
        for part, reqs, alive in self._pairs(islands, markers, traps):
            key = self._key(reqs, alive, strides)
            value = np.where(alive, table[key], 0.0)
            by_island[part] += value @ markers.weight
            by_marker += islands.weight[part] @ value
            pair_weight = np.where(alive, islands.weight[part][:, None] * markers.weight[None, :], 0.0)
            by_key += np.bincount(key.ravel(), weights=pair_weight.ravel(), minlength=len(table))
        total = float(islands.weight @ by_island)
        if total >= _EXACT:
            raise OverflowError("deal counts beyond 2**53 cannot be carried exactly")
        return int(round(total)), by_island, by_marker, by_key

    # ------------------------------------------------------------------ answers
    def marginal_counts(self) -> np.ndarray:
        """Array (k, 3, cards): consistent deals in which other pirate j holds each card (a copy)."""
        return self._marginal_counts.copy()

    @cached_property
    def _marginal_counts(self) -> np.ndarray:
        out = np.zeros((self.k, 3, self.cards), dtype=np.int64)
        if self.total == 0:
            return out
        _, by_island, by_marker, by_key = self._joined
        islands, markers, traps = self._base
        out[:, 0] = np.rint(np.einsum("r,rjx->jx", by_island, islands.breakdown))
        out[:, 1] = np.rint(np.einsum("r,rjx->jx", by_marker, markers.breakdown))
        trap_table = _zeta(traps.dense_breakdown, range(self.k)).reshape(len(by_key), self.k * self.cards)
        out[:, 2] = np.rint(by_key @ trap_table).reshape(self.k, self.cards)
        return out

    def location_counts(self, j: int) -> np.ndarray:
        """Array (cards, cards, cards): consistent deals giving other pirate j each location."""
        if self._other is not None:
            return self._other.location_counts(j)
        n = self.cards
        out = np.zeros((n, n, n), dtype=np.int64)
        if self.total == 0:
            return out
        islands, markers, _ = self._base
        traps = self._category(2, everything_for=j)
        table = np.moveaxis(_zeta(traps.dense(), [i for i in range(self.k) if i != j]), j, -1)
        strides = _radix_strides(traps.sizes)
        flat = table.reshape(-1, traps.sizes[j])           # (keys without j, class of j)
        strides_wo = _radix_strides([s for i, s in enumerate(traps.sizes) if i != j] or [1])
        strides_full = np.zeros(self.k, dtype=np.int64)
        strides_full[[i for i in range(self.k) if i != j]] = strides_wo[:self.k - 1]
        island_cards = islands.breakdown[:, j, :]          # (RI, n)
        marker_cards = markers.breakdown[:, j, :]          # (RM, n)
        for part, reqs, alive in self._pairs(islands, markers, traps):
            key = self._key(reqs, alive, strides_full, skip=j)
            own = reqs[j]
            for cls, card in enumerate((None,) + traps.special[j]):
                if card is None:
                    continue
                fits = alive & ((own == 0) | (own == cls))
                value = np.where(fits, flat[key, cls], 0.0)
                out[:, :, card] += np.rint(island_cards[part].T @ value @ marker_cards).astype(np.int64)
        del strides
        return out

    def answer_counts(self, clue: tuple[int, int, int], asker: int) -> dict[tuple[int, ...], int]:
        """Consistent deals per answer vector to ``clue`` (pirates other than me and the asker).

        Keys are tuples of 0/1 (nay/aye) in the order of :meth:`answering`.
        """
        if self._other is not None:
            return self._other.answer_counts(clue, asker)
        answering = self.answering(asker)
        if self.total == 0:
            return {}
        k = self.k
        ci, cm, ct = (x - 1 for x in clue)
        islands, markers, traps = (self._category(c, extra=x) for c, x in enumerate((ci, cm, ct)))
        # who holds the trap clue card (k: nobody), per trap class vector, then summed per key
        who = np.full(len(traps.rows), k, dtype=np.int64)
        for j in range(k):
            who[traps.rows[:, j] == ct] = j
        table = _zeta(traps.dense(who, k + 1), range(k)).reshape(-1, k + 1)
        strides = _radix_strides(traps.sizes)
        hits = []
        for category, x in ((islands, ci), (markers, cm)):
            bits = np.zeros(len(category.weight), dtype=np.int64)
            for j in range(k):
                if x in category.special[j]:
                    bits |= (category.classes[:, j] == category.special[j].index(x) + 1).astype(np.int64) << j
            hits.append(bits)
        by_code = np.zeros((1 << k, len(table)))
        for part, reqs, alive in self._pairs(islands, markers, traps):
            key = self._key(reqs, alive, strides)
            code = hits[0][part][:, None] | hits[1][None, :]
            weight = np.where(alive, islands.weight[part][:, None] * markers.weight[None, :], 0.0)
            by_code += np.bincount((code * len(table) + key).ravel(), weights=weight.ravel(),
                                   minlength=(1 << k) * len(table)).reshape(1 << k, len(table))
        counts = np.rint(by_code @ table).astype(np.int64)                      # (2^k, k+1)
        columns = [self.others.index(p) for p in answering]
        result: dict[tuple[int, ...], int] = {}
        for base, w in zip(*np.nonzero(counts)):
            full = int(base) | (1 << int(w) if w < k else 0)
            key = tuple(full >> j & 1 for j in columns)
            result[key] = result.get(key, 0) + int(counts[base, w])
        return result

    def answering(self, asker: int) -> tuple[int, ...]:
        """Pirates whose answers tell me something: everyone but me and the asker."""
        return tuple(p for p in self.others if p != asker)

    # ------------------------------------------------------------------ single deals
    def _live_pairs(self):
        """Every (island row, marker row) of the consistent deals, with its trap requirement."""
        islands, markers, traps = self._base
        strides = _radix_strides(traps.sizes)
        table = _zeta(traps.dense(), range(self.k)).ravel()
        found = []
        for part, reqs, alive in self._pairs(islands, markers, traps):
            key = self._key(reqs, alive, strides)
            value = np.where(alive, table[key], 0.0)
            a, b = np.nonzero(value)
            found.append((a + part.start, b, key[a, b], value[a, b]))
        a, b, key, value = (np.concatenate(x) for x in zip(*found))
        return a, b, key, value, strides

    def _fitting_traps(self, key: int, strides) -> np.ndarray:
        traps = self._base[2]
        wanted = (key // strides) % np.array(traps.sizes)
        classes = traps.lookup[np.arange(self.k)[None, :], traps.rows]
        fits = np.all((wanted[None, :] == 0) | (classes == wanted[None, :]), axis=1)
        return traps.rows[fits]

    def deals(self, limit: int) -> np.ndarray | None:
        """Every consistent deal as an array (total, k, 3) of card indexes, or None if > limit."""
        if self._other is not None:
            return self._other.deals(limit)
        if self.total > limit:
            return None
        if self.total == 0:
            return np.zeros((0, self.k, 3), dtype=np.int64)
        islands, markers, _ = self._base
        a, b, key, _, strides = self._live_pairs()
        parts = []
        for u in np.unique(key):
            trap_rows = self._fitting_traps(int(u), strides)
            for ra, rb in zip(a[key == u], b[key == u]):
                island_rows = islands.members(int(ra))
                marker_rows = markers.members(int(rb))
                ii, mm, tt = np.meshgrid(np.arange(len(island_rows)), np.arange(len(marker_rows)),
                                         np.arange(len(trap_rows)), indexing="ij")
                parts.append(np.stack([island_rows[ii.ravel()], marker_rows[mm.ravel()], trap_rows[tt.ravel()]], axis=2))
        return np.concatenate(parts)

    def sample(self, rng) -> np.ndarray:
        """One consistent deal, uniformly at random: an array (k, 3) of card indexes."""
        if self.total == 0:
            raise ValueError("no deal fits the answers")
        islands, markers, _ = self._base
        a, b, key, value, strides = self._live_pairs()
        weight = islands.weight[a] * markers.weight[b] * value
        pick = rng.randrange(self.total)
        index = int(np.searchsorted(np.cumsum(weight), pick, side="right"))
        island_rows = islands.members(int(a[index]))
        marker_rows = markers.members(int(b[index]))
        trap_rows = self._fitting_traps(int(key[index]), strides)
        return np.stack([island_rows[rng.randrange(len(island_rows))], marker_rows[rng.randrange(len(marker_rows))],
                         trap_rows[rng.randrange(len(trap_rows))]], axis=1)


def _facts(players, me, my_cards, cards, constraints, holds, lacks):
    """The allowed cards (bitmasks per category and rival), the Aye clues per rival, and whether
    my own answers or a hypothesis about me already fail."""
    others = tuple(p for p in range(players) if p != me)
    column = {p: j for j, p in enumerate(others)}
    full = (1 << cards) - 1
    allowed = [[full & ~(1 << (my_cards[c] - 1)) for _ in others] for c in range(3)]
    ayes: list[set] = [set() for _ in others]
    impossible = False
    for fact in constraints:
        if fact.player == me:
            impossible |= answer_is_aye(my_cards, fact.clue) != fact.aye
            continue
        j = column[fact.player]
        if fact.aye:
            ayes[j].add(tuple(c - 1 for c in fact.clue))
        else:
            for c in range(3):
                allowed[c][j] &= ~(1 << (fact.clue[c] - 1))
    for player, c, card in holds:
        if player == me:
            impossible |= my_cards[c] != card
        else:
            allowed[c][column[player]] &= 1 << (card - 1)
    for player, c, card in lacks:
        if player == me:
            impossible |= my_cards[c] == card
        else:
            allowed[c][column[player]] &= ~(1 << (card - 1))
    return others, allowed, [sorted(a) for a in ayes], impossible
