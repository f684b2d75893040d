"""Pirates & Plunder lesson demos for ``pirates_lab/pirates_and_plunder/data/lessons.toml``: each demo
returns a live board, calculator or drawing built from an engine position
(:mod:`pirates_lab.pirates_and_plunder.scenarios`); the answer functions are the engine's, computed when a
step is checked (never written in the lesson).  :func:`walkthrough` reads the lesson, :func:`lesson_card`
shows one step under its notebook heading, :func:`calculator` is the battle lab for the top of the page
and :func:`play_alone` a whole game at the GameTable.

Rules: Pirates & Plunder › Exploration Tiles
"""
from __future__ import annotations

import html
import random

import ipywidgets as widgets

from pirates_lab.core import random_playout
from pirates_lab.pirates_and_plunder import FLOW, Game, breakdown, describe, exploration_tiles, scenarios, tiles
from pirates_lab.pirates_and_plunder.exploration import ROLE_OF
from pirates_lab.pirates_and_plunder.parts import RESOURCES, components
from pirates_lab.pirates_and_plunder.players import greedy_player, random_player
from pirates_lab.pirates_and_plunder.scenarios import (archipelago_pirates, battle_success, cartographer_points,
                                                       fleet_zone_points, galleons_in_game, gap_next_draw, goal_points,
                                                       natives_chance, natives_ships_left, pirate_king_points,
                                                       port_squares_left, route_points, royal_ports_in_parts,
                                                       scavenger_points, setup_supply_ships, ship_places,
                                                       storm_ships_home, sure_attack, viceroy_points, final_points)

from .canvas import BoardCanvas
from .kit import Stepper
from .pirates_and_plunder import (EXPLORATION_MARKS, BattleLab, BoardExplorer, BoardRenderer, Layout, board_ops,
                                  player_colour, tile_gallery_ops)
from .walkthrough import Walkthrough

__all__ = ["GAME", "walkthrough", "lesson_card", "calculator", "play_alone", "demo_board", "board_drawing",
           # demos
           "parts", "goal", "setup", "playing", "drawing", "placing_ships", "scoring", "pirates", "ports",
           "final", "advanced", "archipelago", "buried_treasure", "natives", "pirate_cove", "reef",
           "royal_cartographer", "royal_port", "storm", "treasure_fleet", "viceroy", "battles",
           # answers (the engine's functions, re-exported: the lesson names them)
           "galleons_in_game", "goal_points", "setup_supply_ships", "gap_next_draw", "ship_places", "route_points",
           "sure_attack", "port_squares_left", "final_points", "natives_chance", "archipelago_pirates",
           "natives_ships_left", "pirate_king_points", "scavenger_points", "cartographer_points",
           "royal_ports_in_parts", "storm_ships_home", "fleet_zone_points", "viceroy_points", "battle_success"]

GAME = "pirates_and_plunder"
RESOURCE_NAMES = tuple(r.title() for r in RESOURCES)


# ---------------------------------------------------------------- small pieces of page
def _html(text: str, css: str = "pl-pnp-note") -> widgets.HTML:
    return widgets.HTML(f"<div class='{css}' style='max-width:900px'>{text}</div>")


def _lines(lines) -> str:
    return "<ul>" + "".join(f"<li>{html.escape(str(line))}</li>" for line in lines) + "</ul>"


def _wrap(*boxes) -> widgets.Box:
    return widgets.Box(list(boxes), layout=widgets.Layout(display="flex", flex_flow="row wrap", max_width="100%"))


def _captioned(caption: str, board: widgets.Widget) -> widgets.VBox:
    return widgets.VBox([_html(f"<b>{html.escape(caption)}</b>"), board], layout=widgets.Layout(margin="0 12px 8px 0"))


def board_drawing(state, size: int = 440, flash=None, odds_draws: int = 0) -> tuple:
    """(ops, width, height): the board as player 0 sees it, its squares as large as fit in ``size`` px (at most
    96 px), the canvas cut to the board (no empty margin)."""
    observation = state.observation(0)
    cells = [(x, y) for x, y, _, _ in observation["board"]]
    x0, x1 = min(x for x, _ in cells) - 1, max(x for x, _ in cells) + 1
    y0, y1 = min(y for _, y in cells) - 1, max(y for _, y in cells) + 1
    square = int(min(96, size / (x1 - x0 + 1), size / (y1 - y0 + 1)))
    width, height = square * (x1 - x0 + 1), square * (y1 - y0 + 1)
    return board_ops(observation, width, height, flash=flash, odds_draws=odds_draws,
                     layout=Layout(x0, y0, square, width, height)), width, height


def _board(state, size: int = 440, flash=None, odds_draws: int = 0) -> BoardCanvas:
    """The board of :func:`board_drawing` on a canvas."""
    ops, width, height = board_drawing(state, size, flash, odds_draws)
    canvas = BoardCanvas(width, height, css_class="pl-pnp-board")
    canvas.draw("background", ops)
    return canvas


def _legend(players: int = 2) -> str:
    """What the letters and colours on a board mean."""
    colours = components()["ships"]["colours"]
    ships = " ".join(f"<span style='color:{player_colour(p)};font-weight:bold'>●</span> player {p} ({c})"
                     for p, c in enumerate(colours[:players]))
    return (f"<div class='pl-pnp-legend'>Ships: {ships}; the letter on a ship is its role (M merchant, E explorer, "
            "H harbormaster, P pirate). On the tiles: G treasure galleon, ~ sea serpent, X exploration marker, "
            "⚓ port, C R S D resources (cloth, rum, spice, dye). Yellow squares: where the drawn tile fits.</div>")


def _resources(state) -> str:
    head = "".join(f"<th>{name}</th>" for name in RESOURCE_NAMES)
    rows = "".join(f"<tr><td>player {p}</td>" + "".join(f"<td>{n}</td>" for n in held) + "</tr>"
                   for p, held in enumerate(state.resources))
    return f"<table class='pl-pnp-resources'><tr><th>resources</th>{head}</tr>{rows}</table>"


# ---------------------------------------------------------------- one demo per rulebook section
def parts() -> widgets.Widget:
    """Every kind of sea tile once, with its number of copies; the exploration tiles as printed."""
    gallery = BoardCanvas(9 * 52, 5 * 66, css_class="pl-pnp-gallery")
    gallery.draw("background", tile_gallery_ops())
    tileset = tiles()
    facts = [f"{tileset.total} sea tiles in {len(tileset.types)} kinds; under each kind, its number of copies (x2: two tiles)",
             "Exploration tiles as the Parts list prints them: " + ", ".join(exploration_tiles())]
    return widgets.VBox([gallery, _html(_lines(facts) + _legend(5))])


def goal() -> widgets.Widget:
    """A whole seeded game of three random players, and where player 0's points came from."""
    final = scenarios.goal_game()
    rows = [line.split(": ", 1)[1] for line in breakdown(final, 0)]
    return widgets.VBox([BoardExplorer(final), _html(_legend(3) + "<b>Player 0's points, one line per score:</b>" + _lines(rows))])


def setup() -> widgets.Widget:
    """A new four-player game: the starting tile alone; each colour's ships."""
    state = scenarios.setup_state(4)
    ships = components()["ships"]
    text = (f"The starting tile lies at (0, 0); {sum(state.bag)} tiles wait face down. Each player takes the "
            f"{ships['per_colour']} ships of a colour and puts one on space 0 of the scoring track.")
    return widgets.VBox([_board(state, 300), _html(text)])


def playing() -> widgets.Widget:
    """The engine's turn as a table of phases."""
    rows = [line.strip("|").split("|") for line in FLOW.table().splitlines()]
    cells = "".join("<tr>" + "".join(f"<td style='border:1px solid #ccc;padding:2px 6px'>{html.escape(c.strip())}</td>"
                                     for c in row) + "</tr>" for i, row in enumerate(rows) if i != 1)
    return _html(f"<table class='pl-pnp-flow' style='border-collapse:collapse'>{cells}</table>")


def drawing() -> widgets.Widget:
    """The drawn headland's legal squares (yellow) and, on every empty square, the chance that a tile fitting it
    comes within the next 3 draws."""
    state = scenarios.drawing_state()
    return widgets.VBox([_board(state, odds_draws=3),
                         _html("Yellow frames: where the drawn headland may go. The percentage on each empty square: "
                               "the chance that a tile fitting it comes within the next 3 draws.")])


def placing_ships() -> widgets.Widget:
    """The crossroads just laid at (1, 0), and each of its segments in words."""
    state = scenarios.ships_state()
    lines = [f"segment {k}: {describe(state, state.node((1, 0), k))}"
             for k in range(len(state.board.types[state.placed[-1][0]].segments))]
    return widgets.VBox([_board(state), _html("The tile just laid, segment by segment:" + _lines(lines) + _legend())])


def scoring() -> widgets.Widget:
    """Two merchants on separate routes; the spice route joins them between two crossroads."""
    before, after = scenarios.scoring_states()
    cells = [(x, 0) for x in range(-1, 4)]
    return widgets.VBox([_wrap(_captioned("Before: the spice route is drawn", _board(before, 420)),
                               _captioned("After: the route is complete (red frames)", _board(after, 420, flash=cells))),
                         _html(_legend())])


def pirates() -> widgets.Widget:
    """Player 1 completed a route: every move the engine allows its pirate."""
    state = scenarios.pirate_state()
    moves = [str(a) for a in state.legal_actions()]
    return widgets.VBox([_board(state), _html("Player 1's choices now:" + _lines(moves) + _resources(state))])


def ports() -> widgets.Widget:
    """A harbormaster on the cloth port; player 1 lays the tile at (1, 1)."""
    before, after = scenarios.port_states()
    return widgets.VBox([_wrap(_captioned("Before", _board(before, 420)), _captioned("After the tile at (1, 1)",
                                                                                     _board(after, 420))),
                         _html("What the engine did:" + _lines(after.log[-3:]))])


def final() -> widgets.Widget:
    """No tiles left: the table the final scoring reads."""
    state = scenarios.final_state()
    return widgets.VBox([_board(state), _html(_resources(state) + _legend())])


def advanced() -> widgets.Widget:
    """Player 0 has just completed an island with an exploration marker (X)."""
    state = scenarios.advanced_state()
    tiles_ = exploration_tiles()
    return widgets.VBox([_board(state, flash=[(0, 0), (0, -1)]),
                         _html("Player 0 completed the island framed in red: it shows an exploration marker, so an "
                               "exploration tile is drawn from the ten shuffled face down: " + ", ".join(tiles_) + ".")])


def _exploration(name: str, after: bool = True) -> widgets.Widget:
    """The exploration tile laid on the advanced board (and manned), or the board just before."""
    state = scenarios.exploration_scene(name) if after else scenarios.advanced_state()
    spot = scenarios.EXPLORATION_SPOT.get(name, scenarios.EXPLORATION_SPOT["sea"])
    marks = ", ".join(f"{mark} {tile}" for tile, mark in EXPLORATION_MARKS.items())
    if after:
        start = len(scenarios.advanced_state().log) + 1
        text = f"Player 0 draws the {name}; the engine lays it:" + _lines(state.log[start:])
        flash = None
    else:
        manned = ", and put a ship on it" if name in ROLE_OF else ""
        text = f"Player 0 is about to lay the {name} on the square framed in red, {spot[0]}{manned}."
        flash = [spot[0]]
    return widgets.VBox([_board(state, flash=flash),
                         _html(text + _resources(state) + f"<div>Exploration tiles on the board: {marks}.</div>" + _legend())])


def archipelago() -> widgets.Widget:
    return _exploration("Archipelago")


def buried_treasure() -> widgets.Widget:
    return _exploration("Buried Treasure")


def natives() -> widgets.Widget:
    return _exploration("Natives", after=False)


def pirate_cove() -> widgets.Widget:
    return _exploration("Pirate Cove")


def reef() -> widgets.Widget:
    return _exploration("Reef")


def royal_cartographer() -> widgets.Widget:
    return _exploration("Royal Cartographer")


def royal_port() -> widgets.Widget:
    return _exploration("Royal Port")


def storm() -> widgets.Widget:
    return _exploration("Storm", after=False)


def treasure_fleet() -> widgets.Widget:
    return _exploration("Treasure Fleet")


def viceroy() -> widgets.Widget:
    return _exploration("Viceroy")


def battles() -> widgets.Widget:
    """The secret-battle lab: both optimal mixes, exact."""
    return BattleLab()


# ---------------------------------------------------------------- the lesson on a page
def walkthrough() -> Walkthrough:
    """The lesson file ``pirates_lab/pirates_and_plunder/data/lessons.toml``, read and checked."""
    return Walkthrough.for_game(GAME)


def lesson_card(heading: str, lesson: Walkthrough | None = None) -> Stepper:
    """One step of the walkthrough on its own (rule, live demo, why, question) under its notebook heading."""
    return (lesson or walkthrough()).card(heading, css_class='pl-pnp-lesson')


def calculator() -> BattleLab:
    """The battle calculator for the top of the page."""
    return BattleLab()


def play_alone(players: int = 3, seed: int = 0, computer: str = "greedy"):
    """A whole game against computer players (``"greedy"`` or ``"random"``), through the kit's GameTable."""
    from .table import GameTable
    choose = {"greedy": greedy_player, "random": random_player}[computer]
    return GameTable(Game(players=players), BoardRenderer(), humans=(0,), players=choose, seed=seed)


def demo_board(seed: int = 3) -> tuple:
    """Draw operations of a seeded part-played game (for screenshots)."""
    state = random_playout(Game(players=3, max_turns=10).new_initial_state(), random.Random(seed))
    return board_ops(state.observation(0))
