"""Rules: King of Pirates › Captain's Skills — skills that act on their own (the hand limit, the steal, immunity).

Given/When/Then scenarios on hand-built positions (kop_scenarios), each named after the rule it holds.
"""
from pirates_lab.core import CHANCE, Task
from pirates_lab.king_of_pirates.game import AcceptMutiny, Discard, Pass, Play, hand_limit

from kop_scenarios import bare, deal, quoted, scenario, set_crew, with_player
from pirates_lab.king_of_pirates.game import Player, Steal
from kop_scenarios import give_hand

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


def test_captains_skills_immune_to_scurvy_clears_tokens_when_that_pirate_becomes_captain():
    quoted("Captain's Skills", "Your crew are immune to Scurvy, so simply discard any tokens you would get.")
    quoted("Action Cards", "If a Captain is assassinated, another Pirate will be promoted to Captain if possible.")
    # Given player 1's captain Anne Bonny, Mary Read (captain skill: Immune to Scurvy) aboard, 2 Scurvy tokens
    state = set_crew(bare(), 1, ["Anne Bonny", "Mary Read"])
    state = give_hand(with_player(state, 1, scurvy=2), 0, ["Assassination"])
    state = scenario(state, [Task("upkeep_window", 0)])
    # When Anne Bonny is assassinated and Mary Read is promoted
    after = state.apply(Play("Assassination", (1, "Anne Bonny")))
    # Then the crew is immune: the tokens are discarded
    assert after.players[1].crew == ("Mary Read",) and after.players[1].scurvy == 0


def test_captains_skills_two_steal_skills_give_two_steals():
    quoted("Captain's Skills", "During your Upkeep, you may steal up to 200 Doubloons from another player.")
    quoted("Captain's Skills", "Other Pirates count as Captains - Your other Pirates have their Captain's bonuses activated.")
    # Given captain Blackbeard (others count as captains) with Stede Bonnet and Ned Low, both "Move 2 on the
    # victory track", and player 1 with 500 Doubloons
    state = set_crew(bare(), 0, ["Blackbeard", "Stede Bonnet", "Ned Low"])
    state = with_player(with_player(state, 0, parts=("Rum hold",)), 1, doubloons=500)
    state = scenario(state, [Task("steal", 0)])
    # When player 0 steals, and steals again
    once = state.apply(Steal(1))
    assert once.current_player() == 0 and Steal(1) in once.legal_actions()
    twice = once.apply(Steal(1))
    # Then each skill stole up to 200, and there is no third steal
    assert twice.scores() == (400, 100) and twice.phase.name != "steal"


def test_captains_skills_the_scurvy_card_is_wasted_on_an_immune_crew():
    quoted("Captain's Skills", "Immune to Scurvy - Your crew are immune to Scurvy, so simply discard any tokens you "
                               "would get.")
    # Given player 1's captain Mary Read (Immune to Scurvy) and player 0 holding Scurvy at its upkeep window
    state = deal(set_crew(bare(), 1, ["Mary Read"]), {0: ["Scurvy"]})
    state = scenario(state, [Task("upkeep_window", 0)])
    # When player 0 plays Scurvy on player 1, Then the card is spent and the token discarded
    after = state.apply(Play("Scurvy", 1))
    assert after.players[1].scurvy == 0 and after.players[0].hand == () and after.action_discard["Scurvy"] == 1
    # while on a crew without the skill the token stays
    plain = scenario(deal(set_crew(bare(), 1, ["Anne Bonny"]), {0: ["Scurvy"]}), [Task("upkeep_window", 0)])
    assert plain.apply(Play("Scurvy", 1)).players[1].scurvy == 1


def test_captains_skills_only_the_captains_skill_counts_unless_others_count_as_captains():
    from pirates_lab.king_of_pirates.game import hand_limit, skills, Steal
    blackbeard = Player(position=(0, 0), crew=("Blackbeard", "Anne Bonny", "Calico Jack"))   # others count as captains
    active = skills(blackbeard)
    assert "+2 Combat vs. other Players" in active and "+2 Combat vs. Nations" in active
    assert skills(Player(position=(0, 0), crew=("Anne Bonny", "Calico Jack"))).count("+2 Combat vs. Nations") == 0
    # +1 Black Card per turn: hand limit 7 and three cards drawn at upkeep
    state = set_crew(bare(), 0, ["Grace O'Malley"])
    assert hand_limit(state.players[0]) == 7
    state = scenario(state, [Task("start_turn", 0)])
    drawn = 0
    while state.phase.name == "upkeep_draw":
        state, drawn = state.apply(state.chance_outcomes().outcomes()[0]), drawn + 1
    assert drawn == 3 and len(state.players[0].hand) == 3
    # Move 2 on the victory track: steal up to 200 during upkeep
    state = set_crew(bare(), 0, ["Stede Bonnet"])
    state = with_player(state, 1, doubloons=150)
    state = scenario(state, [Task("steal", 0)])
    assert set(state.legal_actions()) == {Pass(), Steal(1)}
    after = state.apply(Steal(1))
    assert after.scores() == (150, 0)


def test_scurvy_immunity_citrus_and_scurvy_card():
    state = set_crew(bare(), 0, ["Mary Read"])           # captain: immune to scurvy
    state = with_player(state, 0, position=(3, 0))
    state = scenario(state, [Task("upkeep_die", 0)])
    assert state.apply("scurvy").players[0].scurvy == 0
    state = give_hand(set_crew(bare(), 1, ["Anne Bonny"]), 0, ["Scurvy", "Citrus Fruits"])
    state = with_player(state, 0, scurvy=2)
    state = scenario(state, [Task("upkeep_window", 0)])
    assert set(state.legal_actions()) == {Pass(), Play("Scurvy", 1), Play("Citrus Fruits")}
    state = state.apply(Play("Scurvy", 1))
    assert state.players[1].scurvy == 1
    state = state.apply(Play("Citrus Fruits"))
    assert state.players[0].scurvy == 0
