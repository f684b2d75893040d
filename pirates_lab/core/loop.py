"""One play loop for every place that plays a game: chance, a seat's decision, a human's turn.

:func:`play` walks a game from a position, one :class:`Step` at a time:

- at a chance node it samples ``chance_outcomes()`` with ``chance_rng`` (a :data:`CHANCE` step);
- at a computer seat it hands the seat's :class:`~pirates_lab.core.SeatView` — never the state —
  to that seat's policy ``policy(view, rng) -> action`` (a ``"decision"`` step);
- at a human seat it stops with a ``"human"`` step (the caller asks the person, applies the move,
  and plays on from there);
- it stops at the end of the game, or after ``max_steps`` steps (``capped``).

The random player, tournaments, the search's rollouts, the game table and the benchmarks all use
it, so "how a game is played" is written once.

>>> import random
>>> from pirates_lab.core import Dist, Game, State
>>> class Coin(State):                       # chance flips a coin; player 0 calls it
...     def __init__(self, game): super().__init__(game); self.side = self.call = None
...     def current_player(self): return -1 if self.side is None else 0 if self.call is None else -2
...     def _chance_outcomes(self): return Dist.uniform(["heads", "tails"])
...     def _legal_actions(self): return ("heads", "tails")
...     def _apply_action(self, action):
...         if self.side is None: self.side = action
...         else: self.call = action
...     def scores(self): return (int(self.call == self.side),)
...     def observation(self, player): return {"called": self.call}
>>> class CoinGame(Game):
...     min_players = max_players = 1
...     def new_initial_state(self): return Coin(self)
>>> start = CoinGame(players=1).new_initial_state()
>>> [(s.kind, s.action) for s in play(start, rng=random.Random(2))]
[('chance', 'heads'), ('decision', 'heads')]
>>> [(s.kind, s.player) for s in play(start, humans={0}, rng=random.Random(2))]   # stops for the human
[('chance', -1), ('human', 0)]
>>> always_heads = lambda view, rng: "heads"              # a policy sees a SeatView, never the state
>>> play(start, always_heads, random.Random(2)).run().scores()
(1,)
"""
from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import IllegalMove, InvalidInput
from .protocol import CHANCE, TERMINAL, State
from .seat import SeatView

__all__ = ["play", "Playthrough", "Step", "ComputerPlayerError", "random_policy", "policy_for",
           "CHANCE_STEP", "DECISION", "HUMAN"]

#: the kinds of :class:`Step`
CHANCE_STEP, DECISION, HUMAN = "chance", "decision", "human"

#: a computer player: ``policy(view, rng) -> action`` (``view`` a SeatView)
Policy = Callable[[SeatView, random.Random], Any]


def random_policy(view: SeatView, rng: random.Random):
    """Uniform over the seat's legal actions (the default computer player)."""
    actions = view.legal_actions
    if not actions:
        raise InvalidInput("There is no legal action to choose from.")
    return actions[rng.randrange(len(actions))]


def policy_for(policies, seat: int) -> Policy:
    """The policy of ``seat``: one policy for every seat, a mapping seat -> policy, a list by seat,
    or None (missing seats play :func:`random_policy`)."""
    if policies is None:
        return random_policy
    if callable(policies):
        return policies
    if isinstance(policies, Mapping):
        return policies.get(seat) or random_policy
    if isinstance(policies, Sequence) and not isinstance(policies, str):
        return (policies[seat] if seat < len(policies) else None) or random_policy
    raise InvalidInput("policies must be a computer player, a mapping seat -> player, a list by seat or None.")


class ComputerPlayerError(Exception):
    """A computer player failed, or chose an action that is not allowed (a sentence for people)."""

    def __init__(self, seat: int, message: str):
        self.seat = seat
        super().__init__(f"The computer player in Player {seat + 1}'s seat {message}")


@dataclass(frozen=True)
class Step:
    """One thing that happened: ``player`` (a seat, or CHANCE) did ``action`` at ``state``, giving ``after``.

    A ``"human"`` step is a human's turn not taken yet: ``action`` and ``after`` are None.
    """

    kind: str
    player: int
    action: Any
    state: State
    after: State | None

    @property
    def is_chance(self) -> bool:
        return self.kind == CHANCE_STEP


class Playthrough:
    """A game being played by :func:`play`: iterate it for the steps; ``state`` is where it stands.

    ``steps`` counts the steps taken; ``human`` is the seat waiting for a person (None otherwise);
    ``capped`` is True when it stopped at ``max_steps`` before the end.
    """

    def __init__(self, state: State, policies=None, rng: random.Random | int | None = None, *,
                 humans: Collection[int] = (), chance_rng: random.Random | None = None,
                 max_steps: int | None = None, wrap_errors: bool = False):
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 0):
            raise InvalidInput(f"max_steps must be a whole number 0 or more, got {max_steps!r}.")
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.chance_rng = chance_rng if chance_rng is not None else self.rng
        self.state = state
        self.policies = policies
        self.humans = frozenset(humans)
        self.max_steps = max_steps
        self.wrap_errors = wrap_errors
        self.steps = 0
        self.human: int | None = None
        self._started = False

    @property
    def capped(self) -> bool:
        return self.human is None and not self.state.is_terminal() and self.max_steps is not None \
            and self.steps >= self.max_steps

    def __iter__(self) -> Iterator[Step]:
        if self._started:
            raise RuntimeError("a Playthrough is played once: call play() again")
        self._started = True
        state = self.state
        chooser = {}
        while self.max_steps is None or self.steps < self.max_steps:
            seat = state.current_player()
            if seat == TERMINAL:
                return
            if seat == CHANCE:
                action = state.chance_outcomes().sample(self.chance_rng)
                after = state.apply(action)
                kind = CHANCE_STEP
            elif seat in self.humans:
                self.human = seat
                yield Step(HUMAN, seat, None, state, None)
                return
            else:
                if seat not in chooser:
                    chooser[seat] = policy_for(self.policies, seat)
                action, after = self._decide(state, seat, chooser[seat])
                kind = DECISION
            self.steps += 1
            self.state = after
            yield Step(kind, seat, action, state, after)
            state = after

    def _decide(self, state: State, seat: int, policy) -> tuple[Any, State]:
        if policy is random_policy or getattr(policy, "uniformly_random", False):
            # the same choice as the policy's, without building a view nobody reads
            actions = state.legal_actions()
            action = actions[self.rng.randrange(len(actions))]
            return action, state.apply(action)
        if not self.wrap_errors:
            action = policy(SeatView(state, seat), self.rng)
            return action, state.apply(action)
        try:
            action = policy(SeatView(state, seat), self.rng)
        except Exception as error:
            raise ComputerPlayerError(seat, f"failed: {error}") from error
        try:
            return action, state.apply(action)
        except IllegalMove as error:
            raise ComputerPlayerError(seat, f"chose {action!s}, which is not allowed: {error.reason}") from error

    def run(self) -> State:
        """Play on to the end (or the cap, or a human's turn) and return where the game stands."""
        for _ in self:
            pass
        return self.state


def play(state: State, policies=None, rng: random.Random | int | None = None, *, humans: Collection[int] = (),
         chance_rng: random.Random | None = None, max_steps: int | None = None,
         wrap_errors: bool = False) -> Playthrough:
    """Play ``state`` on: chance by its exact odds with ``chance_rng`` (default ``rng``), each computer
    seat by its policy with ``rng``, stopping at a human's seat, the end, or ``max_steps`` steps.

    ``policies``: one policy for all seats, a mapping seat -> policy, a list by seat, or None
    (uniformly random).  ``wrap_errors``: a policy that fails or picks an illegal action raises
    :class:`ComputerPlayerError` (a sentence for people) instead of its own error.
    """
    return Playthrough(state, policies, rng, humans=humans, chance_rng=chance_rng, max_steps=max_steps,
                       wrap_errors=wrap_errors)
