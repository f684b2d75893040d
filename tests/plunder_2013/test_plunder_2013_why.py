"""Plunder (2013)'s numbers explain themselves (issue 23): a Solution Grid cell by the deals counted after each
clue, and the blind guesses of ``odds deals``.  At random games each tree's root is the number shown, its
branches add up exactly, it cites the rulebook and stays bounded; a small case against a tree by hand."""
from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from pirates_lab.plunder_2013.commands import deal_counts
from pirates_lab.plunder_2013.components import CATEGORIES
from pirates_lab.plunder_2013.deduction import Deduction
from pirates_lab.plunder_2013.engine import answer_is_aye
from pirates_lab.plunder_2013.why import deals_per_day, deals_why, posterior_why

GAME = "plunder_2013"
SMALL = settings(max_examples=12, deadline=None)


def played(seed: int, players: int, cards: int, days: int) -> tuple[Deduction, list]:
    """A deduction of player 0 after ``days`` days of true answers to random clues."""
    rng = random.Random(seed)
    deal = [rng.sample(range(1, cards + 1), players) for _ in CATEGORIES]
    hands = [tuple(deal[c][p] for c in range(3)) for p in range(players)]
    s = Deduction(players, 0, dict(zip(CATEGORIES, hands[0])), cards)
    for day in range(days):
        asker, clue = day % players, tuple(rng.randint(1, cards) for _ in CATEGORIES)
        s.record(asker, dict(zip(CATEGORIES, clue)),
                 {p: "aye" if answer_is_aye(hands[p], clue) else "nay" for p in range(players) if p != asker})
    return s, hands


@SMALL
@given(st.integers(0, 10**6), st.integers(2, 4), st.integers(0, 4), st.data())
def test_a_grid_cell_tree_is_its_deals(seed, players, days, data):
    s, _ = played(seed, players, players + 2, days)
    player = data.draw(st.integers(0, players - 1))
    category = data.draw(st.sampled_from(CATEGORIES))
    card = data.draw(st.integers(1, players + 2))
    tree = posterior_why(s, player, category, card)
    shown = s.why(player, category, card).probability
    tree.check(shown, GAME)
    counts = deals_per_day(s)
    assert len(counts) == days + 1 and counts[-1] == s.count() and counts == sorted(counts, reverse=True)


def test_a_grid_cell_by_hand():
    s = Deduction(players=4, me=0, my_cards={"island": 2, "marker": 5, "trap": 1})
    s.record(asker=1, clues={"island": 3, "marker": 2, "trap": 6}, answers={0: "nay", 2: "aye", 3: "nay"})
    tree = posterior_why(s, 2, "island", 3)
    assert tree.p == Fraction(16, 37) == Fraction(27648, 63936)
    assert "27,648 of the 63,936 deals" in tree.label and "216,000 deals before any clue, 63,936 after day 1" in tree.label
    assert sum(int(c.label.split(": ")[1].split(" of")[0].replace(",", "")) for c in tree.children if not c.other) \
        + int(tree.children[-1].p * 63936) == 27648
    assert posterior_why(s, 2, "island", 2).p == 0 and posterior_why(s, 0, "island", 2).p == 1


@SMALL
@given(st.integers(2, 6), st.integers(6, 12), st.booleans())
def test_a_blind_guess_tree_splits_its_chance(players, cards, every):
    counts = deal_counts(players, cards)
    tree = deals_why(players, cards, every).check(counts["every_location" if every else "one_location"], GAME)
    assert tree.size() <= 40
