"""The coach's exact calculator in Pillage & Plunder: fight on or call off a mêlée (issue 37 items 1 and 5).

At the beginning of a mêlée round against a merchant ship the coach says "exact": each move's expected worth in
pieces of eight under the best later calls (``COACH_EXACT`` in ``pillage_and_plunder/policies.py``, from
``call_off.call_off_policy``).  Checked by hand, against the engine's own mêlées played out, and on a held sample
of positions against the call-off policy's own decision.
"""
from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from pirates_lab.core import CHANCE, TERMINAL
from pirates_lab.lab.coach import Coach
from pirates_lab.pillage_and_plunder.actions import Act, LoseCrewman
from pirates_lab.pillage_and_plunder.game import Game
from pirates_lab.pillage_and_plunder.policies import COACH_EXACT, melee_call_values


def hand_made(crew, merchant_crew=1, strength=2, cargo=()):
    """What the attacker (Player 1) sees at the beginning of a mêlée round against a merchant."""
    return {"battle": {"kind": "merchant", "stage": 4, "attacker": {"type": "player", "player": 0, "ship": 0},
                       "defender": {"type": "merchant", "card": f"French Merchant (Strength {strength})",
                                    "crew": merchant_crew, "cargo": list(cargo)}, "doctors_used": []},
            "players": [{"ships": [{"crew": list(crew)}]}, {"ships": []}]}


def test_one_crewman_against_one_by_hand():
    # one die each, a tie to the defender: the attacker wins the round 15/36; winning is worth the prize roll of a
    # strength-2 merchant on average (1 die x 3.5 x 1,000) and the crewman kept (a Cutlass Crewman's 200)
    fight, stop, _, _ = melee_call_values(hand_made(["Cutlass Crewman"]), 0)
    assert fight == Fraction(15, 36) * (3500 + 200) and stop == 200
    # a pistol crewman adds one to his die: 21/36
    fight, stop, _, _ = melee_call_values(hand_made(["Pistol Crewman"]), 0)
    assert fight == Fraction(21, 36) * (3500 + 200) and stop == 200


def test_not_covered_with_a_doctor_aboard_nor_for_the_defender():
    assert melee_call_values(hand_made(["Cutlass Crewman", "Doctor"]), 0) is None
    assert melee_call_values(hand_made(["Cutlass Crewman"]), 1) is None


def covered_positions(count: int):
    """The first covered call of random games, seeds in order (the held sample)."""
    found = []
    for seed in range(200):
        rng, state = random.Random(seed), Game(players=2).new_initial_state()
        for _ in range(4000):
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                outcomes = list(state.chance_outcomes().items())
                state = state.apply(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
                continue
            legal = state.legal_actions()
            if Act.CALL_OFF in legal and COACH_EXACT(state.view(player)) is not None:
                found.append(state)
                break
            state = state.apply(legal[rng.randrange(len(legal))])
        if len(found) == count:
            break
    return found


@pytest.fixture(scope="module")
def positions():
    return covered_positions(8)


def test_the_coach_says_exact_in_pieces_of_eight(positions):
    assert len(positions) == 8
    state = positions[0]
    view = state.view(state.current_player())
    advice = Coach(budget=32).advise(view, seed=1)
    fight, stop, _, _ = melee_call_values(view.observation, view.player)
    assert advice.exact and advice.exact_unit == "pieces of eight"
    assert {m.action: m.exact for m in advice.moves} == {Act.FIGHT_ON: fight, Act.CALL_OFF: stop}
    assert "pieces of eight" in advice.best.line() and advice.best.exact == max(fight, stop)
    assert advice.why_trees[0].p == 1


def worth_after(state, action, rng) -> int:
    """Play the battle on from ``state`` after ``action`` by the engine: the attacker's later calls by the call-off
    policy, his losses cutlass crewmen first; the worth as the calculator counts it (the prize on average if he
    wins, 200 a crewman kept)."""
    seat = state.current_player()
    obs = state.view(seat).observation
    fight, stop, policy, _ = melee_call_values(obs, seat)
    ship = obs["battle"]["attacker"]["ship"]
    prize = policy.prize
    state = state.apply(action)
    if action is Act.CALL_OFF:
        return stop
    for _ in range(500):
        log = " ".join(state.observation(seat)["log"][-3:])
        if "the attacker wins" in log:
            return prize + 200 * len(state.observation(seat)["players"][seat]["ships"][ship]["crew"])
        if "the defender wins" in log:
            return 0
        player = state.current_player()
        if player == CHANCE:
            outcomes = list(state.chance_outcomes().items())
            state = state.apply(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
            continue
        legal = state.legal_actions()
        battle = state.observation(player).get("battle") or {}
        choice = legal[0]
        if Act.CALL_OFF in legal and player == seat:
            a, d = len(state.observation(seat)["players"][seat]["ships"][ship]["crew"]), battle["defender"]["crew"]
            if policy.calls_off(a, d):
                return 200 * a
            choice = Act.FIGHT_ON
        elif LoseCrewman("Cutlass Crewman") in legal:
            choice = LoseCrewman("Cutlass Crewman")
        state = state.apply(choice)
    raise AssertionError("the mêlée did not end")


def test_the_exact_worth_lies_inside_the_interval_of_the_engines_melees(positions):
    misses = 0
    for state in positions[:4]:
        view = state.view(state.current_player())
        fight, _, _, _ = melee_call_values(view.observation, view.player)
        rng = random.Random("melee")
        worths = [worth_after(state, Act.FIGHT_ON, rng) for _ in range(200)]
        mean = sum(worths) / 200
        half = 1.96 * math.sqrt(sum((w - mean) ** 2 for w in worths) / 199 / 200)
        misses += not mean - half <= fight <= mean + half
    assert misses <= 1


def test_on_held_positions_the_coachs_best_move_is_the_call_off_policys(positions):
    calls = {Act.FIGHT_ON: 0, Act.CALL_OFF: 0}
    for state in positions:
        view = state.view(state.current_player())
        fight, stop, policy, (a, d, _) = melee_call_values(view.observation, view.player)
        if fight == stop:
            continue
        advice = Coach(budget=16).advise(view, seed=2)
        best = Act.CALL_OFF if policy.calls_off(a, d) else Act.FIGHT_ON
        assert advice.best.action is best, advice.lines()
        calls[best] += 1
    assert sum(calls.values()) >= 6, calls
