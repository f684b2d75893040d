"""Rules: King of Pirates › Action Cards — when each card may be played, and what it does.

Given/When/Then scenarios on hand-built positions (kop_scenarios), each named after the rule it holds.
"""
from pirates_lab.core import Task
from pirates_lab.king_of_pirates.game import BuyPart, Dig, Done, Pass, Play, Sail, StopMoving

from kop_scenarios import mutiny_facing, seen_alike
from kop_scenarios import COMP, bare, give_hand, place, quoted, scenario, with_player
import pytest
import random
from pirates_lab.core import IllegalMove
from pirates_lab.core.testing import refused
from pirates_lab.king_of_pirates.game import AcceptMutiny, Attack
from kop_scenarios import deal, mutiny_with_two_keelhaulers, set_crew, without_empty


def _without(state, cell):
    """Tile pools with the empty tile at ``cell`` already turned over."""
    pools = {k: dict(v) for k, v in state.tile_pools.items()}
    pools["shark" if cell in COMP.shark_cells else "ocean"]["empty"] -= 1
    return pools


def test_tailwind_may_be_played_after_the_last_space_is_sailed():
    quoted("Action Cards", "Tailwind (M) - You may move up to 2 additional Spaces this turn.")
    # Given player 0 with one sail holding Tailwind, about to move
    state = give_hand(with_player(bare(), 0, position=(4, 0)), 0, ["Tailwind"])
    state = scenario(state, [Task("start_movement", 0)], revealed={(3, 0): "empty"}, tile_pools=_without(bare(), (3, 0)))
    assert state.moves_left == 1
    # When it sails its one space
    sailed = state.apply(Sail((3, 0)))
    # Then the move has not ended yet: it may stop, or play Tailwind and sail two more spaces
    assert sailed.phase == "movement" and sailed.current_player() == 0 and sailed.moves_left == 0
    assert set(sailed.legal_actions()) == {StopMoving(), Play("Tailwind")}
    windy = sailed.apply(Play("Tailwind"))
    assert windy.moves_left == 2 and Sail((2, 0)) in windy.legal_actions()
    # and stopping ends the move
    assert sailed.apply(StopMoving()).phase != "movement"


def test_a_move_whose_last_space_is_sailed_ends_at_once_with_no_card_in_hand():
    # Given player 0 with one sail and no card
    state = scenario(with_player(bare(), 0, position=(4, 0)), [Task("start_movement", 0)],
                     revealed={(3, 0): "empty"}, tile_pools=_without(bare(), (3, 0)))
    # When it sails its one space, Then the move is over (nothing to decide)
    assert state.apply(Sail((3, 0))).phase != "movement"


def test_tailwind_is_not_offered_at_a_pirates_lair_where_the_move_is_over():
    # Given player 0 at a Pirates Lair after its move, rich enough to buy a part, holding Tailwind
    lair = COMP.corner_lair(0)
    state = give_hand(with_player(bare(), 0, position=lair, doubloons=2500), 0, ["Tailwind", "Scurvy"])
    state = scenario(state, [Task("lair_buy", 0)])
    # When it decides what to buy, Then Tailwind (which would only lose the card) is not offered; an A card is
    assert state.phase == "lair_buy" and BuyPart("Rum hold") in state.legal_actions()
    assert Play("Tailwind") not in state.legal_actions() and Play("Scurvy", 1) in state.legal_actions()
    assert Play("Tailwind") not in state.apply(Done()).legal_actions()


def test_tailwind_is_not_offered_at_the_dig_after_the_move():
    # Given player 0 on a small island (3 maps) holding 3 Treasure Maps and Tailwind, its move over
    island = place("small island")
    state = give_hand(with_player(bare(), 0, position=island), 0, ["Treasure Map"] * 3 + ["Tailwind"])
    state = scenario(state, [Task("dig", 0)], entered=island)
    # When it may dig, Then Tailwind is not offered
    assert state.phase == "dig" and set(state.legal_actions()) == {Pass(), Dig()}


def test_tailwind_may_be_played_before_moving():
    # Given player 0 holding Tailwind at the card window before its move
    state = scenario(give_hand(bare(), 0, ["Tailwind"]), [Task("movement_window", 0)])
    # When it is asked, Then Tailwind is playable and lengthens the move to come
    assert state.phase == "window" and Play("Tailwind") in state.legal_actions()
    windy = state.apply(Play("Tailwind"))
    assert windy.in_play and windy.in_play[0].card == "Tailwind"


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
    state = scenario(state, [Task("start_movement", 0)], revealed={(3, 0): "empty"}, tile_pools=without_empty(bare(), (3, 0)))
    state = state.apply(Sail((3, 0)))                           # the window before moving is past
    assert state.moves_left == 1
    # When it plays Tailwind mid-move
    windy = state.apply(Play("Tailwind"))
    # Then it may sail two more spaces
    assert windy.moves_left == 3 and windy.current_player() == 0 and "Tailwind" not in windy.players[0].hand


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


def test_action_cards_another_players_a_card_between_two_steps_of_a_move():
    quoted("Action Cards", "Cards with an A are playable at any time during a turn")
    # Given player 0 may sail two spaces, and player 1 holds The Flying Dutchman, the Dutchman at (2, 0)
    state = give_hand(with_player(bare(), 0, position=(4, 0), parts=("Rum hold",)), 1, ["The Flying Dutchman"])
    state = scenario(state, [Task("start_movement", 0)], dutchman=(2, 0),
                     revealed={(3, 0): "empty"}, tile_pools=without_empty(bare(), (3, 0)))
    # When player 0 makes its first step, to (3, 0)
    stepped = state.apply(Sail((3, 0)))
    # Then player 1 may drop the Dutchman on it before the second step: cards and pirates lost, turn over
    assert stepped.current_player() == 1 and Play("The Flying Dutchman", "east") in stepped.legal_actions()
    caught = stepped.apply(Play("The Flying Dutchman", "east"))
    assert caught.dutchman == (3, 0) and caught.players[0].crew == () and caught.agenda == [Task("end_turn", 0), Task("relocate", 0)]
    # or pass, in one action, and the move goes on
    passed = stepped.apply(Pass())
    assert passed.current_player() == 0 and passed.phase.name == "movement" and passed.moves_left == 1


def test_action_cards_who_is_asked_in_a_card_window_does_not_tell_who_holds_a_playable_card():
    quoted("Action Cards", "Since all players can play cards during any player's turn")
    # Given player 0's upkeep window (U and A cards), player 1 holding Mutiny (a U card) and player 2 a
    # Tailwind (an M card, not playable now) -- or the other way round
    base = scenario(bare(players=3), [Task("upkeep_window", 0)])
    mutiny_with_1 = scenario(deal(bare(players=3), {1: ["Mutiny"], 2: ["Tailwind"]}), [Task("upkeep_window", 0)])
    mutiny_with_2 = scenario(deal(bare(players=3), {1: ["Tailwind"], 2: ["Mutiny"]}), [Task("upkeep_window", 0)])
    # When the window asks round the table
    # Then player 0 sees the same questions put to the same players either way: every player holding a
    # card is asked in turn (a Pass is one action), not only the one whose card could be played
    assert mutiny_with_1.current_player() == mutiny_with_2.current_player() == 1
    seen_alike(mutiny_with_1, mutiny_with_2, seat=0)
    assert set(mutiny_with_1.legal_actions()) == {Pass(), Play("Mutiny")} and mutiny_with_2.legal_actions() == (Pass(),)
    # and nobody is asked when nobody holds a card (hand sizes are public)
    assert base.current_player() == 0 and base.phase.name == "movement"


def test_action_cards_who_is_asked_to_keelhaul_does_not_tell_who_holds_keelhauling():
    quoted("Action Cards", "Keelhauling (U) - Prevent one Mutiny.")
    # Given player 0 accepts a mutiny; player 1 holds Keelhauling and player 2 a Treasure Map, or the other way
    with_1 = mutiny_facing({1: ["Keelhauling"], 2: ["Treasure Map"]})
    with_2 = mutiny_facing({1: ["Treasure Map"], 2: ["Keelhauling"]})
    # When the other players are asked whether they prevent it
    # Then both are asked, in seat order, whoever holds the card: player 0 cannot tell the two apart
    assert with_1.current_player() == with_2.current_player() == 1
    assert set(with_1.legal_actions()) == {Pass(), Play("Keelhauling")} and with_2.legal_actions() == (Pass(),)
    end_1, end_2 = seen_alike(with_1, with_2, seat=0)
    assert end_1.players[0].crew == end_2.players[0].crew == ("Mary Read",)      # both passed: the captain goes


def test_a_redeal_keeps_every_move_of_the_asked_player_legal_and_a_card_not_held_is_refused():
    quoted("Action Cards", "Keelhauling (U) - Prevent one Mutiny.")
    # Given player 1 is asked whether it keelhauls player 0's mutiny, holding Keelhauling and two more cards
    state = mutiny_facing({1: ["Keelhauling", "Scurvy", "Tailwind"], 2: ["Treasure Map", "Assault"]})
    assert state.current_player() == 1 and state.phase.name == "keelhauling"
    rng = random.Random(7)
    without = 0
    for _ in range(50):
        # When player 0 (who cannot see the others' hands) re-deals them
        other = state.redeal_hidden(0, rng)
        other.validate()
        assert other.observation(0) == state.observation(0)
        # Then every move the re-dealt position offers can be made, and Keelhauling is offered exactly when
        # the re-dealt hand holds one; playing a card not held is refused by the rules, state unchanged
        for action in other.legal_actions():
            other.apply(action)
        holds = "Keelhauling" in other.players[1].hand
        assert (Play("Keelhauling") in other.legal_actions()) == holds
        if not holds:
            without += 1
            refused(other, Play("Keelhauling"), "Action Cards")
    assert 10 <= without <= 45           # the re-deal truly re-deals the asked player's cards too


def test_a_card_the_player_does_not_hold_is_an_illegal_move_not_a_crash():
    # Given player 2 is asked at the keelhauling question without the card
    state = mutiny_facing({1: ["Treasure Map"], 2: ["Scurvy"]}).apply(Pass())
    assert state.current_player() == 2
    # When it plays Keelhauling anyway, Then the move is refused citing Action Cards and nothing changes
    error = refused(state, Play("Keelhauling"), "Action Cards")
    assert isinstance(error, IllegalMove)


def test_keelhauling_asks_every_holder_in_turn_until_one_plays():
    """Rules: King of Pirates › Action Cards ("Keelhauling (U) - Prevent one Mutiny")

    Given players 1 and 2 holding Keelhauling against player 0's mutiny, When player 1 passes,
    Then player 2 is asked next, and his Keelhauling saves player 0's captain.
    """
    state = mutiny_with_two_keelhaulers()
    assert state.current_player() == 1 and set(state.legal_actions()) == {Pass(), Play("Keelhauling")}
    state = state.apply(Pass())
    assert state.current_player() == 2 and set(state.legal_actions()) == {Pass(), Play("Keelhauling")}
    saved = state.apply(Play("Keelhauling"))
    assert saved.players[0].crew == ("William Kidd", "Anne Bonny")
    assert "Keelhauling" not in saved.players[2].hand and "Keelhauling" in saved.players[1].hand


def test_the_mutiny_card_window():
    state = give_hand(bare(), 1, ["Mutiny", "Tailwind"])
    state = with_player(state, 0, position=(3, 0))
    state = scenario(state, [Task("upkeep_window", 0)])
    assert state.current_player() == 1
    assert set(state.legal_actions()) == {Pass(), Play("Mutiny")}   # Tailwind is an M card
    with pytest.raises(IllegalMove) as error:
        state.apply(Play("Tailwind"))
    assert error.value.rule == "Action Cards"
    mutiny = state.apply(Play("Mutiny"))
    assert mutiny.current_player() == 0 and mutiny.agenda[-1] == Task("mutiny", 0)
    # a pass, and the movement window asks player 1 again (it holds cards; none it may play before 0 moves)
    passed = state.apply(Pass())
    assert passed.current_player() == 1 and passed.phase.name == "window" and passed.legal_actions() == (Pass(),)
    assert passed.apply(Pass()).current_player() == 0 and passed.apply(Pass()).phase.name == "movement"


def test_cards_in_the_combat_window():
    state = bare(players=3)
    state = give_hand(state, 0, ["Assault"])
    state = give_hand(state, 1, ["Soldiers", "Ambush"])
    state = give_hand(state, 2, ["Mercenaries", "The Flying Dutchman"])
    stronghold = next(c for c, (kind, _) in COMP.places.items() if kind == "stronghold")
    state = with_player(state, 0, position=stronghold)
    state = scenario(state, [Task("combat_choose", 0)], entered=stronghold).apply(Attack("stronghold"))
    assert state.current_player() == 0 and set(state.legal_actions()) == {Pass(), Play("Assault")}
    state = state.apply(Play("Assault"))
    assert state.current_player() == 1
    assert set(state.legal_actions()) == {Pass(), Play("Soldiers", "nation")}     # Ambush only when defending
    state = state.apply(Play("Soldiers", "nation"))
    assert state.current_player() == 2
    state = state.apply(Play("Mercenaries", "nation"))
    assert state.totals()[1] == 11 + 2 + 1 and state.attack_modifier() == 2
    # The window goes round again: player 1 (holding Ambush, not playable) passes; then player 2's
    # The Flying Dutchman onto the stronghold stops the attack: the turn ends
    assert state.current_player() == 1 and state.legal_actions() == (Pass(),)
    near = state.apply(Pass()).clone()
    assert near.current_player() == 2
    near.dutchman = (stronghold[0] - 1, stronghold[1])
    swept = near.apply(Play("The Flying Dutchman", "east"))
    assert swept.combat is None and swept.agenda == [Task("end_turn", 0), Task("relocate", 0)]


def test_assassination_promotes_and_respects_immunity():
    state = set_crew(bare(), 1, ["Henry Morgan", "Anne Bonny"])     # Henry Morgan: immune to assassination
    state = give_hand(state, 0, ["Assassination"])
    state = scenario(state, [Task("upkeep_window", 0)])
    assert set(state.legal_actions()) == {Pass(), Play("Assassination", (1, "Anne Bonny"))}
    with pytest.raises(IllegalMove):
        state.apply(Play("Assassination", (1, "Henry Morgan")))
    state = set_crew(bare(), 1, ["Anne Bonny", "Mary Read"])
    state = scenario(give_hand(state, 0, ["Assassination"]), [Task("upkeep_window", 0)])
    state = state.apply(Play("Assassination", (1, "Anne Bonny")))
    assert state.players[1].crew == ("Mary Read",)
