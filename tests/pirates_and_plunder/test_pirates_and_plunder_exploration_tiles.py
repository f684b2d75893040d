"""Pirates & Plunder by rule: Exploration Tiles — where each tile goes, its ship, and what it scores or charges (each tile's own heading).

Rules: Pirates & Plunder › Exploration Tiles
"""
from __future__ import annotations

import random

import pytest

from pirates_lab.core import IllegalMove, play, Task
from pirates_lab.core.testing import refused
from pirates_lab.pirates_and_plunder import breakdown, Commit, FLOW, Game, MovePirate, NoShip, PlaceShip, PlaceTile
from pirates_lab.pirates_and_plunder.exploration import Exploring, Gift, ISLAND_TILES, storm_nodes
from pirates_lab.pirates_and_plunder.game import (Draw, DrawExploration, Explore, LayExploration, ManExploration,
                                                  Pay, ReturnShip, Take)
from pirates_lab.pirates_and_plunder.pirates import Routes
from pirates_lab.pirates_and_plunder.scenarios import build
from pnp_helpers import CROSS, natives_board, with_tiles


def ships(state):
    """(owner seat, role) of every ship on the board, by ship id."""
    return [(s[1], s[-1]) for s in state.observation(0)["ships"]]


# ------------------------------------------------------------------ Natives: the charge is the tile's
def natives_laid(supply_full=True):
    """Player 1 lays the Natives on the bay's island, where player 1 and player 2 each have an explorer."""
    state = build(tiles=[("bay", (0, 0), 0)], ships=[(0, (0, 0), 0), (1, (0, 0), 0)], phase="explore_place",
                  data=Exploring("Natives"), advanced=True, resources=[[2, 0, 0, 0], [0, 2, 0, 0]],
                  then=("end_turn",))
    if not supply_full:                  # player 1's other 6 ships are on a far sea tile
        state = build(tiles=[("bay", (0, 0), 0), ("open sea", (5, 5), 0)],
                      ships=[(0, (0, 0), 0), (1, (0, 0), 0)] + [(0, (5, 5), 0)] * 6, phase="explore_place",
                      data=Exploring("Natives"), advanced=True, resources=[[2, 0, 0, 0], [0, 2, 0, 0]],
                      then=("end_turn",))
    return state.apply(LayExploration((0, 0), 0))


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


#: a rum isle at (0, 0) (island 0, complete as soon as it is laid; sea 1) and a headland at (1, 0) whose island
#: (segment 0) is still open to the north
ISLE_AND_HEADLAND = [("rum isle", (0, 0), 0), ("headland", (1, 0), 0)]


def laying(name, tiles=ISLE_AND_HEADLAND, ships=(), options=None):
    """Player 1 is about to lay the exploration tile ``name`` (the extra turn)."""
    return build(tiles=tiles, ships=ships, phase="explore_place", data=Exploring(name), advanced=True,
                 then=("end_turn",), **(options or {}))


# ------------------------------------------------------------------ a ship added: the standard placement rule
def sea_with_pirate(name, owner=1):
    """Player ``owner + 1``'s pirate on the open sea at (1, 0), joined to the rum isle's sea at (0, 0), where
    player 1 lays ``name``."""
    state = laying(name, tiles=[("rum isle", (0, 0), 0), ("open sea", (1, 0), 0)], ships=[(owner, (1, 0), 0)])
    return state.apply(LayExploration((0, 0), 1))


def test_the_natives_charge_every_explorer_even_when_no_governor_is_placed():
    """Rules: Pirates & Plunder › Natives"""
    # Given player 1's and player 2's explorers on the island where player 1 lays the Natives
    state = natives_laid()
    assert state.legal_actions() == (NoShip(), ManExploration())       # "allows" a Governor: a choice
    # When player 1 places no Governor
    state = state.apply(NoShip())
    # Then "each player must then pay 2 resources for each explorer ... or return that explorer": player 1 first
    # (ships in the order placed), then player 2
    assert state.current_player() == 0 and state.legal_actions() == (Pay((2, 0, 0, 0)), ReturnShip())
    state = state.apply(Pay((2, 0, 0, 0)))
    assert state.current_player() == 1 and state.legal_actions() == (Pay((0, 2, 0, 0)), ReturnShip())
    state = state.apply(ReturnShip())
    assert ships(state) == [(0, "explorer")] and state.resources == [[0, 0, 0, 0], [0, 2, 0, 0]]
    assert "Player 1 pays 2 resources (2 cloth) to the natives." in state.log
    assert "Player 2 does not pay to the natives: the explorer goes home." in state.log


def test_the_natives_charge_the_explorers_when_the_player_has_no_ship_for_a_governor():
    """Rules: Pirates & Plunder › Natives"""
    # Given player 1's supply is empty (7 ships on the board) when the Natives are laid
    state = natives_laid(supply_full=False)
    assert state.supply(0) == 0
    # Then no Governor is offered, and the explorers are charged at once: player 1's explorer first
    assert state.observation(0)["phase"] == "pay" and state.current_player() == 0
    state = state.apply(ReturnShip())
    assert "Player 1 does not pay to the natives: the explorer goes home." in state.log     # the natives' dues
    assert state.current_player() == 1 and state.legal_actions() == (Pay((0, 2, 0, 0)), ReturnShip())


def test_with_a_governor_the_natives_charge_the_other_explorers_and_not_the_governor():
    """Rules: Pirates & Plunder › Natives"""
    # Given the same island, When player 1 places the Governor
    state = natives_laid().apply(ManExploration())
    # Then the two explorers are charged and the Governor is immune: both return, the Governor stays
    state = state.apply(ReturnShip()).apply(ReturnShip())
    assert ships(state) == [(0, "governor")]


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


def test_a_scavenger_counts_the_three_galleons_of_a_treasure_fleet_in_its_sea_zone():
    """Rules: Pirates & Plunder › Treasure Fleet"""
    # Given player 1's scavenger on a Reef in a sea zone of 1 printed galleon and a Treasure Fleet
    tiles = [("open sea with galleon", (0, 0), 0), ("open sea", (1, 0), 0)]
    state = build(tiles=tiles, ships=[(0, (0, 0), 0)], phase="explore_draw", bag={}, advanced=True)
    state.explorations += [("Reef", state.node((0, 0), 0)), ("Treasure Fleet", state.node((1, 0), 0))]
    state.roles[0] = "scavenger"
    # When the game ends
    state = final(state)
    # Then the scavenger scores 1 + 3 = 4 (exploration.fleet_galleons__mutmut_8: the fleet's name miswritten)
    assert "Player 1: +4 for the scavenger on the reef, 1 per galleon in its sea zone (4)." in breakdown(state)


def test_a_player_who_could_pay_the_storm_but_sends_the_ship_home_is_said_not_to_pay():
    """Rules: Pirates & Plunder › Storm"""
    # Given a Storm laid on the sea of player 1's pirate, player 1 holding the 2 resources it asks
    state = build(tiles=[("straight route", (0, 0), 0), ("open sea", (0, -1), 0)], ships=[(0, (0, -1), 0)],
                  phase="explore_place", data=Exploring("Storm"), advanced=True, resources=[[2, 0, 0, 0], [0, 0, 0, 0]])
    state = state.apply(LayExploration((0, 0), 1))
    # When player 1 sends the pirate home instead
    home = state.apply(ReturnShip())
    # Then the log tells it apart from a player too poor to pay (Explorations.pay__mutmut_44)
    assert "Player 1 does not pay to the storm: the pirate goes home." in home.log
    assert home.ships == {} and home.resources[0] == [2, 0, 0, 0]


def test_the_harbormasters_resource_is_logged_as_taken_at_the_royal_port():
    """Rules: Pirates & Plunder › Royal Port"""
    # Given player 1's harbormaster on a Royal Port, and player 2 laying a tile beside it
    state = build(tiles=[("headland", (0, 0), 0)], phase="explore_place", data=Exploring("Royal Port"), advanced=True,
                  resources=[[0, 0, 0, 0], [3, 0, 0, 0]], then=("end_turn",))
    state = state.apply(LayExploration((0, 0), 0)).apply(ManExploration())
    state = state.apply(Draw("open sea")).apply(PlaceTile((1, 0), 0)).apply(NoShip())
    # When player 1 takes a dye
    taken = state.apply(Take((0, 0, 0, 1)))
    # Then the log says where it came from (State.score_turn__mutmut_131: the Royal Port's words changed)
    assert list(taken.log)[-1] == "Player 1 takes 1 dye at the Royal Port."


def test_the_treasure_hunters_resources_are_logged_as_from_the_buried_treasure():
    """Rules: Pirates & Plunder › Buried Treasure"""
    # Given player 1's treasure hunter on a Buried Treasure, and player 2 completing its island
    state = build(tiles=[("headland", (0, 0), 0)], phase="explore_place", data=Exploring("Buried Treasure"), advanced=True,
                  then=("end_turn",))
    state = state.apply(LayExploration((0, 0), 0)).apply(ManExploration())
    state = state.apply(Draw("spice headland")).apply(PlaceTile((0, -1), 2)).apply(NoShip())
    # When player 1 takes 5 dye
    taken = state.apply(Take((0, 0, 0, 5)))
    # Then the log says where they came from (State.score_turn__mutmut_151: the Buried Treasure's words changed)
    assert list(taken.log)[-1] == "Player 1 takes 5 dye from the Buried Treasure."


def test_the_royal_cartographer_scores_the_completed_islands_not_the_routes():
    """Rules: Pirates & Plunder › Royal Cartographer"""
    # Given player 1's royal cartographer, 3 islands and 2 long trade routes completed in the game
    state = build(tiles=[("headland", (0, 0), 0)], ships=[(0, (0, 0), 0)], phase="explore_draw", bag={}, advanced=True)
    state.explorations.append(("Royal Cartographer", state.node((0, 0), 0)))
    state.roles[0] = "royal cartographer"
    state.tallies = [3, 2]
    # When the game ends
    state = final(state)
    # Then the cartographer scores 3, one per island (exploration.final_bonuses__mutmut_45: the routes' 2)
    assert "Player 1: +3 for the royal cartographer, 1 per completed island (3)." in breakdown(state)


def test_a_storm_paid_gives_a_pirate_exactly_three_more_points():
    """Rules: Pirates & Plunder › Storm"""
    # Given player 2's pirate with 2 points at the west end of a row of 8 open seas, the Storm on the second
    state = build(tiles=[("open sea", (x, 0), 0) for x in range(8)], ships=[(1, (0, 0), 0)], phase="pirates",
                  player=1, data=Routes((2,)), then=("end_turn",), bag={}, advanced=True, resources=[[0] * 4, [0, 2, 0, 0]])
    state.explorations.append(("Storm", state.node((1, 0), 0)))
    # Then paying 2 on the Storm (1 point to get there, 3 more) reaches the sixth sea and no further
    # (pirates.pirate_moves__mutmut_71: 4 more points, the seventh)
    moves = {(a.cell, a.storm) for a in state.legal_actions() if isinstance(a, MovePirate)}
    assert moves == {((2, 0), False), ((3, 0), True), ((4, 0), True), ((5, 0), True), (None, False)}


# ------------------------------------------------------------------ Buried Treasure: the 5 points in the scores
def test_the_buried_treasures_five_points_read_in_the_breakdown():
    """Rules: Pirates & Plunder › Buried Treasure"""
    # Given player 1 lays the Buried Treasure on the headland's island, When they place an explorer on it
    state = build(tiles=[("headland", (0, 0), 0)], phase="explore_place", data=Exploring("Buried Treasure"),
                  advanced=True, then=("end_turn",))
    state = state.apply(LayExploration((0, 0), 0)).apply(ManExploration())
    # Then the scores in words say where the 5 came from (exploration.man__mutmut_34: the sentence changed)
    assert breakdown(state) == ["Player 1: +5 for an explorer on the Buried Treasure."]


# ------------------------------------------------------------------ the fifth sample, Random(44)
def test_a_ship_placed_again_after_its_viceroy_was_beaten_is_named_by_its_segment():
    """Rules: Pirates & Plunder › Placing Ships"""
    # Given player 1's viceroy north of the crossroads, beaten by player 2's pirate (the viceroy goes home)
    state = build(tiles=[("three-way crossroads", (0, 0), 0), ("open sea", (0, -1), 0)],
                  ships=[(1, (0, 0), 3), (0, (0, -1), 0)], drawn="three-way crossroads", player=1,
                  resources=[[0, 0, 0, 0], [1, 0, 0, 0]], advanced=True, then=("end_turn",))
    state.explorations.append(("Viceroy", state.node((0, -1), 0)))
    state.roles[0] = "viceroy"
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip()).apply(MovePirate(8, (0, -1), 0, 0, route=2))
    state = state.apply(Commit((1, 0, 0, 0))).apply(Commit((0, 0, 0, 0)))
    assert [(s[0], s[-1]) for s in state.observation(0)["ships"]] == [(8, "viceroy")]
    # When player 1 lays an open sea and places a ship from the supply on it (the same ship comes back)
    state = state.apply(Draw("open sea")).apply(PlaceTile((-1, -1), 0)).apply(PlaceShip(0))
    # Then "Ships ... on the sea are pirates": it is a pirate, not a viceroy again (State.ship__mutmut_3: the old
    # role kept)
    assert [(s[0], s[-1]) for s in state.observation(0)["ships"]] == [(0, "pirate"), (8, "viceroy")]
    assert "Player 1 places a ship: it is now a pirate." in state.log


# ------------------------------------------------------------------ Pirate Cove
def test_the_pirate_king_stays_when_its_island_is_completed_and_scores_at_the_end():
    """Rules: Pirates & Plunder › Pirate Cove"""
    # Given player 2's pirate king on the Pirate Cove of an open island, and one tile left
    state = build(tiles=[("headland", (0, 0), 0)], ships=[(1, (0, 0), 0)], drawn="headland", advanced=True, bag={})
    with_tiles(state, ("Pirate Cove", (0, 0), 0))
    state.roles[8] = "pirate king"
    # When player 1 completes the island with the last tile
    state = state.apply(PlaceTile((0, -1), 2)).apply(NoShip())
    # Then the island scores for nobody (the king does not count for it), the king stays on the board and, at
    # the end, scores 2 for every pirate in its sea zone, itself included
    assert 8 in state.ships and state.is_terminal()
    assert breakdown(state) == ["Player 2: +2 for the pirate king, with 1 pirates in its sea zone (itself included)."]


def test_the_natives_charge_the_explorer_on_the_buried_treasure():
    """Rules: Pirates & Plunder › Natives"""
    # Given player 2's explorer on the Buried Treasure, When player 1 places the Governor on the same island,
    # Then player 2 must pay 2 resources for it or return it (the Governor itself is immune)
    state = natives_board([[0, 0, 0, 0], [1, 1, 0, 0]])
    assert state.current_player() == 1 and state.observation(1)["phase"] == "pay"
    assert state.legal_actions() == (Pay((1, 1, 0, 0)), ReturnShip())
    # and when player 2 cannot pay, the explorer goes home without a question
    poor = natives_board([[0, 0, 0, 0], [1, 0, 0, 0]])
    assert [role for *_, role in poor.observation(0)["ships"]] == ["governor"]


def test_each_explorer_the_natives_charge_is_paid_with_resources_of_its_owners_choice_or_returned():
    """Rules: Pirates & Plunder › Natives"""
    # Given the Natives charging player 2's explorer, and player 2 holding 2 cloth and 1 rum
    state = natives_board([[0, 0, 0, 0], [2, 1, 0, 0]])
    # Then player 2 chooses which 2 resources to pay (largest piles first by default) or returns the explorer
    assert state.legal_actions() == (Pay((2, 0, 0, 0)), Pay((1, 1, 0, 0)), ReturnShip())
    paid = state.apply(Pay((1, 1, 0, 0)))
    assert paid.resources[1] == [1, 0, 0, 0] and paid.bank == [14, 15, 15, 15] and 8 in paid.ships
    assert "Player 2 pays 2 resources (1 cloth, 1 rum) to the natives." in paid.log
    home = state.apply(ReturnShip())
    assert home.resources[1] == [2, 1, 0, 0] and 8 not in home.ships and home.supply(1) == 7
    refused(state, Pay((0, 2, 0, 0)), "Natives")                 # not held
    refused(state, Pay((1, 0, 0, 0)), "Natives")                 # 2 resources, not 1


# ------------------------------------------------------------------ Storm
def test_the_storm_is_never_laid_where_a_ship_would_end_its_turn_on_it():
    """Rules: Pirates & Plunder › Storm"""
    # Given a sea zone of two tiles with player 1's pirate on the west one
    state = build(tiles=[("open sea", (0, 0), 0), ("open sea", (1, 0), 0)], ships=[(0, (0, 0), 0)],
                  phase="explore_place", data=Exploring("Storm"), advanced=True, resources=[[2, 0, 0, 0], [0] * 4])
    # When the Storm is drawn, Then it may go only where no ship stands ("A ship may never end a turn on the
    # storm tile")
    assert state.legal_actions() == (LayExploration((1, 0), 0),)
    refused(state, LayExploration((0, 0), 0), "Storm")     # the refusal cites the tile's own heading


def test_in_seeded_advanced_games_no_ship_is_ever_on_the_storm_between_turns():
    """Rules: Pirates & Plunder › Storm"""
    storms = 0

    def draws_every_exploration_tile(view, rng):
        return DrawExploration() if DrawExploration() in view.legal_actions else rng.choice(view.legal_actions)
    for seed in range(8):          # every exploration tile offered is drawn, and each is a Storm
        start = Game(players=3, advanced=True).new_initial_state()
        start.explore_bag = ["Storm"] * 10
        for step in play(start, draws_every_exploration_tile, random.Random(seed)):
            if isinstance(step.action, Draw):
                laid = storm_nodes(step.state)
                storms += bool(laid)
                assert not laid & {node for _, node, _ in step.state.ships.values()}
    assert storms > 100


# ------------------------------------------------------------------ island tiles: never on a completed island
@pytest.mark.parametrize("name", ISLAND_TILES)
def test_an_island_exploration_tile_is_never_laid_on_a_completed_island(name):
    """Rules: Pirates & Plunder › Exploration Tiles"""
    # Given the rum isle at (0, 0) is completed (sea all round) and the headland's island at (1, 0) is open
    options = {"exploration": "royal port"} if name == "Royal Port" else {}
    state = laying(name, options=options)
    assert state.open[state.parent[state.node((0, 0), 0)]] == 0 < state.open[state.parent[state.node((1, 0), 0)]]
    # Then only the open island is offered: a ship on a completed island would never score nor come home
    assert state.legal_actions() == (LayExploration((1, 0), 0),)
    # When player 1 lays it on the completed isle anyway, Then it is refused under the tile's own heading
    with pytest.raises(IllegalMove) as refused:
        state.apply(LayExploration((0, 0), 0))
    assert refused.value.rule == name and "already completed" in str(refused.value)
    assert state.explorations == []                                   # nothing laid, nothing lost


@pytest.mark.parametrize("name, cell, segment, reason", [
    ("Buried Treasure", (0, 0), 1, "The Buried Treasure is laid on an island, not on a sea segment."),
    ("Treasure Fleet", (1, 0), 0, "The Treasure Fleet is laid on the sea, not on an island segment."),
    ("Reef", (9, 9), 0, "There is no tile at (9, 9): an exploration tile is laid on a segment of a tile on the board."),
    ("Reef", (0, 0), 7, "The tile at (0, 0) has segments 0 to 1."),
])
def test_an_exploration_tile_laid_where_it_cannot_go_is_refused_in_words(name, cell, segment, reason):
    """Rules: Pirates & Plunder › Exploration Tiles"""
    # Given player 1 about to lay ``name``, When they name a place it cannot go, Then the refusal says why
    state = laying(name)
    with pytest.raises(IllegalMove) as refused:
        state.apply(LayExploration(cell, segment))
    assert refused.value.rule == name and refused.value.reason == reason


def test_an_island_exploration_tile_with_only_completed_islands_is_set_aside():
    """Rules: Pirates & Plunder › Exploration Tiles"""
    # Given the only island on the board is the completed rum isle, When player 1 draws the Buried Treasure
    from pirates_lab.pirates_and_plunder.game import Explore
    state = build(tiles=[("rum isle", (0, 0), 0)], phase="explore_draw", advanced=True, then=("end_turn",))
    state = state.apply(Explore("Buried Treasure"))
    # Then there is nowhere to lay it: it is set aside and the game goes on with the next player's draw
    assert "Player 1 draws the Buried Treasure: there is nowhere to lay it." in state.log
    assert state.explorations == [] and state.observation(1)["phase"] == "draw"


def test_a_sea_exploration_tile_may_still_be_laid_beside_a_completed_island():
    """Rules: Pirates & Plunder › Exploration Tiles"""
    # Given the completed rum isle's sea, Then a sea tile may be laid there (the sea zone scores at the end)
    state = laying("Treasure Fleet")
    assert LayExploration((0, 0), 1) in state.legal_actions()


@pytest.mark.parametrize("name", ["Reef", "Royal Cartographer", "Viceroy"])
@pytest.mark.parametrize("owner", [0, 1])
def test_no_ship_is_added_to_a_reef_cartographer_or_viceroy_in_a_sea_that_already_holds_a_pirate(name, owner):
    """Rules: Pirates & Plunder › Placing Ships"""
    # Given a pirate (player 1's own or player 2's) in the sea zone where player 1 lays the tile
    state = sea_with_pirate(name, owner)
    # Then no ship may be added ("may not place a ship on a ... sea segment that already contains a ship"; only
    # the Archipelago, the Natives and the Pirate Cove print an exemption): the turn goes on to player 2
    assert ManExploration() not in state.legal_actions()
    assert state.observation(1)["phase"] == "draw"
    assert sorted(r[-1] for r in state.observation(0)["ships"]) == ["pirate"]


@pytest.mark.parametrize("name", ["Reef", "Royal Cartographer", "Viceroy"])
def test_a_ship_is_added_to_a_reef_cartographer_or_viceroy_in_a_sea_with_no_ship(name):
    """Rules: Pirates & Plunder › Placing Ships"""
    # Given an empty sea zone, Then the ship may be added (the player's choice)
    state = laying(name, tiles=[("rum isle", (0, 0), 0), ("open sea", (1, 0), 0)])
    state = state.apply(LayExploration((0, 0), 1))
    assert state.legal_actions() == (NoShip(), ManExploration())


def test_the_archipelago_takes_a_ship_even_if_that_sea_already_has_pirates():
    """Rules: Pirates & Plunder › Archipelago"""
    # Given player 2's pirate in the sea zone, Then the Archipelago still takes player 1's ship ("even if")
    state = sea_with_pirate("Archipelago")
    assert state.legal_actions() == (NoShip(), ManExploration())


def test_a_scavenger_that_never_moves_does_not_keep_a_viceroy_out_of_its_sea():
    """Rules: Pirates & Plunder › Viceroy"""
    # Given player 2's scavenger on a Reef in the sea zone (it "does not count as a pirate" and never moves: as for
    # every ship, it blocks no placement; house rule 17), When player 1 lays the Viceroy in that zone
    state = laying("Viceroy", tiles=[("rum isle", (0, 0), 0), ("open sea", (1, 0), 0)], ships=[(1, (1, 0), 0)])
    state.explorations.append(("Reef", state.node((1, 0), 0)))
    state.roles[8] = "scavenger"
    state = state.apply(LayExploration((0, 0), 1))
    # Then the viceroy may still be added
    assert state.legal_actions() == (NoShip(), ManExploration())


def test_a_ship_placed_on_the_archipelago_is_a_plain_pirate_whatever_its_number_was_before():
    """Rules: Pirates & Plunder › Archipelago — the ship placed there is a pirate.
    Given player 1's ship 1 back in the supply after serving as a viceroy (a ship that goes home keeps its last
    role on record until it is placed again, as a beaten viceroy does), When player 1 lays the Archipelago and
    places a ship on it (the same ship comes back), Then it is a pirate, not a viceroy again, in every seat's view
    and in the log.  (Mutation sample of issue 36 item 5: ``state.roles.pop(None, None)`` kept the old role.)"""
    state = laying("Archipelago", tiles=[("rum isle", (0, 0), 0), ("open sea", (1, 0), 0)])
    state.roles[0] = "viceroy"                  # ship 0 is not on the board: its role as it stood when it went home
    state = state.apply(LayExploration((0, 0), 1)).apply(ManExploration())
    assert ships(state) == [(0, "pirate")]
    assert [s[-1] for s in state.observation(1)["ships"]] == ["pirate"]
    assert "Player 1 places a ship on the Archipelago: it is the pirate." in state.log


def test_a_royal_cartographer_with_no_completed_island_adds_no_line_to_the_final_scores():
    """Rules: Pirates & Plunder › Royal Cartographer — 1 point per completed island.
    Given player 1's royal cartographer and a game in which no island was completed (2 long trade routes were),
    When the game ends, Then it scores nothing and says nothing: no "+0" line in the breakdown, no "scores 0" in
    the log.  (Mutation sample of issue 36 item 5: the bonuses kept by their sentence, always there, instead of
    by their points.)"""
    state = build(tiles=[("headland", (0, 0), 0)], ships=[(0, (0, 0), 0)], phase="explore_draw", bag={}, advanced=True)
    state.explorations.append(("Royal Cartographer", state.node((0, 0), 0)))
    state.roles[0] = "royal cartographer"
    state.tallies = [0, 2]
    state = final(state)
    assert [entry for entry in state.scoring if "royal cartographer" in entry[2] or not entry[1]] == []
    assert not any("royal cartographer" in line for line in breakdown(state))
    assert not any("scores 0" in line for line in state.log)
    assert list(state.log)[-1] == "The game is over."


def test_with_the_supply_empty_the_royal_port_gives_nothing_and_the_game_goes_on():
    """Rules: Pirates & Plunder › Royal Port — the harbormaster's player takes 1 resource from the supply.
    Given player 2 due a resource at the Royal Port while player 1 holds all 60 (the supply empty), When the step
    comes, Then there is nothing to choose: the log says so and the next turn's draw follows, every resource
    still counted once.  (Mutation sample of issue 36 item 5: ``take_auto`` popping the agenda of ``None``
    crashed; no test emptied the supply.)"""
    state = build(tiles=[("headland", (0, 0), 0)], phase="royal_port", player=1, data=Gift(1, "at the Royal Port"),
                  advanced=True, resources=[[15] * 4, [0] * 4], then=("end_turn",))
    assert list(state.log)[-1] == "Player 2 would take resources at the Royal Port, but the supply is empty."
    assert state.phase == "draw" and state.bank == [0, 0, 0, 0] and state.resources == [[15] * 4, [0] * 4]


def test_an_unknown_reading_of_the_exploration_tiles_is_refused_in_a_sentence_naming_both_readings():
    """Rules: Pirates & Plunder › Exploration Tiles — the parts list, or the Royal Port reading (house rule).
    Given the list of exploration tiles asked for a reading that is neither, Then the refusal is one sentence
    naming the two readings and quoting what was asked.  (Mutation sample of issue 36 item 5: the refusal raised
    with no sentence survived: the earlier test checked only its type.)"""
    from pirates_lab.core import InvalidInput
    from pirates_lab.pirates_and_plunder.parts import exploration_tiles

    with pytest.raises(InvalidInput) as error:
        exploration_tiles("both")
    assert str(error.value) == "The exploration tiles are read as 'parts' or 'royal port', not 'both'."


def test_a_pirate_that_sails_off_an_open_edge_through_the_storm_pays_for_it_and_goes_home():
    """Rules: Pirates & Plunder › Storm — a pirate that reaches the Storm may pay 2 resources to sail 3 more.
    Given player 2's pirate with 1 point in the middle of a 3 × 3 block of open seas, the Storm east of it, and 2
    rum, Then the only way off an open edge is through the Storm; When it takes it, Then the pirate goes home and
    the 2 rum are paid to the supply, each said in the log.  (Mutation sample of issue 36 item 5: the Storm's
    payment not pushed for a pirate leaving the board crashed; no test sailed off an edge through the Storm.)"""
    state = build(tiles=[("open sea", (x, y), 0) for x in (-1, 0, 1) for y in (-1, 0, 1)], ships=[(1, (0, 0), 0)],
                  phase="pirates", player=1, data=Routes((1,)), then=("end_turn",), bag={}, advanced=True,
                  resources=[[0] * 4, [0, 2, 0, 0]])
    state.explorations.append(("Storm", state.node((1, 0), 0)))
    off = [a for a in state.legal_actions() if isinstance(a, MovePirate) and a.cell is None]
    assert [a.storm for a in off] == [True]
    state = state.apply(off[0])
    assert state.ships == {} and state.resources == [[0] * 4, [0] * 4] and state.bank == [15] * 4
    assert "Player 2's pirate sails off an open edge and goes home." in state.log
    assert "Player 2 pays 2 resources (2 rum) to sail on through the storm (3 more points)." in state.log
