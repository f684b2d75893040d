"""The rules of Overview: 60 silver wins at once; the game's end.

Rules: Plunder › Overview
"""
import pytest

from pirates_lab.core import InvalidInput
from pirates_lab.plunder import Game
from pirates_lab.plunder.actions import Sell, StartTrade

from plunder_helpers import _action, at_step, enough_silver, fresh, lay, play


def test_sixty_silver_wins_at_once():
    """Rules: Plunder › Overview"""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Havana")
    state.captains[p]["at"] = (1, 0)
    state.captains[p]["silver"], state.bank = 55, state.bank - 50
    state.captains[p]["cargo"] = {"Rum": 1}
    state.goods["Rum"] -= 1
    state = play(at_step(state, p, "action", "give"), StartTrade(), Sell("Rum", 1))
    assert state.is_terminal() and state.winners() == (p,) and state.returns()[p] == 1


def test_the_end_of_the_game_is_its_own_phase():
    """Rules: Plunder › Overview"""
    state = _action(port="Havana", cargo={"Rum": 1})
    state.goods["Rum"] -= 1
    enough_silver(state, state.first, 58)
    state = play(state, StartTrade(), Sell("Rum", 1))
    assert state.phase == "game over" and state.phase.rule == "Overview" and state.is_terminal()
    assert state.log[-1] == f"Captain {state.first + 1} has 63 silver and wins."


@pytest.mark.parametrize("win,shown_as", [(0, "'0'"), ("60", "'60'"), (True, "'True'")])
def test_a_bad_target_is_refused_with_what_was_given(win, shown_as):
    """Rules: Plunder › Overview (the first captain to 60 silver wins; a lesson may change the target)"""
    with pytest.raises(InvalidInput) as error:
        Game(players=2, win_silver=win)
    assert str(error.value) == f"win_silver must be a positive whole number or None, not {shown_as}."
