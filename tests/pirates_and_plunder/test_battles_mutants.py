"""Tests written to kill mutants of the rewritten battle solver (pirates_lab/pirates_and_plunder/battles.py)
that survived its own tests (sampled mutation check, docs/testing.md).

Rules: Pirates & Plunder › Battles
"""
from __future__ import annotations

import pytest

from pirates_lab.core import InvalidInput
from pirates_lab.pirates_and_plunder.battles import open_battle, secret_battle


@pytest.mark.parametrize("call, message", [
    (lambda: secret_battle(61, 0, 0, 1, 1),
     "attacker_resources is a whole number from 0 to 60 (the game has 60 resources in all), not 61."),
    (lambda: open_battle(3, 2, 11),
     "defender_base is a whole number from 0 to 10 (the game has 60 resources in all), not 11."),
    (lambda: secret_battle(1, 1, 0, "x" * 100, 1),
     "ship_value is a number such as 3 or 1/2, not '" + "x" * 39 + "…'."),
    (lambda: secret_battle(1, 1, 0, 1, -2),
     "resource_value is between 0 and 1000, not -2."),
])
def test_a_refusal_names_the_value_it_refuses_cut_to_one_line(call, message):
    """Given a value outside the game, When a battle is solved with it, Then the refusal is one sentence
    that quotes the value given (parts.said: whole numbers as typed, other values cut to 40 characters with "…")."""
    with pytest.raises(InvalidInput) as refused:
        call()
    assert str(refused.value) == message
