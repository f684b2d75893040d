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


@pytest.mark.parametrize("argv, message", [
    (("secret-battle", "61", "1"), "attacker is a whole number from 0 to 60, not 61."),
    (("secret-battle", "1", "-1"), "defender is a whole number from 0 to 60, not -1."),
    (("secret-battle", "1", "1", "--base", "11"), "--base is a whole number from 0 to 10, not 11."),
    (("secret-battle", "1", "1", "--ship", "6\n7"), "--ship is a number such as 6, 13/2 or 6.5, not '6\\n7'."),
    (("tile-draw", "0", "0"), "unseen is 0: with no tile left unseen there is nothing to draw."),
    (("tile-draw", "10", "11"), "fitting is a whole number from 0 to 10, not 11."),
    (("tile-draw", "10", "2", "--draws", "11"), "--draws is a whole number from 0 to 10, not 11."),
])
def test_a_refusal_names_what_the_user_typed_in_their_words(capsys, argv, message):
    """Given a request the calculators refuse, Then the sentence names the argument as typed on the command
    line (not an internal name) and blames only what the user typed (never the default --draws 1)."""
    with pytest.raises(InvalidInput) as refused:
        run(capsys, *argv)
    assert str(refused.value) == message and capsys.readouterr().out == ""
