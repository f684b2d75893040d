"""Pirates & Plunder by rule: Playing the Game — the turn and the end of the game.

Rules: Pirates & Plunder › Playing the Game
"""

from pirates_lab.pirates_and_plunder import NoShip, PlaceTile
from pirates_lab.pirates_and_plunder.scenarios import build


def test_the_game_ends_when_the_last_tile_is_placed():
    """Rules: Pirates & Plunder › Playing the Game"""
    state = build(tiles=[("open sea", (0, 0), 0)], drawn="open sea", bag={})
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip())
    assert state.is_terminal() and sum(state.returns()) == 1
