"""The log as a persistent chain: it behaves as the list of its lines, is shared, never copied, and saves."""
import json

import pytest
from hypothesis import given, strategies as st

from pirates_lab.core.history import Log

from flow_toy import Raid, SkirmishGame

lines = st.lists(st.text(min_size=0, max_size=6), max_size=40)


@given(lines, st.integers(-50, 50), st.integers(-50, 50), st.one_of(st.none(), st.integers(-3, 3).filter(bool)))
def test_a_log_reads_exactly_like_the_list_of_its_lines(items, a, b, step):
    log = Log()
    for item in items:
        log = log.plus(item)
    assert len(log) == len(items) and list(log) == items and log == items and log == Log(items)
    assert log[a:b:step] == items[a:b:step] and log[a:] == items[a:] and log[:b] == items[:b]
    assert list(reversed(log)) == items[::-1] and log.recent(3) == items[-3:] and log.recent(0) == []
    for index in (a, b):
        if -len(items) <= index < len(items):
            assert log[index] == items[index]
        else:
            with pytest.raises(IndexError):
                log[index]
    if items:
        assert log.index(items[-1]) == items.index(items[-1]) and log.count(items[0]) == items.count(items[0])
        assert items[0] in log


@given(lines, lines)
def test_a_longer_log_shares_and_never_changes_the_shorter_one(first, more):
    short = Log(first)
    long = short
    for item in more:
        long = long.plus(item)
    assert short == first and long == first + more
    assert (short == long) == (not more) and (long != first + more + ["x"])


def test_a_log_is_not_a_hashable_or_indexable_by_junk():
    with pytest.raises(TypeError):
        hash(Log(["a"]))
    with pytest.raises(TypeError):
        Log(["a"])["0"]
    assert repr(Log(["a", "b", "c", "d"])) == "Log(1 earlier lines, ['b', 'c', 'd'])"


def test_a_move_shares_the_log_and_a_save_keeps_it_as_a_list():
    state = SkirmishGame(players=3).new_initial_state()
    assert state.clone().log is state.log                # cloning copies no line
    after = state.apply(Raid(1))
    assert after.log[:-1] == list(state.log) and after.log[-1] == "Player 0 raids player 1."
    saved = json.loads(after.to_json())["state"]["log"]
    assert saved == list(after.log)
    again = after.game.load_state(after.to_json())
    assert isinstance(again.log, Log) and again.log == after.log and again.to_json() == after.to_json()
