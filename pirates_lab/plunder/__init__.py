"""Plunder: a sea of map cards around Tortuga, trade, combat in steps, exact odds.

Rules: Plunder › Setup

Reads top-down: :mod:`.components` (the deck as editable data) → :mod:`.actions` and :mod:`.tasks` (what
the moves and the turn's tasks carry) → one module of plain functions per rulebook chapter (:mod:`.setup`,
:mod:`.turn`, :mod:`.sail_and_explore`, :mod:`.action`, :mod:`.trade`, :mod:`.combat`,
:mod:`.attacking_another_captain`, :mod:`.war`, :mod:`.captured_ships`, :mod:`.lose_your_ship`) →
:mod:`.phases` (the phase table) → :mod:`.state` (a core FlowState) → :mod:`.game` → :mod:`.odds`.
"""
from .components import Card, Components, components, load_components
from .game import Game, State

__all__ = ["Game", "State", "Card", "Components", "components", "load_components"]
