"""Tests written to kill mutants that survived the fast tests (see docs/testing.md).

Given/When/Then scenarios on hand-built positions (tests/king_of_pirates/kop_scenarios.py).
"""
from __future__ import annotations

from kop_scenarios import bare, give_hand, reveal_ship, scenario, set_crew, with_player

from pirates_lab.core import Task
from pirates_lab.king_of_pirates.game import AcceptMutiny, Pass, Play, Sail


def mutiny_with_two_keelhaulers():
    """Given three players, player 0 facing a mutiny (2 rum lost at 1 rum), players 1 and 2 each holding
    a Keelhauling card, When player 0 accepts the mutiny, Then the others are asked in turn order."""
    state = set_crew(bare(players=3), 0, ["William Kidd", "Anne Bonny"])
    state = give_hand(state, 1, ["Keelhauling"])
    state = give_hand(state, 2, ["Keelhauling"])
    state = with_player(state, 0, position=(3, 0), rum=1)
    state = scenario(state, [Task("upkeep_die", 0)])
    return state.apply("lose 2 rum").apply(AcceptMutiny())


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


def test_the_mutiny_happens_when_every_holder_passes():
    """Rules: King of Pirates › Important Game Concepts

    Given the same mutiny, When players 1 and 2 both pass, Then captain William Kidd is thrown overboard.
    """
    state = mutiny_with_two_keelhaulers().apply(Pass()).apply(Pass())
    assert state.players[0].crew == ("Anne Bonny",)


def test_entering_a_warship_space_starts_a_combat_against_the_warship():
    """Rules: King of Pirates › Phase 3: Combat Phase

    Given a French warship revealed at (3, 0) and player 0 at (4, 0), When player 0 sails onto it,
    Then a combat starts against the warship (not against a player), and the log says so.
    """
    state = scenario(with_player(reveal_ship(bare(), (3, 0), "Warship (French)"), 0, position=(4, 0)),
                     [Task("start_movement", 0)])
    entering = state.apply(Sail((3, 0)))
    assert entering.combat.target == "Warship (French)" and entering.combat.defender is None
    assert "Combat: player 1 attacks the Warship (French)." in entering.log      # seat 0 is player 1 to people
