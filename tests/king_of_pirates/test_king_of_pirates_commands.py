"""King of Pirates' odds subcommands (combat, mutiny), from the pirates-lab command."""
from __future__ import annotations

import re
from fractions import Fraction

import pytest

from pirates_lab.cli import main
from pirates_lab.king_of_pirates import (combat_success_probability, expected_cannonballs_used,
                                         expected_upkeeps_until_mutiny, p_no_mutiny_within, reroll_policy)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def exact(out: str, label: str) -> Fraction:
    """The fraction printed on the line ``<label> = a/b ≈ …``."""
    match = re.search(re.escape(label) + r" = (\d+(?:/\d+)?) ≈", out)
    assert match, f"no line {label!r} in:\n{out}"
    return Fraction(match.group(1))


def test_odds_combat_matches_the_king_of_pirates_functions(capsys):
    success = combat_success_probability
    expected_used = expected_cannonballs_used
    code, out, _ = run(capsys, "odds", "combat", "9", "--modifier", "1", "--cannonballs", "2", "--table")
    assert code == 0
    for balls in range(3):
        assert exact(out, f"P(success | {balls} cannonballs)") == success(9, 1, balls)
    used = re.findall(r"expected cannonballs used (\d+(?:/\d+)?) ≈", out)
    assert [Fraction(u) for u in used] == [expected_used(9, 1, balls) for balls in range(3)]
    assert exact(out, "P(success | 0 cannonballs)") == Fraction(10, 36 - 12)  # 2d6 >= 8: 15/36 = 5/12


def test_odds_mutiny_matches_the_king_of_pirates_functions(capsys):
    expected = expected_upkeeps_until_mutiny
    p_none = p_no_mutiny_within
    code, out, _ = run(capsys, "odds", "mutiny", "4", "--upkeeps", "3")
    assert code == 0
    assert f"= {expected(4)} ≈" in out
    assert exact(out, "P(no mutiny within 3 upkeeps)") == p_none(4, 3)
