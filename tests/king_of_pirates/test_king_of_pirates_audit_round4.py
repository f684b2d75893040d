"""Issue 21, audit round 4 (King of Pirates): the errors an outside reviewer found in printed rules, each a
Given/When/Then scenario quoting its rule; each failed on the engine before its fix (docs/king_of_pirates.md ›
Audit, round 4).
"""
from pirates_lab.core import Task
from pirates_lab.king_of_pirates.game import Accept, Attack, Pass, Play, Reroll

from kop_scenarios import bare, deal, place, quoted, scenario, with_player


def _attack_on_a_city(cannonballs=2, hands=None):
    """Player 0 on a City it sailed onto this turn, attacking it; player 1 (holding ``hands``) passes before the dice."""
    city = place("city")
    state = deal(with_player(bare(), 0, position=city, cannonballs=cannonballs), hands or {1: ["Soldiers"]})
    state = scenario(state, [Task("combat_choose", 0)], entered=city).apply(Attack("city"))
    assert state.phase.name == "window" and state.current_player() == 1
    return state.apply(Pass())


def test_phase_3_a_card_after_the_dice_that_makes_the_attack_fail_lets_the_attacker_use_cannonballs():
    quoted("Phase 3: Combat Phase", "If you fail your attack, you can use Cannonballs to re-roll one or both dice.")
    quoted("Phase 3: Combat Phase", "You can use as many Cannonballs as you have")
    quoted("Action Cards", "Soldiers (C) - Choose a Nation to gain +2 Combat this turn.")
    # Given player 0 attacks a City (Defense Value 10) with 2 Cannonballs, player 1 holding Soldiers
    state = _attack_on_a_city()
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
    declined = _attack_on_a_city().apply((4, 3)).apply(Accept())
    assert declined.phase.name == "window"
    # Then the attack fails: the re-roll is not offered a second time
    done = declined.apply(Pass())
    assert done.combat is None and done.current == 1 and done.players[0].cannonballs == 2
    # and with no Cannonballs a Soldiers card after the dice simply makes the attack fail
    empty = _attack_on_a_city(cannonballs=0).apply((5, 5)).apply(Play("Soldiers", "nation"))
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
