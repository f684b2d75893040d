"""The rules of Sail and Explore: one direction, one turn, never diagonally; explore, move, draw; the Storm.

Rules: Plunder › Sail and Explore
"""
import random

import pytest

from pirates_lab.core import IllegalMove
from pirates_lab.core.geometry import E, N, S, W
from pirates_lab.core.testing import refused
from pirates_lab.plunder.actions import Explore, Sail
from pirates_lab.plunder.headings import RULE_SAIL
from pirates_lab.plunder.sail_and_explore import sailing_paths

from plunder_helpers import _engine_courses, at_step, fresh, hand, lay, play


def test_sail_one_direction_turn_once_never_diagonally():
    """Rules: Plunder › Sail and Explore"""
    state = fresh()
    p = state.first
    for cell in [(2, 0), (2, 1), (2, -1)]:
        lay(state, cell, "Open Sea")
    hand(state, p, [])
    state = at_step(state, p, "sail", "action", "give")
    state = play(state, Sail(E), "Open Sea")               # east to (1, 0), draw 1
    assert state.captains[p]["at"] == (1, 0) and len(state.captains[p]["hand"]) == 1
    assert Sail(W) not in state.legal_actions()          # no turning back
    state = play(state, Sail(E), "Open Sea")
    assert {Sail(N), Sail(S)} <= set(state.legal_actions())   # a turn to port or starboard
    state = play(state, Sail(S), "Coastland")               # the one turn (to starboard)
    assert state.observation(p)["sailing"][:2] == [S, 1] and state.captains[p]["at"] == (2, 1)
    lay(state, (3, 1), "Open Sea")
    with pytest.raises(IllegalMove, match="turning at most once"):
        state.apply(Sail(E))
    with pytest.raises(IllegalMove, match="diagonally"):
        state.apply(Sail(5))


def test_a_map_card_is_explored_next_to_the_ship_never_on_a_diagonal():
    """Rules: Plunder › Sail and Explore

    Given a captain at (1, 0) with an Open Sea card in hand, the cells east, north and south of the ship empty and the
    diagonal cells (2, 1) and (2, -1) empty too, When they explore, Then only the three cells beside the ship are
    offered ("an empty space adjacent to your ship"; "You cannot move diagonally") and a diagonal is refused."""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    hand(state, p, ["Open Sea"])
    state = at_step(state, p, "sail", "action", "give")
    explores = {a.at for a in state.legal_actions() if isinstance(a, Explore)}
    assert explores == {(2, 0), (1, 1), (1, -1)}
    for diagonal in [(2, 1), (2, -1)]:
        assert diagonal not in state.sea
        with pytest.raises(IllegalMove, match="not an empty space next to your ship"):
            state.apply(Explore(diagonal, "Open Sea"))


def test_seven_cards_stop_the_move_and_exploring_plays_a_map_card():
    """Rules: Plunder › Sail and Explore"""
    state = fresh()
    p = state.first
    hand(state, p, ["Open Sea", "Havana", "Coastland", "Natives", "Pirates", "Storm", "Bottle of Rum"][:7])
    state.captains[p]["at"] = (1, 0)
    state = at_step(state, p, "sail", "action", "give")
    with pytest.raises(IllegalMove, match="fewer than 7"):
        state.apply(Sail(E))
    state = state.apply(Explore((1, 1), "Havana"))
    assert state.sea[(1, 1)] == "Havana" and len(state.captains[p]["hand"]) == 6
    state = play(state, Sail(S), "Open Sea")
    assert state.captains[p]["at"] == (1, 1) and state.phase == "action"   # a Port ends the move
    hand(state, p, [])
    with pytest.raises(IllegalMove, match="explore first"):
        at_step(state, p, "sail").apply(Sail(E))      # nothing to the east of (1, 1) yet


def test_entering_a_port_ends_the_move_and_the_storm_ends_it_and_takes_the_loot():
    """Rules: Plunder › Sail and Explore"""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Port Royal")
    hand(state, p, [])
    port = play(at_step(state.clone(), p, "sail", "action", "give"), Sail(E), "Open Sea")
    assert port.phase == "action"
    state.captains[p]["loot"] = {"Sugar": 2}
    state.goods["Sugar"] -= 2
    storm = play(at_step(state, p, "sail", "action", "give"), Sail(S), "Storm")
    assert storm.phase == "action" and storm.captains[p]["loot"] == {} and "Storm" in storm.deck


def test_an_illegal_move_names_the_rule_and_changes_nothing():
    """Rules: Plunder › Sail and Explore"""
    state = fresh()
    before = state.to_json()
    with pytest.raises(IllegalMove) as error:
        state.apply(Sail(W) if Sail(W) not in state.legal_actions() else Explore((5, 5), "Havana"))
    assert error.value.rule in ("Sail and Explore",)
    assert state.to_json() == before


def test_one_map_card_is_explored_before_each_move():
    """Rules: Plunder › Sail and Explore

    Given a captain at sea with three map cards, When they explore once, Then they may not explore again until they
    have moved (the steps repeat in sequence: Explore, Move, Draw); after the move and the draw they may."""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    hand(state, p, ["Open Sea", "Havana", "Coastland"])
    state = at_step(state, p, "sail", "action", "give")
    state = state.apply(Explore((2, 0), "Open Sea"))
    assert not any(isinstance(a, Explore) for a in state.legal_actions())
    refused(state, Explore((1, 1), "Havana"), RULE_SAIL)
    state = play(state, Sail(E), "Open Sea")
    assert Explore((3, 0), "Havana") in state.legal_actions()


def test_entering_a_coastland_ends_the_move():
    """Rules: Plunder › Sail and Explore

    Given a Coastland east of a captain, When they sail onto it and draw, Then the move is over: the Action comes."""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Coastland")
    lay(state, (2, 0), "Open Sea")
    hand(state, p, [])
    state = play(at_step(state, p, "sail", "action", "give"), Sail(E), "Open Sea")
    assert state.captains[p]["at"] == (1, 0) and state.phase == "action"


@pytest.mark.parametrize("seed", range(6))
def test_the_courses_drawn_for_a_lesson_are_exactly_the_engines(seed):
    """Rules: Plunder › Sail and Explore

    Given a random sea of Open Sea, Ports and Coastlands around Tortuga, Then sailing_paths lists exactly the courses
    the engine lets a captain with an empty hand sail (one direction, one turn, a Port or Coastland ends it)."""
    rng = random.Random(seed)
    state = fresh(seed=seed)
    p = state.first
    hand(state, p, [])
    cells = [(x, y) for x in range(-2, 3) for y in range(-2, 3) if abs(x) + abs(y) > 1]
    names = ["Open Sea"] * 6 + ["Coastland"] * 2 + ["Havana", "Nassau", "Curacao"]
    for cell, name in zip(rng.sample(cells, 9), rng.sample(names, 9)):
        lay(state, cell, name)
    state = at_step(state, p, "sail", "action", "give")
    kinds = {cell: state.card(name).kind for cell, name in state.sea.items()}
    assert {tuple(path) for path in sailing_paths(kinds, (0, 0))} == _engine_courses(state, p)


def test_the_deck_running_out_takes_the_discard_pile_back():
    """Rules: Plunder › Sail and Explore (ASSUMPTION: an empty deck is refilled from the discard pile)"""
    state = fresh()
    p = state.first
    hand(state, p, [])
    lay(state, (1, 0), "Open Sea")
    for name, n in list(state.deck.items()):            # every card left goes to the discard pile
        state.discard[name] = state.discard.get(name, 0) + n
    state.deck = {}
    state = at_step(state, p, "sail", "action", "give").apply(Sail(E))
    assert "The deck ran out: the discard pile is shuffled into a new deck." in state.log and state.is_chance_node()


def test_exploring_twice_before_a_move_is_refused_with_the_whole_sentence():
    """Rules: Plunder › Sail and Explore — Explore, Move, Draw, in sequence.

    Given a captain who has explored Havana, When they explore the Coastland before moving, Then the refusal cites
    Sail and Explore and says, whole, to move first or stop."""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    hand(state, p, ["Havana", "Coastland"])
    state = play(at_step(state, p, "sail", "action", "give"), Explore((2, 0), "Havana"))
    with pytest.raises(IllegalMove) as error:
        state.apply(Explore((1, 1), "Coastland"))
    assert error.value.rule == "Sail and Explore"
    assert error.value.reason == ("You explore once before each move (Explore, Move, Draw, in sequence): move first, "
                                  "or stop.")


def test_with_no_card_left_anywhere_a_move_draws_nothing_and_the_voyage_goes_on():
    """Rules: Plunder › Sail and Explore (ASSUMPTION: an empty deck is refilled from the discard pile; with both empty
    there is nothing to draw)

    Given a captain in Tortuga with the deck and the discard pile both empty, When they sail east onto the Open Sea,
    Then no card is drawn (no chance step), the hand is unchanged, and the captain may sail on or stop."""
    state = fresh()
    p = state.first
    hand(state, p, [])
    state = at_step(state, p, "sail", "action", "give")
    state.deck, state.discard = {}, {}
    moved = state.apply(Sail(E))
    assert moved.captains[p]["at"] == (1, 0) and not moved.is_chance_node()
    assert moved.phase == "sail" and moved.current_player() == p and moved.hand(p) == []
