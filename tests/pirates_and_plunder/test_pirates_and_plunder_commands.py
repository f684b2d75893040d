"""Pirates & Plunder's odds subcommands print what the package computes.

Rules: Pirates & Plunder › Battles
"""
import argparse
import re
from fractions import Fraction

import pytest

from pirates_lab.core import InvalidInput
from pirates_lab.pirates_and_plunder import Game, secret_battle, within


def run(capsys, *argv):
    parser = argparse.ArgumentParser()
    Game.add_odds_commands(parser.add_subparsers())
    args = parser.parse_args(list(argv))
    code = args.run(args)
    return code, capsys.readouterr().out


def exact(out, label):
    """The exact value on ``<label> = 4/3 ≈ 1.333`` or ``<label> ≈ 88.89% (8/9)`` (a probability: percent first)."""
    match = (re.search(re.escape(label) + r" = (-?\d+(?:/\d+)?) ≈", out)
             or re.search(re.escape(label) + r" (?:=|≈|>|<) [\d.]+% \((\d+(?:/\d+)?)\)", out))
    assert match, out
    return Fraction(match.group(1))


def test_secret_battle_command(capsys):
    code, out = run(capsys, "secret-battle", "2", "1", "--ship", "3", "--resource", "1")
    game = secret_battle(2, 1, 0, 3, 1)
    assert code == 0 and exact(out, "value to the attacker") == game.value == Fraction(4, 3)
    assert exact(out, "P(the attack succeeds)") == game.success()
    assert "The attacker wins by committing 2" in out


def test_tile_draw_command(capsys):
    code, out = run(capsys, "tile-draw", "77", "44", "--draws", "3")
    assert code == 0 and exact(out, "P(at least one fitting tile)") == within(77, 44, 3)


def test_bad_values_are_refused_with_a_sentence(capsys):
    with pytest.raises(InvalidInput):
        run(capsys, "secret-battle", "61", "1")
    with pytest.raises(InvalidInput):
        run(capsys, "secret-battle", "1", "1", "--ship", "lots")
    with pytest.raises(InvalidInput):
        run(capsys, "tile-draw", "10", "11")
