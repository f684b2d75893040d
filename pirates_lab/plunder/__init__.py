"""Plunder: not built yet (see its open issue); registered so menus can list it.

Rules: Plunder › Setup
"""
from pirates_lab import core

__all__ = ["Game", "State"]


class Game(core.Game):
    """Plunder (not built yet: the package is a stub)."""

    name = "plunder"
    title = "Plunder"
    rulebook = "plunder.txt"
    notebook = ""
    description = "Sail a map of cards around Tortuga, trade, and fight in three steps."
    order = 50
    playable = False
    min_players = 2
    max_players = 4

    def new_initial_state(self) -> "State":
        raise core.InvalidInput(f"{self.title} is not built yet: its rules engine is an open issue.")


class State(core.State):
    """Plunder positions (not built yet)."""
