"""The public log in plain words (issue 36): ships named with "a" or "an" by sound, port collections said.

Rules: Pirates & Plunder › Placing Ships
"""
from __future__ import annotations

import pytest

from pirates_lab.pirates_and_plunder import NoShip, PlaceShip, PlaceTile
from pirates_lab.pirates_and_plunder.scenarios import build


@pytest.mark.parametrize("segment, said", [(0, "an explorer"), (1, "a pirate")])
def test_a_placed_ship_is_named_with_a_or_an_by_the_sound_of_its_name(segment, said):
    """Rules: Pirates & Plunder › Placing Ships"""
    # Given player 1 lays a headland beside the open sea (island segment 0, sea segment 1)
    state = build(tiles=[("open sea", (0, 0), 0)], drawn="headland", then=("end_turn",))
    state = state.apply(PlaceTile((1, 0), 1))
    # When player 1 places a ship on the island (or on the sea)
    state = state.apply(PlaceShip(segment))
    # Then the log names it in plain English: "an explorer", "a pirate"
    assert f"Player 1 places a ship: it is now {said}." in state.log


def test_a_harbormasters_collection_is_logged():
    """Rules: Pirates & Plunder › Ports"""
    # Given player 1's harbormaster on the cloth port at (0, 0)
    state = build(tiles=[("headland with cloth port", (0, 0), 0)], ships=[(0, (0, 0), 2)], drawn="open sea", player=1,
                  then=("end_turn",))
    # When player 2 lays a tile beside the port
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip())
    # Then everyone reads that player 1 collected 1 cloth there (resources are on the table for all to see)
    assert state.resources[0] == [1, 0, 0, 0]
    line = "Player 1's harbormaster collects 1 cloth at the port at (0, 0): a tile was laid beside it."
    assert line in state.log
    assert line in state.observation(1)["log"]


def test_the_resources_of_a_completed_trade_route_are_logged():
    """Rules: Pirates & Plunder › Scoring Islands and Trade Routes"""
    # Given player 1's and player 2's merchants on a route between two crossroads (-1, 0) and (3, 0)
    tiles = [("three-way crossroads", (-1, 0), 0), ("straight route", (0, 0), 0), ("straight route", (2, 0), 0),
             ("three-way crossroads", (3, 0), 0)]
    state = build(tiles=tiles, ships=[(0, (0, 0), 0), (1, (2, 0), 0)], drawn="spice route", player=1,
                  then=("end_turn",))
    # When player 2 completes it with the spice route, Then the tied players' spice is said, not only the points
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip())
    assert state.resources == [[0, 0, 1, 0], [0, 0, 1, 0]]
    assert "Player 2 collects 1 spice on the completed trade route of 5 segments." in state.log
    assert "Player 1 collects 1 spice on the completed trade route of 5 segments." in state.log
