"""Behaviour the post-port mutation sample (issue 21 item 3, ``random.Random(31)``) found untested.

Each test names the rulebook heading of the rule it guards, and fails with its mutant switched on
(``MUTANT_UNDER_TEST=<name>`` in the mutation clone's ``mutants/``; docs/plunder_2013.md › Mutation testing).

Rules: Plunder (2013) › Digging Up Treasure
"""
from __future__ import annotations

import dataclasses
import random

import pytest

from pirates_lab.core import InvalidInput, Task, replay
from pirates_lab.core.testing import refused
from pirates_lab.plunder_2013.engine import answer_is_aye
from pirates_lab.plunder_2013.game import Answer, Clues, Dig, FlipExtra, Game, Keep, Pass
from plunder_2013_deals import dealt


def test_your_own_location_is_refused_as_yours_even_with_a_card_numbered_1():
    """Rules: Plunder (2013) › Digging Up Treasure — "when you think you have figured out the location of
    another pirate's treasure, take one of your Crew cards".
    Given Sneaky Pete (player 1, the asker, last in the window) at 1/1/1 (Whale Island / Palm Tree / Quicksand)
    and the others passing, When he sends a crew card to 1/1/1, Then it is refused as his own treasure's location
    (a card numbered 1 is a card: the sentence about numbers 1 to 6 is for numbers outside them)."""
    state = dealt([(1, 1, 1), (2, 2, 2), (3, 3, 3)], Game(players=3))
    state = replay(state, [Clues(4, 4, 4), Keep(), Answer(False), Answer(False), Pass(), Pass()])
    assert state.current_player() == 0
    error = refused(state, Dig(1, 1, 1), "Digging Up Treasure")
    assert error.reason == ("Whale Island / Palm Tree / Quicksand is where Sneaky Pete's own treasure is hidden: "
                            "a crew card digs for another pirate's treasure.")
    error = refused(state, Dig(0, 1, 1), "Digging Up Treasure")
    assert error.reason == "A location is one island, one marker and one trap, each 1 to 6."


def test_a_redeal_in_the_middle_of_the_answers_keeps_todays_answers_true():
    """Rules: Plunder (2013) › How to Play — each pirate "must now say" Aye or Nay, truthfully.
    Given day 1, clue 6/6/6, pirate 2 has said Nay and pirates 3 and 4 are still to answer, When pirate 1's
    rivals are re-dealt (40 times), Then every re-deal keeps pirate 2's Nay true (no 6 among his cards), and
    pirate 1 cannot tell it from the real game."""
    state = dealt([(1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6)], Game(players=4))
    state = replay(state, [Clues(6, 6, 6), Keep(), Answer(False)])
    assert state.phase == "answer" and state.observation(0)["given"] == [[1, False]]
    rng = random.Random(0)
    for _ in range(40):
        other = state.redeal_hidden(0, rng)
        assert not answer_is_aye(tuple(other.hands[1]), (6, 6, 6)), other.hands
        assert other.hands[0] == [1, 2, 3] and other.observation(0) == state.observation(0)


@pytest.mark.parametrize("option,value,sentence", [
    ("clue_copies", 0, "clue_copies must be a whole number from 1 to 20, got '0'."),
    ("clue_copies", 21, "clue_copies must be a whole number from 1 to 20, got '21'."),
    ("max_days", 0, "max_days must be a whole number from 1 to 100, got '0'."),
    ("cards_per_category", 3, "cards_per_category must be a whole number from 4 to 12, got '3'."),
])
def test_a_bad_option_is_refused_by_its_name(option, value, sentence):
    """Rules: Plunder (2013) › Setup
    Given four pirates and an option out of its range, When the game is made, Then the sentence names the
    option, its range and the value given."""
    with pytest.raises(InvalidInput) as error:
        Game(players=4, **{option: value})
    assert str(error.value) == sentence


def test_validate_refuses_an_untruthful_answer_or_one_out_of_turn():
    """Rules: Plunder (2013) › How to Play — "each player, in clockwise order, must now say" Aye or Nay.
    Given three pirates in the middle of the answers (pirate 2 has said Nay to 4/4/4), When his answer is turned
    into Aye, or the next to answer is pirate 1 (the asker), Then validate() refuses the position in its sentence."""
    state = dealt([(1, 1, 1), (2, 2, 2), (3, 3, 3)], Game(players=3))
    state = replay(state, [Clues(4, 4, 4), Keep(), Answer(False)])
    state.validate()
    task = state.agenda[-1]
    for data in (dataclasses.replace(task.data, given=((1, True),)), dataclasses.replace(task.data, asked=(0,))):
        broken = state.clone()
        broken.agenda[-1] = Task(task.phase, task.player, data)
        with pytest.raises(ValueError) as error:
            broken.validate()
        assert str(error.value) == "the answers so far are not the truthful answers in turn order"


def test_every_view_names_its_game():
    """Rules: Plunder (2013) › Setup
    Given a game in the middle of the answers, Then each pirate's view says which game it is a view of (a saved
    view or a widget reads it)."""
    state = dealt([(1, 1, 1), (2, 2, 2), (3, 3, 3)], Game(players=3))
    state = replay(state, [Clues(4, 4, 4), Keep()])
    assert all(state.observation(p)["game"] == "plunder_2013" for p in range(3))


def test_while_an_extra_card_is_flipped_every_view_shows_which_clue_it_replaces():
    """Rules: Plunder (2013) › How to Play — the asker may flip one more card of one deck; it replaces that clue.
    Given the asker who chose to flip one more marker card, When chance is about to flip it, Then every view says
    the marker clue is being replaced; once it is flipped, and before, nothing is."""
    state = dealt([(1, 1, 1), (2, 2, 2), (3, 3, 3)], Game(players=3))
    state = state.apply(Clues(4, 4, 4))
    assert all(state.observation(p)["replaced"] is None for p in range(3))
    state = state.apply(FlipExtra("marker"))
    assert state.is_chance_node()
    assert all(state.observation(p)["replaced"] == "marker" for p in range(3))
    state = state.apply(state.chance_outcomes().sample(random.Random(0)))
    assert state.phase == "answer" and all(state.observation(p)["replaced"] is None for p in range(3))


def test_every_view_shows_who_sent_each_crew_card_and_on_which_day():
    """Rules: Plunder (2013) › Digging Up Treasure — the crew card goes face down into the Treasure Chest.
    Given Peg-Leg Meg (player 2) sending a crew card to 1/1/1 on day 1, Then every view shows a card of player 2's
    from day 1; only she sees where it went."""
    state = dealt([(1, 1, 1), (2, 2, 2), (3, 3, 3)], Game(players=3))
    state = replay(state, [Clues(4, 4, 4), Keep(), Answer(False), Answer(False), Dig(1, 1, 1)])
    for p in range(3):
        assert state.observation(p)["chest"] == [{"player": 1, "day": 1, "location": [1, 1, 1] if p == 1 else None}]


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
