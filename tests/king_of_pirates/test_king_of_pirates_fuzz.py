"""Fuzz: random strings, numbers and sizes into every King of Pirates odds subcommand and public odds
function.  Each ends in an answer (exact, a probability in [0, 1]) or in one clear refusal
(``InvalidInput`` from the API; one line and exit 2 from the command) — never a traceback, never a
hang (a 20 s alarm catches one; speed itself is measured in benchmarks/, not here).
"""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pirates_lab.cli import main
from pirates_lab.core import Dist, InvalidInput
from pirates_lab.king_of_pirates import odds
from pirates_lab.king_of_pirates.actions import Reroll
from pirates_lab.core.testing import no_hang

FUZZ = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

numbers = st.one_of(st.integers(-5, 15), st.integers(-10**7, 10**7), st.sampled_from([0, 1, 100, 101, 5000, 10**9]))
junk = st.one_of(st.text(max_size=6), st.floats(allow_nan=True), st.none(), st.booleans(),
                 st.lists(st.integers(-3, 3), max_size=3), st.tuples(st.integers(-6, 6), st.integers(-6, 6)))
anything = st.one_of(numbers, junk)
cells = st.one_of(st.tuples(st.integers(-5, 5), st.integers(-5, 5)), junk)
faces = st.one_of(st.none(), st.dictionaries(st.sampled_from(["scurvy", "lose 1 rum", "lose 2 rum", "Scurvy", "x"]),
                                            st.one_of(st.integers(-1, 4), st.text(max_size=2)), max_size=3), junk)


def answer_or_refusal(call):
    """Run ``call``: an InvalidInput with a sentence is fine; any other exception fails the test."""
    with no_hang():
        try:
            return call()
        except InvalidInput as error:
            text = str(error)
            assert text[:1].isupper() or text[:1] in "-'\"" or text[0].isalpha(), text
            assert text.rstrip().endswith((".", ")")) and "\n" not in text, text
            return None


def is_probability(p) -> bool:
    return isinstance(p, Fraction) and 0 <= p <= 1


@FUZZ
@given(anything, anything, anything)
def test_combat_functions(target, modifier, cannonballs):
    for function in (odds.combat_success_probability, odds.expected_cannonballs_used):
        value = answer_or_refusal(lambda: function(target, modifier, cannonballs))
        assert value is None or isinstance(value, Fraction)
    policy = answer_or_refusal(lambda: odds.reroll_policy(target, modifier, cannonballs))
    if policy is not None:
        p = odds.combat_success_probability(target, modifier, cannonballs)
        assert is_probability(p) and 0 <= odds.expected_cannonballs_used(target, modifier, cannonballs) <= cannonballs
        assert all(is_probability(q) for *_, q in policy.choices)


@FUZZ
@given(anything, anything, anything, anything)
def test_pvp(a_mod, a_balls, d_mod, d_balls):
    p = answer_or_refusal(lambda: odds.pvp_win_probability(a_mod, a_balls, d_mod, d_balls))
    assert p is None or is_probability(p)


@FUZZ
@given(anything, cells, cells, anything)
def test_dutchman(moves, start, target, per_turn):
    dist = answer_or_refusal(lambda: odds.dutchman_distribution(moves, start))
    assert dist is None or sum(dist.values()) == 1
    p = answer_or_refusal(lambda: odds.dutchman_reach_probability(target, moves, start))
    assert p is None or is_probability(p)
    route = [[start, target]] if isinstance(start, tuple) and isinstance(target, tuple) else start
    p = answer_or_refusal(lambda: odds.route_survival(route, target, per_turn))
    assert p is None or is_probability(p)
    best = answer_or_refusal(lambda: odds.safest_route(start, target, (0, 0), 1, per_turn))
    assert best is None or is_probability(best[1])


@settings(max_examples=8, deadline=None)
@given(cells, cells)
def test_dutchman_hitting_time(target, start):
    t = answer_or_refusal(lambda: odds.dutchman_expected_hitting_time(target, start))
    assert t is None or (isinstance(t, Fraction) and t >= 0)


@FUZZ
@given(anything, anything, faces)
def test_upkeep(rum, upkeeps, die):
    e = answer_or_refusal(lambda: odds.expected_upkeeps_until_mutiny(rum, die))
    assert e is None or (isinstance(e, Fraction) and e >= 1)
    cause = answer_or_refusal(lambda: odds.mutiny_cause(rum, die))
    assert cause is None or isinstance(cause, Dist)
    series = answer_or_refusal(lambda: odds.no_mutiny_series(rum, upkeeps, die))
    if series is not None:
        assert series[0] == 1 and all(a >= b for a, b in zip(series, series[1:]))
        assert odds.p_no_mutiny_within(rum, upkeeps, die) == series[-1]
        assert sum(odds.first_mutiny_distribution(rum, upkeeps, die).values()) == 1 - series[-1]


@FUZZ
@given(anything)
def test_reroll_action(keep):
    action = answer_or_refusal(lambda: Reroll(keep))
    assert action is None or keep in ("high", "low", "none")


words = st.one_of(st.text(alphabet="0123456789-+.eE abc", max_size=8), numbers.map(str))
options = st.lists(st.sampled_from(["--modifier", "--cannonballs", "--table", "--exact", "--upkeeps"]) | words,
                   max_size=5)


def run_cli(capsys, argv):
    with no_hang():
        try:
            code = main(["odds", *argv])
        except SystemExit as stop:         # argparse: a usage line and one error line
            code = stop.code
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert code in (0, 2), (argv, code, err)
    if code == 2:
        assert err.strip(), argv
        if not err.startswith("usage:"):
            assert out == "" and len(err.strip().splitlines()) == 1, (argv, out, err)
    return code, out


@FUZZ
@given(words, options)
def test_cli_combat(capsys, target, extra):
    run_cli(capsys, ["combat", target, *extra])


@FUZZ
@given(words, options)
def test_cli_mutiny(capsys, rum, extra):
    run_cli(capsys, ["mutiny", rum, *extra])


@pytest.mark.parametrize("argv", [["mutiny", "100000"], ["combat", "9", "--cannonballs", "5000"],
                                  ["mutiny", "4", "--upkeeps", "10000"], ["combat", "12", "--cannonballs", "100",
                                                                           "--table"]])
def test_the_reported_slow_inputs_answer_or_refuse(capsys, argv):
    run_cli(capsys, argv)


CONTROL = [chr(c) for c in range(32)] + ["\x7f", "\x85", "\u2028", "\u202e"]


def one_clean_line(text: str) -> bool:
    """A refusal a person can read: not empty, one line, no control character from the input."""
    return bool(text.strip()) and not any(ch in text for ch in CONTROL)


@FUZZ
@given(st.one_of(anything, st.text(alphabet=st.sampled_from(CONTROL + ["a", " "]), max_size=4)))
@example("\n")        # issue 24: hypothesis drew it once and the refusal echoed the raw newline
@example("\x07\r\t")
@example("\u2028\u202e")
@example(("\n", 1))
def test_state_entry_points_refuse_with_a_sentence_and_change_nothing(value):
    from pirates_lab.core import IllegalMove
    from pirates_lab.king_of_pirates import Game

    state = Game(players=3).new_initial_state()
    before = state.to_json()
    for call in (lambda: state.apply(value), lambda: state.observation(value), lambda: state.at_lair(value),
                 lambda: state.view(value)):
        try:
            with no_hang():
                call()
        except (InvalidInput, IllegalMove) as error:
            assert one_clean_line(str(error)), str(error)
        assert state.to_json() == before
    if not (isinstance(value, int) and not isinstance(value, bool) and value > 0) and value is not None:
        with pytest.raises(InvalidInput):
            Game(players=2, win_doubloons=value)


@pytest.mark.parametrize("turns, per_turn, words", [(1, 1001, "1 turn of 1001 rolls is 1,001 rolls"),
                                                    (2, 501, "2 turns of 501 rolls is 1,002 rolls"),
                                                    (1001, 1, "1001 turns of 1 roll is 1,001 rolls")])
def test_a_long_dutchman_route_is_refused_in_a_sentence_with_correct_plurals(turns, per_turn, words):
    """What the fuzzing found: the refusal began with a digit and said "1 turns"."""
    with pytest.raises(InvalidInput) as refused:
        odds.route_survival([[(0, 0)]] * turns, (0, 0), per_turn)
    assert str(refused.value) == (f"Too many compass rolls: {words}, and the limit is 1,000 (each roll makes the "
                                  f"exact answer longer).")


@FUZZ
@given(st.one_of(st.text(alphabet=st.sampled_from(CONTROL + ["a", "'", " "]), min_size=1, max_size=60),
                 st.sampled_from(["\n", "Scurvy\n", "x" * 200])))
def test_a_move_quoting_the_users_words_quotes_them_shortly_and_safely(junk):
    """Issue 24 item 1: each refusal that echoes a move's field quotes it with ``shown`` (quoted, control
    characters escaped, at most 40 characters), in every step where such a move can be tried."""
    from pirates_lab.core import IllegalMove
    from pirates_lab.king_of_pirates.game import Attack, Discard, Play, Sail

    from kop_scenarios import after_setup, scenario
    from pirates_lab.core import Task

    movement = scenario(after_setup(), [Task("start_movement", 0)])
    window = scenario(after_setup(), [Task("upkeep_window", 0)])
    for state, move in [(movement, Sail(junk)), (movement, Play(junk)), (window, Play(junk)),
                        (movement, Attack(junk)), (movement, Discard(junk)), (window, Play("Scurvy", junk))]:
        before = state.to_json()
        with pytest.raises(IllegalMove) as refusal:
            state.apply(move)
        text = str(refusal.value)
        assert one_clean_line(text) and state.to_json() == before, text
        if len(junk) > 40:                  # quoted shortly (shown), never whole
            assert junk not in text, text
