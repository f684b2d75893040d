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
from collections.abc import Hashable, Iterable, Mapping
from fractions import Fraction
from typing import Any

from .dist import Dist

__all__ = ["Deck"]


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

    def hand_probability(self, hand_size: int, at_least: Mapping[Hashable, int]) -> Fraction:
        """Probability that a hand holds at least the given counts.

        Keys are card names or tuples of names counted together:
        ``{"Cannon": 1, ("Cutlass Crewman", "Pistol Crewman"): 1}``.
        """
        groups = {}
        for key in at_least:
            cards = key if isinstance(key, tuple) else (key,)
            for card in cards:
                if card not in self._counts:
                    known = ", ".join(map(str, self._counts))
                    raise ValueError(f"No card {card!r} in this deck; it holds: {known}.")
            groups[key] = cards
        needs = [at_least[k] for k in groups]
        return self.hand_dist(hand_size, groups).probability(
            lambda counts: all(c >= need for c, need in zip(counts, needs)))
