"""Every rule a student reads in the Plunder (2013) lesson is a rule the engine applies (issue 21 item 4,
audit round 4), and every count a why states is a count the engine makes (issue 39).

Each sentence of every screen's "why" (and of the opening screen) is listed here with the engine
behaviour that makes it true, checked on the engine: a sentence added or changed in
``pirates_lab/plunder_2013/data/lessons.toml`` without a check here fails the first test, and a rule
the engine stops applying fails its check.  (The lesson once said an Aye "alone rules nothing out",
which the engine -- and the printed "no duplicate cards" -- contradict when two clue cards are yours.)

Rules: Plunder (2013) › Setup
Rules: Plunder (2013) › How to Play
Rules: Plunder (2013) › Using the Solution Grids
Rules: Plunder (2013) › Digging Up Treasure
Rules: Plunder (2013) › Game End and Scoring
"""
from __future__ import annotations

import re
import tomllib
from fractions import Fraction
import random
from itertools import product
from pathlib import Path

import pytest

import pirates_lab.plunder_2013 as package
from pirates_lab.core import replay
from pirates_lab.plunder_2013 import lessons
from pirates_lab.plunder_2013.deduction import Deduction
from pirates_lab.plunder_2013.engine import answer_is_aye
from pirates_lab.plunder_2013.game import ChestCard, Clues, DealCard, Dig, Game, Keep, Pass, score_chest
from plunder_2013_deals import answered, dealt

LESSON = Path(package.__file__).parent / "data" / "lessons.toml"


def sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s.strip()]


def read_lesson() -> dict[str, list[str]]:
    """{screen: its sentences} for the opening screen's text and every screen's why."""
    screens = tomllib.loads(LESSON.read_text(encoding="utf-8"))["screen"]
    out = {}
    for screen in screens:
        if screen["kind"] == "game":
            out["opening"] = sentences(screen["text"])
        elif screen.get("why"):
            out[screen.get("heading") or screen["title"]] = sentences(screen["why"])
    return out


# ---------------------------------------------------------------- the checks, one per sentence
def aye_is_one_or_more_match():
    """Aye exactly when one or more map cards equal that category's clue (every hand, every clue)."""
    for hand, clue in product(product(range(1, 4), repeat=3), repeat=2):
        assert answer_is_aye(hand, clue) == any(h == c for h, c in zip(hand, clue))
    state = answered(replay(dealt([(1, 1, 1), (2, 3, 4), (5, 5, 5)]), [Clues(2, 2, 2), Keep()]))
    assert state.records[0].answers == ((1, True), (2, False))


def everyone_but_the_asker_answers():
    state = answered(replay(dealt([(1, 1, 1), (2, 3, 4), (5, 5, 5)]), [Clues(2, 2, 2), Keep()]))
    assert [p for p, _ in state.records[0].answers] == [1, 2] and state.records[0].asker == 0


def a_crew_card_digs_for_another_pirates_treasure():
    state = answered(replay(dealt([(1, 1, 1), (2, 3, 4), (5, 5, 5)]), [Clues(6, 6, 6), Keep()]))
    assert state.current_player() == 1                      # Peg-Leg Meg holds (2, 3, 4)
    assert Dig(2, 3, 4) not in state.legal_actions() and Dig(1, 1, 1) in state.legal_actions()


def no_card_is_dealt_twice():
    state = Game(players=4).new_initial_state()
    for card in (2, 5, 1):
        state = state.apply(DealCard(card))
    offered = {outcome.card for outcome in state.chance_outcomes().outcomes()}
    assert offered == {1, 3, 4, 5, 6}                       # pirate 2's island: the five Pete does not hold


def deals_multiply_over_categories():
    assert lessons.deals_at_start() == (5 * 4 * 3) ** 3


def nay_only_if_every_category_misses():
    for hand in product(range(1, 4), repeat=3):
        for clue in product(range(1, 4), repeat=3):
            assert (not answer_is_aye(hand, clue)) == all(h != c for h, c in zip(hand, clue))


def bills_aye_is_one_less_four_fifths_cubed():
    assert not any(m == c for m, c in zip(lessons.MY_CARDS, lessons.DAYS[0][1]))
    assert lessons.chance_bill_says_aye() == 1 - Fraction(4, 5) ** 3


def nay_hands_are_four_of_five_cubed():
    """Of Bill's 125 equally likely hands (five cards a category), 4 × 4 × 4 = 64 miss Meg's clue everywhere."""
    hands = lessons.bills_hands()
    assert len(hands) == 5 ** 3 == len(set(h for h, _ in hands))
    assert all(sum(x == c for x, c in zip(h, lessons.DAYS[0][1])) == 0 for h, aye in hands if not aye)
    assert sum(1 for _, aye in hands if not aye) == 4 * 4 * 4 == 64
    assert all(sum(1 for x in {h[k] for h, _ in hands} if x == lessons.DAYS[0][1][k]) == 1 for k in range(3))


def the_ayes_expected_in_1000_deals():
    assert lessons.ayes_expected_in_1000() == 1000 * Fraction(61, 125) == 488


def dealt_ayes_are_near_488_rarely_on_it():
    """1,000 seeded deals land within 4 standard deviations of 488; exactly 488 has a chance under 3 %."""
    dealt = sum(lessons.deal_bills_hands(random.Random(2024), 1000))
    p = Fraction(61, 125)
    assert abs(dealt - 488) < 4 * float(1000 * p * (1 - p)) ** 0.5
    from math import comb
    assert comb(1000, 488) * float(p) ** 488 * float(1 - p) ** 512 < 0.03


def after_an_aye_the_aye_hands_are_left_equally_likely():
    asker, clue, _ = lessons.DAYS[0]
    d = lessons.deduction_after(0)
    d.record(asker, clue, {lessons.BILL: "aye"}, partial=True)
    places = d.location_distribution(lessons.BILL)
    left = [h for h in places.outcomes() if places[h] > 0]
    assert len(left) == 61 and {places[h] for h in left} == {Fraction(1, 61)}


def every_parrot_hand_says_aye():
    clue = lessons.DAYS[0][1]
    parrot = [(h, aye) for h, aye in lessons.bills_hands() if h[0] == clue[0]]
    assert len(parrot) == 5 * 5 == 25 and all(aye for _, aye in parrot)


def parrot_given_aye_is_25_of_61():
    assert lessons.chance_parrot_given_aye() == Fraction(25, 61)


def two_places_tie_at_312_of_5946():
    counts = lessons.location_counts(lessons.BILL)
    assert counts[0][1] == counts[1][1] == 312 > counts[2][1] and sum(n for _, n in counts) == 5946
    assert lessons.chance_bills_likeliest() == Fraction(312, 5946) == Fraction(52, 991)


def only_found_treasures_are_revealed():
    """The chest's finds: only owners whose location a crew card matched reveal; Meg's is never found."""
    _, _, finders = score_chest(list(lessons.HANDS), list(lessons.CHEST))
    revealed = lessons.chest_after(len(lessons.CHEST))["revealed"]
    assert set(revealed) == {package.pirate_name(p) for p in range(lessons.PLAYERS) if finders[p]}
    assert finders[1] == [] and package.pirate_name(1) not in revealed


def the_chance_a_place_is_right_is_312_of_5946():
    best, n = lessons.location_counts(lessons.BILL)[0]
    assert n == 312 and lessons.deduction_after(3).count() == 5946
    assert lessons.deduction_after(3).location_distribution(lessons.BILL)[best] == Fraction(312, 5946)


def a_second_finder_earns_two_on_average_chance_times_two():
    hands = [(1, 1, 1), (2, 2, 2), (3, 3, 3)]
    second = score_chest(hands, [ChestCard(1, (3, 3, 3), 1), ChestCard(0, (3, 3, 3), 2)])[0][0]
    wrong = score_chest(hands, [ChestCard(1, (3, 3, 3), 1), ChestCard(0, (3, 3, 2), 2)])[0][0]
    assert (second - 6, wrong - 6) == (2, 0)
    assert lessons.dig_worth_as_second_finder() == 2 * Fraction(312, 5946) == Fraction(624, 5946)
    assert round(float(Fraction(624, 5946)), 3) == 0.105


def rows_are_facts_counted_together():
    d = lessons.deduction_after(len(lessons.DAYS))
    counts = [lessons.deduction_after(k).count() for k in range(len(lessons.DAYS) + 1)]
    assert counts == sorted(counts, reverse=True) and counts[-1] == d.count() == lessons.deals_after_three_days()


def a_nay_crosses_out_all_three():
    d = Deduction(3, 0, (1, 1, 1))
    d.record(asker=0, clues=(2, 3, 4), answers={1: "nay", 2: "aye"}, partial=False)
    ruled = d.impossible()[1]
    assert 2 in ruled["island"] and 3 in ruled["marker"] and 4 in ruled["trap"]


def an_aye_is_one_or_more_of_his():
    d = Deduction(3, 0, (1, 1, 1))
    d.record(asker=2, clues=(2, 3, 4), answers={1: "aye"}, partial=True)
    dist = d.location_distribution(1)
    assert all(any(x == c for x, c in zip(place, (2, 3, 4))) for place in dist.outcomes() if dist[place] > 0)


def two_of_your_cards_pin_the_third():
    for mine, clue in (((1, 1, 1), (1, 1, 2)), ((1, 1, 1), (3, 1, 1)), ((2, 5, 1), (4, 5, 1))):
        d = Deduction(4, 0, mine)
        d.record(asker=2, clues=clue, answers={1: "aye"}, partial=True)
        c = next(k for k in range(3) if clue[k] != mine[k])
        assert d.forced()[1] == {("island", "marker", "trap")[c]: clue[c]}


def otherwise_an_aye_alone_rules_nothing_out():
    """Every clue with at most one of my cards: one Aye alone (a partial day) rules out no card for anyone;
    with the lesson's other rows, cards are ruled out."""
    mine = (1, 1, 1)
    for clue in product(range(1, 7), repeat=3):
        if sum(m == c for m, c in zip(mine, clue)) > 1:
            continue
        d = Deduction(4, 0, mine)
        d.record(asker=3, clues=clue, answers={1: "aye"}, partial=True)
        impossible = d.impossible()
        assert all(set(impossible[p][c]) == {1} for p in (1, 2, 3) for c in ("island", "marker", "trap")), clue
    later = lessons.deduction_after(len(lessons.DAYS)).impossible()
    assert any(len(later[p][c]) > 1 for p in later for c in later[p])


def counting_answers_the_question():
    assert lessons.deals_after_three_days() == lessons.deduction_after(3).count() > 0


def a_crew_card_never_comes_back():
    state = answered(replay(dealt([(1, 1, 1), (2, 3, 4), (5, 5, 5)]), [Clues(6, 6, 6), Keep()]))
    state = replay(state, [Dig(5, 5, 5)])
    assert state.crew[1] == 2 and len(state.chest) == 1
    state = replay(state, [Pass(), Pass(), Pass()])
    assert state.crew[1] == 2 and state.chest[0].player == 1          # next day: still in the chest


def chance_of_a_location_is_deals_with_it_over_deals():
    d = lessons.deduction_after(len(lessons.DAYS))
    place, p = d.most_likely()[2]
    hypothesis = d._solve(d.records, holds=[(2, c, x) for c, x in enumerate(place)])
    assert p == Fraction(hypothesis.total, d.count()) == lessons.chance_bills_likeliest()


def dozens_of_places_so_wait():
    d = lessons.deduction_after(len(lessons.DAYS))
    for rival, line in lessons.dig_choices().items():
        places = int(line.split(" places possible")[0].replace(",", ""))
        assert places >= 24 and line.endswith("advisor: wait")
    assert all(sum(1 for q in d.location_distribution(r).outcomes() if d.location_distribution(r)[q] > 0) >= 24
               for r in d.rivals())


def read_the_chest_from_the_top():
    hands = [(1, 1, 1), (2, 2, 2), (3, 3, 3)]
    chest = [ChestCard(1, (3, 3, 3), 1), ChestCard(0, (3, 3, 3), 2)]
    assert score_chest(hands, chest)[0] == [6 + 2, 6 + 3, 1]
    assert score_chest(hands, chest[::-1])[0] == [6 + 3, 6 + 2, 1]


def six_then_three_two_one():
    hands = [(1, 1, 1), (2, 2, 2), (3, 3, 3), (4, 4, 4), (5, 5, 5)]
    assert score_chest(hands, [])[0] == [6] * 5
    chest = [ChestCard(p, (1, 1, 1), 1) for p in (1, 2, 3, 4)]
    owner = [score_chest(hands, chest[:k])[0][0] for k in range(5)]
    assert owner == [6, 3, 1, 0, 0] and score_chest(hands, chest)[0][1:] == [6 + 3, 6 + 2, 6 + 1, 6 + 0]


def the_same_location_again_scores_nothing():
    hands = [(1, 1, 1), (2, 2, 2), (3, 3, 3)]
    once = [ChestCard(0, (2, 2, 2), 1)]
    twice = once + [ChestCard(0, (2, 2, 2), 2)]
    assert score_chest(hands, twice)[0] == score_chest(hands, once)[0] == [6 + 3, 3, 6]


#: each sentence a student reads, and the engine behaviour that makes it true
CLAIMS = {
    "opening": {
        "Every pirate hides a treasure at an island, a marker and a trap: three secret Map cards.":
            no_card_is_dealt_twice,
        'Each day one pirate flips three Clue cards and every other pirate says "Aye!" (one or more of my cards '
        'match) or "Nay!" (none match).': (aye_is_one_or_more_match, everyone_but_the_asker_answers),
        "Work out where the others hid their treasure and send a crew card to dig it up.":
            a_crew_card_digs_for_another_pirates_treasure,
        "The first pirate to find a treasure steals 3 points, the second 2 and the third 1.":
            (read_the_chest_from_the_top, six_then_three_two_one),
    },
    "Setup": {
        "No card is dealt twice: the three other pirates share the five islands you do not hold, one each, and the "
        "same for markers and for traps.": no_card_is_dealt_twice,
        "In one category that is 5 × 4 × 3 = 60 ways; the three categories multiply: 60 × 60 × 60 deals.":
            deals_multiply_over_categories,
    },
    "How to Play": {
        "Barnacle Bill says Nay only if he misses the clue in every category.": nay_only_if_every_category_misses,
        "In each category he misses it with 4 of his 5 equally likely cards, so 4 × 4 × 4 = 64 of his 125 hands "
        "say Nay.": (no_card_is_dealt_twice, nay_hands_are_four_of_five_cubed),
        "Aye is the complement: 125 − 64 = 61 of the 125 hands, so 61/125.": bills_aye_is_one_less_four_fifths_cubed,
    },
    "Checking by dealing": {
        "The exact chance is 61 of the 125 hands, so 1,000 deals are expected to give 1,000 × 61/125 = 488 Ayes.":
            the_ayes_expected_in_1000_deals,
        "Your deals give a number near it, rarely exactly on it: that is luck.": dealt_ayes_are_near_488_rarely_on_it,
    },
    "An Aye, counted": {
        "After an Aye only the 61 Aye hands are left, each as likely as the others.":
            after_an_aye_the_aye_hands_are_left_equally_likely,
        "Every hand with Parrot Island says Aye: all 25 of them (5 markers × 5 traps) are among the 61.":
            every_parrot_hand_says_aye,
        "So 25 of the 61: 25/61.": parrot_given_aye_is_25_of_61,
    },
    "Using the Solution Grids": {
        "Every row of the left grid is a fact about the deal.": rows_are_facts_counted_together,
        "A Nay crosses out all three clue cards for that pirate.": a_nay_crosses_out_all_three,
        "An Aye says one or more of the three is his.": an_aye_is_one_or_more_of_his,
        "If some of the clue cards are yours, it can only be one of the others: an Aye to two of your cards and one "
        "more card puts that card in his hand at once.": two_of_your_cards_pin_the_third,
        "Otherwise it rules nothing out alone, but with the other rows it can.": otherwise_an_aye_alone_rules_nothing_out,
        "Counting every deal that fits all the rows answers the question.": counting_answers_the_question,
    },
    "Digging Up Treasure": {
        "A crew card never comes back, so each dig is a bet.": a_crew_card_never_comes_back,
        "The chance of a location is the deals with that pirate at that island, marker and trap together, divided "
        "by the deals that fit.": chance_of_a_location_is_deals_with_it_over_deals,
        "Two places tie for the likeliest, each with 312 of the 5,946 deals: 312/5,946 = 52/991.":
            two_places_tie_at_312_of_5946,
        "With dozens of places still possible it pays to wait: the coming days' answers narrow them down.":
            dozens_of_places_so_wait,
    },
    "Game End and Scoring": {
        "Read the chest from the top.": read_the_chest_from_the_top,
        "A treasure nobody finds is worth 6 to its owner; the first finder steals 3, the second 2, the third 1, and "
        "the owner crosses out 6, then 3, then 1 on the My Treasure row.": six_then_three_two_one,
        "Only a pirate's first correct card for a treasure counts: sending the same location again scores nothing.":
            the_same_location_again_scores_nothing,
    },
    "What is a dig worth?": {
        "The chance it is right is 312 of the 5,946 deals that fit.": the_chance_a_place_is_right_is_312_of_5946,
        "A right dig earns 2 and a wrong one 0: on average 2 × 312/5,946 + 0 = 624/5,946, about 0.105 points.":
            a_second_finder_earns_two_on_average_chance_times_two,
    },
}


def test_every_sentence_a_student_reads_has_its_engine_check():
    """Given the lesson file, When its opening text and each rule screen's why are split into sentences,
    Then every sentence is one listed here with its check (a new or changed rule statement needs one)."""
    assert read_lesson() == {screen: list(claims) for screen, claims in CLAIMS.items()}


@pytest.mark.parametrize("screen, sentence", [(s, t) for s, claims in CLAIMS.items() for t in claims],
                         ids=lambda value: value[:40])
def test_the_engine_applies_the_rule_the_lesson_states(screen, sentence):
    """Given a rule statement of the lesson, When the engine plays the situation it describes, Then the
    engine does what the sentence says."""
    checks = CLAIMS[screen][sentence]
    for check in checks if isinstance(checks, tuple) else (checks,):
        check()


def test_the_chest_screen_reveals_only_the_treasures_found():
    """Issue 36: the chest screen called an unfound pirate's hand "revealed". Only an owner whose location a
    crew card matched reveals his map cards (Game End and Scoring); nobody finds Meg's."""
    only_found_treasures_are_revealed()
