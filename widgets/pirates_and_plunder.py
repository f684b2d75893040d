"""Pirates & Plunder front-end: the board as pure draw operations, a GameTable renderer, the board's legend
(the battle lab is :mod:`.pirates_and_plunder_battle`, re-exported here).

Everything drawn comes from an observation (``state.observation(player)``), so the same code
draws a walkthrough board, a computer player's view and the table.  Pure functions
(:func:`board_ops`, :class:`Layout`, :func:`legal_cells`, :class:`BattleLabModel`) are tested in
plain pytest; the widgets are thin.
"""
from __future__ import annotations

import html
import math

import ipywidgets as widgets

from pirates_lab.core.geometry import SQUARE_STEPS, rotate_mask
from pirates_lab.pirates_and_plunder import MovePirate, PlaceShip, PlaceTile, Repulse, tiles
from pirates_lab.pirates_and_plunder.lessons import seat_label
from pirates_lab.pirates_and_plunder.odds import within
from pirates_lab.pirates_and_plunder.parts import RESOURCES, ROUTE, components

from .canvas import BoardCanvas
from .drawing import LARGE_TEXT, Drawing, text_box
from .numbers import percent_text as percent

__all__ = ["TILE", "PLAYER_COLOURS", "Layout", "layout_for", "board_ops", "legal_cells", "segment_anchor",
           "BoardRenderer", "board_view", "frontier_odds", "BoardExplorer", "BattleLabModel", "BattleLab", "tile_gallery_ops",
           "EXPLORATION_MARKS", "legend_html", "player_colour", "board_drawing", "seen",
           "tile_picture_ops"]

TILE = 56
SEA_COLOUR, ISLAND_COLOUR, ROUTE_COLOUR = "#4f8fc0", "#d9b66b", "#7a4a1c"
RESOURCE_COLOURS = {"cloth": "#f4f4f4", "rum": "#8b4513", "spice": "#e08a00", "dye": "#7b2d8b"}
PLAYER_COLOURS = {"blue": "#1f4fd1", "yellow": "#f2c200", "green": "#2e8b57", "red": "#c62828", "black": "#222222"}
HIGHLIGHT = "#ffd700"
#: the two letters drawn on each exploration tile laid (the lessons print this legend)
EXPLORATION_MARKS = {"Archipelago": "Ar", "Buried Treasure": "BT", "Natives": "Na", "Pirate Cove": "PC", "Reef": "Re",
                     "Royal Cartographer": "RC", "Royal Port": "RP", "Storm": "St", "Treasure Fleet": "TF",
                     "Viceroy": "Vi"}
_BY_NAME: dict = {}


def _tile(name: str):
    if not _BY_NAME:
        _BY_NAME.update({t.name: t for t in tiles().types})
    return _BY_NAME[name]


def player_colour(player: int) -> str:
    return PLAYER_COLOURS[components()["ships"]["colours"][player]]


def _dot(colour: str, letter: str = "", text_colour: str = "#000") -> str:
    return (f"<span style='display:inline-block;min-width:1.3em;height:1.3em;line-height:1.3em;border-radius:50%;"
            f"background:{colour};border:1px solid #333;color:{text_colour};text-align:center;font-weight:bold;"
            f"font-size:0.8em;vertical-align:middle'>{html.escape(letter)}</span>")


def legend_html(players: int = 2, *, fits: bool = False, completed: bool = False, odds: bool = False,
                marks: bool = True, terrain: bool = True, letters: bool = True, ships: bool = True) -> str:
    """What the colours, letters and dots of a board mean (HTML, in rulebook words): the seats' colours
    (``Player 1 (blue)`` …; ``ships``, for ``players`` seats), the ships' letters (``letters``), the terrain
    (``terrain``), the tiles' marks (``marks``: drawn as coloured dots alone where a square is too small for
    letters) and, if asked, the frames: ``fits`` (yellow: where the drawn tile fits), ``completed`` (red: what
    the last tile completed), ``odds`` (the percentage on an empty square)."""
    lines = []
    if ships and players:
        seats = " &nbsp;".join(f"{_dot(player_colour(p))} {html.escape(seat_label(p))}" for p in range(players))
        lines.append(f"<b>Ships:</b> {seats}")
    if letters and players:
        lines.append("<b>On a ship:</b> M merchant (trade route), E explorer (island), H harbormaster (port), "
                     "P pirate (sea)")
    if terrain:
        lines.append(f"<b>Tiles:</b> <span style='background:{ISLAND_COLOUR};padding:0 4px'>sand</span> island, "
                     f"<span style='color:{ROUTE_COLOUR};font-weight:bold'>brown line</span> trade route, "
                     f"<span style='background:{SEA_COLOUR};color:#fff;padding:0 4px'>blue</span> sea; a dark "
                     f"square ends routes (a crossroads)")
    if marks:
        tile_marks = [(RESOURCE_COLOURS[r], r[0].upper(), r) for r in RESOURCES]
        tile_marks += [("#ffd700", "G", "treasure galleon"), ("#3cb371", "~", "sea serpent"),
                       ("#ffffff", "X", "exploration marker")]
        lines.append("<b>On a tile:</b> " + ", ".join(f"{_dot(c, l)} {html.escape(w)}" for c, l, w in tile_marks)
                     + ", ⚓ port. Where a square is too small for letters, the same colours are drawn as small dots.")
    frames = []
    if fits:
        frames.append(f"<span style='border:3px solid {HIGHLIGHT};padding:0 4px'>yellow</span> where the drawn "
                      f"tile fits")
    if completed:
        frames.append("<span style='border:3px solid #ff3030;padding:0 4px'>red</span> what the last tile completed")
    if frames:
        lines.append("<b>Frames:</b> " + "; ".join(frames))
    if odds:
        lines.append("<b>On an empty square:</b> the chance that a tile fitting it comes within the draws chosen")
    return "<div class='pl-pnp-legend' style='line-height:1.5'>" + "".join(f"<div>{x}</div>" for x in lines) + "</div>"


# ---------------------------------------------------------------- geometry on screen
class Layout:
    """Squares to pixels and back: cell ``(x, y)`` has its top-left at ``origin + size * (x - x0, y - y0)``."""

    def __init__(self, x0: int, y0: int, size: float, width: int, height: int):
        self.x0, self.y0, self.size, self.width, self.height = x0, y0, size, width, height

    def corner(self, cell) -> tuple:
        return ((cell[0] - self.x0) * self.size, (cell[1] - self.y0) * self.size)

    def cell_at(self, x: float, y: float) -> tuple:
        return (math.floor(x / self.size + self.x0), math.floor(y / self.size + self.y0))

    def point(self, cell, fx: float, fy: float) -> tuple:
        left, top = self.corner(cell)
        return (left + fx * self.size, top + fy * self.size)


def layout_for(observation: dict, width: int = 480, height: int = 480, most: float = TILE) -> Layout:
    """A layout showing every tile and the squares around them, as large as fits (at most ``most`` px), in the
    middle of the ``width`` x ``height`` drawing."""
    cells = [(x, y) for x, y, _, _ in observation["board"]] or [(0, 0)]
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    columns, rows = x1 - x0 + 1, y1 - y0 + 1
    size = min(most, width / columns, height / rows)
    # centred: the spare room on each side, in squares (a Layout's corner is (cell - x0) * size)
    return Layout(x0 - (width / size - columns) / 2, y0 - (height / size - rows) / 2, size, width, height)


def _place_point(place: int) -> tuple:
    edge, i = divmod(place, 3)
    t = (0.25, 0.5, 0.75)[i]
    return [(t, 0.12), (0.88, t), (1 - t, 0.88), (0.12, 1 - t)][edge]


def segment_anchor(name: str, turns: int, segment: int) -> tuple:
    """Where a segment's ship or icon sits on its tile, as fractions of the tile (0..1)."""
    tile = _tile(name)
    owner = tile.place_segments(turns)
    chosen = tile.segments[segment]
    if chosen.kind == "port":
        ax, ay = segment_anchor(name, turns, chosen.island)
        return (ax + (0.5 - ax) * 0.6, ay + (0.5 - ay) * 0.6)
    points = [_place_point(p) for p, s in enumerate(owner) if s == segment]
    if not points:
        return (0.5, 0.5)
    x = sum(p[0] for p in points) / len(points)
    y = sum(p[1] for p in points) / len(points)
    if chosen.kind == "route":
        return (0.5 + (x - 0.5) * 0.7, 0.5 + (y - 0.5) * 0.7)
    return (x, y)


def _needs(observation: dict) -> dict:
    """Every empty square beside a tile -> the edge kind each of its sides must show (-1: any)."""
    board = {(x, y): (name, turns) for x, y, name, turns in observation["board"]}
    needs: dict = {}
    for (x, y), (name, turns) in board.items():
        edges = _tile(name).rotated_edges(turns)
        for edge, (dx, dy) in enumerate(SQUARE_STEPS):
            cell = (x + dx, y + dy)
            if cell not in board:
                need = needs.setdefault(cell, [-1, -1, -1, -1])
                need[(edge + 2) % 4] = edges[edge]
    return needs


def frontier_odds(observation: dict, draws: int) -> dict:
    """Each empty square beside the tiles -> P(a tile that fits it comes within ``draws`` draws), exact.

    From the observation alone: the unseen tiles are public (their counts), the board too.
    """
    unseen = observation["unseen"]
    total = sum(unseen.values())
    if total == 0:
        return {}
    draws = min(draws, total)
    found = {}
    for cell, need in _needs(observation).items():
        fitting = sum(n for name, n in unseen.items()
                      if any(all(w < 0 or w == e for w, e in zip(need, _tile(name).rotated_edges(r))) for r in range(4)))
        found[cell] = within(total, fitting, draws)
    return found


def legal_cells(observation: dict) -> list:
    """The squares where the drawn tile fits (from the observation alone), sorted."""
    if observation.get("phase") != "place" or not observation.get("drawn"):
        return []
    board = {(x, y): (name, turns) for x, y, name, turns in observation["board"]}
    drawn = _tile(observation["drawn"])
    found = set()
    for (x, y) in board:
        for dx, dy in SQUARE_STEPS:
            cell = (x + dx, y + dy)
            if cell in board or cell in found:
                continue
            for turns in range(4):
                edges = drawn.rotated_edges(turns)
                ok = True
                for edge, (ex, ey) in enumerate(SQUARE_STEPS):
                    other = board.get((cell[0] + ex, cell[1] + ey))
                    if other is not None and _tile(other[0]).rotated_edges(other[1])[(edge + 2) % 4] != edges[edge]:
                        ok = False
                        break
                if ok:
                    found.add(cell)
                    break
    return sorted(found)


# ---------------------------------------------------------------- the board as draw operations
class Letters:
    """Where the letters of one drawing go: each at the first of its candidate spots where, painted with Large
    fonts (at least 16 px, the estimate of :func:`~pirates_lab.widgets.drawing.text_box`), it meets no letter
    placed before and stays inside its bounds (its tile, the canvas).  A letter with no such spot is left out
    (its coloured dot stays): zoom in to read it."""

    GAP = 2
    EDGE = 4            # from the canvas edge: a browser's inked letters reach a little past the estimate

    def __init__(self, width: float, height: float):
        self.width, self.height, self.boxes = width, height, []

    def fits(self, text: str, x: float, y: float, font: str, bounds=None, max_width=None) -> tuple | None:
        box = text_box(Drawing().text(text, x, y, font=font, align="center", max_width=max_width).ops[0], LARGE_TEXT)
        left, top, right, bottom = bounds or (0, 0, self.width, self.height)
        e = self.EDGE
        left, top, right, bottom = max(left, e), max(top, e), min(right, self.width - e), min(bottom, self.height - e)
        if box[0] < left or box[1] < top or box[2] > right or box[3] > bottom:
            return None
        g = self.GAP
        if any(box[0] < b[2] + g and b[0] < box[2] + g and box[1] < b[3] + g and b[1] < box[3] + g for b in self.boxes):
            return None
        return box

    def place(self, text: str, spots, font: str, bounds=None, max_width=None) -> tuple | None:
        """The first spot (x, y) where ``text`` fits (and it is taken), or None."""
        for x, y in spots:
            box = self.fits(text, x, y, font, bounds, max_width)
            if box:
                self.boxes.append(box)
                return (x, y)
        return None

    def place_row(self, texts, rows, font: str, bounds=None, max_width=None) -> list | None:
        """The first row of spots (a list of (x, y), one per text) where every text fits, or None."""
        for row in rows:
            boxes = []
            for text, (x, y) in zip(texts, row):
                box = self.fits(text, x, y, font, bounds, max_width)
                if not box or any(box[0] < b[2] and b[0] < box[2] for b in boxes):
                    break
                boxes.append(box)
            else:
                self.boxes.extend(boxes)
                return list(row)
        return None


def _nudges(x: float, y: float, step: float) -> list:
    """(x, y) and the spots around it, nearest first."""
    return [(x + dx * step, y + dy * step) for dx, dy in ((0, 0), (0, -1), (0, 1), (-1, 0), (1, 0), (-1, -1), (1, -1),
                                                          (-1, 1), (1, 1), (0, -2), (0, 2))]


def _tile_ops(d: Drawing, layout: Layout, cell, name: str, turns: int, letters: Letters | None = None) -> None:
    tile = _tile(name)
    left, top = layout.corner(cell)
    size = layout.size
    letters = letters or Letters(layout.width, layout.height)
    edges = tile.rotated_edges(turns)
    d.rect(left, top, size, size, fill=SEA_COLOUR)
    corners = [(0, 0), (1, 0), (1, 1), (0, 1)]
    for index, segment in enumerate(tile.segments):
        if segment.kind != "island":
            continue
        mask = rotate_mask(segment.places, turns, 3)
        sides = [e for e in range(4) if mask >> (3 * e + 1) & 1]
        if not sides:
            cx, cy = layout.point(cell, 0.5, 0.5)
            d.circle(cx, cy, size * 0.2, fill=ISLAND_COLOUR, stroke="#8a6d2f")
            continue
        depth = 0.5 if len(sides) > 1 else 0.34
        for e in sides:
            a, b = corners[e], corners[(e + 1) % 4]
            inner = [(0.5 + (p[0] - 0.5) * (1 - 2 * depth), 0.5 + (p[1] - 0.5) * (1 - 2 * depth)) for p in (b, a)]
            d.polygon([layout.point(cell, *p) for p in (a, b, *inner)], fill=ISLAND_COLOUR)
    for edge in range(4):
        if edges[edge] == ROUTE:
            mx, my = [(0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)][edge]
            ex, ey = layout.point(cell, mx, my)
            cx, cy = layout.point(cell, 0.5, 0.5)
            d.line(ex, ey, cx, cy, stroke=ROUTE_COLOUR, width=max(2, size / 14))
    if tile.crossroads:
        cx, cy = layout.point(cell, 0.5, 0.5)
        d.rect(cx - size * 0.07, cy - size * 0.07, size * 0.14, size * 0.14, fill="#3b2a14")
    font = f"bold {max(8, int(size / 5))}px sans-serif"
    step, radius = max(size * 0.2, 18), max(size * 0.09, 8)
    inside = (left, top, left + size, top + size)
    for index, segment in enumerate(tile.segments):
        ax, ay = layout.point(cell, *segment_anchor(name, turns, index))
        marks = [(r[0].upper(), RESOURCE_COLOURS[r]) for r in segment.resources]
        marks += [("G", "#ffd700")] * segment.galleons + [("~", "#3cb371")] * segment.serpents
        marks += [("X", "#ffffff")] if segment.explore else []
        marks += [("⚓", RESOURCE_COLOURS[segment.port])] if segment.kind == "port" else []
        if not marks:
            continue
        # the row kept inside its tile, then nudged up or down a row if a neighbour's letters are there
        width = (len(marks) - 1) * step
        x0 = min(max(ax - width / 2, left + step / 2), left + size - step / 2 - width)
        rows = [[(x0 + k * step, y) for k in range(len(marks))] for _, y in _nudges(x0, ay, step)[:3]]
        texts = [letter for letter, _ in marks]
        spots = (letters.place_row(texts, rows, font, inside, step - 4) if size >= 40 else None)
        for k, (letter, colour) in enumerate(marks):
            if spots:
                x, y = spots[k]
                d.circle(x, y, radius, fill=colour, stroke="#333333")
                d.text(letter, x, y, fill="#000000", font=font, align="center", max_width=step - 4)
            else:                                          # no room for letters at 16 px: coloured dots only
                d.circle(rows[0][k][0], ay, max(2.0, size * 0.05), fill=colour, stroke="#333333")
    d.rect(left, top, size, size, stroke="#1c3d5a", width=1)


def _ruler(observation: dict, layout: Layout, letters: "Letters") -> list:
    """Column numbers (x) along the top and row numbers (y, growing southwards) along the left, in the strips of
    sea around the tiles: where there is room for them with Large fonts (placed before everything else)."""
    cells = [(x, y) for x, y, _, _ in observation["board"]]
    if not cells:
        return []
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    font = f"{max(9, int(layout.size / 6))}px sans-serif"
    top = layout.corner((min(xs), min(ys)))[1]
    left = layout.corner((min(xs), min(ys)))[0]
    found = []
    for x in range(min(xs), max(xs) + 1):
        spot = letters.place(str(x), [(layout.point((x, 0), 0.5, 0)[0], top * 0.32)], font) if top >= 22 else None
        found += [(str(x), spot, font)] if spot else []
    for y in range(min(ys), max(ys) + 1):
        spot = letters.place(str(y), [(left * 0.3, layout.point((0, y), 0, 0.5)[1])], font) if left >= 22 else None
        found += [(str(y), spot, font)] if spot else []
    return found


def board_ops(observation: dict, width: int = 480, height: int = 480, *, highlight=None, flash=None,
              odds_draws: int = 0, layout: Layout | None = None, ruler: bool = False) -> tuple:
    """The whole board: tiles, icons, ships, the legal places (``highlight``: default from the observation),
    the features completed by the last tile framed in red (``flash``: default from the observation) and, with
    ``odds_draws``, on each empty square the chance that a fitting tile comes within that many draws.
    ``layout``: a panned or zoomed view (default: everything, as large as fits).  ``ruler``: the squares'
    coordinates (x along the top, y down the left) in the sea around the tiles, as the log and the buttons name
    squares.

    No two letters overlap even with Large fonts (16 px at least): ships' role letters are placed first, then
    the exploration tiles' and the odds, then the tiles' marks (:class:`Letters`); what finds no room is left out.
    """
    observation = seen(observation)
    layout = layout or layout_for(observation, width, height)
    size = layout.size
    letters = Letters(width, height)
    rules = _ruler(observation, layout, letters) if ruler else []
    names = {(x, y): (name, turns) for x, y, name, turns in observation["board"]}
    ship_font = f"bold {max(8, int(size / 5))}px sans-serif"
    ships, stacked = [], {}
    for ship, owner, x, y, segment, role in observation["ships"]:
        name, turns = names[(x, y)]
        cx, cy = layout.point((x, y), *segment_anchor(name, turns, segment))
        k = stacked[(x, y, segment)] = stacked.get((x, y, segment), -1) + 1     # ships sharing a segment side by side
        cx += k * max(size * 0.22, 18)
        left, top = layout.corner((x, y))
        spot = letters.place(role[0].upper(), _nudges(cx, cy, max(size * 0.12, 9)), ship_font,
                             (left, top, left + size, top + size))
        ships.append((owner, role, spot or (cx, cy), spot is not None))
    explore_font = f"bold {max(8, int(size / 6))}px sans-serif"
    explored = []
    for tile, x, y, segment in observation.get("explorations", []):
        name, turns = names[(x, y)]
        cx, cy = layout.point((x, y), *segment_anchor(name, turns, segment))
        side = size * 0.3
        ty = cy - side * 0.6 - size * 0.08
        mark = EXPLORATION_MARKS.get(tile, tile[:2])
        spot = letters.place(mark, _nudges(cx, ty, max(size * 0.15, 12)), explore_font, max_width=max(side, 20))
        explored.append((mark, cx, cy, side, spot))
    odds = frontier_odds(observation, odds_draws) if odds_draws else {}
    odds_font = f"{max(8, int(size / 4.5))}px sans-serif"
    odds_spots = {cell: letters.place(percent(p, 0), [layout.point(cell, 0.5, 0.5)], odds_font, max_width=size - 4)
                  for cell, p in odds.items()}
    d = Drawing().clear().rect(0, 0, width, height, fill="#e8eef2")
    for text, (x, y), font in rules:
        d.text(text, x, y, fill="#4a5a6a", font=font, align="center")
    for x, y, name, turns in observation["board"]:
        _tile_ops(d, layout, (x, y), name, turns, letters)
    cells = legal_cells(observation) if highlight is None else highlight
    for cell in cells:
        left, top = layout.corner(cell)
        d.rect(left + 2, top + 2, size - 4, size - 4, stroke=HIGHLIGHT, width=3)
    for cell, p in odds.items():
        if odds_spots[cell]:
            d.text(percent(p, 0), *odds_spots[cell], fill="#1c3d5a", font=odds_font, align="center", max_width=size - 4)
    for cell in (observation.get("completed", []) if flash is None else flash):
        left, top = layout.corner(tuple(cell))
        d.rect(left, top, size, size, stroke="#ff3030", width=4)
    for mark, cx, cy, side, spot in explored:
        d.rect(cx - side / 2, cy - side - size * 0.08, side, side * 0.8, fill="#fff7d6", stroke="#3b2a14", width=2)
        if spot:
            d.text(mark, *spot, fill="#3b2a14", font=explore_font, align="center", max_width=max(side, 20))
    for owner, role, (cx, cy), lettered in ships:
        d.circle(cx, cy, max(size * 0.13, 9 if lettered else 3), fill=player_colour(owner), stroke="#ffffff", width=2)
        if lettered:
            d.text(role[0].upper(), cx, cy, fill="#ffffff" if owner != 1 else "#000000", font=ship_font, align="center")
    return d.ops


def tile_gallery_ops(columns: int = 9, size: int = 52, counts: dict | None = None, marked=()) -> tuple:
    """Every kind of sea tile once, with its number of copies (the Parts step); ``counts``: the numbers to show
    under the tiles instead (name -> count: the unseen tiles); ``marked``: the kinds framed in gold (the event a
    lesson asks about), every other kind greyed."""
    kinds = tiles().types
    shown = {t.name: t.copies for t in kinds} if counts is None else {t.name: counts.get(t.name, 0) for t in kinds}
    marked = set(marked)
    rows = (len(kinds) + columns - 1) // columns
    layout = Layout(0, 0, size, columns * size, rows * (size + 14))
    d = Drawing().clear().rect(0, 0, layout.width, layout.height, fill="#fbf7ef")
    letters = Letters(layout.width, layout.height)
    for index, tile in enumerate(kinds):
        col, row = index % columns, index // columns
        label = Drawing().text(f"x{shown[tile.name]}", col * size + size / 2, row * (size + 14) + size + 7,
                               font="11px sans-serif", align="center").ops[0]
        letters.boxes.append(text_box(label, LARGE_TEXT))        # the copies under each tile: reserved first
    for index, tile in enumerate(kinds):
        col, row = index % columns, index // columns
        shifted = Layout(-col, -row, size, layout.width, layout.height)
        shifted.corner = (lambda cell, c=col, r=row: (c * size, r * (size + 14)))
        shifted.point = (lambda cell, fx, fy, c=col, r=row: (c * size + fx * size, r * (size + 14) + fy * size))
        _tile_ops(d, shifted, (0, 0), tile.name, 0, letters)
        top = row * (size + 14)
        if marked and tile.name not in marked:
            d.rect(col * size, top, size, size + 14, fill="rgba(251,247,239,0.72)")
        elif tile.name in marked:
            d.rect(col * size + 2, top + 2, size - 4, size - 4, stroke="#e0a800", width=4)
        d.text(f"x{shown[tile.name]}", col * size + size / 2, top + size + 7, fill="#3b2a14",
               font="bold 11px sans-serif" if tile.name in marked else "11px sans-serif", align="center")
    return d.ops


# ---------------------------------------------------------------- the GameTable renderer
class BoardRenderer:
    """Draws the board for :class:`~pirates_lab.widgets.GameTable`; clicks pick places, segments and pirates' moves."""

    def __init__(self, width: int = 480, height: int = 420, odds_draws: int = 0, most: int = 88):
        self.width, self.height, self.odds_draws, self.most = width, height, odds_draws, most

    def layout(self, observation: dict) -> Layout:
        """Every tile and the squares around them, in the middle, squares at most ``most`` px."""
        return layout_for(observation, self.width, self.height, self.most)

    def seat_name(self, player: int) -> str:
        """Seats as people read them: ``Player 1 (blue)`` for seat 0 (the engine's log says "Player 1" too)."""
        return seat_label(player)

    def draw(self, observation: dict, player: int) -> tuple:
        return board_ops(observation, self.width, self.height, odds_draws=self.odds_draws,
                         layout=self.layout(observation), ruler=True)

    def hand(self, observation: dict, player: int) -> list:
        held = observation["resources"][player]
        lines = [f"Ships in your supply: {observation['supply'][player]}",
                 "Your resources: " + (", ".join(f"{n} {k}" for n, k in zip(held, RESOURCES) if n) or "none")]
        if observation.get("drawn"):
            lines.insert(0, f"Tile drawn: {observation['drawn']}")
        battle = observation.get("battle")
        if battle and "attack" in battle:
            lines.append(f"The attack commits {sum(battle['attack'])} resources.")
        return lines

    def click(self, observation: dict, player: int, x: float, y: float, legal_actions) -> object:
        layout = self.layout(observation)
        cell = layout.cell_at(x, y)
        fx, fy = (x - layout.corner(cell)[0]) / layout.size, (y - layout.corner(cell)[1]) / layout.size
        names = {(bx, by): (name, turns) for bx, by, name, turns in observation["board"]}

        def nearest(options):
            if not options or cell not in names:
                return options[0] if options else None
            name, turns = names[cell]
            return min(options, key=lambda a: sum((p - q) ** 2 for p, q in
                                                  zip(segment_anchor(name, turns, a.segment), (fx, fy))))

        tile_moves = [a for a in legal_actions if isinstance(a, PlaceTile) and a.cell == cell]
        if tile_moves:
            return tile_moves[0]
        ships = [a for a in legal_actions if isinstance(a, PlaceShip)]
        if ships and observation["board"] and cell == tuple(observation["board"][-1][:2]):
            return nearest(ships)
        moves = [a for a in legal_actions if isinstance(a, (MovePirate, Repulse)) and a.cell == cell]
        return nearest(moves)


def seen(observation) -> dict:
    """A seat's observation (a dict) as it is; a State is refused with a sentence (boards show what a seat sees).

    >>> seen(3)
    Traceback (most recent call last):
    TypeError: the board is drawn from a seat's observation (state.observation(seat)), not from a int
    """
    if isinstance(observation, dict):
        return observation
    raise TypeError(f"the board is drawn from a seat's observation (state.observation(seat)), not from a "
                    f"{type(observation).__name__}")


def board_drawing(observation: dict, size: int = 440, flash=None, odds_draws: int = 0, *, height: int | None = None,
                  highlight=None, most: int = 96, margin: float = 1, ruler: bool = True) -> tuple:
    """(ops, width, height, layout): the board of a seat's ``observation`` (a State is refused), its squares as
    large as fit in ``size`` x ``height`` px (``height`` default: ``size``; squares at most ``most`` px), the canvas
    cut to the board and ``margin`` squares of sea around it (1: room for the squares where a tile fits; less: a
    tighter picture), with the squares' coordinates in that margin (``ruler``)."""
    observation = seen(observation)
    cells = [(x, y) for x, y, _, _ in observation["board"]]
    columns = max(x for x, _ in cells) - min(x for x, _ in cells) + 1 + 2 * margin
    rows = max(y for _, y in cells) - min(y for _, y in cells) + 1 + 2 * margin
    square = int(min(most, size / columns, (height or size) / rows))
    width, tall = round(square * columns), round(square * rows)
    layout = Layout(min(x for x, _ in cells) - margin, min(y for _, y in cells) - margin, square, width, tall)
    return board_ops(observation, width, tall, flash=flash, odds_draws=odds_draws, highlight=highlight,
                     layout=layout, ruler=ruler), width, tall, layout


def tile_picture_ops(name: str, size: int = 64, turns: int = 0) -> tuple:
    """One sea tile alone (the tile drawn, shown beside a board)."""
    layout = Layout(0, 0, size, size, size)
    d = Drawing().clear()
    _tile_ops(d, layout, (0, 0), name, turns, Letters(size, size))
    return d.ops


def board_view(observation: dict, *, width: int = 480, height: int = 480, flash=None,
               odds_draws: int = 0) -> BoardCanvas:
    """A BoardCanvas showing a seat's ``observation`` (``state.observation(seat)``; a State is refused)."""
    canvas = BoardCanvas(width, height, css_class="pl-pnp-board")
    canvas.draw("background", board_ops(seen(observation), width, height, flash=flash, odds_draws=odds_draws))
    return canvas


# ---------------------------------------------------------------- pan and zoom
class BoardExplorer(widgets.VBox):
    """A board with zoom (+ / -) and pan (arrows) buttons; a click on a square describes it.

    ``observation``: a seat's observation (``state.observation(seat)``; a State is refused).
    ``view`` is a :class:`Layout`: zooming changes the square size, panning the top-left square.
    """

    def __init__(self, observation: dict, width: int = 480, height: int = 480):
        self.observation = seen(observation)
        self.width, self.height = width, height
        self.view = layout_for(self.observation, width, height)
        self.canvas = BoardCanvas(width, height, css_class="pl-pnp-board",
                                  to_board=lambda x, y: self.view.cell_at(x, y))
        self.info = widgets.HTML()
        buttons = []
        for label, action in (("+", lambda: self.zoom(1.25)), ("-", lambda: self.zoom(0.8)), ("◀", lambda: self.pan(-1, 0)),
                              ("▶", lambda: self.pan(1, 0)), ("▲", lambda: self.pan(0, -1)), ("▼", lambda: self.pan(0, 1)),
                              ("fit", self.fit)):
            button = widgets.Button(description=label, layout=widgets.Layout(width="48px"))
            button.on_click(lambda _, act=action: act())
            buttons.append(button)
        self.canvas.on_click(self.describe)
        super().__init__([widgets.HBox(buttons), self.canvas, self.info])
        self.add_class("pl-pnp-explorer")
        self.redraw()

    def redraw(self) -> None:
        self.canvas.draw("background", board_ops(self.observation, self.width, self.height, layout=self.view))

    def zoom(self, factor: float) -> None:
        """Zoom about the middle of the view (squares from 12 to 160 pixels)."""
        old = self.view
        size = max(12.0, min(160.0, old.size * factor))
        centre_x = old.x0 + old.width / old.size / 2
        centre_y = old.y0 + old.height / old.size / 2
        x0 = round(centre_x - old.width / size / 2)
        y0 = round(centre_y - old.height / size / 2)
        self.view = Layout(x0, y0, size, old.width, old.height)
        self.redraw()

    def pan(self, dx: int, dy: int) -> None:
        old = self.view
        self.view = Layout(old.x0 + dx, old.y0 + dy, old.size, old.width, old.height)
        self.redraw()

    def fit(self) -> None:
        self.view = layout_for(self.observation, self.width, self.height)
        self.redraw()

    def describe(self, cell) -> None:
        board = {(x, y): name for x, y, name, _ in self.observation["board"]}
        name = board.get(tuple(cell))
        self.info.value = html.escape(f"{cell}: the {name}" if name else f"{cell}: open sea, no tile yet")


# ---------------------------------------------------------------- the secret-battle lab (its own module)
from .pirates_and_plunder_battle import ATTACKER_COLOUR, DEFENDER_COLOUR, BattleLab, BattleLabModel  # noqa: E402
