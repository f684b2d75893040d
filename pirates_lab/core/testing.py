"""Checks every game's tests run on its protocol: observations, returns, save/load, immutability.

Games call these from their own tests::

    from pirates_lab.core.testing import check_protocol
    def test_protocol():
        check_protocol(Game(players=3), seeds=range(20))

They play seeded random games and check at every decision that:

- ``observation(p)`` is JSON-plain, for every seat;
- re-dealing what ``p`` cannot see (``redeal_hidden``) leaves ``observation(p)`` equal;
- ``apply`` never changes the old state (its save text is the same after);
- at the end ``returns()`` sums to exactly 1, and a save loads back equal.
"""
from __future__ import annotations

import contextlib
import random
import signal
from fractions import Fraction

from .errors import IllegalMove
from .protocol import CHANCE, TERMINAL, State, is_json_plain

__all__ = ["check_protocol", "check_observation", "no_hang", "refused"]


def check_observation(state: State, rng: random.Random) -> None:
    """Observations are JSON-plain and hide exactly what a re-deal changes."""
    for player in range(state.game.players):
        seen = state.observation(player)
        assert is_json_plain(seen), f"observation({player}) is not JSON-plain: {seen!r}"[:500]
        other = state.redeal_hidden(player, rng)
        assert other.observation(player) == seen, f"re-dealing what player {player} cannot see changed their observation"


def check_protocol(game, seeds=range(10), max_steps: int = 20_000, observe_every: int = 7,
                   policy=None) -> list[State]:
    """Play one seeded game per seed and check the protocol's promises; return the final states."""
    finals = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_initial_state()
        for step in range(max_steps):
            player = state.current_player()
            if player == TERMINAL:
                break
            if step % observe_every == 0:
                check_observation(state, rng)
            if player == CHANCE:
                action = state.chance_outcomes().sample(rng)
            elif policy is not None:
                action = policy(state, rng)
            else:
                action = rng.choice(state.legal_actions())
            before = state.to_json() if step % observe_every == 0 else None
            new = state.apply(action)
            if before is not None:
                assert state.to_json() == before, f"apply({action}) changed the old state"
            state = new
        else:
            raise AssertionError(f"seed {seed}: no end after {max_steps} steps (set max_turns)")
        shares = state.returns()
        assert sum(shares) == 1 and all(isinstance(s, Fraction) and s >= 0 for s in shares), shares
        again = game.load_state(state.to_json())
        assert again.to_json() == state.to_json()
        finals.append(state)
    return finals


@contextlib.contextmanager
def no_hang(seconds: int = 20):
    """Fail a call that neither answers nor refuses within ``seconds`` (fuzz tests: "never a hang").

    A generous alarm, not a timing: speed is measured in ``benchmarks/``.  Unix main thread only.

    >>> with no_hang(5):
    ...     sum(range(10))
    45
    """
    def alarm(*_):
        raise TimeoutError(f"no answer and no refusal within {seconds} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def refused(state: State, action, rule: str) -> IllegalMove:
    """Assert ``action`` is refused citing ``rule`` (the rulebook heading) and leaves ``state`` untouched;
    returns the error so a test can read its reason."""
    before = state.to_json()
    try:
        state.apply(action)
    except IllegalMove as error:
        assert error.rule == rule, error
        assert state.to_json() == before, "a refused move changed the state"
        return error
    raise AssertionError(f"{action} was accepted; expected a refusal under {rule!r}")
