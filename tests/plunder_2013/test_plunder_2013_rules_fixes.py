"""Issues 12 and 14 for Plunder (2013): each fix as Given/When/Then, quoting the rule it keeps.

Rules: Plunder (2013) › Digging Up Treasure
Rules: Plunder (2013) › How to Play
"""
from __future__ import annotations

import pytest

from pirates_lab.core import IllegalMove, InvalidInput, replay
from pirates_lab.plunder_2013.advisors import dig_advice
from pirates_lab.plunder_2013.deduction import Deduction, Record
from pirates_lab.plunder_2013.game import Clues, DealCard, Dig, Game, Keep


def dealt(hands):
    state = Game(players=len(hands)).new_initial_state()
    for hand in hands:
        for card in hand:
            state = state.apply(DealCard(card))
    return state


def at_dig(hands=((1, 1, 1), (2, 2, 2))):
    state = replay(dealt(hands), [Clues(3, 3, 3), Keep()])
    while state.phase == "answer":
        state = state.apply(state.legal_actions()[0])
    return state


# ------------------------------------------------------------------ Digging Up Treasure
@pytest.mark.parametrize("cards", [(True, 1, 1), (2.0, 2, 2), (1, "2", 3), (None, 1, 1)])
def test_a_dig_circles_three_cards_by_number(cards):
    """Rule: "Circle the Island, Marker and Trap you believe to be correct."
    Given the digging window, when a pirate sends Dig(True, 1, 1) or Dig(2.0, 2, 2), then it is
    refused with a sentence — it never reaches the Treasure Chest or a save."""
    state = at_dig()
    with pytest.raises(InvalidInput, match="whole number"):
        state.apply(Dig(*cards))
    assert state.chest == []


def test_a_dig_that_looks_equal_but_is_not_an_int_is_not_legal():
    """Given a Dig forged past its constructor (a bool where a card goes), when applied, then
    IllegalMove names Digging Up Treasure and the chest is untouched."""
    forged = Dig(1, 1, 1)
    object.__setattr__(forged, "island", True)
    state = at_dig()
    with pytest.raises(IllegalMove) as error:
        state.apply(forged)
    assert error.value.rule == "Digging Up Treasure" and state.chest == []


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


def test_an_unknown_pirate_is_a_sentence_not_a_key_error():
    """Given a 3-pirate Deduction, when a Record names pirate 7, then InvalidInput (no KeyError)."""
    d = Deduction(3, 0, (1, 2, 3))
    with pytest.raises(InvalidInput):
        d.add(Record(1, (4, 4, 4), ((0, False), (7, True))))
    with pytest.raises(InvalidInput):
        d.add(Record(5, (4, 4, 4), ((0, False), (2, True))))
    with pytest.raises(InvalidInput):
        d.location_distribution(7)


def test_dig_advice_for_your_own_seat_is_refused_with_a_sentence():
    """Rule: "when you think you have figured out the location of another pirate's treasure".
    Given my own seat (or a seat not at the table), when I ask the dig advisor, then InvalidInput."""
    d = Deduction(3, 0, (1, 2, 3))
    with pytest.raises(InvalidInput, match="your own seat"):
        dig_advice(d, 0)
    with pytest.raises(InvalidInput, match="no rival"):
        dig_advice(d, 9)


# ------------------------------------------------------------------ Using the Solution Grids
def parrot_deduction():
    """Pirate 1 said Nay to Whale/Starfish islands (1, 2): Parrot island (3) is open for him."""
    d = Deduction(3, 0, (6, 6, 6))
    d.record(asker=0, clues=(1, 1, 1), answers={1: "nay", 2: "aye"})
    d.record(asker=0, clues=(2, 2, 2), answers={1: "nay", 2: "nay"})
    return d


def test_o_means_he_might_have_hidden_it_there():
    """Rule: "if you think Sneaky Pete cannot have his treasure on Whale island or Starfish
    island, then place an X in those boxes. If you think he might have hidden it on Parrot island,
    place an O there."
    Given pirate 1 ruled out of Whale and Starfish islands but not of Parrot island, when the
    solver fills the right grid, then Whale and Starfish get an X and Parrot island an O (it is
    not certain: the O keeps its printed meaning), with its chance shown beside it."""
    d = parrot_deduction()
    grid = d.grid()[1]["island"]
    assert grid[1] == "X" and grid[2] == "X" and grid[6] == "X"          # 6 is my own card
    assert grid[3] == "O" and grid[4] == "O" and grid[5] == "O"
    parrot = d.cells()[1]["island"][3]
    assert not parrot.certain and parrot.probability == d.marginals()[1]["island"][3]
    assert str(parrot) == f"O {parrot.percent()}" and parrot.percent().endswith("%")
    assert d.why(1, "island", 3).mark == "O"


def test_certainty_is_a_tick_not_a_different_meaning_of_o():
    """Rule: "place an O there" for a might-have; a card he MUST hold is still an O, with a ✓.
    Given answers that leave pirate 2 only island 1 (he said Aye to 1/1/1 and Nay to every other
    island, marker and trap clue that could explain it), then his island-1 cell is "O" and ✓."""
    d = Deduction(3, 0, (6, 6, 6))
    d.record(asker=0, clues=(1, 1, 1), answers={1: "nay", 2: "aye"})
    d.record(asker=0, clues=(2, 1, 1), answers={1: "nay", 2: "nay"})   # marker 1 and trap 1 ruled out
    cell = d.cells()[2]["island"][1]
    assert cell.certain and cell.mark == "O" and str(cell) == "O ✓" and cell.probability == 1
    assert d.forced()[2] == {"island": 1} and d.grid()[2]["island"][1] == "O"
    assert d.grid()[2]["marker"][1] == "X" and d.grid()[2]["island"][3] == "X"
