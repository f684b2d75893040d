"""``pirates-lab odds plunder-…``: answers as percentages with exact fractions; bad input refused.

Rules: Plunder › Combat
"""
import pytest

from pirates_lab.cli import main
from pirates_lab.core import InvalidInput
from pirates_lab.plunder.commands import parse_hand, start_unseen


def run(capsys, *argv):
    code = main(["odds", *argv])
    return code, capsys.readouterr()


def test_storm_lines(capsys):
    code, out = run(capsys, "plunder-storm", "40", "--draws", "2")
    assert code == 0 and "P(Storm within 2 draws of 40) = 5.00% (1/20)" in out.out


def test_attack_prints_each_step_and_the_expected_silver(capsys):
    code, out = run(capsys, "plunder-attack", "Pinnace", "Spanish Galleon", "--hand", "Bottle of Rum,Havana")
    assert code == 0 and "win the whole combat" in out.out and "Should I attack? expected silver" in out.out


def test_fight_marque_and_loot_answer(capsys):
    assert run(capsys, "plunder-fight", "English Brigantine", "Spanish Sloop", "--hand", "Havana")[0] == 0
    code, out = run(capsys, "plunder-marque", "Bottle of Rum", "--contesters", "3")
    assert code == 0 and "= 100% (certain)" in out.out                 # a 6 is never beaten
    code, out = run(capsys, "plunder-loot", "--cargo", "1")
    assert code == 0 and "2 Sugar" not in out.out


def test_bad_names_are_refused(capsys):
    code, out = run(capsys, "plunder-attack", "Pinnace", "Kraken")
    assert code != 0 and "Kraken" in out.err
    with pytest.raises(InvalidInput, match="No card"):
        parse_hand("Havana, Gold")
    with pytest.raises(InvalidInput, match="not that many"):
        start_unseen(["Storm", "Storm"])
