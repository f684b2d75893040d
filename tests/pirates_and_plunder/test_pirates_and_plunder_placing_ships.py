"""Pirates & Plunder by rule: Placing Ships — one ship on an unoccupied feature of the tile just laid, from the supply.

Rules: Pirates & Plunder › Placing Ships
"""

import pytest

from pirates_lab.core import IllegalMove
from pirates_lab.pirates_and_plunder import NoShip, PlaceShip, PlaceTile
from pirates_lab.pirates_and_plunder.scenarios import build


CROSS = "three-way crossroads"          # routes E 0, S 1, W 2; seas north 3, south-east 4, south-west 5


def unchanged(state, action, rule):
    before = state.to_json()
    with pytest.raises(IllegalMove) as error:
        state.apply(action)
    assert error.value.rule == rule
    assert state.to_json() == before
    return error.value


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
