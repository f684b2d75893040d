"""Issue 21 (King of Pirates): the audit's errors, each a Given/When/Then scenario quoting its rule.

The first group failed on the engine before its fix (who is asked at a card window, a re-deal that
keeps what the asked player may do, Scurvy in the middle of a move); the second group are rules the
engine already applied but no test noticed when they were broken (each checked against the broken
line: see docs/king_of_pirates.md › Mutation testing).
"""
import random

import pytest

from pirates_lab.core import CHANCE, IllegalMove, Task
from pirates_lab.core.testing import refused
from pirates_lab.king_of_pirates.game import AcceptMutiny, Attack, BuyPart, Dig, Done, EndTurn, Pass, Play, Sail

from kop_scenarios import COMP, bare, deal, place, quoted, reveal_ship, scenario, set_crew, with_player

CARD_WINDOWS = ("window", "keelhauling")


def _seen_alike(a, b, seat, answer=Pass()):
    """``a`` and ``b`` differ only in cards ``seat`` cannot see: walk both through every question put to
    another player (each passes) and check ``seat`` sees the same at every step."""
    for _ in range(20):
        assert a.observation(seat) == b.observation(seat)
        if a.current_player() in (seat, CHANCE) or a.phase.name not in CARD_WINDOWS:
            return a, b
        a, b = a.apply(answer), b.apply(answer)
    raise AssertionError("the window did not close")


# ---------------------------------------------------------------- errors fixed
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
    _seen_alike(mutiny_with_1, mutiny_with_2, seat=0)
    assert set(mutiny_with_1.legal_actions()) == {Pass(), Play("Mutiny")} and mutiny_with_2.legal_actions() == (Pass(),)
    # and nobody is asked when nobody holds a card (hand sizes are public)
    assert base.current_player() == 0 and base.phase.name == "movement"


def _mutiny_facing(hands):
    """Player 0 accepts a mutiny (no rum, the die takes 1) in a 3-player game with these hands."""
    state = set_crew(deal(bare(players=3), hands), 0, ["Anne Bonny", "Mary Read"])
    state = scenario(with_player(state, 0, position=(3, 0), rum=0), [Task("upkeep_die", 0)])
    return state.apply("lose 1 rum").apply(AcceptMutiny())


def test_action_cards_who_is_asked_to_keelhaul_does_not_tell_who_holds_keelhauling():
    quoted("Action Cards", "Keelhauling (U) - Prevent one Mutiny.")
    # Given player 0 accepts a mutiny; player 1 holds Keelhauling and player 2 a Treasure Map, or the other way
    with_1 = _mutiny_facing({1: ["Keelhauling"], 2: ["Treasure Map"]})
    with_2 = _mutiny_facing({1: ["Treasure Map"], 2: ["Keelhauling"]})
    # When the other players are asked whether they prevent it
    # Then both are asked, in seat order, whoever holds the card: player 0 cannot tell the two apart
    assert with_1.current_player() == with_2.current_player() == 1
    assert set(with_1.legal_actions()) == {Pass(), Play("Keelhauling")} and with_2.legal_actions() == (Pass(),)
    end_1, end_2 = _seen_alike(with_1, with_2, seat=0)
    assert end_1.players[0].crew == end_2.players[0].crew == ("Mary Read",)      # both passed: the captain goes


def test_a_redeal_keeps_every_move_of_the_asked_player_legal_and_a_card_not_held_is_refused():
    quoted("Action Cards", "Keelhauling (U) - Prevent one Mutiny.")
    # Given player 1 is asked whether it keelhauls player 0's mutiny, holding Keelhauling and two more cards
    state = _mutiny_facing({1: ["Keelhauling", "Scurvy", "Tailwind"], 2: ["Treasure Map", "Assault"]})
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
    state = _mutiny_facing({1: ["Treasure Map"], 2: ["Scurvy"]}).apply(Pass())
    assert state.current_player() == 2
    # When it plays Keelhauling anyway, Then the move is refused citing Action Cards and nothing changes
    error = refused(state, Play("Keelhauling"), "Action Cards")
    assert isinstance(error, IllegalMove)


def test_movement_phase_whether_you_may_dig_is_asked_without_telling_your_maps():
    quoted("Phase 2: Movement Phase", "When digging for treasure, turn in a number of Treasure Map cards equal to the "
                                      "hidden rating of the desired treasure.")
    island = place("small island")
    # Given player 0 ends its move on a small island holding three cards: three Treasure Maps, or three others
    maps = scenario(deal(with_player(bare(), 0, position=island), {0: ["Treasure Map"] * 3}), [Task("arrive", 0)])
    other = scenario(deal(with_player(bare(), 0, position=island), {0: ["Scurvy", "Tailwind", "Assault"]}),
                     [Task("arrive", 0)])
    # When the move ends, Then player 1 sees player 0 decide about digging either way; only the maps allow a dig
    assert maps.observation(1) == other.observation(1) and maps.phase.name == "dig"
    assert Dig() in maps.legal_actions() and Dig() not in other.legal_actions()
    refused(other, Dig(), "Phase 2: Movement Phase")
    assert maps.apply(Dig()).players[0].doubloons == COMP.islands["small island"]["value"]


def test_important_game_concepts_scurvy_in_the_middle_of_a_move_shortens_it():
    quoted("Important Game Concepts", "For every Scurvy token you have, your movement is reduced by 1")
    quoted("Action Cards", "Scurvy (A) - Choose a player, that player gets 1 Scurvy Token.")
    # Given player 0 with three sails at its lair, (3, 0) already turned over, and player 1 holding Scurvy
    state = deal(with_player(bare(), 0, position=(4, 0), parts=("Rum hold", "Gun deck")), {1: ["Scurvy"]})
    state = scenario(state, [Task("start_movement", 0)], revealed={(3, 0): "empty"}, tile_pools=_without((3, 0)))
    assert state.moves_left == 3
    # When player 0 sails one space and player 1 plays Scurvy on it before the next step
    stepped = state.apply(Sail((3, 0)))
    assert stepped.current_player() == 1
    sick = stepped.apply(Play("Scurvy", 0))
    # Then the move is one space shorter at once: one space left, not two
    assert sick.players[0].scurvy == 1 and sick.current_player() == 0 and sick.moves_left == 1
    after = sick.apply(Sail((2, 0)))
    assert after.moves_left == 0 and after.phase.name != "movement"


def _without(cell):
    pools = {k: dict(v) for k, v in bare().tile_pools.items()}
    pools["shark" if cell in COMP.shark_cells else "ocean"]["empty"] -= 1
    return pools


# ---------------------------------------------------------------- rules no test caught when broken
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


def test_movement_phase_a_part_costs_exactly_2500():
    quoted("Game Setup", "The middle parts of the ship may be bought later in the game for 2.500 Doubloons each.")
    # Given player 0 with exactly 2,500 Doubloons sails into its lair
    state = scenario(with_player(bare(), 0, position=(3, 0), doubloons=2500), [Task("start_movement", 0)])
    at_lair = state.apply(Sail((4, 0)))
    # Then it may buy a part, and is left with nothing; with 2,499 it may not
    assert set(at_lair.legal_actions()) == {Done(), BuyPart("Rum hold"), BuyPart("Gun deck")}
    assert at_lair.apply(BuyPart("Gun deck")).players[0].doubloons == 0
    poorer = scenario(with_player(bare(), 0, position=(3, 0), doubloons=2499), [Task("start_movement", 0)])
    assert poorer.apply(Sail((4, 0))).phase.name != "lair_buy"


def test_pirates_lairs_sailing_into_the_dutchman_at_a_lair_is_safe():
    quoted("Important Game Concepts", "you cannot be attacked by other players or the Flying Dutchman.")
    # Given the Flying Dutchman at the centre lair and player 0 beside it, with a pirate and a card
    state = deal(set_crew(with_player(bare(), 0, position=(1, 0)), 0, ["Anne Bonny"]), {0: ["Scurvy"]})
    state = scenario(state, [Task("start_movement", 0)], dutchman=(0, 0), revealed={(1, 0): "empty"},
                     tile_pools=_without((1, 0)))
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


@pytest.mark.parametrize("rum, face, mutiny", [(1, "lose 1 rum", False), (2, "lose 2 rum", False),
                                               (1, "lose 2 rum", True), (0, "lose 1 rum", True), (0, "scurvy", False)])
def test_upkeep_phase_a_mutiny_only_when_the_rum_is_not_enough(rum, face, mutiny):
    quoted("Phase 1: Upkeep Phase", "If you do not have enough Rum you will get a Mutiny!")
    # Given player 0 at sea with this much rum
    state = set_crew(with_player(bare(), 0, position=(3, 0), rum=rum), 0, ["Anne Bonny", "Mary Read"])
    state = scenario(state, [Task("upkeep_die", 0)])
    # When the upkeep die shows this face
    after = state.apply(face)
    # Then exactly the rum held is enough: a mutiny only when the die asks for more
    assert (after.phase.name == "mutiny") == mutiny
    assert after.players[0].rum == max(0, rum - {"lose 1 rum": 1, "lose 2 rum": 2, "scurvy": 0}[face])


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


def _player_combat(attacker_crew=(), defender_crew=(), defender_scurvy=0):
    state = set_crew(set_crew(bare(), 0, attacker_crew), 1, defender_crew)
    state = with_player(state, 0, position=(2, 0), cannonballs=0, doubloons=1000)
    state = with_player(state, 1, position=(2, 0), cannonballs=0, doubloons=1000, scurvy=defender_scurvy)
    return scenario(state, [Task("combat_choose", 0)]).apply(Attack(1))


def _loot_all(state):
    """Draw 100-Doubloon loot cards while the loot phase lasts; how many were drawn."""
    drawn = 0
    while state.phase.name == "loot":
        state, drawn = state.apply(100), drawn + 1
    return state, drawn


@pytest.mark.parametrize("scurvy, winner", [(0, 1), (1, 0)])
def test_phase_3_the_defenders_skills_and_scurvy_count_in_player_combat(scurvy, winner):
    quoted("Pirate Skills", "+1 Combat vs. other Players - You have +1 Combat vs. other Players.")
    quoted("Important Game Concepts", "you have -1 to all Combats")
    quoted("Phase 3: Combat Phase", "The attacking player wins any ties as he/she had the element of surprise.")
    # Given player 1 defends with Anne Bonny aboard (+1 Combat vs. other Players) and this much scurvy
    state = _player_combat(defender_crew=("Black Bart", "Anne Bonny"), defender_scurvy=scurvy)
    # When both roll 7
    done, drawn = _loot_all(state.apply((4, 3)).apply((4, 3)))
    # Then the defender's 8 beats 7, but with one scurvy token 7 ties and the attacker wins
    assert drawn == 4 and done.players[winner].doubloons == 1400 and done.players[1 - winner].doubloons == 600


def test_pirate_skills_one_more_loot_card_does_not_count_against_players():
    quoted("Pirate Skills", "+1 Loot Card - You draw 1 additional Loot Card from each City, Stronghold or ship you "
                            "conquer, this does not include other Players.")
    quoted("Phase 3: Combat Phase", "the winner draws 4 cards from the Loot Deck")
    # Given player 0 attacks player 1 with Grace O'Malley aboard (+1 Loot Card)
    state = _player_combat(attacker_crew=("Black Bart", "Grace O'Malley"))
    # When it wins 7 to 6, Then it draws the printed 4 loot cards, not 5
    done, drawn = _loot_all(state.apply((4, 3)).apply((3, 3)))
    assert drawn == 4 and done.scores() == (1400, 600)


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


# ---------------------------------------------------------------- what a person reads
def test_players_are_numbered_from_1_in_the_log_the_move_labels_and_the_refusals():
    """Issue 19 item 6: seat 0 reads "player 1" everywhere a person reads the engine (seats stay 0-based in code)."""
    import re

    from pirates_lab.core import random_playout
    from pirates_lab.king_of_pirates.game import Game, Steal

    # Given a seeded 3-player game played to its end
    actions = []
    final = random_playout(Game(players=3, max_turns=2).new_initial_state(), 4, actions=actions)
    words = final.log + [str(a) for a in actions]
    # Then no line names a "player 0", and seats 0..2 appear as players 1..3
    assert not [w for w in words if re.search(r"[Pp]layer 0\b", w)]
    assert {int(n) for w in words for n in re.findall(r"[Pp]layer (\d+)", w)} == {1, 2, 3}
    assert final.log[final.log.index("— Round 1, player 1's turn: upkeep.") + 1:].count("— Round 1, player 2's turn: upkeep.") == 1
    assert (str(Attack(1)), str(Steal(0)), str(Play("Assassination", (2, "Anne Bonny")))) == (
        "attack player 2", "steal Doubloons from player 1", "play Assassination on Anne Bonny (player 3)")
    # and a refusal naming a seat names it the same way
    at_sea = scenario(with_player(with_player(bare(), 0, position=(2, 0)), 1, position=(2, 0)), [Task("combat_choose", 0)])
    assert "There is no player 3 here to attack" in refused(at_sea, Attack(2), "Phase 3: Combat Phase").reason
