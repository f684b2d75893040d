"""King of Pirates: the game (options, components) on the core protocol.

Reads top-down: :mod:`.components` (board and data) → :mod:`.actions` → :mod:`.rules` (one module
per rulebook chapter, and the phase table ``FLOW``) → :mod:`.state` (the position) → this module.
The names below are re-exported so ``from pirates_lab.king_of_pirates.game import Sail`` keeps working.
"""
from __future__ import annotations

from typing import Any

from pirates_lab import core
from pirates_lab.core.errors import shown

from .actions import (Accept, AcceptMutiny, Attack, BuyPart, Dig, Discard, Dismiss, Done, EndTurn, KeepPirates, MakeCaptain,
                      Pass, Play, Recruit, Replace, Reroll, Sacrifice, Sail, Steal, StopMoving)
from .components import components
from .player import Player
from .rules import (FLOW, combat_modifier, crew_positions, hand_limit, max_cannonballs, max_rum, movement, skills,
                    treasure_maps_needed)
from .headings import GAME, RULE_BOARD, RULE_TURN
from .state import State

__all__ = ["Game", "State", "Player", "FLOW", "Sail", "StopMoving", "Attack", "EndTurn", "Pass", "Play", "Discard",
           "Dig", "BuyPart", "Recruit", "Replace", "Dismiss", "MakeCaptain", "Done", "Reroll", "Accept", "Sacrifice",
           "AcceptMutiny", "Steal", "KeepPirates", "skills", "combat_modifier", "crew_positions", "hand_limit",
           "max_cannonballs", "max_rum", "movement", "treasure_maps_needed"]


class Game(core.Game):
    """King of Pirates for 2 to 6 players.  ``max_turns`` counts rounds (every player once)."""

    name = GAME
    title = "King of Pirates"
    rulebook = "king_of_pirates.txt"
    notebook = "king_of_pirates.ipynb"
    description = "Sail a 61-hex sea, dodge the Flying Dutchman, roll 2d6 with cannonball re-rolls."
    order = 20
    min_players = 2
    max_players = 6
    end_rule = RULE_BOARD      # the Point Track: "The skull is the beginning and the end"
    turn_rule = RULE_TURN
    default_options = {"win_doubloons": None}

    def __init__(self, players: int = 2, max_turns: int | None = None, **options: Any):
        super().__init__(players, max_turns, **options)
        self.components = components()
        win = self.options["win_doubloons"]
        if win is not None and (isinstance(win, bool) or not isinstance(win, int) or win < 1):
            raise core.InvalidInput(f"win_doubloons must be a positive whole number or None, got {shown(win)}.")
        self.win_doubloons = win if win is not None else self.components.rules["win_doubloons"]

    def new_initial_state(self) -> State:
        return State(self)

    @classmethod
    def add_odds_commands(cls, calculators) -> None:
        """This game's ``pirates-lab odds`` subcommands (see :mod:`.commands`)."""
        from .commands import add_odds_commands

        add_odds_commands(calculators)
