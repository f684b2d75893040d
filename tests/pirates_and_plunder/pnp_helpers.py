"""Positions and tile files shared by the Pirates & Plunder rule tests (one copy, imported by the chapter files)."""
from __future__ import annotations

import pytest

from pirates_lab.core import InvalidInput
from pirates_lab.pirates_and_plunder.exploration import Exploring
from pirates_lab.pirates_and_plunder.game import LayExploration, ManExploration
from pirates_lab.pirates_and_plunder.parts import load_tiles
from pirates_lab.pirates_and_plunder.scenarios import build


ONE_TILE = """
[parts]
sea_tiles = 1

[[tile]]
name = "start"
edges = "{edges}"
copies = 1
start = true
segment = [
{segments}
]
"""


ROUTE_TILE = """  { kind = "island", at = ["N"] },
  { kind = "route", at = ["E", "W"] },
  { kind = "sea", at = ["E:north", "W:north"] },
  { kind = "sea", at = ["E:south", "S", "W:south"] },"""


def refusal(tmp_path, segments: str, edges: str = "IRSR") -> str:
    path = tmp_path / "tiles.toml"
    path.write_text(ONE_TILE.format(edges=edges, segments=segments))
    with pytest.raises(InvalidInput) as refused:
        load_tiles(path)
    return str(refused.value)


CROSS = "three-way crossroads"          # routes E 0, S 1, W 2; seas north 3, south-east 4, south-west 5


def with_tiles(state, *laid):
    """Exploration tiles laid by hand: (name, cell, segment)."""
    for name, cell, segment in laid:
        state.explorations.append((name, state.node(cell, segment)))
    return state


# ------------------------------------------------------------------ Natives
def natives_board(resources):
    """Player 2's treasure hunter on the Buried Treasure of an open island across (0, 0) and (1, 0); player 1
    is about to lay the Natives on the island's other tile."""
    state = build(tiles=[("bay", (0, 0), 0), ("headland", (1, 0), 3)], ships=[(1, (0, 0), 0)], phase="explore_place",
                  data=Exploring("Natives"), advanced=True, resources=resources, then=("end_turn",))
    with_tiles(state, ("Buried Treasure", (0, 0), 0))
    state.roles[8] = "treasure hunter"
    return state.apply(LayExploration((1, 0), 0)).apply(ManExploration())
