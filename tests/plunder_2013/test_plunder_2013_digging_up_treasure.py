"""Plunder (2013) by rule: Digging Up Treasure — a crew card to a location (never your own), the digging window, and when digging pays.

Rules: Plunder (2013) › Digging Up Treasure
"""
from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st
from plunder_2013_deals import answered, dealt

from pirates_lab.core import IllegalMove, InvalidInput, replay
from pirates_lab.core.testing import refused
from pirates_lab.plunder_2013.advisors import dig_advice, hunters_for
from pirates_lab.plunder_2013.deduction import Deduction
from pirates_lab.plunder_2013.game import Answer, ChestCard, Clues, DealCard, Dig, Game, Keep, Pass
from pirates_lab.plunder_2013.pirates import sent_locations, treasures_left
from pirates_lab.plunder_2013.views import deduction_from


def digging(players: int = 3):
    """Given three pirates dealt (1,1,1) (2,2,2) (3,3,3), day 1, clues (4,4,4) kept, all answered Nay."""
    state = dealt([(k, k, k) for k in range(1, players + 1)], Game(players=players))
    state = replay(state, [Clues(4, 4, 4), Keep()])
    while state.phase == "answer":
        state = state.apply(Answer(False))
    return state


def at_dig(hands=((1, 1, 1), (2, 2, 2))):
    state = replay(dealt(hands), [Clues(3, 3, 3), Keep()])
    while state.phase == "answer":
        state = state.apply(state.legal_actions()[0])
    return state


# ------------------------------------------------------------------ Digging Up Treasure: the advisor
def even_odds():
    """Seed 0 of a 4-pirate random game after 8 days: pirate 1's best location has P = 1/2."""
    import random

    from pirates_lab.plunder_2013.reference import random_game
    hands, records = random_game(random.Random(0), 4, 8)
    d = Deduction(4, 0, hands[0])
    for r in records:
        d.add(r)
    return d


JUNK = st.one_of(st.integers(-3, 12), st.booleans(), st.none(), st.floats(allow_nan=True), st.text(max_size=3))


HANDS = [(1, 1, 1), (2, 2, 2), (3, 3, 3), (4, 4, 4)]


def wasted_two_cards():
    """Sneaky Pete (player 1) has sent two crew cards to places that hold his own island (nobody else
    can be there): two of his four cards are lost, three treasures are still to dig for."""
    state = answered(replay(dealt(HANDS), [Clues(5, 5, 5), Keep()]))
    return replay(state, [Pass(), Pass(), Pass(), Dig(1, 2, 2), Dig(1, 3, 3), Pass()])


def test_with_no_days_left_the_plan_is_today_alone():
    """Rules: Plunder (2013) › Game End and Scoring ("The player who sent the Crew Card there first steals 3 Treasure points")

    Given three pirates, one day of answers recorded, and no days left, When I ask whether to dig for
    rival 1, Then the plan holds today only: (day 0, the best guess's chance p, 3 points for a right guess —
    nobody can have been there first today — and 3p expected); today is the best day, waiting is worth 0,
    and the card is not kept.
    """
    d = Deduction(3, 0, (1, 2, 3))
    d.record(asker=2, clues=(4, 4, 4), answers={0: "nay", 1: "aye"})
    location, p = d.most_likely()[1]
    advice = dig_advice(d, 1, days_left=0)
    assert 0 < p < 1 and advice.location == location and advice.probability == p
    assert advice.plan == ((0, p, 3, 3 * p),)
    assert advice.best_day == 0 and advice.wait == 0 and advice.now == 3 * p
    assert advice.keep_card is False and advice.dig_now


def test_too_many_deals_to_look_ahead_leaves_today_and_says_why():
    """Rules: Plunder (2013) › How to Play

    Given the same table with days still to come but a deal limit below the deals that fit, When I ask
    whether to dig for rival 1, Then waiting is not weighed (wait and tomorrow's best are None), the note
    says how many deals were too many, and the plan still holds today.
    """
    d = Deduction(3, 0, (1, 2, 3))
    d.record(asker=2, clues=(4, 4, 4), answers={0: "nay", 1: "aye"})
    _, p = d.most_likely()[1]
    advice = dig_advice(d, 1, days_left=3, deal_limit=d.count() - 1)
    assert advice.wait is None and advice.tomorrow_best is None
    assert advice.note == f"More than {d.count() - 1:,} deals still fit: too early to weigh waiting exactly."
    assert advice.plan == ((0, p, 3, 3 * p),) and advice.best_day == 0 and advice.keep_card is False
    assert not advice.dig_now                       # unless certain, no verdict to dig without the look-ahead


def test_a_certain_location_is_dug_now_even_when_the_look_ahead_is_skipped():
    """Rules: Plunder (2013) › Digging Up Treasure

    Given rival 1 has said Nay to (3,3,4), (4,4,5), (5,5,6) and (6,6,1) with my cards (1,2,3) out of six a
    category — his treasure can only be at (2,1,2) — When I ask whether to dig with a deal limit too small
    to enumerate the deals, Then no enumeration is needed (a certain guess stays certain) and the verdict is
    to dig now: tomorrow the same guess is worth fewer points.
    """
    d = Deduction(3, 0, (1, 2, 3))
    for clue in ((3, 3, 4), (4, 4, 5), (5, 5, 6), (6, 6, 1)):
        d.record(asker=2, clues=clue, answers={0: "nay", 1: "nay"})
    assert d.most_likely()[1] == ((2, 1, 2), 1) and d.count() > 1
    advice = dig_advice(d, 1, days_left=3, deal_limit=0)
    assert advice.probability == 1 and [row[1] for row in advice.plan] == [1, 1]    # certain on every day
    assert advice.wait == advice.plan[1][3] < advice.now and advice.best_day == 0
    assert advice.dig_now and "dig now" in str(advice)


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


def test_passing_outside_the_digging_window_cites_digging_up_treasure():
    """Rules: Plunder (2013) › Digging Up Treasure — passing only means something in the digging window.

    Given the asker choosing the clues, When a pass is tried, Then it is refused citing Digging Up Treasure.
    """
    state = dealt([(1, 1, 1), (2, 2, 2), (3, 3, 3)], Game(players=3)).apply(Clues(4, 4, 4))
    with pytest.raises(IllegalMove) as error:
        state.apply(Pass())
    assert error.value.rule == "Digging Up Treasure" and error.value.reason == "There is nothing to pass on now."


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


def test_dig_advice_for_your_own_seat_is_refused_with_a_sentence():
    """Rule: "when you think you have figured out the location of another pirate's treasure".
    Given my own seat (or a seat not at the table), when I ask the dig advisor, then InvalidInput."""
    d = Deduction(3, 0, (1, 2, 3))
    with pytest.raises(InvalidInput, match="your own seat"):
        dig_advice(d, 0)
    with pytest.raises(InvalidInput, match="no rival"):
        dig_advice(d, 9)


def test_a_rival_who_may_dig_first_makes_digging_now_worth_it():
    """Rule: "The player who sent the Crew Card there first steals 3 Treasure points ... The second
    player to get this location correct receives 2 ... the third receives 1".
    Given even odds on pirate 1's treasure, 10 days left and two other pirates each with a 1 in 3
    chance a day of digging there first, when I ask the advisor, then it says dig now: tomorrow's
    answers sharpen the odds, but the points I can still steal fall faster."""
    d = even_odds()
    advice = dig_advice(d, 1, next_asker=0, days_left=10, overtake=Fraction(1, 3))
    assert advice.probability == Fraction(1, 2) and advice.dig_now and advice.best_day == 0
    assert advice.horizon == 1 and len(advice.plan) == 2 and advice.now == Fraction(3, 2)
    assert advice.plan[1][3] < advice.now


def test_with_nobody_racing_waiting_never_costs():
    """Rule: "only the first one can recover treasure" — with nobody else digging, waiting costs
    nothing: given no race (overtake 0) and 10 days left, the values never fall from one day to the
    next and the advisor waits (pirate 1 asks on day 2, so that day teaches nothing more: a tie, and
    the earliest best day is named)."""
    d = even_odds()
    for horizon in (1, 2):
        advice = dig_advice(d, 1, next_asker=0, days_left=10, overtake=0, horizon=horizon)
        values = [row[3] for row in advice.plan]
        assert values == sorted(values) and len(values) == horizon + 1 == advice.horizon + 1
        assert not advice.dig_now and advice.best_day == 1 and values[1] > values[0]
    assert values[2] == values[1]


def test_the_model_the_advisor_solves():
    """q_t is the exact look-ahead of the days looked at (no curve beyond them); the points are the
    exact race odds for the other hunters; the value is their product."""
    from pirates_lab.plunder_2013.advisors import race_points
    d = even_odds()
    advice = dig_advice(d, 1, next_asker=0, days_left=4, horizon=2)
    assert [row[0] for row in advice.plan] == [0, 1, 2] and advice.plan[1][1] == advice.tomorrow_best
    for t, q, points, value in advice.plan:
        assert value == q * points and points == race_points(0, 2, Fraction(1, 10), t)
    assert "Later days are not weighed" in advice.note
    # two hunters, each 1/10 a day, two days: found = 19/100 each
    f = Fraction(19, 100)
    assert race_points(0, 2, Fraction(1, 10), 2) == (1 - f) ** 2 * 3 + 2 * f * (1 - f) * 2 + f ** 2 * 1


def test_scarce_crew_cards_go_to_the_likeliest_treasures():
    """Rule: "once you send your Crewmember to dig, they cannot come back from the Treasure Chest."
    Given one crew card left and two treasures still to find, when pirate 3's treasure is less
    likely than pirate 1's, then the advisor keeps the card for pirate 1; for pirate 1 it does not."""
    d = even_odds()
    best = d.most_likely()
    weaker = min(d.rivals(), key=lambda p: best[p][1])
    stronger = max(d.rivals(), key=lambda p: best[p][1])
    assert best[weaker][1] < best[stronger][1]
    keep = dig_advice(d, weaker, next_asker=0, days_left=0, crew_left=1, rivals_left=2)
    assert keep.keep_card and not keep.dig_now and "scarce" in keep.note
    spend = dig_advice(d, stronger, next_asker=0, days_left=0, crew_left=1, rivals_left=2)
    assert not spend.keep_card and spend.dig_now
    with pytest.raises(InvalidInput):
        dig_advice(d, 1, crew_left=0)


@settings(max_examples=80, deadline=None)
@given(rival=JUNK, days=JUNK, overtake=st.one_of(JUNK, st.fractions()), crew=st.one_of(st.none(), JUNK))
def test_dig_advice_on_junk_is_a_sentence(rival, days, overtake, crew):
    d = Deduction(3, 0, (1, 2, 3))
    d.record(asker=2, clues=(4, 4, 4), answers={0: "nay", 1: "aye"})
    try:
        dig_advice(d, rival, days_left=days, overtake=overtake, crew_left=crew, deal_limit=10)
    except InvalidInput as error:
        assert str(error).strip()


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
