"""States travel between processes (issue 35 item 2): every game's state, however long its game, goes through
``pickle`` and ``copy.deepcopy`` and comes back the same position, which then plays on exactly as the original.

Before the fix a log of about 300 lines gave both a RecursionError (the log is a chain of nodes)."""
from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pirates_lab.core import games
from pirates_lab.core.history import Log
from pirates_lab.core.loop import play

GAMES = sorted(games())
STEPS = 2_000


def position(state) -> tuple:
    """What a position is, as every seat and the table see it."""
    seats = range(state.game.num_players) if hasattr(state.game, "num_players") else range(len(state.scores()))
    return (state.current_player(), state.is_terminal(), tuple(state.legal_actions()) if not state.is_terminal()
            else (), [state.observation(p) for p in seats], list(state.log), state.to_json())


def played(name: str, seed: int, steps: int):
    state = games()[name]().new_initial_state()
    playthrough = play(state, None, seed, max_steps=steps)
    for _ in playthrough:
        pass
    return playthrough.state


def next_moves(state, seed: int, steps: int = 30) -> list:
    playthrough = play(state, None, seed, max_steps=steps)
    return [repr(step.action) for step in playthrough]


@pytest.mark.parametrize("name", GAMES)
def test_a_long_game_round_trips_through_pickle_and_deepcopy_and_plays_on_the_same(name):
    state = played(name, seed=7, steps=STEPS)
    assert len(state.log) > 300 or state.is_terminal()
    for travelled in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert position(travelled) == position(state)
        assert next_moves(travelled.clone(), 11) == next_moves(state.clone(), 11)


@settings(max_examples=10, deadline=None)
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 10_000), steps=st.integers(0, 400))
def test_any_position_of_any_game_round_trips(name, seed, steps):
    state = played(name, seed, steps)
    assert position(pickle.loads(pickle.dumps(state))) == position(state)
    assert position(copy.deepcopy(state)) == position(state)


def test_a_log_of_any_length_travels_flat():
    log = Log(f"line {n}" for n in range(50_000))
    assert pickle.loads(pickle.dumps(log)) == log and copy.deepcopy(log) is log and len(pickle.dumps(log)) < 10**6
