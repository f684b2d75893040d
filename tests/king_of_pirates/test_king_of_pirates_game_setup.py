"""Rules: King of Pirates › Game Setup.

Given/When/Then scenarios on hand-built positions (kop_scenarios), each named after the rule it holds.
"""
import random
from pirates_lab.core import CHANCE
from pirates_lab.king_of_pirates.game import Game, KeepPirates
from kop_scenarios import COMP, after_setup


def test_game_setup_every_ship_on_its_lair_with_two_pirates_three_cards_and_full_holds():
    state = after_setup(players=4, seed=3)
    assert state.current_player() == CHANCE and state.phase.name == "upkeep_draw"
    for p, player in enumerate(state.players):
        assert player.position == COMP.corner_lair(p) and player.position in COMP.lairs
        assert len(player.crew) == 2 and len(player.hand) == 3
        assert player.rum >= 4 and player.cannonballs >= 2 and player.doubloons == 0
    assert state.dutchman == (0, 0)
    assert len(state.pirate_discard) == 4       # each player discarded one of three
    state.validate()


def test_game_setup_keep_a_captain_and_a_mate_of_the_three_pirates_drawn():
    state = Game(players=2).new_initial_state()
    rng = random.Random(1)
    while state.current_player() == CHANCE:
        state = state.apply(state.chance_outcomes().sample(rng))
    actions = state.legal_actions()
    assert len(actions) == 6 and all(isinstance(a, KeepPirates) for a in actions)
    a, b, c = state.offer
    state = state.apply(KeepPirates(c, a))
    assert state.players[0].crew == (c, a) and b in state.pirate_discard
