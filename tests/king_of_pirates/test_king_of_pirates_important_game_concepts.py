"""Rules: King of Pirates › Important Game Concepts.

Given/When/Then scenarios on hand-built positions (kop_scenarios), each named after the rule it holds.
"""
from fractions import Fraction
from pirates_lab.core import CHANCE, Task
from pirates_lab.core.testing import refused
from pirates_lab.king_of_pirates.game import AcceptMutiny, Attack, EndTurn, Pass, Play, Sacrifice, Sail, StopMoving
from kop_scenarios import (bare, deal, give_hand, mutiny_with_two_keelhaulers, quoted, reveal_ship, scenario,
    set_crew, with_player, without_empty)


def test_important_game_concepts_a_warship_stops_you_only_if_you_enter_its_space():
    quoted("Important Game Concepts", "you must stop your movement if you enter any space with a Warship.")
    # Given a ship that lost to a warship last turn and still lies on its space
    state = reveal_ship(bare(), (3, 0), "Warship (French)")
    state = scenario(with_player(state, 0, position=(3, 0)), [Task("start_movement", 0)])
    # When it sails away
    left = state.apply(Sail((4, 0)))
    # Then it is not forced to fight again (it reaches the lair)
    assert left.combat is None and left.players[0].position == (4, 0)
    # and staying put does not force a fight either, but entering the space does
    assert state.apply(StopMoving()).combat is None
    entering = scenario(with_player(reveal_ship(bare(), (3, 0), "Warship (French)"), 0, position=(4, 0)),
                        [Task("start_movement", 0)]).apply(Sail((3, 0)))
    assert entering.combat is not None and entering.combat.target == "Warship (French)"


def test_important_game_concepts_scurvy_in_the_middle_of_a_move_shortens_it():
    quoted("Important Game Concepts", "For every Scurvy token you have, your movement is reduced by 1")
    quoted("Action Cards", "Scurvy (A) - Choose a player, that player gets 1 Scurvy Token.")
    # Given player 0 with three sails at its lair, (3, 0) already turned over, and player 1 holding Scurvy
    state = deal(with_player(bare(), 0, position=(4, 0), parts=("Rum hold", "Gun deck")), {1: ["Scurvy"]})
    state = scenario(state, [Task("start_movement", 0)], revealed={(3, 0): "empty"}, tile_pools=without_empty(bare(), (3, 0)))
    assert state.moves_left == 3
    # When player 0 sails one space and player 1 plays Scurvy on it before the next step
    stepped = state.apply(Sail((3, 0)))
    assert stepped.current_player() == 1
    sick = stepped.apply(Play("Scurvy", 0))
    # Then the move is one space shorter at once: one space left, not two
    assert sick.players[0].scurvy == 1 and sick.current_player() == 0 and sick.moves_left == 1
    after = sick.apply(Sail((2, 0)))
    assert after.moves_left == 0 and after.phase.name != "movement"


def test_pirates_lairs_no_player_combat_at_a_lair():
    quoted("Important Game Concepts", "In Pirates Lairs you can restock your Pirate Ship and you cannot be attacked "
                                      "by other players or the Flying Dutchman.")
    # Given players 0 and 1 on the same Pirates Lair, player 0 at its Combat Phase
    at_lair = scenario(with_player(with_player(bare(), 0, position=(4, 0)), 1, position=(4, 0)), [Task("combat_choose", 0)])
    # Then no attack is offered (the turn has gone on to player 1), while on open sea the same ships may fight
    assert at_lair.current == 1 and at_lair.combat is None
    at_sea = scenario(with_player(with_player(bare(), 0, position=(2, 0)), 1, position=(2, 0)), [Task("combat_choose", 0)])
    assert set(at_sea.legal_actions()) == {EndTurn(), Attack(1)}
    lair_decision = scenario(with_player(with_player(bare(), 0, position=(4, 0), doubloons=2500), 1, position=(4, 0)),
                             [Task("lair_buy", 0)])
    refused(lair_decision, Attack(1), "Phase 3: Combat Phase")


def test_pirates_lairs_sailing_into_the_dutchman_at_a_lair_is_safe():
    quoted("Important Game Concepts", "you cannot be attacked by other players or the Flying Dutchman.")
    # Given the Flying Dutchman at the centre lair and player 0 beside it, with a pirate and a card
    state = deal(set_crew(with_player(bare(), 0, position=(1, 0)), 0, ["Anne Bonny"]), {0: ["Scurvy"]})
    state = scenario(state, [Task("start_movement", 0)], dutchman=(0, 0), revealed={(1, 0): "empty"},
                     tile_pools=without_empty(bare(), (1, 0)))
    # When player 0 sails into the centre lair
    safe = state.apply(Sail((0, 0)))
    # Then it keeps its pirate and its hand, and it stands on the lair
    assert safe.players[0].crew == ("Anne Bonny",) and safe.players[0].hand == ("Scurvy",)
    assert safe.players[0].position == (0, 0) and not any(t.phase == "relocate" for t in safe.agenda)


def test_pirates_lairs_the_dutchman_sweeping_onto_a_lair_takes_nothing():
    quoted("Important Game Concepts", "you cannot be attacked by other players or the Flying Dutchman.")
    # Given player 1 on the east lair with a pirate and a card, the Dutchman one space west of it
    state = deal(set_crew(with_player(bare(), 1, position=(4, 0)), 1, ["Anne Bonny"]), {1: ["Scurvy"]})
    state = scenario(state, [Task("compass", 0)], dutchman=(3, 0))
    # When the compass die moves the Dutchman east, onto the lair
    moved = state.apply("east")
    # Then the Dutchman stands on the lair and player 1 keeps everything, where it was
    assert moved.dutchman == (4, 0)
    assert moved.players[1].crew == ("Anne Bonny",) and moved.players[1].hand == ("Scurvy",)
    assert moved.players[1].position == (4, 0)


def test_important_game_concepts_a_revealed_warship_stops_a_ship_with_moves_left():
    quoted("Important Game Concepts", "you must stop your movement if you enter any space with a Warship.")
    # Given player 0 with three sails beside a warship turned over on an earlier turn
    state = reveal_ship(with_player(bare(), 0, position=(4, 0), parts=("Rum hold", "Gun deck")), (3, 0), "Warship (French)")
    state = scenario(state, [Task("start_movement", 0)])
    # When it sails onto the warship with two spaces still to go
    entered = state.apply(Sail((3, 0)))
    # Then it stops there and fights: the combat dice are next, no more sailing
    assert entered.moves_left == 0 and entered.phase.name == "attacker_roll"
    assert entered.combat.target == "Warship (French)"
    # and a warship found under a face-down tile stops it the same way
    hidden = scenario(with_player(bare(), 0, position=(4, 0), parts=("Rum hold", "Gun deck")), [Task("start_movement", 0)])
    found = hidden.apply(Sail((3, 0))).apply("Warship (French)")
    assert found.moves_left == 0 and found.phase.name == "attacker_roll"


def test_the_mutiny_happens_when_every_holder_passes():
    """Rules: King of Pirates › Important Game Concepts

    Given the same mutiny, When players 1 and 2 both pass, Then captain William Kidd is thrown overboard.
    """
    state = mutiny_with_two_keelhaulers().apply(Pass()).apply(Pass())
    assert state.players[0].crew == ("Anne Bonny",)


def test_upkeep_mutiny_keelhauling_scapegoat_and_accepting():
    state = set_crew(bare(), 0, ["William Kidd", "Anne Bonny"])   # William Kidd: sacrifice to prevent mutiny
    state = give_hand(state, 0, ["Keelhauling"])
    state = with_player(state, 0, position=(3, 0), rum=1)
    state = scenario(state, [Task("upkeep_die", 0)])
    assert state.chance_outcomes()["lose 2 rum"] == Fraction(1, 3)
    assert state.apply("lose 1 rum").players[0].rum == 0
    mutiny = state.apply("lose 2 rum")
    assert mutiny.current_player() == 0
    assert set(mutiny.legal_actions()) == {AcceptMutiny(), Play("Keelhauling"), Sacrifice("William Kidd")}
    kept = mutiny.apply(Play("Keelhauling"))
    assert "Keelhauling" not in kept.players[0].hand and kept.players[0].crew == ("William Kidd", "Anne Bonny")
    saved = mutiny.apply(Sacrifice("William Kidd"))
    assert saved.players[0].crew == ("Anne Bonny",) and "William Kidd" in saved.pirate_discard
    lost = mutiny.apply(AcceptMutiny())
    assert lost.players[0].crew == ("Anne Bonny",)            # the captain goes, the next is promoted
    assert lost.agenda == [Task("end_turn", 0), Task("relocate", 0)]   # the turn ends after the compass die
    lost = lost.apply("west")
    assert lost.players[0].position == (-4, 0)
    assert lost.current_player() == CHANCE and lost.current == 1   # player 1's upkeep draw


def test_compass_moves_the_dutchman_back_to_the_centre_and_sweeps():
    # player 1 holds cards and pirates, so the sweep has something to take (bare() empties both)
    state = give_hand(set_crew(bare(), 1, ["Anne Bonny", "Mary Read"]), 1, ["Scurvy", "Tailwind"])
    state = with_player(state, 1, position=(3, 0))
    state = scenario(state, [Task("compass", 0)], dutchman=(4, 0))
    off = state.apply("east")
    assert off.dutchman == (0, 0)
    state = scenario(state, [Task("compass", 0)], dutchman=(2, 0))
    hit = state.apply("east")
    assert hit.dutchman == (3, 0)
    assert state.players[1].hand == ("Scurvy", "Tailwind") and state.players[1].crew == ("Anne Bonny", "Mary Read")
    assert hit.players[1].hand == () and hit.players[1].crew == ()
    assert hit.action_discard == {"Scurvy": 1, "Tailwind": 1} and "Anne Bonny" in hit.pirate_discard
    assert hit.agenda[-1] == Task("relocate", 1)      # not player 1's turn: player 0's goes on
    assert hit.apply("north-west").players[1].position == (0, -4)
    lair = scenario(state, [Task("compass", 0)], dutchman=(3, 0))
    lair = with_player(lair, 1, position=(4, 0))
    onto = lair.apply("east")                                            # onto the lair at (4, 0)
    assert onto.dutchman == (4, 0) and onto.players[1].crew == ("Anne Bonny", "Mary Read")   # safe at a Pirates Lair
    assert onto.players[1].hand == ("Scurvy", "Tailwind")


def test_sailing_into_the_dutchman_ends_the_turn():
    state = set_crew(bare(), 0, ["Anne Bonny"])
    state = give_hand(state, 0, ["Scurvy"])
    state = scenario(state, [Task("start_movement", 0)], dutchman=(3, 0))
    hit = state.apply(Sail((3, 0)))
    assert hit.players[0].crew == () and hit.players[0].hand == ()
    assert hit.agenda == [Task("end_turn", 0), Task("relocate", 0)]
