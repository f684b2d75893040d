"""Pirates & Plunder by rule: Ports — harbormasters collect for each tile laid around their port, and go home when it is surrounded.

Rules: Pirates & Plunder › Ports
"""
from __future__ import annotations

from pirates_lab.pirates_and_plunder import NoShip, PlaceShip, PlaceTile
from pirates_lab.pirates_and_plunder.scenarios import build


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


# ------------------------------------------------------------------ Ports
def test_a_harbormaster_is_not_returned_after_island_scoring_and_keeps_collecting():
    """Rules: Pirates & Plunder › Ports"""
    # Given player 1's harbormaster on the cloth port of an open island
    state = build(tiles=[("headland with cloth port", (0, 0), 0)], ships=[(0, (0, 0), 2)], drawn="headland", player=1)
    # When player 2 completes the island
    state = state.apply(PlaceTile((0, -1), 2)).apply(NoShip())
    # Then the harbormaster scores it (it counts for the island), stays, and collects again for the next tile
    assert state.points == [4, 0] and [s[-1] for s in state.observation(0)["ships"]] == ["harbormaster"]
    assert state.resources[0] == [1, 0, 0, 0] and state.supply(0) == 6
    state = state.apply(state.chance_outcomes().outcomes()[0])
    place = next(a for a in state.legal_actions() if a.cell == (1, 0))
    assert state.apply(place).apply(NoShip()).resources[0] == [2, 0, 0, 0]
