"""Exploration Tiles: where each tile may be laid and when a ship may be added to it (issue 36).

Rules: Pirates & Plunder › Exploration Tiles
"""
from __future__ import annotations

import pytest

from pirates_lab.core import IllegalMove
from pirates_lab.pirates_and_plunder import NoShip
from pirates_lab.pirates_and_plunder.exploration import ISLAND_TILES, Exploring
from pirates_lab.pirates_and_plunder.game import LayExploration, ManExploration
from pirates_lab.pirates_and_plunder.scenarios import build

#: a rum isle at (0, 0) (island 0, complete as soon as it is laid; sea 1) and a headland at (1, 0) whose island
#: (segment 0) is still open to the north
ISLE_AND_HEADLAND = [("rum isle", (0, 0), 0), ("headland", (1, 0), 0)]


def laying(name, tiles=ISLE_AND_HEADLAND, ships=(), options=None):
    """Player 1 is about to lay the exploration tile ``name`` (the extra turn)."""
    return build(tiles=tiles, ships=ships, phase="explore_place", data=Exploring(name), advanced=True,
                 then=("end_turn",), **(options or {}))


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


# ------------------------------------------------------------------ a ship added: the standard placement rule
def sea_with_pirate(name, owner=1):
    """Player ``owner + 1``'s pirate on the open sea at (1, 0), joined to the rum isle's sea at (0, 0), where
    player 1 lays ``name``."""
    state = laying(name, tiles=[("rum isle", (0, 0), 0), ("open sea", (1, 0), 0)], ships=[(owner, (1, 0), 0)])
    return state.apply(LayExploration((0, 0), 1))


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
