"""Every registered game, played by the tournament, the game table and the search: a computer player is
handed its seat's SeatView every time, never a State (the guard below fails the moment it gets one)."""
from __future__ import annotations

import random

import pytest

from pirates_lab.core import SeatView, State, games
from pirates_lab.lab import FunctionPolicy, SearchPolicy, tournament
from pirates_lab.widgets.table_model import advance

PLAYABLE = sorted(games(playable_only=True))


class Guard:
    """A random player that fails if it is handed anything but a SeatView (or a State in disguise)."""

    def __init__(self, inner=None):
        self.inner, self.seats = inner, set()

    def __call__(self, view, rng):
        assert isinstance(view, SeatView) and not isinstance(view, State), f"given a {type(view).__name__}"
        self.seats.add(view.player)
        if self.inner is not None:
            return self.inner(view, rng)
        return view.legal_actions[rng.randrange(len(view.legal_actions))]


def small(name):
    cls = games()[name]
    return cls(players=max(2, cls.min_players), max_turns=2)


@pytest.mark.parametrize("name", PLAYABLE)
def test_the_tournament_and_the_table_hand_every_seat_a_view(name):
    game = small(name)
    guard = Guard()
    results = tournament(game, [FunctionPolicy(guard, f"guard {i}", needs_observation=False)
                                for i in range(game.players)], games=1, seed=1, progress=False, max_steps=20_000)
    assert results.games == 1 and guard.seats == set(range(game.players))
    table_guard = Guard()
    end, steps = advance(game.new_initial_state(), players=table_guard, rng=random.Random(2), max_steps=20_000)
    assert end.is_terminal() and table_guard.seats == set(range(game.players))


@pytest.mark.parametrize("name", PLAYABLE)
def test_the_search_is_handed_a_view_and_its_rollouts_hand_views_too(name):
    game = small(name)
    outer = Guard(SearchPolicy(iterations=2, rollout_steps=6))
    state, _ = advance(game.new_initial_state(), players={0: outer}, rng=random.Random(3), max_steps=60)
    assert outer.seats <= {0} and state is not None


def test_the_guard_fails_when_given_a_state():
    state = small(PLAYABLE[0]).new_initial_state()
    with pytest.raises(AssertionError, match="given a"):
        Guard()(state, random.Random(0))
