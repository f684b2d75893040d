"""GameTable: one ipywidgets table that plays any registered game against computer players.

``GameTable(game, renderer=None, *, humans=(0,), players=None, seed=0)``: ``game`` is a core
``Game`` (or a registered name, or a Game class); ``renderer`` None picks the board the game's
front-end registered (:mod:`.renderers`), else the observation in words; ``humans`` the seats people play; every other
seat is a computer player (``players``: one callable for all, a mapping seat -> callable, or
None for :func:`random_player`).  A computer player is ``player(view, rng) -> action``: it is handed
its seat's :class:`~pirates_lab.core.SeatView`, never the state (see :mod:`.table_model`).

What it shows: the board (a :class:`~pirates_lab.widgets.BoardCanvas` replaying the renderer's
pure draw operations for the seat being shown), whose turn it is, the scores everyone may see,
"your hand", the legal actions as buttons (``str(action)``; narrowed by typing, grouped by their
first words and cut into pages so the table fits 1024 x 768), the log (plain words, newest last),
New game / Undo / Continue.  With several people at one screen, each seat's view stays hidden
until its player asks for it.

Renderer protocol (see :mod:`.table_render`): ``draw(observation, player) -> draw ops``;
optional ``hand(observation, player) -> list[str]``, ``click(observation, player, x, y,
legal_actions) -> action | None``, ``width``/``height``.  :class:`TextRenderer` is the default.

The observation may carry, by convention, ``"log"`` (a list of plain-words lines: the log as
that seat sees it), ``"hand"`` (a list) and ``"scores"`` (one number per seat, public); the
table shows them in their panes.  Without a ``"log"`` it writes its own, naming only the
viewer's actions; without ``"scores"`` it shows scores at the end only.

The model (:class:`TableModel`) is plain Python and tested without a browser; errors from the
game or a computer player are shown in place (:func:`~pirates_lab.widgets.guard`) and change
nothing.
"""
from __future__ import annotations

import html
from collections.abc import Callable, Collection, Sequence
from typing import Any

import ipywidgets as widgets

from pirates_lab.core import InvalidInput

from .canvas import BoardCanvas
from .coach import attach_coach, coach_changed  # issue 37: the Coach toggle
from .kit import error_html, guard
from .table_actions import ActionChoice, ActionPage, action_columns, action_page
from .table_model import (DEFAULT_MAX_STEPS, ComputerPlayerError, Players, Step, TableModel, ViewOnlyState, advance,
                          computer_for, random_player, seat_name)
from .renderers import renderer_for
from .table_render import DEFAULT_HEIGHT, DEFAULT_WIDTH, TextRenderer, curtain_ops, describe_observation, render_ops

__all__ = ["GameTable", "TableModel", "TextRenderer", "advance", "random_player", "ViewOnlyState", "Step",
           "ComputerPlayerError", "action_page", "ActionPage", "ActionChoice", "computer_for", "describe_observation",
           "seat_name"]

PAGE_WIDTH = 980           # fits a 1024 px screen with the notebook's margins
PANE_WIDTH = 470           # the right-hand pane: hand, actions (beside a 480 px board)
MIN_PANE_WIDTH = 320       # narrower than this, the pane goes under the board
LOG_HEIGHT = 130          # (kept for old callers: the log no longer scrolls)
LOG_LINES = 5             # the newest log lines shown whole; the earlier ones behind "show all N lines"


class GameTable(widgets.VBox):
    """Play any game on the core protocol: people in ``humans`` seats, computer players elsewhere."""

    def __init__(self, game, renderer=None, *, humans: Collection[int] = (0,), players: Players = None,
                 seed: int = 0, max_steps: int = DEFAULT_MAX_STEPS, page_rows: int = 7,
                 names: Sequence[str] | Callable[[int], str] | None = None):
        model = TableModel(game, humans=humans, players=players, seed=seed, max_steps=max_steps, names=names)
        # no renderer given: the one the game's front-end registered (pirates_lab.renderers), else words
        self.renderer = renderer if renderer is not None else renderer_for(model.game)
        if not callable(getattr(self.renderer, "draw", None)):
            raise InvalidInput("A renderer needs a draw(observation, player) method.")
        if names is None and callable(getattr(self.renderer, "seat_name", None)):
            model.names = self.renderer.seat_name          # seats named as the board names them
        self.model = model
        self.page_rows = page_rows
        self.page = 0
        self.action_buttons: list[widgets.Button] = []
        self.groups: list[tuple[str, ...]] = []      # the groups of actions opened, innermost last
        self.revealed_for: int | None = None          # hot seat: whose view is on the screen

        self.title = widgets.HTML(f"<h3 style='margin:4px 0'>{html.escape(self.model.game.title)}</h3>")
        self.turn = widgets.HTML()
        self.turn.add_class("pl-table-turn")
        self.scores = widgets.HTML()
        self.scores.add_class("pl-table-scores")
        self.message = widgets.HTML()
        self.message.add_class("pl-table-message")
        self.run = guard(self.message)

        width = int(getattr(self.renderer, "width", DEFAULT_WIDTH))
        height = int(getattr(self.renderer, "height", DEFAULT_HEIGHT))
        self.board = BoardCanvas(width, height, layers=("board",), css_class="pl-table-board")
        self.board.on_click(lambda position: self.run(self.click)(*position))

        self.hand = widgets.HTML()
        self.hand.add_class("pl-table-hand")
        self.filter = widgets.Text(placeholder="type to narrow the actions", continuous_update=True,
                                   layout=widgets.Layout(width="calc(100% - 6px)"))
        self.filter.add_class("pl-table-filter")
        self.filter.observe(lambda _: self.run(self._filtered)(), names="value")
        self.actions = widgets.GridBox(layout=widgets.Layout(width="100%", grid_gap="4px"))
        self.actions.add_class("pl-table-actions")
        self.previous_page = widgets.Button(description="◀", tooltip="Previous page of actions",
                                            layout=widgets.Layout(width="48px"))
        self.next_page = widgets.Button(description="▶", tooltip="Next page of actions",
                                        layout=widgets.Layout(width="48px"))
        self.page_label = widgets.HTML()
        self.back_button = widgets.Button(description="◀ all actions",
                                          tooltip="Back to the actions before this group",
                                          layout=widgets.Layout(width="auto"))
        self.back_button.add_class("pl-table-back")
        self.back_button.on_click(lambda _: self.run(self.close_group)())
        self.previous_page.on_click(lambda _: self.run(self.show_page)(self.page - 1))
        self.next_page.on_click(lambda _: self.run(self.show_page)(self.page + 1))
        self.pager = widgets.HBox([self.back_button, self.previous_page, self.page_label, self.next_page])
        self.pager.add_class("pl-table-pager")

        self.log_box = widgets.HTML()
        self.log_box.add_class("pl-table-log")
        self.new_game_button = widgets.Button(description="New game", icon="refresh", tooltip="Start a new game")
        self.undo_button = widgets.Button(description="Undo", icon="undo", tooltip="Take back your last move")
        self.continue_button = widgets.Button(description="Continue", icon="play",
                                              tooltip="Let chance and the computer players go on")
        for name, button in (("new-game", self.new_game_button), ("undo", self.undo_button),
                             ("continue", self.continue_button)):
            button.add_class(f"pl-table-{name}")
        self.new_game_button.on_click(lambda _: self.run(self.new_game)())
        self.undo_button.on_click(lambda _: self.run(self.undo)())
        self.continue_button.on_click(lambda _: self.run(self.resume)())

        side_by_side = width + MIN_PANE_WIDTH <= PAGE_WIDTH
        pane = min(PANE_WIDTH, PAGE_WIDTH - width) if side_by_side else min(PAGE_WIDTH, max(width, PANE_WIDTH))
        right = widgets.VBox([widgets.HTML("<b>Your hand</b>"), self.hand, widgets.HTML("<b>Your move</b>"),
                              self.filter, self.actions, self.pager],
                             layout=widgets.Layout(width=f"{pane}px", padding="0 0 0 10px" if side_by_side else "0",
                                                   flex="0 0 auto", max_width="100%"))
        # with Large fonts the board is painted 1.5 times larger: it takes the room the pane leaves (shrinking,
        # sharp, never pushing the pane narrower than its buttons need)
        self.board.layout.flex, self.board.layout.min_width = "1 1 auto", "0"
        middle = (widgets.HBox if side_by_side else widgets.VBox)([self.board, right])
        controls = widgets.HBox([self.new_game_button, self.undo_button, self.continue_button, attach_coach(self)])
        super().__init__([self.title, self.turn, self.scores, middle, self.message, self.log_box, controls],
                         layout=widgets.Layout(max_width=f"{PAGE_WIDTH}px"))
        self.add_class("pl-game-table")
        if self.model.error:
            self.message.value = error_html(self.model.error)
        self.refresh()

    # ------------------------------------------------------------ actions (all shown in place on error)
    def play(self, action: Any) -> None:
        """Play ``action`` for the human to move (then chance and the computers go on)."""
        self.model.play(action)            # raises and changes nothing if the move is refused
        self.refresh(reset_page=True)

    def click(self, x: float, y: float) -> None:
        """A click on the board: the renderer's ``click`` maps it to an action, which is played."""
        mapping = getattr(self.renderer, "click", None)
        if mapping is None:
            raise InvalidInput("Choose one of the actions on the right (this board does not take clicks).")
        if not self.model.human_to_move:
            raise InvalidInput(f"It is not your turn: {self.model.turn_text()}")
        if self.curtain:
            raise InvalidInput(f"{self.model.name(self.model.viewer)}: show your view first (the button on the right).")
        action = mapping(self.model.observation(), self.model.viewer, x, y, self.model.legal_actions())
        if action is None:
            raise InvalidInput("Nothing to do there: click something you may move, or choose an action on the right.")
        self.play(action)

    def new_game(self, seed: int | None = None) -> None:
        self.model.new_game(seed)
        self.revealed_for = None
        self.refresh(reset_page=True)
        if self.model.error:
            raise InvalidInput(self.model.error)

    def start_at(self, state, seed: int | None = None) -> None:
        """The table at ``state`` (a rule to try: its "Start again" sets the same position up), moves from there."""
        self.model.start_at(state, seed)
        self.revealed_for = None
        self.refresh(reset_page=True)

    def undo(self) -> None:
        self.model.undo()
        self.refresh(reset_page=True)

    def resume(self) -> None:
        self.model.resume()                # raises and changes nothing if a computer player fails
        self.refresh(reset_page=True)

    def show_page(self, page: int) -> None:
        """Show page ``page`` of the legal actions (filtered, inside the group opened, if any)."""
        legal = self.model.legal_actions()
        labels = [str(a) for a in legal]
        columns = action_columns(labels)
        size = self.page_rows * columns
        shown = action_page(labels, self.filter.value, page, size, self.prefix)
        if shown.matching == 0 and self.groups:          # the group opened has nothing left: show all
            self.groups = []
            shown = action_page(labels, self.filter.value, page, size)
        self.page = shown.page
        for button in self.action_buttons:
            button.close()
        self.action_buttons = [self._choice_button(choice, legal) for choice in shown.choices]
        self.actions.layout.grid_template_columns = f"repeat({columns}, minmax(0, 1fr))"
        self.actions.children = tuple(self.action_buttons)
        arrows = "" if shown.pages > 1 else "none"
        self.previous_page.layout.display = self.next_page.layout.display = arrows
        self.previous_page.disabled = shown.page == 0
        self.next_page.disabled = shown.page == shown.pages - 1
        self.back_button.layout.display = "" if self.groups else "none"
        self.filter.layout.display = "" if len(legal) > size or self.filter.value else "none"
        if not legal:
            note = "Game over." if self.model.state.is_terminal() else "Not your turn."
        elif shown.matching == 0:
            note = f"No action matches “{html.escape(self.filter.value)}”."
        else:
            pages = f"page {shown.page + 1} of {shown.pages} · " if shown.pages > 1 else ""
            note = f"{pages}{shown.matching} action{'s' * (shown.matching != 1)}"
        self.page_label.value = f"<span style='padding:0 8px;color:#555'>{note}</span>"

    @property
    def prefix(self) -> tuple[str, ...]:
        """The first words of the group of actions opened (empty: all of them)."""
        return self.groups[-1] if self.groups else ()

    def _filtered(self) -> None:
        self.groups = []
        self.show_page(0)

    def open_group(self, prefix: tuple[str, ...]) -> None:
        self.groups.append(tuple(prefix))
        self.show_page(0)

    def close_group(self) -> None:
        if self.groups:
            self.groups.pop()
        self.show_page(0)

    def _choice_button(self, choice: ActionChoice, legal: tuple) -> widgets.Button:
        button = widgets.Button(description=choice.label, tooltip=choice.label, layout=widgets.Layout(width="auto"))
        if choice.is_group:
            button.add_class("pl-table-group")
            button.style.button_color = "#e8eef6"
            button.on_click(lambda _: self.run(self.open_group)(choice.prefix))
        else:
            action = legal[choice.indices[0]]
            button.add_class("pl-table-action")
            button.on_click(lambda _: self.run(self.play)(action))
        return button

    # ------------------------------------------------------------ drawing the table
    def refresh(self, reset_page: bool = False) -> None:
        """Redraw everything from the model (each pane on its own: one failing does not blank the rest)."""
        model = self.model
        self.turn.value = f"<b>{html.escape(model.turn_text())}</b>"
        self.undo_button.disabled = not model.history
        self.continue_button.layout.display = "" if model.waiting else "none"
        if reset_page:
            self.groups = []
            self.filter.value = ""
        try:
            observation = model.observation()
        except Exception as error:
            observation = None
            self.board.draw("board", ())
            self.hand.value = ""
            self.log_box.value = error_html(f"This game cannot show what a seat sees yet: {error}")
        self._show_scores(observation)
        coach_changed(self)
        if self.curtain:
            self._show_curtain()
            return
        if observation is not None:
            self._show_board(observation)
            self._show_hand(observation)
            self._show_log(observation)
        self.show_page(0 if reset_page else self.page)

    # ------------------------------------------------------------ hot seat: one screen, several people
    @property
    def curtain(self) -> bool:
        """With several people at one screen, a seat's view stays hidden until its player asks for it."""
        model = self.model
        return len(model.humans) > 1 and model.human_to_move and self.revealed_for != model.viewer

    def reveal(self) -> None:
        """The player to move is at the screen: show their view."""
        self.revealed_for = self.model.viewer
        self.refresh(reset_page=True)

    def _show_curtain(self) -> None:
        name = self.model.name(self.model.viewer)
        self.board.draw("board", curtain_ops(self.board.width, self.board.height, name))
        self.board.message.value = ""
        self.hand.value = "<em>hidden</em>"
        self.log_box.value = f"<em>The log is hidden until {html.escape(name)} shows their view.</em>"
        for button in self.action_buttons:
            button.close()
        reveal = widgets.Button(description=f"I am {name}: show my view", tooltip=f"Only {name} should look now",
                                button_style="primary", layout=widgets.Layout(width="auto"))
        reveal.add_class("pl-table-reveal")
        reveal.on_click(lambda _: self.run(self.reveal)())
        self.action_buttons = [reveal]
        self.actions.layout.grid_template_columns = "repeat(1, minmax(0, 1fr))"
        self.actions.children = (reveal,)
        for widget in (self.back_button, self.previous_page, self.next_page, self.filter):
            widget.layout.display = "none"
        self.page_label.value = f"<span style='padding:0 8px;color:#555'>Pass the screen to {html.escape(name)}.</span>"

    def _show_board(self, observation: dict) -> None:
        try:
            self.board.draw("board", render_ops(self.renderer.draw(observation, self.model.viewer)))
        except Exception as error:
            self.board.draw("board", ())
            self.board.message.value = error_html(f"The board could not be drawn: {error}")
        else:
            self.board.message.value = ""

    def _show_hand(self, observation: dict) -> None:
        hand = getattr(self.renderer, "hand", None)
        try:
            cards = list(hand(observation, self.model.viewer)) if hand is not None else []
        except Exception as error:
            self.hand.value = error_html(error)
            return
        who = html.escape(self.model.name(self.model.viewer))
        body = ", ".join(html.escape(str(c)) for c in cards) if cards else "<em>nothing in hand</em>"
        self.hand.value = f"<div style='color:#555;font-size:0.9em'>{who}</div><div>{body}</div>"

    def _show_log(self, observation: dict) -> None:
        """The newest lines whole (newest last), the earlier ones folded behind a visible "show all N lines":
        no scroll box hides a line."""
        lines = self.model.log_lines(observation)
        earlier, recent = (lines[:-LOG_LINES], lines[-LOG_LINES:]) if len(lines) > LOG_LINES else ([], lines)
        body = "".join(f"<div>{html.escape(line)}</div>" for line in recent) or "<div><em>nothing yet</em></div>"
        if earlier:
            body = (f"<details class='pl-show-all'><summary>show all {len(lines):,} lines</summary>"
                    + "".join(f"<div>{html.escape(line)}</div>" for line in earlier) + "</details>" + body)
        self.log_box.value = (f"<div style='display:flex;flex-direction:column-reverse;border:1px solid #ccc;"
                              f"padding:4px 8px;background:#fafafa;line-height:1.4;overflow-wrap:anywhere'>"
                              f"<div class='pl-table-log-lines'>{body}</div></div>")

    def _show_scores(self, observation: dict | None) -> None:
        try:
            scores = self.model.scores(observation or {})
        except Exception as error:
            self.scores.value = error_html(error)
            return
        if scores is None:
            self.scores.value = "<span style='color:#555'>Scores are shown at the end.</span>"
            return
        parts = " · ".join(f"{html.escape(self.model.seat_label(p))}: {html.escape(str(s))}"
                           for p, s in enumerate(scores))
        self.scores.value = f"Scores — {parts}"
