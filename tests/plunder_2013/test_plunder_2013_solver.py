"""The exact solver: against brute force, CP-SAT and python-constraint; contradictions; why; advisors."""
from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations, permutations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pirates_lab.core import InvalidInput
from pirates_lab.plunder_2013.advisors import dig_advice, entropy_bits, flip_advice
from pirates_lab.plunder_2013.components import CATEGORIES
from pirates_lab.plunder_2013.deduction import Deduction, InconsistentAnswers, Record
from pirates_lab.plunder_2013.engine import Constraint, answer_is_aye
from pirates_lab.plunder_2013.solver import solve
from pirates_lab.plunder_2013.reference import brute_force, cp_sat_counts, python_constraint_counts, random_game


# ---------------------------------------------------------------- helpers
def consistent_deals(d: Deduction):
    """Every consistent deal as {player: (island, marker, trap)}, by plain enumeration."""
    others = [p for p in range(d.players) if p != d.me]
    pools = [[x for x in range(1, d.cards + 1) if x != d.my_cards[c]] for c in range(3)]
    facts = [f for r in d.records for f in r.constraints()]
    deals = []
    for i in permutations(pools[0], len(others)):
        for m in permutations(pools[1], len(others)):
            for t in permutations(pools[2], len(others)):
                hands = {p: (i[j], m[j], t[j]) for j, p in enumerate(others)}
                hands[d.me] = d.my_cards
                if all(answer_is_aye(hands[f.player], f.clue) == f.aye for f in facts):
                    deals.append(hands)
    return deals


def as_counts(d: Deduction):
    marg = d.marginals()
    return {p: {c: {x: q * d.count() for x, q in cards.items()} for c, cards in per.items()} for p, per in marg.items()}


def deduction_from(hands, records, me: int, cards: int = 6) -> Deduction:
    """``me``'s Deduction after every record (the records must be consistent)."""
    d = Deduction(len(hands), me, hands[me], cards_per_category=cards)
    for r in records:
        d.add(r)
    return d


def assert_reference_agrees(reference, d: Deduction) -> None:
    """An independent solver gives the same count and the same marginal counts as ``d``."""
    facts = [f for r in d.records for f in r.constraints()]
    assert reference(d.players, d.me, d.my_cards, d.cards, facts) == (d.count(), as_counts(d))


# ---------------------------------------------------------------- the API of the issue
def test_issue_example_exact_values():
    s = Deduction(players=4, me=0, my_cards={"island": 2, "marker": 5, "trap": 1}, cards_per_category=6)
    assert s.count() == 60 ** 3            # 3 rivals take 3 of the 5 cards left, in each category
    s.record(asker=1, clues={"island": 3, "marker": 2, "trap": 6}, answers={0: "nay", 2: "aye", 3: "nay"})
    assert s.count() == 63936
    marg = s.marginals()
    assert set(marg) == {1, 2, 3}
    assert marg[3]["island"][3] == 0 and marg[3]["marker"][2] == 0 and marg[3]["trap"][6] == 0
    assert marg[1]["island"][2] == 0            # my own card
    for p in marg:
        for c in CATEGORIES:
            assert sum(marg[p][c].values()) == 1
    assert_reference_agrees(brute_force, s)


# ---------------------------------------------------------------- exactness
#: random games checked against brute force: the default run's sample, and the nightly run's (``-m nightly``).
#: A 4-pirate game is most of the cost (216,000 deals each); the default run always has the two fixed ones below.
BRUTE_FORCE_SAMPLE, BRUTE_FORCE_NIGHTLY = 10, 200
GAMES = dict(seed=st.integers(0, 10 ** 6), players=st.integers(2, 4), days=st.integers(0, 8))


@settings(max_examples=BRUTE_FORCE_SAMPLE, deadline=None)
@given(**GAMES)
@example(seed=1, players=4, days=8)
@example(seed=2, players=4, days=3)
def test_engine_equals_brute_force(seed, players, days):
    """The solver's count and every marginal equal a plain enumeration of every deal (a sample of games: the
    whole guarantee is the nightly run's)."""
    engine_equals_brute_force(seed, players, days)


@pytest.mark.nightly
@settings(max_examples=BRUTE_FORCE_NIGHTLY, deadline=None)
@given(**GAMES)
def test_engine_equals_brute_force_nightly(seed, players, days):
    engine_equals_brute_force(seed, players, days)


def engine_equals_brute_force(seed, players, days):
    rng = random.Random(seed)
    hands, records = random_game(rng, players, days, lie=0.05)
    me = rng.randrange(players)
    facts = [f for r in records for f in r.constraints()]
    post = solve(players, me, hands[me], 6, tuple(facts))
    total, counts = brute_force(players, me, hands[me], 6, facts)
    assert post.total == total
    marginal = post.marginal_counts()
    for j, p in enumerate(post.others):
        for c, name in enumerate(CATEGORIES):
            assert [int(v) for v in marginal[j, c]] == [counts[p][name][x] for x in range(1, 7)]


@pytest.mark.parametrize("seed", range(6))
def test_engine_equals_cp_sat_and_python_constraint(seed):
    rng = random.Random(100 + seed)
    players = 3 + seed % 2
    hands, records = random_game(rng, players, 2 + seed)
    d = deduction_from(hands, records, me=seed % players)
    assert_reference_agrees(cp_sat_counts, d)
    assert_reference_agrees(python_constraint_counts, d)


def test_six_players_against_cp_sat():
    rng = random.Random(7)
    hands, records = random_game(rng, 6, 3)
    assert_reference_agrees(cp_sat_counts, deduction_from(hands, records, me=2))


def test_seven_cards_per_category_against_brute_force():
    rng = random.Random(3)
    hands, records = random_game(rng, 3, 4, cards=7)
    assert_reference_agrees(brute_force, deduction_from(hands, records, me=1, cards=7))


def test_location_distribution_and_most_likely_against_enumeration():
    rng = random.Random(11)
    hands, records = random_game(rng, 4, 3)
    d = deduction_from(hands, records, me=0)
    deals = consistent_deals(d)
    assert len(deals) == d.count()
    for p in d.rivals():
        dist = d.location_distribution(p)
        tally = {}
        for deal in deals:
            tally[deal[p]] = tally.get(deal[p], 0) + 1
        assert {loc: Fraction(n, len(deals)) for loc, n in tally.items()} == dict(dist.items())
        best, prob = d.most_likely()[p]
        assert prob == max(dist[x] for x in dist.outcomes()) and dist[best] == prob


def test_all_answers_together_leave_exactly_the_truth():
    """Ask about every single card with 'nay'-heavy clues: the truth is the only deal left."""
    hands = [(1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6)]
    d = Deduction(4, 0, hands[0])
    for card in range(1, 7):
        for c in range(3):
            clue = [hands[0][0], hands[0][1], hands[0][2]]   # my own cards: nobody else matches them
            clue[c] = card
            clue = tuple(clue)
            d.record(0, dict(zip(CATEGORIES, clue)), {p: answer_is_aye(hands[p], clue) for p in (1, 2, 3)})
    assert d.count() == 1
    for p in (1, 2, 3):
        assert d.most_likely()[p] == (hands[p], 1)
        assert all(d.grid()[p][c][hands[p][i]] == "O" for i, c in enumerate(CATEGORIES))


# ---------------------------------------------------------------- contradictions
def _minimum_conflict_by_search(d: Deduction, record: Record):
    refs = d.earlier_answers()
    for size in range(len(refs) + 1):
        found = []
        for subset in combinations(refs, size):
            facts = tuple(Constraint(r.player, r.clue, r.aye) for r in subset) + record.constraints()
            if solve(d.players, d.me, d.my_cards, d.cards, facts).total == 0:
                found.append(subset)
        if found:
            return size, found
    return None, []


def test_named_contradiction_points_at_the_nay():
    s = Deduction(players=4, me=0, my_cards={"island": 2, "marker": 5, "trap": 1})
    s.record(asker=1, clues={"island": 3, "marker": 2, "trap": 6}, answers={0: "nay", 2: "aye", 3: "nay"})
    s.record(asker=2, clues={"island": 4, "marker": 4, "trap": 4}, answers={0: "nay", 1: "aye", 3: "aye"})
    before = (s.records, s.count(), s.marginals())
    # One-Eyed Jack (3) said Nay to island 3 and marker 2; trap 1 is mine: his Aye is impossible.
    with pytest.raises(InconsistentAnswers) as error:
        s.record(asker=0, clues={"island": 3, "marker": 2, "trap": 1}, answers={1: "nay", 2: "nay", 3: "aye"})
    assert [(r.day, r.player, r.aye) for r in error.value.conflicts] == [(1, 3, False)]
    assert "day 1" in str(error.value) and "One-Eyed Jack said Nay" in str(error.value)
    assert (s.records, s.count(), s.marginals()) == before      # unchanged


def test_contradiction_on_its_own_names_no_earlier_answer():
    s = Deduction(players=3, me=0, my_cards=(1, 1, 1))
    with pytest.raises(InconsistentAnswers) as error:   # all three clues are mine: nobody else can say Aye
        s.record(asker=0, clues=(1, 1, 1), answers={1: "aye", 2: "nay"})
    assert error.value.conflicts == ()
    with pytest.raises(InconsistentAnswers, match="your own answer"):
        s.record(asker=1, clues=(1, 2, 2), answers={0: "nay", 2: "nay"})
    assert s.records == () and s.count() == 20 ** 3


def test_conflict_set_is_smallest():
    checked = with_earlier = 0
    for seed in range(24):
        hands, records = random_game(random.Random(seed), 3, 7, lie=0.15)
        d = Deduction(3, 0, hands[0])
        for r in records:
            try:
                d.add(r)
            except InconsistentAnswers as error:
                size, minimum = _minimum_conflict_by_search(d, r)
                assert len(error.conflicts) == size
                assert tuple(error.conflicts) in [tuple(sorted(m)) for m in minimum]
                checked += 1
                with_earlier += size > 0
        assert d.count() > 0
    assert checked >= 10 and with_earlier >= 3     # the wrong answers did make contradictions


# ---------------------------------------------------------------- grid and why
def test_grid_marks_and_why_words():
    s = Deduction(players=3, me=0, my_cards=(1, 1, 1))
    s.record(asker=0, clues=(2, 2, 2), answers={1: "nay", 2: "aye"})
    s.record(asker=0, clues=(3, 3, 3), answers={1: "nay", 2: "nay"})
    s.record(asker=1, clues=(4, 3, 3), answers={0: "nay", 2: "aye"})   # pirate 2 lacks 3s: island 4 ...
    grid = s.grid()
    assert grid[1]["island"][2] == "X" and grid[1]["island"][1] == "X"
    why = s.why(1, "island", 2)
    assert why.mark == "X" and "Nay" in why.text and len(why.answers) == 1 and why.answers[0].day == 1
    mine = s.why(2, "island", 1)
    assert mine.mark == "X" and "yourself" in mine.text
    assert s.marginals()[2]["island"][4] == 1 and grid[2]["island"][4] == "O"
    forced = s.why(2, "island", 4)
    assert forced.mark == "O" and "must hold" in forced.text
    assert {(r.day, r.player) for r in forced.answers} == {(2, 2), (3, 2)}
    open_cell = s.why(1, "island", 5)
    assert open_cell.mark == "O" and "Still open" in open_cell.text and open_cell.probability == Fraction(1, 2)
    assert s.why(1, "island", 4).mark == "X"   # pirate 2 must hold it, and no card is dealt twice
    assert s.why(0, "trap", 1).mark == "O"
    assert s.forced()[2] == {"island": 4} and s.forced()[1] == {}
    assert s.impossible()[1]["island"] == (1, 2, 3, 4) and s.impossible()[2]["marker"] == (1, 3)


def test_invalid_inputs_raise_clearly():
    with pytest.raises(InvalidInput):
        Deduction(players=7, me=0, my_cards=(1, 1, 1))
    with pytest.raises(InvalidInput):
        Deduction(players=3, me=3, my_cards=(1, 1, 1))
    with pytest.raises(InvalidInput):
        Deduction(players=3, me=0, my_cards={"island": 1, "marker": 9, "trap": 1})
    s = Deduction(players=3, me=0, my_cards=(1, 1, 1))
    with pytest.raises(InvalidInput, match="every player but the asker"):
        s.record(asker=0, clues=(2, 2, 2), answers={1: "aye"})
    with pytest.raises(InvalidInput):
        s.record(asker=0, clues=(2, 2, 2), answers={1: "maybe", 2: "nay"})
    with pytest.raises(InvalidInput):
        s.why(1, "ship", 1)
    assert s.records == ()


# ---------------------------------------------------------------- advisors
def test_answer_distribution_against_enumeration():
    rng = random.Random(5)
    hands, records = random_game(rng, 4, 2)
    d = deduction_from(hands, records, me=1)
    deals = consistent_deals(d)
    clue = (2, 5, 3)
    for asker in (1, 2):
        tally = {}
        for deal in deals:
            key = tuple((p, "aye" if answer_is_aye(deal[p], clue) else "nay") for p in (0, 2, 3) if p != asker)
            tally[key] = tally.get(key, 0) + 1
        assert dict(d.answer_distribution(clue, asker).items()) == {k: Fraction(n, len(deals)) for k, n in tally.items()}


def test_flip_advice_is_the_exact_expected_entropy():
    rng = random.Random(9)
    hands, records = random_game(rng, 3, 2)
    d = deduction_from(hands, records, me=0)
    decks = {"island": {1: 2, 4: 1}, "marker": {2: 3}, "trap": {}}
    options = flip_advice(d, (3, 3, 3), decks)
    assert [o.category for o in options].count(None) == 1 and len(options) == 3   # empty trap deck: no flip
    assert options == sorted(options, key=lambda o: -o.bits)
    deals = consistent_deals(d)

    def h(clue):
        tally = {}
        for deal in deals:
            key = tuple(answer_is_aye(deal[p], clue) for p in (1, 2))
            tally[key] = tally.get(key, 0) + 1
        return entropy_bits(tally.values())

    by = {o.category: o for o in options}
    assert by[None].bits == pytest.approx(h((3, 3, 3)))
    assert by["island"].bits == pytest.approx(2 / 3 * h((1, 3, 3)) + 1 / 3 * h((4, 3, 3)))
    assert by["marker"].draws == ((2, Fraction(1), pytest.approx(h((3, 2, 3)))),)


def test_tomorrow_best_against_enumeration():
    rng = random.Random(21)
    hands, records = random_game(rng, 3, 3)
    d = deduction_from(hands, records, me=0)
    deals = consistent_deals(d)
    decks = {"island": {1: 1, 2: 2}, "marker": {5: 1, 6: 1}, "trap": {3: 1}}
    rival, asker = 2, 1
    total = Fraction(0)
    for ci, wi in decks["island"].items():
        for cm, wm in decks["marker"].items():
            for ct, wt in decks["trap"].items():
                p = Fraction(wi, 3) * Fraction(wm, 2) * Fraction(wt, 1)
                groups = {}
                for deal in deals:
                    answers = tuple(answer_is_aye(deal[q], (ci, cm, ct)) for q in (2,) if q != asker)
                    groups.setdefault(answers, {}).setdefault(deal[rival], 0)
                    groups[answers][deal[rival]] += 1
                total += p * Fraction(sum(max(g.values()) for g in groups.values()), len(deals))
    advice = dig_advice(d, rival, decks=decks, next_asker=asker, overtake=0)    # nobody digs first
    assert advice.horizon == 1 and advice.tomorrow_best == total and advice.wait == 3 * total
    assert advice.now == 3 * advice.probability
    assert dig_advice(d, rival, days_left=0).wait == 0
    assert dig_advice(d, rival, decks=decks, next_asker=asker, deal_limit=1).wait is None


def test_certain_location_says_dig_now():
    hands = [(1, 2, 3), (2, 3, 4), (3, 4, 5)]
    d = Deduction(3, 0, hands[0])
    for card in range(1, 7):
        for c in range(3):
            clue = list(hands[0]); clue[c] = card; clue = tuple(clue)
            d.record(0, clue, {p: answer_is_aye(hands[p], clue) for p in (1, 2)})
    advice = dig_advice(d, 1, overtake=0)
    assert advice.probability == 1 and advice.location == hands[1] and advice.dig_now
    assert advice.now == advice.wait == 3


def test_docstring_example_runs():
    import doctest

    import pirates_lab.plunder_2013.deduction as module
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted >= 4
