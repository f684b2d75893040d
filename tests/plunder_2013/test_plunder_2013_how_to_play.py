"""Plunder (2013) by rule: How to Play — the clues flipped, the extra flip, the answers in turn, the clue decks.

Rules: Plunder (2013) › How to Play
"""
from __future__ import annotations

from fractions import Fraction

import pytest
from plunder_2013_deals import answered, dealt

from pirates_lab.core import CHANCE, IllegalMove, InvalidInput, replay
from pirates_lab.core.testing import refused
from pirates_lab.plunder_2013.advisors import flip_advice
from pirates_lab.plunder_2013.components import CATEGORIES
from pirates_lab.plunder_2013.deduction import Deduction, Record
from pirates_lab.plunder_2013.game import Answer, ChestCard, Clues, Dig, ExtraCard, FlipExtra, Game, Keep, Pass


def digging(players: int = 3):
    """Given three pirates dealt (1,1,1) (2,2,2) (3,3,3), day 1, clues (4,4,4) kept, all answered Nay."""
    state = dealt([(k, k, k) for k in range(1, players + 1)], Game(players=players))
    state = replay(state, [Clues(4, 4, 4), Keep()])
    while state.phase == "answer":
        state = state.apply(Answer(False))
    return state


HANDS4 = [(1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6)]


def test_a_bad_asker_is_named_in_the_refusal():
    """Rules: Plunder (2013) › How to Play

    Given three pirates, When the flip advisor is asked for seat 3 or for True as the asker, Then the refusal
    names the asker and the seats there are."""
    d = Deduction(3, 0, (1, 2, 3))
    for asker, shown in ((3, "3"), (True, "True")):
        with pytest.raises(InvalidInput) as refused:
            flip_advice(d, (1, 2, 3), {c: {x: 3 for x in range(1, 7)} for c in CATEGORIES}, asker=asker)
        assert str(refused.value) == f"asker must be a player number from 0 to 2, got '{shown}'."


# --------------------------------------------------------------------------- refusals name their rule
def test_flipping_one_more_from_an_empty_deck_is_refused_under_how_to_play():
    """Rules: Plunder (2013) › How to Play — "flip one more card" needs a card to flip.

    Given the asker choosing, When the island deck and its discards are both empty,
    Then one more island card is refused, citing How to Play, and the other decks may still be flipped.
    """
    from pirates_lab.plunder_2013.game import FlipExtra

    state = dealt([(1, 1, 1), (2, 2, 2), (3, 3, 3)], Game(players=3)).apply(Clues(4, 4, 4))
    state.decks["island"], state.discards["island"] = {}, {}
    assert FlipExtra("island") not in state.legal_actions() and FlipExtra("marker") in state.legal_actions()
    with pytest.raises(IllegalMove) as error:
        state.apply(FlipExtra("island"))
    assert error.value.rule == "How to Play"
    assert error.value.reason == "The island clue deck has no card left to flip."


def test_an_answer_out_of_turn_is_refused_with_the_reason():
    """Rules: Plunder (2013) › How to Play — the other pirates answer right after the clues are announced.

    Given the digging window, When someone answers, Then it is refused citing How to Play.
    """
    state = digging()
    with pytest.raises(IllegalMove) as error:
        state.apply(Answer(False))
    assert error.value.rule == "How to Play"
    assert error.value.reason.endswith("are announced, and the player whose turn it is does not answer.")


# --------------------------------------------------------------------------- refusals, word for word
def test_every_refusal_names_its_rule_and_says_why_in_full():
    """Rules: Plunder (2013) › How to Play, › Digging Up Treasure.

    Given each step of a day, When a move that belongs to another step (or a wrong answer, or your own
    treasure) is tried, Then the refusal cites the heading and says the whole sentence."""
    game = Game(players=3)
    state = game.new_initial_state()
    error = refused(state, Keep(), "How to Play")                              # during the deal (chance)
    assert error.reason == "Only the player whose turn it is chooses the clues, right after flipping them."
    error = refused(state, Dig(1, 2, 3), "Digging Up Treasure")
    assert error.reason.startswith("Crew cards go into the Treasure Chest after a day's answers")
    state = dealt([(1, 1, 1), (2, 2, 2), (6, 6, 6)], game)
    error = refused(state, Pass(), "Digging Up Treasure")                      # during the flip (chance)
    assert error.reason == "There is nothing to pass on now."
    error = refused(state, Answer(True), "How to Play")
    assert error.reason == ("Nobody is asked for an answer now: answers come right after the clues are announced, "
                            "and the player whose turn it is does not answer.")
    state = replay(state, [Clues(2, 5, 5), Keep()])                            # pirate 1 holds island 2
    error = refused(state, Answer(False), "How to Play")
    assert error.reason == "Peg-Leg Meg must say Aye!: one or more of their map cards matches the clues."
    state = state.apply(Answer(True))
    error = refused(state, Answer(True), "How to Play")
    assert error.reason == "Barnacle Bill must say Nay!: none of their map cards matches the clues."
    state = replay(state, [Answer(False), Pass()])                             # 1 passes; 2 (at 6/6/6) decides
    error = refused(state, Dig(6, 6, 6), "Digging Up Treasure")
    assert error.reason == ("Coconut Island / Lighthouse / Cursed Idol is where Barnacle Bill's own treasure is "
                            "hidden: a crew card digs for another pirate's treasure.")       # card 6: the last card


def test_public_decks_are_what_the_next_flip_comes_from():
    """Rules: Plunder (2013) › How to Play — "flips face up the top card of each of the three Clue decks".
    Given one copy of each card and six days flipped, When the island deck is empty, Then the public
    decks show its discards for the island (the next flip reshuffles them) and the deck itself elsewhere."""
    game = Game(players=2, clue_copies=1)
    state = dealt([(1, 1, 1), (2, 2, 2)], game)
    assert state.public_decks() == {c: {x: 1 for x in range(1, 7)} for c in ("island", "marker", "trap")}
    for day in range(6):
        state = replay(state, [Clues(day + 1, day + 1, day + 1), Keep()])
        while state.phase == "answer":
            state = state.apply(state.legal_actions()[0])
        state = replay(state, [Pass(), Pass()])
    assert state.decks["island"] == {} and state.public_decks()["island"] == {x: 1 for x in range(1, 7)}
    state = state.apply(Clues(3, 4, 5))
    assert state.public_decks() == {c: {x: 1 for x in range(1, 7) if x != k} for c, k in
                                    (("island", 3), ("marker", 4), ("trap", 5))}


# ------------------------------------------------------------------ How to Play (the records)
def test_a_clue_card_that_does_not_exist_is_refused():
    """Rule: "flips face up the top card of each of the three Clue decks" — cards 1..6 here.
    Given a Deduction, when a Record names island 9, then InvalidInput and nothing changes."""
    d = Deduction(3, 0, (1, 2, 3))
    with pytest.raises(InvalidInput, match="from 1 to 6"):
        d.add(Record(1, (9, 1, 1), ((0, False), (2, True))))
    assert d.records == ()


def test_the_asker_does_not_answer_and_nobody_is_left_out():
    """Rule: "NOTE: the player whose turn it is DOES NOT state Aye or Nay." and "Each other player
    in turn order ... must now say one of the following".
    Given a Deduction, when a Record has an answer from the asker or misses a pirate, then
    InvalidInput and the records are unchanged."""
    d = Deduction(3, 0, (1, 2, 3))
    with pytest.raises(InvalidInput, match="does not state Aye or Nay"):
        d.add(Record(1, (4, 4, 4), ((0, False), (1, True), (2, True))))
    with pytest.raises(InvalidInput, match="every player but the asker"):
        d.add(Record(1, (4, 4, 4), ((0, False),)))
    with pytest.raises(InvalidInput):
        d.add(Record(1, (4, 4, 4), ((0, False), (2, "maybe"))))
    with pytest.raises(InvalidInput):
        d.add(Record(1, (4, 4, 4), ((0, False), (0, False))))
    assert d.records == ()
    d.add(Record(1, (4, 4, 4), ((0, False), (2, True))))
    assert len(d.records) == 1


def test_a_day_answers_and_the_extra_flip():
    state = dealt(HANDS4, Game(players=4))
    state = state.apply(Clues(2, 6, 6))
    assert state.current_player() == 0 and set(state.legal_actions()) == {Keep(), *(FlipExtra(c) for c in CATEGORIES)}
    with pytest.raises(IllegalMove) as error:
        state.apply(Dig(2, 3, 4))
    assert error.value.rule == "Digging Up Treasure"
    state = state.apply(FlipExtra("marker"))
    assert state.current_player() == CHANCE
    assert state.chance_outcomes()[ExtraCard("marker", 6)] == Fraction(2, 17)   # one 6 is face up
    state = state.apply(ExtraCard("marker", 5))
    assert state.clue == (2, 5, 6) and state.discards["marker"] == {6: 1}
    assert state.phase == "answer" and state.current_player() == 1 and state.legal_actions() == (Answer(True),)
    with pytest.raises(IllegalMove) as error:
        state.apply(Answer(False))                          # pirate 1 holds island 2: must say Aye
    assert error.value.rule == "How to Play" and "must say Aye!" in error.value.reason
    state = state.apply(Answer(True))
    assert state.current_player() == 2 and state.legal_actions() == (Answer(False),)
    state = answered(state)
    record = state.records[-1]
    assert record.asker == 0 and dict(record.answers) == {1: True, 2: False, 3: True}
    assert state.phase == "dig" and state.window == [1, 2, 3, 0]
    with pytest.raises(IllegalMove) as error:
        state.apply(Keep())
    assert error.value.rule == "How to Play"
    state = replay(state, [Pass(), Dig(2, 3, 4), Pass(), Pass(), Pass()])
    assert state.chest == [ChestCard(2, (2, 3, 4), 1)] and state.crew == [4, 4, 3, 4]
    assert state.day == 2 and state.asker == 1 and state.phase == "flip"
    assert state.discards["island"] == {2: 1} and state.discards["marker"] == {5: 1, 6: 1}
    state.validate()


def test_empty_clue_deck_is_refilled_from_its_discards():
    game = Game(players=2, clue_copies=1)
    state = dealt([(1, 1, 1), (2, 2, 2)], game)
    for day in range(6):
        state = answered(replay(state, [Clues(day + 1, day + 1, day + 1), Keep()]))
        state = replay(state, [Pass(), Pass()])
        state.validate()
    assert state.decks["island"] == {} and sum(state.discards["island"].values()) == 6
    assert state.chance_outcomes()[Clues(1, 2, 3)] == Fraction(1, 216)
    state = state.apply(Clues(1, 2, 3))
    assert sum(state.decks["trap"].values()) == 5 and state.discards["trap"] == {}
    assert any("shuffled" in line for line in state.log)


def test_tomorrows_flip_from_a_refilled_deck_counts_todays_clue_with_its_copy_in_the_discards():
    """Rules: Plunder (2013) › How to Play (ASSUMPTION: an empty clue deck is refilled from its discards, today's
    clue card discarded at the end of the day first).  Given two copies of each card and the twelfth day's dig
    window (every deck just emptied: each card flipped twice, the sixes last), When a pirate reads its observation,
    Then tomorrow's flip of each deck comes from both copies of every card: the discarded six and today's six
    face up are two, not one.  (Mutation sample of issue 36 item 5: ``pile.get(None, 0) + 1`` counted today's
    clue as the only copy of its card.)"""
    from pirates_lab.plunder_2013.views import tomorrow_decks

    state = dealt([(1, 1, 1), (2, 2, 2)], Game(players=2, clue_copies=2))
    for day in range(12):
        card = day % 6 + 1
        state = answered(replay(state, [Clues(card, card, card), Keep()]))
        if day < 11:
            state = replay(state, [Pass(), Pass()])
    obs = state.observation(1)
    assert state.phase == "dig" and list(obs["clue"]) == [6, 6, 6]
    assert all(not obs["decks"][c] for c in CATEGORIES)
    assert {int(x): n for x, n in obs["discards"]["trap"].items()} == {**{x: 2 for x in range(1, 6)}, 6: 1}
    assert tomorrow_decks(obs) == {c: {x: 2 for x in range(1, 7)} for c in CATEGORIES}
