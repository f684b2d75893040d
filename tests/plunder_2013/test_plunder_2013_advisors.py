"""The flip and dig advisors check every argument before any work: a bad one is InvalidInput with a
sentence, never a bare TypeError/KeyError, and the Deduction it was given is left as it was (issue 14).

Rules: Plunder (2013) › How to Play
"""
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pirates_lab.core import InvalidInput
from pirates_lab.plunder_2013 import Deduction
from pirates_lab.plunder_2013.advisors import MAX_DAYS, MAX_DEAL_LIMIT, dig_advice, flip_advice
from pirates_lab.plunder_2013.components import CATEGORIES

JUNK = st.one_of(st.integers(-3, 12), st.booleans(), st.none(), st.floats(allow_nan=True), st.text(max_size=3),
                 st.lists(st.integers(-1, 8), max_size=4), st.dictionaries(st.text(max_size=6), st.integers(-1, 4),
                                                                         max_size=3))
PYTHON_TALK = re.compile(r"unpack|NoneType|object is not|invalid literal|unhashable|not subscriptable|"
                         r"index out of range|KeyError|TypeError|<class|got an unexpected")
FULL = {c: {x: 3 for x in range(1, 7)} for c in CATEGORIES}


def a_deduction() -> Deduction:
    d = Deduction(3, 0, (1, 2, 3))
    d.record(asker=2, clues=(4, 4, 4), answers={0: "nay", 1: "aye"})
    return d


def state(d: Deduction):
    return d.players, d.me, d.cards, d.my_cards, d.records, d.count()


def refused_in_a_sentence(call) -> None:
    with pytest.raises(InvalidInput) as refused:
        call()
    text = str(refused.value).strip()
    assert text.endswith((".", ")")) and "\n" not in text and len(text) > 15 and not PYTHON_TALK.search(text), text


@pytest.mark.parametrize("call", [
    lambda d: flip_advice(d, None, {}),                                # was a bare TypeError
    lambda d: flip_advice(d, (1, 2, 3), "x"),                          # decks 'x' was accepted
    lambda d: flip_advice(d, (1, 2, 9), FULL),                         # no card 9 with 6 a category
    lambda d: flip_advice(d, (1, 2, 3), FULL, asker=3),
    lambda d: flip_advice(d, (1, 2, 3), FULL, asker=True),
    lambda d: flip_advice(d, (1, 2, 3), {"island": 5}),
    lambda d: flip_advice(d, (1, 2, 3), {"Islands": {1: 3}}),
    lambda d: flip_advice("my notes", (1, 2, 3), FULL),
    lambda d: dig_advice(d, 1, decks="x", next_asker=9),               # both were accepted
    lambda d: dig_advice(d, 1, next_asker=9),
    lambda d: dig_advice(d, 1, decks="x"),
    lambda d: dig_advice(d, 1.0),
    lambda d: dig_advice(d, 1, overtake=float("inf")),
    lambda d: dig_advice(d, 1, days_left=MAX_DAYS + 1),
    lambda d: dig_advice(d, 1, deal_limit=MAX_DEAL_LIMIT + 1),
    lambda d: dig_advice(d, 1, hunters=2),                             # 3 pirates: 1 other hunter at most
    lambda d: dig_advice(None, 1),
])
def test_what_the_fuzzing_found_is_refused_in_a_sentence_and_changes_nothing(call):
    d = a_deduction()
    before = state(d)
    refused_in_a_sentence(lambda: call(d))
    assert state(d) == before


@settings(max_examples=120, deadline=None)
@given(clue=st.one_of(st.tuples(JUNK, JUNK, JUNK), JUNK), decks=st.one_of(JUNK, st.just(FULL)),
       asker=st.one_of(st.none(), JUNK))
def test_flip_advice_answers_or_refuses_in_a_sentence_and_changes_nothing(clue, decks, asker):
    d = a_deduction()
    before = state(d)
    try:
        options = flip_advice(d, clue, decks, asker=asker)
    except InvalidInput as error:
        assert str(error).strip().endswith((".", ")")) and not PYTHON_TALK.search(str(error))
    else:
        assert options and all(o.bits >= 0 for o in options)
        assert isinstance(clue, (tuple, list)) and all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 6
                                               for x in clue)
        assert asker is None or (isinstance(asker, int) and not isinstance(asker, bool) and 0 <= asker < 3)
    assert state(d) == before


@settings(max_examples=120, deadline=None)
@given(rival=st.one_of(st.sampled_from([1, 2]), JUNK), decks=st.one_of(st.none(), JUNK, st.just(FULL)),
       next_asker=st.one_of(st.none(), JUNK), days=st.one_of(st.integers(0, 3), JUNK))
def test_dig_advice_answers_or_refuses_in_a_sentence_and_changes_nothing(rival, decks, next_asker, days):
    d = a_deduction()
    before = state(d)
    try:
        advice = dig_advice(d, rival, decks=decks, next_asker=next_asker, days_left=days, deal_limit=500)
    except InvalidInput as error:
        assert str(error).strip().endswith((".", ")")) and not PYTHON_TALK.search(str(error))
    else:
        assert rival in (1, 2) and not isinstance(rival, bool)
        assert next_asker is None or (isinstance(next_asker, int) and not isinstance(next_asker, bool)
                                      and 0 <= next_asker < 3)
        assert decks is None or isinstance(decks, dict)
        assert 0 <= advice.probability <= 1
    assert state(d) == before


def test_valid_arguments_still_give_the_same_advice():
    """The checks change no answer: a clue as a dict or a tuple, decks with a missing category."""
    d = a_deduction()
    as_tuple = flip_advice(d, (1, 2, 3), FULL, asker=1)
    as_dict = flip_advice(d, {"island": 1, "marker": 2, "trap": 3}, FULL, asker=1)
    assert [(o.category, o.bits) for o in as_tuple] == [(o.category, o.bits) for o in as_dict]
    partial = flip_advice(d, (1, 2, 3), {"island": FULL["island"]}, asker=1)
    assert {o.category for o in partial} == {None, "island"}
    assert dig_advice(d, 1, decks=FULL, next_asker=1) == dig_advice(d, 1, decks=FULL, next_asker=1)
