"""Game Setup: pieces on their lairs, three pirate cards to choose two from, three action cards.

Rules: King of Pirates › Game Setup
"""
from __future__ import annotations

from itertools import permutations

from pirates_lab.core import Task

from . import game_contents, movement_phase
from ..actions import KeepPirates
from .agenda import carry_on
from .task_data import Drawn

__all__ = ["setup_agenda", "auto_setup_draw", "draw_setup_pirate", "draw_pirate", "setup_keep_actions",
           "auto_setup_keep", "keep_pirates"]


def setup_agenda(state) -> None:
    """Every player draws pirates, then every player draws cards; then player 0's first turn."""
    players = range(state.game.players)
    state.flow.push(state, *[Task("setup_draw", p) for p in players], *[Task("setup_hand", p, Drawn()) for p in players],
                    Task("start_turn", 0))


def auto_setup_draw(state, task):
    if len(state.offer) >= state.comp.rules["starting_pirate_draw"] or not (state.pirate_deck or state.pirate_discard):
        carry_on(state)
        return True
    if not state.pirate_deck:
        state.pirate_deck, state.pirate_discard = sorted(state.pirate_discard), []
    return False


def draw_setup_pirate(state, task, outcome) -> None:
    draw_pirate(state, task.player, outcome)


def draw_pirate(state, p: int, pirate: str) -> None:
    state.pirate_deck.remove(pirate)
    state.offer.append(pirate)
    state.say(f"Player {p + 1} draws the pirate {pirate}.")


def setup_keep_actions(state, task):
    return [KeepPirates(a, b) for a, b in permutations(state.offer, 2)]


def auto_setup_keep(state, task):
    if len(state.offer) < 2:
        p = task.player
        game_contents.set_player(state, p, crew=tuple(state.offer))
        state.offer = []
        carry_on(state)
        movement_phase.refill(state, p)
        return True
    return False


def keep_pirates(state, task, action):
    """Keep a captain and a mate, discard the third.  Rules: King of Pirates › Game Setup"""
    p = task.player
    carry_on(state)
    game_contents.set_player(state, p, crew=(action.captain, action.mate))
    rest = [c for c in state.offer if c not in (action.captain, action.mate)]
    game_contents.discard_pirates(state, rest)
    state.offer = []
    movement_phase.refill(state, p)
    state.say(f"Player {p + 1} keeps {action.captain} as captain and {action.mate}.")
