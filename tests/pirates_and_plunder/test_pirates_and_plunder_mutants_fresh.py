"""Rules two fresh mutation samples (Random(41), 60 mutants; Random(42), 40; docs/pirates_and_plunder.md, "Mutation testing") found
untested: each test checks behaviour (who scores what, what the log and the refusals say, what a seat sees) and
fails with the mutant its comment names.

Rules: Pirates & Plunder › Final Scoring
"""
from __future__ import annotations

import pytest

from pirates_lab.core import InvalidInput, Task
from pirates_lab.pirates_and_plunder import FLOW, MovePirate, NoShip, PlaceTile, breakdown
from pirates_lab.pirates_and_plunder.exploration import Exploring
from pirates_lab.pirates_and_plunder.game import Draw, LayExploration, ManExploration, ReturnShip, Take
from pirates_lab.pirates_and_plunder.parts import load_tiles
from pirates_lab.pirates_and_plunder.pirates import Routes
from pirates_lab.pirates_and_plunder.scenarios import build
from pirates_lab.pirates_and_plunder.scoring import describe

START = """
[parts]
sea_tiles = 1

[[tile]]
{name}edges = "IRSR"
copies = 1
start = true
segment = [
  { kind = "island", at = ["N"] },
  { kind = "route", at = ["E", "W"] },
  { kind = "sea", at = ["E:north", "W:north"] },
  { kind = "sea", at = ["E:south", "S", "W:south"] },
]
"""


def final(state):
    """Score the end of the game now."""
    state.agenda = []
    FLOW.push(state, Task("final"))
    FLOW.settle(state)
    return state


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


def test_a_seat_sees_every_players_ships_left_in_the_supply():
    """Rules: Pirates & Plunder › Placing Ships"""
    # Given player 1 with one ship on the board, player 2 with none
    state = build(tiles=[("open sea with galleon", (0, 0), 0)], ships=[(0, (0, 0), 0)], drawn="bend")
    # Then each seat reads 6 ships left for player 1 and 7 for player 2 (State.observation__mutmut_50)
    assert state.observation(0)["supply"] == [6, 7] and state.observation(1)["supply"] == [6, 7]


def test_a_sea_zone_is_described_with_its_galleons_serpents_and_worth():
    """Rules: Pirates & Plunder › Final Scoring"""
    # Given player 1's pirate in a sea zone of 1 galleon
    state = build(tiles=[("open sea with galleon", (0, 0), 0)], ships=[(0, (0, 0), 0)], drawn="bend")
    # Then it reads as a sentence: capital A, its galleons, its worth at the end
    # (scoring.describe__mutmut_42: "a sea zone"; describe__mutmut_55: worth 0)
    assert describe(state, state.node((0, 0), 0)) == ("A sea zone of 1 segment, open (12 open edge places), with "
                                                      "1 galleon and 0 serpents: worth 2 at the end to player 1.")


def test_a_sea_segment_without_galleons_in_the_tile_list_has_none(tmp_path):
    """Rules: Pirates & Plunder › Parts"""
    # Given a user's tile list whose sea segments name no galleons
    path = tmp_path / "tiles.toml"
    path.write_text(START.replace("{name}", 'name = "start"\n'))
    # Then they have 0 galleons, not 1 (parts._segment__mutmut_285)
    segments = load_tiles(path).types[0].segments
    assert [(s.kind, s.galleons, s.serpents) for s in segments if s.kind == "sea"] == [("sea", 0, 0), ("sea", 0, 0)]


def test_a_tile_without_a_name_is_refused_with_its_sentence(tmp_path):
    """Rules: Pirates & Plunder › Parts"""
    # Given a user's tile list whose tile has no name
    path = tmp_path / "tiles.toml"
    path.write_text(START.replace("{name}", ""))
    # Then loading it says so in one sentence (parts._tile__mutmut_38: no sentence)
    with pytest.raises(InvalidInput) as refused:
        load_tiles(path)
    assert str(refused.value) == "Tile list, tile 1: every tile needs a name."


def test_the_last_tile_drawn_that_fits_nowhere_is_discarded_and_the_game_ends():
    """Rules: Pirates & Plunder › Drawing and Placing Land Tiles"""
    # Given a board of open sea only and one tile left in the bag, an island heart (island on every edge)
    state = build(tiles=[("open sea", (0, 0), 0)], ships=[(0, (0, 0), 0)], phase="draw", bag={"island heart": 1},
                  then=("end_turn",))
    # When it is drawn
    state = state.apply(Draw("island heart"))
    # Then it is discarded and the game goes to its final scoring (State.draw__mutmut_17)
    assert "Player 1 draws the island heart: it fits nowhere and is discarded." in state.log
    assert state.is_terminal()


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


def test_a_game_without_the_battles_option_hides_nothing():
    """Rules: Pirates & Plunder › Battles"""
    # Given a game without the Battles option (commitments open), and one with it
    from pirates_lab.pirates_and_plunder import Game
    open_game, secret_game = Game().new_initial_state(), Game(secret_battles=True).new_initial_state()
    # Then only the secret one keeps cards from the other seats (Game.new_initial_state__mutmut_3: always secret)
    assert not open_game.hidden_information and open_game.hidden_cards() == []
    assert secret_game.hidden_information and len(secret_game.hidden_cards()) == 4


# ------------------------------------------------------------------ the third sample, Random(42)
def test_a_seat_sees_the_scores():
    """Rules: Pirates & Plunder › Buried Treasure"""
    # Given player 1's treasure hunter laid on a Buried Treasure (5 points at once)
    state = build(tiles=[("headland", (0, 0), 0)], phase="explore_place", data=Exploring("Buried Treasure"), advanced=True,
                  then=("end_turn",))
    state = state.apply(LayExploration((0, 0), 0)).apply(ManExploration())
    # Then every seat reads the scores (State.observation__mutmut_53: the key renamed)
    assert state.observation(0)["scores"] == state.observation(1)["scores"] == [5, 0]


def test_a_tile_that_does_not_say_crossroads_is_not_one(tmp_path):
    """Rules: Pirates & Plunder › Parts"""
    # Given a user's tile list whose tile does not set `crossroads`
    path = tmp_path / "tiles.toml"
    path.write_text(START.replace("{name}", 'name = "start"\n'))
    # Then it is not a crossroads (parts._tile__mutmut_201: the default turned to true)
    assert load_tiles(path).types[0].crossroads is False


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


def test_an_unknown_exploration_reading_is_refused_naming_what_was_asked():
    """Rules: Pirates & Plunder › Exploration Tiles"""
    # When a game is asked for an exploration reading that does not exist
    from pirates_lab.pirates_and_plunder import Game
    with pytest.raises(InvalidInput) as refused:
        Game(exploration="all ten")
    # Then the sentence names both readings and the one asked for (Game.__init__mutmut_22: None shown instead)
    assert str(refused.value) == ("exploration is 'parts' (the Parts list) or 'royal port' (a Royal Port for one "
                                  "Natives), not 'all ten'.")
