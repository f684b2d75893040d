"""Fuzz: random words, numbers and sizes into the ``pirates-lab odds`` subcommands of Pirates &
Plunder (secret-battle, tile-draw), Plunder (plunder-fight, -attack, -marque, -loot, -storm) and
Plunder (2013) (deals).  Each ends in an answer (exit 0, output, nothing on stderr) or in ONE clear
line on stderr with exit code 2 and nothing on stdout — never a traceback, never a Python message
("unpack", "NoneType", …), never a hang.  Sizes are bounded before any work: tests below check that
an oversized request is refused without calling the solver (speed itself is measured in
benchmarks/, never timed here; a 20 s alarm only catches a hang).  (Issue 14.)
"""
from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pirates_lab.cli import main
from pirates_lab.core.testing import no_hang

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

numbers = st.one_of(st.integers(-5, 70), st.integers(-10**30, 10**30),
                    st.sampled_from([0, 1, 2, 6, 12, 13, 60, 61, 200, 201, 10**6]))
number_words = st.one_of(numbers.map(str), st.sampled_from(["x", "", " ", "1e3", "3.5", "1/2", "-0", "٣", "0x10",
                                                            "nan", "inf", "13/2", "-1/2", "1/0", "10**9"]))
CARDS = ["Havana", "havana", "OPEN SEA", "Open Sea", "Bottle of Rum", "bottle of RUM", "Storm", "Tortuga", "Pinnace",
         "pinnace", "Spanish Galleon", "spanish galleon", "English Brigantine", "Natives", "Port Royal", "Navigator",
         "master gunner", "Boatswain", "Coastland", "Treasure Fleet", "Pirates", "Kraken", "War is Declared: Spain",
         "", " ", ",", "Havana,Havana,Havana", "Storm,Storm"]
names = st.one_of(st.sampled_from(CARDS), st.text(max_size=12),
                  st.lists(st.sampled_from(CARDS), max_size=9).map(",".join))


PYTHON_TALK = re.compile(r"unpack|NoneType|object is not|invalid literal|unhashable|not subscriptable|"
                         r"index out of range|division by zero|Fraction\(|KeyError|TypeError|<class|got an unexpected")


def is_sentence(message: str) -> bool:
    """A refusal a person can read: one line, ends like a sentence, no Python internals."""
    return ("\n" not in message.strip() and message.strip().endswith((".", ")")) and len(message.strip()) > 15
            and not PYTHON_TALK.search(message))


def run_cli(capsys, argv):
    """Run ``pirates-lab odds …argv``; return (exit code, stdout) after checking the contract."""
    with no_hang():
        try:
            code = main(["odds", *argv])
        except SystemExit as stop:          # argparse: one line, exit 2 (tests/test_cli.py)
            code = stop.code
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err, (argv, err)
    if code == 0:
        assert out.strip() and not err, (argv, out, err)
    else:
        assert code == 2 and out == "", (argv, code, out, err)
        assert len(err.strip().splitlines()) == 1 and err.startswith("pirates-lab"), (argv, err)
        assert is_sentence(err.split(": ", 1)[1]), (argv, err)
    return code, out


# ---------------------------------------------------------------- Pirates & Plunder
@settings(FUZZ, max_examples=40)
@given(attacker=number_words, defender=number_words, base=st.none() | number_words, ship=st.none() | number_words,
       resource=st.none() | number_words)
def test_fuzz_secret_battle(capsys, attacker, defender, base, ship, resource):
    options = [f"--{name}={value}" for name, value in (("base", base), ("ship", ship), ("resource", resource))
               if value is not None]
    run_cli(capsys, ["secret-battle", *options, "--", attacker, defender])


@FUZZ
@given(unseen=number_words, fitting=number_words, draws=st.none() | number_words)
def test_fuzz_tile_draw(capsys, unseen, fitting, draws):
    options = [] if draws is None else [f"--draws={draws}"]
    code, out = run_cli(capsys, ["tile-draw", *options, "--", unseen, fitting])
    if code == 0:
        assert re.search(r"P\(at least one fitting tile\) (=|≈|>|<) [\d.]+% \(", out), out


# ---------------------------------------------------------------- Plunder
@FUZZ
@given(attacker=names, defender=names, hand=st.none() | names, their=st.none() | number_words,
       mate=st.none() | names, flees=st.booleans())
def test_fuzz_plunder_fight(capsys, attacker, defender, hand, their, mate, flees):
    options = [f"--{name}={value}" for name, value in (("hand", hand), ("their-hand", their), ("mate", mate))
               if value is not None] + (["--flees"] if flees else [])
    run_cli(capsys, ["plunder-fight", *options, "--", attacker, defender])


@FUZZ
@given(ship=names, enemy=names, hand=st.none() | names, draws=st.none() | number_words, mate=st.none() | names,
       room=st.none() | number_words, risk=st.none() | number_words)
def test_fuzz_plunder_attack(capsys, ship, enemy, hand, draws, mate, room, risk):
    options = [f"--{name}={value}" for name, value in (("hand", hand), ("draws", draws), ("mate", mate),
                                                       ("room", room), ("risk", risk)) if value is not None]
    run_cli(capsys, ["plunder-attack", *options, "--", ship, enemy])


@FUZZ
@given(card=names, contesters=st.none() | number_words, hand_size=st.none() | number_words)
def test_fuzz_plunder_marque(capsys, card, contesters, hand_size):
    options = [f"--{name}={value}" for name, value in (("contesters", contesters), ("hand-size", hand_size))
               if value is not None]
    run_cli(capsys, ["plunder-marque", *options, "--", card])


@FUZZ
@given(cargo=st.none() | number_words, room=st.none() | number_words)
def test_fuzz_plunder_loot(capsys, cargo, room):
    options = [f"--{name}={value}" for name, value in (("cargo", cargo), ("room", room)) if value is not None]
    run_cli(capsys, ["plunder-loot", *options])


@FUZZ
@given(deck=number_words, draws=st.none() | number_words)
def test_fuzz_plunder_storm(capsys, deck, draws):
    options = [] if draws is None else [f"--draws={draws}"]
    code, out = run_cli(capsys, ["plunder-storm", *options, "--", deck])
    if code == 0:
        assert out.count("P(Storm within") == int(draws or 3)


# ---------------------------------------------------------------- Plunder (2013)
@FUZZ
@given(players=st.none() | number_words, cards=st.none() | number_words)
def test_fuzz_deals(capsys, players, cards):
    options = [f"--{name}={value}" for name, value in (("players", players), ("cards", cards)) if value is not None]
    run_cli(capsys, ["deals", *options])


# ---------------------------------------------------------------- bounded before any work
def test_an_oversized_secret_battle_is_refused_without_solving(capsys, monkeypatch):
    """The size check runs before the solver (shown with a smaller limit: no accepted size is over it)."""
    from pirates_lab.pirates_and_plunder import commands

    def solver(*args):
        raise AssertionError("the solver ran on a request that was too big")

    monkeypatch.setattr(commands, "secret_battle", solver)
    monkeypatch.setattr(commands, "MAX_MIX", 16)
    code = main(["odds", "secret-battle", "60", "60", "--ship", "1000"])
    err = capsys.readouterr().err
    assert code == 2 and "the limit is 16" in err and is_sentence(err)


def test_every_battle_the_game_accepts_is_within_the_limit_and_the_largest_answers(capsys):
    """60 v 60 with a ship worth 1000 is the largest exact solve (61 commitments a side): answered."""
    from pirates_lab.pirates_and_plunder.battles import MAX_RESOURCES
    from pirates_lab.pirates_and_plunder.commands import MAX_MIX, secret_battle_size

    assert secret_battle_size(MAX_RESOURCES, MAX_RESOURCES, Fraction(1000), Fraction(1, 10**299)) <= MAX_MIX
    code, out = run_cli(capsys, ["secret-battle", "60", "60", "--ship", "1000"])
    assert code == 0 and "value to the attacker = 5817/100" in out


@pytest.mark.parametrize("ship", ["1/1" + "0" * 300, "9" * 301, "9" * 5000])
def test_a_value_too_long_to_solve_at_once_is_refused_in_one_sentence(capsys, ship):
    code, _ = run_cli(capsys, ["secret-battle", "3", "3", "--ship", ship])
    assert code == 2


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 12), st.integers(0, 12), st.integers(0, 3), st.fractions(0, 30, max_denominator=4),
       st.fractions(0, 5, max_denominator=4))
def test_the_work_estimate_bounds_every_optimal_mix(a, d, base, ship, resource):
    """The size the command checks is never smaller than the mixes the solver returns."""
    from pirates_lab.pirates_and_plunder.battles import secret_battle
    from pirates_lab.pirates_and_plunder.commands import secret_battle_size

    game = secret_battle(a, d, base, ship, resource)
    if resource:
        size = secret_battle_size(a, d, ship, resource)
        assert len(game.attacker.outcomes()) <= size and len(game.defender.outcomes()) <= size


@pytest.mark.parametrize("argv, message", [
    (["plunder-storm", "40", "--draws", "0"], "--draws is a whole number from 1 to 200"),
    (["plunder-marque", "Havana,Storm"], "Name one card"),
    (["plunder-marque", ","], "Name one card"),
    (["plunder-attack", "Pinnace", "Pinnace"], "choose from: Cartagena"),
    (["plunder-fight", "Pinnace", "Havana"], "Havana is a port card, not a ship"),
    (["plunder-fight", "Pinnace", "Pinnace", "--mate", "Storm"], "choose from: Boatswain, Carpenter"),
    (["tile-draw", "81", "1"], "unseen is a whole number from 0 to 80"),
    (["secret-battle", "1", "1", "--ship", "nan"], "--ship is a number"),
    (["deals", "--players", "7"], "for 2 to 6 pirates"),
])
def test_what_the_fuzzing_found_is_refused_in_one_sentence(capsys, argv, message):
    code = main(["odds", *argv])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and message in err and is_sentence(err), err


@pytest.mark.parametrize("argv, expected", [
    (["plunder-fight", "english BRIGANTINE", "spanish sloop", "--mate", "navigator", "--hand", "havana"],
     "Plunder: English Brigantine attacks a captain in Spanish Sloop holding 6 unseen cards"),
    (["plunder-attack", "pinnace", "natives", "--draws", "1"], "Plunder: Pinnace against Natives with no cards and 1 card"),
    (["plunder-storm", "40", "--draws", "1"], "P(Storm within 1 draw of 40) = 2.50% (1/40)"),
    (["tile-draw", "0", "0", "--draws", "0"], "0 fitting tiles among 0 unseen, next 0 draws"),
    (["tile-draw", "10", "1", "--draws", "1"], "1 fitting tile among 10 unseen, next 1 draw"),
])
def test_names_in_any_case_and_edge_counts_answer(capsys, argv, expected):
    code, out = run_cli(capsys, argv)
    assert code == 0 and expected in out, out
