"""One play loop for every place that plays a game: chance, a seat's decision, a human's turn.

:func:`play` walks a game from a position, one :class:`Step` at a time:

- at a chance node it samples ``chance_outcomes()`` with ``chance_rng`` (a :data:`CHANCE` step);
- at a computer seat it hands the seat's :class:`~pirates_lab.core.SeatView` — never the state —
  to that seat's policy ``policy(view, rng) -> action`` (a ``"decision"`` step);
- at a human seat it stops with a ``"human"`` step (the caller asks the person, applies the move,
  and plays on from there);
- it stops at the end of the game, or after ``max_steps`` steps (``capped``);
- asked to, it stops earlier, before the step that would pass the mark: when ``until(state)`` is true,
  when ``state.phase`` is ``until_phase`` (a phase's name, or any of several), or right after
  ``decisions`` computer decisions (chance steps do not count).  ``stopped`` says why it stopped and ``reached``
  whether the asked-for mark was met (not the end, a cap or a human first).

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
>>> through = play(start, rng=random.Random(2), until=lambda state: state.side is not None)
>>> [s.kind for s in through], through.state.side, through.stopped, through.reached   # stops before the call
(['chance'], 'heads', 'until', True)
>>> through = play(start, rng=random.Random(2), decisions=1)
>>> [s.kind for s in through], through.stopped                 # one decision (the chance before it is free)
(['chance', 'decision'], 'decisions')
>>> through = play(start, rng=random.Random(2), until=lambda state: False)
>>> through.run().is_terminal(), through.stopped, through.reached    # the end came first
(True, 'end', False)
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
           "CHANCE_STEP", "DECISION", "HUMAN", "STOPS"]

#: the kinds of :class:`Step`
CHANCE_STEP, DECISION, HUMAN = "chance", "decision", "human"

#: why a :class:`Playthrough` stopped (its ``stopped``): the game's end, a human's turn, the ``max_steps``
#: cap, or one of the marks asked for (``until``, ``until_phase``, ``decisions``)
STOPS = ("end", "human", "capped", "until", "until_phase", "decisions")

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

    ``steps`` counts the steps taken and ``decided`` the computer decisions among them; ``human`` is the
    seat waiting for a person (None otherwise); ``capped`` is True when it stopped at ``max_steps`` before
    the end; ``stopped`` is why it stopped (one of :data:`STOPS`, None while it goes on) and ``reached``
    is True when it stopped at a mark asked for (``until``, ``until_phase`` or ``decisions``).
    """

    def __init__(self, state: State, policies=None, rng: random.Random | int | None = None, *,
                 humans: Collection[int] = (), chance_rng: random.Random | None = None,
                 max_steps: int | None = None, wrap_errors: bool = False,
                 until: Callable[[State], Any] | None = None, until_phase: str | Collection[str] | None = None,
                 decisions: int | None = None):
        _whole("max_steps", max_steps)
        _whole("decisions", decisions)
        if until is not None and not callable(until):
            raise InvalidInput(f"until must be a function of the state (state -> True to stop), got {until!r}.")
        self.until = until
        self.until_phase = _phases(until_phase)
        self.decisions = decisions
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)
        self.chance_rng = chance_rng if chance_rng is not None else self.rng
        self.state = state
        self.policies = policies
        self.humans = frozenset(humans)
        self.max_steps = max_steps
        self.wrap_errors = wrap_errors
        self.steps = 0
        self.decided = 0
        self.human: int | None = None
        self.stopped: str | None = None
        self._started = False

    @property
    def capped(self) -> bool:
        return self.human is None and not self.reached and not self.state.is_terminal() \
            and self.max_steps is not None and self.steps >= self.max_steps

    @property
    def reached(self) -> bool:
        """True when the play stopped at a mark asked for (``until``, ``until_phase``, ``decisions``)."""
        return self.stopped in ("until", "until_phase", "decisions")

    def _mark(self, state: State) -> str | None:
        """The mark asked for that ``state`` meets (checked before each step), or None."""
        if self.until is not None and self.until(state):
            return "until"
        if self.until_phase is not None:
            phase = getattr(state, "phase", None)
            if not isinstance(phase, str):
                raise InvalidInput(f"until_phase needs a game whose state names its phase (state.phase, a Stage); "
                                   f"{type(state).__name__}.phase is {phase!r}.")
            if phase in self.until_phase:
                return "until_phase"
        if self.decisions is not None and self.decided >= self.decisions:
            return "decisions"
        return None

    def __iter__(self) -> Iterator[Step]:
        if self._started:
            raise RuntimeError("a Playthrough is played once: call play() again")
        self._started = True
        state = self.state
        chooser = {}
        marks = self.until is not None or self.until_phase is not None or self.decisions is not None
        while True:
            if marks:
                self.stopped = self._mark(state)
                if self.stopped is not None:
                    return
            if self.max_steps is not None and self.steps >= self.max_steps:
                self.stopped = "end" if state.is_terminal() else "capped"
                return
            seat = state.current_player()
            if seat == TERMINAL:
                self.stopped = "end"
                return
            if seat == CHANCE:
                action = state.chance_outcomes().sample(self.chance_rng)
                after = state.apply(action)
                kind = CHANCE_STEP
            elif seat in self.humans:
                self.human = seat
                self.stopped = "human"
                yield Step(HUMAN, seat, None, state, None)
                return
            else:
                if seat not in chooser:
                    chooser[seat] = policy_for(self.policies, seat)
                action, after = self._decide(state, seat, chooser[seat])
                kind = DECISION
                self.decided += 1
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
        """Play on to the end (or the cap, a human's turn, or the mark asked for) and return where the game
        stands."""
        for _ in self:
            pass
        return self.state


def play(state: State, policies=None, rng: random.Random | int | None = None, *, humans: Collection[int] = (),
         chance_rng: random.Random | None = None, max_steps: int | None = None,
         wrap_errors: bool = False, until: Callable[[State], Any] | None = None,
         until_phase: str | Collection[str] | None = None, decisions: int | None = None) -> Playthrough:
    """Play ``state`` on: chance by its exact odds with ``chance_rng`` (default ``rng``), each computer
    seat by its policy with ``rng``, stopping at a human's seat, the end, or ``max_steps`` steps.

    ``policies``: one policy for all seats, a mapping seat -> policy, a list by seat, or None
    (uniformly random).  ``wrap_errors``: a policy that fails or picks an illegal action raises
    :class:`ComputerPlayerError` (a sentence for people) instead of its own error.

    Marks to stop at, checked before every step (so the starting state too; the first one met stops
    the play, and ``Playthrough.stopped`` names it): ``until(state)`` true; ``state.phase`` equal to
    ``until_phase`` (a phase's name such as ``"melee"`` or ``"game over"``, or a collection of names);
    ``decisions`` computer decisions taken (it stops right after the last of them: the chance steps
    before and between them are played, none after; ``decisions=0`` stops at once).
    """
    return Playthrough(state, policies, rng, humans=humans, chance_rng=chance_rng, max_steps=max_steps,
                       wrap_errors=wrap_errors, until=until, until_phase=until_phase, decisions=decisions)


def _whole(name: str, value) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
        raise InvalidInput(f"{name} must be a whole number 0 or more, got {value!r}.")


def _phases(until_phase) -> frozenset[str] | None:
    """``until_phase`` as a set of phase names (one name, or a collection of names)."""
    if until_phase is None:
        return None
    names = (until_phase,) if isinstance(until_phase, str) else until_phase
    try:
        names = frozenset(names)
    except TypeError:
        names = ()
    if not names or not all(isinstance(name, str) and name for name in names):
        raise InvalidInput(f"until_phase must be a phase's name (such as 'melee') or a collection of names, "
                           f"got {until_phase!r}.")
    return names
