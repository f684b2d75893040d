"""Decks as multisets: exact draws (chance nodes) and exact hand odds.

>>> deck = Deck({"Attack": 2, "Cannon": 3})
>>> deck.draw_dist()["Attack"]
Fraction(2, 5)
>>> deck.remove("Attack").size
4
>>> deck.hand_probability(2, at_least={"Attack": 1})
Fraction(7, 10)
"""
from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from .dist import Dist
from .why import Why

__all__ = ["Deck", "hand_at_least"]


def _cards(n: int) -> str:
    return f"{n:,} card" + ("" if n == 1 else "s")


def hand_at_least(groups: Sequence[tuple[str, int, int]], other: int, hand_size: int, *, why: bool = False,
                  label: str | None = None, rule: str | None = None, group_rule: str | None = None):
    """P(a hand of ``hand_size`` cards, dealt from ``other`` cards plus each group's ``copies``, holds at
    least ``need`` of every group), exactly, by hypergeometric terms: ``groups`` is ``(name, copies, need)``.

    Counted from the last group back: ``ways[j][r]`` is how many ways groups ``j`` onwards and the other
    cards fill ``r`` places with every need met (at most groups × (hand + 1)² products, no listing of
    hands); the answer is ``ways[0][hand] / C(deck, hand)``.  With ``why=True`` the answer is a
    :class:`~pirates_lab.core.why.Why` tree from the same counts: a level for each group, one branch for
    each number of its cards in the hand (``C(copies, k)`` ways), its leaves the hands they count.

    >>> hand_at_least([("Attack", 3, 1)], other=7, hand_size=2)
    Fraction(8, 15)
    >>> print(hand_at_least([("Attack", 3, 1)], other=7, hand_size=2, why=True).text())
    P(at least 1 Attack in a hand of 2 cards): 53.33% (8/15)
      1 of the 3 Attack cards, 1 of the 7 other cards (3 × 7 = 21 of 45 hands): 46.67% (7/15)
      2 of the 3 Attack cards, 0 of the 7 other cards (3 × 1 = 3 of 45 hands): 6.67% (1/15)
    """
    groups = [(name, copies, max(0, need)) for name, copies, need in groups]
    deck = other + sum(copies for _, copies, _ in groups)
    if not 0 <= hand_size <= deck:
        raise ValueError(f"Cannot draw {hand_size} cards from a deck of {deck}.")
    hands = math.comb(deck, hand_size)
    ways: list[list[int]] = [[math.comb(other, r) for r in range(hand_size + 1)]]
    for _, copies, need in reversed(groups):
        after = ways[-1]
        choose = [math.comb(copies, k) for k in range(min(copies, hand_size) + 1)]
        ways.append([sum(choose[k] * after[r - k] for k in range(need, min(copies, r) + 1))
                     for r in range(hand_size + 1)])
    ways.reverse()                                  # ways[j]: groups j onwards (ways[len(groups)]: the others)
    answer = Fraction(ways[0][hand_size], hands)
    if not why:
        return answer
    wanted = " and ".join(f"at least {need} {name}" for name, _, need in groups)
    title = label or (f"P({wanted} in a hand of {_cards(hand_size)})" if groups else f"P(a hand of {_cards(hand_size)})")

    def expand(key):
        j, used, taken = key                          # groups before j hold ``taken`` cards (``used`` in all)
        name, copies, need = groups[j]
        parts = []
        for k in range(need, min(copies, hand_size - used) + 1):
            rest, counts = hand_size - used - k, taken + (k,)
            joint = math.prod(math.comb(c, n) for (_, c, _), n in zip(groups, counts))
            q = Fraction(joint * ways[j + 1][rest], hands)
            words = f"{k} of the {copies:,} {name} cards"
            if j + 1 < len(groups):
                parts.append((words, q, group_rule, (j + 1, used + k, counts)))
                continue
            factors = " × ".join(f"{math.comb(c, n):,}" for (_, c, _), n in zip(groups, counts))
            leaf = math.comb(other, rest)
            parts.append((f"{words}, {rest} of the {other:,} other cards ({factors} × {leaf:,} = {joint * leaf:,} "
                          f"of {hands:,} hands)", q, group_rule, None))
        return parts

    if not groups:
        return Why(title, answer, rule)
    return Why.grow(title, answer, expand, (0, 0, ()), rule=rule, depth=len(groups), width=8)


class Deck:
    """An immutable multiset of cards; order is unknown until a card is drawn."""

    __slots__ = ("_counts",)

    def __init__(self, counts: Mapping[Hashable, int] | Iterable[Hashable] = ()):
        if isinstance(counts, Mapping):
            items = dict(counts)
        else:
            items = {}
            for card in counts:
                items[card] = items.get(card, 0) + 1
        for card, n in items.items():
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise ValueError(f"Count of {card!r} must be a whole number >= 0, got {n!r}.")
        self._counts = {c: n for c, n in sorted(items.items(), key=lambda kv: str(kv[0])) if n}

    @property
    def size(self) -> int:
        return sum(self._counts.values())

    def __len__(self) -> int:
        return self.size

    def counts(self) -> dict[Any, int]:
        return dict(self._counts)

    def count(self, card: Hashable) -> int:
        return self._counts.get(card, 0)

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, Deck) and self._counts == other._counts

    def __hash__(self) -> int:
        return hash(frozenset(self._counts.items()))

    def __repr__(self) -> str:
        return f"Deck({self._counts!r})"

    def draw_dist(self) -> Dist:
        """The next card drawn, each physical card equally likely."""
        if not self._counts:
            raise ValueError("The deck is empty.")
        return Dist(self._counts)

    def remove(self, card: Hashable, n: int = 1) -> "Deck":
        if self.count(card) < n:
            raise ValueError(f"The deck holds {self.count(card)} × {card!r}, cannot remove {n}.")
        counts = dict(self._counts)
        counts[card] -= n
        return Deck(counts)

    def without(self, cards: Mapping[Hashable, int]) -> "Deck":
        deck = self
        for card, n in cards.items():
            deck = deck.remove(card, n)
        return deck

    def hand_dist(self, hand_size: int, groups: Mapping[Hashable, Iterable[Hashable]] | None = None) -> Dist:
        """Exact distribution of a hand of ``hand_size`` cards drawn without replacement.

        Outcomes are tuples of counts, one per group (a group is a name and the cards it
        counts together); cards of no group are "other".  Without ``groups``, one group per
        card name.
        """
        if hand_size < 0 or hand_size > self.size:
            raise ValueError(f"Cannot draw {hand_size} cards from a deck of {self.size}.")
        if groups is None:
            groups = {card: (card,) for card in self._counts}
        sizes = []
        seen: set = set()
        for name, cards in groups.items():
            cards = tuple(cards)
            for card in cards:
                if card in seen:
                    raise ValueError(f"{card!r} is in two groups.")
                seen.add(card)
            sizes.append(sum(self.count(c) for c in cards))
        other = self.size - sum(sizes)
        weights: dict[tuple, int] = {}

        def walk(i: int, left: int, picked: tuple, weight: int):
            if i == len(sizes):
                if left <= other:
                    weights[picked] = weight * math.comb(other, left)
                return
            for k in range(min(sizes[i], left) + 1):
                walk(i + 1, left - k, picked + (k,), weight * math.comb(sizes[i], k))

        walk(0, hand_size, (), 1)
        return Dist(weights)

    def hand_probability(self, hand_size: int, at_least: Mapping[Hashable, int], *, why: bool = False,
                         rule: str | None = None):
        """Probability that a hand holds at least the given counts (with ``why=True``: its
        :class:`~pirates_lab.core.why.Why` tree, the hypergeometric terms of :func:`hand_at_least`).

        Keys are card names or tuples of names counted together:
        ``{"Cannon": 1, ("Cutlass Crewman", "Pistol Crewman"): 1}``.

        >>> print(Deck({"Attack": 2, "Cannon": 3}).hand_probability(2, {"Attack": 2}, why=True).text())
        P(at least 2 Attack in a hand of 2 cards): 10.00% (1/10)
          2 of the 2 Attack cards, 0 of the 3 other cards (1 × 1 = 1 of 10 hands): 10.00% (1/10)
        """
        if hand_size < 0 or hand_size > self.size:
            raise ValueError(f"Cannot draw {hand_size} cards from a deck of {self.size}.")
        groups, seen = [], set()
        for key, need in at_least.items():
            cards = key if isinstance(key, tuple) else (key,)
            for card in cards:
                if card not in self._counts:
                    known = ", ".join(map(str, self._counts))
                    raise ValueError(f"No card {card!r} in this deck; it holds: {known}.")
                if card in seen:
                    raise ValueError(f"{card!r} is in two groups.")
                seen.add(card)
            groups.append((" or ".join(map(str, cards)), sum(self._counts[c] for c in cards), need))
        other = self.size - sum(copies for _, copies, _ in groups)
        return hand_at_least(groups, other, hand_size, why=why, rule=rule, group_rule=rule)
