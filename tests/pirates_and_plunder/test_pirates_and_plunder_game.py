"""Pirates & Plunder, the engine as a whole: the phase table, observations, refusals in words, save and load, seeded games, computer players.

Rules: Pirates & Plunder › Playing the Game
"""
from __future__ import annotations

import random
import re

import pytest

from pirates_lab.core import CHANCE, CorruptSave, games, IllegalMove, play, PlayerView, TERMINAL
from pirates_lab.core.testing import check_protocol, refused
from pirates_lab.pirates_and_plunder import (breakdown, Commit, FLOW, Game, MovePirate, NoShip, PlaceShip, PlaceTile,
                                             Repulse, State, StopPirates, tiles)
from pirates_lab.pirates_and_plunder.exploration import Exploring
from pirates_lab.pirates_and_plunder.game import (DrawExploration, LayExploration, ManExploration, NoExploration,
                                                  Pay, ReturnShip, Take)
from pirates_lab.pirates_and_plunder.players import greedy_player
from pirates_lab.pirates_and_plunder.policies import POLICIES
from pirates_lab.pirates_and_plunder.scenarios import build, drawing_state
from pnp_helpers import CROSS, natives_board


# ------------------------------------------------------------------ Moving Pirates and Battle: in any order
def two_routes_board():
    """Player 1 lays a crossroads completing a 3-segment route (west) and a 2-segment route (east); player 1's
    pirates wait on the north sea of both end crossroads."""
    tiles = [(CROSS, (-2, 0), 0), ("straight route", (-1, 0), 0), (CROSS, (1, 0), 0)]
    state = build(tiles=tiles, ships=[(0, (-2, 0), 3), (0, (1, 0), 3)], drawn=CROSS)
    return state.apply(PlaceTile((0, 0), 0)).apply(NoShip())


GAMES = 40  # about 4 s on a loaded 2-core machine; the 1,000-game run is nightly (pytest -m nightly)


def invariants(state, before_points):
    total = tiles().total
    assert len(state.placed) + len(state.discarded) + sum(state.bag) + (state.drawn >= 0) == total
    for player in range(state.game.players):
        on_board = sum(1 for owner, _, _ in state.ships.values() if owner == player)
        assert state.supply(player) + on_board == 7 and state.supply(player) >= 0
        assert state.points[player] >= before_points[player]
        assert state.points[player] == sum(p for who, p, _ in state.scoring if who == player)
    for kind in range(4):
        assert state.bank[kind] + sum(r[kind] for r in state.resources) == 15 and state.bank[kind] >= 0
    placed_cells = {(x, y) for _, _, x, y in state.placed}
    assert placed_cells == set(state.cells) and not placed_cells & set(state.needs)


def play_seeded_games(games: int) -> dict:
    """Random games (2 to 5 players, every option), every invariant checked after every move."""
    rng = random.Random(2026)
    counts = {"battles": 0, "completed": 0, "explored": 0, "choices": 0}
    for seed in range(games):
        game = Game(players=2 + seed % 4, secret_battles=seed % 2 == 1, advanced=seed % 3 == 0)
        playthrough = play(game.new_initial_state(), None, rng)
        for step in playthrough:
            counts["choices"] += isinstance(step.action, (Pay, ReturnShip, Take, DrawExploration, NoExploration))
            invariants(step.after, step.state.points)
        state = playthrough.state
        assert len(state.placed) + len(state.discarded) == tiles().total and state.agenda == []
        assert sum(state.returns()) == 1
        counts["battles"] += sum("attacks player" in line for line in state.log)
        counts["completed"] += sum("completed" in line for line in state.log)
        counts["explored"] += len(state.explorations)
    return counts


WRONG = {
    "place": lambda s: [PlaceTile((99, 99), 0), PlaceTile((0, 0), 0), NoShip()],
    "ship": lambda s: [PlaceShip(9), PlaceTile((1, 0), 0)],
    "pirates": lambda s: [MovePirate(99, None), Commit((0, 0, 0, 0))],
    "attack": lambda s: [Commit((99, 0, 0, 0)), Commit((0, 0, 0)), StopPirates()],
    "defend": lambda s: [Commit((0, 0, 0, 99)), NoShip()],
    "repulse": lambda s: [Repulse((99, 99), 0), NoShip()],
}


def test_an_observation_names_who_acts_and_the_tile_drawn_only_while_it_waits_to_be_laid():
    """Rules: Pirates & Plunder › Drawing and Placing Land Tiles"""
    state = build(tiles=[("headland", (0, 0), 0)], drawn="headland", player=1)
    seen = state.observation(0)
    assert (seen["to_act"], seen["drawn"], seen["phase"]) == (1, "headland", "place")
    after = state.apply(PlaceTile((0, -1), 2)).observation(0)
    assert (after["to_act"], after["drawn"], after["phase"]) == (1, None, "ship")


def test_refusals_name_the_rule_broken_in_a_sentence():
    """Rules: Pirates & Plunder › Placing Ships"""
    # a ship beyond the tile's segments (a crossroads has 6)
    state = build(tiles=[(CROSS, (0, 0), 0)], ships=[(1, (0, 0), 2)], drawn=CROSS)
    state = state.apply(PlaceTile((-1, 0), 0))           # its east route joins player 2's merchant's route
    assert refused(state, PlaceShip(9), "Placing Ships").reason == (
        "The tile just placed has segments 0 to 5; a ship goes only on the tile just played.")
    assert refused(state, PlaceShip(0), "Placing Ships").reason == (
        "That trade route already holds a ship (connected segments count, however far).")
    # a tile turned three quarters that does not fit, a route edge against the sea, a turn that is not one
    headland = build(tiles=[("headland", (0, 0), 0)], drawn="headland")
    assert refused(headland, PlaceTile((1, 0), 3), "Drawing and Placing Land Tiles").reason == (
        "Its west edge is island but the tile there shows sea: every touching edge must match.")
    drawing = build(tiles=[("headland", (0, 0), 0)], drawn="straight route")
    assert refused(drawing, PlaceTile((1, 0), 0), "Drawing and Placing Land Tiles").reason == (
        "Its west edge is trade route but the tile there shows sea: every touching edge must match.")
    assert refused(drawing, PlaceTile((1, 0), 4), "Drawing and Placing Land Tiles").reason == (
        "A tile turns 0 to 3 quarter turns, not 4.")
    # a symmetric tile turned three quarters lies as turned one quarter: the same placement, accepted
    assert drawing.apply(PlaceTile((1, 0), 3)).placed[-1][1] == 3


def test_a_seat_sees_every_players_ships_left_in_the_supply():
    """Rules: Pirates & Plunder › Placing Ships"""
    # Given player 1 with one ship on the board, player 2 with none
    state = build(tiles=[("open sea with galleon", (0, 0), 0)], ships=[(0, (0, 0), 0)], drawn="bend")
    # Then each seat reads 6 ships left for player 1 and 7 for player 2 (State.observation__mutmut_50)
    assert state.observation(0)["supply"] == [6, 7] and state.observation(1)["supply"] == [6, 7]


# ------------------------------------------------------------------ the third sample, Random(42)
def test_a_seat_sees_the_scores():
    """Rules: Pirates & Plunder › Buried Treasure"""
    # Given player 1's treasure hunter laid on a Buried Treasure (5 points at once)
    state = build(tiles=[("headland", (0, 0), 0)], phase="explore_place", data=Exploring("Buried Treasure"), advanced=True,
                  then=("end_turn",))
    state = state.apply(LayExploration((0, 0), 0)).apply(ManExploration())
    # Then every seat reads the scores (State.observation__mutmut_53: the key renamed)
    assert state.observation(0)["scores"] == state.observation(1)["scores"] == [5, 0]


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


def test_a_refusal_quotes_what_was_given_safely():
    """Rules: Pirates & Plunder › Drawing and Placing Land Tiles"""
    state = drawing_state()
    error = refused(state, PlaceTile("0,\n0" * 20, 0), "Drawing and Placing Land Tiles")
    assert "\n" not in error.reason and "'0,\\n0" in error.reason and "…'" in error.reason


def test_registered_and_playable():
    assert games()["pirates_and_plunder"] is Game and Game.playable and Game.title == "Pirates & Plunder"
    assert issubclass(State, __import__("pirates_lab.core", fromlist=["State"]).State)


#: whole random games per table in the default run (issue 38): with secret battles at 3 a game takes 9-20 s on a
#: quiet machine (every commitment a decision of many choices), so one game there (seed 1, the shortest of the
#: first three: half of seed 0's time), the other two nightly
PROTOCOL_SEEDS = {(2, False): range(3), (3, True): [1], (5, False): range(3)}
NIGHTLY_PROTOCOL_SEEDS = {(3, True): [0, 2]}


@pytest.mark.parametrize("players, secret", list(PROTOCOL_SEEDS))
def test_protocol(players, secret):
    check_protocol(Game(players=players, secret_battles=secret), seeds=PROTOCOL_SEEDS[players, secret],
                   covered=not secret)


@pytest.mark.nightly
@pytest.mark.parametrize("players, secret", list(NIGHTLY_PROTOCOL_SEEDS))
def test_protocol_nightly(players, secret):
    check_protocol(Game(players=players, secret_battles=secret), seeds=NIGHTLY_PROTOCOL_SEEDS[players, secret],
                   covered=not secret)


#: the default run's secret attacks (issue 38): of 300 seeds of a battle-seeking game of 3 players, 286 is the
#: first to commit an attack in secret and keep resources back (step 44, turn 13), so a game of it cut after 6
#: turns each (18 turns, 77 log lines) checks real secret attacks in seconds; with ``max_turns=4`` it ends before
#: them and the coverage check fails.  The three whole games (only seed 2 of them attacks in secret) are nightly.
SECRET_ATTACK_SEED, SECRET_ATTACK_TURNS = 286, 6


def test_protocol_reaches_secret_attacks():
    """Issue 35: the secret battle's hidden commitment is checked at real secret attacks (a battle-seeking player),
    not merely declared: check_protocol's coverage fails a run in which no attack was ever committed in secret."""
    from pirates_lab.pirates_and_plunder.policies import POLICIES

    check_protocol(Game(players=3, secret_battles=True, max_turns=SECRET_ATTACK_TURNS), seeds=[SECRET_ATTACK_SEED],
                   policy=POLICIES["bluffer"], observe_every=1)


@pytest.mark.nightly
def test_protocol_reaches_secret_attacks_in_whole_games():
    """The same check through three whole games (seeds 0-2; seed 2 commits in secret at turn 43)."""
    from pirates_lab.pirates_and_plunder.policies import POLICIES

    check_protocol(Game(players=3, secret_battles=True), seeds=range(3), policy=POLICIES["bluffer"], observe_every=1)


def test_seeded_random_games_keep_every_invariant():
    """Rules: Pirates & Plunder › Playing the Game"""
    counts = play_seeded_games(GAMES)
    assert counts["battles"] >= 5 and counts["completed"] > 200 and counts["explored"] >= 3 and counts["choices"] >= 5


@pytest.mark.nightly
def test_a_thousand_seeded_random_games_keep_every_invariant():
    """Rules: Pirates & Plunder › Playing the Game"""
    counts = play_seeded_games(1000)
    assert counts["battles"] > 40 and counts["completed"] > 1000 and counts["explored"] > 30


def test_save_and_load_round_trip_mid_game():
    state = Game(players=4).new_initial_state()
    rng = random.Random(5)
    for _ in range(120):
        state = state.apply(state.chance_outcomes().sample(rng) if state.current_player() == CHANCE
                            else rng.choice(state.legal_actions()))
    again = state.game.load_state(state.to_json())
    assert again.to_json() == state.to_json() and again.legal_actions() == state.legal_actions()
    broken = state.to_json().replace('"turn":', '"turn": 1, "x":', 1)
    with pytest.raises(CorruptSave):
        state.game.load_state(broken)


def test_moves_after_the_end_are_refused():
    state = Game(players=2, max_turns=1).new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        state = state.apply(state.chance_outcomes().sample(rng) if state.current_player() == CHANCE
                            else rng.choice(state.legal_actions()))
    assert state.current_player() == TERMINAL and len(state.placed) == 3
    with pytest.raises(IllegalMove) as error:
        state.apply("anything")
    assert error.value.rule == "Final Scoring"


def test_the_docs_show_the_phase_table_and_every_option():
    """docs/pirates_and_plunder.md shows the engine's own phase table, and names every option the Game takes."""
    from pathlib import Path
    docs = (Path(__file__).resolve().parents[2] / "docs/pirates_and_plunder.md").read_text()
    assert FLOW.table() in docs
    assert all(f"`{name}" in docs for name in Game.default_options)


def test_the_phase_table_cites_real_headings():
    table = FLOW.table()
    for heading in ("Drawing and Placing Land Tiles", "Placing Ships", "Scoring Islands and Trade Routes",
                    "Moving Pirates and Battle", "Final Scoring", "Playing the Game"):
        assert heading in table


def test_unknown_options_and_player_counts_are_refused():
    with pytest.raises(ValueError):
        Game(players=6)
    with pytest.raises(ValueError):
        Game(players=2, secret_battles="yes")


def test_illegal_moves_in_random_games_name_a_rule_and_change_nothing():
    """Rules: Pirates & Plunder › Playing the Game"""
    from pirates_lab.core import rulebook
    headings = set(rulebook("pirates_and_plunder").headings)
    rng = random.Random(8)
    tried = set()
    for seed in range(3):
        state = Game(players=5).new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state = state.apply(state.chance_outcomes().sample(rng))
                continue
            phase = state.observation(0)["phase"]
            before = state.to_json() if phase != "place" or len(state.placed) % 10 == 0 else None
            for wrong in WRONG[phase](state):
                with pytest.raises(IllegalMove) as error:
                    state.apply(wrong)
                assert error.value.rule in headings and error.value.reason
                tried.add(phase)
            assert before is None or state.to_json() == before
            state = state.apply(rng.choice(state.legal_actions()))
    assert {"place", "ship", "pirates", "attack", "defend"} <= tried


def test_a_seeded_advanced_game_is_the_same_in_every_run():
    """Rules: Pirates & Plunder › Advanced Rules

    The exploration tiles' odds once listed their outcomes in a set's order, which changes with Python's hash
    seed from one run to the next: the same seed played another game.  Two runs with different hash seeds must
    give the same log."""
    import os
    import subprocess
    import sys
    script = ("from pirates_lab.core import random_playout\nfrom pirates_lab.pirates_and_plunder import Game\n"
              "s = random_playout(Game(players=3, advanced=True).new_initial_state(), 48)\n"
              "print(len(s.explorations), '|'.join(s.log))")
    runs = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2")]
    assert runs[0] == runs[1] and int(runs[0].split()[0]) > 0
