"""Pillage & Plunder's odds subcommands (battle, melee, hand), from the pirates-lab command."""
from __future__ import annotations

import re
from fractions import Fraction

import pytest

from pirates_lab.cli import main
from pirates_lab.pillage_and_plunder import Ship, battle, hand_probability, melee
from pirates_lab.pillage_and_plunder.commands import parse_card_groups


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def exact(out: str, label: str) -> Fraction:
    """The fraction printed (with ``--exact``) on the line ``<label> = a/b  (41.67%)``."""
    match = re.search(re.escape(label) + r" = (\d+(?:/\d+)?)  \(", out)
    assert match, f"no line {label!r} in:\n{out}"
    return Fraction(match.group(1))


def test_odds_battle_matches_the_battle_function(capsys):
    code, out, _ = run(capsys, "odds", "battle", "Galleon crew=5 pistols=1 doctor", "merchant 4", "--exact")
    assert code == 0
    attacker = Ship.player("Galleon", crew=5, pistols=1, officers=("Doctor",))
    dist = battle(attacker, Ship.merchant(4), "merchant")
    assert exact(out, "P(attacker wins)") == dist.probability(lambda r: r.winner == "attacker")
    assert exact(out, "P(defender wins)") == dist.probability(lambda r: r.winner == "defender")
    assert "Battle: merchant" in out


def test_odds_battle_stand_and_navy(capsys):
    code, out, _ = run(capsys, "odds", "battle", "Sloop", "Sloop plating", "--stand", "--exact")
    assert code == 0
    dist = battle(Ship.player("Sloop"), Ship.player("Sloop", addons=("Iron Hull Plating",)), "player",
                  defender_flees=False)
    assert exact(out, "P(attacker wins)") == dist.probability(lambda r: r.winner == "attacker")
    assert "escaped" not in out
    code, out, _ = run(capsys, "odds", "battle", "navy", "Schooner", "--exact")
    navy = battle(Ship.navy(), Ship.player("Schooner"), "navy")
    assert code == 0 and exact(out, "P(defender wins)") == navy.probability(lambda r: r.winner == "defender")


@pytest.mark.parametrize("attacker, defender, message", [
    ("Frigate", "Sloop", "no hull called 'frigate'"),
    ("Sloop cannons=many", "Sloop", "must be a whole number"),
    ("Sloop speed=9", "Sloop", "unknown ship number"),
    ("merchant 4", "Sloop", "merchant ships never attack"),
    ("Sloop crew=9", "Sloop", "holds at most"),
])
def test_odds_battle_refuses_bad_ships(capsys, attacker, defender, message):
    code, out, err = run(capsys, "odds", "battle", attacker, defender)
    assert code == 2 and message in err


def test_odds_melee_matches_the_melee_function(capsys):
    code, out, _ = run(capsys, "odds", "melee", "3", "2", "--defender-pistol", "--attacker-doctor", "--exact")
    dist = melee(3, 2, defender_pistol=True, attacker_doctor=True)
    assert code == 0
    assert exact(out, "P(attacker wins)") == dist.probability(lambda r: r.winner == "attacker")
    assert exact(out, "P(attacker wins)") + exact(out, "P(defender wins)") == 1


def test_odds_hand_matches_hand_probability(capsys):
    code, out, _ = run(capsys, "odds", "hand", "Cannon", "Cutlass Crewman+Pistol Crewman", "--players", "3", "--exact")
    expected = hand_probability({"Cannon": 1, ("Cutlass Crewman", "Pistol Crewman"): 1}, hand_size=5, players=3)
    assert code == 0
    assert Fraction(re.search(r"= (\d+/\d+)  \(", out).group(1)) == expected
    code, _, err = run(capsys, "odds", "hand", "Kraken")
    assert code == 2 and "Kraken" in err


def test_card_groups_are_parsed_like_the_function_expects():
    assert parse_card_groups(["Attack", "Cannon=2", "Cutlass Crewman + Pistol Crewman"]) == {
        "Attack": 1, "Cannon": 2, ("Cutlass Crewman", "Pistol Crewman"): 1}
    with pytest.raises(Exception, match="whole number"):
        parse_card_groups(["Cannon=two"])


# ---------------------------------------------------------------- issue 14: bounded, validated, readable
@pytest.mark.parametrize("argv, message", [
    (("battle", "Sloop pistols=-1", "Sloop"), "pistols must be >= 0"),
    (("battle", "Sloop crew=-5", "Sloop"), "crew must be >= 0"),
    (("battle", "Sloop", "merchant 4 crew=100000"), "up to 100 crewmen a side"),
    (("melee", "1000", "1000"), "from 0 to 100"),
    (("melee", "-3", "2"), "from 0 to 100"),
    (("melee", "three", "2"), "whole number"),
    (("hand", "--players", "1"), "from 2 to 6"),
    (("hand", "--players", "7"), "from 2 to 6"),
    (("hand", "Kraken"), "Cards: "),
    (("hand", "Cannon=-1"), ">= 0"),
])
def test_bad_or_huge_requests_are_refused_in_one_line(capsys, argv, message):
    code, out, err = run(capsys, "odds", *argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1, err


def test_card_names_ignore_case(capsys):
    code, out, _ = run(capsys, "odds", "hand", "cannon", "ATTACK=2", "--exact")
    assert code == 0
    assert exact(out, "P(≥1 cannon and ≥2 ATTACK)") == hand_probability({"Cannon": 1, "Attack": 2})


def test_output_is_percent_first_short_and_fits_100_columns(capsys):
    code, out, _ = run(capsys, "odds", "battle", "Man O' War pistol doctor gunner plating nest sail",
                       "Man O' War pistols=2 doctor plating sail", "--detail")
    assert code == 0
    assert max(len(line) for line in out.splitlines()) <= 100
    assert not re.search(r"\d{13}", out)                      # no long fractions without --exact
    line = next(line for line in out.splitlines() if line.startswith("P(attacker wins)"))
    assert re.match(r"P\(attacker wins\)  \d+\.\d\d%", line)
    assert "≈ 100.00%" not in out and "1 cannons" not in out


def test_just_short_of_certain_reads_more_than_99_99(capsys):
    code, out, _ = run(capsys, "odds", "melee", "100", "1", "--attacker-pistol")
    assert code == 0
    assert "P(attacker wins)  > 99.99%" in out


def test_plurals(capsys):
    _, out, _ = run(capsys, "odds", "battle", "Sloop cannons=1 crew=1", "Sloop")
    assert "1 cannon," in out and "1 crewman," in out
    _, out, _ = run(capsys, "odds", "melee", "1", "2")
    assert "1 crewman attacking 2 crewmen" in out
