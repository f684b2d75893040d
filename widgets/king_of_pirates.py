"""King of Pirates front-ends: the hex board, and the board GameTable draws for the game.

The board drawing is a pure function, :func:`board_ops`, of a position (an engine ``State`` or a seat's
observation) to draw operations, tested without a browser; :class:`HexLayout` gives its size (the full
board, or the compact one a lesson screen shows beside its controls).  Players are numbered from 1 with
their colour (:func:`seat_name`: "Player 1 (red)").  :class:`KingOfPiratesRenderer` is the renderer
GameTable picks for King of Pirates (pyproject's ``pirates_lab.renderers`` entry point).

The calculators (Dutchman heat map and route, combat, rum) are in :mod:`.king_of_pirates_calculators`,
the turn replay in :mod:`.king_of_pirates_replay`, the lesson's screens in :mod:`.king_of_pirates_lessons`;
their names are offered here too.

Rules: King of Pirates › The Game Board
"""
from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

from pirates_lab.core import InvalidInput
from pirates_lab.king_of_pirates import components
from pirates_lab.king_of_pirates.components import Cell, cells, on_board

from .drawing import Drawing, DrawOp, axial_to_pixel, pixel_to_axial, shade

__all__ = ["COLOURS", "PLAYER_COLOURS", "PLAYER_COLOUR_NAMES", "HexLayout", "BOARD", "COMPACT", "Sea", "sea_of",
           "board_ops", "cell_at", "tile_kind", "seat_name", "legend_html", "heat_scale_html", "KingOfPiratesRenderer",
           "SIZE", "WIDTH", "HEIGHT"]

GAME = "king_of_pirates"
SIZE = 30                                   # hex size in pixels (the full board)
WIDTH, HEIGHT = 480, 440
ORIGIN = (WIDTH / 2, HEIGHT / 2)

COLOURS = {
    "lair": "#2f2f2f", "stronghold": "#8b1a1a", "city": "#c0622d", "small island": "#d9c27a",
    "large island": "#b89b3e", "shark": "#2b5d8a", "ocean": "#6fa8dc", "sea": "#dcebf7",
    "Merchant Ship (British)": "#1f4e9c", "Merchant Ship (Spanish)": "#d4a017", "Warship (French)": "#5b2c83",
    "dutchman": "#000000", "route": "#e00000",
}
PLAYER_COLOURS = ("#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4")
PLAYER_COLOUR_NAMES = ("red", "green", "yellow", "blue", "orange", "purple")
#: what the legend calls each kind of space, in the rulebook's words
LEGEND = {"lair": "Pirates Lair", "stronghold": "Stronghold", "city": "City", "small island": "small treasure island",
          "large island": "large treasure island", "shark": "shark tile (face down)",
          "ocean": "ocean tile (face down)", "sea": "open sea (tile turned over)",
          "Merchant Ship (British)": "Merchant Ship (British)", "Merchant Ship (Spanish)": "Merchant Ship (Spanish)",
          "Warship (French)": "Warship (French)"}


def seat_name(seat: int) -> str:
    """A seat as people read it: numbered from 1, with its colour.

    >>> seat_name(0), seat_name(3)
    ('Player 1 (red)', 'Player 4 (blue)')
    """
    return f"Player {seat + 1} ({PLAYER_COLOUR_NAMES[seat % len(PLAYER_COLOUR_NAMES)]})"


@dataclass(frozen=True)
class HexLayout:
    """Where the 61 hexes are drawn: ``size`` is a hex's radius in pixels; the drawing is ``width`` x ``height``.

    >>> COMPACT.width, COMPACT.height, COMPACT.cell_at(*COMPACT.pixel((2, -1)))
    (272, 249, (2, -1))
    """

    size: float = SIZE

    @property
    def scale(self) -> float:
        return self.size / SIZE

    @property
    def width(self) -> int:
        return round(WIDTH * self.scale)

    @property
    def height(self) -> int:
        return round(HEIGHT * self.scale)

    @property
    def origin(self) -> tuple[float, float]:
        return self.width / 2, self.height / 2

    def pixel(self, cell: Cell) -> tuple[float, float]:
        return axial_to_pixel(cell[0], cell[1], self.size, self.origin)

    def cell_at(self, x: float, y: float) -> Cell:
        """The board cell under drawing pixel (x, y); off the board raises InvalidInput."""
        cell = pixel_to_axial(x, y, self.size, self.origin)
        if not on_board(cell):
            raise InvalidInput("That is off the board: click a space of the sea.")
        return cell


#: the full board (480 x 440) and the compact one a lesson screen shows beside its controls (272 x 249)
BOARD, COMPACT = HexLayout(SIZE), HexLayout(17)


def _pixel(cell: Cell) -> tuple[float, float]:
    return BOARD.pixel(cell)


def cell_at(x: float, y: float) -> Cell:
    """The full board's cell under pixel (x, y); off the board raises InvalidInput."""
    return BOARD.cell_at(x, y)


# ------------------------------------------------------------------ what the board shows
@dataclass(frozen=True)
class Sea:
    """What the board shows of a position: the tiles turned over, the islands dug up, the ships, each player's
    ship piece (by seat) and the Flying Dutchman."""

    revealed: frozenset = frozenset()
    dug: frozenset = frozenset()
    ships: tuple = ()
    positions: tuple = ()
    dutchman: Cell | None = None
    current: int | None = None
    extra: dict = field(default_factory=dict, compare=False)


def _cell(value) -> Cell:
    if isinstance(value, str):
        q, r = value.split(",")
        return int(q), int(r)
    return int(value[0]), int(value[1])


def sea_of(position: Any) -> Sea:
    """The :class:`Sea` of a seat's observation (a dict), or of nothing (an empty board): the board shows only what
    every seat sees, so it is drawn from an observation, never from the engine's State."""
    if position is None:
        return Sea()
    if isinstance(position, Sea):
        return position
    if isinstance(position, dict):
        tiles = position.get("tiles", {})
        return Sea(revealed=frozenset(_cell(k) for k, v in tiles.items() if not str(v).startswith("face-down")),
                   dug=frozenset(_cell(c) for c in position.get("dug", ())),
                   ships=tuple(sorted((_cell(k), v) for k, v in position.get("ships", {}).items())),
                   positions=tuple(_cell(p["position"]) for p in position.get("players", ())),
                   dutchman=None if position.get("dutchman") is None else _cell(position["dutchman"]),
                   current=position.get("current"))
    raise TypeError(f"the board is drawn from a seat's observation (state.observation(seat)), not from a "
                    f"{type(position).__name__}")


def tile_kind(cell: Cell, state: Any = None) -> str:
    """What a cell shows: lair, stronghold, city, small/large island, shark, ocean (face down) or sea."""
    comp = components()
    if cell in comp.lairs:
        return "lair"
    if cell in comp.places:
        return comp.places[cell][0]
    sea = sea_of(state) if state is not None else None
    if sea is not None and cell in sea.revealed:
        return "sea"
    return "shark" if cell in comp.shark_cells else "ocean"


def board_ops(state: Any = None, *, heat: dict | None = None, route=None, ship: Cell | None = None,
              dutchman: Cell | None = None, goal: Cell | None = None, outlines: dict | None = None,
              layout: HexLayout = BOARD) -> tuple[DrawOp, ...]:
    """The board as draw operations: tiles (or a heat map of probabilities), ships, players, the Dutchman,
    an optional route (red) ending at ``goal`` (outlined gold) and ``outlines`` ({colour: cells}) around spaces.
    ``state`` is a seat's observation or None.  Pure: the same input always gives the same ops."""
    comp = components()
    sea = sea_of(state)
    k = layout.scale
    d = Drawing().clear().rect(0, 0, layout.width, layout.height, fill="#ffffff")
    biggest = max(heat.values()) if heat else 0
    if dutchman is None:
        dutchman = sea.dutchman
    for cell in cells(comp.radius):
        x, y = layout.pixel(cell)
        kind = tile_kind(cell, sea)
        if heat is not None:
            p = heat.get(cell, 0)
            fill = shade(float(p) / float(biggest) if biggest else 0)
        else:
            fill = COLOURS[kind]
        d.hexagon(x, y, layout.size - 1, fill=fill, stroke="#555555")
        if heat is not None:
            p = heat.get(cell, 0)
            if p and cell != dutchman:          # the Dutchman's disc covers its own cell: its colour still shows
                d.text(f"{100 * float(p):.0f}", x, y, font="10px sans-serif", align="center")
            if kind == "lair":
                d.hexagon(x, y, layout.size - 4 * k, stroke="#2f2f2f", width=2)
        elif kind in ("stronghold", "city"):
            d.text(comp.places[cell][1][0] + ("S" if kind == "stronghold" else "C"), x, y, fill="#ffffff",
                   font="bold 11px sans-serif", align="center")
        elif kind.endswith("island") and cell not in sea.dug:
            d.text("3" if kind == "small island" else "4", x, y, font="bold 11px sans-serif", align="center")
    for colour, marked in (outlines or {}).items():
        for cell in marked:
            x, y = layout.pixel(cell)
            d.hexagon(x, y, layout.size - 4 * k, stroke=colour, width=max(3, 4 * k))
    for cell, ship_name in sea.ships:
        x, y = layout.pixel(cell)
        d.polygon([(x - 12 * k, y + 4 * k), (x + 12 * k, y + 4 * k), (x + 7 * k, y + 11 * k), (x - 7 * k, y + 11 * k)],
                  fill=COLOURS[ship_name])
    radius = max(4.5, 6 * k)
    for p, where in enumerate(sea.positions):
        x, y = layout.pixel(where)
        dx = (p % 3 - 1) * (2 * radius + 0.5)
        dy = -(radius + 2) if p < 3 else radius + 2
        d.circle(x + dx, y + dy, radius, fill=PLAYER_COLOURS[p % len(PLAYER_COLOURS)], stroke="#000000")
    if route:
        points = [layout.pixel(c) for c in route]
        for (x1, y1), (x2, y2) in zip(points, points[1:]):
            d.line(x1, y1, x2, y2, stroke=COLOURS["route"], width=max(3, 4 * k))
    if goal is not None:
        x, y = layout.pixel(goal)
        d.hexagon(x, y, layout.size - 3 * k, stroke="#ffb000", width=max(3, 4 * k))
    if ship is not None:
        x, y = layout.pixel(ship)
        d.circle(x, y, max(6, 8 * k), fill=PLAYER_COLOURS[0], stroke="#000000", width=2)
    if dutchman is not None:
        x, y = layout.pixel(dutchman)
        r = max(12, 13 * k)                                                  # room for "FD" at 16 px
        d.circle(x, y + 2 * k, r, fill=COLOURS["dutchman"], stroke="#ffffff", width=2)
        d.text("FD", x, y + 2 * k, fill="#ffffff", font="bold 9px sans-serif", align="center", max_width=1.6 * r)
    return d.ops


def legend_html(kinds=None, columns: int = 1) -> str:
    """Swatches naming the kinds of space in the rulebook's words (``kinds``: which ones; default all)."""
    names = list(kinds or LEGEND)
    swatches = "".join(f"<div style='white-space:nowrap;margin:1px 0'><span style='display:inline-block;width:0.8em;"
                       f"height:0.8em;background:{COLOURS[n]};border:1px solid #555;vertical-align:middle'></span> "
                       f"{html.escape(LEGEND[n])}</div>" for n in names)
    grid = f"display:grid;grid-template-columns:repeat({columns}, auto);column-gap:1.2em"
    return f"<div class='pl-kop-legend' style='font-size:0.85em;{grid}'>{swatches}</div>"


def heat_scale_html(heat: dict) -> str:
    """The heat map's scale: the colour ramp from 0% to the busiest space's percent."""
    top = float(max(heat.values())) if heat else 0.0
    stops = ", ".join(shade(i / 4) for i in range(5))
    return (f"<div class='pl-kop-heat-scale' style='display:flex;flex-wrap:wrap;align-items:center;gap:6px'>"
            f"<span>Chance the Dutchman is on a space: 0%</span><span style='display:inline-block;width:6em;"
            f"height:0.9em;border:1px solid #555;background:linear-gradient(to right, {stops})'></span>"
            f"<span>{100 * top:.0f}% (the busiest space)</span></div>")


# ------------------------------------------------------------------ GameTable's board
PANEL = 200          # the players' panel beside the board
LINE = 19            # one line of the panel


class KingOfPiratesRenderer:
    """GameTable's board for King of Pirates: the sea as the seat sees it (tiles turned over, ships, every
    player's ship piece, the Dutchman) and, beside it, each player's Doubloons, Rum, Cannonballs and Scurvy
    (public in the observation), the player to move marked.  A click on a space sails there when the rules
    allow it.  Rules: King of Pirates › The Game Board
    """

    def __init__(self, game=None):
        self.players = getattr(game, "players", None) or len(PLAYER_COLOURS)
        self.layout = COMPACT
        self.width = self.layout.width + PANEL
        self.height = max(self.layout.height, 8 + self.players * 3 * LINE)

    def seat_name(self, seat: int) -> str:
        return seat_name(seat)

    def draw(self, observation: dict, player: int) -> tuple[DrawOp, ...]:
        d = Drawing().extend(board_ops(observation, layout=self.layout))
        left = self.layout.width
        d.rect(left, 0, PANEL, self.height, fill="#fbf7ef")
        if self.layout.height < self.height:
            d.rect(0, self.layout.height, left, self.height - self.layout.height, fill="#ffffff")
        current = observation.get("current")
        for seat, info in enumerate(observation.get("players", ())):
            top = 6 + seat * 3 * LINE
            if seat == current and observation.get("winner") is None:
                d.rect(left + 2, top - 2, PANEL - 4, 3 * LINE - 2, fill="#f1e2bf")
            d.circle(left + 12, top + LINE / 2, 6, fill=PLAYER_COLOURS[seat % 6], stroke="#000000")
            name = f"Player {seat + 1}" + (" (you)" if seat == player else "")
            d.text(name, left + 24, top + LINE / 2, font="bold 12px sans-serif", max_width=PANEL - 30)
            d.text(f"{info['doubloons']:,} Doubloons", left + 24, top + 1.5 * LINE, font="12px sans-serif",
                   max_width=PANEL - 30)
            stock = f"Rum {info['rum']}, Cannonballs {info['cannonballs']}"
            if info.get("scurvy"):
                stock += f", Scurvy {info['scurvy']}"
            d.text(stock, left + 24, top + 2.5 * LINE, font="12px sans-serif", max_width=PANEL - 30)
        return d.ops

    def hand(self, observation: dict, player: int) -> list[str]:
        """The action cards in hand with their timing letters; while the player chooses among pirate cards drawn
        (at the setup or a Pirates Lair), those too, each with its skill and its captain's skill."""
        comp = components()
        drawn = (observation.get("pirates_drawn") or []) if observation.get("to_act") == player else []
        return [f"{pirate} ({comp.pirates[pirate]['skill']}; captain: {comp.pirates[pirate]['captain']})"
                for pirate in drawn] + \
            [f"{card} ({comp.action_cards[card]['timing']})" if card in comp.action_cards else str(card)
             for card in observation.get("hand", ())]

    def click(self, observation: dict, player: int, x: float, y: float, legal_actions):
        """A click on a space: sail there if that is a legal move now, else nothing."""
        if x >= self.layout.width or y >= self.layout.height:
            return None
        try:
            cell = self.layout.cell_at(x, y)
        except InvalidInput:
            return None
        return next((a for a in legal_actions if type(a).__name__ == "Sail" and tuple(a.to) == cell), None)


_ELSEWHERE = {"king_of_pirates_calculators": ("DutchmanPlanner", "DutchmanView", "CombatModel", "CombatView",
                                              "RumModel", "RumView", "card_effects", "skill_effects", "effects_html",
                                              "policy_rows"),
              "king_of_pirates_replay": ("TurnReplay", "TurnReplayView", "dice_ops", "roll_of", "CHANCE_NAMES")}


def __getattr__(name: str):
    """The calculators and the replay live in their own modules (which draw with :func:`board_ops` above); they
    are offered here too, loaded on first use so either module may be imported first."""
    import importlib

    for module, names in _ELSEWHERE.items():
        if name in names:
            return getattr(importlib.import_module(f"{__package__}.{module}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
