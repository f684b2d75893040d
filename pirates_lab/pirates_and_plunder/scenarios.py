"""Hand-built positions: tiny boards for scenario tests and the notebook's walkthrough.

Rules: Pirates & Plunder › Setup

>>> state = build(tiles=[("three-way crossroads", (0, 0), 0)], drawn="three-way crossroads")
>>> state.current_player(), sorted(state.needs)
(0, [(-1, 0), (0, -1), (0, 1), (1, 0)])
"""
from __future__ import annotations

from pirates_lab.core import InvalidInput, Task

from .game import FLOW, Game, State
from .parts import MAX_SEGMENTS, RESOURCES
from .placing import place_tile

__all__ = ["build"]


def build(players: int = 2, tiles=(), ships=(), resources=None, drawn: str | None = None,
          phase: str = "place", player: int = 0, data: tuple = (), bag: dict | None = None,
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
    for name in ("placed", "parent", "open", "size", "scoring", "log"):
        getattr(state, name).clear()
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
    FLOW.push(state, Task(phase, player, tuple(data)), *(Task(name, player) for name in then))
    FLOW.settle(state)
    return state
