"""Pirates & Plunder: not built yet (see its open issue); registered so menus can list it.

Rules: Pirates & Plunder › Parts
"""
from pirates_lab import core

__all__ = ["Game", "State"]


class Game(core.Game):
    """Pirates & Plunder (not built yet: the package is a stub)."""

    name = "pirates_and_plunder"
    title = "Pirates & Plunder"
    rulebook = "pirates_and_plunder.txt"
    notebook = ""
    description = "Lay sea tiles, merge islands and trade routes, fight resource battles."
    order = 40
    playable = False
    min_players = 2
    max_players = 5

    def new_initial_state(self) -> "State":
        raise core.InvalidInput(f"{self.title} is not built yet: its rules engine is an open issue.")


class State(core.State):
    """Pirates & Plunder positions (not built yet)."""
