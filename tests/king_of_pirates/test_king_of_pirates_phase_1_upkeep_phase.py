"""Rules: King of Pirates › Phase 1: Upkeep Phase — 1A the draw and the hand limit, 1B the compass die,
1C the upkeep die, 1D the card window.

Given/When/Then scenarios on hand-built positions (kop_scenarios), each named after the rule it holds.
"""
import random

from pirates_lab.core import CHANCE, Task

from kop_scenarios import bare, deal, scenario
import pytest
from pirates_lab.king_of_pirates.game import Discard, Play
from kop_scenarios import give_hand, quoted, set_crew, with_player

ONLY_HELD = {"Mutiny", "The Flying Dutchman", "Keelhauling"}


def _reshuffled_and_drawn():
    """Players 1 and 2 hold every Mutiny, Flying Dutchman and Keelhauling card; every other card is in the
    discard pile (seen by all) and the deck is empty; player 0's upkeep draw reshuffles the pile and draws two."""
    state = deal(bare(players=3), {1: ["Mutiny", "Mutiny", "The Flying Dutchman", "The Flying Dutchman"],
                                   2: ["Keelhauling"] * 4})
    state = scenario(state, [Task("upkeep_draw", 0)], action_discard=dict(state.action_deck), action_deck={})
    assert state.current_player() == CHANCE and state.action_discard == {}
    assert "The action deck is empty: the discard pile is shuffled into a new deck." in state.log
    assert not ONLY_HELD & set(state.action_deck)
    return state.apply("Treasure Map").apply("Scurvy")


def test_a_redeal_after_a_reshuffle_keeps_what_the_public_discard_pile_told_everyone():
    # Given the deck reshuffled from a discard pile without any Mutiny, Flying Dutchman or Keelhauling
    state = _reshuffled_and_drawn()
    state.validate()
    rng = random.Random(36)
    changed = 0
    for _ in range(200):
        # When player 0's unseen cards are re-dealt
        other = state.redeal_hidden(0, rng)
        other.validate()
        # Then the deck still holds none of them (everyone saw the pile it came from), the two hands hold
        # exactly those 8 cards between them, and player 0 sees the same position
        assert not ONLY_HELD & set(other.action_deck)
        assert sorted(other.players[1].hand + other.players[2].hand) == sorted(state.players[1].hand
                                                                            + state.players[2].hand)
        assert other.observation(0) == state.observation(0)
        changed += other.players[1].hand != state.players[1].hand
    assert changed > 0           # the hands really are re-dealt (the 8 cards between players 1 and 2)


def test_a_redeal_deals_the_cards_drawn_since_a_reshuffle_from_the_reshuffled_pile():
    # Given the same reshuffle, player 0 holding the two cards it drew from the new deck
    state = _reshuffled_and_drawn()
    assert state.players[0].hand == ("Scurvy", "Treasure Map") and state.players[0].held_before_shuffle == ()
    rng = random.Random(7)
    for _ in range(100):
        # When player 1's unseen cards are re-dealt
        other = state.redeal_hidden(1, rng)
        # Then player 0's two cards come from the reshuffled pile (never a card player 2 held before)
        assert not ONLY_HELD & set(other.players[0].hand) and len(other.players[0].hand) == 2
        assert other.players[2].hand == ("Keelhauling",) * 4
        assert other.observation(1) == state.observation(1)


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


def test_hand_limit_makes_room_before_drawing():
    state = give_hand(bare(), 0, ["Scurvy", "Scurvy", "Tailwind", "Assault", "Ambush", "Mutiny"])
    state = scenario(state, [Task("make_room", 0)])
    assert state.current_player() == 0
    assert Discard("Scurvy") in state.legal_actions()
    state = state.apply(Discard("Scurvy"))
    assert state.current_player() == 0
    state = state.apply(Discard("Mutiny"))
    assert state.current_player() == CHANCE and len(state.players[0].hand) == 4
