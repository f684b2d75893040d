"""Rules: King of Pirates › Phase 3: Combat Phase — conquests, loot, re-rolls, player combat.

Given/When/Then scenarios on hand-built positions (kop_scenarios), each named after the rule it holds.
"""
from fractions import Fraction

from pirates_lab.core import Task
from pirates_lab.king_of_pirates.game import Accept, Attack, Pass, Play, Reroll
from pirates_lab.king_of_pirates.rules.task_data import Loot

from kop_scenarios import COMP, bare, deal, place, quoted, reveal_ship, scenario, set_crew, with_player


def place_of(kind, nation):
    """The cell of the ``kind`` ("city", "stronghold") of ``nation``."""
    return next(c for c, (k, n) in COMP.places.items() if (k, n) == (kind, nation))


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


def _conquer(target, cell, crew, roll=(6, 6)):
    """Player 0 (``crew``) sails onto ``cell`` and conquers ``target`` there: the loot task that follows."""
    state = set_crew(bare(), 0, crew)
    if target not in ("city", "stronghold"):
        state = reveal_ship(state, cell, target)
    state = scenario(with_player(state, 0, position=cell), [Task("combat_choose", 0)], entered=cell)
    if state.phase == "combat_choose":            # (a warship entered forces the fight: no choice)
        state = state.apply(Attack(target))
    if state.phase == "window":
        state = state.apply(Pass())
    return state.apply(roll)


def test_plus_2_loot_from_french_counts_against_the_french_only():
    quoted("Captain's Skills", "+2 Loot from French - Against the French only: Draw +2 Loot Cards.")
    # Given captain Henry Morgan ("+2 Loot from French", a pirate skill that changes no loot)
    crew = ["Henry Morgan", "Anne Bonny"]
    # When he conquers the French City, a British and a Spanish merchant ship
    french = _conquer("city", place_of("city", "French"), crew)
    british = _conquer("Merchant Ship (British)", (3, 0), crew)
    spanish = _conquer("Merchant Ship (Spanish)", (3, 0), crew)
    # Then only the French City gives 2 more loot cards
    assert french.task.data.cards_left == 6 + 2
    assert british.task.data.cards_left == 2 and spanish.task.data.cards_left == 4


def test_combat_vs_other_players_skills_do_not_count_against_a_city():
    quoted("Pirate Skills", "+1 Combat vs. other Players - You have +1 Combat vs. other Players.")
    quoted("Captain's Skills", "+2 Combat vs. other Players - You have +2 Combat vs. other Players.")
    # Given captain Anne Bonny (+2 vs. other Players) and Charles Vane (+1 vs. other Players)
    crew = ["Anne Bonny", "Charles Vane"]
    # When they attack a City and roll 9, Then no bonus counts: 9 against 10 fails
    city = _conquer("city", place_of("city", "French"), crew, roll=(5, 4))
    assert city.totals() == (9, 10) and city.phase == "attacker_rerolls"
    # while against a player all four count (Anne Bonny's +1 and +2 as captain, Charles Vane's +1)
    state = set_crew(bare(), 0, crew)
    state = with_player(with_player(state, 0, position=(2, 0)), 1, position=(2, 0))
    fight = scenario(state, [Task("combat_choose", 0)]).apply(Attack(1))
    assert fight.attack_modifier() == 4


def test_a_conquered_warship_leaves_the_board():
    quoted("Phase 3: Combat Phase", "Warship (French, 3 sails) - Defense Value 10, Loot Value 1.")
    # Given player 0 forced to fight the French warship it entered
    state = _conquer("Warship (French)", (3, 0), ["Anne Bonny"])
    # When it rolls 12, Then the warship is gone from the board (and from what everybody sees)
    assert state.phase == "loot" and state.task.data.cards_left == 1
    assert (3, 0) not in state.ships and "3,0" not in state.observation(1)["ships"]


def test_the_defender_pays_its_own_cannonball_for_a_re_roll():
    quoted("Phase 3: Combat Phase", "Defender: Then the Defender rolls the 2 Combat Dice and uses any Cannonballs if desired.")
    # Given player 0 (2 Cannonballs) attacks player 1 (1 Cannonball) on open sea
    state = with_player(with_player(bare(), 0, position=(2, 0), cannonballs=2), 1, position=(2, 0), cannonballs=1)
    state = scenario(state, [Task("combat_choose", 0)]).apply(Attack(1))
    # When the attacker keeps 8 and the defender, behind with 4, re-rolls both dice
    behind = state.apply((4, 4)).apply(Accept()).apply((2, 2))
    assert behind.phase == "defender_rerolls" and behind.current_player() == 1
    spent = behind.apply(Reroll("none"))
    # Then the defender's Cannonball pays for it, the attacker keeps both of its own
    assert spent.players[1].cannonballs == 0 and spent.players[0].cannonballs == 2


def test_ambush_is_offered_to_the_defender_only():
    quoted("Action Cards", "Ambush (C) - You gain +3 Combat when Defending this turn.")
    # Given player 0 attacks player 1, both holding Ambush
    state = deal(with_player(with_player(bare(), 0, position=(2, 0)), 1, position=(2, 0)),
                 {0: ["Ambush"], 1: ["Ambush"]})
    state = scenario(state, [Task("combat_choose", 0)]).apply(Attack(1))
    # When the window before the dice asks the attacker, Then it may not play Ambush
    assert state.phase == "window" and state.current_player() == 0 and Play("Ambush") not in state.legal_actions()
    # and when it asks the defender, the defender may
    defender = state.apply(Pass())
    assert defender.current_player() == 1 and Play("Ambush") in defender.legal_actions()
    assert defender.apply(Play("Ambush")).totals()[1] is None      # (+3 counts once the defender rolls)
