"""Computer players ("policies") that decide from a seat's view only.

A policy is any callable ``policy(state, rng) -> action`` (the shape
:func:`pirates_lab.core.random_playout` takes).  The ones written here subclass :class:`Policy`,
whose ``__call__`` asks the state for the acting seat's :class:`~pirates_lab.core.PlayerView`
(``state.view()``: the observation dict, the legal actions, the seat) and hands only that to
``choose(view, rng)``.  A policy therefore cannot peek at hidden cards: it never holds the state.

Each game may add its own policies in ``pirates_lab/<package>/policies.py``: a ``POLICIES`` dict
of name -> *chooser*, a callable ``chooser(view, rng) -> action`` (a function, or an object with
parameters and a ``__call__``).  :func:`policies_for` finds them by that convention (so the lab
names no game) and wraps each in a :class:`FunctionPolicy` (one marked ``needs_state = True`` is a
look-ahead player ``play(state, rng)`` instead: see :class:`StatePolicy`; a chooser with
``needs_observation = False`` plays even while its game has no ``observation()`` yet).  A game's choosers are given views, never
states, so they import nothing but :mod:`pirates_lab.core` and their own game (a game never imports
the lab).

>>> import random
>>> RandomPolicy().choose_from(("stand", "swap"), random.Random(1))
'stand'
"""
from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from pirates_lab.core import PlayerView

__all__ = ["Policy", "RandomPolicy", "FunctionPolicy", "ObservationMissing", "view_of", "policies_for",
           "make_policy", "policy_name", "GENERIC_POLICIES", "game_package", "StatePolicy"]


class ObservationMissing(NotImplementedError):
    """The game does not say yet what a seat may see (``observation()`` is not written)."""


def view_of(state, needs_observation: bool = True) -> PlayerView:
    """The acting seat's view of ``state``, or :class:`ObservationMissing` in plain words.

    A policy that needs no observation (:class:`RandomPolicy`) still gets a view while a game's
    ``observation()`` is missing: its legal actions, with ``observation=None``.
    """
    try:
        return state.view()
    except NotImplementedError as error:
        title = getattr(getattr(state, "game", None), "title", type(state).__name__)
        if needs_observation:
            raise ObservationMissing(
                f"{title} does not implement observation() yet, so computer players that read the "
                f"board cannot play it: only the random player can ({error}).") from None
        # the legal actions reveal nothing hidden: they are what the acting seat may do
        player = state.current_player()
        return PlayerView(player, None, tuple(state.legal_actions()))


class Policy:
    """A computer player that decides from a :class:`PlayerView` only.

    Subclasses write ``choose(view, rng) -> action``; ``name`` labels the policy in tables.
    Set ``needs_observation = False`` if ``choose`` reads only ``view.legal_actions``.
    """

    name = "policy"
    needs_observation = True

    def __call__(self, state, rng: random.Random):
        return self.choose(view_of(state, self.needs_observation), rng)

    def choose(self, view: PlayerView, rng: random.Random):  # subclass
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.name


class RandomPolicy(Policy):
    """Picks uniformly among the legal actions (the baseline every tip is measured against)."""

    name = "random"
    needs_observation = False

    def choose(self, view: PlayerView, rng: random.Random):
        return self.choose_from(view.legal_actions, rng)

    @staticmethod
    def choose_from(actions: Sequence[Any], rng: random.Random):
        if not actions:
            raise ValueError("There is no legal action to choose from.")
        return actions[rng.randrange(len(actions))]


class FunctionPolicy(Policy):
    """Wraps ``function(view, rng) -> action`` (a "try your own policy" in a notebook)."""

    def __init__(self, function: Callable[[PlayerView, random.Random], Any], name: str | None = None,
                 needs_observation: bool = True):
        self.function = function
        self.name = name or getattr(function, "__name__", "my policy")
        self.needs_observation = needs_observation

    def choose(self, view: PlayerView, rng: random.Random):
        return self.function(view, rng)


def policy_name(policy) -> str:
    """The label of a policy in tables: its ``name``, a function's name, or its type's name."""
    return str(getattr(policy, "name", None) or getattr(policy, "__name__", None) or type(policy).__name__)


def _search_policy():
    from .search import SearchPolicy
    return SearchPolicy()


#: policies that work for every game: name -> factory
GENERIC_POLICIES: dict[str, Callable[[], Any]] = {"random": RandomPolicy, "search": _search_policy}


def game_package(game) -> str:
    """The package a game's class lives in (``pirates_lab.<package>``), from its module."""
    cls = game if isinstance(game, type) else type(game)
    module = sys.modules.get(cls.__module__)
    package = getattr(module, "__package__", None) or cls.__module__.rpartition(".")[0]
    return package or cls.__module__


def policies_for(game) -> dict[str, Callable[[], Any]]:
    """Every policy that can play ``game`` (a Game, a Game class or a registered name): name -> factory.

    The generic ones (``random``, ``search``) first, then the game's own ``POLICIES`` (name ->
    ``chooser(view, rng)``) from ``<its package>.policies`` if that module exists, each wrapped in
    a :class:`FunctionPolicy` of that name.
    """
    if isinstance(game, str):
        from pirates_lab.core import game_class
        game = game_class(game)
    found = dict(GENERIC_POLICIES)
    name = game_package(game) + ".policies"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise
        return found
    for key, chooser in getattr(module, "POLICIES", {}).items():
        found[key] = _Factory(chooser, key)
    return found


class _Factory:
    """A zero-argument factory of ``FunctionPolicy(chooser, name)`` (picklable, unlike a lambda)."""

    def __init__(self, chooser, name: str):
        self.chooser, self.name = chooser, name

    def __call__(self) -> Policy:
        if getattr(self.chooser, "needs_state", False):
            return StatePolicy(self.chooser, self.name)
        return FunctionPolicy(self.chooser, self.name, getattr(self.chooser, "needs_observation", True))


class StatePolicy(Policy):
    """A game's look-ahead player ``play(state, rng)`` (its ``needs_state`` is True).

    Like :class:`~pirates_lab.lab.search.SearchPolicy` it may read ``state.view()`` and search
    ``state.redeal_hidden(seat, rng)`` — a world its seat cannot tell from the real one — and nothing
    else; the lab's tests hold every game's players to that.
    """

    def __init__(self, play, name: str):
        self.play, self.name = play, name

    def __call__(self, state, rng: random.Random):
        view_of(state)          # ObservationMissing in plain words if the game shows nothing yet
        return self.play(state, rng)


def make_policy(game, name: str):
    """A fresh policy by name (see :func:`policies_for`); a clear error naming the choices otherwise."""
    from pirates_lab.core import InvalidInput
    known = policies_for(game)
    if name not in known:
        raise InvalidInput(f"No policy called {name!r}. Policies: {', '.join(known)}.")
    policy = known[name]()
    if getattr(policy, "name", None) in (None, "policy"):
        try:
            policy.name = name
        except AttributeError:
            pass
    return policy
