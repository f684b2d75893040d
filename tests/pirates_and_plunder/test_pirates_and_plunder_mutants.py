"""Rules the mutation sample found untested (docs/pirates_and_plunder.md, "Mutation testing"): each test checks
behaviour — who scores what, which moves exist, what a person reads — and fails with the mutant it names.

Rules: Pirates & Plunder › Moving Pirates and Battle
"""
from __future__ import annotations

import random
from collections import deque

from pirates_lab.core import Task, play
from pirates_lab.core.testing import refused
from pirates_lab.pirates_and_plunder import (FLOW, Commit, Game, MovePirate, NoShip, PlaceShip, PlaceTile, breakdown,
                                             feature)
from pirates_lab.pirates_and_plunder.exploration import Exploring, Gift
from pirates_lab.pirates_and_plunder.game import Draw, Explore, LayExploration, ManExploration, Take
from pirates_lab.pirates_and_plunder.pirates import OFF, occupancy, pirate_moves, sea_links
from pirates_lab.pirates_and_plunder.placing import placement_errors
from pirates_lab.pirates_and_plunder.scenarios import build

CROSS = "three-way crossroads"          # routes E 0, S 1, W 2; seas north 3, south-east 4, south-west 5


def with_tiles(state, *laid):
    for name, cell, segment in laid:
        state.explorations.append((name, state.node(cell, segment)))
    return state


def final(state):
    """Score the end of the game now."""
    state.agenda = []
    FLOW.push(state, Task("final"))
    FLOW.settle(state)
    return state


# ------------------------------------------------------------------ Pirate Cove, Archipelago
def test_the_pirate_king_counts_a_plain_pirate_once_and_one_on_the_archipelago_twice():
    """Rules: Pirates & Plunder › Pirate Cove"""
    # Given one sea zone: player 1's plain pirate, player 2's pirate on the Archipelago and player 2's pirate king
    tiles = [("open sea with galleon", (0, 0), 0), ("open sea", (1, 0), 0), ("headland", (0, 1), 2)]
    state = build(tiles=tiles, ships=[(0, (0, 0), 0), (1, (1, 0), 0), (1, (0, 1), 0)], phase="explore_draw",
                  bag={}, advanced=True)
    with_tiles(state, ("Archipelago", (1, 0), 0), ("Pirate Cove", (0, 1), 0))
    state.roles[9] = "pirate king"
    state = final(state)
    # Then the king counts 1 + 2 + itself = 4 pirates: 8 points (the log says so, players numbered from 1)
    assert "Player 2 scores 8: the pirate king, with 4 pirates in its sea zone (itself included)." in state.log
    assert state.points == [0, 8 + 2]            # and player 2 wins the zone (2 pirates against 1): 1 galleon


def test_a_pirate_that_beats_the_pirate_king_or_a_scavenger_takes_its_place_and_role():
    """Rules: Pirates & Plunder › Pirate Cove"""
    # Given player 1's pirate king on the headland north of the crossroads, player 2 completing a 2-segment route
    state = build(tiles=[(CROSS, (0, 0), 0), ("headland", (0, -1), 0)], ships=[(1, (0, 0), 3), (0, (0, -1), 0)],
                  drawn=CROSS, player=1, resources=[[0, 0, 0, 0], [2, 0, 0, 0]], advanced=True)
    with_tiles(state, ("Pirate Cove", (0, -1), 0))
    state.roles[0] = "pirate king"
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip())
    # Then the king is attacked from the sea of its own tile, and 2 beats its base defence of 1
    attack = MovePirate(8, (0, -1), 1, 0, route=2)
    assert attack in state.legal_actions()
    won = state.apply(attack).apply(Commit((2, 0, 0, 0))).apply(Commit((0, 0, 0, 0)))
    assert [(s[0], s[1], s[2], s[3], s[4], s[5]) for s in won.observation(0)["ships"]] == [(8, 1, 0, -1, 0, "pirate king")]
    assert "Player 2's pirate wins (2 against 1): player 1's pirate king goes home." in won.log
    # and the same for a scavenger on the Reef
    reef = build(tiles=[(CROSS, (0, 0), 0), ("open sea", (0, -1), 0)], ships=[(1, (0, 0), 3), (0, (0, -1), 0)],
                 drawn=CROSS, player=1, resources=[[0, 0, 0, 0], [1, 0, 0, 0]], advanced=True)
    with_tiles(reef, ("Reef", (0, -1), 0))
    reef.roles[0] = "scavenger"
    reef = reef.apply(PlaceTile((1, 0), 0)).apply(NoShip()).apply(MovePirate(8, (0, -1), 0, 0, route=2))
    reef = reef.apply(Commit((1, 0, 0, 0))).apply(Commit((0, 0, 0, 0)))
    assert [(s[0], s[-1]) for s in reef.observation(0)["ships"]] == [(8, "scavenger")]


def test_special_ships_block_no_placement_and_a_treasure_hunter_lands_beside_the_pirate_king():
    """Rules: Pirates & Plunder › Pirate Cove"""
    # Given player 2's pirate king alone on an island across (0, 0) and (1, 0)
    state = build(tiles=[("bay", (0, 0), 0), ("headland", (1, 0), 3)], ships=[(1, (1, 0), 0)], phase="explore_place",
                  data=Exploring("Buried Treasure"), advanced=True, then=("end_turn",))
    with_tiles(state, ("Pirate Cove", (1, 0), 0))
    state.roles[8] = "pirate king"
    # When player 1 lays the Buried Treasure on that island, Then a ship may go on it (the king owns no island)
    state = state.apply(LayExploration((0, 0), 0))
    assert ManExploration() in state.legal_actions()
    # and a tile joining the island takes an explorer too
    island = build(tiles=[("headland", (0, 0), 0)], ships=[(1, (0, 0), 0)], drawn="headland", advanced=True)
    island.roles[8] = "pirate king"
    island = island.apply(PlaceTile((0, -1), 2))
    assert PlaceShip(0) in island.legal_actions()


def test_the_buried_treasure_adds_five_to_the_points_already_scored():
    """Rules: Pirates & Plunder › Buried Treasure"""
    state = build(tiles=[("headland", (0, 0), 0)], phase="explore_place", data=Exploring("Buried Treasure"),
                  advanced=True, then=("end_turn",))
    state.points = [10, 3]
    state.scoring = [(0, 10, "earlier."), (1, 3, "earlier.")]
    state = state.apply(LayExploration((0, 0), 0)).apply(ManExploration())
    assert state.points == [15, 3] and "Player 1 scores 5: an explorer on the Buried Treasure." in state.log


# ------------------------------------------------------------------ Storm, Viceroy
def test_the_storm_spares_a_merchant_whose_route_borders_another_sea_zone():
    """Rules: Pirates & Plunder › Storm"""
    # Given player 2's merchant on a route far away, and player 1's pirate in the zone the Storm is laid in
    tiles = [("straight route", (0, 0), 0), ("open sea", (5, 5), 0), ("open sea", (6, 5), 0)]
    state = build(tiles=tiles, ships=[(1, (0, 0), 0), (0, (6, 5), 0)], phase="explore_place", data=Exploring("Storm"),
                  advanced=True, resources=[[0, 0, 0, 0], [0, 0, 0, 0]])
    state = state.apply(LayExploration((5, 5), 0))
    # Then only the pirate is struck (and, too poor to pay, goes home); the merchant stays
    assert [(s[1], s[-1]) for s in state.observation(0)["ships"]] == [(1, "merchant")]
    assert "Player 1 cannot pay to the storm: the pirate goes home." in state.log


def test_the_viceroy_counts_completed_routes_of_three_segments_or_more_only():
    """Rules: Pirates & Plunder › Viceroy"""
    # Given a viceroy on the board, When a 2-segment route and then a 3-segment route are completed
    state = build(tiles=[(CROSS, (0, 0), 0), ("open sea", (5, 5), 0)], ships=[(1, (5, 5), 0)], drawn=CROSS,
                  advanced=True, bag={CROSS: 1, "straight route": 1})
    with_tiles(state, ("Viceroy", (5, 5), 0))
    state.roles[8] = "viceroy"
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip())             # 2 segments: not counted
    assert state.tallies == [0, 0]
    state = state.apply(Draw("straight route")).apply(PlaceTile((-1, 0), 0)).apply(NoShip())
    state = state.apply(Draw(CROSS)).apply(PlaceTile((-2, 0), 0)).apply(NoShip())   # 3 segments: counted
    assert state.tallies == [0, 1] and state.is_terminal()
    assert "Player 2 scores 1: the viceroy, 1 per completed trade route of 3 or more (1)." in state.log


# ------------------------------------------------------------------ Moving Pirates and Battle
def test_sea_segments_link_across_each_route_of_a_crossroads_and_off_its_open_edges():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    state = build(tiles=[(CROSS, (0, 0), 0)])
    node = lambda segment: state.node((0, 0), segment)  # noqa: E731
    assert set(sea_links(state, node(3))) == {node(4), node(5), OFF}     # across the east and west routes
    assert set(sea_links(state, node(4))) == {node(3), node(5), OFF}     # across the east and south routes
    assert set(sea_links(state, node(5))) == {node(3), node(4), OFF}


def test_a_merchant_occupies_the_two_sea_segments_beside_its_route_only():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    state = build(tiles=[(CROSS, (0, 0), 0)], ships=[(1, (0, 0), 0)])     # a merchant on the east route
    where = {node for node, ships in occupancy(state).items() if 8 in ships}
    assert where == {state.node((0, 0), 3), state.node((0, 0), 4)}


def reachable(state, ship, points):
    """Brute force: the sea segments within ``points`` of the pirate (breadth first over sea_links), the rules'
    blocking and battles applied; OFF when an open edge is within reach."""
    owner, start, _ = state.ships[ship]
    occupied = occupancy(state)
    found, seen, frontier = set(), {start}, deque([(start, 0)])
    while frontier:
        here, used = frontier.popleft()
        for there in sea_links(state, here):
            if used + 1 > points:
                continue
            if there is OFF:
                found.add(OFF)
                continue
            others = [s for s in occupied.get(there, ()) if s != ship]
            if there == start or any(state.ships[s][0] == owner for s in others):
                continue
            found.add(there)
            if not others and there not in seen:
                seen.add(there)
                frontier.append((there, used + 1))
    return found


def test_pirate_moves_reach_exactly_what_a_breadth_first_search_reaches():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    checked = 0
    for seed in range(3):
        for step in play(Game(players=3).new_initial_state(), None, random.Random(seed)):
            state = step.after
            if not isinstance(step.action, PlaceTile) or len(state.placed) % 9:
                continue
            for ship, (owner, node, _) in sorted(state.ships.items()):
                if state.board.kinds[state.placed[node // 8][0]][node % 8] != "sea":
                    continue
                for points in (1, 2, 3, 5):
                    moves = {there for there, _, _ in pirate_moves(state, ship, points)}
                    assert moves == reachable(state, ship, points), (seed, ship, points)
                    checked += 1
    assert checked > 100


def test_a_repulsed_pirate_with_nowhere_to_go_goes_home_and_the_log_says_so():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    # Given player 2's pirate attacking player 1's merchant from the route's south sea, every sea around it taken
    # by player 1's ships (the crossroads' north sea, the open seas east and west) and no open edge beside it
    tiles = [(CROSS, (0, 0), 0), ("straight route", (0, -1), 0), ("open sea", (1, -1), 0), ("open sea", (-1, -1), 0)]
    ships = [(1, (0, 0), 3), (0, (0, -1), 0), (0, (1, -1), 0), (0, (-1, -1), 0), (0, (0, 0), 3)]
    state = build(tiles=tiles, ships=ships, drawn=CROSS, player=1, resources=[[0, 0, 0, 0], [1, 0, 0, 0]])
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip()).apply(MovePirate(8, (0, -1), 2, 0, route=2))
    state = state.apply(Commit((1, 0, 0, 0))).apply(Commit((0, 0, 0, 0)))   # 1 against base 1: repulsed
    assert state.log[-1] == "The repulsed pirate has nowhere to go: it goes home." and 8 not in state.ships


def test_a_won_battle_against_a_merchant_is_told_in_words():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    tiles = [(CROSS, (0, 0), 0), ("straight route", (0, -1), 0)]
    state = build(tiles=tiles, ships=[(1, (0, 0), 3), (0, (0, -1), 0)], drawn=CROSS, player=1,
                  resources=[[0, 0, 0, 0], [2, 0, 0, 0]])
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip()).apply(MovePirate(8, (0, -1), 2, 0, route=2))
    won = state.apply(Commit((2, 0, 0, 0))).apply(Commit((0, 0, 0, 0)))
    assert ("Player 2's pirate wins (2 against 1): player 1's merchant goes home and the pirate becomes a merchant."
            in won.log)


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


def test_an_observation_names_who_acts_and_the_tile_drawn_only_while_it_waits_to_be_laid():
    """Rules: Pirates & Plunder › Drawing and Placing Land Tiles"""
    state = build(tiles=[("headland", (0, 0), 0)], drawn="headland", player=1)
    seen = state.observation(0)
    assert (seen["to_act"], seen["drawn"], seen["phase"]) == (1, "headland", "place")
    after = state.apply(PlaceTile((0, -1), 2)).observation(0)
    assert (after["to_act"], after["drawn"], after["phase"]) == (1, None, "ship")


def test_refusals_name_the_rule_broken_in_a_sentence():
    """Rules: Pirates & Plunder › Placing Ships"""
    # a ship beyond the tile's segments (a crossroads has 6)
    state = build(tiles=[(CROSS, (0, 0), 0)], ships=[(1, (0, 0), 2)], drawn=CROSS)
    state = state.apply(PlaceTile((-1, 0), 0))           # its east route joins player 2's merchant's route
    assert refused(state, PlaceShip(9), "Placing Ships").reason == (
        "The tile just placed has segments 0 to 5; a ship goes only on the tile just played.")
    assert refused(state, PlaceShip(0), "Placing Ships").reason == (
        "That trade route already holds a ship (connected segments count, however far).")
    # a tile turned three quarters that does not fit, a route edge against the sea, a turn that is not one
    headland = build(tiles=[("headland", (0, 0), 0)], drawn="headland")
    assert refused(headland, PlaceTile((1, 0), 3), "Drawing and Placing Land Tiles").reason == (
        "Its west edge is island but the tile there shows sea: every touching edge must match.")
    drawing = build(tiles=[("headland", (0, 0), 0)], drawn="straight route")
    assert refused(drawing, PlaceTile((1, 0), 0), "Drawing and Placing Land Tiles").reason == (
        "Its west edge is trade route but the tile there shows sea: every touching edge must match.")
    assert refused(drawing, PlaceTile((1, 0), 4), "Drawing and Placing Land Tiles").reason == (
        "A tile turns 0 to 3 quarter turns, not 4.")
    # a symmetric tile turned three quarters lies as turned one quarter: the same placement, accepted
    assert drawing.apply(PlaceTile((1, 0), 3)).placed[-1][1] == 3


def test_a_board_that_breaks_the_placing_rules_is_named_square_by_square():
    """Rules: Pirates & Plunder › Drawing and Placing Land Tiles"""
    state = build(tiles=[("headland", (0, 0), 0), ("open sea", (0, -1), 0)])
    assert placement_errors(state.board, state.placed) == [
        "(0, 0) shows island on its north edge against sea on (0, -1): every touching edge must match."]


def test_the_log_says_when_nothing_is_taken_and_when_an_exploration_tile_has_nowhere_to_go():
    """Rules: Pirates & Plunder › Royal Port"""
    state = build(tiles=[("headland", (0, 0), 0)], phase="royal_port", player=1, data=Gift(1, "at the Royal Port"),
                  advanced=True)
    assert state.apply(Take((0, 0, 0, 0))).log[-1] == "Player 2 takes nothing at the Royal Port."
    # every sea segment holds a ship: the Storm has nowhere to go
    full = build(tiles=[("open sea", (0, 0), 0)], ships=[(0, (0, 0), 0)], phase="explore_draw", advanced=True,
                 then=("end_turn",))
    after = full.apply(Explore("Storm"))
    assert "Player 1 draws the Storm: there is nowhere to lay it." in after.log


def test_route_segments_of_a_feature_are_counted_once():
    """Rules: Pirates & Plunder › Scoring Islands and Trade Routes"""
    state = build(tiles=[(CROSS, (0, 0), 0)], ships=[(0, (0, 0), 0)], drawn=CROSS, player=1)
    assert feature(state, state.node((0, 0), 0)).segments == 1
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip())
    assert state.points == [2, 0]


def test_a_new_game_starts_from_the_captains_wheel_unturned_and_the_basic_game_has_no_exploration_tiles():
    """Rules: Pirates & Plunder › Setup"""
    state = Game(players=2).new_initial_state()
    seen = state.observation(0)
    assert seen["board"] == [[0, 0, "captain's wheel", 0]] and seen["exploration_tiles_left"] == 0
    assert state.needs == {(0, -1): (-1, -1, 2, -1), (1, 0): (-1, -1, -1, 1), (0, 1): (0, -1, -1, -1),
                           (-1, 0): (-1, 1, -1, -1)}          # island north, routes east and west, sea south
    assert Game(players=2, advanced=True).new_initial_state().observation(0)["exploration_tiles_left"] == 10
