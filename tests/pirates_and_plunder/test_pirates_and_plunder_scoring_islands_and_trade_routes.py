"""Pirates & Plunder by rule: Scoring Islands and Trade Routes — completed features, majorities, ties, resources.

Rules: Pirates & Plunder › Scoring Islands and Trade Routes
"""
from __future__ import annotations

from pirates_lab.pirates_and_plunder import breakdown, feature, NoShip, PlaceShip, PlaceTile
from pirates_lab.pirates_and_plunder.scenarios import build
from pirates_lab.pirates_and_plunder.scoring import describe


CROSS = "three-way crossroads"          # routes E 0, S 1, W 2; seas north 3, south-east 4, south-west 5


# ------------------------------------------------------------------ Scoring, refusals and what a person reads
def test_a_tie_is_said_in_the_breakdown():
    """Rules: Pirates & Plunder › Scoring Islands and Trade Routes"""
    tiles = [(CROSS, (-1, 0), 0), ("straight route", (0, 0), 0), ("straight route", (2, 0), 0), (CROSS, (3, 0), 0)]
    state = build(tiles=tiles, ships=[(0, (0, 0), 0), (1, (2, 0), 0)], drawn="spice route", player=1)
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip())
    assert breakdown(state) == [
        "Player 1: +5 for the completed trade route of 5 segments, with the most merchants (player 1: 1, player 2: 1) "
        "(a tie: all tied players score).",
        "Player 2: +5 for the completed trade route of 5 segments, with the most merchants (player 1: 1, player 2: 1) "
        "(a tie: all tied players score)."]


def test_route_segments_of_a_feature_are_counted_once():
    """Rules: Pirates & Plunder › Scoring Islands and Trade Routes"""
    state = build(tiles=[(CROSS, (0, 0), 0)], ships=[(0, (0, 0), 0)], drawn=CROSS, player=1)
    assert feature(state, state.node((0, 0), 0)).segments == 1
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip())
    assert state.points == [2, 0]


# ------------------------------------------------------------------ Scoring: a trade route described in words
def test_a_trade_route_is_described_as_worth_one_point_a_segment():
    """Rules: Pirates & Plunder › Scoring Islands and Trade Routes"""
    # Given an open trade route of 3 straight route tiles with player 2's merchant on it
    state = build(tiles=[("straight route", (x, 0), 0) for x in range(3)], ships=[(1, (1, 0), 0)])
    # Then its description gives it 1 point a segment, not an island's 2 (scoring.describe__mutmut_96)
    assert describe(state, state.node((0, 0), 0)) == \
        "A trade route of 3 segments, open (2 open edge places): worth 3 points to player 2."


# ------------------------------------------------------------------ Scoring Islands and Trade Routes
def test_a_route_between_crossroads_scores_one_per_segment_and_the_merchant_goes_home():
    """Rules: Pirates & Plunder › Scoring Islands and Trade Routes"""
    state = build(tiles=[(CROSS, (0, 0), 0)], ships=[(0, (0, 0), 0)], drawn=CROSS, player=1)
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip())
    assert state.points == [2, 0] and state.supply(0) == 7
    assert breakdown(state) == ["Player 1: +2 for the completed trade route of 2 segments, with the most "
                                "merchants (player 1: 1)."]


def test_tied_merchants_all_score_and_each_collects_the_resources():
    """Rules: Pirates & Plunder › Scoring Islands and Trade Routes"""
    tiles = [(CROSS, (-1, 0), 0), ("straight route", (0, 0), 0), ("straight route", (2, 0), 0), (CROSS, (3, 0), 0)]
    state = build(tiles=tiles, ships=[(0, (0, 0), 0), (1, (2, 0), 0)], drawn="spice route", player=1)
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip())
    assert state.points == [5, 5]
    assert state.resources == [[0, 0, 1, 0], [0, 0, 1, 0]] and state.bank == [15, 15, 13, 15]


def test_a_loop_is_a_complete_route():
    """Rules: Pirates & Plunder › Scoring Islands and Trade Routes"""
    tiles = [("bend", (0, 0), 3), ("bend", (1, 0), 0), ("bend", (1, 1), 1)]   # three corners of a ring
    state = build(tiles=tiles, ships=[(0, (0, 0), 0)], drawn="bend", player=1)
    assert feature(state, state.node((0, 0), 0)).open == 2
    state = state.apply(PlaceTile((0, 1), 2)).apply(NoShip())
    assert state.points == [4, 0]


def test_an_island_scores_two_per_segment_and_its_resources_go_to_the_completer():
    """Rules: Pirates & Plunder › Scoring Islands and Trade Routes"""
    state = build(tiles=[("spice headland", (0, 0), 0)], ships=[(0, (0, 0), 0)], drawn="headland", player=1)
    state = state.apply(PlaceTile((0, -1), 2)).apply(NoShip())
    assert state.points == [4, 0] and state.resources[1] == [0, 0, 1, 0] and state.supply(0) == 7


def test_an_isle_completes_at_once():
    """Rules: Pirates & Plunder › Scoring Islands and Trade Routes"""
    state = build(tiles=[("open sea", (0, 0), 0)], drawn="rum isle")
    state = state.apply(PlaceTile((1, 0), 0)).apply(PlaceShip(0))
    assert state.points == [2, 0] and state.resources[0] == [0, 1, 0, 0] and state.supply(0) == 7
