"""Which exact engine counts a pirate's facts, and "does any deal fit?" for the explanations.

Rules: Plunder (2013) › How to Play

Two engines count the consistent deals exactly and agree on every answer (tests): the class
engine (:class:`.engine.Posterior`, quick while few rivals have said Aye to few different cards —
nearly every position of a game) and the combos engine (:mod:`.triples`, quick when many Ayes leave
each rival few explanations).  :func:`solve` picks by size, before any heavy work; what neither can
count within a moment is refused at once, in words (:class:`TooManyExplanations`).
:func:`feasible` asks "does any deal fit?" by a depth-first search for one deal ("why" and the
smallest conflict ask it hundreds of times).
"""
from __future__ import annotations

import numpy as np

from pirates_lab.core import InvalidInput

from .engine import Constraint, Posterior, _category_of, _facts

__all__ = ["solve", "feasible", "class_cost", "TooManyExplanations", "CLASS_CHEAP", "CLASS_LIMIT", "FEW_COMBOS"]

#: below this :func:`class_cost` the class engine is always quick (a few ms): it is used at once
CLASS_CHEAP = 200_000
#: above this the class engine is refused (seconds and hundreds of MB) if the combos engine cannot help
CLASS_LIMIT = 4_000_000
#: up to this many combos the combos engine answers everything in a few ms: it is preferred
FEW_COMBOS = 30_000


def class_cost(cards: int, allowed, ayes) -> int:
    """How big the class engine's tables get: the largest of (island class vectors x marker class
    vectors) and the trap table by rival and card, from the sizes of the rivals' Aye cards.

    An upper bound read from the facts alone (nothing is built): sizes multiply over the rivals.
    """
    dense = []
    for c in range(3):
        size = 1
        for j, clues in enumerate(ayes):
            size *= 1 + len({clue[c] for clue in clues if allowed[c][j] >> clue[c] & 1})
        dense.append(size)
    return max(dense[0] * dense[1], dense[2] * max(1, len(ayes)) * cards)


class TooManyExplanations(InvalidInput):
    """Answers that both counting engines would take too long to count (refused at once)."""


def _class_size(cards: int, allowed, ayes) -> int:
    """The class engine's real work for these facts: island x marker class vectors (the pairs it
    joins) or the trap table by rival and card, whichever is larger (its categories are built:
    cheap, and cached for the engine)."""
    special = [[tuple(sorted({clue[c] for clue in clues if allowed[c][j] >> clue[c] & 1}))
                for j, clues in enumerate(ayes)] for c in range(3)]
    islands, markers = (_category_of(cards, tuple(allowed[c]), tuple(special[c])) for c in range(2))
    traps = int(np.prod([len(s) + 1 for s in special[2]])) * max(1, len(ayes)) * cards
    return max(len(islands.weight) * len(markers.weight), traps)


def _choose(players, me, cards, others, allowed, ayes, impossible, engine: str):
    """Which engine counts these facts (both are exact and agree; tests check it):

    * the class engine while its tables are small (:func:`class_cost`: most positions of a game);
    * else the combos engine (:mod:`.triples`) when the Aye-explaining triples join into few combos;
    * else the class engine up to :data:`CLASS_LIMIT` pairs, handing its dearest questions to the
      combos engine when that one can be built (:attr:`Posterior.alternative`);
    * else the combos engine with more combos; else a refusal in words, at once (never a long wait).
    """
    from .triples import MAX_COMBOS, explain

    if engine not in ("auto", "classes", "triples"):
        raise ValueError(f"engine must be 'auto', 'classes' or 'triples', not {engine!r}")
    if impossible or engine == "classes":
        return Posterior(players, me, cards, others, allowed, ayes, impossible)
    if engine == "triples":
        explained = explain(players, me, cards, others, allowed, ayes)
        if explained is None:
            raise TooManyExplanations("The Aye answers join into too many triples for the combos engine.")
        return explained
    if class_cost(cards, allowed, ayes) <= CLASS_CHEAP:
        return Posterior(players, me, cards, others, allowed, ayes, impossible)
    explained = explain(players, me, cards, others, allowed, ayes, max_combos=FEW_COMBOS)
    if explained is not None:
        return explained
    if _class_size(cards, allowed, ayes) <= CLASS_LIMIT:
        post = Posterior(players, me, cards, others, allowed, ayes, impossible)
        post.alternative = lambda: explain(players, me, cards, others, allowed, ayes, max_combos=MAX_COMBOS)
        return post
    explained = explain(players, me, cards, others, allowed, ayes)
    if explained is not None:
        return explained
    raise TooManyExplanations(
        "These answers can be explained in too many ways to count exactly in a moment (many Ayes, few Nays): "
        "record the Nays of the same days too, and the count becomes quick again.")


def solve(players: int, me: int, my_cards: tuple[int, int, int], cards: int,
          constraints: tuple[Constraint, ...] = (),
          holds: tuple[tuple[int, int, int], ...] = (),
          lacks: tuple[tuple[int, int, int], ...] = (), engine: str = "auto"):
    """Count the deals consistent with ``constraints`` (and hypotheses) from ``me``'s view.

    ``holds``/``lacks``: (player, category index, card) hypotheses "player holds/lacks card".
    Answers by ``me`` are checked against ``my_cards``; a wrong one gives ``total == 0``.
    """
    others, allowed, ayes, impossible = _facts(players, me, my_cards, cards, constraints, holds, lacks)
    return _choose(players, me, cards, others, allowed, ayes, impossible, engine)


def _cards_in(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def feasible(players: int, me: int, my_cards: tuple[int, int, int], cards: int,
             constraints: tuple[Constraint, ...] = (), holds=(), lacks=(), budget: int = 20_000) -> bool:
    """Does at least one deal fit?  A depth-first search for one deal (the checks behind "why" and
    the smallest conflict ask this hundreds of times); after ``budget`` steps it counts instead."""
    others, allowed, ayes, impossible = _facts(players, me, my_cards, cards, constraints, holds, lacks)
    if impossible:
        return False
    k = len(others)
    steps = [0]

    def triples(j: int, used_i: int, used_m: int, used_t: int):
        """Rival j's (island, marker, trap) that explain all his Ayes with cards still free."""
        for i in _cards_in(allowed[0][j] & ~used_i):
            left = [a for a in ayes[j] if a[0] != i]
            for m in _cards_in(allowed[1][j] & ~used_m):
                steps[0] += 1
                pins = {a[2] for a in left if a[1] != m}
                if len(pins) > 1:
                    continue
                free = allowed[2][j] & ~used_t
                for t in _cards_in((free & (1 << pins.pop())) if pins else free):
                    yield i, m, t

    def search(todo: tuple[int, ...], used_i: int, used_m: int, used_t: int) -> bool | None:
        if not todo:
            return True
        if steps[0] > budget:
            return None
        # forward check: every rival still to place has a fitting triple; place the rival with fewest first
        fewest, best = None, None
        for j in todo:
            count = 0
            for _ in triples(j, used_i, used_m, used_t):
                count += 1
                if count >= 24 or best is not None and count >= best:
                    break
            if count == 0:
                return False
            if best is None or count < best:
                fewest, best = j, count
        rest = tuple(j for j in todo if j != fewest)
        for i, m, t in triples(fewest, used_i, used_m, used_t):
            found = search(rest, used_i | 1 << i, used_m | 1 << m, used_t | 1 << t)
            if found is not False:
                return found
        return False

    found = search(tuple(range(k)), 0, 0, 0)
    if found is None:
        return solve(players, me, my_cards, cards, constraints, holds, lacks).total > 0
    return found
