"""Computer players decide from their seat's view only; the greedy one beats the random one.

Rules: Pirates & Plunder › Playing the Game
"""
import random

from pirates_lab.core import play
from pirates_lab.pirates_and_plunder import Commit, Game, MovePirate
from pirates_lab.pirates_and_plunder.players import greedy_player, random_player, standing
from pirates_lab.pirates_and_plunder.scenarios import build
from pirates_lab.pirates_and_plunder.pirates import canonical_commitment


def play_against(seed, greedy_seat):
    """A seeded 2-player game: the greedy player in ``greedy_seat``, the random one in the other (the core's loop)."""
    return play(Game(players=2).new_initial_state(), {greedy_seat: greedy_player, 1 - greedy_seat: random_player},
                random.Random(seed)).run()


def test_greedy_beats_random_in_seeded_games():
    for seed, seat in ((0, 0), (1, 1)):
        final = play_against(seed, seat)
        assert final.returns()[seat] == 1, final.scores()


def test_standing_counts_the_final_scoring_without_changing_the_state():
    state = build(tiles=[("headland", (0, 0), 0)], ships=[(1, (0, 0), 0)], drawn="bend")
    before = state.to_json()
    assert standing(state, 1) == 2 and standing(state, 0) == -2
    assert state.to_json() == before


def test_greedy_attacks_with_just_enough_and_defends_with_just_enough():
    tiles = [("three-way crossroads", (0, 0), 0), ("open sea", (0, -1), 0)]
    state = build(tiles=tiles, ships=[(1, (0, 0), 3), (0, (0, -1), 0)], drawn="three-way crossroads", player=1,
                  resources=[[1, 0, 0, 0], [0, 3, 0, 0]])
    from pirates_lab.pirates_and_plunder import NoShip, PlaceTile
    state = state.apply(PlaceTile((1, 0), 0)).apply(NoShip()).apply(MovePirate(8, (0, -1), 0, 0, route=2))
    rng = random.Random(0)
    attack = greedy_player(state.view(), rng)
    assert attack == Commit(canonical_commitment([0, 3, 0, 0], 2))      # base 0 + the defender's 1 + 1
    state = state.apply(Commit((0, 1, 0, 0)))
    assert greedy_player(state.view(), rng) == Commit((1, 0, 0, 0))              # 1 repulses 1
