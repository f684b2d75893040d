"""Hand-built positions for lessons and tests: a game at a chosen step, cards handed out, ships fitted.

Every card given is taken out of the draw piles, so the 298 cards still add up
(:meth:`~pirates_lab.pillage_and_plunder.state.PPState.validate`).

>>> s = scenario(2); give(s, 0, "Cannon"); s = at_step(s, "play"); [str(a) for a in s.legal_actions()]
['play Cannon onto the discard pile', 'play Cannon']

Rules: Pillage & Plunder › Game Setup
"""
from __future__ import annotations

from pirates_lab.core import Task

from .game import PPState, new_game

__all__ = ["scenario", "give", "equip", "at_step", "ship"]


def scenario(players: int = 2, **options) -> PPState:
    """A game after the deal with empty hands: player 0 at the start of the pre-draw stage."""
    state = new_game(players, **options)
    state.current = state.first = 0
    state.pending = {"table": [], "targeted": [], "plays": 0}
    state.agenda = [Task("predraw", 0)]
    state.validate()
    return state


def at_step(state: PPState, phase: str, player: int | None = None) -> PPState:
    """The same position at another step of the current player's turn (``"predraw"``, ``"play"``…).

    Going back to ``"predraw"`` starts the turn's bookkeeping afresh (no plays, nobody targeted).
    """
    player = state.current if player is None else player
    if phase == "predraw":
        state.pending = {"table": [], "targeted": [], "plays": 0}
    state.agenda = [Task(phase, player)]
    return state


def give(state: PPState, player: int, *cards: str) -> None:
    """Hand ``cards`` from the draw piles to ``player``."""
    for card in cards:
        state._draw_card(card)
        state.players[player]["hand"].append(card)


def ship(state: PPState, player: int, index: int = 0) -> dict:
    """A player's ship, as plain data."""
    return state.players[player]["ships"][index]


def equip(state: PPState, player: int, *, hull=None, cannons=None, crew=(), cargo=(), addons=()) -> None:
    """Fit out ``player``'s first ship with cards from the draw piles (a new hull on top, cannons up to
    ``cannons``, extra crew, cargo and add-ons), then check the position."""
    s = ship(state, player)
    if hull:
        state._draw_card(hull)
        s["hulls"].append({"hull": hull, "addons": []})
    if cannons is not None:
        for _ in range(cannons - s["cannons"]):
            state._draw_card("Cannon")
        s["cannons"] = cannons
    for card in crew:
        state._draw_card(card)
        s["crew"].append(card)
    for card in cargo:
        state._draw_card(card)
        s["cargo"].append(card)
    for card in addons:
        state._draw_card(card)
        s["hulls"][-1]["addons"].append(card)
    state.validate()
