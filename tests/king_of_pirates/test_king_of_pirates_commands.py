"""King of Pirates' odds subcommands (combat, mutiny), from the pirates-lab command."""
from __future__ import annotations

import re
from fractions import Fraction

import pytest

from pirates_lab.cli import main
from pirates_lab.core.report import plural
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
    code, out, _ = run(capsys, "odds", "combat", "9", "--modifier", "1", "--cannonballs", "2", "--table", "--exact")
    assert code == 0
    for balls in range(3):
        assert exact(out, f"P(success | {plural(balls, 'cannonball')})") == success(9, 1, balls)
    used = re.findall(r"expected cannonballs used (\d+(?:/\d+)?) ≈", out)
    assert "1 cannonball)" in out and "1 cannonballs" not in out
    assert [Fraction(u) for u in used] == [expected_used(9, 1, balls) for balls in range(3)]
    assert exact(out, "P(success | 0 cannonballs)") == Fraction(10, 36 - 12)  # 2d6 >= 8: 15/36 = 5/12


def test_odds_mutiny_matches_the_king_of_pirates_functions(capsys):
    expected = expected_upkeeps_until_mutiny
    p_none = p_no_mutiny_within
    code, out, _ = run(capsys, "odds", "mutiny", "4", "--upkeeps", "3", "--exact")
    assert code == 0
    assert f"= {expected(4)} ≈" in out
    assert exact(out, "P(no mutiny within 3 upkeeps)") == p_none(4, 3)


def test_default_output_is_percent_first_with_short_fractions(capsys):
    code, out, _ = run(capsys, "odds", "combat", "9", "--modifier", "1", "--cannonballs", "1")
    assert code == 0
    assert "P(success | 1 cannonball): 72.45% (313/432)" in out      # 313/432 = 0.724537…
    assert max(len(line) for line in out.splitlines()) <= 100
    code, out, _ = run(capsys, "odds", "mutiny", "0", "--upkeeps", "2")
    assert "P(no mutiny within 2 upkeeps): 11.11% (1/9)" in out        # both rolls must be scurvy: (1/3)^2


def test_near_certain_is_more_than_99_99_percent_not_100(capsys):
    code, out, _ = run(capsys, "odds", "combat", "4", "--cannonballs", "8")
    assert code == 0 and "> 99.99%" in out and "100.00%" not in out


def test_huge_rum_is_answered_by_the_closed_form(capsys):
    code, out, _ = run(capsys, "odds", "mutiny", "100000", "--upkeeps", "1")
    # E[r] = r + 4/3 - (1/3)(-1/2)^r: the upkeep die loses 0, 1 or 2 rum with 1/3 each
    assert code == 0 and "expected upkeeps until a mutiny (counting its roll): 100,001.333" in out


@pytest.mark.parametrize("argv,needle", [
    (("combat", "9", "--cannonballs", "-1"), "--cannonballs must be 0 or more"),
    (("combat", "9", "--cannonballs", "5000"), "at most 100"),
    (("mutiny", "4", "--upkeeps", "-3"), "--upkeeps must be 0 or more"),
    (("mutiny", "-2"), "rum must be 0 or more"),
    (("mutiny", "100000000"), "at most 100,000"),
    (("mutiny", "1000", "--upkeeps", "2000"), "too much exact work"),
])
def test_bad_values_print_one_line_and_nothing_else(capsys, argv, needle):
    code, out, err = run(capsys, "odds", *argv)
    assert code == 2 and out == ""
    assert needle in err and len(err.strip().splitlines()) == 1
