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

from pirates_lab.core import CHANCE, play

from .battles import secret_battle
from .game import Game, NoShip, PlaceShip, PlaceTile, State
from .odds import gap_odds
from .parts import components
from .scenarios import (advanced_state, archipelago_pirates, battle_success, build, cartographer_points,  # noqa: F401
                        drawing_state, final_points, setup_state,
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
           "cartographer_points", "royal_ports_in_parts", "storm_ships_home", "fleet_zone_points", "viceroy_points",
           # the probability thread (issue 39)
           "GAP", "SEEN", "SIM_TRIES", "galleon_kinds", "galleon_first_draw", "gap_within_two", "seen_state",
           "seen_fit", "sim_expected", "next_tiles", "random_pick_success", "defender_mix", "mix_success",
           "mix_two_success", "natives_after_storm_state", "natives_after_storm", "seen_within_two"]

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
    def shipper(view, rng: random.Random):
        legal = view.legal_actions
        ships = [a for a in legal if isinstance(a, PlaceShip)]
        return rng.choice(ships) if ships and rng.random() < 0.8 else rng.choice(legal)

    start = Game(players=players).new_initial_state()
    return play(start, shipper, random.Random(seed),
                until=lambda state: len(state.placed) >= tiles and state.current_player() == CHANCE).run()


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
    drawn = build(tiles=TURN_TILES, drawn="straight route", player=0)
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


# ---------------------------------------------------------------- the probability thread (issue 39)
#: the open gap of the Drawing screen: the square north of the headland's island
GAP = (0, -1)
#: the tiles Player 2 and Player 3 draw (and show) before Player 1's turn: the first does not fit the gap,
#: the second does (it has island on an edge)
SEEN = ("bend", "island corner")
#: the simulation screen draws the next tile this many times (760 x 43/76 = 430 fitting tiles expected)
SIM_TRIES = 760


def galleon_kinds() -> set:
    """The kinds of sea tile that show a treasure galleon.

    >>> sorted(galleon_kinds())[:2]
    ['bend with galleon', 'open sea with galleon']
    """
    from .parts import tiles
    return {t.name for t in tiles().types if any(s.galleons for s in t.segments)}


def galleon_first_draw() -> Fraction:
    """Parts and Setup: P(the first tile drawn in a new game shows a treasure galleon): the tiles with a galleon
    over the 79 face down (the starting tile lies face up).

    >>> galleon_first_draw()
    Fraction(6, 79)
    """
    state = setup_state(3)
    kinds = galleon_kinds()
    galleons = sum(n for k, n in enumerate(state.bag) if state.board.types[k].name in kinds)
    return Fraction(galleons, sum(state.bag))


def gap_within_two() -> Fraction:
    """P(a tile fitting the gap comes within 2 draws): one minus the chance that neither fits.

    >>> gap_within_two()
    Fraction(387, 475)
    """
    return gap_odds(drawing_state(), GAP, 2).probability


def seen_state() -> State:
    """The Drawing screen's board after Player 2 and Player 3 have drawn and shown :data:`SEEN` (laid
    elsewhere): those two tiles are no longer unseen."""
    state = drawing_state()
    bag = {state.board.types[k].name: n for k, n in enumerate(state.bag) if n}
    for name in SEEN:
        bag[name] -= 1
    return build(tiles=[("headland", (0, 0), 0), ("straight route", (1, 0), 1)], drawn="headland", bag=bag)


def seen_fit() -> Fraction:
    """P(Player 1's next tile fits the gap) once :data:`SEEN` are seen.

    >>> seen_fit()
    Fraction(21, 37)
    """
    return gap_odds(seen_state(), GAP, 1).probability


def seen_within_two() -> Fraction:
    """The synthesis: once :data:`SEEN` are seen, P(a tile fitting the gap comes within the next 2 draws).

    >>> seen_within_two()
    Fraction(2205, 2701)
    """
    return gap_odds(seen_state(), GAP, 2).probability


def sim_expected() -> int:
    """How many of :data:`SIM_TRIES` next-tile draws the exact chance says fit the gap (a whole number here)."""
    expected = SIM_TRIES * gap_odds(drawing_state(), GAP, 1).probability
    assert expected.denominator == 1
    return int(expected)


def next_tiles(state: State, draws: int, rng: random.Random) -> list[str]:
    """``draws`` tiles drawn from ``state``'s unseen tiles (without putting any back), by their names.

    >>> next_tiles(drawing_state(), 2, random.Random(1))
    ['island corner with dye port', 'open sea with galleon']
    """
    pile = [state.board.types[k].name for k, n in enumerate(state.bag) for _ in range(n)]
    return rng.sample(pile, draws)


def random_pick_success() -> Fraction:
    """Battles: if each side picked 0, 1 or 2 resources at random (each equally likely), P(the attack succeeds):
    the pairs where the attack is more than the defence (a pirate defends: base 0), over the 9 pairs."""
    grid = battle_outcomes(2, 2, 0)
    return Fraction(sum(map(sum, grid)), sum(map(len, grid)))


def defender_mix() -> list:
    """The defender's best secret mix when both sides hold 2 resources (the lesson's model: ship 6, resource 1).

    >>> [str(p) for p in defender_mix()]
    ['1/6', '1/6', '2/3']
    """
    battle = secret_battle(2, 2, 0, 6, 1)
    return [battle.defender[d] for d in range(3)]


def mix_success(attack: int) -> Fraction:
    """P(an attack of ``attack`` resources succeeds) against :func:`defender_mix` (base 0)."""
    return sum((p for d, p in enumerate(defender_mix()) if attack > d), Fraction(0))


def mix_two_success() -> Fraction:
    """The mixing screen's answer: an attack of 2 against the defender's best mix."""
    return mix_success(2)


def natives_after_storm_state() -> State:
    """Advanced Rules: Player 1 draws an exploration tile after Player 2 drew the Storm earlier (face up)."""
    state = advanced_state().clone()
    state.explore_bag.remove("Storm")
    return state


def natives_after_storm() -> Fraction:
    """P(the exploration tile Player 1 draws is a Natives) with the Storm already drawn.

    >>> natives_after_storm()
    Fraction(2, 9)
    """
    from .game import Explore
    return natives_after_storm_state().chance_outcomes().probability(Explore("Natives"))
