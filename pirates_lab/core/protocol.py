"""The game protocol every game implements (the OpenSpiel shape, in plain Python).

A :class:`Game` holds the rules and options; a :class:`State` says who acts
(:func:`State.current_player`: a player index, :data:`CHANCE` or :data:`TERMINAL`), what is
legal, what chance can do (an exact :class:`~pirates_lab.core.Dist`) and what happens next.

``state.apply(action)`` returns a NEW state and never changes the old one.  An action that is
not legal raises :class:`~pirates_lab.core.IllegalMove` naming the rulebook section.  Because
the move is made on a copy, a rule check that fails half-way through ``_apply_action`` also
leaves the original untouched.

A game subclasses both classes and fills in the hooks marked *subclass*::

    class Game(core.Game):
        name = "my_game"; title = "My Game"; min_players = 2; max_players = 4
        rulebook = "my_game.txt"; notebook = "my_game.ipynb"; description = "one line for menus"
        def new_initial_state(self): return State(self)

    class State(core.State):
        def current_player(self): ...
        def _legal_actions(self): ...          # player nodes: the choices a random player picks from
        def _is_legal(self, action): ...       # optional: accept parameterised actions (any amount)
        def _chance_outcomes(self): ...        # chance nodes: a Dist
        def _apply_action(self, action): ...   # change self (a fresh copy)
        def scores(self): ...                  # the game's own points
        def observation(self, player): ...     # what that player may see (JSON-able)

Two conventions keep every game in this one shape:

- **Decks are chance nodes.** Drawing a card is ``CHANCE`` with ``chance_outcomes()`` the Dist
  of the next card (a :class:`~pirates_lab.core.Deck` gives it: each physical card equally
  likely), so exact odds and random playouts use the same code.
- **Out-of-turn and simultaneous decisions are explicit decision points.**  When someone other
  than the player on turn may act (answer "aye" or "nay", play a reaction card, accept a
  surrender), ``current_player()`` names that player and ``legal_actions()`` lists their choices,
  "pass" included; simultaneous choices are taken one player at a time, hidden in the state until
  all are in.

Three more conventions:

- **Actions too many to list.**  Where a rule allows any amount or any combination (bury any
  amount, surrender terms, a trade offer), ``legal_actions()`` lists a few representative choices
  for random players, and ``_is_legal(action)`` accepts every action the rules allow; ``apply``
  and ``check`` use ``_is_legal``.  Anything else raises IllegalMove naming the rule.
- **Observations.**  ``observation(player)`` is a JSON-able dict of exactly what that player may
  see: the public board and log, their own hand, what was revealed to them.  Two states that
  differ only in what the player cannot see give equal observations.  Computer players decide
  from observations only.
- **Scores and returns.**  ``scores()`` are the game's own points (doubloons, silver);
  ``returns()`` is each player's win share: 1 to the winner, split equally on a tie, all zero
  before the end (it sums to exactly 1 at the end).  Games say who won in ``winners()``.

Games register themselves (see :mod:`pirates_lab.core.registry`); the core names none.

Save/load works out of the box for states whose attributes are plain data (ints, strings,
lists, dicts, tuples, Fractions, and classes decorated with ``@saveable``).
"""
from __future__ import annotations

import copy
import enum
import random
from fractions import Fraction
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .dist import Dist
from .history import Log
from .errors import CorruptSave, IllegalMove, InvalidInput
from .saveload import canonical_json, decode, encode, make_envelope, open_envelope
from .seat import PlayerView, SeatView

__all__ = ["CHANCE", "TERMINAL", "Game", "State", "PlayerView", "SeatView", "random_playout", "replay", "expected_scores", "is_json_plain"]

#: ``current_player()`` at a chance node (dice, a shuffled deck)
CHANCE = -1
#: ``current_player()`` when the game is over
TERMINAL = -2


class Game:
    """Rules, components and options of one game.

    ``Game(players=3, max_turns=None, **options)``: ``max_turns`` ends any game after that
    many rounds (a game decides what a round is and says so).
    """

    name: str = "game"          # package name (the entry-point name in pyproject.toml)
    title: str = "Game"         # as printed on the rulebook
    rulebook: str = ""          # file name in seeds/ ("" for none)
    notebook: str = ""          # the guided notebook in notebooks/ ("" for none yet)
    description: str = ""       # one line for menus and --list
    order: int = 100            # position in menus (smaller first)
    playable: bool = True       # False while the package is a stub
    min_players: int = 1
    max_players: int = 8
    #: the section cited when a move is made after the end, or for a generic illegal move
    end_rule: str = "Game End"
    turn_rule: str = "Turn"
    #: option name -> default; unknown options are refused
    default_options: dict[str, Any] = {}

    def __init__(self, players: int = 2, max_turns: int | None = None, **options: Any):
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidInput(f"players must be a whole number, got {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise InvalidInput(f"{self.title} is for {self.min_players} to {self.max_players} players, not {players}.")
        if max_turns is not None and (isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 1):
            raise InvalidInput(f"max_turns must be a positive whole number or None, got {max_turns!r}")
        unknown = set(options) - set(self.default_options)
        if unknown:
            known = ", ".join(sorted(self.default_options)) or "none"
            raise InvalidInput(f"Unknown option(s) {', '.join(sorted(unknown))} for {self.title}; known: {known}.")
        self.players = players
        self.max_turns = max_turns
        self.options = {**self.default_options, **options}

    def options_dict(self) -> dict[str, Any]:
        """Everything needed to rebuild this game: ``type(game)(**game.options_dict())``."""
        return {"players": self.players, "max_turns": self.max_turns, **encode(self.options)}

    def new_initial_state(self) -> "State":  # subclass
        raise NotImplementedError

    @classmethod
    def add_odds_commands(cls, calculators) -> None:
        """Add this game's ``pirates-lab odds …`` subcommands (an argparse subparsers object).

        Each subcommand sets ``run=`` to a function of the parsed arguments that prints its
        answer and returns an exit code; a bad value raises :class:`InvalidInput`.  Default: none.
        """

    @property
    def state_class(self) -> type["State"]:
        return type(self.new_initial_state())

    def load_state(self, text: str | bytes) -> "State":
        """Rebuild a state from :meth:`State.to_json`, or raise :class:`CorruptSave` and load nothing."""
        options, payload = open_envelope(text, self.name)
        try:
            game = type(self)(**{k: decode(v) for k, v in options.items()})
        except Exception as error:
            raise CorruptSave(f"This save has options this game refuses: {error}") from None
        try:
            state = game.state_class._from_payload(game, payload)
            state.validate()
            again = state._payload()
        except CorruptSave:
            raise
        except Exception as error:
            raise CorruptSave(f"This save does not describe a valid {self.title} position: {error}") from None
        if canonical_json(again) != canonical_json(payload):
            raise CorruptSave(f"This save does not describe a valid {self.title} position (it does not rebuild exactly).")
        return state

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"{type(self).__module__}.Game(players={self.players}, max_turns={self.max_turns}{extra})"


class State:
    """A position in a game.  Subclasses fill in the hooks below."""

    #: Does the game hide cards from some seat?  ``True`` makes ``check_protocol`` swap the cards
    #: named by :meth:`hidden_cards` and require ``redeal_hidden`` to really re-deal them; ``False``
    #: says there is nothing to hide; ``None`` (the default) is "not declared yet" (neither check runs).
    hidden_information: bool | None = None

    def __init__(self, game: Game):
        self.game = game
        self.log: Log = Log()

    # ------------------------------------------------------------ subclass hooks
    def current_player(self) -> int:
        """A player index, :data:`CHANCE` or :data:`TERMINAL`."""
        raise NotImplementedError

    def _legal_actions(self) -> Sequence[Any]:
        """The legal actions of the player to act (not called at chance or terminal nodes)."""
        raise NotImplementedError

    def _chance_outcomes(self) -> Dist:
        """The Dist of what chance does next (only called at chance nodes)."""
        raise NotImplementedError

    def _apply_action(self, action: Any) -> None:
        """Carry out a legal action on ``self`` (a fresh copy); may raise IllegalMove."""
        raise NotImplementedError

    def _is_legal(self, action: Any) -> bool:
        """Is ``action`` allowed for the player to act?  Default: it is one of ``legal_actions()``.

        Override to accept parameterised actions that are too many to list (any amount, any
        combination); keep it free of side effects.
        """
        try:
            return action in self.legal_actions()
        except TypeError:  # unhashable junk
            return False

    def _why_illegal(self, action: Any) -> IllegalMove | None:
        """Explain why ``action`` is not legal here (for the learner); None for a generic message."""
        return None

    def scores(self) -> tuple:
        """The game's own points, one number per player (doubloons, silver, treasure)."""
        raise NotImplementedError

    def winners(self) -> tuple[int, ...]:
        """Who won, at the end: by default every player with the highest score (ties share)."""
        scores = tuple(self.scores())
        best = max(scores)
        return tuple(i for i, s in enumerate(scores) if s == best)

    def returns(self) -> tuple[Fraction, ...]:
        """Each player's win share: 1 to the winner, split on a tie; all 0 before the end.

        At the end the shares sum to exactly 1.
        """
        players = self.game.players
        if not self.is_terminal():
            return tuple(Fraction(0) for _ in range(players))
        won = set(self.winners())
        if not won:
            return tuple(Fraction(1, players) for _ in range(players))
        return tuple(Fraction(1, len(won)) if i in won else Fraction(0) for i in range(players))

    def observation(self, player: int) -> dict:
        """What ``player`` may see, as a JSON-able dict (subclass).

        It holds the public board and log, the player's own hand and what was revealed to them,
        and nothing else: two states that differ only in what the player cannot see give equal
        observations.
        """
        raise NotImplementedError(f"{type(self).__name__} does not say what a player may see yet.")

    def redeal_hidden(self, player: int, rng: random.Random) -> "State":
        """A state ``player`` cannot tell from this one: everything they may not see re-dealt at random.

        Hidden cards (other hands, the order of decks, face-down tiles) are shuffled among
        themselves; everything in ``observation(player)`` stays.  Used to test observations and
        by search players that "determinise" what they cannot see.  Default (a game with no
        hidden information): a copy.
        """
        return self.clone()

    def hidden_cards(self) -> list:
        """Where face-down cards lie and who may see each: a list of :class:`~pirates_lab.core.hidden.Hidden`
        (``Hidden(("players", 2, "hand"), seen_by={2}, kind="action card")``).  Default: none."""
        return []

    def view(self, player: int | None = None) -> "SeatView":
        """What a computer player in ``player``'s seat is given: a :class:`~pirates_lab.core.SeatView`
        (its observation, its legal actions when it is to act, a re-deal for search), never the state."""
        player = self.current_player() if player is None else self._check_player(player)
        if player < 0:
            raise IllegalMove(self.game.turn_rule, "Nobody has a decision to make here (chance or the end).")
        return SeatView(self, player)

    def _check_player(self, player: Any) -> int:
        """``player`` as a seat number, or InvalidInput naming the seats."""
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.game.players:
            raise InvalidInput(f"There is no player {player!r}: players are numbered 0 to {self.game.players - 1}.")
        return player

    def validate(self) -> None:
        """Raise ValueError if the state breaks an invariant (used when loading a save)."""

    # ------------------------------------------------------------ the protocol
    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def legal_actions(self) -> tuple:
        """The legal actions now: a player's choices, or chance's possible outcomes."""
        player = self.current_player()
        if player == TERMINAL:
            return ()
        if player == CHANCE:
            return tuple(self._chance_outcomes().outcomes())
        return tuple(self._legal_actions())

    def chance_outcomes(self) -> Dist:
        """The exact Dist over chance's outcomes at a chance node."""
        if self.current_player() != CHANCE:
            raise IllegalMove(self.game.turn_rule, "This is not a chance node: a player has to act, not the dice or the deck.")
        return self._chance_outcomes()

    def check(self, action: Any) -> None:
        """Raise IllegalMove if ``action`` is not legal here; change nothing."""
        player = self.current_player()
        if player == TERMINAL:
            raise IllegalMove(self.game.end_rule, "The game is over: no more moves.", action=action)
        if player == CHANCE:
            try:
                legal = action in self._chance_outcomes()
            except TypeError:  # unhashable junk
                legal = False
        else:
            legal = self._is_legal(action)
        if not legal:
            error = self._why_illegal(action)
            if error is None:
                if player == CHANCE:
                    error = IllegalMove(self.game.turn_rule, f"{action!s} is not something chance can do here.")
                else:
                    options = ", ".join(str(a) for a in self.legal_actions()[:8])
                    more = ", …" if len(self.legal_actions()) > 8 else ""
                    error = IllegalMove(self.game.turn_rule, f"{action!s} is not allowed now. Allowed: {options}{more}.")
            error.action = action
            raise error

    def apply(self, action: Any) -> "State":
        """Return the state after ``action``; ``self`` is never changed."""
        self.check(action)
        new = self.clone()
        new._apply_action(action)
        return new

    def clone(self) -> "State":
        """A deep copy sharing the (immutable) game and every immutable value.

        Lists, dicts and sets are copied; strings, numbers, Fractions, tuples and frozensets of
        immutable values, and frozen dataclasses are shared; anything else is deep-copied.
        A game whose state is not plain data can override this.
        """
        new = copy.copy(self)
        for key, value in vars(self).items():
            if key != "game":
                setattr(new, key, _copy_plain(value))
        return new

    def say(self, text: str) -> None:
        """Add a plain-words line to the log (call it from ``_apply_action``).

        The log is public (every seat may read it): never say a hidden card.  It is a
        :class:`~pirates_lab.core.history.Log`, shared with the states before this one, so a line
        costs O(1) however long the game.
        """
        log = self.log
        if type(log) is list:        # a game that keeps its log as a list (its own clone made one)
            log.append(text)
        else:
            self.log = log.plus(text)

    # ------------------------------------------------------------ save / load
    def _payload(self) -> Any:
        return encode({k: list(v) if isinstance(v, Log) else v for k, v in vars(self).items() if k != "game"})

    @classmethod
    def _from_payload(cls, game: Game, payload: Any) -> "State":
        data = decode(payload)
        if not isinstance(data, dict) or "log" not in data:
            raise ValueError("the saved state has no log")
        state = cls.__new__(cls)
        state.game = game
        fresh = game.new_initial_state()
        missing = set(vars(fresh)) - set(data) - {"game"}
        extra = set(data) - set(vars(fresh))
        if missing or extra:
            raise ValueError(f"fields missing {sorted(missing)} / unexpected {sorted(extra)}")
        for key, value in data.items():
            if isinstance(getattr(fresh, key), Log) and isinstance(value, list) and all(type(v) is str for v in value):
                value = Log(value)
            if type(value) is not type(getattr(fresh, key)) and getattr(fresh, key) is not None and value is not None:
                raise ValueError(f"field {key!r} should be {type(getattr(fresh, key)).__name__}")
            setattr(state, key, value)
        return state

    def to_json(self) -> str:
        """The full position as text; ``game.load_state(text)`` brings it back exactly."""
        return make_envelope(self.game.name, self.game.options_dict(), self._payload())

    def __str__(self) -> str:
        player = self.current_player()
        who = {CHANCE: "chance", TERMINAL: "game over"}.get(player, f"player {player}")
        return f"{self.game.title}: {who} to act"


_IMMUTABLE = (int, str, float, bool, Fraction, type(None), bytes, Log)


#: types whose values a clone shares: the plain immutable ones, then every frozen dataclass, Dist and Enum met
_SHARED: set[type] = set(_IMMUTABLE)


def _shared_kind(kind: type) -> bool:
    params = getattr(kind, "__dataclass_params__", None)
    if (params is not None and params.frozen) or issubclass(kind, (Dist, enum.Enum)):
        _SHARED.add(kind)
        return True
    return False


def _copy_plain(value: Any) -> Any:
    """A deep copy of plain data that shares what cannot change (much faster than deepcopy).

    >>> rows = [(1, 2), [3, (4, [5])]]
    >>> copied = _copy_plain(rows)
    >>> copied == rows, copied[0] is rows[0], copied[1] is rows[1], copied[1][1][1] is rows[1][1][1]
    (True, True, False, False)
    """
    kind = type(value)
    if kind in _SHARED:
        return value
    if kind is list:  # shared items are kept without a call (long lists of strings, frozen records)
        return [x if type(x) in _SHARED else _copy_plain(x) for x in value]
    if kind is dict:
        return {k: v if type(v) in _SHARED else _copy_plain(v) for k, v in value.items()}
    if kind is set:
        return {_copy_plain(x) for x in value}
    if kind is tuple or kind is frozenset:
        for x in value:               # a tuple of shared values (the usual case) is shared without a copy
            if type(x) not in _SHARED:
                break
        else:
            return value
        items = [_copy_plain(x) for x in value]
        return value if all(a is b for a, b in zip(items, value)) else kind(items)
    if _shared_kind(kind):
        return value
    return copy.deepcopy(value)


def random_playout(state: State, rng: random.Random | int | None = None, *,
                   policy: Callable[[SeatView, random.Random], Any] | None = None,
                   max_steps: int = 1_000_000, actions: list | None = None) -> State:
    """Play to the end: chance by its exact odds, players uniformly at random (or by ``policy``,
    given each seat's :class:`~pirates_lab.core.SeatView`), with the core's one play loop.

    Returns the terminal state; ``actions``, if given, receives every action taken.
    """
    from .loop import play

    playthrough = play(state, policy, rng, max_steps=max_steps)
    for step in playthrough:
        if actions is not None:
            actions.append(step.action)
    if not playthrough.state.is_terminal():
        raise RuntimeError(f"No end after {max_steps} steps: is max_turns set?")
    return playthrough.state


def replay(state: State, actions: Iterable[Any]) -> State:
    """Apply actions one after another; an illegal one raises with its position in the list."""
    for index, action in enumerate(actions):
        try:
            state = state.apply(action)
        except IllegalMove as error:
            raise IllegalMove(error.rule, f"move {index + 1} ({action!s}): {error.reason}", action=action) from None
    return state


def expected_scores(state: State, policy: Callable[[State], Dist] | None = None) -> tuple:
    """Exact expected scores by recursion over every chance outcome and action.

    Players choose uniformly at random unless ``policy(state)`` gives a Dist over actions.
    Meant for small games and end-games (it visits every path).
    """
    player = state.current_player()
    if player == TERMINAL:
        return tuple(state.scores())
    if player == CHANCE:
        choices = state.chance_outcomes()
    elif policy is not None:
        choices = policy(state)
    else:
        choices = Dist.uniform(state.legal_actions())
    total = None
    for action, p in choices.items():
        values = expected_scores(state.apply(action), policy)
        weighted = [p * v for v in values]
        total = weighted if total is None else [a + b for a, b in zip(total, weighted)]
    return tuple(total)


def is_json_plain(value: Any) -> bool:
    """Is ``value`` made only of dicts with string keys, lists, strings, numbers, booleans and None?

    Observations must be: they are what a computer player or a browser receives.

    >>> is_json_plain({"hand": ["Cannon"], "coins": 3}), is_json_plain({"hand": ("Cannon",)})
    (True, False)
    """
    if value is None or isinstance(value, (bool, int, float, str)):
        return True
    if isinstance(value, list):
        return all(is_json_plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and is_json_plain(v) for k, v in value.items())
    return False
