"""Pillage & Plunder benchmarks: the whole-battle distribution, and mêlée and cannon volley
side by side with icepool doing the same computation.

Both libraries cache between calls, so every comparison is timed cold (a fresh process per run).

Also: the core's generic ``State.clone`` (which the game uses) against a hand-written override
(the one the game had before Core 2: ``copy.copy`` plus ``deepcopy`` of players and pending), on
a mid-game position and in whole random games.  Measured 2026-12-01 on the shared 2-core box
(benchmarks/run.py pillage): 5,000 clones 423 ms v 547 ms (ratio 0.77); a random 4-player game
32 ms v 40 ms (0.81).  The core's clone is faster, so the game keeps it (no override).
"""
import copy
import random
from fractions import Fraction

import icepool

from bench_common import Benchmark
from pirates_lab.core import State, random_playout
from pirates_lab.pillage_and_plunder import Ship, battle, cannon_volley, melee
from pirates_lab.pillage_and_plunder.game import PPState, new_game

BIG_ATTACKER = Ship.player("Man O' War", cannons=6, crew=6, pistols=1, officers=("Doctor", "Master Gunner"),
                           addons=("Iron Hull Plating", "Crow's Nest", "Extra Sail"))
BIG_DEFENDER = Ship.player("Man O' War", cannons=6, crew=8, pistols=2, officers=("Doctor",),
                           addons=("Iron Hull Plating", "Extra Sail"))


def random_game():
    return random_playout(new_game(4, max_turns=10), random.Random(1))


# ------------------------------------------------------------------ the core's clone against an override
def override_clone(self):
    """The hand-written clone the game had before Core 2 (deepcopy of the nested data)."""
    new = copy.copy(self)
    new.deck = dict(self.deck)
    new.discard = list(self.discard)
    new.players = copy.deepcopy(self.players)
    new.pending = copy.deepcopy(self.pending)
    new.won = list(self.won)
    new.agenda = list(self.agenda)
    new.log = list(self.log)
    return new


def mid_game():
    state, rng = new_game(4), random.Random(5)
    for _ in range(400):
        if state.is_terminal():
            break
        state = state.apply(state.chance_outcomes().sample(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    return state


MID_GAME = mid_game()


def core_clones():
    return [State.clone(MID_GAME).to_json() == MID_GAME.to_json()] + [State.clone(MID_GAME) is not MID_GAME for _ in range(5000)]


def override_clones():
    return [override_clone(MID_GAME).to_json() == MID_GAME.to_json()] + [override_clone(MID_GAME) is not MID_GAME for _ in range(5000)]


def random_game_override_clone():
    PPState.clone = override_clone
    try:
        return random_game()
    finally:
        del PPState.clone


def same_game(ours, peer):
    return ours.to_json() == peer.to_json()


def thousand_seeded_games():
    """The suite's old 1,000-game run (now ``pytest -m nightly``): 2-6 players, variations mixed by seed,
    4 rounds each; every game ends with a winner and all 298 cards accounted for."""
    moves = 0
    for seed in range(1000):
        options = dict(asset_liquidation=seed % 2 == 0, stealing_treasure_maps=seed % 3 == 0,
                       privateering=seed % 4 < 2, fleet_play=seed % 5 == 0)
        end = random_playout(new_game(2 + seed % 5, max_turns=4, **options), random.Random(seed))
        end.validate()
        assert end.winners() and sum(end.returns()) == 1
        moves += len(end.log)
    return moves


def whole_battle():
    return battle(BIG_ATTACKER, BIG_DEFENDER, "player")


# ------------------------------------------------------------------ mêlée, 6 v 8, attacker has a pistol
def ours_melee():
    return melee(6, 8, attacker_pistol=True)


def icepool_melee():
    def step(a, d):
        if a == 0 or d == 0:
            return (a, d)
        won = icepool.d6.highest(min(a, 6)) + 1 > icepool.d6.highest(min(d, 6))
        return won.map({True: (a, d - 1), False: (a - 1, d)})

    return icepool.map(step, icepool.Die([(6, 8)]), star=True, repeat="inf")


def same_melee(ours, peer):
    mine = {(r.attacker_crew, r.defender_crew): p for r, p in ours.items()}
    return len(mine) == len(peer) and all(mine[o] == Fraction(peer.probability(o)) for o in peer.outcomes())


# ------------------------------------------------------------------ cannon volley, 6 v 6, strength 4 v 5, plating
def ours_volley():
    return cannon_volley(6, 6, attacker_strength=4, defender_strength=5, defender_plating=True)


def icepool_volley():
    def resolve(a_roll, d_roll):
        a_hits = d_hits = 0
        plate = 2
        a_sorted, d_sorted = sorted(a_roll, reverse=True), sorted(d_roll, reverse=True)
        for x, y in zip(a_sorted, d_sorted):
            if x <= y:
                a_hits += 1
            if x >= y:
                if plate:
                    plate -= 1
                else:
                    d_hits += 1
            if a_hits >= 4 or d_hits >= 5:
                break
        return (a_hits, d_hits, a_hits >= 4, d_hits >= 5)

    return icepool.map(resolve, icepool.d6.pool(6).expand(), icepool.d6.pool(6).expand())


def same_volley(ours, peer):
    mine = {tuple(r): p for r, p in ours.items()}
    return len(mine) == len(peer) and all(mine[o] == Fraction(peer.probability(o)) for o in peer.outcomes())


def benchmarks():
    yield Benchmark("whole battle, Man O' War v Man O' War (6 cannons each, 6 v 8 crew, every option)",
                    ours=whole_battle, goal_seconds=0.004, cold=True, repeat=5)
    yield Benchmark("one random full game, 4 players, timed (10 rounds): core clone v the old override",
                    ours=random_game, peer=random_game_override_clone, peer_name="override clone", check=same_game,
                    repeat=3)
    yield Benchmark("5,000 clones of a mid-game position: core State.clone v the old override", ours=core_clones,
                    peer=override_clones, peer_name="override clone", check=lambda a, b: a == b, repeat=3)
    yield Benchmark("1,000 seeded random games (2-6 players, mixed variations, 4 rounds), each validated",
                    ours=thousand_seeded_games, repeat=1)
    yield Benchmark("mêlée 6 v 8 crew, attacker pistol (Markov chain to absorption)", ours=ours_melee,
                    peer=icepool_melee, peer_name="icepool", check=same_melee, cold=True, repeat=3)
    yield Benchmark("cannon volley 6 v 6 dice, stop when sunk, plating", ours=ours_volley,
                    peer=icepool_volley, peer_name="icepool", check=same_volley, cold=True, repeat=3)
