"""Issue 12 (King of Pirates): each rule as printed, one Given/When/Then scenario quoting it.

Each of these failed on the engine before its fix.
"""
import pytest

from pirates_lab.king_of_pirates.rules.task_data import Loot, Tile
from pirates_lab.core import CHANCE, TERMINAL, IllegalMove, Task, rulebook
from pirates_lab.core.geometry import hex_neighbours
from pirates_lab.king_of_pirates.game import AcceptMutiny, Attack, Dig, Discard, Dismiss, Done, EndTurn, Pass, Play, Sail, Steal, StopMoving

from kop_scenarios import COMP, bare, give_hand, place, reveal_ship, scenario, set_crew, with_player

BOOK = rulebook("king_of_pirates")


def quoted(heading, words):
    """The words are printed under the heading (so a test quotes the rulebook, not our memory)."""
    assert words in BOOK.section(heading), (heading, words)
    return words


def test_the_game_board_round_the_point_track_wins():
    quoted("The Game Board", "The skull is the beginning and the end.")
    # Given a player 100 Doubloons short of the skull
    state = scenario(with_player(bare(), 0, doubloons=9900), [Task("loot", 0, Loot(1))])
    # When a 100 Doubloon loot card brings the token round
    won = state.apply(100)
    # Then the game is over, that player wins it all, and a move now cites the Point Track's rule
    assert won.current_player() == TERMINAL and won.winners() == (0,) and won.returns() == (1, 0)
    assert "back at the skull" in won.log[-1]
    with pytest.raises(IllegalMove) as error:
        won.apply(Task("end_turn", 0))
    assert error.value.rule == "The Game Board"


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


def test_action_cards_assassination_may_target_your_own_crew():
    quoted("Action Cards", "Assassination (A) - Choose a Crewmember in play and discard it.")
    # Given player 0 holds Assassination and only player 0 has pirates aboard
    state = set_crew(bare(), 0, ["Anne Bonny", "Henry Morgan"])     # Henry Morgan: immune to assassination
    state = scenario(give_hand(state, 0, ["Assassination"]), [Task("upkeep_window", 0)])
    # When the card window asks player 0
    # Then any crewmember in play the card allows may be chosen: its own, not the immune one
    assert state.current_player() == 0
    assert set(state.legal_actions()) == {Pass(), Play("Assassination", (0, "Anne Bonny"))}
    assert state.apply(Play("Assassination", (0, "Anne Bonny"))).players[0].crew == ("Henry Morgan",)


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


def test_movement_phase_a_pirate_may_be_dismissed_at_a_pirates_lair():
    quoted("Phase 2: Movement Phase", "make any desired adjustments to your crew.")
    # Given player 0 sails into a Pirates Lair with two pirates aboard (no vacant place: one pirate drawn)
    state = set_crew(bare(), 0, ["Anne Bonny", "Blackbeard"])           # Blackbeard: +1 Maximum Rum
    state = scenario(with_player(state, 0, position=(3, 0), rum=5), [Task("start_movement", 0)])
    state = state.apply(Sail((4, 0))).apply("Mary Read")
    # When the crew is adjusted, Blackbeard may go without a replacement
    assert Dismiss("Blackbeard") in state.legal_actions() and Dismiss("Anne Bonny") in state.legal_actions()
    after = state.apply(Dismiss("Blackbeard")).apply(Done())
    # Then he is discarded and the rum is refilled to the smaller maximum
    assert after.players[0].crew == ("Anne Bonny",) and "Blackbeard" in after.pirate_discard
    assert after.players[0].rum == COMP.ship["rum"]
    with pytest.raises(IllegalMove) as error:
        after.apply(Dismiss("Anne Bonny"))
    assert error.value.rule == "Phase 2: Movement Phase"


def test_movement_phase_a_town_is_attacked_when_you_move_onto_it_not_from_where_you_lie():
    rule = quoted("Phase 2: Movement Phase", "If you move onto a space containing a Merchant Ship, a Stronghold or a "
                                             "City, you may enter combat phase.")
    stronghold = place("stronghold")
    # Given a ship that ended last turn on a stronghold's space
    state = scenario(with_player(bare(), 0, position=stronghold), [Task("start_movement", 0)])
    # When it stops without moving onto it this turn
    stayed = state.apply(StopMoving())
    # Then there is no attack on the stronghold: the turn goes on to the next player
    assert stayed.current != 0 and "Combat" not in " ".join(stayed.log[len(state.log):])
    # But a ship that sails onto the stronghold may attack it (or sail on)
    near = next(c for c in hex_neighbours(stronghold, 4) if c not in COMP.lairs and c not in COMP.places)
    state = scenario(with_player(bare(), 0, position=near, parts=("Rum hold",)), [Task("start_movement", 0)],
                     revealed={near: "empty"}, tile_pools=_without(bare(), near))
    onto = state.apply(Sail(stronghold))
    assert Sail(near) in onto.legal_actions() and rule
    assert set(onto.apply(StopMoving()).legal_actions()) == {EndTurn(), Attack("stronghold")}


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


def _without(state, cell):
    """Tile pools with the empty tile at ``cell`` already turned over."""
    pools = {k: dict(v) for k, v in state.tile_pools.items()}
    pools["shark" if cell in COMP.shark_cells else "ocean"]["empty"] -= 1
    return pools


def test_action_cards_anybody_may_keelhaul_a_mutiny_and_play_the_mutiny_card():
    quoted("Action Cards", "Keelhauling (U) - Prevent one Mutiny. Keelhauling: This card can prevent a Mutiny.")
    quoted("Action Cards", "Mutiny (U) - Current player gets a Mutiny.")
    # Given player 0 runs out of rum and player 1 holds Keelhauling
    state = set_crew(bare(), 0, ["Anne Bonny", "Mary Read"])
    state = give_hand(with_player(state, 0, position=(3, 0), rum=0), 1, ["Keelhauling"])
    mutiny = scenario(state, [Task("upkeep_die", 0)]).apply("lose 1 rum")
    # When player 0 accepts the mutiny
    asked = mutiny.apply(AcceptMutiny())
    # Then player 1 may still prevent it with the card (or pass, and the mutiny happens)
    assert asked.current_player() == 1 and set(asked.legal_actions()) == {Pass(), Play("Keelhauling")}
    saved = asked.apply(Play("Keelhauling"))
    assert saved.players[0].crew == ("Anne Bonny", "Mary Read") and "Keelhauling" not in saved.players[1].hand
    lost = asked.apply(Pass())
    assert lost.players[0].crew == ("Mary Read",) and lost.agenda[-1] == Task("relocate", 0)
    # and the Mutiny card ("Current player gets a Mutiny") may be played by the current player too
    own = scenario(give_hand(bare(), 0, ["Mutiny"]), [Task("upkeep_window", 0)])
    assert own.current_player() == 0 and Play("Mutiny") in own.legal_actions()


def test_action_cards_the_flying_dutchman_after_the_dice_prevents_winning_a_combat():
    quoted("Action Cards", "Cards with an A are playable at any time during a turn, so a way to keep people from "
                           "plundering the Strongholds can be to move the Flying Dutchman on top of them during the "
                           "Combat phase.")
    quoted("Action Cards", "in order to prevent him from winning a Combat.")
    stronghold = place("stronghold")
    # Given player 0 attacks a stronghold, the Dutchman next to it, player 1 holding The Flying Dutchman
    state = give_hand(with_player(bare(), 0, position=stronghold), 1, ["The Flying Dutchman"])
    state = scenario(state, [Task("combat_choose", 0)], entered=stronghold, dutchman=(stronghold[0] - 1, stronghold[1]))
    state = state.apply(Attack("stronghold")).apply(Pass())      # player 1 waits for the dice
    # When player 0 rolls 12 (a conquest) and player 1 is asked before the result
    rolled = state.apply((6, 6))
    assert rolled.current_player() == 1 and rolled.phase.name == "window"
    swept = rolled.apply(Play("The Flying Dutchman", "east"))
    # Then the Dutchman lands on the attacker: no conquest, no loot, the turn is over
    assert swept.combat is None and swept.players[0].doubloons == 0 and swept.players[0].crew == ()
    assert swept.agenda == [Task("end_turn", 0), Task("relocate", 0)]
    # while passing is one action and the stronghold falls
    assert rolled.apply(Pass()).phase.name == "loot"


def test_action_cards_tailwind_in_the_middle_of_a_move():
    quoted("Action Cards", "Tailwind (M) - You may move up to 2 additional Spaces this turn.")
    # Given player 0 with two sails holding Tailwind, one space sailed
    state = give_hand(with_player(bare(), 0, position=(4, 0), parts=("Rum hold",)), 0, ["Tailwind"])
    state = scenario(state, [Task("start_movement", 0)], revealed={(3, 0): "empty"}, tile_pools=_without(bare(), (3, 0)))
    state = state.apply(Sail((3, 0)))                           # the window before moving is past
    assert state.moves_left == 1
    # When it plays Tailwind mid-move
    windy = state.apply(Play("Tailwind"))
    # Then it may sail two more spaces
    assert windy.moves_left == 3 and windy.current_player() == 0 and "Tailwind" not in windy.players[0].hand


def test_upkeep_phase_use_a_card_before_drawing_instead_of_discarding():
    quoted("Phase 1: Upkeep Phase", "so it may be necessary to discard or use a card before drawing.")
    # Given player 0 holds six cards, one of them Scurvy (an A card), before the upkeep draw of two
    state = give_hand(bare(), 0, ["Scurvy", "Treasure Map", "Treasure Map", "Tailwind", "Assault", "Ambush"])
    state = scenario(state, [Task("make_room", 0)])
    # When it makes room
    assert Play("Scurvy", 1) in state.legal_actions() and Discard("Scurvy") in state.legal_actions()
    used = state.apply(Play("Scurvy", 1))
    # Then the card takes effect (player 1 gets scurvy) and counts as room made
    assert used.players[1].scurvy == 1 and len(used.players[0].hand) == 5 and used.current_player() == 0
    assert used.apply(Discard("Ambush")).current_player() == CHANCE       # now the two cards fit


def test_action_cards_citrus_fruits_after_a_failed_roll_removes_the_scurvy_penalty():
    quoted("Action Cards", "This card can be played during a combat to remove the combat penalty from the Scurvy token(s).")
    quoted("Action Cards", "Cards with an A are playable at any time during a turn")
    city = place("city")
    # Given player 0 with 2 Scurvy tokens, Citrus Fruits in hand and a cannonball, attacking a city (defence 10)
    state = give_hand(with_player(bare(), 0, position=city, scurvy=2, cannonballs=1), 0, ["Citrus Fruits"])
    state = scenario(state, [Task("combat_choose", 0)], entered=city)
    state = state.apply(Attack("city")).apply(Pass())       # no card before the dice
    # When the dice show 5 + 5 (10 - 2 = 8: a failed roll) and player 0 decides about a re-roll
    failed = state.apply((5, 5))
    assert failed.phase.name == "attacker_rerolls" and Play("Citrus Fruits") in failed.legal_actions()
    cured = failed.apply(Play("Citrus Fruits"))
    # Then the penalty is gone: 10 reaches the defence, the re-roll is no longer offered, the city falls
    assert cured.players[0].scurvy == 0 and cured.players[0].cannonballs == 1
    assert cured.phase.name == "loot"


def test_phases_of_a_turn_digging_in_the_movement_phase_comes_before_combat():
    quoted("Phase 2: Movement Phase", "If you end on a Treasure Island:")
    quoted("Phases of a Turn", "The Turn consists of 3 phases:")
    island = place("large island")
    # Given player 0 ends its move on a large island with 4 Treasure Maps, player 1's ship on the same island
    state = give_hand(with_player(bare(), 0, position=island), 0, ["Treasure Map"] * 4)
    state = scenario(with_player(state, 1, position=island), [Task("arrive", 0)])
    # When the move ends
    # Then it digs first (Phase 2), and only then may it attack player 1 (Phase 3)
    assert state.phase.name == "dig" and set(state.legal_actions()) == {Pass(), Dig()}
    dug = state.apply(Dig())
    assert dug.players[0].doubloons == 3000 and set(dug.legal_actions()) == {EndTurn(), Attack(1)}


def test_action_cards_another_players_a_card_between_two_steps_of_a_move():
    quoted("Action Cards", "Cards with an A are playable at any time during a turn")
    # Given player 0 may sail two spaces, and player 1 holds The Flying Dutchman, the Dutchman at (2, 0)
    state = give_hand(with_player(bare(), 0, position=(4, 0), parts=("Rum hold",)), 1, ["The Flying Dutchman"])
    state = scenario(state, [Task("start_movement", 0)], dutchman=(2, 0),
                     revealed={(3, 0): "empty"}, tile_pools=_without(bare(), (3, 0)))
    # When player 0 makes its first step, to (3, 0)
    stepped = state.apply(Sail((3, 0)))
    # Then player 1 may drop the Dutchman on it before the second step: cards and pirates lost, turn over
    assert stepped.current_player() == 1 and Play("The Flying Dutchman", "east") in stepped.legal_actions()
    caught = stepped.apply(Play("The Flying Dutchman", "east"))
    assert caught.dutchman == (3, 0) and caught.players[0].crew == () and caught.agenda == [Task("end_turn", 0), Task("relocate", 0)]
    # or pass, in one action, and the move goes on
    passed = stepped.apply(Pass())
    assert passed.current_player() == 0 and passed.phase.name == "movement" and passed.moves_left == 1
