"""pirates_lab.lab: the strategy lab — policies and reproducible tournaments over every registered game.

It names no game: it reads the registry (:func:`pirates_lab.core.games`) and finds each game's own
policies in ``pirates_lab/<package>/policies.py`` (a ``POLICIES`` dict, see :func:`policies_for`).

>>> from pirates_lab.core import games
>>> all({"random", "search"} <= set(policies_for(name)) for name in games())
True

- :class:`Policy` (decides from ``state.view()`` only), :class:`RandomPolicy`, :class:`FunctionPolicy`,
  :class:`SearchPolicy` (information-set Monte Carlo tree search, any game);
- :func:`tournament` -> :class:`Results` (``.scores``, win rates, confidence intervals, ``rows()``);
- :func:`wilson_interval`, :func:`exact_interval`;
- :func:`tips` (the rulebooks' tips, from each game's ``TIPS``) and :func:`answer` (a tournament and a verdict).
"""
from .policies import (GENERIC_POLICIES, FunctionPolicy, ObservationMissing, Policy, RandomPolicy, make_policy,
                       policies_for, policy_name, view_of)
from .results import Results
from .search import SearchPolicy, leader_shares
from .stats import exact_interval, wilson_interval
from .tips import Answer, Tip, answer, tips
from .tournament import GameRecord, play_game, seating, tournament

__all__ = ["Policy", "RandomPolicy", "FunctionPolicy", "SearchPolicy", "ObservationMissing", "view_of",
           "policies_for", "make_policy", "policy_name", "GENERIC_POLICIES", "tournament", "play_game", "seating",
           "GameRecord", "Results", "wilson_interval", "exact_interval", "leader_shares", "Tip", "Answer", "tips", "answer"]
