"""Pillage & Plunder's numbers explain themselves (issue 23): at random valid inputs each tree's root is the
number the calculator gives, its branches add up exactly, it cites headings of the rulebook and stays within
its bound; one small case of each is checked against a tree built by hand."""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from pirates_lab.core.why import Why
from pirates_lab.pillage_and_plunder.battles import (Ship, battle, call_off_policy, cannon_volley,
                                                     flee_escape_probability, melee)
from pirates_lab.pillage_and_plunder.odds import hand_probability
from pirates_lab.pillage_and_plunder.why import (ENDINGS, VOLLEY_ENDINGS, battle_why, call_off_why, flee_why,
                                                 melee_why, volley_why)

GAME = "pillage_and_plunder"
SMALL = settings(max_examples=15, deadline=None)

ships = st.builds(lambda hull, crew, cannons, pistols, officers, addons, damage: Ship.player(
    hull, crew=crew, cannons=cannons, pistols=min(pistols, crew), officers=officers, addons=addons,
    damage=damage), st.just("Sloop"), st.integers(0, 3), st.integers(0, 3), st.integers(0, 1),
    st.sets(st.sampled_from(["Doctor", "Master Gunner"])).map(tuple),
    st.sets(st.sampled_from(["Crow's Nest", "Iron Hull Plating", "Extra Sail"])).map(tuple), st.integers(0, 2))


@SMALL
@given(ships, ships, st.booleans(), st.sampled_from(sorted(ENDINGS)))
def test_a_battle_tree_is_the_battle_split_stage_by_stage(attacker, defender, flees, ending):
    dist = battle(attacker, defender, defender_flees=flees)
    tree = battle_why(attacker, defender, defender_flees=flees, winner=ending)
    tree.check(dist.probability(ENDINGS[ending][1]), GAME)
    stages = {node.rule for depth, node in tree.walk() if depth == 1}
    assert stages <= {"Stage 1: Spotting the Enemy", "Stage 2: Fight or Flee", "If the defending ship is faster",
                      "If the attacking ship is faster", "If both ships are the same speed", None}


@SMALL
@given(st.integers(0, 5), st.integers(0, 5), st.booleans(), st.booleans(), st.booleans(), st.booleans(),
       st.sampled_from(["attacker", "defender"]))
def test_a_melee_tree_goes_round_by_round(a, d, pa, pd, da, dd, winner):
    dist = melee(a, d, attacker_pistol=pa, defender_pistol=pd, attacker_doctor=da, defender_doctor=dd)
    tree = melee_why(a, d, attacker_pistol=pa, defender_pistol=pd, attacker_doctor=da, defender_doctor=dd,
                     winner=winner)
    tree.check(dist.probability(lambda m: m.winner == winner), GAME)
    assert all(node.label.startswith("round 1:") for node in tree.children)


@SMALL
@given(st.integers(0, 6), st.integers(0, 6), st.integers(1, 4), st.integers(1, 4), st.booleans(),
       st.sampled_from(sorted(VOLLEY_ENDINGS)))
def test_a_volley_tree_is_its_outcomes(a, d, sa, sd, plated, ending):
    ships = dict(attacker_strength=sa, defender_strength=sd, defender_plating=plated)
    tree = volley_why(a, d, ending=ending, **ships)
    tree.check(cannon_volley(a, d, **ships).probability(VOLLEY_ENDINGS[ending][1]), GAME)


@pytest.mark.parametrize("speeds", [(5, 5), (4, 6), (6, 4)])
def test_the_flee_roll_explains_its_escape(speeds):
    flee_why(*speeds).check(flee_escape_probability(*speeds), GAME)


@SMALL
@given(st.integers(1, 4), st.integers(1, 4), st.integers(0, 5000), st.integers(0, 800))
def test_the_call_off_advice_covers_every_way_the_melee_goes(a, d, prize, crew_value):
    policy = call_off_policy(a, d, prize=prize, crew_value=crew_value)
    tree = call_off_why(policy, a, d).check(Fraction(1), GAME)
    advice = "fight on" if policy.fight[(a, d)] else "call off"
    assert advice in tree.label
    ends = [n for _, n in tree.walk() if not n.children and not n.other]
    assert all(any(w in n.label for w in ("wins the mêlée", "call off", "fight on")) for n in ends)


@SMALL
@given(st.dictionaries(st.sampled_from(["Attack", "Cannon", "Cargo", "Treasure Hunt"]), st.integers(0, 2),
                       max_size=3), st.integers(0, 8), st.integers(2, 6))
def test_a_hand_tree_is_the_hand_odds(needs, hand, players):
    answer = hand_probability(needs, hand_size=hand, players=players)
    hand_probability(needs, hand_size=hand, players=players, why=True).check(answer, GAME)


def test_a_one_crewman_melee_by_hand():
    rule = "Stage 4: The Mêlée"
    expected = Why("The attacker wins a mêlée of 1 crewman attacking 1 crewman (ties: the attacker loses)",
                   Fraction(5, 12), rule, (
                       Why("round 1: the defender loses a crewman (41.67%): the defender has no crew left",
                           Fraction(5, 12), rule),))
    assert melee_why(1, 1) == expected


def test_a_battle_by_hand_a_crows_nest_shot_that_sinks():
    nest = Ship.player("Sloop", addons=("Crow's Nest",))
    weak = Ship.player("Sloop", damage=2)
    assert battle_why(nest, weak) == Why("The attacker wins the battle", Fraction(1), "The Five Stages Of A Sea Battle", (
        Why("Stage 1: the crow's nest shot sinks the defender", Fraction(1), "Stage 1: Spotting the Enemy"),))


def test_the_advice_explains_itself_from_its_policy():
    policy = call_off_policy(2, 2, prize=1000, crew_value=100)
    assert policy.why(2, 2) == call_off_why(policy, 2, 2)
    assert "fight on (worth" in policy.why(2, 2).label
