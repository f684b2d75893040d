"""The Pirates & Plunder lesson's positions and answers (plain Python, no widgets).

``data/lessons.toml`` names these functions; ``pirates_lab.widgets.pirates_and_plunder_lessons`` shows
them.  Every answer is computed by the engine when a screen is checked (never written in the lesson):
the rule positions of :mod:`.scenarios` (re-exported here) and, for the screens of this module, a table
part-played by seeded random players (the picture of the game and the tile-odds calculator), a turn built
by hand (Playing the Game) and the battle of the Battles option.

Rules: Pirates & Plunder › Playing the Game

>>> state = table_state()
>>> len(state.placed), state.game.players
(13, 3)
>>> hardest_gap(state) in state.needs
True
"""
from __future__ import annotations

import random
from fractions import Fraction

from pirates_lab.core import CHANCE

from .battles import secret_battle
from .game import Game, NoShip, PlaceShip, PlaceTile, State
from .odds import gap_odds
from .parts import components
from .scenarios import (archipelago_pirates, battle_success, build, cartographer_points, final_points,  # noqa: F401
                        fleet_zone_points, galleons_in_game, gap_next_draw, goal_points, natives_chance,
                        natives_ships_left, pirate_king_points, port_squares_left, route_points,
                        royal_ports_in_parts, scavenger_points, setup_supply_ships, ship_places, storm_ships_home,
                        sure_attack, viceroy_points)

__all__ = ["TABLE", "table_state", "hardest_gap", "TILE_ODDS_DRAWS", "tile_odds_start", "TURN_TILES",
           "turn_states", "turn_points", "BATTLE", "battle_lab_start", "battle_outcomes", "seat_label",
           # answers (the engine's functions: data/lessons.toml names them)
           "galleons_in_game", "setup_supply_ships", "gap_next_draw", "ship_places", "route_points", "sure_attack",
           "port_squares_left", "final_points", "natives_chance", "battle_success", "goal_points",
           "archipelago_pirates", "natives_ships_left", "pirate_king_points", "scavenger_points",
           "cartographer_points", "royal_ports_in_parts", "storm_ships_home", "fleet_zone_points", "viceroy_points"]

#: the table of the game's first screen and of the tile-odds calculator: players, seed, tiles on the board
TABLE = {"players": 3, "seed": 1, "tiles": 13}
#: the tile-odds calculator opens on this many draws (its hardest gap is then near even)
TILE_ODDS_DRAWS = 3
#: the secret-battle lab opens on this battle: both sides' resources, a pirate defending (base 0), the
#: ship's value and a resource's value (near even: the attack succeeds 5/12 of the time)
BATTLE = {"attacker": 5, "defender": 5, "base": 0, "ship_value": 6, "resource_value": 1}


def seat_label(player: int) -> str:
    """A seat as people read it: numbered from 1, with its colour (``Player 1 (blue)``).

    >>> seat_label(0), seat_label(2)
    ('Player 1 (blue)', 'Player 3 (green)')
    """
    return f"Player {player + 1} ({components()['ships']['colours'][player]})"


def table_state(players: int = TABLE["players"], seed: int = TABLE["seed"], tiles: int = TABLE["tiles"]) -> State:
    """A game part-played by random players (each places a ship on 4 turns in 5) until ``tiles`` tiles lie
    on the board, stopped before the next tile is drawn.

    Rules: Pirates & Plunder › Playing the Game
    """
    rng = random.Random(seed)
    state = Game(players=players).new_initial_state()
    while not (len(state.placed) >= tiles and state.current_player() == CHANCE) and not state.is_terminal():
        if state.current_player() == CHANCE:
            state = state.apply(state.chance_outcomes().sample(rng))
            continue
        legal = state.legal_actions()
        ships = [a for a in legal if isinstance(a, PlaceShip)]
        state = state.apply(rng.choice(ships) if ships and rng.random() < 0.8 else rng.choice(legal))
    return state


def hardest_gap(state: State) -> tuple:
    """The empty square beside the tiles that the fewest unseen tiles fit (the first such, in sorted order)."""
    return min(sorted(state.needs), key=lambda cell: gap_odds(state, cell, 1).count)


def tile_odds_start() -> tuple:
    """The tile-odds calculator's opening: (the table, its hardest gap, the draws).

    Rules: Pirates & Plunder › Drawing and Placing Land Tiles
    """
    state = table_state()
    return state, hardest_gap(state), TILE_ODDS_DRAWS


# ---------------------------------------------------------------- a turn, step by step (Playing the Game)
#: the board before the turn: two crossroads with the open sea between their northern edges
TURN_TILES = [("three-way crossroads", (0, 0), 0), ("three-way crossroads", (2, 0), 0), ("open sea", (0, -1), 0),
              ("open sea with galleon", (1, -1), 0), ("open sea", (2, -1), 0)]


def turn_states() -> tuple:
    """Player 1's turn in its three steps: (the straight route drawn, the tile laid between the two
    crossroads, a merchant placed on its route and the completed route scored).

    Rules: Pirates & Plunder › Playing the Game
    """
    drawn = build(tiles=TURN_TILES, drawn="straight route", player=0, then=("end_turn",))
    laid = drawn.apply(PlaceTile((1, 0), 0))
    route = next(a for a in laid.legal_actions() if isinstance(a, PlaceShip)
                 and laid.board.types[laid.placed[-1][0]].segments[a.segment].kind == "route")
    return drawn, laid, laid.apply(route)


def turn_points() -> int:
    """Playing the Game: the points Player 1 scores on the turn of :func:`turn_states`."""
    drawn, _, scored = turn_states()
    return scored.scores()[0] - drawn.scores()[0]


def no_ship_turn() -> State:
    """The same turn with no ship placed (the route scores for nobody)."""
    _, laid, _ = turn_states()
    return laid.apply(NoShip())


# ---------------------------------------------------------------- the Battles option
def battle_outcomes(attacker: int = 2, defender: int = 2, base: int = 0) -> list[list[bool]]:
    """``[a][d]``: does an attack of ``a`` resources beat a defence of ``d`` (base ``base``)?  "if it is equal to
    or greater than the attack strength, the defending player is successful in repulsing the attack".

    Rules: Pirates & Plunder › Moving Pirates and Battle

    >>> battle_outcomes(2, 1)
    [[False, False], [True, False], [True, True]]
    """
    return [[a > base + d for d in range(defender + 1)] for a in range(attacker + 1)]


def battle_lab_start():
    """The secret-battle lab's opening battle, solved (:data:`BATTLE`).

    Rules: Pirates & Plunder › Battles
    """
    b = BATTLE
    return secret_battle(b["attacker"], b["defender"], b["base"], b["ship_value"], b["resource_value"])


def battle_lab_success() -> Fraction:
    """P(the attack succeeds) in the lab's opening battle, both sides playing their best mixes."""
    return battle_lab_start().success()
