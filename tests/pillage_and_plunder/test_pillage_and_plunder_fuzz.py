"""Fuzz: random words, numbers and sizes into every Pillage & Plunder odds subcommand and public
odds function.  Each ends in an answer or in one clear line (exit code 2, or ``InvalidInput``)
— never a traceback, never a hang (every size is bounded before computing).  (Issue 14.)

Speed is measured in ``benchmarks/bench_pillage_and_plunder.py``; here ``no_hang`` only fails a call that
neither answers nor refuses within its generous alarm."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pirates_lab.cli import main
from pirates_lab.core import InvalidInput
from pirates_lab.core.testing import no_hang
from pirates_lab.pillage_and_plunder import (Ship, battle, call_off_policy, cannon_volley, cargo_price,
                                             hand_probability, melee, merchant_prize, treasure_hunt)
from pirates_lab.pillage_and_plunder.battles import flee_escape_probability, melee_round_win_probability

FUZZ = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

WORDS = ["Sloop", "schooner", "Galleon", "Man O' War", "merchant", "navy", "2", "4", "6", "9", "crew=", "cannons=",
         "pistols=", "damage=", "pistol", "doctor", "gunner", "nest", "plating", "sail", "-1", "100000", "x", "=",
         "Cannon", "attack", "Cutlass Crewman", "+", "Rum 10", "kraken", "", " "]
numbers = st.one_of(st.integers(-10, 200), st.integers(-10 ** 30, 10 ** 30), st.sampled_from(["x", "1e3", "", "0"]))
text = st.one_of(st.text(max_size=20), st.lists(st.sampled_from(WORDS), max_size=5).map("".join),
                 st.lists(st.sampled_from(WORDS), max_size=5).map(" ".join),
                 st.tuples(st.sampled_from(WORDS), numbers).map(lambda t: f"{t[0]}{t[1]}"))


def run_cli(capsys, argv):
    with no_hang():
        try:
            code = main(["odds", *argv])
        except SystemExit as stop:          # argparse itself (an option it does not know): usage + one line
            code = stop.code
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    if code == 0:
        assert out and not err
    else:
        assert code == 2 and out == "" and err.strip(), (argv, out, err)
        assert len([line for line in err.splitlines() if not line.startswith("usage:")]) == 1, err


def no_option(words):
    return [w for w in words if not w.startswith("-")]


@FUZZ
@given(attacker=text, defender=text, stand=st.booleans(), detail=st.booleans())
def test_fuzz_odds_battle(capsys, attacker, defender, stand, detail):
    argv = ["battle", "--", attacker, defender]
    argv[1:1] = [flag for flag, on in (("--stand", stand), ("--detail", detail)) if on]
    run_cli(capsys, argv)


@FUZZ
@given(a=numbers, d=numbers, flags=st.lists(st.sampled_from(["--attacker-pistol", "--defender-pistol",
                                                              "--attacker-doctor", "--defender-doctor", "--exact"])))
def test_fuzz_odds_melee(capsys, a, d, flags):
    run_cli(capsys, ["melee", *flags, "--", str(a), str(d)])


@FUZZ
@given(cards=st.lists(text, max_size=4), players=numbers, hand=numbers)
def test_fuzz_odds_hand(capsys, cards, players, hand):
    run_cli(capsys, ["hand", f"--players={players}", f"--hand-size={hand}", "--", *cards])


anything = st.one_of(st.none(), st.booleans(), numbers, st.text(max_size=8), st.lists(st.integers(), max_size=2),
                     st.dictionaries(st.text(max_size=8), st.integers(-3, 300), max_size=3))


def answers_or_refuses(function, *args, **kwargs):
    with no_hang():
        try:
            function(*args, **kwargs)
        except InvalidInput as error:
            assert str(error).strip()


@FUZZ
@given(a=anything, d=anything, pa=anything, pd=anything, da=anything)
def test_fuzz_melee_functions(a, d, pa, pd, da):
    answers_or_refuses(melee, a, d, attacker_pistol=pa, defender_pistol=pd, attacker_doctor=bool(da))
    answers_or_refuses(melee_round_win_probability, a, d)
    answers_or_refuses(call_off_policy, a, d, prize=pa, crew_value=pd)
    answers_or_refuses(flee_escape_probability, a, d)


@FUZZ
@given(hull=anything, cannons=anything, crew=anything, pistols=anything, damage=anything, strength=anything,
       officers=st.one_of(st.just(()), st.lists(st.sampled_from(["Doctor", "Master Gunner", "Cook", 3]), max_size=2)))
def test_fuzz_ships_and_battles(hull, cannons, crew, pistols, damage, strength, officers):
    def build():
        attacker = Ship.player(hull if isinstance(hull, str) else "Sloop", cannons=cannons, crew=crew,
                               pistols=pistols if isinstance(pistols, int) else 0, officers=tuple(officers),
                               damage=damage if isinstance(damage, int) else 0)
        defender = Ship.merchant(strength if isinstance(strength, int) else 4, crew=crew if isinstance(crew, int) else None)
        battle(attacker, defender, "merchant")
    answers_or_refuses(build)
    answers_or_refuses(battle, hull, strength)
    answers_or_refuses(cannon_volley, cannons, crew, attacker_strength=strength, defender_strength=damage)


@FUZZ
@given(groups=anything, hand=anything, players=anything, card=anything, selling=anything, strength=anything)
def test_fuzz_card_odds(groups, hand, players, card, selling, strength):
    answers_or_refuses(hand_probability, groups, hand_size=hand, players=players)
    answers_or_refuses(cargo_price, card, selling)
    answers_or_refuses(merchant_prize, strength)
    answers_or_refuses(treasure_hunt, selling)


@pytest.mark.parametrize("call", [
    lambda: melee(100, 100, attacker_doctor=True, defender_doctor=True, attacker_pistol=True),
    lambda: hand_probability({"Attack": 3, "Cannon": 2, "Cargo": 1}, hand_size=282, players=2),
    lambda: call_off_policy(100, 100, prize=5000, crew_value=300),
])
def test_the_largest_accepted_requests_answer(call):
    answers_or_refuses(call)
