"""The coach's exact calculator in King of Pirates: the best re-roll (issue 37 items 1 and 5).

At a re-roll decision against a nation the coach says "exact": each choice's chance to conquer, with every later
re-roll optimal (``COACH_EXACT`` in ``king_of_pirates/policies.py``, from ``odds.reroll_policy``).  Checked here
against the odds module's own numbers, against playouts of the very same combat, and on a held sample of positions
against the odds module's own re-roll policy.
"""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from pirates_lab.core import CHANCE

from held_positions import first_positions
from pirates_lab.king_of_pirates.game import Game
from pirates_lab.king_of_pirates.actions import Accept, Reroll
from pirates_lab.king_of_pirates.odds import combat_success_probability, reroll_policy
from pirates_lab.king_of_pirates.policies import COACH_EXACT, Captain, reroll_values
from pirates_lab.lab.coach import Coach
from pirates_lab.lab.stats import wilson_interval


def reroll_positions(count: int, seeds=range(60)):
    """The first re-roll decision against a nation of random games, seeds in order (a held sample)."""
    def wanted(state):
        player = state.current_player()
        if player < 0:
            return False
        obs = state.observation(player)
        return bool(obs["phase"] == "attacker_rerolls" and obs["combat"]["target"] and COACH_EXACT(state.view(player)))

    return first_positions(lambda: Game(players=2), wanted, count, seeds, max_steps=3000)


@pytest.fixture(scope="module")
def positions():
    return reroll_positions(8)


def test_each_choice_is_right_by_hand():
    # 6 and 2 against 9, one cannonball: keep the 6 -> 3 to 6 on one die (4/6); keep the 2 -> never (2 + 6 < 9);
    # both -> 9 or more on two dice (10/36); keep the roll -> 8 < 9 fails
    assert reroll_values(9, (6, 2), 1) == {"accept": 0, "high": Fraction(2, 3), "low": 0, "none": Fraction(5, 18)}
    assert reroll_values(9, (6, 3), 0) == {"accept": 1}


@pytest.mark.parametrize("need", range(2, 14))
def test_the_best_choice_of_every_roll_averages_to_the_odds_modules_chance(need):
    for balls in range(3):
        fresh = sum(max(reroll_values(need, (a, b), balls).values()) for a in range(1, 7) for b in range(1, 7)) / 36
        assert fresh == combat_success_probability(need, 0, balls)


def test_the_coach_says_exact_at_a_re_roll_and_its_values_are_the_calculators(positions):
    assert len(positions) >= 6
    state = positions[0]
    view = state.view(state.current_player())
    advice = Coach(budget=32).advise(view, seed=1)
    assert advice.exact and advice.exact_what.startswith("to conquer the ")
    need = Captain()._need(view.observation, view.player)
    values = reroll_values(need, tuple(view.observation["combat"]["attacker_roll"]),
                           view.observation["players"][view.player]["cannonballs"])
    for move in advice.moves:
        assert move.exact == (values["accept"] if isinstance(move.action, Accept) else values[move.action.keep])
        assert "exactly" in move.line()
    assert advice.best.exact == max(values.values())
    assert advice.why_trees and advice.why_trees[0].p == advice.best.exact


def conquered_after(state, action, rng) -> bool:
    """Play the combat out from ``state`` after ``action``: chance by its odds, the attacker's re-rolls by the odds
    module's optimal policy, every other choice passes (no card); True when the target is conquered."""
    state = state.apply(action)
    while state.combat is not None:
        player = state.current_player()
        if player == CHANCE:
            outcomes = list(state.chance_outcomes().items())
            state = state.apply(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
            continue
        obs, legal = state.observation(player), state.legal_actions()
        choice = Captain._default(legal)
        if obs["phase"] == "attacker_rerolls":
            need = max(2, min(13, Captain()._need(obs, player)))
            left = obs["players"][player]["cannonballs"]
            decision = reroll_policy(need, 0, left).decision(tuple(obs["combat"]["attacker_roll"]), left)
            keep = {"keep high": "high", "keep low": "low", "both": "none"}.get(decision)
            choice = Reroll(keep) if keep else Accept()
        state = state.apply(choice)
    return any("is conquered" in line for line in state.observation(0)["log"][-4:])


def test_the_exact_chance_lies_inside_the_interval_of_playouts_of_the_same_combat(positions):
    misses = 0
    for state in positions[:4]:
        view = state.view(state.current_player())
        values, _, _ = COACH_EXACT(view)
        for action, value in zip(view.legal_actions, values):
            rng = random.Random(f"combat/{action}")
            wins = sum(conquered_after(state, action, rng) for _ in range(300))
            low, high = wilson_interval(wins, 300)
            misses += not low <= value <= high
    assert misses <= 1            # 16 intervals at 95 %: one miss is chance, two would be a wrong calculator


def test_on_held_positions_the_coachs_best_move_is_the_odds_modules_optimal_re_roll(positions):
    for state in positions:
        view = state.view(state.current_player())
        obs = view.observation
        advice = Coach(budget=16).advise(view, seed=3)
        need = max(2, min(13, Captain()._need(obs, view.player)))
        left = obs["players"][view.player]["cannonballs"]
        roll = tuple(obs["combat"]["attacker_roll"])
        decision = reroll_policy(need, 0, left).decision(roll, left)
        optimal = {"keep high": Reroll("high"), "keep low": Reroll("low"), "both": Reroll("none")}.get(decision, Accept())
        values = dict(zip(view.legal_actions, COACH_EXACT(view)[0]))
        assert advice.best.exact == values[optimal], (roll, need, left, advice.lines())


def test_silent_when_no_re_roll_changes_the_chance(positions):
    """Ten Soldiers against the attacker: no roll reaches the defence, every choice is exactly 0, and the
    calculator leaves the choice to the playouts (which also count the cannonball kept)."""
    import copy
    from types import SimpleNamespace
    state = positions[0]
    view = state.view(state.current_player())
    assert COACH_EXACT(view) is not None
    seen = copy.deepcopy(view.observation)
    seen["cards_in_play"] = [{"card": "Soldiers", "by": 1 - view.player, "target": "nation"}] * 10
    hopeless = SimpleNamespace(observation=seen, legal_actions=view.legal_actions, player=view.player)
    assert COACH_EXACT(hopeless) is None
