"""What one seat may see and do: :class:`SeatView`, all a computer player is ever given.

A :class:`SeatView` holds

- ``player``: the seat (numbered from 0 in code), and ``game`` (the rules and options: public);
- ``legal_actions``: the seat's choices when it is to act (empty otherwise);
- ``observation``: the seat's observation dict (computed when first read, so a player that only
  picks among its choices costs nothing extra);
- :meth:`SeatView.redeal`: a whole position this seat cannot tell from the real one (what it
  cannot see re-dealt at random), for search players that "determinise" the hidden cards;
- :meth:`SeatView.recent`: the last lines of the (public) log, for players that read events.

It is a window for honest players: anything else (the state's fields, other hands) is refused
with an AttributeError that says so.  Python cannot make the window airtight, but it turns an
accidental peek into a clear error, and the tests hand every policy a SeatView, never a State.

>>> from pirates_lab.core import CHANCE, Dist, Game, State
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
>>> view = CoinGame(players=1).new_initial_state().apply("tails").view(0)
>>> view.legal_actions, view.observation, view.to_act
(('heads', 'tails'), {'called': None}, True)
>>> view.side
Traceback (most recent call last):
AttributeError: A computer player decides from its seat's view only: 'side' is not part of it (read view.observation and view.legal_actions; search with view.redeal(rng)).
>>> view._state
Traceback (most recent call last):
AttributeError: A computer player decides from its seat's view only: '_state' is not part of it (read view.observation and view.legal_actions; search with view.redeal(rng)).
"""
from __future__ import annotations

import random
from typing import Any

from .errors import InvalidInput

__all__ = ["SeatView", "ObservationMissing", "PlayerView"]

_UNSET = object()


class ObservationMissing(NotImplementedError):
    """The game does not say yet what a seat may see (``observation()`` is not written)."""


class PlayerView:
    """The reading side of a seat's view: ``player``, ``observation`` and ``legal_actions``.

    Written by hand in tests and notebooks (``PlayerView(0, observation, actions)``); the play loop
    hands policies its subclass :class:`SeatView`, which has a game behind it (and a re-deal).
    """

    __slots__ = ("player", "_seen", "legal_actions")

    def __init__(self, player: int, observation: dict, legal_actions: tuple):
        self.player = player
        self._seen = observation
        self.legal_actions = tuple(legal_actions)

    @property
    def observation(self) -> dict:
        return self._seen

    def __repr__(self) -> str:
        return f"PlayerView(player={self.player}, {len(self.legal_actions)} legal actions)"


class SeatView(PlayerView):
    """What seat ``player`` may see and do at ``state`` (see the module docstring).

    The view keeps no reference to the state among its attributes: the seat's observation, its re-deal and the
    public log are reached through three small functions made here, so ``view._state`` (or any field of the
    state) is an AttributeError, never a peek (issue 35).
    """

    __slots__ = ("game", "_look", "_deal", "_log")

    def __init__(self, state, player: int):
        set_ = object.__setattr__
        set_(self, "player", player)
        set_(self, "game", state.game)
        set_(self, "legal_actions", tuple(state.legal_actions()) if state.current_player() == player else ())
        set_(self, "_seen", _UNSET)
        set_(self, "_log", state.log)                                   # public, and immutable
        set_(self, "_look", lambda: state.observation(player))
        set_(self, "_deal", lambda rng: state.redeal_hidden(player, rng))

    def __setattr__(self, name, value):
        raise AttributeError(f"A seat's view is read-only: {name!r} cannot be set.")

    @property
    def observation(self) -> dict:
        """The seat's observation (JSON-plain), read once and kept."""
        if self._seen is _UNSET:
            try:
                object.__setattr__(self, "_seen", self._look())
            except ObservationMissing:
                raise
            except NotImplementedError as error:
                raise ObservationMissing(
                    f"{self.game.title} does not implement observation() yet, so computer players that read the "
                    f"board cannot play it: only the random player can ({error}).") from None
        return self._seen

    @property
    def to_act(self) -> bool:
        """Is it this seat's decision now?"""
        return bool(self.legal_actions)

    def redeal(self, rng: random.Random):
        """A position this seat cannot tell from the real one: what it cannot see re-dealt at random.

        As honest as the game's ``redeal_hidden`` (which ``check_protocol`` tests by swapping hidden
        cards); search players walk and play out these worlds, never the real one.
        """
        return self._deal(rng)

    def recent(self, lines: int = 10) -> list[str]:
        """The last ``lines`` lines of the game's log (the log is public: a game never logs a secret)."""
        return list(self._log[-lines:]) if lines > 0 else []

    # ------------------------------------------------------------ players written against a state
    def view(self, player: int | None = None) -> "SeatView":
        """This view (players written as ``player(state, rng)`` call ``state.view()``)."""
        self._own(player)
        return self

    def redeal_hidden(self, player: int, rng: random.Random):
        """:meth:`redeal`, for players written as ``state.redeal_hidden(seat, rng)``."""
        self._own(player)
        return self.redeal(rng)

    def current_player(self) -> int:
        return self.player

    def _own(self, player) -> None:
        if player is not None and player != self.player:
            raise InvalidInput(f"A computer player sees only its own seat (Player {self.player + 1}), "
                               f"not {('Player ' + str(player + 1)) if isinstance(player, int) else repr(player)}.")

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"A computer player decides from its seat's view only: {name!r} is not part of it "
                             f"(read view.observation and view.legal_actions; search with view.redeal(rng)).")

    def __repr__(self) -> str:
        return f"SeatView(Player {self.player + 1}, {len(self.legal_actions)} legal actions)"
