"""The model behind :class:`~pirates_lab.widgets.table.GameTable`: plain Python, no widgets.

It plays any game on the core protocol (:class:`pirates_lab.core.State`); it names no game.

- :func:`advance` — chance and the computer players move until a human must decide or the game
  ends (bounded by ``max_steps``), with the core's one play loop (:func:`pirates_lab.core.play`);
  it returns what happened.
- :func:`random_player` — the default computer player: uniform over the legal actions.
- :class:`TableModel` — state, seats, seeded rng, history for undo, what each seat may see.

A computer player is any callable ``player(view, rng) -> action`` (the strategy lab's policies,
:func:`pirates_lab.core.random_policy`): ``view`` is the seat's :class:`~pirates_lab.core.SeatView`
— its observation, its legal actions, ``view.redeal(rng)`` for search players — never the state.
(``ViewOnlyState`` is the old name of that window, kept for imports.)

>>> import random
>>> from pirates_lab.core import CHANCE, TERMINAL, Dist, Game, State
>>> class Coin(State):                  # a one-move game: chance flips, then player 0 calls it
...     def __init__(self, game):
...         super().__init__(game); self.side = None; self.call = None
...     def current_player(self):
...         return CHANCE if self.side is None else 0 if self.call is None else TERMINAL
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
>>> state, steps = advance(CoinGame(players=1).new_initial_state(), humans={0}, rng=random.Random(1))
>>> [step.is_chance for step in steps], state.current_player()
([True], 0)
>>> state, steps = advance(state, humans=(), rng=random.Random(1))   # nobody human: the computer calls
>>> state.is_terminal(), len(steps)
(True, 1)
"""
from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pirates_lab.core import CHANCE, TERMINAL, ComputerPlayerError, InvalidInput, SeatView, State, game_class, play
from pirates_lab.core import Game as CoreGame
from pirates_lab.core import policy_for, random_policy

__all__ = ["ComputerPlayer", "Players", "random_player", "ViewOnlyState", "ComputerPlayerError", "Step", "advance",
           "computer_for", "TableModel", "seat_name"]

#: a computer player: ``player(view, rng) -> action``, ``view`` a SeatView
ComputerPlayer = Callable[[SeatView, random.Random], Any]
#: who plays the computer seats: one player for all, a mapping seat -> player, a list by seat, or None
Players = ComputerPlayer | Mapping[int, ComputerPlayer] | Sequence[ComputerPlayer | None] | None

DEFAULT_MAX_STEPS = 1000

#: the default computer player: one of its legal actions, uniformly at random (it reads nothing else)
random_player = random_policy
#: the old name of the window a computer player is given (now the core's SeatView)
ViewOnlyState = SeatView


def seat_name(seat: int) -> str:
    """Seats are numbered from 0 in code and from 1 for people."""
    return f"Player {seat + 1}"


@dataclass(frozen=True)
class Step:
    """One thing that happened: ``player`` (a seat, or CHANCE) did ``action``."""

    player: int
    action: Any

    @property
    def is_chance(self) -> bool:
        return self.player == CHANCE

    def describe(self, viewer: int | None, name: Callable[[int], str] = seat_name) -> str:
        """Plain words that reveal nothing ``viewer`` may not see: only their own actions are named."""
        if self.is_chance:
            return "Chance acts (dice or cards)."
        if self.player == viewer:
            return f"You ({name(self.player)}): {self.action}"
        return f"{name(self.player)} moves."


def computer_for(players: Players, seat: int) -> ComputerPlayer:
    """The computer player of ``seat`` (:func:`random_player` where none is given)."""
    return policy_for(players, seat)


def advance(state: State, humans: Collection[int] = (), players: Players = None, rng: random.Random | int | None = None,
            max_steps: int = DEFAULT_MAX_STEPS) -> tuple[State, tuple[Step, ...]]:
    """Roll chance and let computer players move until a human must decide or the game ends.

    The core's play loop: chance outcomes are sampled from ``state.chance_outcomes()`` with ``rng``;
    a computer seat's player is called as ``player(view, rng)`` with the seat's SeatView.  At most
    ``max_steps`` steps are taken (then the state is returned where it stands: check
    ``current_player()``).  Returns ``(new_state, steps)``; the state passed in is never changed.  A
    computer player that fails or picks an illegal action raises :class:`ComputerPlayerError`.
    """
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 0:
        raise InvalidInput(f"max_steps must be a whole number 0 or more, got {max_steps!r}.")
    playthrough = play(state, players, rng, humans=humans, max_steps=max_steps, wrap_errors=True)
    steps = tuple(Step(step.player, step.action) for step in playthrough if step.kind != "human")
    return playthrough.state, steps


# ---------------------------------------------------------------- the table's model
def _make_game(game) -> CoreGame:
    if isinstance(game, CoreGame):
        return game
    if isinstance(game, str):
        return game_class(game)()
    if isinstance(game, type) and issubclass(game, CoreGame):
        return game()
    raise InvalidInput(f"A table plays a game: a registered name, a Game class or a Game, not {game!r}.")


@dataclass(frozen=True)
class _Snapshot:
    state: State
    rng_state: tuple
    events: int
    viewer: int


class TableModel:
    """A game at a table: the state, which seats are human, the computer players, a seed, undo.

    Every change is all-or-nothing: a human move and the computer moves after it are made on
    copies and kept only if all succeed (an illegal move or a failing computer player leaves the
    state, the rng and the log as they were).
    """

    def __init__(self, game, *, humans: Collection[int] = (0,), players: Players = None, seed: int = 0,
                 max_steps: int = DEFAULT_MAX_STEPS, names: Sequence[str] | Callable[[int], str] | None = None):
        self.game = _make_game(game)
        if names is not None and not callable(names) and len(names) != self.game.players:
            raise InvalidInput(f"Give one name per seat ({self.game.players}), not {len(names)}.")
        self.names = names
        seats = range(self.game.players)
        humans = tuple(humans)
        for seat in humans:
            if isinstance(seat, bool) or seat not in seats:
                raise InvalidInput(f"There is no seat {seat!r}: seats are 0 to {self.game.players - 1}.")
        if isinstance(players, Mapping) and any(seat not in seats for seat in players):
            raise InvalidInput(f"A computer player is given for a seat that does not exist: seats are 0 to "
                               f"{self.game.players - 1}.")
        computer_for(players, 0)  # refuses a value that is no kind of player
        self.humans = frozenset(humans)
        self.players = players
        self.max_steps = max_steps
        self.seed = seed
        self.error = ""
        self.new_game(seed)

    # ------------------------------------------------------------ changes
    def new_game(self, seed: int | None = None) -> tuple[Step, ...]:
        """Start again (``seed``: default the next seed) and play up to the first human decision."""
        self.seed = self.seed + 1 if seed is None else seed
        self.rng = random.Random(self.seed)
        self.state = self.game.new_initial_state()
        self.events: list[Step] = []
        self.history: list[_Snapshot] = []
        self._viewer = min(self.humans) if self.humans else 0
        self.error = ""
        try:
            return self._commit(self.state, ())
        except Exception as error:       # a computer player that fails at once: shown, table still usable
            self.error = str(error)
            return ()

    def start_at(self, state: State, seed: int | None = None) -> tuple[Step, ...]:
        """Play on from ``state`` (a position set up for a lesson) rather than a new deal: no history, no error,
        the luck after it from ``seed`` when given; then up to the first human decision, as :meth:`new_game`."""
        self.state, self.events, self.history, self.error = state, [], [], ""
        self._viewer = min(self.humans) if self.humans else 0
        if seed is not None:
            self.rng = random.Random(seed)
        try:
            return self._commit(self.state, ())
        except Exception as error:       # a computer player that fails at once: shown, table still usable
            self.error = str(error)
            return ()

    def play(self, action: Any) -> tuple[Step, ...]:
        """A human's move, then everything up to the next human decision; returns what happened."""
        seat = self.state.current_player()
        if seat not in self.humans:
            if seat == TERMINAL:
                self.state.check(action)          # raises: the game is over (naming the rule)
            raise InvalidInput(f"It is not a human's turn: {self.turn_text()}")
        new = self.state.apply(action)
        snapshot = _Snapshot(self.state, self.rng.getstate(), len(self.events), self._viewer)
        steps = self._commit(new, (Step(seat, action),))
        self.history.append(snapshot)
        return steps

    def resume(self) -> tuple[Step, ...]:
        """Let chance and the computer players go on (after they stopped at ``max_steps``)."""
        return self._commit(self.state, ())

    def undo(self) -> None:
        """Back to before the last human move (the same rng, so the same rolls come again)."""
        if not self.history:
            raise InvalidInput("Nothing to undo: no move has been made in this game yet.")
        snapshot = self.history.pop()
        self.state = snapshot.state
        self.rng.setstate(snapshot.rng_state)
        del self.events[snapshot.events:]
        self._viewer = snapshot.viewer
        self.error = ""

    def _commit(self, state: State, done: tuple[Step, ...]) -> tuple[Step, ...]:
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        state, steps = advance(state, self.humans, self.players, rng, self.max_steps)
        self.state, self.rng = state, rng          # nothing above changed self: all or nothing
        self.events.extend(done + steps)
        if state.current_player() in self.humans:
            self._viewer = state.current_player()
        self.error = ""
        return done + steps

    # ------------------------------------------------------------ reading
    @property
    def to_move(self) -> int:
        return self.state.current_player()

    @property
    def human_to_move(self) -> bool:
        return self.to_move in self.humans

    @property
    def waiting(self) -> bool:
        """Chance or a computer is to act but stopped (``max_steps`` reached or a player failed)."""
        return not self.state.is_terminal() and not self.human_to_move

    @property
    def viewer(self) -> int:
        """The seat whose view the table shows: the human to move, else the last human who moved."""
        return self._viewer

    def observation(self) -> dict:
        return self.state.observation(self.viewer)

    def legal_actions(self) -> tuple:
        """The actions the human to move may pick from (none while it is not a human's turn)."""
        return tuple(self.state.legal_actions()) if self.human_to_move else ()

    def name(self, seat: int) -> str:
        """A seat's name for people: the names given (a list or a function), else "Player 1", "Player 2"…"""
        if self.names is None:
            return seat_name(seat)
        return str(self.names(seat) if callable(self.names) else self.names[seat])

    def seat_label(self, seat: int) -> str:
        return f"{self.name(seat)} ({'you' if seat in self.humans else 'computer'})"

    def turn_text(self) -> str:
        seat = self.to_move
        if seat == TERMINAL:
            winners = self.state.winners()
            labels = [self.seat_label(p) for p in winners]
            names = labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]
            return f"Game over. {'Winner' if len(winners) == 1 else 'Winners (shared)'}: {names}."
        if seat == CHANCE:
            return "Chance is next (dice or cards): press Continue."
        if seat in self.humans:
            return f"{self.seat_label(seat)} to play: choose an action."
        return f"{self.seat_label(seat)} to play: press Continue."

    def scores(self, observation: dict | None = None) -> list | None:
        """Scores everyone may see: the observation's ``"scores"``, or the game's own at the end."""
        if self.state.is_terminal():
            return list(self.state.scores())
        seen = (observation if observation is not None else self.observation()).get("scores")
        if isinstance(seen, list) and len(seen) == self.game.players:
            return seen
        return None

    def log_lines(self, observation: dict | None = None) -> list[str]:
        """The log as the viewer may see it, newest last: the observation's ``"log"`` if it has one,
        else the table's own record with only the viewer's actions named."""
        seen = (observation if observation is not None else self.observation()).get("log")
        if isinstance(seen, list) and all(isinstance(line, str) for line in seen):
            return list(seen)
        return [step.describe(self.viewer, self.name) for step in self.events]
