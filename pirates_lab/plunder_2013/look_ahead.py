"""The dig advisor's look-ahead: how sure you can be of a rival's treasure after the next days' answers.

Rules: Plunder (2013) › How to Play
Rules: Plunder (2013) › Digging Up Treasure

``q_t`` = E[max over locations of P(rival's treasure there | the answers of the next t days)],
exact, for t = 1 .. horizon.  Each coming day the asker flips the top card of each clue deck
(ASSUMPTION: no extra flip), drawn without replacement from what is left (an empty deck is
reshuffled whole: by then every card of it has been discarded), and every other pirate answers
truthfully.  The answers are fixed by the deal, so the expectation runs over the consistent deals
(equally likely) and the clue cards (each physical card equally likely):

* the deals are enumerated (at most ``deal_limit``: :meth:`Posterior.deals`);
* a day's answer pattern is an OR over the three categories of "which answering pirate holds this
  card", one bit per pirate: a column per card.  Cards whose columns are equal on every deal are one
  *class* (most cards, once few deals are left: nobody answering can hold them), weighed together;
* q_t sums, over the answer histories, the largest number of deals that share one location.

The work is counted before it is done (``estimate``): a look-ahead that would take more than
about a second is refused (None), never started.
"""
from __future__ import annotations

from fractions import Fraction
from math import prod

import numpy as np

__all__ = ["look_ahead", "estimate", "MAX_WORK", "MAX_HORIZON"]

#: the most days looked at
MAX_HORIZON = 2
#: the most (deal x clue class) cells the look-ahead may weigh (about a second of numpy)
MAX_WORK = 40_000_000
#: the most Python steps (one per clue class of every day but the last)
MAX_STEPS = 6_000
_CELLS = 1 << 22            # histories x locations weighed at once (memory stays small)


class _Day:
    """One coming day: who answers, and per category the classes of cards (equal columns)."""

    def __init__(self, deals: np.ndarray, answering: list[int], cards: int):
        self.bits = len(answering)
        self.classes = []                      # per category: list of (member cards 0-based, column)
        for c in range(3):
            by_column: dict[bytes, tuple[list[int], np.ndarray]] = {}
            for x in range(cards):
                column = np.zeros(len(deals), dtype=np.int64)
                for bit, j in enumerate(answering):
                    column |= (deals[:, j, c] == x).astype(np.int64) << bit
                key = column.tobytes()
                if key in by_column:
                    by_column[key][0].append(x)
                else:
                    by_column[key] = ([x], column)
            self.classes.append(list(by_column.values()))

    @property
    def size(self) -> int:
        return prod(len(c) for c in self.classes)


def _draw(states: dict, members: list[int], full: tuple[int, ...]) -> dict:
    """Per category: deck compositions (tuples of copies) -> integer weight, after drawing one of
    ``members``; an emptied deck is reshuffled whole (``full``)."""
    after: dict = {}
    for deck, weight in states.items():
        for x in members:
            if deck[x]:
                left = list(deck)
                left[x] -= 1
                key = tuple(left) if any(left) else full
                after[key] = after.get(key, 0) + weight * deck[x]
    return after


def _sizes(deck: tuple[int, ...], full: tuple[int, ...], days: int) -> list[int]:
    """Cards in the deck at each of the next ``days`` flips (one card a day, reshuffled when empty)."""
    sizes, left = [], sum(deck)
    for _ in range(days):
        if left == 0:
            left = sum(full)
        sizes.append(left)
        left -= 1
    return sizes


def _best_counts(group: np.ndarray, location: np.ndarray, day: "_Day", index: np.ndarray) -> np.ndarray:
    """For each clue class triple (a column of ``index``, (3, R)): the sum over answer histories
    (``group`` so far, then this day's code) of the largest number of deals sharing one location."""
    # (history so far, location) pairs, numbered so that one history's pairs are contiguous
    pairs, pair = np.unique(group * (int(location.max()) + 1) + location, return_inverse=True)
    pair = pair.reshape(-1)
    owner = pairs // (int(location.max()) + 1)
    starts = np.flatnonzero(np.concatenate([[True], owner[1:] != owner[:-1]]))
    width = len(pairs) << day.bits
    columns = [np.stack([column for _, column in day.classes[c]]) for c in range(3)]
    rows = index.shape[1]
    out = np.zeros(rows, dtype=np.int64)
    step = max(1, _CELLS // max(width, len(group)))
    for first in range(0, rows, step):
        part = index[:, first:first + step]
        n = part.shape[1]
        codes = columns[0][part[0]] | columns[1][part[1]] | columns[2][part[2]]          # (n, D)
        key = (np.arange(n, dtype=np.int64)[:, None] * width + codes * len(pairs) + pair[None, :]).ravel()
        table = np.bincount(key, minlength=n * width).reshape(n << day.bits, len(pairs))
        out[first:first + n] = np.maximum.reduceat(table, starts, axis=1).reshape(n, -1).sum(axis=1)
    return out


def _locations(deals: np.ndarray, rival: int, cards: int) -> np.ndarray:
    """The rival's location in each deal, numbered 0, 1, ... (only the places that occur)."""
    n = cards
    code = (deals[:, rival, 0].astype(np.int64) * n + deals[:, rival, 1]) * n + deals[:, rival, 2]
    return np.unique(code, return_inverse=True)[1].reshape(-1).astype(np.int64)


def _work(days: list["_Day"], total: int, places: int) -> tuple[int, int]:
    """(cells, Python steps): what weighing these days costs, counted before any of it is done."""
    cells, steps, histories = 0, 1, 1
    for day in days:
        pairs = min(total, histories * places)
        cells += steps * day.size * (total + (pairs << day.bits))
        steps *= day.size
        histories = min(total, histories << day.bits)
    return cells, steps // days[-1].size if days else 0


def estimate(deals: np.ndarray, rival: int, cards: int, answering: list[list[int]]) -> tuple[int, int]:
    """(cells, Python steps) the look-ahead over these days would weigh, before weighing them."""
    if not len(deals) or not answering:
        return 0, 0
    places = int(_locations(deals, rival, cards).max()) + 1
    return _work([_Day(deals, a, cards) for a in answering], len(deals), places)


def look_ahead(deals: np.ndarray, rival: int, cards: int, decks: list[dict[int, int]], copies: int,
               answering: list[list[int]]) -> list[Fraction] | None:
    """Exact q_1 .. q_H for the days whose answering pirates (rival columns) are ``answering``.

    ``deals`` (D, k, 3): every consistent deal, card indexes; ``rival``: his column; ``decks``: per
    category {card (from 1): copies} the next flip comes from; ``copies``: copies of each card in a
    whole deck.  None when the work would pass :data:`MAX_WORK` (or :data:`MAX_STEPS`).
    """
    total = len(deals)
    horizon = len(answering)
    if total == 0 or horizon == 0:
        return []
    n = cards
    location = _locations(deals, rival, n)
    days = [_Day(deals, a, n) for a in answering]
    cells, steps = _work(days, total, int(location.max()) + 1)
    if steps > MAX_STEPS or cells > MAX_WORK:
        return None
    full = tuple(copies for _ in range(n))
    start = [{tuple(deck.get(x + 1, 0) for x in range(n)): 1} for deck in decks]
    denominators = [prod(prod(_sizes(next(iter(start[c])), full, t + 1)) for c in range(3)) for t in range(horizon)]
    numerators = [0] * horizon

    def leaf(t: int, group: np.ndarray, states: list[dict]) -> None:
        """Add day t's term for every clue class triple of that day (vectorised), below ``group``."""
        day = days[t]
        weights = [[sum(_draw(states[c], members, full).values()) for members, _ in day.classes[c]] for c in range(3)]
        shape = tuple(len(w) for w in weights)
        best = _best_counts(group, location, day, np.indices(shape).reshape(3, -1)).reshape(shape)
        # integer weights: int64 holds the first two contractions, Python ints the last
        inner = best @ np.array(weights[2], dtype=np.int64) @ np.array(weights[1], dtype=np.int64)
        numerators[t] += sum(int(x) * w for x, w in zip(inner, weights[0]))

    def walk(t: int, group: np.ndarray, states: list[dict]) -> None:
        leaf(t, group, states)
        if t + 1 == horizon:
            return
        day = days[t]
        for mi, col_i in day.classes[0]:
            si = _draw(states[0], mi, full)
            for mm, col_m in day.classes[1]:
                sm = _draw(states[1], mm, full)
                for mt, col_t in day.classes[2]:
                    st = _draw(states[2], mt, full)
                    if si and sm and st:
                        key = (group << day.bits) | col_i | col_m | col_t
                        compact = np.unique(key, return_inverse=True)[1].reshape(-1).astype(np.int64)
                        walk(t + 1, compact, [si, sm, st])

    walk(0, np.zeros(total, dtype=np.int64), start)
    return [Fraction(numerators[t], denominators[t] * total) for t in range(horizon)]
