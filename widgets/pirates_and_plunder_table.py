"""Pirates & Plunder at a small table: a rule to try (:class:`TryIt`, the reference screens' live examples) and the
coach's table of the lesson.

The board is GameTable's :class:`~.pirates_and_plunder.BoardRenderer`: everything drawn comes from the seat's
observation, never a State.  A TryIt is handed a *function* building the position (a State is refused).

>>> TryIt(3)
Traceback (most recent call last):
TypeError: a rule to try is built by a function returning the position (pirates_and_plunder.try_it), not a int

Rules: Pirates & Plunder › Playing the Game
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from pirates_lab.pirates_and_plunder import Game
from pirates_lab.pirates_and_plunder.players import greedy_player

from .pirates_and_plunder import BoardRenderer
from .table import GameTable

__all__ = ["TryIt", "TRY_IT_BOARD", "small_table"]

#: the board of a rule to try (Large fonts paint it 1.5 times): it leaves room for the rule and the question
TRY_IT_BOARD = (380, 160)


def small_table(table: GameTable, css_class: str) -> GameTable:
    """GameTable's panes rearranged to fit a lesson screen at 1024 x 768 with Large fonts: whose move and the
    buttons on one line, then "Your move" (the board, your supply and your actions, without their headings) and
    "Log" (the scores and what happened) as two tabs."""
    _title, turn, scores, middle, message, log, controls = table.children
    board, pane = middle.children
    for heading in (pane.children[0], pane.children[2]):          # "Your hand", "Your move": the tab says it
        heading.layout.display = "none"
    for button in controls.children:
        button.layout.width = "auto"
    table.tabs = widgets.Tab([middle, widgets.VBox([scores, log])])
    table.tabs.titles = ("Your move", "Log")
    table.tabs.add_class("pl-pnp-table-tabs")
    top = widgets.HBox([turn, controls], layout=widgets.Layout(flex_flow="row wrap", align_items="center",
                                                               grid_gap="12px"))
    table.children = (top, table.tabs, message)
    table.add_class(css_class)
    return table


class TryIt(GameTable):
    """A position from the engine to try a rule on: you are Player 1 (blue), at the decision the rule is about;
    make the move and the computer player (Player 2) goes on from its own seat's view.  "Start again" sets the
    same position up again.

    ``build``: a function returning the position (:mod:`pirates_lab.pirates_and_plunder.try_it`); ``caption``: the
    position in a few plain words, shown where the table says whose move it is until the first move.
    """

    def __init__(self, build, *, caption: str = "", seed: int = 1):
        if not callable(build):
            raise TypeError(f"a rule to try is built by a function returning the position "
                            f"(pirates_and_plunder.try_it), not a {type(build).__name__}")
        self.build, self.caption = build, caption
        position = build()
        super().__init__(Game(players=position.game.players), BoardRenderer(*TRY_IT_BOARD, most=60),
                         humans=(0,), players=greedy_player, seed=seed, page_rows=2)
        self.model.game = position.game
        self.new_game_button.description = "Start again"
        self.new_game_button.tooltip = "The same position again"
        # a rule to try needs no coach (the toggle would wrap the line), nor Undo (Start again takes the move back)
        _title, turn, scores, middle, message, log, controls = self.children
        controls.children = tuple(c for c in controls.children if c not in (self.coach_toggle, self.undo_button))
        small_table(self, "pl-pnp-try-it")
        self.new_game()

    def refresh(self, reset_page: bool = False) -> None:
        """GameTable's refresh; in the position as set up, the caption says what it is."""
        super().refresh(reset_page)
        if self.caption and not self.model.history and self.model.human_to_move:
            self.turn.value = f"<b>{html.escape(self.caption)}</b>"

    def show_page(self, page: int) -> None:
        """The actions as GameTable shows them, without the box to narrow them (a position offers few)."""
        super().show_page(page)
        self.filter.layout.display = "none"

    def _show_hand(self, observation: dict) -> None:
        """Your tile, supply and resources, without your name above them (the screen says who you are)."""
        lines = self.renderer.hand(observation, self.model.viewer)
        self.hand.value = "<div>" + ", ".join(html.escape(str(line)) for line in lines) + "</div>"

    def new_game(self, seed: int | None = None) -> None:
        """The position again (not a new game): the same tiles, ships and resources, Player 1 to decide."""
        self.start_at(self.build())
