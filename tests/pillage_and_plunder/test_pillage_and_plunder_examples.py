"""The sample battles replayed with exact odds, the strategy tips in numbers, the die-by-die sampler."""
import math
import random
from fractions import Fraction

import pytest

from pirates_lab.pillage_and_plunder import Ship, battle
from pirates_lab.pillage_and_plunder.battles import sample_battle
from pirates_lab.pillage_and_plunder.examples import (example_1, example_2, example_3, merchants_vs_players,
                                                      sloop_risks)


def test_example_1_moments():
    moments = example_1()
    assert moments[0].probability == Fraction(5, 6)
    # rounds of the mêlée: P(highest of 4 = 5) · P(highest of 3 = 4) = (625-256)/1296 · (64-27)/216
    assert moments[2].probability == Fraction(5 ** 4 - 4 ** 4, 6 ** 4) * Fraction(4 ** 3 - 3 ** 3, 6 ** 3)
    assert moments[3].probability == Fraction(6 ** 4 - 5 ** 4, 6 ** 4) * Fraction(6 ** 2 - 5 ** 2, 6 ** 2)
    assert all(0 < m.probability <= 1 for m in moments)
    assert [m.stage for m in moments].count("Stage 4: The Mêlée") == 4


def test_example_1_contradiction_shows_both_readings():
    """Rules: Pillage & Plunder › Example 1: Player Vs. Player
    Given the printed rounds (defender higher, a tie, attacker higher, attacker uncontested), Then they add up
    to 2 damage for the attacker — not the 1 the text states; both readings are shown with their odds."""
    from pirates_lab.pillage_and_plunder.battles import Volley, pair_sequences, ship_volley
    from pirates_lab.pillage_and_plunder.examples import (EXAMPLE_1_CONTRADICTION, example_1_cannon_readings,
                                                          example_ships)

    rounds = {"A": (1, 0), "B": (1, 1), "D": (0, 1)}        # hits to (attacker, defender) as the rules print them
    sequence = ("A", "B", "D", "D")
    assert sequence in pair_sequences(4, 3)
    hits = [sum(rounds[r][k] for r in sequence[:3]) for k in (0, 1)]
    assert (hits[0], hits[1] + 1) == (2, 3)                   # the fourth die is uncontested
    readings = example_1_cannon_readings()
    ships = example_ships()
    volley = ship_volley(ships["you"], ships["Stephanie"])
    assert list(readings.values()) == [volley[Volley(2, 3, False, False)], volley[Volley(1, 3, False, False)]]
    assert all(0 < p < 1 for p in readings.values())
    assert "2 damage to you" in EXAMPLE_1_CONTRADICTION
    assert "damage 2 and 3" in example_1()[1].odds_before


def test_examples_2_and_3():
    two = example_2()
    assert two[0].probability == Fraction(1, 2) and two[2].probability == Fraction(1, 6)
    assert example_3()[0].probability == Fraction(1, 6)


def test_strategy_tips_in_numbers():
    rows = {r.target: r for r in merchants_vs_players()}
    weak_merchant = rows["merchant, strength 2"]
    armed_player = rows["player, armed schooner"]
    assert weak_merchant.expected_coins > armed_player.expected_coins     # the tip holds with our data
    assert all(0 <= r.win <= 1 and 0 <= r.own_ship_lost <= 1 for r in rows.values())
    risks = sloop_risks()
    assert 0 < risks["a healthy sloop sunk in the cannon round by a strength-6 merchant"] < 1
    assert risks["a sloop escapes a navy ship"] == Fraction(1, 6)


@pytest.mark.parametrize("attacker,defender,kind", [
    (Ship.player("Sloop", cannons=3, crew=3), Ship.merchant(4), "merchant"),
    (Ship.navy(), Ship.player("Galleon", cannons=5, crew=6, officers=("Doctor",), addons=("Crow's Nest",)), "navy"),
])
def test_sampler_within_4_sigma(attacker, defender, kind):
    exact = battle(attacker, defender, kind).map(lambda r: r.outcome)
    rng = random.Random(5)
    n = 3000
    counts = {}
    for _ in range(n):
        outcome = sample_battle(attacker, defender, kind, rng).outcome
        counts[outcome] = counts.get(outcome, 0) + 1
    for outcome in set(counts) | set(exact.outcomes()):
        p = float(exact[outcome])
        assert abs(counts.get(outcome, 0) / n - p) <= 4 * math.sqrt(max(p * (1 - p), 1e-12) / n) + 1e-9
