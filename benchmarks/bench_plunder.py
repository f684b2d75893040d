"""Plunder benchmarks.

* The whole combat chain between captains for a full hand (6 cards) against a 6-card hand from the
  unseen deck at the start of a game (the defender flees: Engagement, Broadside, Boarding), exact.
  Goal (issue 11): under 16 ms, so the calculator answers within a frame.  Beside it a Monte Carlo
  estimate from 2,000 sampled hands, reported as such: the "same answer" column gives the estimate with
  its standard error and how many σ it is off the exact answer (it agrees within 4 σ).
* The same chain against a 3-card hand: ours (hands grouped by card number) against brute force over
  every 3-card hand of physical cards (the check: the same Fractions).
* 100 random games (3 uniformly random captains, 10 rounds); random games per second printed.
* 40 seeded games (2–4 captains, the computer trader with 15% random moves, to 60 silver or 150
  rounds; played with the core's ``play`` loop).  Games per second are printed beside.  (The rows that
  set the engine's own ``clone`` against the core's are gone with the hand-written clones.)
"""
from __future__ import annotations

import itertools
import math
import random
import time
from fractions import Fraction

from bench_common import BASELINE, ESTIMATE, Benchmark
from pirates_lab.core import play
from pirates_lab.plunder import Game
from pirates_lab.plunder.captains import trader
from pirates_lab.plunder.commands import start_unseen
from pirates_lab.plunder.components import components
from pirates_lab.plunder.odds import _fight, captain_fight, side_of

HAND = ["Havana", "Coastland", "Open Sea", "Natives", "Pirates", "Navigator"]
ATTACKER, DEFENDER = side_of("English Brigantine"), side_of("Spanish Sloop")


def _numbers(cards):
    return [components().card(n).number for n in cards]


def ours_full_chain():
    return captain_fight(ATTACKER, DEFENDER, HAND, start_unseen(HAND), their_hand=6, flees=True).win


def monte_carlo_full_chain(trials: int = 2000):
    unseen = [components().card(n).number for n, k in start_unseen(HAND).items() for _ in range(k)]
    rng = random.Random(1)
    mine = _numbers(HAND)
    wins = sum(_fight(ATTACKER, DEFENDER, mine, tuple(sorted(rng.sample(unseen, 6), reverse=True)), True)
               == "attacker captures" for _ in range(trials))
    return wins / trials, trials


def _within_4_sigma(exact, estimate):
    """The estimate against the exact answer: (within 4 standard errors, the estimate with its error)."""
    p, n = float(exact), estimate[1]
    sigma = max(math.sqrt(p * (1 - p) / n), 1 / n)           # the estimate's standard error
    off = abs(estimate[0] - p) / sigma
    return off <= 4, (f"{'yes, ' if off <= 4 else ''}estimate {estimate[0]:.4f} ± {sigma:.4f} (1 σ, {n:,} hands) "
                      f"against exact {p:.4f}: {off:.1f} σ off")


def ours_three():
    return dict(captain_fight(ATTACKER, DEFENDER, HAND, start_unseen(HAND), their_hand=3, flees=True).ends.items())


def brute_three():
    unseen = [components().card(n).number for n, k in start_unseen(HAND).items() for _ in range(k)]
    mine = _numbers(HAND)
    ends: dict = {}
    hands = 0
    for chosen in itertools.combinations(unseen, 3):
        end = _fight(ATTACKER, DEFENDER, mine, tuple(sorted(chosen, reverse=True)), True)
        ends[end] = ends.get(end, 0) + 1
        hands += 1
    return {k: Fraction(v, hands) for k, v in ends.items()}


def trader_with_random_moves(view, rng):
    """The trader, 15% of its decisions at random."""
    return rng.choice(view.legal_actions) if rng.random() < 0.15 else trader(view, rng)


def games(n: int = 40):
    scores = []
    start = time.perf_counter()
    for seed in range(n):
        state = Game(players=2 + seed % 3, max_turns=150).new_initial_state()
        scores.append(play(state, trader_with_random_moves, random.Random(seed)).run().scores())
    rate = n / (time.perf_counter() - start)
    print(f"    {rate:.1f} games per second")
    return scores


def random_games(n: int = 100):
    """Uniformly random captains, 3 seats, 10 rounds (the core's random_playout)."""
    from pirates_lab.core import random_playout

    start = time.perf_counter()
    scores = [random_playout(Game(players=3, max_turns=10).new_initial_state(), seed).scores() for seed in range(n)]
    print(f"    {n / (time.perf_counter() - start):.1f} random games per second")
    return scores


def benchmarks():
    yield Benchmark("Plunder: whole combat chain, full hand vs a 6-card unseen hand (exact)", ours=ours_full_chain,
                    peer=monte_carlo_full_chain, peer_name="2,000 sampled hands fought by the same rules code",
                    goal_seconds=0.016, check=_within_4_sigma, repeat=7, kind=ESTIMATE)
    yield Benchmark("Plunder: combat chain vs a 3-card unseen hand (exact)", ours=ours_three, peer=brute_three,
                    peer_name="brute force over every 3-card hand", check=lambda a, b: a == b, repeat=3, kind=BASELINE)
    yield Benchmark("Plunder: 100 random 3-captain games, 10 rounds", ours=random_games, repeat=1)
    yield Benchmark("Plunder: 40 seeded games to 60 silver (traders)", ours=games, repeat=1)


if __name__ == "__main__":  # pragma: no cover
    from run import main   # the shared runner: best of N, peer beside ours, ratios

    raise SystemExit(main(["bench_plunder"]))
