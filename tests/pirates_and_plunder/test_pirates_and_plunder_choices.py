"""The rules as printed (issue 21): the errors the audit found, each a Given/When/Then scenario that fails on the
old engine, and every choice the rulebook gives a player offered as a decision (the old automatic choice kept
as the computer players' default).

Rules: Pirates & Plunder › Playing the Game
"""
from __future__ import annotations

import random
import re

import pytest

from pirates_lab.core import CHANCE, InvalidInput, PlayerView, play
from pirates_lab.core.hidden import can_differ, hidden_signature, swaps, unseen_pool
from pirates_lab.core.testing import check_hidden, refused
from pirates_lab.pirates_and_plunder import Commit, Game, MovePirate, NoShip, PlaceTile, breakdown
from pirates_lab.pirates_and_plunder.exploration import Exploring, storm_nodes
from pirates_lab.pirates_and_plunder.game import (Draw, SecretBattles, DrawExploration, Explore, LayExploration, ManExploration,
                                                  NoExploration, Pay, ReturnShip, Take)
from pirates_lab.pirates_and_plunder.parts import resource_counts
from pirates_lab.pirates_and_plunder.pirates import MAX_COMMITMENTS, canonical_commitment, commitments
from pirates_lab.pirates_and_plunder.placing import placement_errors
from pirates_lab.pirates_and_plunder.players import greedy_player
from pirates_lab.pirates_and_plunder.policies import POLICIES
from pirates_lab.pirates_and_plunder.scenarios import LESSON_BOARDS, build, drawing_state, lesson_boards

CROSS = "three-way crossroads"          # routes E 0, S 1, W 2; seas north 3, south-east 4, south-west 5


def with_tiles(state, *laid):
    """Exploration tiles laid by hand: (name, cell, segment)."""
    for name, cell, segment in laid:
        state.explorations.append((name, state.node(cell, segment)))
    return state


# ------------------------------------------------------------------ Pirate Cove
def test_the_pirate_king_stays_when_its_island_is_completed_and_scores_at_the_end():
    """Rules: Pirates & Plunder › Pirate Cove"""
    # Given player 2's pirate king on the Pirate Cove of an open island, and one tile left
    state = build(tiles=[("headland", (0, 0), 0)], ships=[(1, (0, 0), 0)], drawn="headland", advanced=True, bag={})
    with_tiles(state, ("Pirate Cove", (0, 0), 0))
    state.roles[8] = "pirate king"
    # When player 1 completes the island with the last tile
    state = state.apply(PlaceTile((0, -1), 2)).apply(NoShip())
    # Then the island scores for nobody (the king does not count for it), the king stays on the board and, at
    # the end, scores 2 for every pirate in its sea zone, itself included
    assert 8 in state.ships and state.is_terminal()
    assert breakdown(state) == ["Player 2: +2 for the pirate king, with 1 pirates in its sea zone (itself included)."]


# ------------------------------------------------------------------ Natives
def natives_board(resources):
    """Player 2's treasure hunter on the Buried Treasure of an open island across (0, 0) and (1, 0); player 1
    is about to lay the Natives on the island's other tile."""
    state = build(tiles=[("bay", (0, 0), 0), ("headland", (1, 0), 3)], ships=[(1, (0, 0), 0)], phase="explore_place",
                  data=Exploring("Natives"), advanced=True, resources=resources, then=("end_turn",))
    with_tiles(state, ("Buried Treasure", (0, 0), 0))
    state.roles[8] = "treasure hunter"
    return state.apply(LayExploration((1, 0), 0)).apply(ManExploration())


def test_the_natives_charge_the_explorer_on_the_buried_treasure():
    """Rules: Pirates & Plunder › Natives"""
    # Given player 2's explorer on the Buried Treasure, When player 1 places the Governor on the same island,
    # Then player 2 must pay 2 resources for it or return it (the Governor itself is immune)
    state = natives_board([[0, 0, 0, 0], [1, 1, 0, 0]])
    assert state.current_player() == 1 and state.observation(1)["phase"] == "pay"
    assert state.legal_actions() == (Pay((1, 1, 0, 0)), ReturnShip())
    # and when player 2 cannot pay, the explorer goes home without a question
    poor = natives_board([[0, 0, 0, 0], [1, 0, 0, 0]])
    assert [role for *_, role in poor.observation(0)["ships"]] == ["governor"]


def test_each_explorer_the_natives_charge_is_paid_with_resources_of_its_owners_choice_or_returned():
    """Rules: Pirates & Plunder › Natives"""
    # Given the Natives charging player 2's explorer, and player 2 holding 2 cloth and 1 rum
    state = natives_board([[0, 0, 0, 0], [2, 1, 0, 0]])
    # Then player 2 chooses which 2 resources to pay (largest piles first by default) or returns the explorer
    assert state.legal_actions() == (Pay((2, 0, 0, 0)), Pay((1, 1, 0, 0)), ReturnShip())
    paid = state.apply(Pay((1, 1, 0, 0)))
    assert paid.resources[1] == [1, 0, 0, 0] and paid.bank == [14, 15, 15, 15] and 8 in paid.ships
    assert "Player 2 pays 2 resources (1 cloth, 1 rum) to the natives." in paid.log
    home = state.apply(ReturnShip())
    assert home.resources[1] == [2, 1, 0, 0] and 8 not in home.ships and home.supply(1) == 7
    refused(state, Pay((0, 2, 0, 0)), "Natives")                 # not held
    refused(state, Pay((1, 0, 0, 0)), "Natives")                 # 2 resources, not 1


# ------------------------------------------------------------------ Storm
def test_the_storm_is_never_laid_where_a_ship_would_end_its_turn_on_it():
    """Rules: Pirates & Plunder › Storm"""
    # Given a sea zone of two tiles with player 1's pirate on the west one
    state = build(tiles=[("open sea", (0, 0), 0), ("open sea", (1, 0), 0)], ships=[(0, (0, 0), 0)],
                  phase="explore_place", data=Exploring("Storm"), advanced=True, resources=[[2, 0, 0, 0], [0] * 4])
    # When the Storm is drawn, Then it may go only where no ship stands ("A ship may never end a turn on the
    # storm tile")
    assert state.legal_actions() == (LayExploration((1, 0), 0),)
    refused(state, LayExploration((0, 0), 0), "Storm")     # the refusal cites the tile's own heading


def test_in_seeded_advanced_games_no_ship_is_ever_on_the_storm_between_turns():
    """Rules: Pirates & Plunder › Storm"""
    storms = 0

    def draws_every_exploration_tile(view, rng):
        return DrawExploration() if DrawExploration() in view.legal_actions else rng.choice(view.legal_actions)
    for seed in range(8):          # every exploration tile offered is drawn, and each is a Storm
        start = Game(players=3, advanced=True).new_initial_state()
        start.explore_bag = ["Storm"] * 10
        for step in play(start, draws_every_exploration_tile, random.Random(seed)):
            if isinstance(step.action, Draw):
                laid = storm_nodes(step.state)
                storms += bool(laid)
                assert not laid & {node for _, node, _ in step.state.ships.values()}
    assert storms > 100


# ------------------------------------------------------------------ Moving Pirates and Battle: commitments
def battle_board(resources, **options):
    """Player 2's pirate attacks player 1's pirate (player 2 completed a 2-segment route)."""
    state = build(tiles=[(CROSS, (0, 0), 0), ("open sea", (0, -1), 0)], ships=[(1, (0, 0), 3), (0, (0, -1), 0)],
                  drawn=CROSS, player=1, resources=resources, **options)
    return state.apply(PlaceTile((1, 0), 0)).apply(NoShip()).apply(MovePirate(8, (0, -1), 0, 0, route=2))


def test_a_commitment_is_any_combination_of_resource_types_and_the_types_decide_the_majorities():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    # Given the attacker (player 2) holding 1 cloth and 1 rum, the defender 1 rum
    state = battle_board([[0, 1, 0, 0], [1, 1, 0, 0]])
    # Then every distinct commitment by type is offered, the largest-piles default first for each amount
    assert state.legal_actions() == (Commit((0, 0, 0, 0)), Commit((1, 0, 0, 0)), Commit((0, 1, 0, 0)),
                                     Commit((1, 1, 0, 0)))
    # When the attack is 1 rum or 1 cloth (the defender answers nothing and surrenders), Then the resource left
    # decides the majorities at the end
    def final(attack):
        after = state.apply(Commit(attack)).apply(Commit((0, 0, 0, 0)))
        after.bag = [0] * len(after.bag)
        return after.resources[1], [line for line in after.log if "scores" in line]
    kept_cloth, kept_rum = final((0, 1, 0, 0)), final((1, 0, 0, 0))
    assert kept_cloth[0] == [1, 0, 0, 0] and kept_rum[0] == [0, 1, 0, 0]


def test_commitments_are_distinct_bounded_and_count_every_amount():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    held = [2, 0, 3, 1]
    listed = commitments(held)
    assert len(listed) == len(set(listed)) == 3 * 1 * 4 * 2
    assert all(all(0 <= c <= h for c, h in zip(choice, held)) for choice in listed)
    first = {}
    for choice in listed:                                  # the computer players' default first for each amount
        first.setdefault(sum(choice), choice)
    assert first == {n: canonical_commitment(held, n) for n in range(sum(held) + 1)}
    assert MAX_COMMITMENTS == 16 ** 4 == len(commitments([15, 15, 15, 15]))


def test_a_secret_attack_is_redealt_with_any_types_and_the_defender_cannot_tell():
    """Rules: Pirates & Plunder › Battles"""
    # Given player 2 attacking in secret with 1 cloth and 2 rum of its 3 cloth and 2 rum
    state = battle_board([[0, 1, 0, 0], [3, 2, 0, 0]], secret_battles=True).apply(Commit((1, 2, 0, 0)))
    assert state.current_player() == 0 and "attack" not in state.observation(0)["battle"]
    assert state.observation(1)["battle"]["attack"] == [1, 2, 0, 0]
    # Then a re-deal for the defender re-chooses the attack (any amount, any types) from the attacker's resources
    redealt = {resource_counts(state.redeal_hidden(0, random.Random(seed)).committed[1]) for seed in range(30)}
    assert len(redealt) > 4 and all(a[0] <= 3 and a[1] <= 2 and not any(a[2:]) for a in redealt)
    assert all(state.redeal_hidden(0, random.Random(seed)).observation(0) == state.observation(0) for seed in range(30))
    assert state.redeal_hidden(1, random.Random(0)).committed[1] == ("cloth", "rum", "rum")   # the attacker knows
    # and swapping a committed resource for a kept one (the core's leak check) changes nothing player 1 sees; the
    # re-deal keeps the attacker's resources and changes the split.  (core.testing.check_hidden also plays on after
    # the swap, and the defence reveals the attack as the rules say: signals/requests.md asks it to stop there.)
    places = state.hidden_cards()
    swapped = swaps(state, 0, places)
    assert swapped and all(world.observation(0) == state.observation(0) for _, world in swapped)
    changed = 0
    for seed in range(5):
        other = state.redeal_hidden(0, random.Random(seed))
        assert unseen_pool(other, 0, places) == unseen_pool(state, 0, places)
        changed += hidden_signature(other, 0, places) != hidden_signature(state, 0, places)
    assert can_differ(state, 0, places) and changed > 0


def test_the_leak_check_catches_an_observation_that_shows_the_secret_attack(monkeypatch):
    """Rules: Pirates & Plunder › Battles"""
    state = battle_board([[0, 1, 0, 0], [3, 2, 0, 0]], secret_battles=True).apply(Commit((1, 2, 0, 0)))
    honest = SecretBattles.observation

    def leaky(self, player):
        seen = honest(self, player)
        seen["attacker_hand"] = list(self.committed[1])
        return seen
    monkeypatch.setattr(SecretBattles, "observation", leaky)
    with pytest.raises(AssertionError, match="leaks a hidden card"):
        check_hidden(state, random.Random(1))
    assert any(world.observation(0) != state.observation(0) for _, world in swaps(state, 0, state.hidden_cards()))


# ------------------------------------------------------------------ Moving Pirates and Battle: in any order
def two_routes_board():
    """Player 1 lays a crossroads completing a 3-segment route (west) and a 2-segment route (east); player 1's
    pirates wait on the north sea of both end crossroads."""
    tiles = [(CROSS, (-2, 0), 0), ("straight route", (-1, 0), 0), (CROSS, (1, 0), 0)]
    state = build(tiles=tiles, ships=[(0, (-2, 0), 3), (0, (1, 0), 3)], drawn=CROSS)
    return state.apply(PlaceTile((0, 0), 0)).apply(NoShip())


def test_pirates_move_in_any_order_each_using_the_route_its_owner_chooses():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    # Given routes of 3 and 2 segments completed at once and two pirates to move
    state = two_routes_board()
    assert state.observation(0)["routes"] == [3, 2]
    moves = [a for a in state.legal_actions() if isinstance(a, MovePirate)]
    by_route = {length: {(a.ship, a.cell, a.segment) for a in moves if a.route == length} for length in (3, 2)}
    # Then the first pirate moved may use either route (the 3 points reach further than the 2)
    assert by_route[2] and by_route[2] < by_route[3]
    # When pirate 1 uses the 2-segment route, Then the 3 points are left for pirate 0
    short = next(a for a in moves if a.ship == 1 and a.route == 2)
    after = state.apply(short)
    assert after.observation(0)["routes"] == [3]
    assert {a.route for a in after.legal_actions() if isinstance(a, MovePirate)} == {3}
    assert {a.ship for a in after.legal_actions() if isinstance(a, MovePirate)} == {0}
    refused(state, MovePirate(1, short.cell, short.segment, short.target, short.storm, route=4),
            "Moving Pirates and Battle")


def test_with_one_pirate_to_move_only_the_longest_route_is_offered():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    state = two_routes_board()
    del state.ships[1]                                   # one pirate: the shorter route would only waste points
    assert {a.route for a in state.legal_actions() if isinstance(a, MovePirate)} == {3}


# ------------------------------------------------------------------ Advanced Rules: "may draw"
def test_the_player_who_completes_a_marked_island_may_decline_the_exploration_tile():
    """Rules: Pirates & Plunder › Advanced Rules"""
    state = build(tiles=[("headland with marker", (0, 0), 0)], drawn="headland", advanced=True)
    state = state.apply(PlaceTile((0, -1), 2)).apply(NoShip())
    assert state.current_player() == 0 and state.legal_actions() == (DrawExploration(), NoExploration())
    declined = state.apply(NoExploration())
    assert declined.observation(1)["phase"] == "draw" and declined.current_player() == CHANCE
    assert declined.observation(0)["exploration_tiles_left"] == 10
    drawn = state.apply(DrawExploration())
    assert drawn.current_player() == CHANCE and Explore("Reef") in drawn.chance_outcomes()


# ------------------------------------------------------------------ Ports
def test_a_harbormaster_is_not_returned_after_island_scoring_and_keeps_collecting():
    """Rules: Pirates & Plunder › Ports"""
    # Given player 1's harbormaster on the cloth port of an open island
    state = build(tiles=[("headland with cloth port", (0, 0), 0)], ships=[(0, (0, 0), 2)], drawn="headland", player=1)
    # When player 2 completes the island
    state = state.apply(PlaceTile((0, -1), 2)).apply(NoShip())
    # Then the harbormaster scores it (it counts for the island), stays, and collects again for the next tile
    assert state.points == [4, 0] and [s[-1] for s in state.observation(0)["ships"]] == ["harbormaster"]
    assert state.resources[0] == [1, 0, 0, 0] and state.supply(0) == 6
    state = state.apply(state.chance_outcomes().outcomes()[0])
    place = next(a for a in state.legal_actions() if a.cell == (1, 0))
    assert state.apply(place).apply(NoShip()).resources[0] == [2, 0, 0, 0]


# ------------------------------------------------------------------ Drawing and Placing Land Tiles: the lessons
def test_every_lesson_board_obeys_the_placing_rules():
    """Rules: Pirates & Plunder › Drawing and Placing Land Tiles"""
    boards = lesson_boards()
    assert tuple(boards) == LESSON_BOARDS
    assert {name: placement_errors(s.board, s.placed) for name, s in boards.items()
            if placement_errors(s.board, s.placed)} == {}
    # the check can fail: the old drawing board, a route edge against the headland's sea edge
    old = drawing_state()
    kind, _, x, y = old.placed[1]
    assert placement_errors(old.board, [old.placed[0], (kind, 0, x, y)]) == [
        "(1, 0) shows trade route on its west edge against sea on (0, 0): every touching edge must match."]
    assert placement_errors(old.board, [old.placed[0], (kind, 1, x + 1, y)]) == [
        "(2, 0) is not joined to the other tiles along a side."]


# ------------------------------------------------------------------ people read players numbered from 1
def test_log_lines_and_scores_number_the_players_from_one():
    """Rules: Pirates & Plunder › Playing the Game"""
    from pirates_lab.core import random_playout
    state = random_playout(Game(players=3, advanced=True, secret_battles=True).new_initial_state(), 4)
    lines = list(state.log)
    assert state.observation(0)["log"] == lines[-30:]              # an observation carries the latest lines
    assert not [line for line in lines if re.search(r"\b[Pp]layer 0\b", line)]
    assert lines[1].startswith("Player 1 draws") and any(line.startswith("Player 3 ") for line in lines)
    assert all(line.startswith(("Player 1:", "Player 2:", "Player 3:")) for line in breakdown(state))


# ------------------------------------------------------------------ the computer players' defaults
def test_computer_players_keep_the_old_automatic_choices():
    """Rules: Pirates & Plunder › Advanced Rules"""
    offer = build(tiles=[("headland with marker", (0, 0), 0)], drawn="headland", advanced=True)
    offer = offer.apply(PlaceTile((0, -1), 2)).apply(NoShip())
    natives = natives_board([[0, 0, 0, 0], [2, 1, 0, 0]])
    rng = random.Random(0)
    assert greedy_player(offer.view(), rng) == DrawExploration()
    assert greedy_player(natives.view(), rng) == Pay((2, 0, 0, 0))           # the largest piles, as the engine paid
    for policy in ("bluffer", "open_hand"):
        assert POLICIES[policy](offer.view(), rng) == DrawExploration()
        assert POLICIES[policy](natives.view(), rng) == Pay((2, 0, 0, 0))
    # at the pirates step they move with the longest route left
    state = two_routes_board()
    view = state.view()
    for seed in range(10):
        chosen = POLICIES["bluffer"](view, random.Random(seed))
        assert not isinstance(chosen, MovePirate) or chosen.route == 3
    assert isinstance(view, PlayerView)


# ------------------------------------------------------------------ Setup
def test_who_starts_is_decided_before_the_game_the_first_player_option():
    """Rules: Pirates & Plunder › Setup"""
    # "The youngest player decides who will start the game": the table sets it up, player 1 by default
    assert Game(players=3).new_initial_state().agenda[-1].player == 0
    state = Game(players=3, first_player=2).new_initial_state()
    rng = random.Random(0)
    state = state.apply(state.chance_outcomes().sample(rng))
    assert state.current_player() == 2 and state.log[-1].startswith("Player 3 draws")
    for wrong in (3, -1, True, "1"):
        with pytest.raises(InvalidInput):
            Game(players=3, first_player=wrong)


def test_a_refusal_quotes_what_was_given_safely():
    """Rules: Pirates & Plunder › Drawing and Placing Land Tiles"""
    state = drawing_state()
    error = refused(state, PlaceTile("0,\n0" * 20, 0), "Drawing and Placing Land Tiles")
    assert "\n" not in error.reason and "'0,\\n0" in error.reason and "…'" in error.reason
