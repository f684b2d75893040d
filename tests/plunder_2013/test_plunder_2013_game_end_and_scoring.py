"""Plunder (2013) by rule: Game End and Scoring — the chest read in order, the finders' points, ties, the end of the game.

Rules: Plunder (2013) › Game End and Scoring
"""
from __future__ import annotations

import random

import pytest
from plunder_2013_deals import dealt

from pirates_lab.core import GAME_OVER, IllegalMove, random_playout, replay, TERMINAL
from pirates_lab.plunder_2013.game import Answer, ChestCard, Clues, Dig, Game, Keep, Pass, score_chest
from pirates_lab.plunder_2013.pirates import random_pirate


def digging(players: int = 3):
    """Given three pirates dealt (1,1,1) (2,2,2) (3,3,3), day 1, clues (4,4,4) kept, all answered Nay."""
    state = dealt([(k, k, k) for k in range(1, players + 1)], Game(players=players))
    state = replay(state, [Clues(4, 4, 4), Keep()])
    while state.phase == "answer":
        state = state.apply(Answer(False))
    return state


HANDS4 = [(1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6)]


def test_days_left_is_zero_on_the_last_day_and_never_negative():
    """Rules: Plunder (2013) › Game End and Scoring — 15 days.

    Given day 1, Then 14 days are still to come; on day 15 none; past it, still none.
    """
    state = digging()
    assert state.days_left() == 14
    state.day = 15
    assert state.days_left() == 0
    state.day = 16
    assert state.days_left() == 0


# --------------------------------------------------------------------------- Game End and Scoring
def test_a_fourth_and_fifth_finder_steal_nothing_and_the_owner_keeps_nothing():
    """Rules: Plunder (2013) › Game End and Scoring — the owner crosses out the 6, then the 3, then the 1.

    Given six pirates, When pirates 1..5 all find pirate 0's treasure in turn, Then they steal 3, 2, 1, 0, 0,
    pirate 0 keeps nothing of it, and each other treasure (unfound) is still worth 6 to its owner.
    """
    hands = [(k, k, k) for k in range(1, 7)]
    chest = [ChestCard(p, (1, 1, 1), 1) for p in range(1, 6)]
    scores, first, finds = score_chest(hands, chest)
    assert finds[0] == [(1, 3), (2, 2), (3, 1), (4, 0), (5, 0)]
    assert scores == [0, 6 + 3, 6 + 2, 6 + 1, 6, 6]
    assert first[1:4] == [0, 1, 2] and first[4] > len(chest) and first[5] > len(chest)


def test_the_game_ends_when_the_last_crew_card_is_used_and_says_so():
    """Rules: Plunder (2013) › Game End and Scoring — the game ends when every crew card has been used.
    Given two pirates with two crew cards each, When all four go into the chest on day 1, Then the game is over and
    the log gives that reason before the scores."""
    state = dealt([(1, 1, 1), (2, 2, 2)], Game(players=2))
    state = replay(state, [Clues(3, 3, 3), Keep(), Answer(False), Dig(1, 1, 1), Dig(1, 1, 2), Dig(2, 2, 2),
                           Dig(2, 2, 3)])
    assert state.is_terminal() and state.crew == [0, 0]
    assert any(line.startswith("Game over: Every crew card has been used. Scores: Sneaky Pete ")
               for line in state.log)


def test_scoring_exactly_as_printed():
    hands = HANDS4
    assert score_chest(hands, [])[0] == [6, 6, 6, 6]
    chest = [ChestCard(1, (1, 2, 3), 1), ChestCard(2, (1, 2, 3), 2), ChestCard(1, (1, 2, 3), 2),   # 1 twice: once
             ChestCard(3, (1, 2, 3), 3), ChestCard(0, (2, 3, 4), 3), ChestCard(0, (1, 2, 3), 4),   # own location: nothing
             ChestCard(2, (6, 6, 6), 4)]
    scores, first, finds = score_chest(hands, chest)
    assert finds[0] == [(1, 3), (2, 2), (3, 1)]
    assert finds[1] == [(0, 3)]
    # owner 0 crossed out 6, 3 and 1; owner 1 keeps 3
    assert scores == [0 + 3, 3 + 3, 6 + 2, 6 + 1]
    assert first == [4, 0, 1, 3]
    fourth = chest + [ChestCard(2, (2, 3, 4), 5), ChestCard(3, (2, 3, 4), 5), ChestCard(1, (4, 5, 6), 5)]
    scores, _, finds = score_chest(hands, fourth)
    assert finds[1] == [(0, 3), (2, 2), (3, 1)] and finds[3] == [(1, 3)]


def test_ties_go_to_who_found_treasure_first():
    state = dealt([(1, 1, 1), (2, 2, 2)], Game(players=2))
    state.chest = [ChestCard(1, (1, 1, 1), 1), ChestCard(0, (2, 2, 2), 1)]
    state.crew = [1, 1]
    assert state.scores() == (6, 6) and state.winners() == (1,)
    state.chest = []
    state.crew = [2, 2]
    assert state.winners() == (0, 1)     # nobody found anything: shared


def test_game_ends_after_fifteen_days_or_when_every_crew_card_is_used():
    rng = random.Random(1)
    state = random_playout(Game(players=3).new_initial_state(), rng, policy=random_pirate(pass_chance=1.0))
    assert state.phase == GAME_OVER and state.day == 15 and len(state.records) == 15 and state.scores() == (6, 6, 6)
    assert state.current_player() == TERMINAL
    with pytest.raises(IllegalMove) as error:
        state.apply(Pass())
    assert error.value.rule == "Game End and Scoring"
    short = random_playout(Game(players=3, max_turns=4).new_initial_state(), rng, policy=random_pirate(pass_chance=1.0))
    assert short.day == 4
    state = dealt([(1, 1, 1), (2, 2, 2)], Game(players=2))
    state = replay(state, [Clues(3, 3, 3), Keep(), Answer(False), Dig(1, 1, 1), Dig(1, 1, 2), Dig(2, 2, 2)])
    assert state.phase == "dig" and state.window == [0]
    state = state.apply(Dig(3, 3, 3))
    assert state.phase == GAME_OVER and state.day == 1 and state.scores() == (3 + 3, 3 + 3)
