"""Rules: King of Pirates › Phases of a Turn.

Given/When/Then scenarios on hand-built positions (kop_scenarios), each named after the rule it holds.
"""
from pirates_lab.core import Task
from pirates_lab.core.testing import refused
from pirates_lab.king_of_pirates.game import Attack, Dig, EndTurn, Game, Pass, Play, Steal
from kop_scenarios import bare, give_hand, place, quoted, scenario, with_player


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
