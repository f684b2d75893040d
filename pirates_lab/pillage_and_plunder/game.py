"""The full game of Pillage & Plunder on the core protocol (2 to 6 players).

The rules are in :mod:`.rules`, one module per rulebook chapter; the phase table is
:data:`.rules.FLOW`; actions are in :mod:`.actions`; the state's data and what a player sees are in
:mod:`.state`.

Rules: Pillage & Plunder › Chapter III: Taking Your Turn
"""
from __future__ import annotations

from pathlib import PurePath
from typing import Any

from pirates_lab.core import Game as CoreGame
from pirates_lab.core import InvalidInput
from pirates_lab.core.errors import shown

from . import components as C
from .actions import (Act, AttackMerchant, Discard, DoctorSaves, LoseCrewman, MoveCannon, MoveCargo, MoveCrewman, Offer, Play, Repair, Retrieve, ReturnPrize, SellCargo, SellShip,
                      StealDebt, StealMap, TakeCargo)
from .headings import GAME, RULE_THREE_STAGES, RULE_YOUR_HOARD
from .rules import FLOW
from .state import PPState

__all__ = ["Game", "PPState", "FLOW", "new_game", "Act", "AttackMerchant", "Discard", "DoctorSaves", "ReturnPrize", "LoseCrewman", "MoveCannon", "MoveCargo", "MoveCrewman", "Offer", "Play",
           "Repair", "Retrieve", "SellCargo", "SellShip", "StealDebt", "StealMap", "TakeCargo"]


class Game(CoreGame):
    """Pillage & Plunder.  A round (for ``max_turns``) is one turn of every player.

    Options: the game variations ``asset_liquidation``, ``stealing_treasure_maps``,
    ``privateering``, ``fleet_play`` (Timed Game is ``max_turns``), and ``data`` (a path to an
    edited components file, or None for the shipped one).
    """

    name = GAME
    title = "Pillage & Plunder"
    rulebook = "pillage_and_plunder.txt"
    notebook = "pillage_and_plunder.ipynb"
    description = "Build a ship from a 298-card deck, then fight dice sea battles: flee, cannons, mêlée."
    order = 10
    min_players = 2
    max_players = 6
    end_rule = RULE_YOUR_HOARD
    turn_rule = RULE_THREE_STAGES
    default_options = {"asset_liquidation": False, "stealing_treasure_maps": False,
                       "privateering": False, "fleet_play": False, "data": None}

    def __init__(self, players: int = 4, max_turns: int | None = None, **options: Any):
        super().__init__(players, max_turns, **options)
        self.data = _components(self.options["data"])

    def new_initial_state(self) -> "PPState":
        return PPState(self)

    @classmethod
    def add_odds_commands(cls, calculators) -> None:
        """This game's ``pirates-lab odds`` subcommands (see :mod:`.commands`)."""
        from .commands import add_odds_commands

        add_odds_commands(calculators)


def _components(path) -> C.Components:
    """The shipped data file (``None``) or an edited copy at ``path``; anything else is refused in one line."""
    if path is None:
        return C.load()
    if not isinstance(path, (str, PurePath)):
        raise InvalidInput(f"The data option is the path of an edited components file, not {shown(path)}.")
    try:
        return C.load(path)
    except InvalidInput:
        raise
    except (OSError, ValueError, TypeError, KeyError) as error:
        raise InvalidInput(f"The data file {shown(str(path))} cannot be used: {shown(str(error), 80)}") from None


def new_game(players: int = 4, max_turns: int | None = None, **options) -> PPState:
    """A fresh game at its first chance node (the deal)."""
    return Game(players, max_turns, **options).new_initial_state()
