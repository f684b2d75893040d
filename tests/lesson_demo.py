"""Scenario functions for the demo lesson ``tests/data/lesson_demo.toml`` (Plunder (2013)).

Demos return what a page shows (a dict, a list, a number); answers are computed by the engine
here, never written in the lesson.  tests/test_widgets_lesson.py checks every answer against
an independent computation.

Rules: Plunder (2013) › Setup
"""
from __future__ import annotations

from fractions import Fraction

from pirates_lab.core import Dist
from pirates_lab.plunder_2013 import CATEGORIES, ChestCard, Deduction, card_name, pirate_name, score_chest

PLAYERS = 4
MY_CARDS = (2, 5, 1)            # I am pirate 0: my island, marker and trap
CLUES = (3, 2, 6)               # one day's three revealed clue cards (none of them mine)


def my_hand() -> dict:
    """Setup: the three secret map cards dealt to me (pirate 0)."""
    return {category.title(): card_name(category, card) for category, card in zip(CATEGORIES, MY_CARDS)}


def deals_at_start() -> int:
    """How many deals of the other pirates' map cards are possible before any clue."""
    return Deduction(players=PLAYERS, me=0, my_cards=MY_CARDS).count()


def the_clues() -> list:
    """How to Play: the three clue cards flipped on my turn."""
    return [card_name(category, card) for category, card in zip(CATEGORIES, CLUES)]


def chance_of_aye() -> Fraction:
    """The chance that one other pirate holds at least one of the three clue cards (says Aye)."""
    miss = Fraction(1)
    for category, mine, clue in zip(CATEGORIES, MY_CARDS, CLUES):
        others = Dist.uniform(card for card in range(1, 7) if card != mine)   # their card: any I do not hold
        miss *= others.probability(lambda card, clue=clue: card != clue)
    return 1 - miss


def nay_day() -> dict:
    """Using the Solution Grids: the day's row as I mark it (Y or N under each pirate)."""
    row = {category.title(): card_name(category, card) for category, card in zip(CATEGORIES, CLUES)}
    row[pirate_name(1)] = "N"
    return row


def deals_after_nay() -> int:
    """Deals still possible once pirate 1 says Nay to the clues."""
    deduction = Deduction(players=PLAYERS, me=0, my_cards=MY_CARDS)
    deduction.record(0, CLUES, {1: "nay"}, partial=True)
    return deduction.count()


def crew_cards() -> dict:
    """Digging Up Treasure: each captain digs with their Crew cards (as many as there are players)."""
    return {"players": PLAYERS, "Crew cards each": PLAYERS}


def digs_in_a_game() -> int:
    """Every Crew card is one dig: the whole table's digs in a game."""
    return PLAYERS * PLAYERS


HANDS = [(1, 1, 1), (2, 2, 2), (3, 3, 3), (4, 4, 4)]
CHEST = [ChestCard(1, (1, 1, 1), 3), ChestCard(2, (1, 1, 1), 4), ChestCard(3, (2, 2, 2), 5)]


def final_scores() -> dict:
    """Game End and Scoring: the chest flipped over and scored in order."""
    scores, _, _ = score_chest(HANDS, CHEST)
    return {pirate_name(player): score for player, score in enumerate(scores)}


def winner() -> str:
    """The pirate with the most points (ties: who found treasure first)."""
    scores, first, _ = score_chest(HANDS, CHEST)
    return pirate_name(max(range(len(scores)), key=lambda p: (scores[p], -first[p])))
