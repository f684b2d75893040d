"""The Plunder (2013) lesson's scenarios: live demos and the functions that compute every answer.

``data/lessons.toml`` names these functions (the kit's ``Walkthrough`` runs them); a lesson never
writes an answer down.  One table, seen from Sneaky Pete's seat (player 0) in a four-pirate game:
his map cards, three days of clues and answers, then the Treasure Chest at the end.  Demos return
what a page shows (a dict or a list of text and numbers); the widget demos (the Solution Grid) are
in ``pirates_lab.widgets.plunder_2013_lessons``.

Rules: Plunder (2013) › Setup
"""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

from .advisors import dig_advice
from .components import CATEGORIES, card_name, location_name, pirate_name
from .deduction import Deduction
from .engine import answer_is_aye
from .game import ChestCard, Game, score_chest

__all__ = ["PLAYERS", "ME", "MY_CARDS", "DAYS", "HANDS", "CHEST", "BILL", "deduction_after",
           "setup_table", "deals_at_start", "deal_the_others", "day_one", "chance_bill_says_aye",
           "bills_hands", "deal_bills_hands", "ayes_expected_in_1000", "chance_parrot_given_aye",
           "three_days", "deals_after_three_days", "dig_choices", "location_counts", "chance_bills_likeliest",
           "the_chest", "chest_after", "petes_points", "dig_worth_as_second_finder"]

PLAYERS = 4
ME = 0                           # Sneaky Pete
BILL = 2                         # Barnacle Bill, the rival the probability screens follow
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


def unseen_cards() -> tuple[tuple[int, ...], ...]:
    """In each category, the five cards Sneaky Pete does not hold (what the other pirates share)."""
    return tuple(tuple(x for x in range(1, 7) if x != mine) for mine in MY_CARDS)


def deal_the_others(rng: random.Random) -> dict[int, tuple[int, int, int]]:
    """One deal of the other pirates' map cards, every deal equally likely: in each category the five
    cards Pete does not hold are shuffled and the first three go to the other pirates, in seat order.

    >>> sorted(deal_the_others(random.Random(1)))
    [1, 2, 3]
    """
    others = [p for p in range(PLAYERS) if p != ME]
    columns = [rng.sample(cards, len(others)) for cards in unseen_cards()]
    return {p: tuple(column[k] for column in columns) for k, p in enumerate(others)}


# ---------------------------------------------------------------- How to Play
def day_one() -> dict:
    """How to Play: Peg-Leg Meg's turn — her three clues and who answers in turn."""
    asker, clue, _ = DAYS[0]
    order = [(asker + k) % PLAYERS for k in range(1, PLAYERS)]
    return {"Whose turn (a day)": pirate_name(asker), "Clue cards flipped": location_name(clue),
            "Answer in turn, clockwise": ", then ".join(pirate_name(p) for p in order)}


def chance_bill_says_aye() -> Fraction:
    """Before anyone answers Meg's clues: the chance that Barnacle Bill (player 2) says Aye."""
    asker, clue, _ = DAYS[0]
    patterns = deduction_after(0).answer_distribution(clue, asker=asker)
    return patterns.probability(lambda pattern: dict(pattern)[2] == "aye")


def bills_hands() -> list[tuple[tuple[int, int, int], bool]]:
    """Every hand Barnacle Bill may hold, seen from Pete's seat before any answer (5 × 5 × 5 = 125, all
    equally likely), each with the engine's answer to Meg's clues (True: Aye).

    >>> hands = bills_hands(); len(hands), sum(aye for _, aye in hands)
    (125, 61)
    """
    clue = DAYS[0][1]
    return [(hand, answer_is_aye(hand, clue)) for hand in product(*unseen_cards())]


def deal_bills_hands(rng: random.Random, n: int) -> list[bool]:
    """Deal Bill ``n`` hands at random (each of the 125 equally likely) and say which answer Aye to Meg's
    clues."""
    clue = DAYS[0][1]
    cards = unseen_cards()
    return [answer_is_aye(tuple(rng.choice(c) for c in cards), clue) for _ in range(n)]


def ayes_expected_in_1000() -> int:
    """In 1,000 deals of Bill's cards, how many Ayes the exact chance predicts (1,000 × the chance).

    >>> ayes_expected_in_1000()
    488
    """
    expected = 1000 * chance_bill_says_aye()
    if expected.denominator != 1:
        raise ValueError(f"1,000 deals predict {expected} Ayes: not a whole number")
    return int(expected)


def chance_parrot_given_aye() -> Fraction:
    """Bill has said Aye to Meg's clues (nobody else has answered): the chance he holds the clue island."""
    asker, clue, _ = DAYS[0]
    deduction = deduction_after(0)
    deduction.record(asker, clue, {BILL: "aye"}, partial=True)
    return deduction.marginals()[BILL]["island"][clue[0]]


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


def location_counts(rival: int = BILL) -> list[tuple[tuple[int, int, int], int]]:
    """After the three days: each place ``rival``'s treasure may be, with the number of fitting deals that
    put it there (likeliest first; the counts add up to every fitting deal)."""
    deduction = deduction_after(len(DAYS))
    total = deduction.count()
    places = deduction.location_distribution(rival)
    counts = [(place, int(places[place] * total)) for place in places.outcomes() if places[place] > 0]
    return sorted(counts, key=lambda item: (-item[1], item[0]))


def dig_worth_as_second_finder() -> Fraction:
    """The synthesis: a crew card sent to Bill's likeliest place now, when a right dig would make Pete the
    second finder (2 points): its expected Treasure points (2 × the chance it is right)."""
    return 2 * chance_bills_likeliest()


def chance_bills_likeliest() -> Fraction:
    """The chance that a crew card sent now to Barnacle Bill's likeliest location finds his treasure."""
    return deduction_after(len(DAYS)).most_likely()[2][1]


# ---------------------------------------------------------------- Game End and Scoring
def chest_after(cards: int) -> dict:
    """The chest read from the top, ``cards`` crew cards turned over: each line, every pirate's points so
    far, and the hands a right find has made their owners reveal (a pirate nobody finds keeps his secret).

    >>> chest_after(0)["points"], chest_after(len(CHEST))["points"]
    ([6, 6, 6, 6], [8, 9, 3, 4])
    """
    shown = list(CHEST[:cards])
    points, _, finders = score_chest(list(HANDS), shown)
    lines = []
    for card in shown:
        owner = next((p for p, hand in enumerate(HANDS) if tuple(hand) == tuple(card.location)), None)
        if owner is None:
            verdict = "nobody's treasure: no points"
        elif owner == card.player:
            verdict = "his own treasure: no points"
        else:
            earlier = [c for c in shown[:shown.index(card)]
                       if tuple(c.location) == tuple(card.location) and c.player == card.player]
            found = dict(finders[owner])
            if earlier or card.player not in found:
                verdict = "the same place again: nothing more"
            else:
                place = [f for f, _ in finders[owner]].index(card.player)
                verdict = (f"{pirate_name(owner)}'s treasure, found {('first', 'second', 'third', 'fourth')[place]}:"
                           f" +{found[card.player]}")
        lines.append(f"{pirate_name(card.player)} → {location_name(card.location)}: {verdict}")
    revealed = {pirate_name(p): location_name(HANDS[p]) for p in range(PLAYERS) if finders[p]}
    return {"lines": lines, "points": points, "revealed": revealed}


def the_chest() -> list:
    """Game End and Scoring: the chest turned over and read in order; only a pirate whose treasure was
    found reveals his map cards."""
    after = chest_after(len(CHEST))
    return after["lines"] + [f"{owner} reveals {hand}" for owner, hand in after["revealed"].items()]


def petes_points() -> int:
    """Sneaky Pete's Treasure points at the end: what is left of his own treasure plus what he stole."""
    scores, _, _ = score_chest(list(HANDS), list(CHEST))
    return scores[ME]
