"""Positions to try a rule on: the live examples of the lesson's reference screens (issue 34 item 4).

Each function returns a hand-built position of a two-player game (plain engine state, no widgets) in which
Player 1 (seat 0) is at the decision the heading is about; the lesson's "try it" table lets a student make that
move on the real engine, and the computer player goes on from its own seat's view.  The positions keep the
computer's turns few (its greedy player takes about 20 ms a step): most end the game within a turn or two.
The ``*_answer`` functions compute a screen's question by playing the move on the engine.

>>> s = placing_ships()
>>> str(s.phase), s.current_player()
('ship', 0)
>>> ship_places_answer()
5

Rules: Pirates & Plunder › Playing the Game
Rules: Pirates & Plunder › Exploration Tiles
"""
from __future__ import annotations

from .game import (DrawExploration, Explore, Game, LayExploration, ManExploration, MovePirate, NoShip, PlaceShip,
                   PlaceTile, State)
from .parts import RESOURCES
from .scenarios import CROSS, build

__all__ = ["TRY_IT", "heading_of", "SETUP_DRAW", "setup", "tiles_face_down", "playing_the_game", "turn_points_answer",
           "placing_ships", "ship_places_answer", "scoring", "route_points_answer", "moving_pirates",
           "sure_attack_answer", "ports", "port_cloth_answer", "final_scoring", "final_points_answer",
           "EXPLORATION_SPOTS", "explored", "lay_and_man", "archipelago", "archipelago_pirates_answer",
           "buried_treasure", "buried_treasure_points_answer", "natives", "natives_ships_left_answer", "pirate_cove",
           "pirate_king_answer", "reef", "royal_cartographer", "cartographer_answer", "royal_port", "storm",
           "storm_ships_home_answer", "treasure_fleet", "fleet_zone_answer", "viceroy"]

#: the first tile Player 1 draws in the Setup position (it fits beside the starting tile)
SETUP_DRAW = "straight route"


# ------------------------------------------------------------------ the basic game
def setup() -> State:
    """Rules: Pirates & Plunder › Setup — a new two-player game as Setup lays it out; Player 1 has drawn the first
    tile and lays it beside the starting tile."""
    state = Game(players=2).new_initial_state()
    return state.apply(state.game.draws[state.game.kind_of[SETUP_DRAW]])


def tiles_face_down() -> int:
    """Setup: the land tiles still face down once Player 1's first tile is drawn."""
    return sum(setup().bag)


#: Playing the Game: two crossroads with the open sea between their northern edges (lessons.TURN_TILES)
TURN_TILES = [(CROSS, (0, 0), 0), (CROSS, (2, 0), 0), ("open sea", (0, -1), 0), ("open sea with galleon", (1, -1), 0),
              ("open sea", (2, -1), 0)]


def playing_the_game() -> State:
    """Rules: Pirates & Plunder › Playing the Game — Player 1 has drawn a straight route; two crossroads lie with a
    gap between them at (1, 0)."""
    return build(tiles=TURN_TILES, drawn="straight route")


def turn_points_answer() -> int:
    """The points Player 1 scores this turn after laying the route at (1, 0) and placing a merchant on it."""
    start = playing_the_game()
    laid = start.apply(PlaceTile((1, 0), 0))
    route = next(a for a in laid.legal_actions() if isinstance(a, PlaceShip)
                 and laid.board.types[laid.placed[-1][0]].segments[a.segment].kind == "route")
    return laid.apply(route).scores()[0] - start.scores()[0]


def placing_ships() -> State:
    """Rules: Pirates & Plunder › Placing Ships — Player 1 has just laid a crossroads at (1, 0), east of the
    crossroads where Player 2 has a merchant; Player 1 may place a ship on it."""
    return build(tiles=[(CROSS, (0, 0), 0)], ships=[(1, (0, 0), 0)], drawn=CROSS).apply(PlaceTile((1, 0), 0))


def ship_places_answer() -> int:
    """On how many segments of the tile just laid the engine lets Player 1 place a ship."""
    return sum(isinstance(a, PlaceShip) for a in placing_ships().legal_actions())


#: Scoring: two routes, a gap at (1, 0) between them; the sea to the north joins the two halves of the board
SCORING_TILES = [(CROSS, (-1, 0), 0), ("straight route", (0, 0), 0), ("straight route", (2, 0), 0), (CROSS, (3, 0), 0),
                 ("open sea", (0, -1), 0), ("open sea", (1, -1), 0), ("headland", (2, -1), 0)]


def scoring() -> State:
    """Rules: Pirates & Plunder › Scoring Islands and Trade Routes — Player 1's merchant and Player 2's merchant on
    two routes with a gap between them; Player 1 holds the spice route that fits the gap."""
    return build(tiles=SCORING_TILES, ships=[(0, (0, 0), 0), (1, (2, 0), 0)], drawn="spice route")


def route_points_answer() -> int:
    """The points Player 1 scores when the spice route laid at (1, 0) completes the route (no ship placed)."""
    start = scoring()
    return start.apply(PlaceTile((1, 0), 0)).apply(NoShip()).scores()[0] - start.scores()[0]


def moving_pirates() -> State:
    """Rules: Pirates & Plunder › Moving Pirates and Battle — Player 1 has completed a route of 2 segments: its
    pirate may move 2 points, and Player 2's pirate (1 resource) lies within reach; Player 1 holds 2 rum.  Player 1's
    explorer on the headland at (0, -2) was placed first, so the moves name "pirate 1", never "pirate 0"."""
    state = build(tiles=[(CROSS, (0, 0), 0), ("open sea", (0, -1), 0), ("headland", (0, -2), 0)],
                  ships=[(0, (0, -2), 0), (0, (0, 0), 3), (1, (0, -1), 0)], drawn=CROSS,
                  resources=[[0, 2, 0, 0], [1, 0, 0, 0]])
    return state.apply(PlaceTile((1, 0), 0)).apply(NoShip())


def _attack(state: State) -> MovePirate:
    return next(a for a in state.legal_actions() if isinstance(a, MovePirate) and a.target >= 0)


def sure_attack_answer() -> int:
    """The fewest resources Player 1 must commit so that Player 2, answering after seeing the attack, cannot
    repulse it: each attack tried on the engine against every answer the defender may give."""
    from .pirates import Commit
    start = moving_pirates()
    move = _attack(start)
    state = start.apply(move)
    for amount in range(sum(state.resources[0]) + 1):
        attack = next(a for a in state.legal_actions() if isinstance(a, Commit) and sum(a.resources) == amount)
        answered = state.apply(attack)
        if all(move.target not in answered.apply(defence).ships for defence in answered.legal_actions()):
            return amount
    raise AssertionError("no attack is sure")


def ports() -> State:
    """Rules: Pirates & Plunder › Ports — Player 1's harbormaster on the cloth port at (0, 0); seven of the eight
    squares around it are laid; Player 1 holds the last tile of the game, an open sea."""
    around = [("open sea", c, 0) for c in [(-1, -1), (1, -1), (1, 0), (-1, 0), (-1, 1), (0, 1)]]
    return build(tiles=[("headland with cloth port", (0, 0), 0), ("headland", (0, -1), 2), *around],
                 ships=[(0, (0, 0), 2)], drawn="open sea", bag={})


def port_cloth_answer() -> int:
    """The cloth Player 1's harbormaster brings when Player 1 lays the tile at (1, 1)."""
    start = ports()
    after = start.apply(PlaceTile((1, 1), 0)).apply(NoShip())
    cloth = RESOURCES.index("cloth")
    return after.resources[0][cloth] - start.resources[0][cloth]


#: Final Scoring: two pirates of Player 1 in a sea zone with two galleons and a serpent; Player 2's explorer on
#: a headland's island and a pirate in its sea; cloth tied at 2
FINAL_TILES = [("open sea with galleon", (0, 0), 0), ("open sea with galleon", (1, 0), 0), ("headland", (0, 1), 2),
               ("open sea with serpent", (2, 0), 0)]


def final_scoring() -> State:
    """Rules: Pirates & Plunder › Final Scoring — Player 1 holds the last tile of the game (an open sea)."""
    ships = [(0, (0, 0), 0), (0, (1, 0), 0), (1, (0, 1), 1), (1, (0, 1), 0)]
    return build(tiles=FINAL_TILES, ships=ships, resources=[[2, 0, 0, 0], [2, 1, 0, 0]], drawn="open sea", bag={})


def final_points_answer() -> int:
    """Player 1's points at the final scoring when the last tile is laid at the first of its places, no ship."""
    start = final_scoring()
    return start.apply(start.legal_actions()[0]).apply(NoShip()).scores()[0] - start.scores()[0]


# ------------------------------------------------------------------ the advanced rules: the exploration tiles
#: where each question lays its tile: the sea of the completed island's tile at (0, 0) (a sea zone where pirates
#: sail), the sea of the tile just laid at (0, -1) (a sea zone of its own, no pirate in it), the open island at (2, 0)
EXPLORATION_SPOTS = {"sea": ((0, 0), 1), "new sea": ((0, -1), 1), "island": ((2, 0), 0)}
#: the board of the Advanced Rules screen: Player 1's pirate at (0, 1), Player 2's two pirates at (1, 0), Player 2's
#: explorer on the headland's island at (2, 0)
ADVANCED_TILES = [("headland with marker", (0, 0), 0), ("open sea with galleon", (0, 1), 0), ("open sea", (1, 0), 0),
                  ("headland", (2, 0), 0)]
ADVANCED_SHIPS = [(0, (0, 1), 0), (1, (1, 0), 0), (1, (1, 0), 0), (1, (2, 0), 0)]


def explored(name: str, *, explorer: bool = True, left: int = 0) -> State:
    """Player 1 completes the island at (0, 0) (it shows an exploration marker), draws the exploration tile
    ``name`` and is to lay it.  ``explorer``: Player 2's explorer is on the open island at (2, 0); ``left``: land
    tiles still face down (0: the game ends after this turn, so the computer has few turns)."""
    reading = "royal port" if name == "Royal Port" else "parts"
    ships = ADVANCED_SHIPS if explorer else ADVANCED_SHIPS[:3]
    state = build(tiles=ADVANCED_TILES, ships=ships, drawn="headland", advanced=True, exploration=reading,
                  bag={"open sea": left} if left else {}, resources=[[2, 1, 0, 0], [1, 0, 0, 0]])
    state = state.apply(PlaceTile((0, -1), 2)).apply(NoShip()).apply(DrawExploration())
    return state.apply(Explore(name))


def lay_and_man(state: State, where: str) -> State:
    """The tile laid on :data:`EXPLORATION_SPOTS` ``where`` and a ship placed on it."""
    return state.apply(LayExploration(*EXPLORATION_SPOTS[where])).apply(ManExploration())


def archipelago() -> State:
    """Rules: Pirates & Plunder › Archipelago"""
    return explored("Archipelago")


def archipelago_pirates_answer() -> int:
    """The pirates Player 1 counts in the sea zone of (0, 1) once a ship is on the Archipelago laid at (0, 0)."""
    from .exploration import pirate_weight
    from .scoring import feature
    state = lay_and_man(archipelago(), "sea")
    zone = feature(state, state.node((0, 1), 0))
    return sum(pirate_weight(state, s) for s in zone.ships if state.ships[s][0] == 0)


def buried_treasure() -> State:
    """Rules: Pirates & Plunder › Buried Treasure — the island at (2, 0) has no explorer yet; one tile is left."""
    return explored("Buried Treasure", explorer=False, left=1)


def buried_treasure_points_answer() -> int:
    """The points Player 1 scores at once for an explorer on the Buried Treasure."""
    start = buried_treasure()
    return lay_and_man(start, "island").scores()[0] - start.scores()[0]


def natives() -> State:
    """Rules: Pirates & Plunder › Natives — Player 2 (1 resource) has an explorer on the island at (2, 0)."""
    return explored("Natives")


def natives_ships_left_answer() -> int:
    """Player 2's ships left on the board once the Natives are laid at (2, 0) with a Governor on them."""
    from .scenarios import with_defaults
    state = with_defaults(lay_and_man(natives(), "island"))
    return sum(owner == 1 for owner, _, _ in state.ships.values())


def pirate_cove() -> State:
    """Rules: Pirates & Plunder › Pirate Cove — the island at (2, 0) holds Player 2's explorer."""
    return explored("Pirate Cove")


def pirate_king_answer() -> int:
    """The pirate king's points at the end (the Pirate Cove laid at (2, 0) and manned; no tile is left)."""
    state = lay_and_man(pirate_cove(), "island")
    return sum(points for player, points, said in state.scoring if said.startswith("the pirate king"))


def reef() -> State:
    """Rules: Pirates & Plunder › Reef"""
    return explored("Reef")


def royal_cartographer() -> State:
    """Rules: Pirates & Plunder › Royal Cartographer"""
    return explored("Royal Cartographer")


def cartographer_answer() -> int:
    """The royal cartographer's points at the end (laid at (0, -1) and manned; no tile is left)."""
    state = lay_and_man(royal_cartographer(), "new sea")
    return sum(points for player, points, said in state.scoring if said.startswith("the royal cartographer"))


def royal_port() -> State:
    """Rules: Pirates & Plunder › Royal Port — the game with a Royal Port for one Natives; the island at (2, 0)
    has no explorer; one tile is left (Player 2 lays it)."""
    return explored("Royal Port", explorer=False, left=1)


def storm() -> State:
    """Rules: Pirates & Plunder › Storm — Player 2's two pirates and Player 1's pirate share the sea zone."""
    return explored("Storm")


def storm_ships_home_answer() -> int:
    """Player 2's pirates sent home when the Storm is laid at (0, 0) (Player 2 holds 1 resource)."""
    from .scenarios import with_defaults
    start = storm()
    state = with_defaults(start.apply(LayExploration(*EXPLORATION_SPOTS["sea"])))
    return sum(o == 1 for o, _, _ in start.ships.values()) - sum(o == 1 for o, _, _ in state.ships.values())


def treasure_fleet() -> State:
    """Rules: Pirates & Plunder › Treasure Fleet"""
    return explored("Treasure Fleet")


def fleet_zone_answer() -> int:
    """The points the sea zone with the Treasure Fleet (laid at (0, 0)) gives at the final scoring."""
    state = treasure_fleet().apply(LayExploration(*EXPLORATION_SPOTS["sea"]))
    return sum(points for _, points, said in state.scoring if "in a sea zone" in said)


def viceroy() -> State:
    """Rules: Pirates & Plunder › Viceroy"""
    return explored("Viceroy")


def heading_of(build) -> str:
    """The rulebook heading a position is about: the one its docstring cites (``Rules: Pirates & Plunder › …``).

    >>> heading_of(ports)
    'Ports'
    """
    return build.__doc__.split("›", 1)[1].split("—", 1)[0].split("\n", 1)[0].strip()


#: heading → the position to try it on (the lesson's reference screens with a live example), keyed by the heading
#: each position's docstring cites (the headings are written once, in headings.py and the docstrings)
TRY_IT = {heading_of(build): build for build in (
    setup, playing_the_game, placing_ships, scoring, moving_pirates, ports, final_scoring, archipelago,
    buried_treasure, natives, pirate_cove, reef, royal_cartographer, royal_port, storm, treasure_fleet, viceroy)}
