"""Pillage & Plunder benchmarks: the whole-battle distribution, and mêlée and cannon volley
side by side with icepool doing the same computation; the engine's clone cost and playout speed.

The volley's peer is the fastest way a user of icepool would write it: a ``MultisetEvaluator`` over the
two pools (icepool's own algorithm, each face visited once, highest first).  A plain loop over the two
expanded pools (``icepool_volley_loop``) gives the same answer about 9 times slower, and ``icepool.map``
of a Python callback over the expanded pools (the old "peer") about 30 times slower (measured 2026-12-07:
82 ms, 715 ms, 2.6 s).

Both libraries cache between calls, so every comparison is timed cold (a fresh process per run).

Engine rows (issue 20): a clone at move 2,000 against a clone at move 50 of the same seeded game (a
clone copies the table and the agenda, not the game so far: the ratio should be about 1), and random
playouts (moves per second: the count of moves is the row's answer, its time the speed).  The 1,000
seeded games the suite used to play are a row here too (``pytest -m nightly`` still runs them).
"""
import random
from fractions import Fraction

import icepool

from bench_common import Benchmark
from pirates_lab.core import play, random_playout
from pirates_lab.pillage_and_plunder import Ship, battle, cannon_volley, melee
from pirates_lab.pillage_and_plunder.game import new_game

BIG_ATTACKER = Ship.player("Man O' War", cannons=6, crew=6, pistols=1, officers=("Doctor", "Master Gunner"),
                           addons=("Iron Hull Plating", "Crow's Nest", "Extra Sail"))
BIG_DEFENDER = Ship.player("Man O' War", cannons=6, crew=8, pistols=2, officers=("Doctor",),
                           addons=("Iron Hull Plating", "Extra Sail"))


def position_at(moves: int, seed: int = 1):
    """A seeded random 4-player game (no time limit) after ``moves`` moves."""
    return play(new_game(4), rng=random.Random(seed), max_steps=moves).run()


AT_50, AT_2000 = position_at(50), position_at(2000)


def clones(state, n: int = 1000):
    return [state.clone().to_json() == state.to_json()] + [state.clone() is not state for _ in range(n)]


def random_playouts():
    """20 seeded random 4-player games of 10 rounds; the answer is the number of moves played."""
    moves = 0
    for seed in range(20):
        taken = []
        random_playout(new_game(4, max_turns=10), random.Random(seed), actions=taken)
        moves += len(taken)
    return moves


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


ATTACKER_SUNK, DEFENDER_SUNK, PLATING = 4, 5, 2     # hits that sink each side; hits the plating absorbs


def resolve(a_roll, d_roll):
    """One volley, the rules' way: both sides' dice highest first, paired; a tie hits both; the plating takes
    the defender's first hits; it stops when a side is sunk.  (attacker hit, defender hit, sunk, sunk)."""
    a_hits = d_hits = 0
    plate = PLATING
    for x, y in zip(sorted(a_roll, reverse=True), sorted(d_roll, reverse=True)):
        if x <= y:
            a_hits += 1
        if x >= y:
            if plate:
                plate -= 1
            else:
                d_hits += 1
        if a_hits >= ATTACKER_SUNK or d_hits >= DEFENDER_SUNK:
            break
    return (a_hits, d_hits, a_hits >= ATTACKER_SUNK, d_hits >= DEFENDER_SUNK)


def icepool_volley_loop():
    """A plain loop over icepool's two expanded pools (462 sorted rolls each), weights multiplied."""
    attacker, defender = icepool.d6.pool(6).expand(), icepool.d6.pool(6).expand()
    total = attacker.denominator() * defender.denominator()
    ends: dict = {}
    for a_roll, a_weight in attacker.items():
        for d_roll, d_weight in defender.items():
            end = resolve(a_roll, d_roll)
            ends[end] = ends.get(end, 0) + a_weight * d_weight
    return {end: Fraction(weight, total) for end, weight in ends.items()}


class VolleyEvaluator(icepool.MultisetEvaluator):
    """The volley as an icepool multiset evaluator over the two pools (icepool's own algorithm: it visits
    each face once, highest first, carrying how many dice of each side are above it; no roll is expanded)."""

    def initial_state(self, order, outcomes, *sizes):
        if order != icepool.Order.Descending:
            raise icepool.UnsupportedOrder()           # the pairing goes highest first
        return (0, 0, PLATING, 0, 0, False)

    def next_state(self, state, order, outcome, a_count, d_count):
        a_hits, d_hits, plate, a_above, d_above, done = state
        if not done:
            for rank in range(min(a_above, d_above) + 1, min(a_above + a_count, d_above + d_count) + 1):
                attacker_higher, defender_higher = rank <= a_above, rank <= d_above
                if not attacker_higher:                 # x <= y
                    a_hits += 1
                if not defender_higher:                 # x >= y
                    if plate:
                        plate -= 1
                    else:
                        d_hits += 1
                if a_hits >= ATTACKER_SUNK or d_hits >= DEFENDER_SUNK:
                    done = True
                    break
        return (a_hits, d_hits, plate, a_above + a_count, d_above + d_count, done)

    def final_outcome(self, state, order, outcomes, *sizes):
        a_hits, d_hits = state[0], state[1]
        return (a_hits, d_hits, a_hits >= ATTACKER_SUNK, d_hits >= DEFENDER_SUNK)


def icepool_volley_evaluator():
    return VolleyEvaluator().evaluate(icepool.d6.pool(6), icepool.d6.pool(6))


def same_volley(ours, peer):
    """Every end of the volley with the same exact probability (an icepool Die or a dict of Fractions)."""
    mine = {tuple(r): p for r, p in ours.items()}
    theirs = dict(peer) if isinstance(peer, dict) else {o: Fraction(peer.probability(o)) for o in peer.outcomes()}
    return mine == theirs


def benchmarks():
    yield Benchmark("whole battle, Man O' War v Man O' War (6 cannons each, 6 v 8 crew, every option)",
                    ours=whole_battle, goal_seconds=0.004, cold=True, repeat=5)
    # two rows, no peer: the clones of two positions are not one computation's answer (compare the times)
    yield Benchmark("1,000 clones of a position at move 50 (a seeded 4-player game)", ours=lambda: clones(AT_50), repeat=3)
    yield Benchmark("1,000 clones of the same game's position at move 2,000", ours=lambda: clones(AT_2000), repeat=3)
    yield Benchmark("20 random 4-player games, 10 rounds (answer: moves played)", ours=random_playouts, repeat=3)
    yield Benchmark("1,000 seeded random games (2-6 players, mixed variations, 4 rounds), each validated",
                    ours=thousand_seeded_games, repeat=1)
    yield Benchmark("mêlée 6 v 8 crew, attacker pistol (Markov chain to absorption)", ours=ours_melee,
                    peer=icepool_melee, peer_name="icepool.map(step, repeat='inf'): icepool's absorbing chain",
                    check=same_melee, cold=True, repeat=3)
    yield Benchmark("cannon volley 6 v 6 dice, stop when sunk, plating", ours=ours_volley,
                    peer=icepool_volley_evaluator, peer_name="icepool MultisetEvaluator over the two pools",
                    check=same_volley, cold=True, repeat=3)
