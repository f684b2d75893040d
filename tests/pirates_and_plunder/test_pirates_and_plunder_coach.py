"""The coach's exact calculator in Pirates & Plunder: the secret battle (issue 37 items 1 and 5).

With the Battles option, at a commitment the coach says "exact": each commitment's expected gain against the
other side's optimal mix (``COACH_EXACT`` in ``pirates_and_plunder/policies.py``, from ``battles.secret_battle``).
Checked against the game's value (the minimax theorem), against the engine's own battles, and on a held sample of
positions against the optimal mix's support.
"""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from pirates_lab.core import CHANCE, TERMINAL
from pirates_lab.lab.coach import Coach
from pirates_lab.lab.stats import wilson_interval
from pirates_lab.pirates_and_plunder.battles import secret_battle
from pirates_lab.pirates_and_plunder.game import Commit, Game
from pirates_lab.pirates_and_plunder.policies import COACH_EXACT, POLICIES, _battle


def battle_position(seed: int):
    """A two-player game with the Battles option, played by the bluffer (seeded) up to a commitment of two
    choices or more; None if the game ends first."""
    rng, state, bluffer = random.Random(seed), Game(players=2, secret_battles=True).new_initial_state(), POLICIES["bluffer"]
    for _ in range(3000):
        player = state.current_player()
        if player == TERMINAL:
            return None
        if player == CHANCE:
            outcomes = list(state.chance_outcomes().items())
            state = state.apply(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
            continue
        view = state.view(player)
        if len(view.legal_actions) > 1 and all(isinstance(a, Commit) for a in view.legal_actions):
            return state
        state = state.apply(bluffer(view, rng))
    return None


@pytest.fixture(scope="module")
def positions():
    """The held sample: seeds 0-11."""
    return [s for s in (battle_position(seed) for seed in range(12)) if s is not None]


def solved(view):
    phase, mine, theirs, base, _ = _battle(view)
    held = sum(mine)
    return phase, secret_battle(*((held, theirs) if phase == "attack" else (theirs, held)), base, 6, 1)


def test_the_best_commitment_is_worth_the_battles_value_minimax(positions):
    assert len(positions) >= 8
    roles = set()
    for state in positions:
        view = state.view(state.current_player())
        values, what, trees, unit = COACH_EXACT(view)
        phase, game = solved(view)
        roles.add(phase)
        assert unit == "points" and all(isinstance(v, Fraction) for v in values)
        # against the other side's optimal mix, the best pure reply is worth exactly the value of the game
        assert max(values) == (game.value if phase == "attack" else -game.value)
        support = game.attacker if phase == "attack" else game.defender
        for action, value in zip(view.legal_actions, values):
            if sum(action.resources) in support.outcomes():
                assert value == max(values)          # every commitment the optimal mix plays is a best reply
        assert trees[0].p == 1
    assert roles == {"attack", "defend"}


def test_the_coach_says_exact_and_ranks_a_best_reply_first(positions):
    state = positions[1]
    view = state.view(state.current_player())
    advice = Coach(budget=32).advise(view, seed=1)
    assert advice.exact and advice.exact_unit == "points"
    assert advice.best.exact == max(m.exact for m in advice.moves) and "points" in advice.best.line()


def test_the_calculators_battles_are_the_engines(positions):
    """Where the two measure the same thing: each commitment's chance to win the battle in the calculator's payoff
    (its ship's 6 gained), against the other side's optimal mix, lies inside the interval of 200 battles of the
    engine (the other side's commitment drawn from that mix).  The attacks of the held sample, both sides given
    resources (3 against 2, then 2 against 3), so that the mixes are true mixes."""
    from pirates_lab.pirates_and_plunder.pirates import canonical_commitment
    misses = checked = 0
    for state in positions:
        player = state.current_player()
        if state.view(player).observation["battle"]["phase"] != "attack":
            continue
        other = 1 - player
        for mine, theirs in (((1, 1, 1, 0), (0, 1, 1, 0)), ((1, 0, 1, 0), (1, 1, 0, 1))):
            given = state.clone()
            given.resources[player], given.resources[other] = list(mine), list(theirs)
            view = given.view(player)
            _, game = solved(view)
            assert len(game.defender.outcomes()) > 1
            for amount in range(sum(mine) + 1):
                exact = sum((p for d, p in game.defender.items() if game.payoff(amount, d) - (d - amount) == 6),
                            Fraction(0))
                rng = random.Random(f"battles/{amount}")
                won = 0
                for _ in range(200):
                    after = given.apply(Commit(canonical_commitment(tuple(mine), amount)))
                    after = after.apply(Commit(canonical_commitment(tuple(theirs), game.defender.sample(rng))))
                    won += "pirate wins" in " ".join(after.observation(player)["log"][-3:])
                low, high = wilson_interval(won, 200)
                misses += not low <= exact <= high
                checked += 1
        if checked >= 14:
            break
    assert checked == 14 and misses <= 1
