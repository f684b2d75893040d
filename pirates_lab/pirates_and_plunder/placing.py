"""Drawing and placing sea tiles, and features that merge as tiles are laid.

Rules: Pirates & Plunder › Drawing and Placing Land Tiles

The board is plain data kept in the state (so it saves, loads and copies like any state):

- ``cells``: ``{(x, y): tile number}``, ``placed``: ``[(kind, quarter_turns, x, y), ...]``;
- ``needs``: the frontier — every empty square next to a tile, with the edge kind each side of
  it must have (``-1``: no neighbour there).  Legal places are looked up from it, never searched;
- the feature forest (JCloisterZone style, with union–find): node ``8 * tile + segment``;
  ``parent`` links nodes of one feature, and at each feature's root ``open`` counts the edge
  places that still face an empty square and ``size`` its segments.  Placing a tile joins each
  touching edge place with its neighbour's (two fewer open places per pair).  A feature is
  complete exactly when ``open`` is 0.
"""
from __future__ import annotations

from pirates_lab.core import IllegalMove
from pirates_lab.core.geometry import SQUARE_STEPS, opposite, step

from .headings import RULE_PLACING
from .parts import GAME, MAX_SEGMENTS, TileSet, mirror, said

__all__ = ["RULE_PLACING", "Board", "find", "legal_places", "place_tile", "why_not_here", "neighbours8",
           "placement_errors"]



class Board:
    """Per-game lookup tables for a tile list: every tile kind in every turn, and fits by need."""

    def __init__(self, tileset: TileSet):
        self.tileset = tileset
        self.types = tileset.types
        #: [kind][turns] -> (edge kinds N, E, S, W; the segment at each of the 12 places)
        self.turned = [[(t.rotated_edges(r), t.place_segments(r)) for r in range(4)] for t in self.types]
        self.distinct = [t.rotations() for t in self.types]
        self.kinds = [[s.kind for s in t.segments] for t in self.types]
        self._fits: dict = {}

    def fits(self, kind: int, need: tuple) -> tuple:
        """The quarter turns of tile ``kind`` whose edges meet ``need`` (-1 = anything), cached."""
        key = (kind, need)
        found = self._fits.get(key)
        if found is None:
            turned = self.turned[kind]
            found = tuple(r for r in self.distinct[kind]
                          if all(n < 0 or n == e for n, e in zip(need, turned[r][0])))
            self._fits[key] = found
        return found

    def fits_turned(self, kind: int, need: tuple, turns: int) -> bool:
        """Does tile ``kind`` turned ``turns`` (0 to 3, equivalent turns of a symmetric tile included) meet ``need``?"""
        return all(n < 0 or n == e for n, e in zip(need, self.turned[kind][turns][0]))


def find(parent: list, node: int) -> int:
    """The root of ``node``'s feature (read-only: legal moves are listed on states that must not change)."""
    while parent[node] != node:
        node = parent[node]
    return node


def neighbours8(cell: tuple) -> list:
    """The eight squares around ``cell`` (orthogonal and diagonal)."""
    x, y = cell
    return [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]


def legal_places(board: Board, needs: dict, kind: int) -> list:
    """Every ``(cell, quarter_turns)`` where a tile of ``kind`` may be laid, in a stable order."""
    found = []
    for cell in sorted(needs):
        for turns in board.fits(kind, needs[cell]):
            found.append((cell, turns))
    return found


def why_not_here(board: Board, cells: dict, needs: dict, kind: int, cell, turns) -> IllegalMove:
    """The sentence a learner reads when ``kind`` may not go at ``cell`` turned ``turns``."""
    if not (isinstance(cell, tuple) and len(cell) == 2 and all(type(v) is int for v in cell)):
        return IllegalMove(RULE_PLACING, f"A place is a square (x, y) of whole numbers, not {said(cell)}.")
    if type(turns) is not int or not 0 <= turns <= 3:
        return IllegalMove(RULE_PLACING, f"A tile turns 0 to 3 quarter turns, not {said(turns)}.")
    if cell in cells:
        return IllegalMove(RULE_PLACING, f"The square {cell} already holds a tile.")
    if cell not in needs:
        return IllegalMove(RULE_PLACING, f"The square {cell} touches no tile along a side (a corner is not enough).")
    edges = board.turned[kind][turns][0]
    words = ("sea", "trade route", "island")
    for edge, need in enumerate(needs[cell]):
        if need >= 0 and need != edges[edge]:
            side = ("north", "east", "south", "west")[edge]
            return IllegalMove(RULE_PLACING, f"Its {side} edge is {words[edges[edge]]} but the tile there shows "
                                             f"{words[need]}: every touching edge must match.")
    return IllegalMove(RULE_PLACING, "That tile cannot go there.")


def placement_errors(board: Board, placed) -> list:
    """How a board of ``placed`` tiles ``[(kind, quarter_turns, x, y)]`` breaks the placing rules, in sentences
    (empty: it can be built by legal placements).  Every two touching edges must match, and every tile must be
    joined to the others along sides (then some order lays each tile beside an earlier one).

    Rules: Pirates & Plunder › Drawing and Placing Land Tiles

    >>> from .parts import tiles
    >>> board = Board(tiles())
    >>> headland, route = board.tileset.index("headland"), board.tileset.index("straight route")
    >>> placement_errors(board, [(headland, 0, 0, 0), (route, 1, 1, 0)])
    []
    >>> placement_errors(board, [(headland, 0, 0, 0), (route, 0, 1, 0)])
    ['(1, 0) shows trade route on its west edge against sea on (0, 0): every touching edge must match.']
    """
    words = ("sea", "trade route", "island")
    names = ("north", "east", "south", "west")
    at = {(x, y): (kind, turns) for kind, turns, x, y in placed}
    errors = []
    for (x, y), (kind, turns) in sorted(at.items()):
        edges = board.turned[kind][turns][0]
        for edge, (dx, dy) in enumerate(SQUARE_STEPS):
            other = at.get((x + dx, y + dy))
            if other is None or edge in (1, 2):           # each touching pair once: seen from its lower or right tile
                continue
            theirs = board.turned[other[0]][other[1]][0][opposite(edge)]
            if theirs != edges[edge]:
                errors.append(f"{(x, y)} shows {words[edges[edge]]} on its {names[edge]} edge against "
                              f"{words[theirs]} on {(x + dx, y + dy)}: every touching edge must match.")
    if at:
        seen, todo = set(), [min(at)]
        while todo:
            cell = todo.pop()
            if cell not in seen:
                seen.add(cell)
                todo.extend(c for c in (step(cell, e) for e in range(4)) if c in at)
        for cell in sorted(set(at) - seen):
            errors.append(f"{cell} is not joined to the other tiles along a side.")
    return errors


def place_tile(state, board: Board, kind: int, cell: tuple, turns: int) -> int:
    """Lay a tile on ``state`` (its board fields), merge its features, and return its number."""
    index = len(state.placed)
    state.placed.append((kind, turns, cell[0], cell[1]))
    state.cells[cell] = index
    edges, owner = board.turned[kind][turns]
    tile = board.types[kind]
    base = MAX_SEGMENTS * index
    parent, open_, size = state.parent, state.open, state.size
    for slot in range(MAX_SEGMENTS):
        parent.append(base + slot)
        open_.append(0)
        size.append(0)
    for place, segment in enumerate(owner):
        open_[base + segment] += 1
    for number, segment in enumerate(tile.segments):
        size[base + number] = 0 if segment.kind == "port" else 1
    for number, segment in enumerate(tile.segments):
        if segment.kind == "port":
            _union(parent, open_, size, base + number, base + segment.island, 0)
    # join every touching edge place with the neighbour's
    x, y = cell
    needs = state.needs
    needs.pop(cell, None)
    for edge, (dx, dy) in enumerate(SQUARE_STEPS):
        other = (x + dx, y + dy)
        neighbour = state.cells.get(other)
        if neighbour is None:
            need = needs.get(other)
            need = list(need) if need is not None else [-1, -1, -1, -1]
            need[opposite(edge)] = edges[edge]
            needs[other] = tuple(need)
            continue
        their_kind, their_turns = state.placed[neighbour][0], state.placed[neighbour][1]
        their_owner = board.turned[their_kind][their_turns][1]
        their_base = MAX_SEGMENTS * neighbour
        for i in range(3):
            place = 3 * edge + i
            _union(parent, open_, size, base + owner[place], their_base + their_owner[mirror(place)], 2)
    return index


def _union(parent: list, open_: list, size: list, a: int, b: int, closed: int) -> None:
    """Join the features of ``a`` and ``b``; ``closed`` edge places stop being open."""
    ra, rb = find(parent, a), find(parent, b)
    if ra == rb:
        open_[ra] -= closed
        return
    if ra > rb:
        ra, rb = rb, ra
    parent[rb] = ra
    open_[ra] += open_[rb] - closed
    size[ra] += size[rb]

