"""Held samples of positions for the coach's tests: the first position of each seeded random game where a
decision of interest comes up (chance by its exact odds, every seat uniformly at random, played by the one loop
:func:`pirates_lab.core.play`), seeds in order.

>>> from pirates_lab.core import game_class
>>> [s.current_player() >= 0 for s in first_positions(lambda: game_class("king_of_pirates")(players=2),
...                                                   lambda s: s.current_player() >= 0, 2)]
[True, True]
"""
from __future__ import annotations

import random
from collections.abc import Callable

from pirates_lab.core import play


def first_positions(new_game: Callable, wanted: Callable, count: int, seeds=range(200), max_steps: int = 4000):
    """Up to ``count`` positions: for each seed in order, the first state of a random game of ``new_game()``
    where ``wanted(state)`` holds (games that never reach one within ``max_steps`` steps are passed over)."""
    found = []
    for seed in seeds:
        game = play(new_game().new_initial_state(), rng=random.Random(seed), until=wanted, max_steps=max_steps)
        state = game.run()
        if game.reached:
            found.append(state)
            if len(found) == count:
                break
    return found
