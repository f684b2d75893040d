"""Board geometry shared by the games: axial hexes and a square grid with edges and rotations.

**Hexes** use axial coordinates ``(q, r)``; a board of radius 4 has 61 cells::

    >>> len(hex_cells(4)), hex_distance((0, 0), (2, -1)), hex_neighbours((4, 0), 4)
    (61, 2, ((4, -1), (3, 0), (3, 1)))

**Squares** are ``(x, y)`` with ``y`` growing downwards (as on a canvas).  A square's four edges
are numbered clockwise from the top: ``N = 0, E = 1, S = 2, W = 3``.  Turning a tile a quarter
clockwise moves what was on edge ``e`` to edge ``(e + 1) % 4``; the edge that meets edge ``e`` of
the neighbour across it is ``opposite(e)``::

    >>> step((0, 0), E), opposite(N), rotate_edge(W, 1), rotate_edge(N, -1)
    ((1, 0), 2, 0, 3)
    >>> rotate_edges(("island", "route", "sea", "sea"), 1)     # N,E,S,W after a quarter turn
    ('sea', 'island', 'route', 'sea')
    >>> len(square_neighbours((0, 0))), len(square_neighbours((0, 0), diagonal=True))
    (4, 8)
"""
from __future__ import annotations

from typing import Any, Sequence

__all__ = [
    "Hex", "HEX_DIRECTIONS", "hex_ring", "hex_distance", "hex_cells", "on_hex_board", "hex_neighbours",
    "Square", "N", "E", "S", "W", "EDGES", "EDGE_NAMES", "SQUARE_STEPS", "DIAGONAL_STEPS", "step", "opposite",
    "rotate_edge", "rotate_edges", "rotate_mask", "square_neighbours", "edge_between", "turn",
]

# ---------------------------------------------------------------- hexes (axial)
Hex = tuple[int, int]

#: the six axial directions, east first, counter-clockwise
HEX_DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def hex_ring(cell: Hex) -> int:
    """Distance from the centre: ``max(|q|, |r|, |q + r|)``."""
    q, r = cell
    return max(abs(q), abs(r), abs(q + r))


def hex_distance(a: Hex, b: Hex) -> int:
    """Number of steps between two hexes."""
    return hex_ring((a[0] - b[0], a[1] - b[1]))


def hex_cells(radius: int) -> tuple[Hex, ...]:
    """Every cell of a hex board of this radius, sorted."""
    return tuple(sorted((q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
                        if hex_ring((q, r)) <= radius))


def on_hex_board(cell: Any, radius: int) -> bool:
    """Is ``cell`` a pair of ints within ``radius`` of the centre?"""
    return (isinstance(cell, tuple) and len(cell) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in cell) and hex_ring(cell) <= radius)


def hex_neighbours(cell: Hex, radius: int) -> tuple[Hex, ...]:
    """The on-board neighbours of a cell, in direction order."""
    q, r = cell
    return tuple((q + dq, r + dr) for dq, dr in HEX_DIRECTIONS if hex_ring((q + dq, r + dr)) <= radius)


# ---------------------------------------------------------------- squares
Square = tuple[int, int]

N, E, S, W = 0, 1, 2, 3
EDGES = (N, E, S, W)
EDGE_NAMES = ("north", "east", "south", "west")
#: the step across each edge, in edge order
SQUARE_STEPS: tuple[Square, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIAGONAL_STEPS: tuple[Square, ...] = ((1, -1), (1, 1), (-1, 1), (-1, -1))


def step(cell: Square, edge: int) -> Square:
    """The square across ``edge`` of ``cell``."""
    dx, dy = SQUARE_STEPS[edge]
    return (cell[0] + dx, cell[1] + dy)


def opposite(edge: int) -> int:
    """The edge that meets ``edge`` from the neighbour across it."""
    return (edge + 2) % 4


def rotate_edge(edge: int, quarter_turns: int) -> int:
    """Where edge ``edge`` ends after ``quarter_turns`` clockwise quarter turns (negative: anticlockwise)."""
    return (edge + quarter_turns) % 4


def rotate_edges(sides: Sequence, quarter_turns: int) -> tuple:
    """Rotate a tile's four sides (given N, E, S, W) clockwise by quarter turns."""
    k = quarter_turns % 4
    return tuple(sides[(i - k) % 4] for i in range(4))


def rotate_mask(mask: int, quarter_turns: int, positions_per_edge: int = 1) -> int:
    """Rotate a bitmask of edge positions (``positions_per_edge`` bits per edge, N first) clockwise.

    JCloisterZone's trick: rotation is a shift, not a branch per case.

    >>> rotate_mask(0b0001, 1), rotate_mask(0b1000, 1), rotate_mask(0b000011, 1, 2)
    (2, 1, 12)
    """
    width = 4 * positions_per_edge
    shift = (quarter_turns % 4) * positions_per_edge
    full = (1 << width) - 1
    return ((mask << shift) | (mask >> (width - shift))) & full


def square_neighbours(cell: Square, diagonal: bool = False) -> tuple[Square, ...]:
    """The 4 squares across the edges (edge order), and with ``diagonal`` the 4 corners too."""
    steps = SQUARE_STEPS + (DIAGONAL_STEPS if diagonal else ())
    return tuple((cell[0] + dx, cell[1] + dy) for dx, dy in steps)


def edge_between(a: Square, b: Square) -> int | None:
    """The edge of ``a`` that touches ``b``, or None if they are not orthogonal neighbours."""
    delta = (b[0] - a[0], b[1] - a[1])
    return SQUARE_STEPS.index(delta) if delta in SQUARE_STEPS else None


def turn(edge: int, side: str) -> int:
    """The heading after a turn to ``"port"`` (left) or ``"starboard"`` (right), for a ship heading ``edge``.

    >>> turn(N, "starboard"), turn(N, "port")
    (1, 3)
    """
    if side == "starboard":
        return (edge + 1) % 4
    if side == "port":
        return (edge - 1) % 4
    raise ValueError(f"a turn is to 'port' or 'starboard', not {side!r}")
