"""Rules: King of Pirates › The Game Board.

Given/When/Then scenarios on hand-built positions (kop_scenarios), each named after the rule it holds.
"""
import pytest
from pirates_lab.core import IllegalMove, TERMINAL, Task
from pirates_lab.king_of_pirates.game import Pass
from pirates_lab.king_of_pirates.rules.task_data import Loot
from kop_scenarios import bare, quoted, scenario, with_player


def test_the_game_board_round_the_point_track_wins():
    quoted("The Game Board", "The skull is the beginning and the end.")
    # Given a player 100 Doubloons short of the skull
    state = scenario(with_player(bare(), 0, doubloons=9900), [Task("loot", 0, Loot(1))])
    # When a 100 Doubloon loot card brings the token round
    won = state.apply(100)
    # Then the game is over, that player wins it all, and a move now cites the Point Track's rule
    assert won.current_player() == TERMINAL and won.winners() == (0,) and won.returns() == (1, 0)
    assert "back at the skull" in won.log[-1]
    with pytest.raises(IllegalMove) as error:
        won.apply(Task("end_turn", 0))
    assert error.value.rule == "The Game Board"


def test_winning_ends_the_game():
    state = with_player(bare(), 0, doubloons=9900)
    state = scenario(state, [Task("loot", 0, Loot(1))])
    won = state.apply(100)
    assert won.current_player() == TERMINAL and won.winner == 0 and won.scores() == (10000, 0)
    with pytest.raises(IllegalMove) as error:
        won.apply(Pass())
    assert error.value.rule == "The Game Board"
