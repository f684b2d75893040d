"""The why of the coach's move: the playouts that decide between the top two moves, and a game's own calculator."""
from __future__ import annotations

from fractions import Fraction

import pytest

from pirates_lab.core import InvalidInput
from pirates_lab.core.why import Why
from pirates_lab.lab.coach import Advice, Coach, MoveEstimate
from pirates_lab.lab.coach_why import deciding_events, why_lines


def position(skull, hoards, pot):
    state = skull.Game(players=2).new_initial_state()
    state.hoards, state.pot = list(hoards), pot
    return state


def test_banking_the_winning_pot_is_best_and_the_why_says_so_in_the_games_words(skull):
    state = position(skull, (6, 3), 5)        # banking 5 makes 11: the game is won at once
    advice = Coach(budget=120).advise(state.view(0), seed=3)
    assert advice.best.label == "bank 5" and advice.best.win_rate == 1 and advice.best.low > 0.93   # Wilson: 60 of 60 -> 94 % to 100 %
    lines = why_lines(advice, "Skull Dice")
    assert lines[0] == f"Rules: {skull.Game.title} › Your Turn"
    roll = advice.moves[1]
    lost = sum(1 for o in roll.outcomes if o[0] < 1)           # every playout roll did not win, bank did
    assert lines[1] == (f"bank 5 or roll? In the same 60 trial games (the same hidden cards and dice), bank 5 won "
                        f"{lost} that roll lost, and roll won 0 that bank 5 lost.")
    # the skull (a 1) after rolling loses the pot: it decides, bank wins every such playout and roll only some
    events = {e: (n, a, b) for e, n, a, b in deciding_events(advice.best, roll, limit=6)}
    skulls = [o for o in roll.outcomes if o[3][:1] == ("1",)]
    assert events["1"] == (len(skulls), len(skulls), sum(o[0] for o in skulls)) and events["1"][2] < len(skulls)


def test_moves_that_end_alike_are_said_to_hardly_matter():
    rows = ((1.0, 3, False, ("2",)), (0.0, 0, False, ("1",)))
    same = [MoveEstimate(label, label, 2, 1.0, 0.5, 0.1, 0.9, 1.5, 0, 3, outcomes=rows) for label in ("a", "b")]
    advice = Advice(0, tuple(same), 4, 2, 0, 10, "random", False)
    assert why_lines(advice) == ["a and b ended alike in all 2 trial games (the same hidden cards and dice): here the "
                                 "choice hardly matters."]


def test_a_games_own_exact_calculator_is_used_and_its_why_shown(skull, monkeypatch):
    state = position(skull, (6, 3), 4)
    tree = Why("Rolling then banking wins", Fraction(5, 6), children=(
        Why("the die shows 2 to 6", Fraction(5, 6)),))

    def exact(view):                            # a stand-in calculator: roll "exactly 5/6", bank "exactly 0"
        return [Fraction(5, 6) if str(a) == "roll" else 0 for a in view.legal_actions], "to win this turn", (tree,)

    monkeypatch.setattr(skull.policies, "COACH_EXACT", exact, raising=False)
    advice = Coach(budget=40).advise(state.view(0), seed=1)
    assert advice.exact and advice.exact_what == "to win this turn" and advice.best.label == "roll"
    assert advice.best.exact == Fraction(5, 6) and "exactly 83.3 % to win this turn (5/6)" in advice.best.line()
    lines = why_lines(advice, "Skull Dice")
    assert "Exactly: roll 83.3% to win this turn, bank 4 0.0%." in lines
    assert "  the die shows 2 to 6: 83.3%" in lines
    monkeypatch.setattr(skull.policies, "COACH_EXACT", lambda view: ([2], "nonsense", ()))
    with pytest.raises(InvalidInput, match="exact calculator gave 1 chances for 2 moves"):
        Coach(budget=40).advise(state.view(0), seed=1)
