"""A seat's view is only a view (issue 35 item 3): a policy cannot reach the state through it."""
from __future__ import annotations

import pytest

from pirates_lab.core import games
from pirates_lab.core.loop import ComputerPlayerError, play

GAMES = sorted(games())
PEEKS = {
    "_state": lambda view: view._state,
    "state": lambda view: view.state,
    "__dict__": lambda view: view.__dict__,
    "vars": lambda view: vars(view),
    "hands": lambda view: view.hands,
    "object.__getattribute__": lambda view: object.__getattribute__(view, "_state"),
}


@pytest.mark.parametrize("peek", sorted(PEEKS))
@pytest.mark.parametrize("name", GAMES)
def test_a_cheating_policy_fails_loudly(name, peek):
    def cheat(view, rng):
        PEEKS[peek](view)                     # the peek must raise before any move is chosen
        return view.legal_actions[0]

    playthrough = play(games()[name]().new_initial_state(), cheat, 3, max_steps=200, wrap_errors=True)
    with pytest.raises((AttributeError, TypeError, ComputerPlayerError)):
        for _ in playthrough:
            pass


@pytest.mark.parametrize("name", GAMES)
def test_an_honest_policy_reads_its_observation_its_choices_and_the_public_log(name):
    seen = []

    def honest(view, rng):
        seen.append((view.player, type(view.observation).__name__, len(view.recent(5)) <= 5))
        return rng.choice(view.legal_actions)

    for _ in play(games()[name]().new_initial_state(), honest, 3, max_steps=60):
        pass
    assert seen and all(kind == "dict" and short for _, kind, short in seen)
