"""Rules a fourth and a fifth fresh mutation sample (Random(43), 60 mutants drawn after the tests for Random(41) and
Random(42); Random(44), 40, after Random(43)'s; docs/pirates_and_plunder.md, "Mutation testing") found untested: each test checks behaviour (what a person reads
in the scores, in a feature's description, in a refused tile list) and fails with the mutant its comment names.

Rules: Pirates & Plunder › Parts
"""
from __future__ import annotations

import pytest

from pirates_lab.core import InvalidInput, Task
from pirates_lab.pirates_and_plunder import (FLOW, Commit, MovePirate, NoShip, PlaceShip, PlaceTile, breakdown,
                                             pirates)
from pirates_lab.pirates_and_plunder.exploration import Exploring
from pirates_lab.pirates_and_plunder.game import Draw, LayExploration, ManExploration
from pirates_lab.pirates_and_plunder.parts import load_tiles
from pirates_lab.pirates_and_plunder.scenarios import build
from pirates_lab.pirates_and_plunder.scoring import describe

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


# ------------------------------------------------------------------ Buried Treasure: the 5 points in the scores
def test_the_buried_treasures_five_points_read_in_the_breakdown():
    """Rules: Pirates & Plunder › Buried Treasure"""
    # Given player 1 lays the Buried Treasure on the headland's island, When they place an explorer on it
    state = build(tiles=[("headland", (0, 0), 0)], phase="explore_place", data=Exploring("Buried Treasure"),
                  advanced=True, then=("end_turn",))
    state = state.apply(LayExploration((0, 0), 0)).apply(ManExploration())
    # Then the scores in words say where the 5 came from (exploration.man__mutmut_34: the sentence changed)
    assert breakdown(state) == ["Player 1: +5 for an explorer on the Buried Treasure."]


# ------------------------------------------------------------------ Scoring: a trade route described in words
def test_a_trade_route_is_described_as_worth_one_point_a_segment():
    """Rules: Pirates & Plunder › Scoring Islands and Trade Routes"""
    # Given an open trade route of 3 straight route tiles with player 2's merchant on it
    state = build(tiles=[("straight route", (x, 0), 0) for x in range(3)], ships=[(1, (1, 0), 0)])
    # Then its description gives it 1 point a segment, not an island's 2 (scoring.describe__mutmut_96)
    assert describe(state, state.node((0, 0), 0)) == \
        "A trade route of 3 segments, open (2 open edge places): worth 3 points to player 2."


def test_an_unfinished_route_scored_at_the_end_is_called_incomplete():
    """Rules: Pirates & Plunder › Final Scoring"""
    # Given player 1's merchant on an open route of 3 segments and no tile left
    state = build(tiles=[("straight route", (x, 0), 0) for x in range(3)], ships=[(0, (1, 0), 0)], bag={})
    # When the final scoring is made
    state.agenda = []
    FLOW.push(state, Task("final"))
    FLOW.settle(state)
    # Then "Incomplete trade routes score 1 point per trade route segment", in these words
    # (scoring.score_feature__mutmut_34: "INCOMPLETE")
    assert breakdown(state) == ["Player 1: +3 for the incomplete trade route of 3 segments, with the most merchants "
                                "(player 1: 1)."]


# ------------------------------------------------------------------ Parts: a user's tile list refused in one sentence
def test_an_unknown_segment_kind_is_refused_naming_the_tile_and_segment(tmp_path):
    """Rules: Pirates & Plunder › Parts"""
    # Given a tile list whose route segment has kind "reef", Then the refusal names the tile and the segment
    # (parts._segment__mutmut_45: the place left out)
    assert refusal(tmp_path, ROUTE_TILE.replace('kind = "route"', 'kind = "reef"')) == \
        "Tile list, tile 'start', segment 1: kind must be one of island, route, sea, port, not 'reef'."


@pytest.mark.parametrize("segments, edges, message", [
    # the sea beside a route named on an edge that is island
    (ROUTE_TILE.replace('at = ["E:south", "S", "W:south"]', 'at = ["E:south", "S", "W:south", "N:west"]'), "IRSR",
     "Tile list, tile 'start', segment 3: N:west is the sea beside a trade route: only a sea segment on a route edge "
     "can touch it."),
    # the sea beside a route claimed by the island
    (ROUTE_TILE.replace('at = ["N"]', 'at = ["N", "E:north"]'), "IRSR",
     "Tile list, tile 'start', segment 0: E:north is the sea beside a trade route: only a sea segment on a route edge "
     "can touch it."),
])
def test_the_sea_beside_a_route_only_on_a_route_edge_and_only_for_sea(tmp_path, segments, edges, message):
    """Rules: Pirates & Plunder › Parts"""
    # Then each mistake is one sentence naming the tile and the segment (parts._segment__mutmut_83: the place left out)
    assert refusal(tmp_path, segments, edges) == message


# ------------------------------------------------------------------ Moving Pirates and Battle: a commitment checked at once
def test_a_commitment_is_accepted_without_listing_every_commitment(monkeypatch):
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    # Given player 2 holds all 60 resources (16**4 = 65,536 distinct commitments) and attacks player 1's pirate
    state = build(tiles=[("three-way crossroads", (0, 0), 0), ("open sea", (0, -1), 0)],
                  ships=[(1, (0, 0), 3), (0, (0, -1), 0)], drawn="three-way crossroads", player=1,
                  resources=[[0, 0, 0, 0], [15, 15, 15, 15]])
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip()).apply(MovePirate(8, (0, -1), 0, 0, route=2))

    def listing(held):
        raise AssertionError("every commitment listed to check one")

    # When the attack and the defence are committed while listing them is impossible
    monkeypatch.setattr(pirates, "commitments", listing)
    state = state.apply(Commit((3, 0, 0, 1))).apply(Commit((0, 0, 0, 0)))
    # Then each is checked at once against what its player holds, and the battle is fought: 4 against 0
    # (pirates.MovingPirates.commit_allowed__mutmut_3 and _9: the action's resources never read, so every
    # commitment was looked up in the full list)
    assert state.resources[1] == [12, 15, 15, 14] and [s[1] for s in state.observation(0)["ships"]] == [1]


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
