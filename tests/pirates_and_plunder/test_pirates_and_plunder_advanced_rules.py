"""Pirates & Plunder by rule: Advanced Rules — exploration tiles drawn after a marked island is completed, and the readings of the Parts list.

Rules: Pirates & Plunder › Advanced Rules
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from pirates_lab.core import CHANCE, InvalidInput, Task
from pirates_lab.core.testing import check_protocol, refused
from pirates_lab.pirates_and_plunder import breakdown, Commit, FLOW, Game, MovePirate, NoShip, PlaceTile
from pirates_lab.pirates_and_plunder.exploration import Exploring
from pirates_lab.pirates_and_plunder.game import (Draw, DrawExploration, Explore, LayExploration, ManExploration,
                                                  NoExploration, Pay, ReturnShip, Take)
from pirates_lab.pirates_and_plunder.pirates import Routes
from pirates_lab.pirates_and_plunder.scenarios import build


def with_tiles(state, *laid):
    """Lay exploration tiles by hand: (name, cell, segment)."""
    for name, cell, segment in laid:
        state.explorations.append((name, state.node(cell, segment)))
    return state


CROSS = "three-way crossroads"


def pirate_attack(special, resources):
    """Player 1 completes a route; their pirate may attack player 0's special ship north of it."""
    tiles = [(CROSS, (0, 0), 0), ("open sea", (0, -1), 0)]
    state = build(tiles=tiles, ships=[(1, (0, 0), 3), (0, (0, -1), 0)], drawn=CROSS, player=1,
                  resources=resources, advanced=True)
    with_tiles(state, (special, (0, -1), 0))
    state.roles[0] = {"Reef": "scavenger", "Viceroy": "viceroy", "Royal Cartographer": "royal cartographer"}.get(special)
    if state.roles[0] is None:
        del state.roles[0]
    return state.apply(PlaceTile((1, 0), 0)).apply(NoShip()).apply(MovePirate(8, (0, -1), 0, 0, route=2))


def test_an_unknown_exploration_reading_is_refused_naming_what_was_asked():
    """Rules: Pirates & Plunder › Exploration Tiles"""
    # When a game is asked for an exploration reading that does not exist
    from pirates_lab.pirates_and_plunder import Game
    with pytest.raises(InvalidInput) as refused:
        Game(exploration="all ten")
    # Then the sentence names both readings and the one asked for (Game.__init__mutmut_22: None shown instead)
    assert str(refused.value) == ("exploration is 'parts' (the Parts list) or 'royal port' (a Royal Port for one "
                                  "Natives), not 'all ten'.")


# ------------------------------------------------------------------ Advanced Rules: "may draw"
def test_the_player_who_completes_a_marked_island_may_decline_the_exploration_tile():
    """Rules: Pirates & Plunder › Advanced Rules"""
    state = build(tiles=[("headland with marker", (0, 0), 0)], drawn="headland", advanced=True)
    state = state.apply(PlaceTile((0, -1), 2)).apply(NoShip())
    assert state.current_player() == 0 and state.legal_actions() == (DrawExploration(), NoExploration())
    declined = state.apply(NoExploration())
    assert declined.observation(1)["phase"] == "draw" and declined.current_player() == CHANCE
    assert declined.observation(0)["exploration_tiles_left"] == 10
    drawn = state.apply(DrawExploration())
    assert drawn.current_player() == CHANCE and Explore("Reef") in drawn.chance_outcomes()


def test_completing_an_island_with_a_marker_draws_an_exploration_tile_and_an_extra_turn():
    """Rules: Pirates & Plunder › Advanced Rules"""
    state = build(tiles=[("headland with marker", (0, 0), 0)], drawn="headland", advanced=True)
    state = state.apply(PlaceTile((0, -1), 2)).apply(NoShip())
    assert state.legal_actions() == (DrawExploration(), NoExploration())      # "may draw": the player decides
    state = state.apply(DrawExploration())
    assert state.chance_outcomes()[Explore("Natives")] == Fraction(2, 10)
    state = state.apply(Explore("Treasure Fleet"))
    assert state.current_player() == 0 and state.observation(0)["phase"] == "explore_place"
    lay = state.legal_actions()
    assert LayExploration((0, 0), 1) in lay and all(a.cell in ((0, 0), (0, -1)) for a in lay)
    state = state.apply(LayExploration((0, 0), 1))
    assert state.observation(1)["phase"] == "draw" and state.observation(0)["exploration_tiles_left"] == 9
    assert state.observation(0)["explorations"] == [["Treasure Fleet", 0, 0, 1]]


def test_the_basic_game_draws_no_exploration_tile():
    """Rules: Pirates & Plunder › Advanced Rules"""
    state = build(tiles=[("headland with marker", (0, 0), 0)], drawn="headland")
    state = state.apply(PlaceTile((0, -1), 2)).apply(NoShip())
    assert state.observation(1)["phase"] == "draw"


def test_the_royal_port_reading_swaps_one_natives():
    """Rules: Pirates & Plunder › Royal Port"""
    state = build(tiles=[("headland with marker", (0, 0), 0)], drawn="headland", advanced=True, exploration="royal port")
    state = state.apply(PlaceTile((0, -1), 2)).apply(NoShip()).apply(DrawExploration())
    assert state.chance_outcomes()[Explore("Natives")] == state.chance_outcomes()[Explore("Royal Port")] == Fraction(1, 10)


def test_royal_port_harbormaster_collects_any_one_resource_of_their_choice():
    """Rules: Pirates & Plunder › Royal Port"""
    state = build(tiles=[("headland", (0, 0), 0)], phase="explore_place", data=Exploring("Royal Port"), advanced=True,
                  resources=[[0, 0, 0, 0], [3, 0, 0, 0]], then=("end_turn",))
    state = state.apply(LayExploration((0, 0), 0)).apply(ManExploration())
    assert [r[-1] for r in state.observation(0)["ships"]] == ["harbormaster"]
    # Given player 2 lays a tile beside the Royal Port, When player 1's harbormaster collects, Then player 1
    # chooses any one resource (or none); the computer players' default, listed first, is the most plentiful
    state = state.apply(Draw("open sea")).apply(PlaceTile((1, 0), 0)).apply(NoShip())
    assert state.current_player() == 0 and state.observation(0)["phase"] == "royal_port"
    assert state.legal_actions() == (Take((0, 1, 0, 0)), Take((1, 0, 0, 0)), Take((0, 0, 1, 0)), Take((0, 0, 0, 1)),
                                     Take((0, 0, 0, 0)))       # rum first: the supply has 15 rum, 12 cloth
    assert state.apply(Take((0, 0, 0, 1))).resources[0] == [0, 0, 0, 1]
    assert state.apply(Take((0, 0, 0, 0))).resources[0] == [0, 0, 0, 0]
    refused(state, Take((0, 2, 0, 0)), "Royal Port")


def test_treasure_fleet_counts_three_galleons():
    """Rules: Pirates & Plunder › Treasure Fleet"""
    state = with_tiles(build(tiles=[("open sea", (0, 0), 0)], ships=[(0, (0, 0), 0)], phase="explore_draw",
                             bag={}, advanced=True), ("Treasure Fleet", (0, 0), 0))
    state.agenda = []
    from pirates_lab.core import Task
    from pirates_lab.pirates_and_plunder import FLOW
    FLOW.push(state, Task("final"))
    FLOW.settle(state)
    assert state.points == [6, 0] and "3 galleons" in breakdown(state)[0]


def test_a_storm_makes_pirates_and_bordering_merchants_pay_two_or_go_home():
    """Rules: Pirates & Plunder › Storm"""
    state = build(tiles=[("straight route", (0, 0), 0), ("open sea", (0, -1), 0)], ships=[(0, (0, -1), 0), (1, (0, 0), 0)],
                  phase="explore_place", data=Exploring("Storm"), advanced=True, resources=[[2, 0, 0, 0], [1, 0, 0, 0]])
    state = state.apply(LayExploration((0, 0), 1))       # the north sea: player 1's pirate, player 2's merchant beside it
    # player 1 "decides" whether to pay; player 2, too poor, loses the merchant without a choice
    assert state.current_player() == 0 and state.legal_actions() == (Pay((2, 0, 0, 0)), ReturnShip())
    paid = state.apply(Pay((2, 0, 0, 0)))
    assert paid.resources == [[0, 0, 0, 0], [1, 0, 0, 0]] and [s[1] for s in paid.observation(0)["ships"]] == [0]
    assert "Player 2 cannot pay to the storm: the merchant goes home." in paid.log
    home = state.apply(ReturnShip())
    assert home.resources == [[2, 0, 0, 0], [1, 0, 0, 0]] and home.ships == {}


def test_natives_land_a_governor_and_explorers_pay_or_go_home():
    """Rules: Pirates & Plunder › Natives"""
    state = build(tiles=[("bay", (0, 0), 0)], ships=[(1, (0, 0), 0)], phase="explore_place", data=Exploring("Natives"),
                  advanced=True, resources=[[0, 0, 0, 0], [0, 1, 0, 0]], then=("end_turn",))
    state = state.apply(LayExploration((0, 0), 0)).apply(ManExploration())
    assert [(s[1], s[-1]) for s in state.observation(0)["ships"]] == [(0, "governor")]


def test_buried_treasure_scores_five_and_five_resources_when_the_island_is_completed():
    """Rules: Pirates & Plunder › Buried Treasure"""
    state = build(tiles=[("headland", (0, 0), 0)], phase="explore_place", data=Exploring("Buried Treasure"), advanced=True,
                  then=("end_turn",))
    state = state.apply(LayExploration((0, 0), 0)).apply(ManExploration())
    assert state.points == [5, 0]
    state = state.apply(Draw("spice headland")).apply(PlaceTile((0, -1), 2)).apply(NoShip())
    assert state.points == [5 + 4, 0] and state.resources[1] == [0, 0, 1, 0]
    # "up to 5 resources of their choice": player 1 chooses, the largest piles first by default
    assert state.current_player() == 0 and state.observation(0)["phase"] == "treasure"
    choices = state.legal_actions()
    assert choices[0] == Take((2, 2, 0, 1)) and len(choices) == len(set(choices)) == 126
    assert state.apply(Take((0, 0, 0, 5))).resources[0] == [0, 0, 0, 5]
    assert state.apply(Take((1, 0, 0, 0))).resources[0] == [1, 0, 0, 0]
    refused(state, Take((6, 0, 0, 0)), "Buried Treasure")


def test_a_pirate_repulsed_by_a_scavenger_crashes_on_the_reef():
    """Rules: Pirates & Plunder › Reef"""
    state = pirate_attack("Reef", [[0, 0, 0, 0], [0, 0, 0, 0]]).apply(Commit((0, 0, 0, 0))).apply(Commit((0, 0, 0, 0)))
    assert [s[0] for s in state.observation(0)["ships"]] == [0] and state.supply(1) == 7


def test_a_pirate_that_beats_a_viceroy_takes_its_place_and_role():
    """Rules: Pirates & Plunder › Viceroy"""
    state = pirate_attack("Viceroy", [[0, 0, 0, 0], [1, 0, 0, 0]]).apply(Commit((1, 0, 0, 0))).apply(Commit((0, 0, 0, 0)))
    assert [(s[0], s[1], s[-1]) for s in state.observation(0)["ships"]] == [(8, 1, "viceroy")]


def test_an_archipelago_pirate_defends_with_one():
    """Rules: Pirates & Plunder › Archipelago"""
    state = pirate_attack("Archipelago", [[0, 0, 0, 0], [1, 0, 0, 0]]).apply(Commit((1, 0, 0, 0))).apply(Commit((0, 0, 0, 0)))
    assert state.observation(0)["phase"] == "repulse"      # 1 against base 1: repulsed


def test_final_bonuses_of_cartographer_viceroy_scavenger_pirate_king_and_archipelago():
    """Rules: Pirates & Plunder › Exploration Tiles"""
    tiles = [("open sea with galleon", (0, 0), 0), ("open sea", (1, 0), 0), ("headland", (0, 1), 2)]
    state = build(tiles=tiles, ships=[(0, (0, 0), 0), (1, (1, 0), 0), (1, (0, 1), 0)], phase="explore_draw",
                  bag={}, advanced=True)
    with_tiles(state, ("Reef", (0, 0), 0), ("Archipelago", (1, 0), 0), ("Pirate Cove", (0, 1), 0))
    state.roles[0] = "scavenger"
    state.roles[9] = "pirate king"
    state.tallies = [3, 2]
    from pirates_lab.core import Task
    from pirates_lab.pirates_and_plunder import FLOW
    state.agenda = []
    FLOW.push(state, Task("final"))
    FLOW.settle(state)
    words = breakdown(state)
    assert "Player 2: +2 for the most pirates (2) in a sea zone with 1 galleon and 0 serpents." in words
    assert "Player 1: +1 for the scavenger on the reef, 1 per galleon in its sea zone (1)." in words
    assert "Player 2: +6 for the pirate king, with 3 pirates in its sea zone (itself included)." in words
    assert state.points == [1, 8]


@pytest.mark.parametrize("reading", ["parts", "royal port"])
def test_protocol_with_the_advanced_rules(reading):
    finals = check_protocol(Game(players=3, advanced=True, exploration=reading), seeds=range(4))
    assert all(len(f.placed) + len(f.discarded) == 80 for f in finals)


def test_a_pirate_may_pay_two_on_the_storm_to_sail_three_points_further_but_never_stop_there():
    """Rules: Pirates & Plunder › Storm"""
    seas = ["open sea", "open sea", "open sea with galleon", "open sea with galleon", "open sea with serpent",
            "open sea with serpent"]
    state = build(tiles=[(name, (x, 0), 0) for x, name in enumerate(seas)], ships=[(1, (0, 0), 0)], phase="pirates",
                  player=1, data=Routes((2,)), then=("end_turn",), bag={}, advanced=True, resources=[[0] * 4, [0, 2, 0, 0]])
    with_tiles(state, ("Storm", (1, 0), 0))
    moves = {(a.cell, a.storm) for a in state.legal_actions() if isinstance(a, MovePirate)}
    assert moves == {((2, 0), False), ((3, 0), True), ((4, 0), True), ((5, 0), True), (None, False)}
    after = state.apply(MovePirate(8, (5, 0), 0, -1, True, route=2))
    assert after.resources[1] == [0, 0, 0, 0] and after.where(after.ships[8][1]) == ((5, 0), 0)
    state.resources[1] = [0, 1, 0, 0]                      # too poor to pay: the storm is only in the way
    assert {(a.cell, a.storm) for a in state.legal_actions() if isinstance(a, MovePirate)} == {((2, 0), False), (None, False)}
