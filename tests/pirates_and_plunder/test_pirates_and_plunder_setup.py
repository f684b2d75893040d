"""Pirates & Plunder by rule: Setup — the starting tile, the supplies, who starts.

Rules: Pirates & Plunder › Setup
"""
from __future__ import annotations

import random

import pytest

from pirates_lab.core import InvalidInput
from pirates_lab.pirates_and_plunder import Game


def test_a_new_game_starts_from_the_captains_wheel_unturned_and_the_basic_game_has_no_exploration_tiles():
    """Rules: Pirates & Plunder › Setup"""
    state = Game(players=2).new_initial_state()
    seen = state.observation(0)
    assert seen["board"] == [[0, 0, "captain's wheel", 0]] and seen["exploration_tiles_left"] == 0
    assert state.needs == {(0, -1): (-1, -1, 2, -1), (1, 0): (-1, -1, -1, 1), (0, 1): (0, -1, -1, -1),
                           (-1, 0): (-1, 1, -1, -1)}          # island north, routes east and west, sea south
    assert Game(players=2, advanced=True).new_initial_state().observation(0)["exploration_tiles_left"] == 10


# ------------------------------------------------------------------ Setup
def test_who_starts_is_decided_before_the_game_the_first_player_option():
    """Rules: Pirates & Plunder › Setup"""
    # "The youngest player decides who will start the game": the table sets it up, player 1 by default
    assert Game(players=3).new_initial_state().agenda[-1].player == 0
    state = Game(players=3, first_player=2).new_initial_state()
    rng = random.Random(0)
    state = state.apply(state.chance_outcomes().sample(rng))
    assert state.current_player() == 2 and state.log[-1].startswith("Player 3 draws")
    for wrong in (3, -1, True, "1"):
        with pytest.raises(InvalidInput):
            Game(players=3, first_player=wrong)
