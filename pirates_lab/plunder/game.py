"""Plunder: the game (options, components) on the core protocol.

Rules: Plunder › Overview

Reads top-down: :mod:`.components` (the deck as data) → :mod:`.actions`, :mod:`.tasks` → the chapters
(:mod:`.setup`, :mod:`.turn`, :mod:`.sail_and_explore`, :mod:`.action`, :mod:`.trade`, :mod:`.combat`,
:mod:`.attacking_another_captain`, :mod:`.war`, :mod:`.captured_ships`, :mod:`.lose_your_ship`: plain functions)
→ :mod:`.phases` (the phase table ``FLOW``) → :mod:`.state` → this module → :mod:`.odds` (exact analysis) → :mod:`.commands`.
"""
from __future__ import annotations

from typing import Any

from pirates_lab import core
from pirates_lab.core import InvalidInput
from pirates_lab.core.errors import shown

from .components import components
from .headings import GAME, RULE_OVERVIEW, RULE_TURN
from .state import State

__all__ = ["Game", "State"]


class Game(core.Game):
    """Plunder for 2 to 4 captains.  ``max_turns`` counts rounds (every captain once).

    Options: ``mutiny`` — the "Mutiny!" rule: a captain may forget to pay, and another may shout;
    ``win_silver`` — the target (60, as printed, unless a lesson changes it).
    """

    name = GAME
    title = "Plunder"
    rulebook = "plunder.txt"
    notebook = "plunder.ipynb"
    description = "Sail a map of cards around Tortuga, trade, and fight in four steps."
    order = 50
    playable = True
    min_players = 2
    max_players = 4
    end_rule = RULE_OVERVIEW
    turn_rule = RULE_TURN
    default_options = {"mutiny": False, "win_silver": None}

    def __init__(self, players: int = 2, max_turns: int | None = None, **options: Any):
        super().__init__(players, max_turns, **options)
        self.components = components()
        win = self.options["win_silver"]
        if win is not None and (isinstance(win, bool) or not isinstance(win, int) or win < 1):
            raise InvalidInput(f"win_silver must be a positive whole number or None, not {shown(win)}.")
        if not isinstance(self.options["mutiny"], bool):
            raise InvalidInput(f"mutiny is True or False, not {shown(self.options['mutiny'])}.")
        self.win_silver = win if win is not None else self.components.rules["win_silver"]

    def new_initial_state(self) -> State:
        return State(self)

    @classmethod
    def add_odds_commands(cls, calculators) -> None:
        """This game's ``pirates-lab odds`` subcommands (see :mod:`.commands`)."""
        from .commands import add_odds_commands

        add_odds_commands(calculators)
