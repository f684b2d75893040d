"""The board and the components of King of Pirates, read from ``data/components.toml``.

Rules: King of Pirates › The Game Board
Rules: King of Pirates › Game Contents

The board is 61 hexes in axial coordinates ``(q, r)``: the cells with
``max(|q|, |r|, |q + r|) <= 4``.  Everything the rulebook prints is checked here against the data
file (61 tiles, 7 lairs, 18 shark and 24 ocean tiles, 52 action, 36 loot and 20 pirate cards);
everything it leaves out is in the data file, marked ASSUMPTION.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from pirates_lab.core import InvalidInput, load_data
from pirates_lab.core.errors import shown
from pirates_lab.core.geometry import HEX_DIRECTIONS, hex_cells, hex_distance, hex_neighbours, hex_ring, on_hex_board

from .headings import GAME, RULE_BOARD, RULE_CONTENTS

__all__ = [
    "Cell", "RULE_BOARD", "RULE_CONTENTS", "RADIUS", "Components", "components", "cells", "ring", "distance",
    "neighbours", "on_board", "DIRECTIONS", "RUM_LOST",
]


Cell = tuple[int, int]

#: The six axial directions, in compass-die order (east first, counter-clockwise): the core's.
DIRECTIONS: tuple[Cell, ...] = HEX_DIRECTIONS

#: The rum each upkeep-die face costs.  Rules: King of Pirates › Phase 1: Upkeep Phase
RUM_LOST: dict[str, int] = {"scurvy": 0, "lose 1 rum": 1, "lose 2 rum": 2}

#: The board's radius (61 hexes).
RADIUS = 4

# Thin aliases of the core's hex geometry with this board's radius as the default (public names).
ring = hex_ring
distance = hex_distance


def cells(radius: int = RADIUS) -> tuple[Cell, ...]:
    """Every cell of the board, sorted (:func:`pirates_lab.core.geometry.hex_cells`)."""
    return hex_cells(radius)


def on_board(cell: Any, radius: int = RADIUS) -> bool:
    """Is ``cell`` a space of the board (:func:`pirates_lab.core.geometry.on_hex_board`)?"""
    return on_hex_board(cell, radius)


def neighbours(cell: Cell, radius: int = RADIUS) -> tuple[Cell, ...]:
    """The on-board neighbours of a cell (:func:`pirates_lab.core.geometry.hex_neighbours`)."""
    return hex_neighbours(cell, radius)


@dataclass(frozen=True)
class Components:
    """Everything printed or assumed, as read (and checked) from a data file."""

    raw: dict
    radius: int
    centre: Cell
    lairs: tuple[Cell, ...]
    compass: tuple[str, ...]
    places: dict            # cell -> ("stronghold" | "city" | "small island" | "large island", nation | None)
    shark_cells: tuple[Cell, ...]
    ocean_cells: tuple[Cell, ...]
    islands: dict           # kind -> {"rating", "value"}
    targets: dict           # name -> {"defence", "loot", "nation", "ship", "warship"}
    tiles: dict             # "shark"/"ocean" -> {content: count}
    upkeep_die: dict        # face -> weight
    ship: dict
    parts: dict             # part name -> {"rum", "cannonballs"}
    rules: dict
    action_cards: dict      # name -> {"count", "timing"}
    loot_cards: dict        # value (int) -> count
    pirates: dict           # name -> {"skill", "captain"}

    @property
    def cells(self) -> tuple[Cell, ...]:
        return hex_cells(self.radius)

    def corner_lair(self, face: int) -> Cell:
        """The corner lair in the direction of a compass-die face (our ASSUMPTION)."""
        dq, dr = DIRECTIONS[face]
        return (dq * self.radius, dr * self.radius)


def _cell(value: Any, where: str) -> Cell:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(x, int) for x in value)):
        raise InvalidInput(f"{where}: a cell is [q, r], got {shown(value)}")
    return (value[0], value[1])


def build_components(raw: dict) -> Components:
    """Check a data dictionary against what the rulebook prints and build :class:`Components`."""
    board = raw["board"]
    radius = board["radius"]
    all_cells = set(hex_cells(radius))
    if len(all_cells) != 61:
        raise InvalidInput(f"{RULE_BOARD}: the board comprises 61 tiles, radius {radius} gives {len(all_cells)}")
    lairs = tuple(_cell(c, "lairs") for c in board["lairs"])
    centre = _cell(board["centre"], "centre")
    if len(set(lairs)) != 7 or centre not in lairs:
        raise InvalidInput(f"{RULE_BOARD}: seven Pirates Lairs, one in the centre")
    places = {}
    for place in board["places"]:
        cell = _cell(place["cell"], "places")
        if cell not in all_cells or cell in lairs or cell in places:
            raise InvalidInput(f"{RULE_BOARD}: place {place} is off the board or on another place")
        places[cell] = (place["kind"], place.get("nation"))
    kinds = [k for k, _ in places.values()]
    if kinds.count("stronghold") != 3 or kinds.count("city") != 3 or \
            kinds.count("small island") + kinds.count("large island") != 6:
        raise InvalidInput(f"{RULE_BOARD}: 3 strongholds, 3 cities and 6 treasure islands")
    empty = sorted(all_cells - set(lairs) - set(places))
    shark = tuple(c for c in empty if hex_ring(c) in board["shark_rings"])
    ocean = tuple(c for c in empty if hex_ring(c) not in board["shark_rings"])
    if len(shark) != 18 or len(ocean) != 24:
        raise InvalidInput(f"{RULE_CONTENTS}: 18 shark and 24 ocean tiles, the layout gives {len(shark)} and {len(ocean)}")
    tiles = {kind: dict(raw["tiles"][kind]) for kind in ("shark", "ocean")}
    if sum(tiles["shark"].values()) != 18 or sum(tiles["ocean"].values()) != 24:
        raise InvalidInput(f"{RULE_CONTENTS}: tile contents must add up to 18 shark and 24 ocean tiles")
    targets = {name: dict(value) for name, value in raw["targets"].items()}
    for kind in ("shark", "ocean"):
        for content in tiles[kind]:
            if content != "empty" and content not in targets:
                raise InvalidInput(f"tile content {shown(content)} is not a target")
    action_cards = {name: dict(value) for name, value in raw["action_cards"].items()}
    if sum(c["count"] for c in action_cards.values()) != 52:
        raise InvalidInput(f"{RULE_CONTENTS}: 52 action cards")
    loot = {int(value): count for value, count in raw["loot_cards"].items()}
    if sum(loot.values()) != 36:
        raise InvalidInput(f"{RULE_CONTENTS}: 36 loot cards")
    pirates = {name: dict(value) for name, value in raw["pirates"].items()}
    if len(pirates) != 20:
        raise InvalidInput(f"{RULE_CONTENTS}: 20 pirate cards")
    if len(board["compass"]) != len(DIRECTIONS):
        raise InvalidInput(f"The compass die has {len(DIRECTIONS)} faces, one per direction")
    upkeep = {face: int(w) for face, w in raw["upkeep_die"].items()}
    if set(upkeep) - set(RUM_LOST) or sum(upkeep.values()) < 1:
        raise InvalidInput("The upkeep die has the faces scurvy, lose 1 rum, lose 2 rum")
    ship = {k: v for k, v in raw["ship"].items() if k != "parts"}
    return Components(
        raw=raw, radius=radius, centre=centre, lairs=lairs, compass=tuple(board["compass"]), places=places,
        shark_cells=shark, ocean_cells=ocean, islands={k: dict(v) for k, v in raw["islands"].items()},
        targets=targets, tiles=tiles, upkeep_die=upkeep, ship=ship,
        parts={k: dict(v) for k, v in raw["ship"]["parts"].items()}, rules=dict(raw["rules"]),
        action_cards=action_cards, loot_cards=loot, pirates=pirates)


@lru_cache(maxsize=8)
def components(path: str | None = None) -> Components:
    """The components from the shipped data file, or from a user's own copy at ``path``."""
    raw = load_data(GAME, Path(path) if path else "components.toml")
    return build_components(raw)
