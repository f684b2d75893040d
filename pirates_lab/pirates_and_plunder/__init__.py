"""Pirates & Plunder: a tile-laying rules engine, resource battles and exact tile-draw odds.

Rules: Pirates & Plunder › Parts

Reads top-down, one module per rulebook chapter: :mod:`.parts` (tiles and components as data) →
:mod:`.placing` (Drawing and Placing Land Tiles, features merged with union–find) →
:mod:`.scoring` (Scoring Islands and Trade Routes, Ports, Final Scoring) → :mod:`.pirates`
(Moving Pirates and Battle) → :mod:`.game` (Playing the Game: the state and its turn flow) →
:mod:`.odds` (exact tile-draw odds), :mod:`.battles` (the open and the secret battle solved) and
:mod:`.players` (random and greedy computer players that decide from their seat's view).
"""
from .game import FLOW, Commit, Draw, Game, MovePirate, NoShip, PlaceShip, PlaceTile, Repulse, State, StopPirates
from .battles import open_battle, secret_battle
from .odds import feature_odds, gap_odds, within
from .parts import exploration_tiles, load_tiles, tiles
from .players import greedy_player, random_player
from .scoring import breakdown, describe, feature, features

__all__ = ["Game", "State", "FLOW", "Draw", "PlaceTile", "PlaceShip", "NoShip", "MovePirate", "StopPirates",
           "Commit", "Repulse", "load_tiles", "tiles", "exploration_tiles", "breakdown", "feature", "features", "describe",
           "open_battle", "secret_battle", "within", "gap_odds", "feature_odds", "greedy_player", "random_player"]
