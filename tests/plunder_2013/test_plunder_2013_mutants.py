"""Tests written to kill mutants that survived the fast tests (see docs/testing.md).

Each test is a Given/When/Then scenario on a hand-built position: it pins one rule (or one check of
``validate``) that a small deliberate change to the engine (``<`` into ``<=``, ``and`` into ``or``, a
constant off by one) used to get past.
"""
from __future__ import annotations

import pytest

from pirates_lab.core import CHANCE, IllegalMove, Task, replay
from pirates_lab.core.testing import refused
from pirates_lab.plunder_2013.game import (Answer, Asking, ChestCard, Clues, DealCard, Dealing, Dig, Extra, Game, Keep,
                                           Pass, Window, score_chest)
from plunder_2013_deals import dealt


def digging(players: int = 3):
    """Given three pirates dealt (1,1,1) (2,2,2) (3,3,3), day 1, clues (4,4,4) kept, all answered Nay."""
    state = dealt([(k, k, k) for k in range(1, players + 1)], Game(players=players))
    state = replay(state, [Clues(4, 4, 4), Keep()])
    while state.phase == "answer":
        state = state.apply(Answer(False))
    return state


# --------------------------------------------------------------------------- validate()
def test_a_valid_position_validates_at_every_phase():
    """Given positions in each phase of a day, Then validate() accepts them (the checks are not too strict)."""
    game = Game(players=3)
    state = game.new_initial_state()
    state.validate()
    state = state.apply(DealCard(1))
    state.validate()
    state = dealt([(1, 1, 1), (2, 2, 2), (3, 3, 3)], game)
    state.validate()
    state = state.apply(Clues(4, 4, 4))
    state.validate()
    state = state.apply(Keep())
    state.validate()
    state = state.apply(Answer(False))
    state.validate()
    state = state.apply(Answer(False))
    state.validate()
    assert state.phase == "dig"
    state = state.apply(Dig(1, 1, 1))
    state.validate()


def on_top(task):
    """Replace the step in progress (the task on top of the agenda) by ``task``."""
    return lambda s: s.agenda.__setitem__(-1, task)


@pytest.mark.parametrize("corrupt, message", [
    (on_top(Task("nap")), "not a task of the table"),
    (on_top(Task("deal", None, Dealing(8))), "deal count"),
    (on_top(Task("deal", None, Dealing(-1))), "deal count"),
    (on_top(Task("deal", None, Dealing(9))), "deal count"),               # all 9 cards out: no deal left
    (on_top(Task("deal", None, ())), "carries"),
    (lambda s: s.agenda.append(Task("dig", None, Window((1,)))), "more than its bound"),
    (lambda s: s.hands.append([0, 0, 0]), "three map cards"),
    (lambda s: s.hands[0].append(1), "three map cards"),
    (lambda s: s.hands[1].__setitem__(0, 1), "dealt twice"),
    (lambda s: s.hands[1].__setitem__(0, 7), "dealt twice"),
    (lambda s: s.hands[2].__setitem__(2, 0), "deal count"),
    (lambda s: s.crew.append(3), "crew counts"),
    (lambda s: s.crew.__setitem__(0, 4), "crew counts"),
    (lambda s: s.crew.__setitem__(0, -1), "crew counts"),
    (lambda s: s.chest.append(ChestCard(0, (1, 1, 1), 1)), "chest"),
    (lambda s: setattr(s, "asker", 3), "asker or day"),
    (lambda s: setattr(s, "asker", -1), "asker or day"),
    (lambda s: setattr(s, "day", 16), "asker or day"),
    (lambda s: setattr(s, "day", 0), "asker or day"),
    (lambda s: s.records.append(s.records[0]), "one record per day"),
    (on_top(Task("flip", 0)), "one record per day"),
    (lambda s: setattr(s, "clue", None), "clues are face up"),
    (lambda s: on_top(Task("dig", None, Window((0, 1))))(s) or s.crew.__setitem__(0, 0) or s.chest.extend(
        [ChestCard(0, (2, 2, 2), 1)] * 3), "digging window"),
    (on_top(Task("dig", None, Window(()))), "digging window"),
    (lambda s: s.decks["island"].__setitem__(1, 0), "positive whole numbers"),
    (lambda s: s.decks["island"].__setitem__(1, True), "positive whole numbers"),
    (lambda s: s.decks["island"].__setitem__(1, 2), "lost or gained"),
    (lambda s: s.discards["trap"].__setitem__(1, 1), "lost or gained"),
])
def test_validate_refuses_each_kind_of_broken_position(corrupt, message):
    """Given a valid position in the digging window, When one thing is broken, Then validate() says which,
    in exactly its sentence (the core's agenda checks: by a phrase of theirs)."""
    state = digging()
    state.validate()
    corrupt(state)
    with pytest.raises(ValueError) as refused:
        state.validate()
    said = str(refused.value)
    assert said in SENTENCES[message] if message in SENTENCES else message in said, said


#: validate()'s own sentences (exactly), by the phrase the cases above name
SENTENCES = {phrase: [sentence for sentence in (
    "every pirate has three map cards", "a map card is dealt twice or is not a card",
    "the hands do not match the deal count", "crew counts out of range",
    "the chest does not hold the crew cards used", "asker or day out of range", "one record per day answered",
    "the clues are face up exactly from the flip to the end of the day",
    "deck counts must be positive whole numbers", "the island clue deck has lost or gained cards",
    "the trap clue deck has lost or gained cards", "the digging window is broken") if phrase in sentence]
    for phrase in ("three map cards", "dealt twice", "deal count", "crew counts", "chest", "asker or day",
                   "one record per day", "clues are face up", "positive whole numbers", "lost or gained",
                   "digging window")}


def test_validate_checks_the_answers_given_so_far():
    """Given pirate 1 answered, pirate 2 to answer, When the answers are tampered with, Then validate() refuses."""
    state = dealt([(1, 1, 1), (2, 2, 2), (3, 3, 3)], Game(players=3))
    state = replay(state, [Clues(5, 4, 4), Keep(), Answer(False)])
    state.validate()
    assert state.task == Task("answer", None, Asking((2,), ((1, False),)))
    for asking in (Asking((2,), ((1, True),)),                     # pirate 1 holds no 5/4/4: a lie
                   Asking((1,), ((2, False),)),                    # out of turn order
                   Asking((), ((1, False), (2, False)))):          # true, in order, but nobody left
        wrong = state.clone()
        on_top(Task("answer", None, asking))(wrong)
        with pytest.raises(ValueError, match="truthful answers"):
            wrong.validate()


def test_validate_needs_a_category_while_an_extra_card_is_flipped():
    """Given the asker flipped one more card, When the category is lost, Then validate() refuses."""
    from pirates_lab.plunder_2013.game import FlipExtra

    state = dealt([(1, 1, 1), (2, 2, 2), (3, 3, 3)], Game(players=3))
    state = replay(state, [Clues(4, 4, 4), FlipExtra("trap")])
    state.validate()
    assert state.current_player() == CHANCE
    on_top(Task("extra", 0, Extra("parrot")))(state)
    with pytest.raises(ValueError, match="no category"):
        state.validate()


# --------------------------------------------------------------------------- Digging Up Treasure
def test_dig_is_legal_only_for_cards_one_to_n():
    """Rules: Plunder (2013) › Digging Up Treasure — a location is one island, marker and trap of the deck.

    Given the digging window with 6 cards a category, Then digs at 1 and 6 are legal, at 0 and 7 not.
    """
    state = digging()
    for good in (Dig(1, 1, 1), Dig(6, 6, 6), Dig(1, 6, 3)):
        state.check(good)
    for bad in (Dig(0, 1, 1), Dig(1, 7, 1), Dig(1, 1, 0), Dig(7, 6, 6)):
        with pytest.raises(IllegalMove) as error:
            state.apply(bad)
        assert error.value.rule == "Digging Up Treasure" and "1 to 6" in error.value.reason


def test_last_crew_card_closes_the_pirates_window():
    """Rules: Plunder (2013) › Digging Up Treasure

    Given pirate 1 with one crew card left, When they dig, Then their turn in the window ends at once
    (the next pirate digs) and their crew count is 0.
    """
    state = digging()
    assert state.window == [1, 2, 0]
    state.crew = [3, 1, 3]
    state.chest = [ChestCard(1, (5, 5, 5), 0)] * 2
    state.validate()
    after = state.apply(Dig(3, 3, 3))
    assert after.crew == [3, 0, 3] and after.window == [2, 0] and after.current_player() == 2
    more = state.apply(Pass())
    assert more.window == [2, 0] and more.crew == [3, 1, 3]


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


def test_passing_outside_the_digging_window_cites_digging_up_treasure():
    """Rules: Plunder (2013) › Digging Up Treasure — passing only means something in the digging window.

    Given the asker choosing the clues, When a pass is tried, Then it is refused citing Digging Up Treasure.
    """
    state = dealt([(1, 1, 1), (2, 2, 2), (3, 3, 3)], Game(players=3)).apply(Clues(4, 4, 4))
    with pytest.raises(IllegalMove) as error:
        state.apply(Pass())
    assert error.value.rule == "Digging Up Treasure" and error.value.reason == "There is nothing to pass on now."


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


# --------------------------------------------------------------------------- the Solution Grid's "why"
def test_why_explains_your_own_cards():
    """Rules: Plunder (2013) › Using the Solution Grids

    Given my cards Whale Island (1), marker 2, trap 3, When I ask why about my own column, Then the island I
    hold is an O and another an X, each explained as my own cards, in the category asked about.
    """
    from pirates_lab.plunder_2013.deduction import Deduction

    mine = Deduction(3, 0, (1, 2, 3), 6)
    held = mine.why(0, "island", 1)
    assert (held.category, held.card, held.mark) == ("island", 1, "O")
    assert held.text == "These are your own cards: you hold Whale Island."
    other = mine.why(0, "island", 2)
    assert (other.category, other.mark) == ("island", "X")
    assert other.text == "These are your own cards: you do not hold Starfish Island."


def test_why_cites_the_nay_that_rules_a_card_out():
    """Rules: Plunder (2013) › Using the Solution Grids

    Given pirate 1 said Nay to clues (4, 4, 4), When I ask why pirate 1's island 4 is crossed out,
    Then the explanation is an X in the island category resting on that one answer.
    """
    from pirates_lab.plunder_2013.deduction import Deduction

    mine = Deduction(3, 0, (1, 2, 3), 6)
    mine.record(0, (4, 4, 4), {1: False, 2: True})
    why = mine.why(1, "island", 4)
    assert (why.category, why.card, why.mark) == ("island", 4, "X")
    assert len(why.answers) == 1 and why.answers[0].player == 1 and why.answers[0].aye is False


def test_why_a_card_is_forced_by_the_setup_alone():
    """Rules: Plunder (2013) › Setup — no card is dealt twice.

    Given two pirates and two cards of each kind, me holding 1, 1, 1, When I ask why the rival's island 2
    is certain, Then it is an O resting on no answer: no deal allows anything else.
    """
    from pirates_lab.plunder_2013.deduction import Deduction

    why = Deduction(2, 0, (1, 1, 1), 2).why(1, "island", 2)
    assert (why.category, why.mark, why.answers) == ("island", "O", ())
    assert why.text == ("Peg-Leg Meg must hold Starfish Island: with 2 pirates and 2 cards of each kind no deal "
                        "allows anything else (Setup).")


def test_why_a_card_is_forced_by_an_aye():
    """Rules: Plunder (2013) › Using the Solution Grids

    Given two pirates, three cards of each kind, me holding 1, 1, 1, When the rival says Aye to island 2,
    marker 1, trap 1 (markers and traps 1 are mine), Then his island 2 is certain, resting on that Aye.
    """
    from pirates_lab.plunder_2013.deduction import Deduction

    mine = Deduction(2, 0, (1, 1, 1), 3)
    mine.record(0, (2, 1, 1), {1: True})
    why = mine.why(1, "island", 2)
    assert (why.category, why.mark, why.probability) == ("island", "O", 1)
    assert len(why.answers) == 1 and why.answers[0].aye is True
    assert why.text.endswith("So Peg-Leg Meg must hold Starfish Island.")


def test_an_answer_that_contradicts_two_earlier_ones_names_both():
    """Rules: Plunder (2013) › How to Play — a pirate "must" answer Aye if a map card matches.

    Given the rival said Nay to island 2 and then Nay to marker 2 (so he holds island 3, marker 3), When he
    is recorded saying Aye to island 2 / marker 2 / trap 1, Then the record is refused naming both earlier
    answers ("2 earlier answers") and the deduction is unchanged.
    """
    from pirates_lab.plunder_2013.deduction import Deduction, InconsistentAnswers

    mine = Deduction(2, 0, (1, 1, 1), 3)
    mine.record(0, (2, 1, 1), {1: False})
    mine.record(0, (1, 2, 1), {1: False})
    count = mine.count()
    with pytest.raises(InconsistentAnswers) as error:
        mine.record(0, (2, 2, 1), {1: True})
    assert str(error.value).startswith("Day 3's answers contradict 2 earlier answers: day 1: ")
    assert len(error.value.conflicts) == 2 and mine.count() == count


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


def test_a_pirate_sees_who_is_still_to_answer_and_to_dig():
    """Rules: Plunder (2013) › How to Play — "Each other player in turn order, clockwise around the table".
    Given Peg-Leg Meg has answered and Barnacle Bill is still to, Then every pirate's observation says so
    (today's answers so far and who is next); in the digging window it names the pirates still to decide."""
    state = dealt([(1, 1, 1), (2, 2, 2), (3, 3, 3)], Game(players=3))
    state = replay(state, [Clues(5, 4, 4), Keep(), Answer(False)])
    for player in range(3):
        seen = state.observation(player)
        assert (seen["phase"], seen["pending"], seen["given"], seen["window"]) == ("answer", [2], [[1, False]], [])
    state = state.apply(Answer(False))
    seen = state.observation(0)
    assert (seen["phase"], seen["pending"], seen["given"], seen["window"]) == ("dig", [], [], [1, 2, 0])


def test_a_dig_is_judged_by_its_cards_exactly_as_the_list_of_digs_says():
    """Rules: Plunder (2013) › Digging Up Treasure.  Given the digging window, Then the fast check by a
    dig's cards (the table's ``legal`` column) accepts exactly the digs listed, at the edges too (cards 1
    and n), and refuses your own location and forged cards."""
    from pirates_lab.plunder_2013.digging_up_treasure import dig_legal

    state = digging()
    task, listed = state.task, set(state.legal_actions())
    for dig in (Dig(1, 1, 2), Dig(6, 6, 6), Dig(1, 6, 1), Dig(6, 1, 6), Dig(2, 2, 2), Dig(1, 1, 1)):
        assert dig_legal(state, task, dig) == (dig in listed), dig
    assert not dig_legal(state, task, Dig(2, 2, 2)) and dig_legal(state, task, Dig(1, 1, 1))   # pirate 1 is first
    forged = Dig(1, 1, 1)
    object.__setattr__(forged, "trap", True)
    assert not dig_legal(state, task, forged) and not dig_legal(state, task, Pass())
    assert all(dig_legal(state, task, d) for d in listed if isinstance(d, Dig))
