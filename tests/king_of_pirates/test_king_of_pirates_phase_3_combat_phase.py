"""Rules: King of Pirates › Phase 3: Combat Phase — conquests, loot, re-rolls, player combat.

Given/When/Then scenarios on hand-built positions (kop_scenarios), each named after the rule it holds.
"""
from fractions import Fraction

from pirates_lab.core import Task
from pirates_lab.king_of_pirates.game import Attack
from pirates_lab.king_of_pirates.rules.task_data import Loot

from kop_scenarios import COMP, bare, place, quoted, scenario, with_player


def _conquering_the_stronghold(**fields):
    """Player 0 on a Stronghold it sailed onto, rolling 12: 8 loot cards to draw."""
    stronghold = place("stronghold")
    state = scenario(with_player(bare(), 0, position=stronghold), [Task("combat_choose", 0)], entered=stronghold,
                     **fields)
    state = state.apply(Attack("stronghold")).apply((6, 6))
    assert state.phase.name == "loot" and state.task.data.cards_left == 8
    return state


def test_loot_cards_drawn_in_a_conquest_are_held_until_it_is_counted_then_returned_to_the_discard_pile():
    quoted("Phase 3: Combat Phase", "Conquering this Stronghold gives you 8 Loot Cards, according to the "
                                    "Stronghold's Loot Value. The Cards are returned to the discard pile.")
    # Given player 0 conquers a Stronghold (8 loot cards)
    state = _conquering_the_stronghold()
    # When the first seven cards are drawn
    for value in (1000, 1000, 500, 500, 300, 200, 100):
        state = state.apply(value)
    # Then they are held (not yet in the discard pile), both 1000s are gone from the deck, and every card is counted
    assert state.loot_discard == {} and state.task.data.drawn == (1000, 1000, 500, 500, 300, 200, 100)
    assert 1000 not in state.chance_outcomes().outcomes()
    state.validate()
    # and after the eighth the 8 cards go to the discard pile and the Doubloons to the Point Track
    done = state.apply(100)
    assert done.loot_discard == {1000: 2, 500: 2, 300: 1, 200: 1, 100: 2}
    assert done.players[0].doubloons == 3700
    done.validate()


def test_a_conquest_never_draws_more_loot_cards_of_a_value_than_exist():
    # Given only the 2 × 1000 and 4 × 100 loot cards left in the deck, the other 30 in the discard pile
    deck = {1000: 2, 100: 4}
    discard = {v: n - deck.get(v, 0) for v, n in COMP.loot_cards.items() if n - deck.get(v, 0)}
    state = _conquering_the_stronghold(loot_deck=dict(deck), loot_discard=dict(discard))
    # When the Stronghold's 8 cards are drawn, 1000s whenever chance allows
    drawn = []
    while state.phase.name == "loot":
        value = 1000 if 1000 in state.chance_outcomes().outcomes() else max(state.chance_outcomes().outcomes())
        drawn.append(value)
        state = state.apply(value)
    # Then the deck is not reshuffled in the middle: two 1000s at most, eight cards in all
    assert drawn.count(1000) == 2 and len(drawn) == 8
    assert state.players[0].doubloons == 2 * 1000 + 4 * 500 + 2 * 300
    state.validate()


def test_a_loot_deck_too_short_for_a_conquest_takes_the_discard_pile_before_the_first_card():
    # House rule (the rulebook is silent): the discard is shuffled in before a conquest's first card
    # Given 3 loot cards in the deck, 33 in the discard pile
    deck = {100: 3}
    discard = {v: n - deck.get(v, 0) for v, n in COMP.loot_cards.items() if n - deck.get(v, 0)}
    state = _conquering_the_stronghold(loot_deck=dict(deck), loot_discard=dict(discard))
    # When the Stronghold's 8 cards are to be drawn
    odds = state.chance_outcomes()
    # Then the discard pile is shuffled in before the first card: every one of the 36 may come
    assert state.loot_discard == {} and sum(state.loot_deck.values()) == 36
    assert odds[1000] == Fraction(COMP.loot_cards[1000], 36) == Fraction(2, 36)
    assert sum(p for _, p in odds.items()) == 1
