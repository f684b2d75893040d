"""Exact tile-draw odds: will a tile that fits this gap come within the next k draws?

Rules: Pirates & Plunder › Drawing and Placing Land Tiles

The unseen tiles are a known multiset (80 less those placed or discarded), drawn without
replacement, so the number of fitting tiles among the next ``k`` is hypergeometric::

    P(at least one fits within k draws) = 1 - C(unseen - fitting, k) / C(unseen, k)

>>> within(unseen=10, fitting=3, draws=2)
Fraction(8, 15)
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from pirates_lab.core import Dist, InvalidInput
from pirates_lab.core.why import Why
from pirates_lab.core.errors import shown
from pirates_lab.core.geometry import step

from .headings import RULE_PLACING
from .parts import GAME, MAX_SEGMENTS, said, tiles
from .placing import find

__all__ = ["within", "hits", "max_unseen", "fitting_tiles", "gaps", "GapOdds", "gap_odds", "feature_odds"]



def _whole(name: str, value, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInput(f"{name} is a whole number from {low} to {high}, not {said(value)}.")
    return value


def max_unseen() -> int:
    """The most tiles that can be unseen: every tile of our tile list (80, as the Parts list prints)."""
    return tiles().total


def _counts(unseen, fitting, draws, low: int = 0) -> tuple[int, int, int]:
    unseen = _whole("unseen", unseen, low, max_unseen())
    return unseen, _whole("fitting", fitting, 0, unseen), _whole("draws", draws, 0, unseen)


def _weights(unseen: int, fitting: int, draws: int) -> dict[int, int]:
    """Hypergeometric weights: ``h -> C(fitting, h) × C(unseen - fitting, draws - h)``, the draws of ``draws``
    tiles (out of ``C(unseen, draws)``) that bring exactly ``h`` fitting tiles."""
    return {h: comb(fitting, h) * comb(unseen - fitting, draws - h) for h in range(0, min(fitting, draws) + 1)}


def within(unseen: int, fitting: int, draws: int, *, why: bool = False, label: str | None = None):
    """P(at least one of ``fitting`` tiles among the next ``draws`` of ``unseen``), exact: one minus the
    draws with no fitting tile.  With ``why=True``: its :class:`~pirates_lab.core.why.Why` tree, one branch for
    each number of fitting tiles drawn (the same hypergeometric weights as :func:`hits`).

    ``unseen`` is at most the tiles there are (80); ``fitting`` and ``draws`` at most ``unseen``.

    >>> print(within(10, 3, 2, why=True).text())
    A fitting tile comes within 2 draws (3 of the 10 unseen tiles fit): 53.33% (8/15) [Rules: Drawing and Placing Land Tiles]
      exactly 1 of the 2 tiles drawn fits (3 × 7 = 21 of the 45 draws): 46.67% (7/15) [Rules: Drawing and Placing Land Tiles]
      exactly 2 of the 2 tiles drawn fit (3 × 1 = 3 of the 45 draws): 6.67% (1/15) [Rules: Drawing and Placing Land Tiles]
    """
    unseen, fitting, draws = _counts(unseen, fitting, draws)
    weights, total = _weights(unseen, fitting, draws), comb(unseen, draws)
    answer = 1 - Fraction(weights.get(0, 0), total)
    if not why:
        return answer
    title = label or (f"A fitting tile comes within {draws} draw{'s' if draws != 1 else ''} ({fitting} of the {unseen} "
                      f"unseen tiles fit)")
    children = tuple(Why(f"exactly {h} of the {draws} tiles drawn fit{'s' if h == 1 else ''} "
                         f"({comb(fitting, h):,} × {comb(unseen - fitting, draws - h):,} = {w:,} of the {total:,} draws)",
                         Fraction(w, total), RULE_PLACING) for h, w in weights.items() if h and w)
    return Why(title, answer, RULE_PLACING, children)


def hits(unseen: int, fitting: int, draws: int) -> Dist:
    """The exact Dist of how many fitting tiles come in the next ``draws`` (hypergeometric).

    >>> hits(0, 0, 0).items()
    [(0, Fraction(1, 1))]
    """
    unseen, fitting, draws = _counts(unseen, fitting, draws)
    return Dist.from_weights(_weights(unseen, fitting, draws))


def _state(state):
    from .game import State        # the game module imports this one: import at call time

    if not isinstance(state, State):
        raise InvalidInput(f"Tile odds need a Pirates & Plunder game state, not {shown(state)}.")
    return state


def _cell(cell) -> tuple:
    if isinstance(cell, (str, bytes)) or not hasattr(cell, "__len__") or len(cell) != 2 \
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell):
        raise InvalidInput(f"A square is a pair of whole numbers (x, y), not {said(cell)}.")
    return tuple(cell)


def _node(state, node) -> int:
    if isinstance(node, bool) or not isinstance(node, int) or not 0 <= node < len(state.parent):
        raise InvalidInput(f"A feature is given by one of its segments: a whole number from 0 to "
                           f"{len(state.parent) - 1}, not {said(node)}.")
    return node


def fitting_tiles(state, cell) -> dict:
    """The unseen tiles (name -> count) that have a legal turn at the empty square ``cell``."""
    state, cell = _state(state), _cell(cell)
    if cell not in state.needs:
        raise InvalidInput(f"{cell} is not an empty square beside the tiles.")
    board = state.board
    return {board.types[k].name: n for k, n in enumerate(state.bag)
            if n and board.fits(k, state.needs[cell])}


def gaps(state, node: int) -> list:
    """The empty squares that the feature of ``node`` has open edges towards, sorted."""
    state = _state(state)
    root = find(state.parent, _node(state, node))
    found = set()
    for index, (kind, turns, x, y) in enumerate(state.placed):
        owner = state.board.turned[kind][turns][1]
        for place, segment in enumerate(owner):
            if find(state.parent, MAX_SEGMENTS * index + segment) == root:
                there = step((x, y), place // 3)
                if there not in state.cells:
                    found.add(there)
    return sorted(found)


@dataclass(frozen=True)
class GapOdds:
    cell: tuple
    fitting: dict                  # tile name -> unseen copies that fit there
    unseen: int
    draws: int

    @property
    def count(self) -> int:
        return sum(self.fitting.values())

    @property
    def probability(self) -> Fraction:
        return within(self.unseen, self.count, self.draws)

    def why(self) -> Why:
        """The :class:`~pirates_lab.core.why.Why` tree of :attr:`probability` (which tiles fit, in its title)."""
        names = ", ".join(f"{n} {name}" for name, n in sorted(self.fitting.items())) or "no tile"
        draws = f"{self.draws} draw{'s' if self.draws != 1 else ''}"
        return within(self.unseen, self.count, self.draws, why=True,
                      label=f"A tile that fits {self.cell} comes within {draws} ({names} of the {self.unseen} unseen)")


def gap_odds(state, cell, draws: int) -> GapOdds:
    """The odds that a tile fitting ``cell`` comes within ``draws`` draws."""
    state, cell = _state(state), _cell(cell)
    unseen = sum(state.bag)
    draws = _whole("draws", draws, 1, max(1, unseen))
    return GapOdds(cell, fitting_tiles(state, cell), unseen, draws)


def feature_odds(state, node: int, draws: int, *, why: bool = False):
    """P(a tile that fits at least one gap of ``node``'s feature comes within ``draws`` draws); with ``why=True``
    its :class:`~pirates_lab.core.why.Why` tree (the tiles that fit, in its title)."""
    state = _state(state)
    node = _node(state, node)
    unseen = sum(state.bag)
    draws = _whole("draws", draws, 1, max(1, unseen))
    fit = set()
    for cell in gaps(state, node):
        fit |= set(fitting_tiles(state, cell))
    count = sum(n for k, n in enumerate(state.bag) if state.board.types[k].name in fit)
    if why:
        names = ", ".join(sorted(fit)) or "no tile"
        return within(unseen, count, draws, why=True, label=f"A tile that fits a gap of this feature comes within "
                      f"{draws} draw{'s' if draws != 1 else ''} ({count} of the {unseen} unseen fit: {names})")
    return within(unseen, count, draws)
