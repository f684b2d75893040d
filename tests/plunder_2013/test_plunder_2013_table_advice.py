"""The table widget's dig advisor counts what the rules count (issue 21, audit round 4): the treasures
still to dig for, the hunters racing you, and tomorrow's clue decks -- as the computer pirates do.

Rules: Plunder (2013) › Digging Up Treasure
Rules: Plunder (2013) › How to Play
"""
from __future__ import annotations

from pirates_lab.core import replay
from pirates_lab.plunder_2013.advisors import dig_advice
from pirates_lab.plunder_2013.game import Clues, Dig, Game, Keep, Pass
from pirates_lab.widgets.plunder_2013 import PlunderTable, dig_words
from plunder_2013_deals import answered, dealt

HANDS = [(1, 1, 1), (2, 2, 2), (3, 3, 3), (4, 4, 4)]


def table_at(state, players=4, **options):
    """A table (Sneaky Pete, seat 0, is the person) put at ``state`` and redrawn."""
    table = PlunderTable(players=players, seed=0, **options)
    table.match.state = state
    table.refresh()
    assert table.match.waiting_for() == "dig" and state.current_player() == 0
    return table


def advice_lines(table):
    return table.advice.value.split("<br>")[1:]


def test_crew_cards_wasted_on_disproved_guesses_are_scarce_on_the_table_too():
    """Rule: "once you send your Crewmember to dig, they cannot come back from the Treasure Chest."
    Given Sneaky Pete (you) in the day-1 digging window after two crew cards sent to places that hold his
    own Whale Island (nobody else can be there), two cards left and three rivals, When the table shows
    the dig advisor, Then every line says the cards are scarce, 2 for 3 treasures (as the computer
    pirate counts them).  Before: the table counted rivals less locations sent (3 - 2 = 1 treasure),
    so a card was never scarce there."""
    state = answered(replay(dealt(HANDS), [Clues(5, 5, 5), Keep()]))
    state = replay(state, [Pass(), Pass(), Pass(), Dig(1, 2, 2), Dig(1, 3, 3)])
    lines = advice_lines(table_at(state))
    assert len(lines) == 3 and all("scarce (2 for 3 treasures)" in line for line in lines)


def test_the_hunters_are_counted_from_the_crew_cards_on_the_table(monkeypatch):
    """Rule: "The player who sent the Crew Card there first steals 3 Treasure points" -- only pirates with
    crew cards can still race you, and nobody digs for his own treasure.  Given Peg-Leg Meg has sent all
    four of her crew cards on day 1 and Sneaky Pete decides next, When the table advises him, Then Meg's
    treasure is raced by two hunters (Barnacle Bill and One-Eyed Jack), Bill's and Jack's by one each
    (Meg has no card left), each with four crew cards for three treasures.  (The issue: the table took
    one off for the rival whether or not he still had crew cards -- one hunter for Meg's treasure.)"""
    import pirates_lab.widgets.plunder_2013 as table_module

    state = answered(replay(dealt(HANDS), [Clues(5, 5, 5), Keep()]))
    state = replay(state, [Dig(5, 5, 6), Dig(5, 6, 5), Dig(6, 5, 5), Dig(6, 6, 6), Pass(), Pass()])
    assert state.crew == [4, 0, 4, 4]
    asked = {}

    def spy(view, rival, **kwargs):
        asked[rival] = (kwargs["hunters"], kwargs["crew_left"], kwargs["rivals_left"])
        return dig_advice(view, rival, **kwargs)

    monkeypatch.setattr(table_module, "dig_advice", spy)
    table_at(state)
    assert asked == {1: (2, 4, 3), 2: (1, 4, 3), 3: (1, 4, 3)}


def test_the_table_weighs_tomorrows_decks_and_the_games_clue_copies():
    """Rules: Plunder (2013) › How to Play (ASSUMPTION: an empty clue deck is refilled from its face-up
    discards; clue cards are discarded at the end of the day).  Given a 2-pirate game with one copy of
    each clue card, in the sixth day's digging window (every deck just emptied, the sixth clue face up),
    When the table advises Sneaky Pete, Then it weighs tomorrow's flip from the discards AND today's clue
    (every card, one copy each), as the computer pirate does -- not from the discards alone, nor from
    three copies a card."""
    game = Game(players=2, clue_copies=1)
    state = dealt([(1, 1, 1), (2, 2, 2)], game)
    for day in range(6):
        state = answered(replay(state, [Clues(day + 1, day + 1, day + 1), Keep()]))
        if day < 5:
            state = replay(state, [Pass(), Pass()])
    assert all(not state.decks[c] for c in state.decks) and state.current_player() == 0
    table = table_at(state, players=2, clue_copies=1)
    view = table.match.view()
    whole = {c: {x: 1 for x in range(1, 7)} for c in ("island", "marker", "trap")}
    expected = dig_advice(view, 1, decks=whole, next_asker=0, days_left=9, copies=1, crew_left=2, rivals_left=1)
    old = dig_advice(view, 1, decks=state.public_decks(), next_asker=0, days_left=9, crew_left=2, rivals_left=1)
    assert state.asker == 1 and expected.wait is not None and str(old) != str(expected)
    assert advice_lines(table) == [dig_words(expected).replace("&", "&amp;")]         # the advice in a student's words


def test_advice_that_could_not_weigh_waiting_names_no_best_day():
    """Given the day-1 digging window at a 4-pirate table, where 13,824 deals still fit and weighing the
    two days to Peg-Leg Meg's next answer is too much work, When the advisor speaks of Meg's treasure,
    Then it says wait, and why, without naming a best day (it said "wait (best in 0 days)": today, the
    opposite of its verdict)."""
    state = answered(replay(dealt(HANDS), [Clues(5, 5, 5), Keep()]))
    view = state.deduction(0)
    advice = dig_advice(view, 1, decks=state.public_decks(), next_asker=1, days_left=14)
    assert advice.wait is None and not advice.dig_now and view.count() == 13_824
    text = str(advice)
    assert "→ wait. Weighing 2 days over 13,824 deals would take too long" in text and "best in" not in text
