"""The combos engine (triples.py) and the choice between the two counting engines (issue 21 item 5).

Rules: Plunder (2013) › How to Play

Answers rich in Ayes and poor in Nays (Aye-only partial days through the Deduction API, or a long
legal game) made the class engine take seconds and hundreds of MB for a handful of deals.  The combos
engine counts them by the triples that explain each rival's Ayes; both are exact and must agree with
each other and with brute force.
"""
from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pirates_lab.core.testing import no_hang
from pirates_lab.plunder_2013 import Deduction, Record
from pirates_lab.plunder_2013 import solver as solver_module
from pirates_lab.plunder_2013.engine import answer_is_aye
from pirates_lab.plunder_2013.solver import TooManyExplanations, solve
from pirates_lab.plunder_2013.reference import brute_force, random_game
from pirates_lab.plunder_2013.triples import Explained


def same_answers(a, b, players: int, cards: int, rng: random.Random) -> None:
    assert a.total == b.total
    assert np.array_equal(a.marginal_counts(), b.marginal_counts())
    for j in range(players - 1):
        assert np.array_equal(a.location_counts(j), b.location_counts(j))
    for _ in range(4):
        clue = tuple(rng.randint(1, cards) for _ in range(3))
        asker = rng.randrange(players)
        assert a.answer_counts(clue, asker) == b.answer_counts(clue, asker)
    if 0 < a.total <= 4000:
        assert (sorted(d.tobytes() for d in a.deals(4000).astype(np.int8))
                == sorted(d.tobytes() for d in b.deals(4000).astype(np.int8)))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10 ** 6), players=st.integers(2, 5), days=st.integers(0, 9),
       keep_nays=st.sampled_from([0.0, 0.5, 1.0]), hypothesis_kind=st.sampled_from(["none", "holds", "lacks"]))
def test_the_combos_engine_gives_every_answer_of_the_class_engine(seed, players, days, keep_nays, hypothesis_kind):
    """Given random answers (some wrong, some Nays left out as a partial day would), When both engines
    count them (with a hypothesis "he holds / lacks this card" as "why" asks), Then every count,
    marginal, location table, answer pattern and deal is the same."""
    rng = random.Random(seed)
    cards = rng.randint(max(players, 4), 7)
    hands, records = random_game(rng, players, days, cards, lie=0.04)
    me = rng.randrange(players)
    facts = tuple(f for r in records for f in r.constraints() if f.aye or rng.random() < keep_nays)
    hypothesis = ((rng.randrange(players), rng.randrange(3), rng.randint(1, cards)),)
    holds = hypothesis if hypothesis_kind == "holds" else ()
    lacks = hypothesis if hypothesis_kind == "lacks" else ()
    classes = solve(players, me, hands[me], cards, facts, holds, lacks, engine="classes")
    try:
        combos = solve(players, me, hands[me], cards, facts, holds, lacks, engine="triples")
    except TooManyExplanations:
        return                          # many rivals with one Aye each: the class engine's ground
    same_answers(classes, combos, players, cards, rng)


def test_the_combos_engine_equals_brute_force_on_aye_only_days():
    """Given a 3-pirate game whose days record only the Ayes, When counted by the combos engine,
    Then the count and every marginal equal a plain enumeration of every deal."""
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        hands, records = random_game(rng, 3, 8, 6)
        facts = tuple(f for r in records for f in r.constraints() if f.aye)
        try:
            combos = solve(3, 0, hands[0], 6, facts, engine="triples")
        except TooManyExplanations:
            continue
        total, counts = brute_force(3, 0, hands[0], 6, facts)
        marginals = combos.marginal_counts()
        assert combos.total == total
        for j, p in enumerate(combos.others):
            for c, name in enumerate(("island", "marker", "trap")):
                assert [int(x) for x in marginals[j, c]] == [counts[p][name][x] for x in range(1, 7)]
        checked += 1
    assert checked >= 4


def aye_rich(seed: int, players: int = 6, cards: int = 12, days: int = 40):
    """A legal table where every clue shows one real map card and only the Ayes are recorded."""
    rng = random.Random(seed)
    deal = [rng.sample(range(1, cards + 1), players) for _ in range(3)]
    hands = [tuple(deal[c][p] for c in range(3)) for p in range(players)]
    records = []
    for day in range(days):
        asker = day % players
        clue = [rng.randint(1, cards) for _ in range(3)]
        c = rng.randrange(3)
        clue[c] = hands[rng.randrange(players)][c]
        answers = tuple((p, True) for p in range(players) if p != asker and answer_is_aye(hands[p], tuple(clue)))
        records.append(Record(asker, tuple(clue), answers))
    return hands, records


def test_aye_only_partial_days_are_counted_by_the_combos_engine_and_keep_the_truth():
    """Given 40 days of a 6 x 12 table recorded Ayes only (the classroom's partial days: the class
    engine took up to 11 s and 458 MB a record), When each is added through the Deduction API,
    Then every one is answered (no hang), the true deal stays possible, and the late days, where the
    class vectors would multiply, are counted by the combos engine."""
    hands, records = aye_rich(1)
    d = Deduction(6, 0, hands[0], 12)
    engines = []
    with no_hang(120):
        for record in records:
            d.add(record, partial=True)
            marginals = d.marginals()
            assert all(marginals[p][c][hands[p][i]] > 0 for p in d.rivals()
                       for i, c in enumerate(("island", "marker", "trap")))
            engines.append(type(d.posterior).__name__)
    assert engines[0] == "Posterior" and "Explained" in engines[20:]


def test_too_many_explanations_is_refused_at_once_with_a_sentence(monkeypatch):
    """Given limits set so low that neither engine may count an Aye-rich day, When it is recorded,
    Then it is refused with a sentence (InvalidInput) and the Deduction keeps what it had."""
    hands, records = aye_rich(1)
    d = Deduction(6, 0, hands[0], 12)
    for record in records[:5]:
        d.add(record, partial=True)
    before = (d.records, d.count())
    monkeypatch.setattr(solver_module, "CLASS_CHEAP", 0)
    monkeypatch.setattr(solver_module, "CLASS_LIMIT", 0)
    monkeypatch.setattr(solver_module, "FEW_COMBOS", 0)
    import pirates_lab.plunder_2013.triples as triples
    monkeypatch.setattr(triples, "MAX_COMBOS", 0)
    with pytest.raises(TooManyExplanations) as refused:
        d.add(records[5], partial=True)
    assert "too many ways" in str(refused.value) and "\n" not in str(refused.value)
    assert (d.records, d.count()) == before


def test_a_usual_game_stays_on_the_class_engine():
    """Given a random 6 x 12 game with every answer recorded, Then the class engine counts each day
    (the combos engine is for Aye-rich answers only) and hands no question on."""
    hands, records = random_game(random.Random(3), 6, 15, 12)
    d = Deduction(6, 0, hands[0], 12)
    for record in records:
        d.add(record)
        assert type(d.posterior).__name__ == "Posterior" and d.posterior.alternative is None


def test_the_class_engine_hands_its_dearest_questions_to_the_combos_engine():
    """Given answers whose class tables are big but whose Ayes join into a few hundred thousand
    combos, When one rival's locations and a clue's answers are asked, Then the class engine's
    answer is the combos engine's (it was handed on), and equal to the class engine's own."""
    hands, records = aye_rich(1)
    facts = tuple(f for r in records[:11] for f in r.constraints())
    post = solve(6, 0, hands[0], 12, facts)
    assert not isinstance(post, Explained) and isinstance(post._other, Explained)
    own = solve(6, 0, hands[0], 12, facts, engine="classes")
    assert post.total == own.total == post._other.total == 30009
    assert np.array_equal(post.location_counts(2), own.location_counts(2))
    assert post.answer_counts((1, 2, 3), 1) == own.answer_counts((1, 2, 3), 1)
