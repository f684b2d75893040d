"""One Given/When/Then scenario per rule, on tiny hand-built boards."""
import pytest

from pirates_lab.core import IllegalMove
from pirates_lab.pirates_and_plunder import (
    Commit, MovePirate, NoShip, PlaceShip, PlaceTile, Repulse, StopPirates, breakdown, feature,
)
from pirates_lab.pirates_and_plunder.game import Draw
from pirates_lab.pirates_and_plunder.scenarios import build

CROSS = "three-way crossroads"          # routes E 0, S 1, W 2; seas north 3, south-east 4, south-west 5


def unchanged(state, action, rule):
    before = state.to_json()
    with pytest.raises(IllegalMove) as error:
        state.apply(action)
    assert error.value.rule == rule
    assert state.to_json() == before
    return error.value


# ------------------------------------------------------------------ Drawing and Placing Land Tiles
def test_a_tile_goes_next_to_a_side_never_only_a_corner():
    """Rules: Pirates & Plunder › Drawing and Placing Land Tiles"""
    state = build(tiles=[("open sea", (0, 0), 0)], drawn="open sea")
    places = {a.cell for a in state.legal_actions()}
    assert places == {(1, 0), (-1, 0), (0, 1), (0, -1)}
    error = unchanged(state, PlaceTile((1, 1), 0), "Drawing and Placing Land Tiles")
    assert "corner" in error.reason


def test_every_touching_edge_must_match():
    """Rules: Pirates & Plunder › Drawing and Placing Land Tiles"""
    state = build(tiles=[("headland", (0, 0), 0)], drawn="headland")
    # north of the headland is island: only a headland turned to show island south fits there
    assert [a.turns for a in state.legal_actions() if a.cell == (0, -1)] == [2]
    error = unchanged(state, PlaceTile((0, -1), 0), "Drawing and Placing Land Tiles")
    assert "south edge is sea" in error.reason


def test_a_tile_with_no_legal_place_is_discarded_and_another_drawn():
    """Rules: Pirates & Plunder › Drawing and Placing Land Tiles"""
    state = build(tiles=[("open sea", (0, 0), 0)], phase="draw", bag={"island heart": 1, "bend": 1})
    after = state.apply(Draw("island heart"))
    assert [after.board.types[k].name for k in after.discarded] == ["island heart"]
    assert after.current_player() < 0 and after.chance_outcomes().outcomes() == [Draw("bend")]


# ------------------------------------------------------------------ Placing Ships
def test_a_ship_goes_only_on_an_unoccupied_feature_of_the_tile_just_placed():
    """Rules: Pirates & Plunder › Placing Ships"""
    state = build(tiles=[(CROSS, (0, 0), 0)], ships=[(1, (0, 0), 0)], drawn=CROSS)
    state = state.apply(PlaceTile((1, 0), 0))         # its west route joins the occupied east route
    assert PlaceShip(2) not in state.legal_actions() and PlaceShip(0) in state.legal_actions()
    error = unchanged(state, PlaceShip(2), "Placing Ships")
    assert "already holds a ship" in error.reason
    after = state.apply(PlaceShip(3))                  # the route is complete: the merchant scores, goes home
    assert [r[-1] for r in after.observation(0)["ships"]] == ["pirate"] and after.points == [0, 2]


def test_with_an_empty_supply_no_ship_can_be_placed():
    """Rules: Pirates & Plunder › Placing Ships"""
    ships = [(0, (0, 0), 3)] * 1
    state = build(tiles=[("open sea", (x, 0), 0) for x in range(7)], ships=[(0, (x, 0), 0) for x in range(7)],
                  drawn="open sea", bag={})
    assert state.supply(0) == 0 and ships
    state = state.apply(PlaceTile((0, 1), 0))
    assert state.legal_actions() == (NoShip(),)


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


# ------------------------------------------------------------------ Ports
def test_a_harbormaster_collects_for_each_tile_around_its_port():
    """Rules: Pirates & Plunder › Ports"""
    state = build(tiles=[("headland with cloth port", (0, 0), 0)], ships=[(0, (0, 0), 2)], drawn="open sea", player=1)
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip())
    assert state.resources[0] == [1, 0, 0, 0]
    assert [r[-1] for r in state.observation(0)["ships"]] == ["harbormaster"]


def test_a_surrounded_port_sends_its_harbormaster_home_after_the_last_collection():
    """Rules: Pirates & Plunder › Ports"""
    around = [("open sea", c, 0) for c in [(-1, -1), (1, -1), (1, 0), (-1, 0), (-1, 1), (0, 1)]]
    tiles = [("headland with cloth port", (0, 0), 0), ("headland", (0, -1), 2), *around]
    state = build(tiles=tiles, ships=[(0, (0, 0), 2)], drawn="open sea", player=1, bag={})
    state = state.apply(PlaceTile((1, 1), 0)).apply(NoShip())
    assert state.resources[0] == [1, 0, 0, 0] and state.ships == {} and state.supply(0) == 7


def test_a_ship_on_a_port_counts_for_the_island():
    """Rules: Pirates & Plunder › Ports"""
    state = build(tiles=[("headland", (0, -1), 2)], ships=[(1, (0, -1), 0)], drawn="headland with cloth port")
    state = state.apply(PlaceTile((0, 0), 0))
    assert PlaceShip(2) not in state.legal_actions()


# ------------------------------------------------------------------ Moving Pirates and Battle
def pirate_board(**kwargs):
    """Player 1 completes a 2-segment route; their pirate waits north of it; player 0's pirate beyond."""
    tiles = [(CROSS, (0, 0), 0), ("open sea", (0, -1), 0)]
    ships = kwargs.pop("ships", [(1, (0, 0), 3), (0, (0, -1), 0)])
    state = build(tiles=tiles, ships=ships, drawn=CROSS, player=1, **kwargs)
    return state.apply(PlaceTile((1, 0), 0)).apply(NoShip())


def test_completing_a_route_lets_a_pirate_move_as_far_as_the_route_is_long():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    state = pirate_board()
    assert state.observation(1)["phase"] == "pirates"
    moves = {(a.cell, a.segment, a.target) for a in state.legal_actions() if isinstance(a, MovePirate)}
    assert moves == {((0, -1), 0, 0),                 # north onto player 0's pirate: a battle
                     ((0, 0), 4, -1), ((0, 0), 5, -1),  # across a route on its own tile: 1 point each
                     ((1, 0), 3, -1),                   # east onto the new tile: 1 point
                     ((1, 0), 4, -1), ((1, 0), 5, -1),  # then across one of its routes: 2 points
                     (None, -1, -1)}                    # off an open edge
    assert MovePirate(8, None, route=2) in state.legal_actions()   # off an open edge, with the route's 2 points


def test_a_pirate_never_moves_onto_its_own_ship_nor_on_the_turn_it_was_placed():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    state = pirate_board(ships=[(1, (0, 0), 3), (1, (0, -1), 0)])
    moves = [a for a in state.legal_actions() if isinstance(a, MovePirate)]
    assert all(a.cell != (0, -1) for a in moves)
    fresh = build(tiles=[(CROSS, (0, 0), 0)], drawn=CROSS, player=1)
    fresh = fresh.apply(PlaceTile((1, 0), 0)).apply(PlaceShip(3))   # a pirate placed this very turn
    assert fresh.observation(1)["phase"] != "pirates"


def test_a_pirate_sailing_off_an_open_edge_goes_home():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    state = pirate_board().apply(MovePirate(8, None, route=2))
    assert state.supply(1) == 7 and state.observation(0)["phase"] == "draw"


def test_the_defender_sees_the_attack_and_surrenders_when_weaker():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    state = pirate_board(resources=[[1, 0, 0, 0], [0, 2, 0, 0]])
    state = state.apply(MovePirate(8, (0, -1), 0, 0, route=2)).apply(Commit((0, 2, 0, 0)))
    assert state.current_player() == 0 and state.observation(0)["battle"]["attack"] == [0, 2, 0, 0]
    state = state.apply(Commit((1, 0, 0, 0)))
    assert list(state.ships) == [8] and state.where(state.ships[8][1]) == ((0, -1), 0)
    assert state.resources == [[0, 0, 0, 0], [0, 0, 0, 0]] and state.bank == [15, 15, 15, 15]


def test_a_repulsed_attacker_is_pushed_one_to_three_points_by_the_defender():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    state = pirate_board(resources=[[1, 0, 0, 0], [0, 1, 0, 0]])
    state = state.apply(MovePirate(8, (0, -1), 0, 0, route=2)).apply(Commit((0, 1, 0, 0))).apply(Commit((1, 0, 0, 0)))
    assert state.current_player() == 0
    pushes = state.legal_actions()
    assert Repulse(None) in pushes and Repulse((0, -1), 0) not in pushes and Repulse((1, 0), 4) in pushes
    state = state.apply(Repulse((1, 0), 4))
    assert state.where(state.ships[8][1]) == ((1, 0), 4) and len(state.ships) == 2


def test_a_merchant_defends_with_one_and_a_winning_pirate_becomes_a_merchant():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    tiles = [(CROSS, (0, 0), 0), ("straight route", (0, -1), 0)]
    state = build(tiles=tiles, ships=[(1, (0, 0), 3), (0, (0, -1), 0)], drawn=CROSS, player=1,
                  resources=[[0, 0, 0, 0], [2, 0, 0, 0]])
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip())
    tie = state.apply(MovePirate(8, (0, -1), 2, 0, route=2)).apply(Commit((1, 0, 0, 0))).apply(Commit((0, 0, 0, 0)))
    assert tie.current_player() == 0 and tie.observation(0)["phase"] == "repulse"   # 1 against base 1: repulsed
    won = state.apply(MovePirate(8, (0, -1), 2, 0, route=2)).apply(Commit((2, 0, 0, 0))).apply(Commit((0, 0, 0, 0)))
    assert [r[-1] for r in won.observation(0)["ships"]] == ["merchant"] and won.ships[8][0] == 1


def test_a_battle_commitment_must_be_held():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    state = pirate_board(resources=[[0, 0, 0, 0], [0, 1, 0, 0]]).apply(MovePirate(8, (0, -1), 0, 0, route=2))
    unchanged(state, Commit((0, 2, 0, 0)), "Moving Pirates and Battle")
    unchanged(state, StopPirates(), "Moving Pirates and Battle")


def test_secret_battles_hide_the_attack_from_the_defender():
    """Rules: Pirates & Plunder › Battles"""
    state = pirate_board(resources=[[1, 0, 0, 0], [0, 2, 0, 0]], secret_battles=True)
    state = state.apply(MovePirate(8, (0, -1), 0, 0, route=2)).apply(Commit((0, 2, 0, 0)))
    assert "attack" not in state.observation(0)["battle"] and state.observation(1)["battle"]["attack"] == [0, 2, 0, 0]


# ------------------------------------------------------------------ Final Scoring
def test_final_scoring_incomplete_features_majorities_and_sea_zones():
    """Rules: Pirates & Plunder › Final Scoring"""
    tiles = [("open sea with galleon", (0, 0), 0), ("open sea with galleon", (1, 0), 0), ("headland", (0, 1), 2),
             ("open sea with serpent", (5, 5), 0), ("open sea with serpent", (6, 5), 0), ("open sea with galleon", (5, 6), 0)]
    ships = [(0, (0, 0), 0), (0, (1, 0), 0), (1, (0, 1), 1), (1, (0, 1), 0), (1, (5, 5), 0)]
    state = build(tiles=tiles, ships=ships, phase="final", resources=[[2, 0, 0, 0], [2, 1, 0, 0]], bag={})
    assert state.is_terminal()
    assert state.points == [4 + 7, 2 + 7 + 7]
    assert breakdown(state, 0) == ["Player 1: +7 for the most cloth (2).",
                                   "Player 1: +4 for the most pirates (2) in a sea zone with 2 galleons and 0 serpents."]
    assert state.returns() == (0, 1)


def test_the_game_ends_when_the_last_tile_is_placed():
    """Rules: Pirates & Plunder › Playing the Game"""
    state = build(tiles=[("open sea", (0, 0), 0)], drawn="open sea", bag={})
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip())
    assert state.is_terminal() and sum(state.returns()) == 1
