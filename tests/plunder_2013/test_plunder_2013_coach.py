"""The coach's exact calculator in Plunder (2013): the dig advisor (issue 37 items 1 and 5).

At a dig decision of a two-pirate game the coach says "exact": each dig's chance that the rival's treasure is
there, and for ``pass`` the dig advisor's chance that the best guess is right on the best day ahead
(``COACH_EXACT`` in ``plunder_2013/policies.py``).  Checked against re-deals of what the seat cannot see, and on
a held sample of positions against the solver pirate's own dig choice.
"""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from pirates_lab.core import CHANCE
from pirates_lab.lab.coach import Coach
from pirates_lab.lab.stats import wilson_interval
from pirates_lab.plunder_2013.game import Dig, Game, Pass
from pirates_lab.plunder_2013.pirates import ComputerPirate
from pirates_lab.plunder_2013.policies import COACH_EXACT, PLAYOUTS
from pirates_lab.plunder_2013.views import deduction_from


def dig_position(seed: int, day: int):
    """A two-pirate game played by cautious random pirates (seeded) up to the first dig decision on ``day`` or
    later that the calculator covers; None when the game ends first."""
    rng, state, pirate = random.Random(seed), Game(players=2).new_initial_state(), PLAYOUTS["cautious_random"]
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            outcomes = list(state.chance_outcomes().items())
            state = state.apply(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
            continue
        view = state.view(player)
        if view.observation["day"] >= day and any(isinstance(a, Dig) for a in view.legal_actions) \
                and COACH_EXACT(view) is not None:
            return state
        state = state.apply(pirate(view, rng))
    return None


@pytest.fixture(scope="module")
def positions():
    """The held sample: one position for each seed 0-11, from day 3 + seed for even seeds (the later, the surer the
    guesses) and on the last day (15) for odd seeds (where waiting is worth nothing)."""
    return [s for s in (dig_position(seed, 15 if seed % 2 else 3 + seed) for seed in range(12)) if s is not None]


def test_the_coach_says_exact_and_each_dig_is_the_deductions_chance(positions):
    assert len(positions) >= 8
    state = positions[3]
    view = state.view(state.current_player())
    advice = Coach(budget=240).advise(view, seed=1)
    assert advice.exact and advice.exact_what == f"to find Player {2 - view.player}'s treasure"
    rival = 1 - view.player
    where = deduction_from(view.observation).location_distribution(rival)
    exact = {m.action: m.exact for m in advice.moves}
    digs = {a: v for a, v in exact.items() if isinstance(a, Dig)}
    assert all(v == where[a.location] for a, v in digs.items())
    assert sum(digs.values()) == 1                  # the treasure is somewhere (not at your own place: refused)
    assert all(isinstance(v, Fraction) and 0 <= v <= 1 for v in exact.values())


def test_each_digs_exact_chance_lies_inside_the_interval_of_re_deals(positions):
    """Where the two measure the same thing: the rival's treasure in 400 re-deals of what the seat cannot see."""
    misses = checked = 0
    for state in positions[:5]:
        view = state.view(state.current_player())
        values = dict(zip(view.legal_actions, COACH_EXACT(view)[0]))
        rival = 1 - view.player
        rng = random.Random("re-deals")
        places = [tuple(view.redeal(rng).hands[rival]) for _ in range(400)]
        for action in sorted((a for a in values if isinstance(a, Dig)), key=values.get, reverse=True)[:3]:
            low, high = wilson_interval(places.count(action.location), 400)
            misses += not low <= values[action] <= high
            checked += 1
    assert checked == 15 and misses <= 1


def test_on_held_positions_the_coachs_best_move_is_the_solver_pirates(positions):
    """The exact best (a likeliest dig when the advisor says dig now, else pass) is the solver pirate's choice
    with no boldness threshold, and the coach's best move (either of a tie)."""
    digs = passes = 0
    for state in positions:
        view = state.view(state.current_player())
        values = dict(zip(view.legal_actions, COACH_EXACT(view)[0]))
        top = max(values.values())
        pirate = ComputerPirate(boldness=Fraction(0)).decide(view)
        advice = Coach(budget=240).advise(view, seed=2)
        assert advice.best.exact == top and values[pirate] == top, advice.lines()[:3]
        if len({type(a) for a, v in values.items() if v == top}) == 1:    # no tie between digging and passing
            assert type(advice.best.action) is type(pirate)
            digs += isinstance(pirate, Dig)
            passes += isinstance(pirate, Pass)
    assert digs >= 3 and passes >= 3, (digs, passes)


def test_not_covered_with_three_pirates_nor_outside_a_dig():
    state = Game(players=3).new_initial_state()
    rng = random.Random(4)
    while state.current_player() == CHANCE or not any(isinstance(a, Dig) for a in state.legal_actions()):
        if state.current_player() == CHANCE:
            state = state.apply(next(iter(state.chance_outcomes().items()))[0])
        else:
            assert COACH_EXACT(state.view(state.current_player())) is None
            legal = state.legal_actions()
            state = state.apply(Pass() if Pass() in legal else legal[rng.randrange(len(legal))])
    assert COACH_EXACT(state.view(state.current_player())) is None
