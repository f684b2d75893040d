"""Digging Up Treasure, as printed (issue 21): your own treasure is not dug for, wasted crew cards make
the rest scarce, and the hunters racing you are counted from the crew cards.

Rules: Plunder (2013) › Digging Up Treasure
"""
from __future__ import annotations

from pirates_lab.core import replay
from pirates_lab.core.testing import refused
from pirates_lab.plunder_2013.advisors import dig_advice, hunters_for
from pirates_lab.plunder_2013.game import ChestCard, Clues, DealCard, Dig, Game, Keep, Pass
from pirates_lab.plunder_2013.pirates import sent_locations, treasures_left
from pirates_lab.plunder_2013.views import deduction_from
from plunder_2013_deals import answered, dealt

HANDS = [(1, 1, 1), (2, 2, 2), (3, 3, 3), (4, 4, 4)]


def test_a_crew_card_does_not_dig_for_your_own_treasure():
    """Rule: "when you think you have figured out the location of another pirate's treasure, take one
    of your Crew cards."
    Given Peg-Leg Meg (player 2) first in the digging window, her treasure at Starfish Island /
    Shipwreck / Snake Pit (2, 2, 2), When she sends a crew card there, Then it is refused naming
    Digging Up Treasure and her, and nothing changes; it is not among her legal actions, every other
    location is.  (Before: accepted, and it silently scored nothing.)"""
    state = answered(replay(dealt(HANDS), [Clues(5, 5, 5), Keep()]))
    assert state.current_player() == 1
    error = refused(state, Dig(2, 2, 2), "Digging Up Treasure")
    assert "Peg-Leg Meg's own treasure" in error.reason and "another pirate's treasure" in error.reason
    legal = state.legal_actions()
    assert Dig(2, 2, 2) not in legal and len(legal) == 1 + 6 ** 3 - 1
    assert Dig(1, 1, 1) in legal and Dig(2, 2, 3) in legal       # a rival's, or any other guess
    state = state.apply(Dig(1, 1, 1))
    assert state.chest == [ChestCard(1, (1, 1, 1), 1)]


def wasted_two_cards():
    """Sneaky Pete (player 1) has sent two crew cards to places that hold his own island (nobody else
    can be there): two of his four cards are lost, three treasures are still to dig for."""
    state = answered(replay(dealt(HANDS), [Clues(5, 5, 5), Keep()]))
    return replay(state, [Pass(), Pass(), Pass(), Dig(1, 2, 2), Dig(1, 3, 3), Pass()])


def test_cards_sent_on_disproved_guesses_make_the_rest_scarce():
    """Rule: "once you send your Crewmember to dig, they cannot come back from the Treasure Chest."
    Given Sneaky Pete with two crew cards left after two wasted ones and three rivals, When his view
    counts the treasures still to dig for, Then all three are (none of his guesses can be anyone's),
    so two cards for three treasures are scarce and the dig advisor says so.  (Before, the computer
    pirate counted rivals minus locations sent: 3 - 2 = 1 treasure, and no card was ever scarce —
    0 of 315 calls.)"""
    state = wasted_two_cards()
    obs = state.observation(0)
    view = deduction_from(obs)
    sent = sent_locations(obs)
    assert sent == {(1, 2, 2), (1, 3, 3)} and obs["crew"][0] == 2
    assert treasures_left(view, sent) == 3
    advice = dig_advice(view, 2, crew_left=2, rivals_left=3, days_left=0)
    assert "scarce (2 for 3 treasures)" in advice.note


def test_a_guess_that_may_still_be_right_covers_one_treasure():
    """Given Sneaky Pete's crew card at Starfish Island / Shipwreck / Snake Pit (2, 2, 2), which any of
    his three rivals might hold, When the treasures still to dig for are counted, Then two are (a card
    matches one pirate at most); once every rival has said Nay to those cards, the card is lost and
    all three are again."""
    hands = [(1, 1, 1), (3, 3, 3), (4, 4, 4), (6, 6, 6)]
    state = answered(replay(dealt(hands), [Clues(5, 5, 5), Keep()]))
    state = replay(state, [Pass(), Pass(), Pass(), Dig(2, 2, 2), Pass()])
    obs = state.observation(0)
    assert treasures_left(deduction_from(obs), sent_locations(obs)) == 2
    for day in (2, 3):                                      # Meg asks on day 2, Bill on day 3
        state = replay(answered(replay(state, [Clues(2, 2, 2), Keep()])), [Pass()] * 4)
    assert {p for r in state.records[1:] for p, aye in r.answers if not aye} >= {1, 2, 3}
    obs = state.observation(0)
    assert treasures_left(deduction_from(obs), sent_locations(obs)) == 3


def test_the_hunters_are_the_other_pirates_with_crew_cards():
    """Rule: "The player who sent the Crew Card there first steals 3 Treasure points" — those who can
    still send one race you.  Given crew cards (4, 4, 0, 2), Then for rival 1 the only other hunter is
    player 4 (player 3 has none left), and for rival 3 (who has none) players 2 and 4 both hunt.
    (The table widget took one off for the rival whether or not he still had crew cards.)"""
    assert hunters_for([4, 4, 0, 2], me=0, rival=1) == 1
    assert hunters_for([4, 4, 0, 2], me=0, rival=2) == 2
    assert hunters_for([0, 0, 0, 0], me=0, rival=1) == 0


def test_a_pirate_reads_today_and_tomorrows_decks_from_what_it_sees():
    """Rules: Plunder (2013) › How to Play (ASSUMPTION: an empty clue deck is refilled from its face-up
    discards).  Given one copy of each card and the sixth day's dig window (every deck just emptied, the
    sixth clue face up), When a pirate reads its observation, Then an extra flip now would come from the
    discards, tomorrow's flip from the discards and today's clue (discarded at the end of the day), and a
    whole deck holds one copy of each card; with two copies, before any deck is empty, the decks themselves."""
    from pirates_lab.plunder_2013.views import available_decks, clue_copies, tomorrow_decks

    for copies in (1, 2):
        state = Game(players=2, clue_copies=copies).new_initial_state()
        for card in (1, 1, 1, 2, 2, 2):
            state = state.apply(DealCard(card))
        for day in range(6):
            state = answered(replay(state, [Clues(day + 1, day + 1, day + 1), Keep()]))
            if day < 5:
                state = replay(state, [Pass(), Pass()])
        obs = state.observation(0)
        assert state.phase == "dig" and clue_copies(obs) == copies
        if copies == 1:
            assert all(not obs["decks"][c] for c in ("island", "marker", "trap"))
            assert available_decks(obs)["island"] == {x: 1 for x in range(1, 6)}
            assert tomorrow_decks(obs)["trap"] == {x: 1 for x in range(1, 7)}
        else:
            assert available_decks(obs)["marker"] == tomorrow_decks(obs)["marker"] == {x: 1 for x in range(1, 7)}


def test_a_computer_pirate_weighs_its_scarce_cards_in_play(monkeypatch):
    """Rule: "once you send your Crewmember to dig, they cannot come back from the Treasure Chest."
    Given Sneaky Pete, a computer pirate that weighs every rival (boldness 0), in the digging window after
    two crew cards wasted on his own island, When he decides, Then every rival's dig advice is asked with
    his 2 cards for the 3 treasures still to dig for, and says they are scarce.  (The issue: the scarcity
    rule never fired in play, 0 of 315 calls: the pirate passed rivals less locations sent, 3 - 2 = 1.)"""
    import pirates_lab.plunder_2013.pirates as pirates
    from pirates_lab.plunder_2013.pirates import ComputerPirate

    state = answered(replay(dealt(HANDS), [Clues(5, 5, 5), Keep()]))
    state = replay(state, [Pass(), Pass(), Pass(), Dig(1, 2, 2), Dig(1, 3, 3)])
    assert state.current_player() == 0 and state.crew[0] == 2
    asked = []

    def spy(*args, **kwargs):
        advice = dig_advice(*args, **kwargs)
        asked.append((args[1], kwargs["crew_left"], kwargs["rivals_left"], advice.note))
        return advice

    monkeypatch.setattr(pirates, "dig_advice", spy)
    ComputerPirate(boldness=0)(state.view(0))
    assert sorted(rival for rival, *_ in asked) == [1, 2, 3]
    assert all((crew, rivals) == (2, 3) and "scarce (2 for 3 treasures)" in note for _, crew, rivals, note in asked)
