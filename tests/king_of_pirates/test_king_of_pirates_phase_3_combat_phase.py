"""Rules: King of Pirates › Phase 3: Combat Phase — conquests, loot, re-rolls, player combat.

Given/When/Then scenarios on hand-built positions (kop_scenarios), each named after the rule it holds.
"""
from fractions import Fraction

from pirates_lab.core import Task
from pirates_lab.king_of_pirates.game import Accept, Attack, Pass, Play, Reroll
from pirates_lab.king_of_pirates.rules.task_data import Loot

from kop_scenarios import attack_on_a_city, loot_all, player_combat
from kop_scenarios import COMP, bare, deal, place, quoted, reveal_ship, scenario, set_crew, with_player
import pytest
from dataclasses import replace
from pirates_lab.king_of_pirates import combat_success_probability, reroll_policy
from pirates_lab.king_of_pirates.game import EndTurn
from kop_scenarios import give_hand, nation_combat_success


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


@pytest.mark.parametrize("scurvy, winner", [(0, 1), (1, 0)])
def test_phase_3_the_defenders_skills_and_scurvy_count_in_player_combat(scurvy, winner):
    quoted("Pirate Skills", "+1 Combat vs. other Players - You have +1 Combat vs. other Players.")
    quoted("Important Game Concepts", "you have -1 to all Combats")
    quoted("Phase 3: Combat Phase", "The attacking player wins any ties as he/she had the element of surprise.")
    # Given player 1 defends with Anne Bonny aboard (+1 Combat vs. other Players) and this much scurvy
    state = player_combat(defender_crew=("Black Bart", "Anne Bonny"), defender_scurvy=scurvy)
    # When both roll 7
    done, drawn = loot_all(state.apply((4, 3)).apply((4, 3)))
    # Then the defender's 8 beats 7, but with one scurvy token 7 ties and the attacker wins
    assert drawn == 4 and done.players[winner].doubloons == 1400 and done.players[1 - winner].doubloons == 600


def test_phase_3_a_card_after_the_dice_that_makes_the_attack_fail_lets_the_attacker_use_cannonballs():
    quoted("Phase 3: Combat Phase", "If you fail your attack, you can use Cannonballs to re-roll one or both dice.")
    quoted("Phase 3: Combat Phase", "You can use as many Cannonballs as you have")
    quoted("Action Cards", "Soldiers (C) - Choose a Nation to gain +2 Combat this turn.")
    # Given player 0 attacks a City (Defense Value 10) with 2 Cannonballs, player 1 holding Soldiers
    state = attack_on_a_city()
    # When player 0 rolls 10 (enough) and player 1 then plays Soldiers: the City now needs 12
    rolled = state.apply((5, 5))
    assert rolled.phase.name == "window" and rolled.current_player() == 1      # after the dice, before the result
    failing = rolled.apply(Play("Soldiers", "nation"))
    # Then player 0 has failed its attack and may still use its Cannonballs
    assert failing.totals() == (10, 12)
    assert failing.current_player() == 0 and failing.phase.name == "attacker_rerolls"
    assert set(failing.legal_actions()) >= {Accept(), Reroll("high"), Reroll("low"), Reroll("none")}
    # and a re-roll of both dice to 6 and 6 conquers the City
    conquered = failing.apply(Reroll("none")).apply((6, 6))
    assert conquered.players[0].cannonballs == 1 and conquered.phase.name == "loot"
    # while accepting the failure ends the combat (asked once: nobody has a card left)
    given_up = failing.apply(Accept())
    assert given_up.combat is None and given_up.players[0].doubloons == 0 and given_up.current == 1


def test_phase_3_no_second_chance_without_a_card_after_the_dice_or_without_cannonballs():
    quoted("Phase 3: Combat Phase", "Each Cannonballs token is one re-roll (1 x Cannonballs = a re-roll).")
    # Given the same attack on a City
    # When player 0 fails (4 and 3), declines to re-roll and player 1 passes after the dice
    declined = attack_on_a_city().apply((4, 3)).apply(Accept())
    assert declined.phase.name == "window"
    # Then the attack fails: the re-roll is not offered a second time
    done = declined.apply(Pass())
    assert done.combat is None and done.current == 1 and done.players[0].cannonballs == 2
    # and with no Cannonballs a Soldiers card after the dice simply makes the attack fail
    empty = attack_on_a_city(cannonballs=0).apply((5, 5)).apply(Play("Soldiers", "nation"))
    assert empty.combat is None and empty.current == 1 and empty.players[0].doubloons == 0


def test_phase_3_in_player_combat_a_card_after_the_dice_lets_the_side_now_behind_use_cannonballs():
    quoted("Phase 3: Combat Phase", "Attacker: Roll the 2 Combat Dice, and use any Cannonballs if desired.")
    quoted("Phase 3: Combat Phase", "It is possible for all players to play Action cards during a Player vs. Player "
                                    "Combat (Scurvy and Mercenaries).")
    # Given player 0 (2 Cannonballs) attacks player 1 (none) on open sea; player 2 holds Mercenaries
    state = deal(bare(players=3), {2: ["Mercenaries"]})
    state = with_player(with_player(state, 0, position=(2, 0), cannonballs=2), 1, position=(2, 0), cannonballs=0)
    state = scenario(state, [Task("combat_choose", 0)]).apply(Attack(1)).apply(Pass())
    # When both roll 7 (a tie: the attacker would win), player 0 keeps its roll, and after the dice player 2
    # gives the defender +1 Combat
    rolled = state.apply((4, 3)).apply(Accept()).apply((4, 3))
    assert rolled.phase.name == "window" and rolled.current_player() == 2
    behind = rolled.apply(Play("Mercenaries", 1))
    # Then the attacker, now behind 7 to 8, may use its Cannonballs
    assert behind.totals() == (7, 8) and behind.current_player() == 0 and behind.phase.name == "attacker_rerolls"
    # and re-rolling the low die to a 6 wins (10 to 8): the attacker draws the 4 loot cards
    won = behind.apply(Reroll("high")).apply(6)
    assert "Attacker 10, defender 8: player 1 wins." in won.log
    assert won.phase.name == "loot" and won.agenda[-1].player == 0 and won.agenda[-1].data.loser == 1


def test_phase_3_a_card_after_the_dice_that_puts_the_defender_behind_asks_only_the_defender():
    quoted("Phase 3: Combat Phase", "Defender: Then the Defender rolls the 2 Combat Dice and uses any Cannonballs if desired.")
    quoted("Action Cards", "Mercenaries (C) - Choose a Player or Nation to gain +1 Combat this turn.")
    # Given player 0 (2 Cannonballs) attacks player 1 (2 Cannonballs); player 2 holds Mercenaries
    state = deal(bare(players=3), {2: ["Mercenaries"]})
    state = with_player(with_player(state, 0, position=(2, 0), cannonballs=2), 1, position=(2, 0), cannonballs=2)
    state = scenario(state, [Task("combat_choose", 0)]).apply(Attack(1)).apply(Pass())
    # When the attacker rolls 6 and keeps it, the defender rolls 7 (ahead), and after the dice
    # player 2 gives the attacker +1 Combat: 7 to 7, a tie the attacker wins
    rolled = state.apply((4, 2)).apply(Accept()).apply((4, 3))        # (ahead: the defender is not asked to re-roll)
    assert rolled.phase.name == "window" and rolled.current_player() == 2
    behind = rolled.apply(Play("Mercenaries", 0))
    # Then the defender, now behind, may use its Cannonballs; the attacker, ahead, is not asked again
    assert behind.totals() == (7, 7) and behind.phase.name == "defender_rerolls" and behind.current_player() == 1
    # and the defender keeping its roll loses: the attacker draws the 4 loot cards
    lost = behind.apply(Accept())
    assert lost.phase.name == "loot" and lost.agenda[-1].player == 0 and lost.agenda[-1].data.loser == 1


@pytest.mark.parametrize("target,crew,cannonballs,scurvy", [
    ("stronghold", ("Calico Jack",), 2, 0),             # captain +2 vs nations
    ("city", ("Black Bart", "Olivier Levasseur"), 1, 1),  # two +1 skills, one scurvy
    ("Merchant Ship (Spanish)", (), 3, 2),
])
def test_engine_combat_matches_exact_odds(target, crew, cannonballs, scurvy):
    state = bare()
    state = set_crew(state, 0, crew)
    cell = next(c for c, (kind, _) in COMP.places.items() if kind == target) if target in ("city", "stronghold") else (3, 0)
    state = with_player(state, 0, position=cell, cannonballs=cannonballs, scurvy=scurvy)
    if target.startswith("Merchant"):
        state.revealed[cell] = target
        state.ships[cell] = target
        state.tile_pools["ocean"][target] -= 1
    state = scenario(state, [Task("combat_choose", 0)], entered=cell)   # it sailed onto the target
    state = state.apply(Attack(target))
    modifier = state.attack_modifier()
    defence = COMP.targets[target]["defence"]
    policy = reroll_policy(defence, modifier, cannonballs)

    def play(s):
        roll = s.combat.attacker_roll
        choice = policy.decision(roll, s.players[0].cannonballs)
        return {"stop": Accept(), "keep high": Reroll("high"), "keep low": Reroll("low"), "both": Reroll("none")}[choice]

    assert nation_combat_success(state, play) == combat_success_probability(defence, modifier, cannonballs)


def test_conquest_draws_loot_with_skills_and_removes_the_ship():
    state = set_crew(bare(), 0, ["Olivier Levasseur", "Grace O'Malley"])   # captain +2 loot from British, +1 loot card
    cell = (3, 0)
    state = with_player(state, 0, position=cell)
    state.revealed[cell] = state.ships[cell] = "Merchant Ship (British)"
    state.tile_pools["ocean"]["Merchant Ship (British)"] -= 1
    state = scenario(state, [Task("combat_choose", 0)], entered=cell).apply(Attack("Merchant Ship (British)"))
    state = state.apply((6, 6))          # 12 + modifier >= 6
    assert state.agenda[-1].phase == "loot" and state.agenda[-1].player == 0 and state.agenda[-1].data.cards_left == 2 + 1 + 2
    assert cell not in state.ships
    for value in (100, 200, 300, 500, 1000):
        state = state.apply(value)
    assert state.players[0].doubloons == 2100
    assert sum(state.loot_discard.values()) == 5
    state.validate()


def test_pvp_ties_go_to_the_attacker_and_the_defender_rerolls_only_when_losing():
    state = bare()
    state = with_player(state, 0, position=(2, 0), cannonballs=0)
    state = with_player(state, 1, position=(2, 0), cannonballs=2, doubloons=700)
    state = scenario(state, [Task("combat_choose", 0)])
    assert set(state.legal_actions()) == {EndTurn(), Attack(1)}
    state = state.apply(Attack(1)).apply((4, 3))      # attacker 7, no cannonballs
    state = state.apply((5, 2))                       # defender 7: a tie, still losing
    assert state.current_player() == 1 and Reroll("high") in state.legal_actions()
    tie = state.apply(Accept())
    assert tie.agenda[-1] == Task("loot", 0, Loot(4, 1, 0))
    tie = tie.apply(500).apply(100).apply(100).apply(100)
    assert tie.players[0].doubloons == 700 and tie.players[1].doubloons == 0   # capped at what the loser has
    won = state.apply(Reroll("high")).apply(6)       # 5 + 6 = 11 beats 7
    assert won.agenda[-1].phase == "loot" and won.agenda[-1].player == 1


def test_ambush_and_mercenaries_in_player_combat():
    state = bare()
    state = give_hand(state, 1, ["Ambush", "Mercenaries"])
    state = with_player(state, 0, position=(2, 0))
    state = with_player(state, 1, position=(2, 0))
    state = scenario(state, [Task("combat_choose", 0)]).apply(Attack(1))
    assert state.current_player() == 1
    assert set(state.legal_actions()) == {Pass(), Play("Ambush"), Play("Mercenaries", 0), Play("Mercenaries", 1)}
    state = state.apply(Play("Ambush")).apply(Play("Mercenaries", 1))
    state = state.apply((3, 3)).apply(Accept())
    assert state.totals(replace(state.combat, defender_roll=(3, 3))) == (6, 6 + 3 + 1)
    assert state.apply((2, 1)).agenda[-1].phase == "loot" and state.apply((2, 1)).agenda[-1].player == 1   # 3 + 4 = 7 beats 6: the cards decided it


def test_a_card_the_defender_plays_at_its_own_re_roll_is_settled_and_gives_nobody_a_second_re_roll():
    quoted("Phase 3: Combat Phase", "Defender: Then the Defender rolls the 2 Combat Dice and uses any Cannonballs if desired.")
    # Given player 0 (no Cannonballs) attacks player 1 (1 Cannonball, holding Ambush) on open sea
    state = with_player(with_player(bare(), 0, position=(2, 0), cannonballs=0), 1, position=(2, 0), cannonballs=1)
    state = scenario(deal(state, {1: ["Ambush"]}), [Task("combat_choose", 0)]).apply(Attack(1)).apply(Pass())
    # When the attacker rolls 8, the defender 5, and at its re-roll the defender plays Ambush (8 to 8) and accepts
    deciding = state.apply((4, 4)).apply((3, 2))
    assert deciding.phase == "defender_rerolls" and Play("Ambush") in deciding.legal_actions()
    ambushed = deciding.apply(Play("Ambush"))
    assert ambushed.totals() == (8, 8) and ambushed.phase == "defender_rerolls"
    done = ambushed.apply(Accept())
    # Then the card counts as settled before the result: the tie goes to the attacker, nobody is asked again
    assert done.phase == "loot" and done.task.player == 0 and done.task.data.loser == 1
    assert done.players[1].cannonballs == 1
