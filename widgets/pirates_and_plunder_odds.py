"""Will the tile you need come?  The tile-odds lab of Pirates & Plunder.

A board with, on every empty square beside the tiles, the exact chance that a tile fitting it comes within
the next few draws; tap a square to pick it: its chance in words, with its
:class:`~pirates_lab.widgets.why.WhyTree` under it (one branch for each number of fitting tiles drawn).
The slider's limits follow the rules: at least one draw, at most the tiles still unseen (and 10).

Rules: Pirates & Plunder › Drawing and Placing Land Tiles

It is drawn from a seat's observation (the board and the unseen tiles' counts are public), never from a State.

>>> from pirates_lab.pirates_and_plunder.scenarios import drawing_state
>>> lab = TileOddsLab(drawing_state().observation(0), (0, -1), 1)
>>> lab.probability, lab.draws.max
(Fraction(43, 76), 10)
>>> lab.pick((5, 5)); lab.cell                  # not an empty square beside the tiles: the pick stays
(0, -1)
"""
from __future__ import annotations

import html
from collections.abc import Callable
from fractions import Fraction

import ipywidgets as widgets

from pirates_lab.pirates_and_plunder.odds import GapOdds

from .canvas import BoardCanvas
from .controls import rule_slider
from .shown import number_html
from .pirates_and_plunder import _needs, _tile, board_drawing, legend_html, seen
from .why import WhyTree

__all__ = ["TileOddsLab", "MOST_DRAWS"]

#: the slider's top (fewer if fewer tiles are unseen)
MOST_DRAWS = 10


def fitting(observation: dict, cell) -> dict:
    """The unseen tiles (name -> count) that have a turn fitting the empty square ``cell``, from a seat's
    observation alone (the engine's ``fitting_tiles`` reads a State)."""
    need = _needs(observation)[tuple(cell)]
    return {name: n for name, n in observation["unseen"].items()
            if any(all(w < 0 or w == e for w, e in zip(need, _tile(name).rotated_edges(r))) for r in range(4))}


class TileOddsLab(widgets.VBox):
    """``observation``: a seat's observation (``state.observation(seat)``; a State is refused: the unseen tiles
    are public as counts); ``cell``: the square picked first; ``draws``: the draws at first; ``size``: the board's
    room (width, height) at normal size."""

    def __init__(self, observation: dict, cell, draws: int, *, size: tuple = (440, 330),
                 rule_link: Callable[[str], str | None] | None = None):
        self.observation, self.size = seen(observation), size
        self.needs = _needs(observation)
        self.unseen = sum(observation["unseen"].values())
        self.cell = tuple(cell)
        self.draws = rule_slider("", draws, 1, max(1, min(MOST_DRAWS, self.unseen)),
                                 layout=widgets.Layout(width="260px", max_width="100%"))
        self.draws.add_class("pl-pnp-draws-slider")
        self.draws.observe(lambda change: self.redraw(), names="value")
        _, width, height, self.layout_ = board_drawing(observation, size[0], height=size[1], ruler=False)
        self.board = BoardCanvas(width, height, css_class="pl-pnp-board", to_board=self.layout_.cell_at)
        self.board.on_click(self.pick)
        self.result = widgets.HTML()
        self.result.add_class("pl-pnp-tile-odds")
        self.why = WhyTree(rule_link=rule_link)
        self.why.view.layout.width = "auto"          # the tree's box less its margins (100% passes it by 4 px)
        label = widgets.HTML("<span class='pl-pnp-control-label'>tiles drawn from now</span>")
        legend = widgets.HTML(legend_html(len(observation["scores"]), odds=True, marks=False, letters=False,
                                          terrain=False)
                              + "<div>Tap an empty square to pick it (yellow frame).</div>")
        side = widgets.VBox([label, self.draws, self.result, legend],
                            layout=widgets.Layout(flex="1 1 300px", min_width="260px", max_width="100%",
                                                  margin="0 0 0 12px"))
        row = widgets.Box([self.board, side], layout=widgets.Layout(display="flex", flex_flow="row wrap",
                                                                    align_items="flex-start", max_width="100%"))
        super().__init__([row, self.why], layout=widgets.Layout(max_width="100%"))
        self.add_class("pl-pnp-tile-odds-lab")
        self.redraw()

    @property
    def odds(self):
        return GapOdds(self.cell, fitting(self.observation, self.cell), self.unseen, self.draws.value)

    @property
    def probability(self) -> Fraction:
        return self.odds.probability

    def pick(self, cell) -> None:
        """Pick the empty square ``cell`` (anything else is ignored)."""
        if tuple(cell) in self.needs:
            self.cell = tuple(cell)
            self.redraw()

    def redraw(self) -> None:
        draws = self.draws.value
        ops, _, _, _ = board_drawing(self.observation, self.size[0], height=self.size[1], odds_draws=draws,
                                     highlight=[self.cell], flash=[], ruler=False)
        self.board.draw("background", ops)
        odds = self.odds
        times = f"{draws} draw{'s' if draws != 1 else ''}"
        self.result.value = (f"<div><b>The square at {html.escape(str(self.cell))}:</b> {odds.count} of the "
                             f"{self.unseen} unseen tiles fit it. A tile that fits comes within {times}: "
                             f"<b>{number_html(odds.probability)}</b>.</div>"
                             f"<div style='color:#555'>Open the chance below to see where it comes from.</div>")
        self.why.tree = odds.why()
