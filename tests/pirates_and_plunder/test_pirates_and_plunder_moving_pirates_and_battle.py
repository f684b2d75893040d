"""Pirates & Plunder by rule: Moving Pirates and Battle — pirate moves along completed routes, attacks, defences and repulses.

Rules: Pirates & Plunder › Moving Pirates and Battle
"""
from __future__ import annotations

import random
from collections import deque

import pytest

from pirates_lab.core import IllegalMove, InvalidInput, play
from pirates_lab.core.testing import refused
from pirates_lab.pirates_and_plunder import (Commit, Game, MovePirate, NoShip, pirates, PlaceShip, PlaceTile,
                                             Repulse, StopPirates)
from pirates_lab.pirates_and_plunder.parts import load_tiles
from pirates_lab.pirates_and_plunder.pirates import (canonical_commitment, commitments, MAX_COMMITMENTS, occupancy,
                                                     OFF, pirate_moves, sea_links)
from pirates_lab.pirates_and_plunder.scenarios import build
from pnp_helpers import ROUTE_TILE, refusal


CROSS = "three-way crossroads"          # routes E 0, S 1, W 2; seas north 3, south-east 4, south-west 5


def ships(state):
    """(owner seat, role) of every ship on the board, by ship id."""
    return [(s[1], s[-1]) for s in state.observation(0)["ships"]]


# ------------------------------------------------------------------ Moving Pirates: what blocks your pirate
def moving(role, tile):
    """Player 2 completes a 2-segment route; their pirate north of the crossroads at (0, 0) may move; player 2's
    own ``role`` ship stands on the open sea at (0, -1) (its ``tile``; ``None``: a plain pirate)."""
    state = build(tiles=[(CROSS, (0, 0), 0), ("open sea", (0, -1), 0), ("open sea", (0, -2), 0)],
                  ships=[(1, (0, 0), 3), (1, (0, -1), 0)], drawn=CROSS, player=1, resources=[[0] * 4, [0] * 4],
                  advanced=True)
    if tile is not None:
        state.explorations.append((tile, state.node((0, -1), 0)))
        state.roles[9] = role
    return state.apply(PlaceTile((1, 0), 0)).apply(NoShip())


def reach(state):
    return {a.cell for a in state.legal_actions() if isinstance(a, MovePirate) and a.ship == 8}


def reachable(state, ship, points):
    """Brute force: the sea segments within ``points`` of the pirate (breadth first over sea_links), the rules'
    blocking and battles applied; OFF when an open edge is within reach."""
    owner, start, _ = state.ships[ship]
    occupied = occupancy(state)
    found, seen, frontier = set(), {start}, deque([(start, 0)])
    while frontier:
        here, used = frontier.popleft()
        for there in sea_links(state, here):
            if used + 1 > points:
                continue
            if there is OFF:
                found.add(OFF)
                continue
            others = [s for s in occupied.get(there, ()) if s != ship]
            if there == start or any(state.ships[s][0] == owner for s in others):
                continue
            found.add(there)
            if not others and there not in seen:
                seen.add(there)
                frontier.append((there, used + 1))
    return found


# ------------------------------------------------------------------ Moving Pirates and Battle
def pirate_board(**kwargs):
    """Player 1 completes a 2-segment route; their pirate waits north of it; player 0's pirate beyond."""
    tiles = [(CROSS, (0, 0), 0), ("open sea", (0, -1), 0)]
    ships = kwargs.pop("ships", [(1, (0, 0), 3), (0, (0, -1), 0)])
    state = build(tiles=tiles, ships=ships, drawn=CROSS, player=1, **kwargs)
    return state.apply(PlaceTile((1, 0), 0)).apply(NoShip())


def unchanged(state, action, rule):
    before = state.to_json()
    with pytest.raises(IllegalMove) as error:
        state.apply(action)
    assert error.value.rule == rule
    assert state.to_json() == before
    return error.value


# ------------------------------------------------------------------ Moving Pirates and Battle: commitments
def battle_board(resources, **options):
    """Player 2's pirate attacks player 1's pirate (player 2 completed a 2-segment route)."""
    state = build(tiles=[(CROSS, (0, 0), 0), ("open sea", (0, -1), 0)], ships=[(1, (0, 0), 3), (0, (0, -1), 0)],
                  drawn=CROSS, player=1, resources=resources, **options)
    return state.apply(PlaceTile((1, 0), 0)).apply(NoShip()).apply(MovePirate(8, (0, -1), 0, 0, route=2))


# ------------------------------------------------------------------ Moving Pirates and Battle: in any order
def two_routes_board():
    """Player 1 lays a crossroads completing a 3-segment route (west) and a 2-segment route (east); player 1's
    pirates wait on the north sea of both end crossroads."""
    tiles = [(CROSS, (-2, 0), 0), ("straight route", (-1, 0), 0), (CROSS, (1, 0), 0)]
    state = build(tiles=tiles, ships=[(0, (-2, 0), 3), (0, (1, 0), 3)], drawn=CROSS)
    return state.apply(PlaceTile((0, 0), 0)).apply(NoShip())


@pytest.mark.parametrize("role, tile", [("scavenger", "Reef"), ("viceroy", "Viceroy"),
                                        ("royal cartographer", "Royal Cartographer")])
def test_your_own_scavenger_viceroy_or_cartographer_does_not_block_your_pirate(role, tile):
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    # Given player 2's own special ship on the sea north of their pirate ("does not count as a pirate")
    state = moving(role, tile)
    # Then the pirate may sail onto its segment and on past it ("may not move onto a sea segment containing a
    # pirate or merchant owned by the same player": it is neither), with no battle against its own ship
    assert {(0, -1), (0, -2)} <= reach(state)
    assert all(a.target == -1 for a in state.legal_actions() if isinstance(a, MovePirate) and a.cell == (0, -1))
    state = state.apply(MovePirate(8, (0, -1), 0, route=2))
    assert ships(state) == [(1, "pirate"), (1, role)] and state.observation(0)["phase"] == "draw"


def test_your_own_pirate_still_blocks_your_pirate():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    # Given player 2's own plain pirate north of the moving pirate, Then the pirate can neither stop there nor pass
    assert not {(0, -1), (0, -2)} & reach(moving(None, None))


def test_your_own_pirate_king_blocks_your_pirate():
    """Rules: Pirates & Plunder › Moving Pirates and Battle
    Rules: Pirates & Plunder › Pirate Cove"""
    # Given player 2's own pirate king on the sea north of their pirate (the pirate king is a pirate: "a ship
    # may be added to it to become the Pirate King"), Then the pirate can neither stop there nor pass
    assert not {(0, -1), (0, -2)} & reach(moving("pirate king", "Pirate Cove"))


# ------------------------------------------------------------------ Moving Pirates and Battle
def test_sea_segments_link_across_each_route_of_a_crossroads_and_off_its_open_edges():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    state = build(tiles=[(CROSS, (0, 0), 0)])
    node = lambda segment: state.node((0, 0), segment)  # noqa: E731
    assert set(sea_links(state, node(3))) == {node(4), node(5), OFF}     # across the east and west routes
    assert set(sea_links(state, node(4))) == {node(3), node(5), OFF}     # across the east and south routes
    assert set(sea_links(state, node(5))) == {node(3), node(4), OFF}


def test_a_merchant_occupies_the_two_sea_segments_beside_its_route_only():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    state = build(tiles=[(CROSS, (0, 0), 0)], ships=[(1, (0, 0), 0)])     # a merchant on the east route
    where = {node for node, ships in occupancy(state).items() if 8 in ships}
    assert where == {state.node((0, 0), 3), state.node((0, 0), 4)}


def test_pirate_moves_reach_exactly_what_a_breadth_first_search_reaches():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    checked = 0
    for seed in range(3):
        for step in play(Game(players=3).new_initial_state(), None, random.Random(seed)):
            state = step.after
            if not isinstance(step.action, PlaceTile) or len(state.placed) % 9:
                continue
            for ship, (owner, node, _) in sorted(state.ships.items()):
                if state.board.kinds[state.placed[node // 8][0]][node % 8] != "sea":
                    continue
                for points in (1, 2, 3, 5):
                    moves = {there for there, _, _ in pirate_moves(state, ship, points)}
                    assert moves == reachable(state, ship, points), (seed, ship, points)
                    checked += 1
    assert checked > 100


def test_a_repulsed_pirate_with_nowhere_to_go_goes_home_and_the_log_says_so():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    # Given player 2's pirate attacking player 1's merchant from the route's south sea, every sea around it taken
    # by player 1's ships (the crossroads' north sea, the open seas east and west) and no open edge beside it
    tiles = [(CROSS, (0, 0), 0), ("straight route", (0, -1), 0), ("open sea", (1, -1), 0), ("open sea", (-1, -1), 0)]
    ships = [(1, (0, 0), 3), (0, (0, -1), 0), (0, (1, -1), 0), (0, (-1, -1), 0), (0, (0, 0), 3)]
    state = build(tiles=tiles, ships=ships, drawn=CROSS, player=1, resources=[[0, 0, 0, 0], [1, 0, 0, 0]])
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip()).apply(MovePirate(8, (0, -1), 2, 0, route=2))
    state = state.apply(Commit((1, 0, 0, 0))).apply(Commit((0, 0, 0, 0)))   # 1 against base 1: repulsed
    assert state.log[-1] == "The repulsed pirate has nowhere to go: it goes home." and 8 not in state.ships


def test_a_won_battle_against_a_merchant_is_told_in_words():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    tiles = [(CROSS, (0, 0), 0), ("straight route", (0, -1), 0)]
    state = build(tiles=tiles, ships=[(1, (0, 0), 3), (0, (0, -1), 0)], drawn=CROSS, player=1,
                  resources=[[0, 0, 0, 0], [2, 0, 0, 0]])
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip()).apply(MovePirate(8, (0, -1), 2, 0, route=2))
    won = state.apply(Commit((2, 0, 0, 0))).apply(Commit((0, 0, 0, 0)))
    assert ("Player 2's pirate wins (2 against 1): player 1's merchant goes home and the pirate becomes a merchant."
            in won.log)


@pytest.mark.parametrize("segments, edges, message", [
    # the sea beside a route named on an edge that is island
    (ROUTE_TILE.replace('at = ["E:south", "S", "W:south"]', 'at = ["E:south", "S", "W:south", "N:west"]'), "IRSR",
     "Tile list, tile 'start', segment 3: N:west is the sea beside a trade route: only a sea segment on a route edge "
     "can touch it."),
    # the sea beside a route claimed by the island
    (ROUTE_TILE.replace('at = ["N"]', 'at = ["N", "E:north"]'), "IRSR",
     "Tile list, tile 'start', segment 0: E:north is the sea beside a trade route: only a sea segment on a route edge "
     "can touch it."),
])
def test_the_sea_beside_a_route_only_on_a_route_edge_and_only_for_sea(tmp_path, segments, edges, message):
    """Rules: Pirates & Plunder › Parts"""
    # Then each mistake is one sentence naming the tile and the segment (parts._segment__mutmut_83: the place left out)
    assert refusal(tmp_path, segments, edges) == message


# ------------------------------------------------------------------ Moving Pirates and Battle: a commitment checked at once
def test_a_commitment_is_accepted_without_listing_every_commitment(monkeypatch):
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    # Given player 2 holds all 60 resources (16**4 = 65,536 distinct commitments) and attacks player 1's pirate
    state = build(tiles=[("three-way crossroads", (0, 0), 0), ("open sea", (0, -1), 0)],
                  ships=[(1, (0, 0), 3), (0, (0, -1), 0)], drawn="three-way crossroads", player=1,
                  resources=[[0, 0, 0, 0], [15, 15, 15, 15]])
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip()).apply(MovePirate(8, (0, -1), 0, 0, route=2))

    def listing(held):
        raise AssertionError("every commitment listed to check one")

    # When the attack and the defence are committed while listing them is impossible
    monkeypatch.setattr(pirates, "commitments", listing)
    state = state.apply(Commit((3, 0, 0, 1))).apply(Commit((0, 0, 0, 0)))
    # Then each is checked at once against what its player holds, and the battle is fought: 4 against 0
    # (pirates.MovingPirates.commit_allowed__mutmut_3 and _9: the action's resources never read, so every
    # commitment was looked up in the full list)
    assert state.resources[1] == [12, 15, 15, 14] and [s[1] for s in state.observation(0)["ships"]] == [1]


def test_completing_a_route_lets_a_pirate_move_as_far_as_the_route_is_long():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    state = pirate_board()
    assert state.observation(1)["phase"] == "pirates"
    moves = {(a.cell, a.segment, a.target) for a in state.legal_actions() if isinstance(a, MovePirate)}
    assert moves == {((0, -1), 0, 0),                 # north onto player 0's pirate: a battle
                     ((0, 0), 4, -1), ((0, 0), 5, -1),  # across a route on its own tile: 1 point each
                     ((1, 0), 3, -1),                   # east onto the new tile: 1 point
                     ((1, 0), 4, -1), ((1, 0), 5, -1),  # then across one of its routes: 2 points
                     (None, -1, -1)}                    # off an open edge
    assert MovePirate(8, None, route=2) in state.legal_actions()   # off an open edge, with the route's 2 points


def test_a_pirate_never_moves_onto_its_own_ship_nor_on_the_turn_it_was_placed():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    state = pirate_board(ships=[(1, (0, 0), 3), (1, (0, -1), 0)])
    moves = [a for a in state.legal_actions() if isinstance(a, MovePirate)]
    assert all(a.cell != (0, -1) for a in moves)
    fresh = build(tiles=[(CROSS, (0, 0), 0)], drawn=CROSS, player=1)
    fresh = fresh.apply(PlaceTile((1, 0), 0)).apply(PlaceShip(3))   # a pirate placed this very turn
    assert fresh.observation(1)["phase"] != "pirates"


def test_a_pirate_sailing_off_an_open_edge_goes_home():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    state = pirate_board().apply(MovePirate(8, None, route=2))
    assert state.supply(1) == 7 and state.observation(0)["phase"] == "draw"


def test_the_defender_sees_the_attack_and_surrenders_when_weaker():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    state = pirate_board(resources=[[1, 0, 0, 0], [0, 2, 0, 0]])
    state = state.apply(MovePirate(8, (0, -1), 0, 0, route=2)).apply(Commit((0, 2, 0, 0)))
    assert state.current_player() == 0 and state.observation(0)["battle"]["attack"] == [0, 2, 0, 0]
    state = state.apply(Commit((1, 0, 0, 0)))
    assert list(state.ships) == [8] and state.where(state.ships[8][1]) == ((0, -1), 0)
    assert state.resources == [[0, 0, 0, 0], [0, 0, 0, 0]] and state.bank == [15, 15, 15, 15]


def test_a_repulsed_attacker_is_pushed_one_to_three_points_by_the_defender():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    state = pirate_board(resources=[[1, 0, 0, 0], [0, 1, 0, 0]])
    state = state.apply(MovePirate(8, (0, -1), 0, 0, route=2)).apply(Commit((0, 1, 0, 0))).apply(Commit((1, 0, 0, 0)))
    assert state.current_player() == 0
    pushes = state.legal_actions()
    assert Repulse(None) in pushes and Repulse((0, -1), 0) not in pushes and Repulse((1, 0), 4) in pushes
    state = state.apply(Repulse((1, 0), 4))
    assert state.where(state.ships[8][1]) == ((1, 0), 4) and len(state.ships) == 2


def test_a_merchant_defends_with_one_and_a_winning_pirate_becomes_a_merchant():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    tiles = [(CROSS, (0, 0), 0), ("straight route", (0, -1), 0)]
    state = build(tiles=tiles, ships=[(1, (0, 0), 3), (0, (0, -1), 0)], drawn=CROSS, player=1,
                  resources=[[0, 0, 0, 0], [2, 0, 0, 0]])
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip())
    tie = state.apply(MovePirate(8, (0, -1), 2, 0, route=2)).apply(Commit((1, 0, 0, 0))).apply(Commit((0, 0, 0, 0)))
    assert tie.current_player() == 0 and tie.observation(0)["phase"] == "repulse"   # 1 against base 1: repulsed
    won = state.apply(MovePirate(8, (0, -1), 2, 0, route=2)).apply(Commit((2, 0, 0, 0))).apply(Commit((0, 0, 0, 0)))
    assert [r[-1] for r in won.observation(0)["ships"]] == ["merchant"] and won.ships[8][0] == 1


def test_a_battle_commitment_must_be_held():
    """Rules: Pirates & Plunder › Moving Pirates and Battle"""
    state = pirate_board(resources=[[0, 0, 0, 0], [0, 1, 0, 0]]).apply(MovePirate(8, (0, -1), 0, 0, route=2))
    unchanged(state, Commit((0, 2, 0, 0)), "Moving Pirates and Battle")
    unchanged(state, StopPirates(), "Moving Pirates and Battle")


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


def test_a_pirate_move_out_of_reach_is_refused_in_a_whole_sentence_naming_the_routes_to_use():
    """Rules: Pirates & Plunder › Moving Pirates and Battle — a pirate moves at most the length of a completed
    route, once per route.  Given routes of 3 and 2 segments completed at once, When a pirate is moved as if by a
    route of 4, Then the refusal is the whole sentence a learner reads, starting with a capital and naming the
    routes 3 or 2, and nothing changes.  (Mutation sample of issue 36 item 5: the sentence begun "that pirate"
    survived: the earlier tests checked only the rule's heading.)"""
    state = two_routes_board()
    short = next(a for a in state.legal_actions() if isinstance(a, MovePirate) and a.ship == 1 and a.route == 2)
    error = unchanged(state, MovePirate(1, short.cell, short.segment, short.target, short.storm, route=4),
                      "Moving Pirates and Battle")
    assert error.reason == (
        "That pirate cannot go there: it moves at most the length of the completed route it uses (route = 3 or 2), "
        "never onto your own ships, not on the turn it was placed, and only once per completed route.")


def test_the_log_names_the_player_who_moves_a_pirate_by_his_number():
    """Rules: Pirates & Plunder › Moving Pirates and Battle.
    Given player 2's pirate beside player 1's ship after player 2 completed a 2-segment route, When player 2 moves
    it onto that ship's sea, Then the log says "Player 2 moves a pirate to (0, -1).", players numbered from 1.
    (Mutation sample of issue 36 item 5: the player logged as ``player + 2``.)"""
    state = battle_board([[0, 0, 0, 0], [0, 0, 0, 0]])
    assert "Player 2 moves a pirate to (0, -1)." in state.log
