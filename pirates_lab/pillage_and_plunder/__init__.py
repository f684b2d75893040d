"""Pillage & Plunder: components as data, exact sea-battle odds, deck odds and the full game.

Reads top-down: :mod:`.components` (the box) → :mod:`.battles` (sea battles, exactly) →
:mod:`.odds` (treasure, hands, prices) → :mod:`.headings` and :mod:`.actions` → :mod:`.rules`
(the engine, one module per rulebook chapter, with the phase table ``FLOW``) → :mod:`.state` and
:mod:`.game` (the game on the core protocol) → :mod:`.scenarios` (hand-built positions).

Rules: Pillage & Plunder › Chapter IV: Battles at Sea
"""
from .battles import (BattleResult, MeleeResult, Ship, Volley, battle, call_off_policy, cannon_volley,
                     flee_escape_probability, melee, melee_round_win_probability, spotting, usable_cannons)
from .components import Components, load
from .game import Game, PPState as State
from .odds import TreasureHunt, cargo_price, doubles_probability, hand_probability, merchant_prize, treasure_hunt

__all__ = [
    "Game", "State",
    "Ship", "Volley", "MeleeResult", "BattleResult", "battle", "call_off_policy", "cannon_volley",
    "flee_escape_probability", "melee", "melee_round_win_probability", "spotting", "usable_cannons",
    "Components", "load", "TreasureHunt", "treasure_hunt", "hand_probability", "cargo_price",
    "merchant_prize", "doubles_probability",
]
