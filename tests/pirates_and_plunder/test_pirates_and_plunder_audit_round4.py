"""Audit, round 4 (issue 21; docs/pirates_and_plunder.md, "Audit, round 4"): printed rules the engine played
otherwise, each with a Given/When/Then scenario that failed on the old code.

Rules: Pirates & Plunder › Natives
"""
from __future__ import annotations

import pytest

from pirates_lab.pirates_and_plunder import MovePirate, NoShip, PlaceTile
from pirates_lab.pirates_and_plunder.exploration import Exploring
from pirates_lab.pirates_and_plunder.game import LayExploration, ManExploration, Pay, ReturnShip
from pirates_lab.pirates_and_plunder.scenarios import build

CROSS = "three-way crossroads"          # routes E 0, S 1, W 2; seas north 3, south-east 4, south-west 5


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


# ------------------------------------------------------------------ Moving Pirates: what blocks your pirate
def moving(role, tile):
    """Player 2 completes a 2-segment route; their pirate north of the crossroads at (0, 0) may move; player 2's
    own ``role`` ship stands on the open sea at (0, -1) (its ``tile``; ``None``: a plain pirate)."""
    state = build(tiles=[(CROSS, (0, 0), 0), ("open sea", (0, -1), 0), ("open sea", (0, -2), 0)],
                  ships=[(1, (0, 0), 3), (1, (0, -1), 0)], drawn=CROSS, player=1, resources=[[0] * 4, [0] * 4],
                  advanced=True)
    if tile is not None:
        state.explorations.append((tile, state.node((0, -1), 0)))
        state.roles[9] = role
    return state.apply(PlaceTile((1, 0), 0)).apply(NoShip())


def reach(state):
    return {a.cell for a in state.legal_actions() if isinstance(a, MovePirate) and a.ship == 8}


@pytest.mark.parametrize("role, tile", [("scavenger", "Reef"), ("viceroy", "Viceroy"),
                                        ("royal cartographer", "Royal Cartographer")])
def test_your_own_scavenger_viceroy_or_cartographer_does_not_block_your_pirate(role, tile):
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    # Given player 2's own special ship on the sea north of their pirate ("does not count as a pirate")
    state = moving(role, tile)
    # Then the pirate may sail onto its segment and on past it ("may not move onto a sea segment containing a
    # pirate or merchant owned by the same player": it is neither), with no battle against its own ship
    assert {(0, -1), (0, -2)} <= reach(state)
    assert all(a.target == -1 for a in state.legal_actions() if isinstance(a, MovePirate) and a.cell == (0, -1))
    state = state.apply(MovePirate(8, (0, -1), 0, route=2))
    assert ships(state) == [(1, "pirate"), (1, role)] and state.observation(0)["phase"] == "draw"


def test_your_own_pirate_still_blocks_your_pirate():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    # Given player 2's own plain pirate north of the moving pirate, Then the pirate can neither stop there nor pass
    assert not {(0, -1), (0, -2)} & reach(moving(None, None))


def test_your_own_pirate_king_blocks_your_pirate():
    """Rules: Pirates & Plunder › Moving Pirates and Battle
    Rules: Pirates & Plunder › Pirate Cove"""
    # Given player 2's own pirate king on the sea north of their pirate (the pirate king is a pirate: "a ship
    # may be added to it to become the Pirate King"), Then the pirate can neither stop there nor pass
    assert not {(0, -1), (0, -2)} & reach(moving("pirate king", "Pirate Cove"))
