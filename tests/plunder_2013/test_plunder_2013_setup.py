"""Plunder (2013) by rule: Setup — the deal (one card of each kind, no card twice), the table's options and who goes first.

Rules: Plunder (2013) › Setup
"""
from __future__ import annotations

from fractions import Fraction

import pytest
from plunder_2013_deals import dealt

from pirates_lab.core import IllegalMove, InvalidInput, replay
from pirates_lab.plunder_2013.game import Clues, DealCard, Game, Keep


HANDS4 = [(1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6)]


def test_the_table_defaults_and_refuses_options_that_are_not_whole_numbers():
    """Rules: Plunder (2013) › Setup.  Given no options, Then four pirates with four crew cards each and
    six cards a category; When an option is a bool or a float, Then it is refused in a sentence."""
    from pirates_lab.core import InvalidInput

    game = Game()
    assert (game.players, game.crew_cards, game.cards, game.copies, game.days, game.first) == (4, 4, 6, 3, 15, 0)
    for option in ({"clue_copies": True}, {"cards_per_category": 6.0}, {"max_days": False}):
        with pytest.raises(InvalidInput, match="must be a whole number from"):
            Game(players=3, **option)
    state = dealt([(1, 1, 1), (2, 2, 2), (3, 3, 3)], Game(players=3))
    assert state.log[-1] == "Each pirate is dealt an island, a marker and a trap, face down."


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


# ------------------------------------------------------------------ Setup
def test_a_card_already_dealt_is_refused_naming_the_setup_rule():
    """Rule: "There are no duplicate cards, which means the Island, Marker and Trap Cards that you
    were dealt cannot be held by any other pirate."  Given pirate 0 holds island 3, when chance
    deals island 3 to pirate 1, then IllegalMove cites Setup and nothing is dealt."""
    state = Game(players=3).new_initial_state()
    for card in (3, 1, 1):
        state = state.apply(DealCard(card))
    with pytest.raises(IllegalMove) as error:
        state.apply(DealCard(3))
    assert error.value.rule == "Setup" and "no duplicate cards" in error.value.reason and state.dealt == 3


def test_the_table_selects_who_goes_first():
    """Rule: "Select one of you scurvy dogs to go first by any means you choose."
    Given a 3-pirate game with first_player=2, When the cards are dealt, Then Barnacle Bill (seat 2)
    asks on day 1 and the turn passes to his left (seat 0) on day 2; a seat not at the table is
    refused with a sentence; by default seat 0 (player 1) goes first, as before."""
    state = Game(players=3, first_player=2).new_initial_state()
    for card in (1, 1, 1, 2, 2, 2, 3, 3, 3):
        state = state.apply(DealCard(card))
    state = replay(state, [Clues(4, 4, 4), Keep()])
    assert state.current_player() == 0 and state.asker == 2          # seat 0 answers first: left of the asker
    while state.phase == "answer":
        state = state.apply(state.legal_actions()[0])
    assert state.records[0].asker == 2 and state.window == [0, 1, 2]
    for bad in (3, -1, True, "1"):
        with pytest.raises(InvalidInput, match="first_player is the seat who goes first"):
            Game(players=3, first_player=bad)
    assert Game(players=3).new_initial_state().asker == 0


def test_setup_deals_one_card_of_each_kind_no_card_twice():
    game = Game(players=4)
    state = game.new_initial_state()
    assert state.chance_outcomes()[DealCard(3)] == Fraction(1, 6)
    state = state.apply(DealCard(3))
    assert DealCard(3) in state.chance_outcomes()           # next is the marker: 3 is free again
    state = state.apply(DealCard(1)).apply(DealCard(1))
    assert DealCard(3) not in state.chance_outcomes()       # second pirate's island: 3 is taken
    with pytest.raises(IllegalMove):
        state.apply(DealCard(3))
    state = dealt(HANDS4, game)
    assert state.phase == "flip" and state.day == 1 and state.crew == [4, 4, 4, 4]
    assert sum(state.decks["island"].values()) == 18
    assert state.chance_outcomes()[Clues(1, 1, 1)] == Fraction(1, 216)


def test_options_are_checked():
    with pytest.raises(ValueError):
        Game(players=7)
    with pytest.raises(ValueError):
        Game(players=3, clue_copies=0)
    with pytest.raises(ValueError):
        Game(players=3, colour="red")
    assert Game(players=5).crew_cards == 5


def test_every_pirate_sees_how_many_map_cards_have_been_dealt_but_only_his_own():
    """Rules: Plunder (2013) › Setup — "Deal each player 1 Island Card, 1 Marker Card and 1 Trap Card, face down."
    Given a table of three in the middle of the deal (four map cards out: Sneaky Pete's three and Meg's island),
    When each pirate reads his observation, Then every one sees that four cards are dealt and nothing of the
    others' hands; once the deal is done, nine.  (Mutation sample of issue 36 item 5: the count shown under
    another key survived, no test read it.)"""
    state = Game(players=3).new_initial_state()
    for card in (1, 2, 3, 4):
        state = state.apply(DealCard(card))
    for player in range(3):
        seen = state.observation(player)
        assert seen["dealt"] == 4 and seen["phase"] == "deal"
        assert seen["hand"] == ([1, 2, 3], [4, 0, 0], [0, 0, 0])[player]
    for card in (5, 6, 2, 3, 4):
        state = state.apply(DealCard(card))
    assert [state.observation(p)["dealt"] for p in range(3)] == [9, 9, 9]
