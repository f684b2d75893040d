"""Computer captains: choosers ``(view, rng) -> action`` that decide from their seat's view only.

Rules: Plunder › Overview

:data:`trader` is the one computer trader (:class:`~pirates_lab.plunder.policies.Greedy`, the strategy
lab's ``greedy``): it trades between Ports, sells its plunder in Tortuga, keeps out of enemy Ports, lets
ships go by and flees what attacks it.  :func:`random_captain` picks any legal action.  Both are handed a
view (``state.view()``, or a view-only stand-in with ``view()``), never the state.

>>> import random
>>> from pirates_lab.plunder import Game
>>> from pirates_lab.plunder.scenarios import dealt
>>> state = dealt(Game(players=2), seed=1)
>>> trader(state.view(), random.Random(0)) in state.legal_actions()
True
"""
from __future__ import annotations

import random

from .policies import TRADER, seat_view

__all__ = ["trader", "random_captain"]

#: the one Plunder computer trader
trader = TRADER


def random_captain(view, rng: random.Random):
    """Any legal action, uniformly."""
    return rng.choice(seat_view(view).legal_actions)
