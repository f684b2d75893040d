"""King of Pirates' numbers explain themselves (issue 23): combat with the best re-rolls, upkeep and mutiny,
the Dutchman along a route.  At random valid inputs each tree's root is the calculator's number, its
branches add up exactly, it cites the rulebook and stays bounded; small cases against trees built by hand."""
from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings, strategies as st

from pirates_lab.core.why import Why
from pirates_lab.king_of_pirates.odds import (combat_success_probability, p_no_mutiny_within, reroll_policy,
                                              route_survival, safest_route)
from pirates_lab.king_of_pirates.why import combat_why, mutiny_why, route_why, safest_route_why

GAME = "king_of_pirates"
SMALL = settings(max_examples=15, deadline=None)
COMBAT = "Phase 3: Combat Phase"


@SMALL
@given(st.integers(0, 14), st.integers(-3, 3), st.integers(0, 3))
def test_a_combat_tree_is_the_best_play_split_exactly(target, modifier, cannonballs):
    tree = combat_success_probability(target, modifier, cannonballs, why=True)
    tree.check(combat_success_probability(target, modifier, cannonballs), GAME)
    policy = reroll_policy(target, modifier, cannonballs)
    for node in tree.children:                    # each failing first roll names the policy's own decision
        if node.label.startswith("the first roll is") and "short of" in node.label:
            high, low = (int(x) for x in node.label.split(":")[0].split(" is ")[1].split(" and "))
            choice = policy.decision((high, low), cannonballs)
            assert policy.words((high, low), choice).split(" (")[0] in node.label


def test_combat_by_hand_one_cannonball_for_a_double_six():
    tree = combat_why(12, cannonballs=1)
    assert tree.p == Fraction(121, 1296)
    assert tree.children[0] == Why("the first roll makes 12 or more", Fraction(1, 36), COMBAT, (
        Why("the first roll is 6 and 6: 12, a success", Fraction(1, 36), COMBAT),))
    six_one = next(c for c in tree.children if c.label.startswith("the first roll is 6 and 1"))
    assert six_one == Why("the first roll is 6 and 1: 7, short of 12; keep the 6, re-roll the 1 (then 16.67%; "
                          "keep the 1, re-roll the 6: 0%; re-roll both dice: 2.78%)", Fraction(1, 108), COMBAT, (
                              Why("the new die shows 6: 6 and 6: 12, a success", Fraction(1, 108), COMBAT),))


@SMALL
@given(st.integers(0, 6), st.integers(0, 7))
def test_a_mutiny_tree_is_each_upkeep_roll(rum, upkeeps):
    mutiny_why(rum, upkeeps).check(p_no_mutiny_within(rum, upkeeps), GAME)
    assert p_no_mutiny_within(rum, upkeeps, why=True) == mutiny_why(rum, upkeeps)


def test_mutiny_by_hand_one_rum_two_upkeeps():
    rule, third = "Phase 1: Upkeep Phase", Fraction(1, 9)
    assert mutiny_why(1, 2) == Why("No mutiny within 2 upkeeps, starting with 1 rum (no lair visits)",
                                   Fraction(1, 3), rule, (
        Why("upkeep 1: scurvy, no rum lost (1 rum)", 2 * third, rule, (
            Why("upkeep 2: scurvy, no rum lost (1 rum)", third, rule),
            Why("upkeep 2: lose 1 rum, 0 rum left", third, rule))),
        Why("upkeep 1: lose 1 rum, 0 rum left", third, rule, (
            Why("upkeep 2: scurvy, no rum lost (0 rum)", third, rule),))))


cells = st.sampled_from([(0, 0), (1, 0), (0, 1), (-1, 1), (2, -1), (1, 1), (3, 0), (-2, 2), (0, -3)])


@SMALL
@given(cells, cells, cells, st.integers(1, 2), st.integers(0, 3))
def test_a_route_tree_reads_back_the_dutchman_from_the_same_counts(start, goal, dutchman, speed, moves):
    cells_, p = safest_route(start, goal, dutchman, speed, moves)
    tree = safest_route_why(start, goal, dutchman, speed, moves).check(p, GAME)
    assert all("the Dutchman is on" in child.label or child.other for child in tree.children)


def test_a_route_by_hand_one_turn_next_to_the_dutchman():
    # the ship stays on (2, -1); the Dutchman on (1, 0) rolls once: it catches the ship in 1 of 6 directions
    tree = route_why([[(2, -1)]], (1, 0))
    assert tree.p == route_survival([[(2, -1)]], (1, 0)) == Fraction(5, 6)
    assert sorted(c.label.split(" is on ")[1].split(",  ")[0] for c in tree.children) == sorted(
        f"({q}, {r}), never having met you" for q, r in [(2, 0), (0, 0), (1, -1), (0, 1), (1, 1)])
    assert all(c.p == Fraction(1, 6) and not c.children for c in tree.children)
