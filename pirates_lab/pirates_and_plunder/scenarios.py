"""Hand-built positions: tiny boards for scenario tests and the notebook's walkthrough.

Rules: Pirates & Plunder › Setup

>>> state = build(tiles=[("three-way crossroads", (0, 0), 0)], drawn="three-way crossroads")
>>> state.current_player(), sorted(state.needs)
(0, [(-1, 0), (0, -1), (0, 1), (1, 0)])
"""
from __future__ import annotations

from pirates_lab.core import InvalidInput, Task, play

from .game import FLOW, DrawExploration, Game, MovePirate, NoShip, PlaceShip, PlaceTile, State
from .parts import MAX_SEGMENTS, RESOURCES
from .placing import place_tile

__all__ = ["build", "galleons_in_game", "goal_game", "goal_points", "setup_state", "setup_supply_ships", "drawing_state",
           "gap_next_draw", "ships_state", "ship_places", "scoring_states", "route_points", "pirate_state",
           "sure_attack", "port_states", "port_squares_left", "final_state", "final_points", "advanced_state",
           "natives_chance", "exploration_scene", "archipelago_pirates", "natives_ships_left", "pirate_king_points",
           "scavenger_points", "cartographer_points", "royal_ports_in_parts", "storm_ships_home",
           "fleet_zone_points", "viceroy_points", "battle_success", "with_defaults", "LESSON_BOARDS", "lesson_boards"]


def build(players: int = 2, tiles=(), ships=(), resources=None, drawn: str | None = None,
          phase: str = "place", player: int = 0, data=(), bag: dict | None = None,
          turn: int = 5, then: tuple = (), **options) -> State:
    """A position with exactly these tiles ``[(name, (x, y), quarter_turns)]`` and ships
    ``[(owner, (x, y), segment)]`` (placed on an earlier turn), ``player`` to act in ``phase``.

    ``bag``: the unseen tiles ``{name: count}`` (default: every tile not on the board, drawn, or the
    starting tile).  Tiles are
    laid without checking the placing rules (a scenario may set up anything).  ``then``: phases that follow
    (``("end_turn",)`` to let the game go on).
    """
    game = Game(players=players, **options)
    state = game.new_initial_state()
    tileset = game.board.tileset
    for name in ("placed", "parent", "open", "size", "scoring"):
        getattr(state, name).clear()
    state.log = type(state.log)()             # the log is an immutable chain: start a new one
    state.cells.clear()
    state.needs.clear()
    counts = [0] * len(tileset.types)
    for name, cell, turns in tiles:
        kind = tileset.index(name)
        if cell in state.cells:
            raise InvalidInput(f"Two tiles at {cell}.")
        place_tile(state, game.board, kind, tuple(cell), turns)
        counts[kind] += 1
    state.last = len(state.placed) - 1
    for owner, cell, segment in ships:
        node = MAX_SEGMENTS * state.cells[tuple(cell)] + segment
        state.ships[next(owner * 8 + k for k in range(8) if owner * 8 + k not in state.ships)] = (owner, node, -1)
    if resources is not None:
        state.resources = [list(r) for r in resources]
        state.bank = [15 - sum(r[k] for r in resources) for k in range(len(RESOURCES))]
    if drawn is not None:
        counts[tileset.index(drawn)] += 1
        state.drawn = tileset.index(drawn)
    if bag is None:
        state.bag = [t.copies - counts[i] - (i == tileset.start and counts[i] == 0) for i, t in enumerate(tileset.types)]
    else:
        state.bag = [bag.get(t.name, 0) for t in tileset.types]
    if any(n < 0 for n in state.bag):
        raise InvalidInput("More tiles of one kind than the game has.")
    state.turn = turn
    state.agenda = []
    FLOW.push(state, Task(phase, player, tuple(data) if isinstance(data, list) else data),
              *(Task(name, player) for name in then))
    FLOW.settle(state)
    return state


# ---------------------------------------------------------------- the lesson's positions and answers
# Each answer is computed by the engine when the lesson asks (data/lessons.toml names the function);
# tests/pirates_and_plunder/test_pirates_and_plunder_lessons.py checks every one against a count done another way.
CROSS = "three-way crossroads"
#: where the lesson lays each exploration tile on :func:`exploration_scene`'s board: (cell, segment).  The
#: island tiles go on the headland's island at (2, 0), which is still open: the island at (0, 0) has just been
#: completed, and a tile laid on a completed island would strand its ship (the island never scores again)
EXPLORATION_SPOT = {"sea": ((0, 0), 1), "Buried Treasure": ((2, 0), 0), "Royal Port": ((2, 0), 0),
                    "Natives": ((2, 0), 0), "Pirate Cove": ((2, 0), 0)}


def galleons_in_game() -> int:
    """Parts: treasure galleons printed on all the sea tiles together (copies counted)."""
    from .parts import tiles
    return sum(t.copies * s.galleons for t in tiles().types for s in t.segments)


def goal_game():
    """Goal: a whole seeded game of three random players, played to the final scoring."""
    from pirates_lab.core import random_playout
    return random_playout(Game(players=3).new_initial_state(), 11)


def goal_points() -> int:
    """Goal: player 0's points at the end of :func:`goal_game`."""
    return goal_game().scores()[0]


def setup_state(players: int = 4) -> State:
    """Setup: a new game, before the first tile is drawn."""
    return Game(players=players).new_initial_state()


def setup_supply_ships() -> int:
    """Setup: the ships in all the players' supplies together at the start of a 4-player game."""
    state = setup_state(4)
    return sum(state.supply(p) for p in range(4))


def drawing_state() -> State:
    """Drawing and Placing Land Tiles: a headland drawn beside the island's open gap north of (0, 0); east of
    it a straight route running north–south, so that its sea edge meets the headland's sea edge."""
    return build(tiles=[("headland", (0, 0), 0), ("straight route", (1, 0), 1)], drawn="headland")


def gap_next_draw():
    """Drawing and Placing Land Tiles: P(the very next tile drawn fits the gap north of (0, 0))."""
    from .odds import gap_odds
    return gap_odds(drawing_state(), (0, -1), 1).probability


def ships_state() -> State:
    """Placing Ships: a crossroads just laid beside player 1's merchant; player 0 may place a ship."""
    return build(tiles=[(CROSS, (0, 0), 0)], ships=[(1, (0, 0), 0)], drawn=CROSS).apply(PlaceTile((1, 0), 0))


def ship_places() -> int:
    """Placing Ships: on how many segments of the tile just laid the engine lets player 0 place a ship."""
    return sum(isinstance(a, PlaceShip) for a in ships_state().legal_actions())


def scoring_states() -> tuple:
    """Scoring Islands and Trade Routes: two merchants, then the spice route joining them (before, after).  The
    sea to the north joins the two halves of the board, as legal placements would have."""
    laid = [(CROSS, (-1, 0), 0), ("straight route", (0, 0), 0), ("straight route", (2, 0), 0), (CROSS, (3, 0), 0),
            ("open sea", (0, -1), 0), ("open sea", (1, -1), 0), ("headland", (2, -1), 0)]
    before = build(tiles=laid, ships=[(0, (0, 0), 0), (1, (2, 0), 0)], drawn="spice route", player=1)
    return before, before.apply(PlaceTile((1, 0), 0)).apply(NoShip())


def route_points() -> int:
    """Scoring Islands and Trade Routes: the points player 0 scores when the spice route completes the route."""
    before, after = scoring_states()
    return after.scores()[0] - before.scores()[0]


def pirate_state() -> State:
    """Moving Pirates and Battle: player 1 has completed a route and may move its pirate."""
    state = build(tiles=[(CROSS, (0, 0), 0), ("open sea", (0, -1), 0)], ships=[(1, (0, 0), 3), (0, (0, -1), 0)],
                  drawn=CROSS, player=1, resources=[[1, 0, 0, 0], [0, 2, 0, 0]])
    return state.apply(PlaceTile((1, 0), 0)).apply(NoShip())


def sure_attack() -> int:
    """Moving Pirates and Battle: the fewest resources player 1's pirate must commit so that player 0's
    pirate cannot repulse it (the defender answers after seeing the attack)."""
    from .battles import open_battle
    from .pirates import base_defence
    state = pirate_state()
    attack = next(a for a in state.legal_actions() if isinstance(a, MovePirate) and a.target >= 0)
    defender = state.ships[attack.target][0]
    return open_battle(sum(state.resources[1]), sum(state.resources[defender]),
                       base_defence(state, attack.target)).winning_attack


def port_states() -> tuple:
    """Ports: a harbormaster on the cloth port; player 1 lays the tile that surrounds it (before, after)."""
    around = [("open sea", c, 0) for c in [(-1, -1), (1, -1), (1, 0), (-1, 0), (-1, 1), (0, 1)]]
    before = build(tiles=[("headland with cloth port", (0, 0), 0), ("headland", (0, -1), 2), *around],
                   ships=[(0, (0, 0), 2)], drawn="open sea", player=1, bag={})
    return before, before.apply(PlaceTile((1, 1), 0)).apply(NoShip())


def port_squares_left() -> int:
    """Ports: in the position before, how many squares around the port tile (sides and corners) are empty."""
    from .placing import neighbours8
    before, _ = port_states()
    (x, y), _ = before.where(before.ships[0][1])
    return sum(cell not in before.cells for cell in neighbours8((x, y)))


def final_state() -> State:
    """Final Scoring: no tiles left; two players' pirates, an explorer and resources on the table."""
    laid = [("open sea with galleon", (0, 0), 0), ("open sea with galleon", (1, 0), 0), ("headland", (0, 1), 2),
            ("open sea with serpent", (2, 0), 0)]
    ships = [(0, (0, 0), 0), (0, (1, 0), 0), (1, (0, 1), 1), (1, (0, 1), 0)]
    return build(tiles=laid, ships=ships, phase="final", resources=[[2, 0, 0, 0], [2, 1, 0, 0]], bag={})


def final_points() -> int:
    """Final Scoring: player 0's points from the final scoring."""
    return final_state().scores()[0]


def advanced_state(exploration: str = "parts", bag: dict | None = None) -> State:
    """Advanced Rules: player 0 completes an island showing an exploration marker and draws an exploration
    tile ("may draw": the engine is about to draw it).  Around it: a sea zone with a galleon, three pirates and
    player 1's explorer."""
    laid = [("headland with marker", (0, 0), 0), ("open sea with galleon", (0, 1), 0), ("open sea", (1, 0), 0),
            ("headland", (2, 0), 0)]
    ships = [(0, (0, 1), 0), (1, (1, 0), 0), (1, (1, 0), 0), (1, (2, 0), 0)]
    state = build(tiles=laid, ships=ships, drawn="headland", advanced=True, exploration=exploration,
                  bag={} if bag is None else bag, resources=[[2, 1, 0, 0], [1, 0, 0, 0]])
    return state.apply(PlaceTile((0, -1), 2)).apply(NoShip()).apply(DrawExploration())


def with_defaults(state: State) -> State:
    """Make the choices that come up (pay or return a ship, resources to take) the computer players' way."""
    from .players import default_choice
    return play(state, lambda view, rng: default_choice(view),
                until=lambda now: now.current_player() < 0 or default_choice(now.view()) is None).run()


def natives_chance():
    """Advanced Rules: P(the exploration tile drawn is the Natives)."""
    from .game import Explore
    return advanced_state().chance_outcomes().probability(Explore("Natives"))


def exploration_scene(name: str, final: bool = False) -> State:
    """Exploration Tiles: player 0 draws ``name``, lays it (sea tiles on the sea beside the island, island
    tiles as :data:`EXPLORATION_SPOT` says) and mans it when it may; the payments and choices that follow are
    made the computer players' way (:func:`with_defaults`).  ``final``: no tile is left, so the final scoring
    follows at once; otherwise one tile is still unseen and the game goes on."""
    from .exploration import SEA_TILES
    from .game import Explore, LayExploration, ManExploration
    reading = "royal port" if name == "Royal Port" else "parts"
    state = advanced_state(reading, bag={} if final else {"open sea": 1}).apply(Explore(name))
    cell, segment = EXPLORATION_SPOT["sea" if name in SEA_TILES else name]
    state = state.apply(LayExploration(cell, segment))
    if ManExploration() in state.legal_actions():
        state = state.apply(ManExploration())
    return with_defaults(state)


def _zone_pirates(state: State, player: int, cell=(0, 1), segment: int = 0) -> int:
    from .exploration import pirate_weight
    from .scoring import feature
    zone = feature(state, state.node(cell, segment))
    return sum(pirate_weight(state, s) for s in zone.ships if state.ships[s][0] == player)


def archipelago_pirates() -> int:
    """Archipelago: how many pirates player 0 counts in the sea zone once its ship is on the Archipelago."""
    return _zone_pirates(exploration_scene("Archipelago"), 0)


def _bonus(name: str, role_word: str) -> int:
    state = exploration_scene(name, final=True)
    return sum(points for player, points, sentence in state.scoring if sentence.startswith(f"the {role_word}"))


def natives_ships_left() -> int:
    """Natives: how many of player 1's ships are still on the board after the Natives are laid and manned."""
    state = exploration_scene("Natives")
    return sum(owner == 1 for owner, _, _ in state.ships.values())


def pirate_king_points() -> int:
    """Pirate Cove: the pirate king's points at the end of the game."""
    return _bonus("Pirate Cove", "pirate king")


def scavenger_points() -> int:
    """Reef: the scavenger's points at the end of the game."""
    return _bonus("Reef", "scavenger")


def cartographer_points() -> int:
    """Royal Cartographer: the royal cartographer's points at the end of the game."""
    return _bonus("Royal Cartographer", "royal cartographer")


def royal_ports_in_parts() -> int:
    """Royal Port: Royal Port tiles in the Parts list as printed."""
    from .parts import exploration_tiles
    return exploration_tiles("parts").count("Royal Port")


def storm_ships_home() -> int:
    """Storm: how many of player 1's pirates go home when the Storm strikes their sea zone."""
    before = advanced_state()
    after = exploration_scene("Storm")
    return sum(o == 1 for o, _, _ in before.ships.values()) - sum(o == 1 for o, _, _ in after.ships.values())


def fleet_zone_points() -> int:
    """Treasure Fleet: the points the sea zone with the Treasure Fleet gives at the final scoring."""
    state = exploration_scene("Treasure Fleet", final=True)
    return sum(points for _, points, sentence in state.scoring if "in a sea zone" in sentence)


def viceroy_points() -> int:
    """Viceroy: the viceroy's points at the end of the game."""
    return _bonus("Viceroy", "viceroy")


def battle_success(attacker: int = 2, defender: int = 2):
    """Battles: P(the attack succeeds) when both sides play their optimal secret mixes (pirate defending,
    ship value 6, resource value 1)."""
    from .battles import secret_battle
    return secret_battle(attacker, defender, 0, 6, 1).success()


def lesson_boards() -> dict:
    """Every position the lesson shows, by name (each must obey the placing rules: see
    :func:`.placing.placement_errors`)."""
    from .exploration import ISLAND_TILES, SEA_TILES
    boards = {"drawing": drawing_state(), "ships": ships_state(), "pirates": pirate_state(),
              "final": final_state(), "advanced": advanced_state(), "goal": goal_game(), "setup": setup_state()}
    for when, state in zip(("before", "after"), scoring_states()):
        boards[f"scoring {when}"] = state
    for when, state in zip(("before", "after"), port_states()):
        boards[f"ports {when}"] = state
    for name in SEA_TILES + ISLAND_TILES:
        boards[name] = exploration_scene(name)
    return boards


#: the names of :func:`lesson_boards`
LESSON_BOARDS = ("drawing", "ships", "pirates", "final", "advanced", "goal", "setup", "scoring before",
                 "scoring after", "ports before", "ports after") + (
                 "Archipelago", "Reef", "Royal Cartographer", "Storm", "Treasure Fleet", "Viceroy",
                 "Buried Treasure", "Natives", "Pirate Cove", "Royal Port")
