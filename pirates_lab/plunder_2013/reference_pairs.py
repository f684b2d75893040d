"""The previous exact engine (island x marker pairs), kept as a reference and a benchmark peer.

It enumerates every (island assignment, marker assignment) pair, so it is quick at 6 cards but
slow and memory-hungry from 8 cards on (6 players): :mod:`.engine` replaced it.

Rules: Plunder (2013) › How to Play

From one pirate's point of view ("me", own cards known), a *deal* gives every other pirate one
island, one marker and one trap, no card twice.  Every deal consistent with the public answers
is equally likely, so every probability is (consistent deals with X) / (consistent deals).

How it stays fast — factor the categories and count the third one:

* A "Nay" is three one-card exclusions: it only shrinks each player's allowed cards.
* An "Aye" couples the categories: island OR marker OR trap matches.
* So we list the (few) island assignments and the marker assignments that respect the
  exclusions, and for each (island, marker) pair we know which "Aye"s are still unexplained.
  An unexplained Aye can only be explained by the trap, which pins that player's trap to the
  clue's trap card.  The pair therefore gives each player a *mask* of trap cards still allowed.
* Pairs with the same masks are counted once (``numpy.unique``), and the trap assignments are
  counted against each distinct mask vector in one vectorised step.

All counts are exact integers (``int64``); probabilities are built as ``Fraction`` outside.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

__all__ = ["Constraint", "Posterior", "solve", "injections", "answer_is_aye", "MAX_CARDS"]

#: masks for every player must fit in one int64 key: cards_per_category * (players - 1) <= 62
MAX_CARDS = 12


@dataclass(frozen=True)
class Constraint:
    """One public fact: ``player`` answered ``aye`` (True) or nay (False) to ``clue``.

    ``clue`` is (island, marker, trap), cards numbered from 1.  A *hypothesis* used by "why"
    is written the same way with a clue that names one card: see :func:`solve` ``holds``.
    """

    player: int
    clue: tuple[int, int, int]
    aye: bool


def answer_is_aye(cards: tuple[int, int, int], clue: tuple[int, int, int]) -> bool:
    """Rules: Plunder (2013) › How to Play — "Aye!" when one or more map cards match."""
    return any(card == shown for card, shown in zip(cards, clue))


@lru_cache(maxsize=4096)
def injections(allowed: tuple[int, ...], cards: int) -> np.ndarray:
    """Every way to give player j one card from bitmask ``allowed[j]``, no card twice.

    Returns an int8 array of shape (ways, players) holding card indexes 0..cards-1.
    """
    rows: list[tuple[int, ...]] = []
    chosen: list[int] = []

    def walk(j: int, used: int) -> None:
        if j == len(allowed):
            rows.append(tuple(chosen))
            return
        free = allowed[j] & ~used
        for card in range(cards):
            if free >> card & 1:
                chosen.append(card)
                walk(j + 1, used | 1 << card)
                chosen.pop()

    walk(0, 0)
    array = np.array(rows, dtype=np.int8).reshape(len(rows), len(allowed))
    array.setflags(write=False)
    return array


@dataclass
class Posterior:
    """Everything the engine learned in one pass; the arrays are shared, read-only."""

    players: int
    me: int
    cards: int
    others: tuple[int, ...]            # player numbers, in the column order of the arrays
    total: int                         # consistent deals
    islands: np.ndarray                # (nI, k) card index per other player
    markers: np.ndarray                # (nM, k)
    traps: np.ndarray                  # (nT, k)
    pair_key: np.ndarray               # (nI, nM) index into the distinct mask vectors
    match: np.ndarray                  # (U, nT) int64: 1 if the trap row fits mask vector u
    weight: np.ndarray                 # (nI, nM) consistent deals per (island, marker) pair

    @property
    def k(self) -> int:
        return len(self.others)

    def marginal_counts(self) -> np.ndarray:
        """Array (k, 3, cards): consistent deals in which other player j holds each card."""
        out = np.zeros((self.k, 3, self.cards), dtype=np.int64)
        if self.total == 0:
            return out
        by_island = self.weight.sum(axis=1)
        by_marker = self.weight.sum(axis=0)
        multiplicity = np.bincount(self.pair_key.ravel(), minlength=self.match.shape[0]).astype(np.int64)
        by_trap = multiplicity @ self.match
        for j in range(self.k):
            np.add.at(out[j, 0], self.islands[:, j], by_island)
            np.add.at(out[j, 1], self.markers[:, j], by_marker)
            np.add.at(out[j, 2], self.traps[:, j], by_trap)
        return out

    def location_counts(self, j: int) -> np.ndarray:
        """Array (cards, cards, cards): consistent deals giving other player j each location."""
        n, u_count = self.cards, self.match.shape[0]
        if self.total == 0:
            return np.zeros((n, n, n), dtype=np.int64)
        trap_onehot = np.eye(n, dtype=np.int64)[self.traps[:, j]]          # (nT, n)
        trap_given_key = self.match @ trap_onehot                           # (U, n)
        im = (self.islands[:, j].astype(np.int64)[:, None] * n + self.markers[:, j][None, :])
        index = im * u_count + self.pair_key                                # (nI, nM)
        grouped = np.bincount(index.ravel(), minlength=n * n * u_count).astype(np.int64)
        return (grouped.reshape(n * n, u_count) @ trap_given_key).reshape(n, n, n)

    def answer_counts(self, clue: tuple[int, int, int], asker: int) -> dict[tuple[int, ...], int]:
        """Consistent deals per answer vector to ``clue`` (players other than me and the asker).

        Keys are tuples of 0/1 (nay/aye) in the order of :meth:`answering`.
        """
        answering = self.answering(asker)
        if self.total == 0:
            return {}
        k, u_count = self.k, self.match.shape[0]
        ci, cm, ct = (c - 1 for c in clue)
        code = np.zeros((len(self.islands), len(self.markers)), dtype=np.int64)
        for j in range(k):
            hit = (self.islands[:, j] == ci)[:, None] | (self.markers[:, j] == cm)[None, :]
            code |= hit.astype(np.int64) << j
        who = np.full(len(self.traps), k, dtype=np.int64)                 # which player holds ct
        for j in range(k):
            who[self.traps[:, j] == ct] = j
        who_onehot = np.eye(k + 1, dtype=np.int64)[who]                     # (nT, k+1)
        per_key = self.match @ who_onehot                                   # (U, k+1)
        grouped = np.bincount((code * u_count + self.pair_key).ravel(),
                              minlength=(1 << k) * u_count).astype(np.int64)
        by_code = grouped.reshape(1 << k, u_count) @ per_key                # (2^k, k+1)
        columns = [self.others.index(p) for p in answering]
        result: dict[tuple[int, ...], int] = {}
        for base in range(1 << k):
            for w in range(k + 1):
                count = int(by_code[base, w])
                if count:
                    full = base | (1 << w if w < k else 0)
                    key = tuple(full >> j & 1 for j in columns)
                    result[key] = result.get(key, 0) + count
        return result

    def answering(self, asker: int) -> tuple[int, ...]:
        """Players whose answers tell me something: everyone but me and the asker."""
        return tuple(p for p in self.others if p != asker)

    def sample(self, rng) -> np.ndarray:
        """One consistent deal, uniformly at random: an array (k, 3) of card indexes."""
        if self.total == 0:
            raise ValueError("no deal fits the answers")
        pick = rng.randrange(self.total)
        flat = np.cumsum(self.weight.ravel())
        index = int(np.searchsorted(flat, pick, side="right"))
        a, b = divmod(index, self.weight.shape[1])
        rows = np.nonzero(self.match[self.pair_key[a, b]])[0]
        t = int(rows[rng.randrange(len(rows))])
        return np.stack([self.islands[a], self.markers[b], self.traps[t]], axis=1)

    def deals(self, limit: int) -> np.ndarray | None:
        """Every consistent deal as an array (total, k, 3) of card indexes, or None if > limit."""
        if self.total > limit:
            return None
        if self.total == 0:
            return np.zeros((0, self.k, 3), dtype=np.int8)
        a_index, b_index = np.nonzero(self.weight)
        keys = self.pair_key[a_index, b_index]
        parts = []
        for u in np.unique(keys):
            chosen = keys == u
            rows = np.nonzero(self.match[u])[0]
            a, b = a_index[chosen], b_index[chosen]
            parts.append(np.stack([np.repeat(self.islands[a], len(rows), axis=0),
                                   np.repeat(self.markers[b], len(rows), axis=0),
                                   np.tile(self.traps[rows], (len(a), 1))], axis=2))
        return np.concatenate(parts)


def solve(players: int, me: int, my_cards: tuple[int, int, int], cards: int,
          constraints: tuple[Constraint, ...] = (),
          holds: tuple[tuple[int, int, int], ...] = (),
          lacks: tuple[tuple[int, int, int], ...] = ()) -> Posterior:
    """Count the deals consistent with ``constraints`` (and hypotheses) from ``me``'s view.

    ``holds``/``lacks``: (player, category index, card) hypotheses "player holds/lacks card".
    Answers by ``me`` are checked against ``my_cards``; a wrong one gives ``total == 0``.
    """
    others = tuple(p for p in range(players) if p != me)
    k = len(others)
    column = {p: j for j, p in enumerate(others)}
    full = (1 << cards) - 1
    allowed = [[full & ~(1 << (my_cards[c] - 1)) for _ in others] for c in range(3)]
    ayes: list[tuple[int, tuple[int, int, int]]] = []
    impossible = False
    for fact in constraints:
        if fact.player == me:
            if answer_is_aye(my_cards, fact.clue) != fact.aye:
                impossible = True
            continue
        j = column[fact.player]
        if fact.aye:
            ayes.append((j, tuple(c - 1 for c in fact.clue)))
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
    islands, markers, traps = (injections(tuple(allowed[c]), cards) for c in range(3))
    n_i, n_m, n_t = len(islands), len(markers), len(traps)
    if impossible or not (n_i and n_m and n_t):
        empty = np.zeros((n_i, n_m), dtype=np.int64)
        return Posterior(players, me, cards, others, 0, islands, markers, traps,
                         empty, np.zeros((1, n_t), dtype=np.int64), empty)
    # trap masks per (island row, marker row, player): start from the trap exclusions
    masks = np.broadcast_to(np.array(allowed[2], dtype=np.int64), (n_i, n_m, k)).copy()
    for j, (ci, cm, ct) in ayes:
        unexplained = (islands[:, j] != ci)[:, None] & (markers[:, j] != cm)[None, :]
        masks[:, :, j] &= np.where(unexplained, 1 << ct, -1)
    key = np.zeros((n_i, n_m), dtype=np.int64)
    for j in range(k):
        key |= masks[:, :, j] << (cards * j)
    distinct, pair_key = np.unique(key.ravel(), return_inverse=True)
    pair_key = pair_key.reshape(n_i, n_m)
    distinct_masks = np.stack([(distinct >> (cards * j)) & full for j in range(k)], axis=1)  # (U, k)
    fits = np.ones((len(distinct), n_t), dtype=bool)
    for j in range(k):
        fits &= ((distinct_masks[:, j][:, None] >> traps[:, j].astype(np.int64)[None, :]) & 1).astype(bool)
    match = fits.astype(np.int64)
    per_key = match.sum(axis=1)
    weight = per_key[pair_key]
    return Posterior(players, me, cards, others, int(weight.sum()), islands, markers, traps,
                     pair_key, match, weight)
