"""The model behind :class:`~pirates_lab.widgets.table.GameTable`: plain Python, no widgets.

It plays any game on the core protocol (:class:`pirates_lab.core.State`); it names no game.

- :func:`advance` — THE loop that rolls chance and lets computer players move until a human
  must decide or the game ends (bounded by ``max_steps``); it returns what happened.
- :func:`random_player` — the default computer player: uniform over the legal actions.
- :class:`ViewOnlyState` — what a computer player is handed: its own
  :class:`~pirates_lab.core.PlayerView` in the shape of a state, and nothing else.
- :class:`TableModel` — state, seats, seeded rng, history for undo, what each seat may see.

A computer player is any callable ``player(state, rng) -> action`` (the shape of the strategy
lab's policies and of :func:`pirates_lab.core.random_playout`).  At the table it decides from
``state.view()`` only: the ``state`` it is given is a :class:`ViewOnlyState`, which answers
``view()``, ``observation()``, ``legal_actions()``, ``current_player()``, ``game`` and
``redeal_hidden(player, rng)`` (a determinised state, for search players) and refuses the rest.

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

from pirates_lab.core import CHANCE, TERMINAL, IllegalMove, InvalidInput, PlayerView, State, game_class
from pirates_lab.core import Game as CoreGame

__all__ = ["ComputerPlayer", "Players", "random_player", "ViewOnlyState", "ComputerPlayerError", "Step", "advance",
           "computer_for", "TableModel", "seat_name"]

#: a computer player: ``player(state, rng) -> action`` deciding from ``state.view()`` only
ComputerPlayer = Callable[[Any, random.Random], Any]
#: who plays the computer seats: one player for all, a mapping seat -> player, a list by seat, or None
Players = ComputerPlayer | Mapping[int, ComputerPlayer] | Sequence[ComputerPlayer | None] | None

DEFAULT_MAX_STEPS = 1000


def seat_name(seat: int) -> str:
    """Seats are numbered from 0 in code and from 1 for people."""
    return f"Player {seat + 1}"


def random_player(state, rng: random.Random):
    """The default computer player: one of its legal actions, uniformly at random (it reads nothing else)."""
    actions = state.legal_actions()
    if not actions:
        raise InvalidInput("There is no legal action to choose from.")
    return rng.choice(actions)


class ViewOnlyState:
    """A computer player's window on the game: its PlayerView in the shape of a State.

    Anything that is not in the seat's view (other hands, deck order, the state's fields) is
    refused with an AttributeError that says so.  ``redeal_hidden(player, rng)`` gives a whole
    state re-dealt where this seat cannot see (as honest as the game's ``redeal_hidden``).
    ``legal_actions()`` works even while a game's ``observation()`` is not written (the legal
    actions are the acting seat's own); ``view()`` then raises the game's NotImplementedError.
    Python cannot hide the state completely (its methods are held here): the window is for
    honest players, and it turns an accidental peek into a clear error.
    """

    __slots__ = ("_seat", "_state", "_view")

    def __init__(self, state: State, seat: int):
        if state.current_player() != seat:
            raise InvalidInput(f"{seat_name(seat)} has no decision to make here.")
        self._seat = seat
        self._state = state
        self._view: PlayerView | None = None

    @property
    def game(self) -> CoreGame:
        """The game's rules and options (public knowledge)."""
        return self._state.game

    @property
    def player(self) -> int:
        return self._seat

    def _own(self, player: int | None) -> None:
        if player is not None and player != self._seat:
            raise InvalidInput(f"A computer player sees only its own seat ({seat_name(self._seat)}), "
                               f"not {seat_name(player) if isinstance(player, int) else repr(player)}.")

    def view(self, player: int | None = None) -> PlayerView:
        self._own(player)
        if self._view is None:
            self._view = self._state.view(self._seat)
        return self._view

    def observation(self, player: int | None = None) -> dict:
        return self.view(player).observation

    def legal_actions(self) -> tuple:
        return self._view.legal_actions if self._view is not None else tuple(self._state.legal_actions())

    def current_player(self) -> int:
        return self._seat

    def is_terminal(self) -> bool:
        return False

    def is_chance_node(self) -> bool:
        return False

    def redeal_hidden(self, player: int, rng: random.Random) -> State:
        self._own(player)
        return self._state.redeal_hidden(player, rng)

    def __getattr__(self, name: str):
        raise AttributeError(f"A computer player decides from its own view only: {name!r} is not part of it "
                             f"(use state.view(): the observation and the legal actions).")

    def __repr__(self) -> str:
        return f"ViewOnlyState({seat_name(self._seat)}, {len(self.legal_actions())} legal actions)"


class ComputerPlayerError(Exception):
    """A computer player failed or chose an action that is not allowed (a sentence for people)."""

    def __init__(self, seat: int, message: str):
        self.seat = seat
        super().__init__(f"The computer player in {seat_name(seat)}'s seat {message}")


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
    if players is None:
        return random_player
    if callable(players):
        return players
    if isinstance(players, Mapping):
        return players.get(seat) or random_player
    if isinstance(players, Sequence) and not isinstance(players, str):
        return (players[seat] if seat < len(players) else None) or random_player
    raise InvalidInput("players must be a computer player, a mapping seat -> player, a list by seat or None.")


def advance(state: State, humans: Collection[int] = (), players: Players = None, rng: random.Random | int | None = None,
            max_steps: int = DEFAULT_MAX_STEPS) -> tuple[State, tuple[Step, ...]]:
    """Roll chance and let computer players move until a human must decide or the game ends.

    Chance outcomes are sampled from ``state.chance_outcomes()`` with ``rng``; a computer seat's
    player is called as ``player(ViewOnlyState(state, seat), rng)``.  At most ``max_steps`` steps
    are taken (then the state is returned where it stands: check ``current_player()``).
    Returns ``(new_state, steps)``; the state passed in is never changed.  A computer player that
    fails or picks an illegal action raises :class:`ComputerPlayerError`.
    """
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 0:
        raise InvalidInput(f"max_steps must be a whole number 0 or more, got {max_steps!r}.")
    humans = frozenset(humans)
    steps: list[Step] = []
    for _ in range(max_steps):
        seat = state.current_player()
        if seat == TERMINAL or seat in humans:
            break
        if seat == CHANCE:
            action = state.chance_outcomes().sample(rng)
            state = state.apply(action)
        else:
            player = computer_for(players, seat)
            try:
                action = player(ViewOnlyState(state, seat), rng)
            except Exception as error:
                raise ComputerPlayerError(seat, f"failed: {error}") from error
            try:
                state = state.apply(action)
            except IllegalMove as error:
                raise ComputerPlayerError(seat, f"chose {action!s}, which is not allowed: {error.reason}") from error
        steps.append(Step(seat, action))
    return state, tuple(steps)


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
