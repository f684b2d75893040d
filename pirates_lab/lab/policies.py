"""Computer players ("policies") that decide from a seat's view only.

A policy is any callable ``policy(view, rng) -> action``, with ``view`` the acting seat's
:class:`~pirates_lab.core.SeatView` (its observation, its legal actions, and ``view.redeal(rng)``:
a world it cannot tell from the real one, for search).  That is the shape the core's one play loop
(:func:`pirates_lab.core.play`) calls, so tournaments, the game table, the search's rollouts and
:func:`pirates_lab.core.random_playout` all hand a policy a view, never the state.  The ones written
here subclass :class:`Policy`, whose ``choose(view, rng)`` does the deciding.

Each game may add its own policies in ``pirates_lab/<package>/policies.py``: a ``POLICIES`` dict
of name -> *chooser*, a callable ``chooser(view, rng) -> action`` (a function, or an object with
parameters and a ``__call__``).  :func:`policies_for` finds them by that convention (so the lab
names no game) and wraps each in a :class:`FunctionPolicy`; a look-ahead chooser searches the worlds
``view.redeal(rng)`` gives it, never the real state.  A game's
choosers import nothing but :mod:`pirates_lab.core` and their own game (a game never imports the lab).

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

from pirates_lab.core import ObservationMissing, SeatView, State

__all__ = ["Policy", "RandomPolicy", "FunctionPolicy", "ObservationMissing", "view_of", "policies_for",
           "make_policy", "policy_name", "GENERIC_POLICIES", "game_package"]


def view_of(seen) -> SeatView:
    """The acting seat's view: ``seen`` itself (a SeatView), or ``seen.view()`` for a State handed
    over by a loop that has not switched to the core's play loop yet."""
    return seen.view() if isinstance(seen, State) else seen


class Policy:
    """A computer player that decides from a :class:`~pirates_lab.core.SeatView` only.

    Subclasses write ``choose(view, rng) -> action``; ``name`` labels the policy in tables.
    Set ``needs_observation = False`` if ``choose`` reads only ``view.legal_actions`` (the view's
    observation is computed only when read, so such a policy plays even a game whose
    ``observation()`` is not written yet).
    """

    name = "policy"
    needs_observation = True

    def __call__(self, view: SeatView, rng: random.Random):
        return self.choose(view_of(view), rng)

    def choose(self, view: SeatView, rng: random.Random):  # subclass
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.name


class RandomPolicy(Policy):
    """Picks uniformly among the legal actions (the baseline every tip is measured against)."""

    name = "random"
    needs_observation = False
    #: the play loop may pick for it (the same rng draw) without building a view
    uniformly_random = True

    def choose(self, view: SeatView, rng: random.Random):
        return self.choose_from(view.legal_actions, rng)

    @staticmethod
    def choose_from(actions: Sequence[Any], rng: random.Random):
        if not actions:
            raise ValueError("There is no legal action to choose from.")
        return actions[rng.randrange(len(actions))]


class FunctionPolicy(Policy):
    """Wraps ``function(view, rng) -> action`` (a "try your own policy" in a notebook)."""

    def __init__(self, function: Callable[[SeatView, random.Random], Any], name: str | None = None,
                 needs_observation: bool = True):
        self.function = function
        self.name = name or getattr(function, "__name__", "my policy")
        self.needs_observation = needs_observation

    def choose(self, view: SeatView, rng: random.Random):
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
        return FunctionPolicy(self.chooser, self.name, getattr(self.chooser, "needs_observation", True))


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
