"""Exact Plunder odds: checked against brute force over every hand, Monte Carlo (4σ) and the engine.

Rules: Plunder › Combat
"""
import itertools
import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pirates_lab.core import InvalidInput
from pirates_lab.plunder.components import components
from pirates_lab.plunder.odds import (STEPS, ChainOdds, Side, _fight, attack_value, captain_fight, loot_dist,
                                     loot_value, marque_probability, npc_chain, npc_chain_odds, side_of,
                                     storm_within, unseen_cards)

START = {k: v for k, v in components().full_deck().items() if k != "Tortuga"}
START["Open Sea"] -= 4


def physical(unseen):
    return [components().card(name).number for name, n in unseen.items() for _ in range(n)]


def within_4_sigma(p, hits, trials):
    sigma = math.sqrt(float(p) * (1 - float(p)) / trials) or 1 / trials
    return abs(hits / trials - float(p)) <= 4 * sigma


def test_side_of_reads_the_deck_with_mate_and_captured_ship():
    assert side_of("Spanish Galleon", mate="Master Gunner") == Side(2, 4, 4)
    assert side_of("Spanish Sloop", captured="Spanish Galleon").speed == 2
    assert side_of("Havana") == Side(0, 4, 6)               # a Port: its cannon and garrison
    with pytest.raises(InvalidInput, match="not a ship"):
        side_of("Storm")


def test_a_known_hand_against_a_ship_uses_the_smallest_enough_card_and_ties_go_to_the_captain():
    """Rules: Plunder › Engagement"""
    assert npc_chain(Side(2, 1, 2), Side(2, 1, 2), []) == ("won", [0, 0, 0])
    assert npc_chain(Side(2, 1, 2), Side(4, 3, 2), [2, 6]) == ("won", [2, 6, 0])
    assert npc_chain(Side(2, 1, 2), Side(4, 3, 2), [2]) == ("sunk", [2])
    assert npc_chain(Side(2, 1, 2), Side(9, 1, 2), [6]) == ("escaped", [])


def test_the_smallest_enough_card_wins_whenever_any_assignment_does():
    for gaps in itertools.product(range(0, 5), repeat=3):
        enemy = Side(2 + gaps[0], 1 + gaps[1], 2 + gaps[2])
        for hand in itertools.combinations_with_replacement(range(0, 7), 3):
            brute = any(all(c >= g for c, g in zip(order, gaps))
                        for order in itertools.permutations(list(hand) + [0, 0, 0], 3))
            assert (npc_chain(Side(2, 1, 2), enemy, list(hand))[0] == "won") == brute


def test_npc_chain_odds_match_every_draw_counted_one_by_one():
    unseen = {"Open Sea": 3, "Coastland": 2, "Havana": 1, "Bottle of Rum": 1, "Storm": 1}
    me, enemy = Side(2, 1, 2), Side(4, 3, 4)
    odds = npc_chain_odds(me, enemy, hand=["Cartagena"], draws=2, unseen=unseen)
    cards = physical(unseen)
    pairs = list(itertools.combinations(range(len(cards)), 2))
    wins = sum(npc_chain(me, enemy, [4, cards[i], cards[j]])[0] == "won" for i, j in pairs)
    assert odds.win == Fraction(wins, len(pairs))
    assert sum(p for _, p in odds.ends.items()) == 1
    assert odds.steps["engagement"] >= odds.steps["broadside"] >= odds.steps["boarding"] == odds.win


def brute_fight(attacker, defender, mine, unseen, size, flees):
    cards = physical(unseen)
    ends = {}
    hands = list(itertools.combinations(range(len(cards)), size))
    for chosen in hands:
        theirs = tuple(sorted((cards[i] for i in chosen), reverse=True))
        end = _fight(attacker, defender, mine, theirs, flees)
        ends[end] = ends.get(end, 0) + 1
    return {k: Fraction(v, len(hands)) for k, v in ends.items()}


@pytest.mark.parametrize("flees", [False, True])
def test_captain_fight_matches_brute_force_over_every_hand(flees):
    """Rules: Plunder › Attacking Another Captain"""
    unseen = {"Open Sea": 4, "Coastland": 2, "Havana": 2, "Navigator": 1, "Bottle of Rum": 1}
    a, d = side_of("English Brigantine"), side_of("Spanish Sloop")
    odds = captain_fight(a, d, ["Havana", "Open Sea"], unseen, their_hand=3, flees=flees)
    brute = brute_fight(a, d, [3, 1], unseen, 3, flees)
    assert dict(odds.ends.items()) == brute
    assert sum(brute.values()) == 1


def test_captain_fight_cross_checked_by_monte_carlo_within_4_sigma():
    a, d = side_of("Pinnace"), side_of("English Sloop")
    mine = ["Havana", "Coastland", "Open Sea", "Natives", "Pirates", "Navigator"]
    unseen = dict(START)
    for name in mine:
        unseen[name] -= 1
    odds = captain_fight(a, d, mine, unseen, their_hand=6, flees=True)
    cards = physical(unseen)
    rng = random.Random(11)
    trials = 4000
    wins = sum(_fight(a, d, [components().card(n).number for n in mine],
                      tuple(sorted(rng.sample(cards, 6), reverse=True)), True) == "attacker captures"
               for _ in range(trials))
    assert within_4_sigma(odds.win, wins, trials)


def test_marque_contest_against_hypergeometric_brute_force_and_monte_carlo():
    """Rules: Plunder › War"""
    unseen = {"Open Sea": 5, "Havana": 3, "Bottle of Rum": 2, "Pirates": 2}
    cards = physical(unseen)
    p = marque_probability("Cartagena", unseen, contesters=2, hand_size=2)     # number 4
    hands = list(itertools.combinations(range(len(cards)), 4))
    assert p == Fraction(sum(all(cards[i] <= 4 for i in h) for h in hands), len(hands))
    rng = random.Random(5)
    hits = sum(max(rng.sample(cards, 4)) <= 4 for _ in range(5000))
    assert within_4_sigma(p, hits, 5000)
    assert marque_probability(6, unseen, contesters=3, hand_size=2) == 1


def test_loot_is_capped_by_the_prize_and_the_hold_and_sums_to_one():
    """Rules: Plunder › Results of a Combat"""
    dist = loot_dist(START, prize_cargo=2, room=5)
    assert sum(p for _, p in dist.items()) == 1
    assert max(q for (_, q) in dist.outcomes()) == 2
    one = loot_dist({"Havana": 1}, prize_cargo=5, room=1)
    assert dict(one.items()) == {("Sugar", 1): 1}
    # the number indicates the quantity: Havana (3, Sugar) and Guadeloupe (4, Spices; Tortuga's 2 a token)
    assert loot_value(loot_dist({"Havana": 1, "Guadeloupe": 1}, 5, 5), {"Sugar": 4}) == Fraction(3 * 4 + 4 * 2, 2)


def test_storm_within_n_draws_is_n_over_the_deck_and_matches_counting_positions():
    for deck in range(1, 12):
        for n in range(0, 14):
            positions = sum(1 for pos in range(deck) if pos < n)
            assert storm_within(n, deck) == Fraction(positions, deck)


def test_should_i_attack_in_expected_silver():
    odds = npc_chain_odds(side_of("English Sloop"), side_of("Spanish Galleon"), hand=["Havana", "Cartagena"])
    assert odds.win == 1
    assert attack_value(odds, 22, 8) == 11
    lost = npc_chain_odds(side_of("Pinnace"), side_of("Spanish Galleon"), hand=[])
    assert lost.win == 0 and attack_value(lost, 22, 4) == -4
    assert isinstance(lost, ChainOdds)


def test_unseen_cards_from_an_observation_leave_out_what_the_captain_saw():
    from pirates_lab.plunder import Game
    from pirates_lab.plunder.scenarios import dealt
    state = dealt(Game(players=2), seed=2)
    p = state.current_player()
    unseen = unseen_cards(state.observation(p))
    assert sum(unseen.values()) == sum(state.deck.values()) + len(state.captains[1 - p]["hand"])  # not the shown


def test_unseen_cards_are_the_deck_the_other_hands_and_their_cards_face_down_throughout_games():
    """At every decision of seeded games (fights between captains, contests, First Captain draws included)."""
    from collections import Counter

    from pirates_lab.core import play
    from pirates_lab.plunder import Game
    from pirates_lab.plunder.captains import random_captain
    from pirates_lab.plunder.tasks import Battle, Claim

    checked = 0
    for seed in range(4):
        for step in play(Game(players=3, max_turns=15).new_initial_state(), random_captain, random.Random(seed)):
            state = step.state
            if step.is_chance:
                continue
            p = step.player
            hidden = Counter(state.deck)
            for q, cap in enumerate(state.captains):
                if q != p:
                    hidden.update(cap["hand"])
            for task in state.agenda:
                if isinstance(task.data, (Battle, Claim)):
                    seats = task.data.placed if isinstance(task.data, Battle) else task.data.seats
                    for seat, card in zip(seats, task.data.cards):
                        if seat != p:
                            hidden.update(card)
            assert unseen_cards(state.observation(p)) == {k: v for k, v in hidden.items() if v}
            checked += 1
    assert checked > 500


@pytest.mark.parametrize("call", [
    lambda: storm_within(-1, 10), lambda: storm_within(3, 0), lambda: storm_within(True, 10),
    lambda: marque_probability(3, {"Havana": 2}, contesters=4, hand_size=1),
    lambda: marque_probability(3, {"Havana": 2}, contesters=2, hand_size=2),
    lambda: captain_fight(Side(1, 1, 1), Side(1, 1, 1), [1] * 8, {"Havana": 1}, 1),
    lambda: captain_fight(Side(1, 1, 1), Side(1, 1, 1), [], {"Havana": 500}, 1),
    lambda: npc_chain_odds(Side(1, 1, 1), Side(1, 1, 1), hand=["Kraken"]),
    lambda: loot_dist({}, 1, 1), lambda: loot_dist({"Havana": 1}, -1, 1),
])
def test_bad_input_is_refused_with_a_sentence(call):
    with pytest.raises(InvalidInput):
        call()


@settings(max_examples=40)
@given(st.lists(st.integers(0, 6), max_size=4), st.integers(0, 4), st.booleans(),
       st.dictionaries(st.sampled_from(["Open Sea", "Coastland", "Havana", "Cartagena", "Pirates", "Bottle of Rum"]),
                       st.integers(0, 3), min_size=1))
def test_every_chain_distribution_sums_to_one_and_steps_shrink(mine, size, flees, unseen):
    if sum(unseen.values()) < size:
        return
    odds = captain_fight(side_of("Pinnace"), side_of("English Sloop"), mine, unseen, size, flees)
    assert sum(p for _, p in odds.ends.items()) == 1
    values = [odds.steps[s] for s in STEPS if s in odds.steps]
    assert values == sorted(values, reverse=True)


@pytest.mark.parametrize("enemy", ["Spanish Sloop", "Spanish Brigantine", "Spanish Galleon", "Treasure Fleet"])
@pytest.mark.parametrize("cards", [[], ["Open Sea"], ["Coastland", "Havana"], ["Bottle of Rum", "Navigator", "Open Sea"]])
def test_the_odds_say_what_the_engine_does(enemy, cards):
    """npc_chain against the rules engine, playing the smallest card that is enough at each step."""
    from plunder_helpers import at_step, fresh, from_deck, hand
    from pirates_lab.plunder.actions import AddCard, Attack, Board

    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    hand(state, p, cards)
    from_deck(state, enemy)
    state.encounters[p] = enemy
    state = at_step(state, p, "encounter", "action", "give")
    state = state.apply(Attack())
    while state.current_player() == p and state.phase in ("engage", "broadside", "sink_or_board", "boarding"):
        step = state.phase
        if step == "sink_or_board":
            state = state.apply(Board())
            continue
        stat = {"engage": "speed", "broadside": "cannon", "boarding": "crew"}[step]
        gap = getattr(components().card(enemy), stat) - state.ship_stat(p, stat)
        enough = sorted((components().card(n).number, n) for n in state.captains[p]["hand"]
                        if components().card(n).number >= gap)
        state = state.apply(AddCard(enough[0][1] if enough else ""))
    end, _ = npc_chain(side_of("Pinnace"), side_of(enemy), cards)
    engine = ("won" if state.phase == "prize" else "sunk" if state.captains[p]["lost"] else "escaped")
    assert engine == end
