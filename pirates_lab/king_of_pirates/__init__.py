"""King of Pirates: a hex-board rules engine, exact combat / Dutchman / upkeep odds.

Reads top-down: :mod:`.components` (board and data) → :mod:`.odds` (exact odds) →
:mod:`.actions` → :mod:`.rules` (one module per rulebook chapter, the phase table ``FLOW``) →
:mod:`.state` → :mod:`.game` (the game on the core protocol).
"""
from .components import DIRECTIONS, Components, cells, components, distance, neighbours, ring
from .game import Game, State
from .odds import (
    combat_success_probability, dutchman_distribution, dutchman_expected_hitting_time,
    dutchman_reach_probability, dutchman_stationary, expected_cannonballs_used,
    expected_upkeeps_until_mutiny, first_mutiny_distribution, mutiny_cause, p_no_mutiny_within,
    pvp_win_probability, reroll_policy, route_survival, safest_route,
)

__all__ = [
    "Game", "State", "DIRECTIONS", "Components", "cells", "components", "distance", "neighbours", "ring",
    "combat_success_probability", "expected_cannonballs_used", "reroll_policy", "pvp_win_probability",
    "dutchman_distribution", "dutchman_stationary", "dutchman_expected_hitting_time",
    "dutchman_reach_probability", "route_survival", "safest_route", "expected_upkeeps_until_mutiny",
    "p_no_mutiny_within", "first_mutiny_distribution", "mutiny_cause",
]
