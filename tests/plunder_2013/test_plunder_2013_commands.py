"""``pirates-lab odds deals``: exact counts, bounded and validated options.

Rules: Plunder (2013) › Setup
"""
from __future__ import annotations

import argparse
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pirates_lab.core import InvalidInput
from pirates_lab.plunder_2013 import Game
from pirates_lab.plunder_2013.commands import deal_counts


def parser():
    top = argparse.ArgumentParser(prog="pirates-lab odds")
    Game.add_odds_commands(top.add_subparsers(dest="calculator", required=True))
    return top


def run(argv, capsys):
    args = parser().parse_args(argv)
    code = args.run(args)
    return code, capsys.readouterr().out


def test_deals_counts_exactly_and_prints_percent_first(capsys):
    code, out = run(["deals", "--players", "4", "--cards", "6"], capsys)
    assert code == 0
    assert "46,656,000" in out and "216,000" in out           # (6P4)^3 and (5P3)^3
    assert "P(a blind guess at one rival's treasure is right) = 0.80% (1/125)" in out


def test_deal_counts_against_enumeration():
    """Rule: "There are no duplicate cards" — count the deals of one category by listing them."""
    for players, cards in ((2, 3), (3, 4), (3, 5)):
        per_category = sum(1 for _ in permutations(range(cards), players))
        counts = deal_counts(players, cards)
        assert counts["table"] == per_category ** 3
        seat = sum(1 for _ in permutations(range(cards - 1), players - 1))
        assert counts["seat"] == seat ** 3
        assert counts["every_location"] == Fraction(1, seat ** 3)


def test_the_largest_table_answers_at_once(capsys):
    code, out = run(["deals", "--players", "6", "--cards", "12"], capsys)
    assert code == 0 and f"{(11 * 10 * 9 * 8 * 7) ** 3:,}" in out


@pytest.mark.parametrize("argv,words", [(["--players", "7"], "2 to 6 pirates"), (["--players", "1"], "2 to 6"),
                                        (["--players", "4", "--cards", "3"], "from 4"),
                                        (["--cards", "13"], "to 12"), (["--cards", "-1"], "not -1")])
def test_bad_values_are_one_sentence(argv, words, capsys):
    args = parser().parse_args(["deals", *argv])
    with pytest.raises(InvalidInput, match=words):
        args.run(args)
    assert capsys.readouterr().out == ""                       # nothing printed before the refusal


@settings(max_examples=60, deadline=None)
@given(players=st.integers(-5, 20), cards=st.integers(-5, 40))
def test_any_numbers_end_in_an_answer_or_invalid_input(players, cards):
    try:
        counts = deal_counts(players, cards)
    except InvalidInput as error:
        assert str(error).endswith(".")
    else:
        assert 2 <= players <= 6 and players <= cards <= 12 and counts["seat"] >= 1
