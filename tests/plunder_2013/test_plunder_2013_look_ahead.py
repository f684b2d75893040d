"""The dig advisor looks ahead exactly, over the days it looks at (issue 21: it extrapolated every day
after tomorrow from tomorrow alone, and said "dig now" whenever tomorrow's asker was the rival).

Rules: Plunder (2013) › Digging Up Treasure
Rules: Plunder (2013) › How to Play
"""
from __future__ import annotations

import random
from fractions import Fraction
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pirates_lab.core.testing import no_hang
from pirates_lab.plunder_2013 import Deduction
from pirates_lab.plunder_2013.advisors import dig_advice, race_points
from pirates_lab.plunder_2013.components import CATEGORIES
from pirates_lab.plunder_2013.engine import answer_is_aye
from pirates_lab.plunder_2013.reference import random_game


# ------------------------------------------------------------------ an independent reference
def every_deal(d: Deduction) -> list[dict]:
    """Every deal that fits the answers, by plain enumeration: {player: (island, marker, trap)}.
    Each rival's triples are filtered by his own answers first, then joined with no card twice."""
    others = [p for p in range(d.players) if p != d.me]
    facts = [f for r in d.records for f in r.constraints()]
    if any(answer_is_aye(d.my_cards, f.clue) != f.aye for f in facts if f.player == d.me):
        return []
    pools = [[x for x in range(1, d.cards + 1) if x != d.my_cards[c]] for c in range(3)]
    triples = {p: [(i, m, t) for i in pools[0] for m in pools[1] for t in pools[2]
                   if all(answer_is_aye((i, m, t), f.clue) == f.aye for f in facts if f.player == p)]
               for p in others}
    deals = [{d.me: d.my_cards}]
    for p in others:
        deals = [{**deal, p: triple} for deal in deals for triple in triples[p]
                 if all(triple[c] != deal[q][c] for q in deal for c in range(3))]
    return deals


def clue_sequences(decks: dict, copies: int, cards: int, days: int):
    """(probability, [clue of day 1, ...]): the top card of each deck, without replacement; an empty
    deck comes back whole (every card of it was discarded)."""
    if days == 0:
        yield Fraction(1), []
        return
    per_category = []
    for c in CATEGORIES:
        deck = decks[c]
        total = sum(deck.values())
        options = []
        for card, n in deck.items():
            if n:
                left = dict(deck)
                left[card] -= 1
                if not sum(left.values()):
                    left = {x: copies for x in range(1, cards + 1)}
                options.append((card, Fraction(n, total), left))
        per_category.append(options)
    for i, pi, di in per_category[0]:
        for m, pm, dm in per_category[1]:
            for t, pt, dt in per_category[2]:
                rest = {"island": di, "marker": dm, "trap": dt}
                for p, later in clue_sequences(rest, copies, cards, days - 1):
                    yield pi * pm * pt * p, [(i, m, t)] + later


def reference_chances(d: Deduction, rival: int, decks: dict, copies: int, askers: list[int]) -> list[Fraction]:
    """q_t = E[max over locations of P(rival there | the answers of days 1..t)], t = 1..len(askers)."""
    deals = every_deal(d)
    chances = []
    for days in range(1, len(askers) + 1):
        q = Fraction(0)
        for p, clues in clue_sequences(decks, copies, d.cards, days):
            groups: dict = {}
            for deal in deals:
                said = tuple(answer_is_aye(deal[who], clue) for clue, asker in zip(clues, askers)
                             for who in range(d.players) if who not in (asker, d.me))
                by_place = groups.setdefault(said, {})
                by_place[deal[rival]] = by_place.get(deal[rival], 0) + 1
            q += p * Fraction(sum(max(g.values()) for g in groups.values()), len(deals))
        chances.append(q)
    return chances


# ------------------------------------------------------------------ the case
HANDS_21 = ((2, 4, 6), (5, 3, 4), (3, 6, 2), (6, 5, 1))
CLUES_21 = ((6, 4, 4), (1, 3, 6), (5, 2, 1), (2, 6, 3), (2, 2, 4), (4, 3, 4), (5, 5, 5), (4, 6, 6), (5, 1, 6))
DECKS_21 = {"island": {1: 1, 2: 1, 3: 3, 6: 2}, "marker": {1: 2, 2: 1, 4: 2, 5: 2, 6: 1},
            "trap": {1: 1, 2: 2, 3: 2, 5: 2}}


def seed_21_after_nine_days() -> Deduction:
    """The seeded 4 x 6 game of the issue (seed 21, pirates passing): Sneaky Pete's view after the
    ninth day's answers; he asked that day, so Peg-Leg Meg (1) asks tomorrow."""
    d = Deduction(4, 0, HANDS_21[0])
    for day, clue in enumerate(CLUES_21):
        asker = day % 4
        d.record(asker, clue, {p: answer_is_aye(HANDS_21[p], clue) for p in range(4) if p != asker})
    return d


def test_when_the_rival_asks_tomorrow_the_advisor_looks_to_the_day_he_answers():
    """Rule: "NOTE: the player whose turn it is DOES NOT state Aye or Nay."
    Given Peg-Leg Meg's likeliest location at 1/3 and Meg the asker tomorrow (her own answers tell
    nothing tomorrow), 6 days left and two other hunters at 1/10 a day, When Sneaky Pete asks the dig
    advisor, Then it looks two days ahead, exactly (equal to an enumeration of every deal and every
    two days of clues), and says wait: digging after Meg has answered is worth 1.2008 points against
    1.000 now.  (Before: tomorrow taught little, so every later day was taken to teach nothing, and it
    said "dig now".)"""
    d = seed_21_after_nine_days()
    location, p = d.most_likely()[1]
    assert p == Fraction(1, 3) and d.count() == 9
    advice = dig_advice(d, 1, decks=DECKS_21, next_asker=1, days_left=6)
    assert advice.horizon == 2 and [row[0] for row in advice.plan] == [0, 1, 2]
    exact = reference_chances(d, 1, DECKS_21, 3, [1, 2])
    assert [row[1] for row in advice.plan] == [p] + exact == [Fraction(1, 3), Fraction(1, 3), Fraction(11, 24)]
    assert advice.now == 1 and advice.plan[2][3] == Fraction(11, 24) * race_points(0, 2, Fraction(1, 10), 2)
    assert round(float(advice.wait), 4) == 1.2008
    assert not advice.dig_now and advice.best_day == 2 and "wait" in str(advice)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10 ** 6), horizon=st.sampled_from([1, 2]), copies=st.sampled_from([1, 2]))
def test_the_look_ahead_equals_an_enumeration_of_deals_and_clues(seed, horizon, copies):
    """Given a small table (3 pirates, 4 cards, decks so thin they run out and are reshuffled within
    the look-ahead), When the advisor looks 1 or 2 days ahead for a rival, Then each chance equals
    the enumeration of every consistent deal and every clue sequence."""
    rng = random.Random(seed)
    hands, records = random_game(rng, 3, rng.randint(0, 3), 4)
    me, rival = 0, rng.choice([1, 2])
    d = Deduction(3, me, hands[me], 4)
    for r in records:
        d.add(r)
    decks = {c: {x: rng.randint(0, copies) for x in range(1, 5)} for c in CATEGORIES}
    for c in CATEGORIES:
        if not sum(decks[c].values()):
            decks[c][rng.randint(1, 4)] = 1
    next_asker = rng.randrange(3)
    advice = dig_advice(d, rival, decks=decks, next_asker=next_asker, days_left=5, horizon=horizon,
                        copies=copies, deal_limit=100_000)
    if d.most_likely()[rival][1] == 1:
        assert all(row[1] == 1 for row in advice.plan)
        return
    askers = [(next_asker + t) % 3 for t in range(horizon)]
    assert [row[1] for row in advice.plan[1:]] == reference_chances(d, rival, decks, copies, askers)


def test_days_after_the_horizon_are_not_guessed_at():
    """Given 10 days left, When the advisor looks one day ahead, Then the plan holds today and
    tomorrow only (no curve for the eight days after) and the note gives the most a later dig could
    be worth (a certain guess then)."""
    d = seed_21_after_nine_days()
    advice = dig_advice(d, 2, decks=DECKS_21, next_asker=1, days_left=10)
    assert advice.horizon == 1 and len(advice.plan) == 2
    assert "Later days are not weighed" in advice.note
    assert f"{float(race_points(0, 2, Fraction(1, 10), 2)):.3f} points" in advice.note


def test_a_look_ahead_that_would_take_too_long_is_not_started():
    """Given a 6 x 12 table after one day (thousands of deals still fit), When the advisor is asked
    to look two days ahead with a deal limit of 100,000, Then it answers at once that waiting is not
    weighed (too many deals, or too much work), with the plan holding today alone."""
    hands, records = random_game(random.Random(2), 6, 6, 12)
    d = Deduction(6, 0, hands[0], 12)
    for r in records:
        d.add(r)
    with no_hang(30):
        advice = dig_advice(d, 1, next_asker=2, days_left=5, horizon=2, deal_limit=100_000)
    assert advice.wait is None and advice.plan == ((0, advice.probability, 3, advice.now),)
    assert "too early to weigh waiting exactly" in advice.note


def test_a_bad_horizon_is_refused_with_a_sentence():
    d = seed_21_after_nine_days()
    for bad in (0, 3, True, 1.5):
        with pytest.raises(Exception, match="horizon must be a whole number from 1 to 2"):
            dig_advice(d, 1, horizon=bad)
