"""Plunder: a sea of map cards around Tortuga, trade, combat in steps, exact odds.

Rules: Plunder › Setup

Reads top-down: :mod:`.components` (the deck as editable data) → :mod:`.actions` → one module per
rulebook chapter (:mod:`.setup`, :mod:`.turn`, :mod:`.trade`, :mod:`.combat`, :mod:`.war`,
:mod:`.captured_ships`, :mod:`.lose_your_ship`) → :mod:`.state` → :mod:`.game` → :mod:`.odds`.
"""
from .components import Card, Components, components, load_components
from .game import Game, State

__all__ = ["Game", "State", "Card", "Components", "components", "load_components"]
