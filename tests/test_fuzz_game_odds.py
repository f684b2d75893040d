"""Fuzz the public odds and solver entry points of Pirates & Plunder, Plunder and Plunder (2013):
random types, numbers (negative, zero, huge), sizes and names in odd case.  Every call answers or
raises ``InvalidInput`` (or ``IllegalMove``) with a sentence — never a bare KeyError, TypeError or
ValueError — and leaves its arguments and objects unchanged.  A 20 s alarm catches a hang; speed
is measured in benchmarks/, not here.  (Issue 14.)
"""
from __future__ import annotations

import pickle
import re
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pirates_lab.core import Dist, IllegalMove, InvalidInput
from pirates_lab.core.testing import no_hang

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

class Opaque:
    """Something no function expects."""

    def __repr__(self):
        return "<opaque>"


OPAQUE = Opaque()

numbers = st.one_of(st.integers(-3, 15), st.integers(-10**12, 10**12), st.sampled_from([0, 1, 6, 7, 12, 13, 80, 81, 200,
                                                                                          201, 10**30]))
junk = st.one_of(st.none(), st.booleans(), st.text(max_size=6), st.floats(allow_nan=True),
                 st.lists(st.integers(-3, 3), max_size=3), st.tuples(st.integers(-3, 3), st.integers(-3, 3)),
                 st.dictionaries(st.text(max_size=4), st.integers(-2, 3), max_size=2), st.builds(lambda: OPAQUE))
anything = st.one_of(numbers, junk, st.fractions(-3, 3, max_denominator=7))

PYTHON_TALK = re.compile(r"unpack|NoneType|object is not|invalid literal|unhashable|not subscriptable|"
                         r"index out of range|division by zero|KeyError|TypeError|<class|got an unexpected")


def snapshot(args, kwargs) -> bytes:
    """Everything the call was given, as bytes (states have no ==, so compare their pickles; a state's
    ``game`` is left out: its board memoises which tiles fit which edges, a cache and not the state)."""
    def plain(x):
        if hasattr(x, "observation") and hasattr(x, "game"):
            return pickle.dumps({k: v for k, v in vars(x).items() if k != "game"})
        return x

    return pickle.dumps(([plain(a) for a in args], [(k, plain(kwargs[k])) for k in sorted(kwargs)]))


def answer_or_refusal(call, *args, **kwargs):
    """``call(*args, **kwargs)``: its answer, or None after an InvalidInput/IllegalMove with a sentence.

    Any other exception fails the test; so does an argument changed by the call."""
    before = snapshot(args, kwargs)
    with no_hang():
        try:
            result = call(*args, **kwargs)
        except (InvalidInput, IllegalMove) as error:
            text = str(error).strip()
            assert text and "\n" not in text and text.endswith((".", ")", "?")), text
            assert not PYTHON_TALK.search(text), text
            result = None
    assert snapshot(args, kwargs) == before, "an argument was changed"
    return result


def total(dist: Dist) -> Fraction:
    return sum((p for _, p in dist.items()), Fraction(0))


def is_probability(p) -> bool:
    return isinstance(p, Fraction) and 0 <= p <= 1


# ---------------------------------------------------------------- Pirates & Plunder
@FUZZ
@given(anything, anything, anything)
def test_pirates_and_plunder_tile_draws(unseen, fitting, draws):
    from pirates_lab.pirates_and_plunder.odds import hits, within

    p = answer_or_refusal(within, unseen, fitting, draws)
    dist = answer_or_refusal(hits, unseen, fitting, draws)
    assert (p is None) == (dist is None)
    if p is not None:
        assert is_probability(p) and total(dist) == 1 and 1 - dist.probability(lambda h: h == 0) == p


@FUZZ
@given(anything, anything, anything, st.one_of(anything, st.sampled_from(["13/2", "6", " 1 "])),
       st.one_of(anything, st.sampled_from(["1/2", "1", "0"])))
def test_pirates_and_plunder_battles(attacker, defender, base, ship, resource):
    from pirates_lab.pirates_and_plunder.battles import open_battle, secret_battle

    opened = answer_or_refusal(open_battle, attacker, defender, base)
    if opened is not None:
        assert opened.winning_attack is None or opened.answer(opened.winning_attack) is None
    game = answer_or_refusal(secret_battle, attacker, defender, base, ship, resource)   # every size answers
    if game is not None:
        assert is_probability(game.success()) and total(game.attacker) == 1 and total(game.defender) == 1


def tile_state():
    from pirates_lab.pirates_and_plunder.scenarios import build

    return build(tiles=[("headland", (0, 0), 0)], drawn="bend")


cells = st.one_of(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), st.lists(st.integers(-2, 2), max_size=3),
                  junk, st.tuples(st.booleans(), st.integers()))


@FUZZ
@given(cells, anything, st.one_of(anything, st.integers(-2, 40)), st.booleans())
def test_pirates_and_plunder_gap_and_feature_odds_leave_the_state_alone(cell, draws, node, real_state):
    from pirates_lab.pirates_and_plunder.odds import feature_odds, fitting_tiles, gap_odds, gaps

    state = tile_state() if real_state else cell
    saved = tile_state().observation(0)
    fit = answer_or_refusal(fitting_tiles, state, cell)
    assert fit is None or all(isinstance(n, int) and n > 0 for n in fit.values())
    odds = answer_or_refusal(gap_odds, state, cell, draws)
    assert odds is None or is_probability(odds.probability)
    found = answer_or_refusal(gaps, state, node)
    assert found is None or all(isinstance(c, tuple) for c in found)
    p = answer_or_refusal(feature_odds, state, node, draws)
    assert p is None or is_probability(p)
    if real_state:
        assert state.observation(0) == saved


# ---------------------------------------------------------------- Plunder
NAMES = ["Pinnace", "pinnace", "SPANISH GALLEON", "Havana", "natives", "Storm", "Navigator", "master gunner",
         "Kraken", "", "Open Sea", "Bottle of Rum", "Treasure Fleet", "Tortuga"]
names = st.one_of(st.sampled_from(NAMES), anything)
hands = st.one_of(st.lists(st.one_of(st.sampled_from(NAMES), st.integers(-2, 22)), max_size=9), anything)
pools = st.one_of(st.dictionaries(st.one_of(st.sampled_from(NAMES), st.integers(-1, 21)),
                                  st.one_of(st.integers(-2, 12), st.sampled_from([300, True])), max_size=5),
                  st.none(), anything)
sides = st.one_of(st.builds(lambda s: ("side", s), st.sampled_from(["Pinnace", "Spanish Galleon", "Havana", "Natives"])),
                  anything)
steps = st.one_of(st.just(("engagement", "broadside", "boarding")), st.just(("boarding",)),
                  st.lists(st.sampled_from(["engagement", "broadside", "boarding", "Boarding", "melee"]), max_size=4),
                  anything)


def side(value):
    from pirates_lab.plunder.odds import side_of

    return side_of(value[1]) if isinstance(value, tuple) and value[:1] == ("side",) else value


@FUZZ
@given(names, st.one_of(st.none(), names), st.one_of(st.none(), names))
def test_plunder_sides(ship, mate, captured):
    from pirates_lab.plunder.odds import card_name, side_of

    result = answer_or_refusal(side_of, ship, mate, captured)
    assert result is None or min(result.speed, result.cannon, result.crew) >= 0
    name = answer_or_refusal(card_name, ship, "pinnace", "ship")
    assert name is None or name.lower() == ship.strip().lower()


@FUZZ
@given(sides, sides, hands, anything, pools, steps, st.booleans())
def test_plunder_chains(me, enemy, hand, draws, unseen, chain, flees):
    from pirates_lab.plunder.odds import captain_fight, npc_chain, npc_chain_odds

    me, enemy = side(me), side(enemy)
    end = answer_or_refusal(npc_chain, me, enemy, hand, chain)
    assert end is None or end[0] in ("won", "escaped", "sunk")
    odds = answer_or_refusal(npc_chain_odds, me, enemy, hand, draws, unseen, chain)
    assert odds is None or (is_probability(odds.win) and total(odds.ends) == 1)
    fight = answer_or_refusal(captain_fight, me, enemy, hand, unseen, draws, flees)
    assert fight is None or (is_probability(fight.win) and total(fight.ends) == 1)


@FUZZ
@given(names, pools, anything, anything, anything, anything)
def test_plunder_marque_loot_storm_and_value(card, unseen, contesters, hand_size, cargo, room):
    from pirates_lab.plunder.odds import (ChainOdds, attack_value, loot_dist, loot_value, marque_probability,
                                          storm_within, unseen_numbers)

    for call, args in ((marque_probability, (card, unseen, contesters, hand_size)), (storm_within, (cargo, room))):
        p = answer_or_refusal(call, *args)
        assert p is None or is_probability(p)
    counts = answer_or_refusal(unseen_numbers, unseen)
    assert counts is None or all(n > 0 for n in counts.values())
    loot = answer_or_refusal(loot_dist, unseen, cargo, room)
    assert loot is None or total(loot) == 1
    silver = answer_or_refusal(loot_value, loot if loot is not None else cargo, room if isinstance(room, dict) else {})
    assert silver is None or silver >= 0
    odds = ChainOdds(Fraction(1, 2), ends=Dist({"won": 1, "sunk": 1}))
    value = answer_or_refusal(attack_value, odds if isinstance(cargo, int) else cargo, cargo, room)
    assert value is None or isinstance(value, Fraction)


@FUZZ
@given(st.one_of(anything, st.fixed_dictionaries({"sea": anything, "hand": anything})))
def test_plunder_unseen_cards_from_any_observation(observation):
    from pirates_lab.plunder.odds import unseen_cards

    cards = answer_or_refusal(unseen_cards, observation)
    assert cards is None or all(n > 0 for n in cards.values())


# ---------------------------------------------------------------- Plunder (2013)
@FUZZ
@given(anything, anything)
def test_plunder_2013_deal_counts(players, cards):
    from pirates_lab.plunder_2013.commands import deal_counts

    counts = answer_or_refusal(deal_counts, players, cards)
    assert counts is None or (counts["table"] >= counts["seat"] >= 1 and is_probability(counts["one_location"]))


my_cards = st.one_of(st.tuples(st.integers(0, 7), st.integers(0, 7), st.integers(0, 7)),
                     st.fixed_dictionaries({"island": st.integers(1, 6), "marker": st.integers(1, 6),
                                            "trap": anything}), anything)


@FUZZ
@given(st.one_of(st.integers(1, 7), anything), st.one_of(st.integers(-1, 6), anything), my_cards,
       st.one_of(st.integers(1, 9), anything))
def test_plunder_2013_deduction_is_built_or_refused(players, me, cards, per_category):
    from pirates_lab.plunder_2013 import Deduction

    small = isinstance(players, int) and isinstance(per_category, int) and per_category <= 7
    if small:
        solver = answer_or_refusal(Deduction, players, me, cards, per_category)
        assert solver is None or solver.count() >= 1


answers = st.one_of(st.dictionaries(st.one_of(st.integers(-1, 4), st.text(max_size=2)),
                                    st.one_of(st.sampled_from(["aye", "NAY", "Aye!", "y", "maybe", ""]),
                                              st.booleans(), st.integers(0, 2)), max_size=4), anything)
clues = st.one_of(st.tuples(st.integers(0, 7), st.integers(0, 7), st.integers(0, 7)),
                  st.fixed_dictionaries({"island": st.integers(1, 6), "marker": st.integers(1, 6),
                                         "trap": st.integers(1, 6)}), anything)


@FUZZ
@given(st.one_of(st.integers(-1, 4), anything), clues, answers, st.booleans(),
       st.one_of(st.integers(-1, 4), anything), st.one_of(st.sampled_from(["island", "Marker", "trap", "x"]), anything),
       st.one_of(st.integers(0, 7), anything))
def test_plunder_2013_deduction_calls_refuse_and_change_nothing(asker, clue, said, partial, player, category, card):
    from pirates_lab.plunder_2013 import Deduction, Record

    solver = Deduction(players=4, me=0, my_cards={"island": 2, "marker": 5, "trap": 1})
    solver.record(asker=1, clues={"island": 3, "marker": 2, "trap": 6}, answers={0: "nay", 2: "aye", 3: "nay"})
    count, records = solver.count(), solver.records
    answer_or_refusal(solver.record, asker, clue, said, partial)
    if solver.records == records:                   # refused: nothing changed
        assert solver.count() == count
    solver = Deduction(players=4, me=0, my_cards={"island": 2, "marker": 5, "trap": 1})
    record = answer_or_refusal(solver.parse_record, asker, clue, said, partial)
    if record is not None:
        answer_or_refusal(solver.add, record, partial)
    answer_or_refusal(solver.add, Record(asker, clue, said if isinstance(said, tuple) else ()), partial)
    before = (solver.records, solver.count())
    dist = answer_or_refusal(solver.location_distribution, player)
    assert dist is None or total(dist) == 1
    why = answer_or_refusal(solver.why, player, category, card)
    assert why is None or why.mark in ("X", "O")
    answer_or_refusal(solver.answer_distribution, clue, asker)
    assert (solver.records, solver.count()) == before


@pytest.mark.parametrize("call", [
    lambda s: s.why(None, "island", 1),                 # was a TypeError
    lambda s: s.why("1", "island", 1),                  # was a TypeError
    lambda s: s.answer_distribution((1, 2, 3), None),   # was answered for an asker who is no one
    lambda s: s.answer_distribution((1, 2, 3), 9),
])
def test_why_refuses_a_player_that_is_no_number(call):
    from pirates_lab.plunder_2013 import Deduction

    solver = Deduction(players=4, me=0, my_cards={"island": 2, "marker": 5, "trap": 1})
    with pytest.raises(InvalidInput, match="player number from 0 to 3"):
        call(solver)


# ---------------------------------------------------------------- what the fuzzing found, pinned down
def test_tile_odds_accept_an_empty_bag_and_stop_at_the_tiles_there_are():
    from pirates_lab.pirates_and_plunder.odds import hits, max_unseen, within

    assert max_unseen() == 80
    assert hits(0, 0, 0).items() == [(0, Fraction(1))] and within(0, 0, 0) == 0
    assert within(80, 1, 80) == 1
    with pytest.raises(InvalidInput, match="from 0 to 80, not 81"):
        hits(81, 1, 1)


def test_a_square_given_as_a_list_is_the_same_square():
    from pirates_lab.pirates_and_plunder.odds import gap_odds

    state = tile_state()
    assert gap_odds(state, [0, -1], 3) == gap_odds(state, (0, -1), 3)
    with pytest.raises(InvalidInput, match="pair of whole numbers"):
        gap_odds(state, "0,-1", 3)


def test_plunder_names_in_any_case_and_their_refusals_list_the_choices():
    from pirates_lab.plunder.odds import Side, side_of

    assert side_of(" spanish GALLEON ", mate="master gunner") == side_of("Spanish Galleon", "Master Gunner") == Side(2, 4, 4)
    with pytest.raises(InvalidInput, match="No First Mate called 'Cook'; choose from: Boatswain, Carpenter"):
        side_of("Pinnace", mate="Cook")
    with pytest.raises(InvalidInput, match="speed is a whole number from 0 to 20"):
        Side(-1, 1, 1)


def test_plunder_silver_and_hands_are_checked():
    from pirates_lab.plunder.odds import ChainOdds, attack_value, captain_fight, side_of

    odds = ChainOdds(Fraction(1, 2), ends=Dist({"won": 1, "sunk": 1}))
    assert attack_value(odds, 20, 8) == 1
    with pytest.raises(InvalidInput, match="loss_if_sunk is an amount of silver"):
        attack_value(odds, 20, -8)
    with pytest.raises(InvalidInput, match="A hand is a list"):
        captain_fight(side_of("Pinnace"), side_of("Pinnace"), "Havana", {"Havana": 3}, 1)
