"""The Plunder (2013) lesson's scenarios: live demos and the functions that compute every answer.

``data/lessons.toml`` names these functions (the kit's ``Walkthrough`` runs them); a lesson never
writes an answer down.  One table, seen from Sneaky Pete's seat (player 0) in a four-pirate game:
his map cards, three days of clues and answers, then the Treasure Chest at the end.  Demos return
what a page shows (a dict or a list of text and numbers); the widget demos (the Solution Grid) are
in ``pirates_lab.widgets.plunder_2013_lessons``.

Rules: Plunder (2013) › Setup
"""
from __future__ import annotations

from fractions import Fraction

from .advisors import dig_advice, flip_advice
from .components import CATEGORIES, card_name, location_name, pirate_name
from .deduction import Deduction
from .game import ChestCard, Game, score_chest

__all__ = ["PLAYERS", "ME", "MY_CARDS", "DAYS", "HANDS", "CHEST", "deduction_after",
           "setup_table", "deals_at_start", "day_one", "chance_bill_says_aye",
           "three_days", "deals_after_three_days", "dig_choices", "chance_bills_likeliest",
           "the_chest", "petes_points"]

PLAYERS = 4
ME = 0                           # Sneaky Pete
MY_CARDS = (2, 5, 1)             # Starfish Island, Old Cannon, Quicksand
#: three days as Sneaky Pete writes them on his left grid: (asker, clue cards, answers)
DAYS = (
    (1, (3, 2, 6), {0: "nay", 2: "aye", 3: "nay"}),
    (2, (4, 4, 4), {0: "nay", 1: "aye", 3: "aye"}),
    (3, (3, 6, 3), {0: "nay", 1: "nay", 2: "aye"}),
)
#: the deal at that table (it fits every answer of DAYS), revealed when the chest is read
HANDS = ((2, 5, 1), (1, 1, 4), (3, 2, 3), (4, 3, 2))
#: the Treasure Chest at the end, in the order the crew cards went in
CHEST = (
    ChestCard(1, (4, 3, 2), 4),      # Peg-Leg Meg digs for One-Eyed Jack's treasure
    ChestCard(0, (3, 2, 3), 5),      # Sneaky Pete digs for Barnacle Bill's
    ChestCard(2, (1, 1, 5), 6),      # Barnacle Bill guesses Meg's, one card wrong
    ChestCard(0, (4, 3, 2), 6),      # Sneaky Pete digs for Jack's too
    ChestCard(3, (2, 5, 1), 7),      # One-Eyed Jack digs for Sneaky Pete's
    ChestCard(0, (4, 3, 2), 8),      # Sneaky Pete sends a crew card to Jack's location again
)


def _answer(said: str) -> str:
    return "Aye!" if said == "aye" else "Nay!"


def deduction_after(days: int) -> Deduction:
    """Sneaky Pete's deduction after the first ``days`` days of :data:`DAYS` (a fresh copy each call)."""
    deduction = Deduction(players=PLAYERS, me=ME, my_cards=MY_CARDS)
    for asker, clue, answers in DAYS[:days]:
        deduction.record(asker, clue, answers)
    return deduction


# ---------------------------------------------------------------- Setup
def setup_table() -> dict:
    """Setup: Sneaky Pete's secret map cards and his crew, as the game deals them."""
    state = Game(players=PLAYERS).new_initial_state()
    table = {"You are": pirate_name(ME)}
    table.update({f"Your {category} (secret)": card_name(category, card)
                  for category, card in zip(CATEGORIES, MY_CARDS)})
    table["Crew cards in your stack"] = state.crew[ME]
    table["Other pirates"] = ", ".join(pirate_name(p) for p in range(PLAYERS) if p != ME)
    return table


def deals_at_start() -> int:
    """How many deals of the other pirates' map cards fit before any clue (Sneaky Pete's view)."""
    return deduction_after(0).count()


# ---------------------------------------------------------------- How to Play
def day_one() -> dict:
    """How to Play: Peg-Leg Meg's turn — her three clues, the extra-flip choice ranked by the flip
    advisor (expected information of the answers), and who answers in turn."""
    asker, clue, _ = DAYS[0]
    deduction = deduction_after(0)
    decks = {category: {card: 3 for card in range(1, deduction.cards + 1)} for category in CATEGORIES}
    table = {"Whose turn (a day)": pirate_name(asker), "Clue cards flipped": location_name(clue)}
    for option in flip_advice(deduction, clue, decks, asker=asker):
        what = "Keep the three clues" if option.category is None else f"Flip one more {option.category}"
        table[what] = f"{option.bits:.2f} bits of information expected"
    order = [(asker + k) % PLAYERS for k in range(1, PLAYERS)]
    table["Answer in turn, clockwise"] = ", then ".join(pirate_name(p) for p in order)
    return table


def chance_bill_says_aye() -> Fraction:
    """Before anyone answers Meg's clues: the chance that Barnacle Bill (player 2) says Aye."""
    asker, clue, _ = DAYS[0]
    patterns = deduction_after(0).answer_distribution(clue, asker=asker)
    return patterns.probability(lambda pattern: dict(pattern)[2] == "aye")


# ---------------------------------------------------------------- Using the Solution Grids
def three_days() -> dict:
    """Using the Solution Grids: the left grid's three rows (clues, then Y or N under each pirate)."""
    rows = {}
    for day, (asker, clue, answers) in enumerate(DAYS, start=1):
        said = ", ".join(f"{pirate_name(p)} {'Y' if answers[p] == 'aye' else 'N'}" for p in sorted(answers))
        rows[f"Day {day}: {pirate_name(asker)} shows {location_name(clue)}"] = said
    return rows


def deals_after_three_days() -> int:
    """Deals of the other pirates' cards that fit all three days of answers."""
    return deduction_after(len(DAYS)).count()


# ---------------------------------------------------------------- Digging Up Treasure
def dig_choices() -> dict:
    """Digging Up Treasure: for each rival after three days, how many locations are still possible,
    the likeliest one, and what the dig advisor says (10 days left, nobody else racing yet)."""
    deduction = deduction_after(len(DAYS))
    table = {}
    for rival in deduction.rivals():
        locations = deduction.location_distribution(rival)
        possible = sum(1 for location in locations.outcomes() if locations[location] > 0)
        best, _ = deduction.most_likely()[rival]
        advice = dig_advice(deduction, rival, next_asker=ME, days_left=10)
        verdict = "dig now" if advice.dig_now else "keep the crew card" if advice.keep_card else "wait"
        table[pirate_name(rival)] = f"{possible:,} places possible; likeliest {location_name(best)}; advisor: {verdict}"
    return table


def chance_bills_likeliest() -> Fraction:
    """The chance that a crew card sent now to Barnacle Bill's likeliest location finds his treasure."""
    return deduction_after(len(DAYS)).most_likely()[2][1]


# ---------------------------------------------------------------- Game End and Scoring
def the_chest() -> list:
    """Game End and Scoring: the chest turned over and read in order, and the map cards revealed."""
    lines = [f"{n}. {pirate_name(card.player)} sent a crew card to {location_name(card.location)}"
             for n, card in enumerate(CHEST, start=1)]
    lines += [f"{pirate_name(p)} held {location_name(hand)}" for p, hand in enumerate(HANDS)]
    return lines


def petes_points() -> int:
    """Sneaky Pete's Treasure points at the end: what is left of his own treasure plus what he stole."""
    scores, _, _ = score_chest(list(HANDS), list(CHEST))
    return scores[ME]
