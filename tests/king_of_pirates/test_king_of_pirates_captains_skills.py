"""Rules: King of Pirates › Captain's Skills — skills that act on their own (the hand limit, the steal, immunity).

Given/When/Then scenarios on hand-built positions (kop_scenarios), each named after the rule it holds.
"""
from pirates_lab.core import CHANCE, Task
from pirates_lab.king_of_pirates.game import AcceptMutiny, Discard, Pass, Play, hand_limit

from kop_scenarios import bare, deal, quoted, scenario, set_crew, with_player

SEVEN = ["Treasure Map", "Treasure Map", "Tailwind", "Scurvy", "Ambush", "Mercenaries", "Soldiers"]


def test_losing_a_plus_1_black_card_captain_lowers_the_hand_limit_at_once():
    quoted("Captain's Skills", "+1 Black Card per turn - You Draw 1 additional Action Card on each turn, and may "
                            "hold 1 additional Action card.")
    # Given player 1's captain Grace O'Malley ("+1 Black Card per turn") and 7 cards (its limit), player 0
    # holding an Assassination at the window before its move
    state = set_crew(bare(), 1, ["Grace O'Malley", "Anne Bonny"])
    state = deal(state, {0: ["Assassination"], 1: SEVEN})
    assert hand_limit(state.players[1]) == 7
    state = scenario(state, [Task("movement_window", 0)])
    # When player 0 assassinates Grace O'Malley
    state = state.apply(Play("Assassination", (1, "Grace O'Malley")))
    # Then player 1's limit is 6 and it must discard one card (its choice) before anything else happens
    assert state.players[1].crew == ("Anne Bonny",) and hand_limit(state.players[1]) == 6
    assert state.phase == "over_hand_limit" and state.current_player() == 1
    assert set(state.legal_actions()) == {Discard(c) for c in set(SEVEN)}
    after = state.apply(Discard("Soldiers"))
    assert len(after.players[1].hand) == 6 and after.action_discard.get("Soldiers") == 1
    assert after.phase != "over_hand_limit"
    after.validate()


def test_a_mutiny_that_throws_a_plus_1_black_card_captain_overboard_leaves_a_hand_to_discard_down():
    # Given player 0's captain Grace O'Malley, 7 cards, 1 Rum, nobody else holding a card
    state = deal(set_crew(bare(), 0, ["Grace O'Malley", "Anne Bonny"]), {0: SEVEN})
    state = scenario(with_player(state, 0, position=(3, 0), rum=1), [Task("upkeep_die", 0)])
    # When the upkeep die takes 2 Rum and player 0 accepts the mutiny
    state = state.apply("lose 2 rum").apply(AcceptMutiny())
    # Then the captain is gone, and player 0 discards down to 6 before the compass die sends it to a lair
    assert state.players[0].crew == ("Anne Bonny",)
    assert state.phase == "over_hand_limit" and state.current_player() == 0
    after = state.apply(Discard("Ambush"))
    assert len(after.players[0].hand) == 6 and after.phase == "relocate" and after.current_player() == CHANCE


def test_a_hand_within_the_new_limit_discards_nothing():
    # Given player 1's captain Grace O'Malley and 6 cards
    state = set_crew(bare(), 1, ["Grace O'Malley", "Anne Bonny"])
    state = scenario(deal(state, {0: ["Assassination"], 1: SEVEN[:6]}), [Task("movement_window", 0)])
    # When she is assassinated, Then nobody has to discard: the window goes round again
    state = state.apply(Play("Assassination", (1, "Grace O'Malley")))
    assert state.phase == "window" and len(state.players[1].hand) == 6
    assert state.current_player() == 1 and Pass() in state.legal_actions()
