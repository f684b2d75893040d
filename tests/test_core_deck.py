"""Decks: exact hand odds against brute-force enumeration of hands."""
from fractions import Fraction
from itertools import combinations

import pytest

from pirates_lab.core import Deck


def brute(cards: list[str], hand: int, predicate) -> Fraction:
    hands = list(combinations(range(len(cards)), hand))
    return Fraction(sum(predicate([cards[i] for i in h]) for h in hands), len(hands))


def test_hand_probability_matches_brute_force():
    counts = {"Attack": 3, "Cannon": 4, "Cutlass": 2, "Pistol": 1, "Rum": 5}
    deck = Deck(counts)
    cards = [c for c, n in counts.items() for _ in range(n)]
    got = deck.hand_probability(5, {"Cannon": 1, ("Cutlass", "Pistol"): 1})
    want = brute(cards, 5, lambda h: h.count("Cannon") >= 1 and h.count("Cutlass") + h.count("Pistol") >= 1)
    assert got == want
    assert deck.hand_probability(4, {"Attack": 2}) == brute(cards, 4, lambda h: h.count("Attack") >= 2)


def test_hand_dist_sums_to_one_and_draws_are_chance_nodes():
    deck = Deck({"a": 2, "b": 3, "c": 1})
    dist = deck.hand_dist(3)
    assert sum(p for _, p in dist.items()) == 1
    assert deck.draw_dist()["b"] == Fraction(1, 2)
    assert deck.remove("b").draw_dist()["b"] == Fraction(2, 5)
    assert deck.size == 6 and deck.remove("c").count("c") == 0


def test_bad_deck_use_is_refused():
    deck = Deck({"a": 1})
    with pytest.raises(ValueError, match="cannot remove"):
        deck.remove("b")
    with pytest.raises(ValueError, match="No card 'x'"):
        deck.hand_probability(1, {"x": 1})
    with pytest.raises(ValueError, match="Cannot draw"):
        deck.hand_dist(2)
    with pytest.raises(ValueError, match="empty"):
        Deck().draw_dist()
    with pytest.raises(ValueError):
        Deck({"a": -1})
