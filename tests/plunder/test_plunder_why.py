"""Plunder's numbers explain themselves (issue 23): the combat chain step by step, a captain's fight, the
Letter of Marque, the Storm and the loot.  At random valid inputs each tree's root is the calculator's number,
its branches add up exactly, it cites the rulebook and stays bounded; small cases against trees by hand."""
from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings, strategies as st

from pirates_lab.core.why import Why
from pirates_lab.plunder.commands import start_unseen
from pirates_lab.plunder.odds import (Side, captain_fight, loot_dist, marque_probability, npc_chain_odds,
                                      storm_within)
from pirates_lab.plunder.why import loot_why

GAME = "plunder"
SMALL = settings(max_examples=15, deadline=None)
sides = st.builds(Side, st.integers(0, 5), st.integers(0, 5), st.integers(0, 5))
unseen = st.dictionaries(st.integers(0, 8), st.integers(0, 4), min_size=1, max_size=5).filter(
    lambda u: sum(u.values()) >= 4)
steps = st.sampled_from([("engagement", "broadside", "boarding"), ("broadside", "boarding"), ("boarding",)])


@SMALL
@given(sides, sides, st.lists(st.integers(0, 6), max_size=2), st.integers(0, 2), unseen, steps)
def test_a_chain_tree_is_the_win_split_by_the_cards_played(me, enemy, hand, draws, pool, chain):
    odds = npc_chain_odds(me, enemy, hand, draws, pool, chain)
    tree = odds.why().check(odds.win, GAME)
    assert all(node.label.split(":")[0].lower() in chain for depth, node in tree.walk() if depth and not node.other
               and node.label != "…")


@SMALL
@given(sides, sides, st.lists(st.integers(0, 6), max_size=3), unseen, st.integers(0, 3), st.booleans())
def test_a_captain_fight_tree_is_the_capture_split_by_their_cards(attacker, defender, mine, pool, theirs, flees):
    theirs = min(theirs, sum(pool.values()))
    odds = captain_fight(attacker, defender, mine, pool, theirs, flees)
    odds.why().check(odds.win, GAME)


def test_a_chain_by_hand():
    odds = npc_chain_odds(Side(2, 1, 2), Side(4, 1, 2), draws=1, unseen={"Open Sea": 1, "Coastland": 1})
    half = Fraction(1, 2)
    assert odds.why() == Why("You win the whole combat (Engagement, Broadside, Boarding)", half, "Combat", (
        Why("Engagement: your speed 2 against 4, behind by 2: play a 2", half, "Engagement", (
            Why("Broadside: your cannon 1 against 1: no card needed", half, "Broadside", (
                Why("Boarding: your crew 2 against 2: no card needed", half, "Boarding"),)),)),))


@SMALL
@given(st.integers(0, 8), unseen, st.integers(0, 3), st.integers(0, 3))
def test_a_marque_tree_is_the_contesters_highest_card(mine, pool, contesters, hand):
    if contesters * hand > sum(pool.values()):
        return
    tree = marque_probability(mine, pool, contesters, hand, why=True)
    tree.check(marque_probability(mine, pool, contesters, hand), GAME)


def test_a_marque_by_hand():
    # one contester with one card from {1: 5, 3: 5, 6: 10}: yours (3) wins against the 1s and the 3s
    tree = marque_probability(3, {1: 5, 3: 5, 6: 10}, 1, 1, why=True)
    assert [(c.label.split(" (")[0], c.p) for c in tree.children] == [
        ("the highest of their 1 cards is a 3", Fraction(1, 4)), ("the highest of their 1 cards is a 1", Fraction(1, 4))]


@SMALL
@given(st.integers(0, 200), st.integers(1, 200))
def test_a_storm_tree_is_each_place_in_the_deck(draws, deck):
    storm_within(draws, deck, why=True).check(storm_within(draws, deck), GAME)


def test_the_loot_tree_is_every_loot_and_its_cards():
    pool = start_unseen([])
    tree = loot_why(pool, 3, 5).check(Fraction(1), GAME)
    dist = loot_dist(pool, 3, 5)
    for node in tree.children:
        if not node.other:
            qty, good = node.label.split(" ", 1)
            assert dist[(good, int(qty))] == node.p
