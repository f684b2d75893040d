"""King of Pirates at a lesson's table: a position from the engine to try a rule on (a reference screen's live
example), and the words that name a crew's skills beside the board.

The position comes from :mod:`pirates_lab.king_of_pirates.try_it`; the game's own board
(:class:`.king_of_pirates.KingOfPiratesRenderer`) draws it; the computer captains (the strategy lab's "greedy"
captain) play on from their own seats' views.  What a crew's pirates can do is public (every crew lies face up):
:func:`crew_lines` says it in the rulebook's skill names, from the observation.

>>> from pirates_lab.king_of_pirates import try_it
>>> crew_lines(try_it.captains_skills().observation(0), 0)
['Your crew: Black Bart, captain (+1 Combat vs. Nations; captain: Count as 2 Treasure Maps), Mary Read (Count as 1 Treasure Map)']

Rules: King of Pirates › Pirate Skills
Rules: King of Pirates › Captain's Skills
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from pirates_lab.king_of_pirates import components

from .king_of_pirates import KingOfPiratesRenderer
from .table import GameTable

__all__ = ["TryIt", "compact", "show_hand", "crew_lines", "pirate_words", "MOVES_WIDTH"]

#: the width of the moves beside the board on a compact table (px): the board takes the rest of the line
MOVES_WIDTH = 600


def pirate_words(pirate: str, captain: bool = False) -> str:
    """A pirate card in the rulebook's words: its skill, and its captain's skill when it is the captain.

    >>> pirate_words("Mary Read"), pirate_words("Black Bart", captain=True)
    ('Mary Read (Count as 1 Treasure Map)', 'Black Bart, captain (+1 Combat vs. Nations; captain: Count as 2 Treasure Maps)')
    """
    card = components().pirates[pirate]
    if captain:
        return f"{pirate}, captain ({card['skill']}; captain: {card['captain']})"
    return f"{pirate} ({card['skill']})"


def crew_lines(observation: dict, seat: int) -> list[str]:
    """What ``seat`` reads about its crew, captain first, with the skills in effect (the pirate cards it is choosing
    among are in its hand: :meth:`.king_of_pirates.KingOfPiratesRenderer.hand`)."""
    crew = list(observation["players"][seat]["crew"])
    return ["Your crew: " + ", ".join(pirate_words(p, captain=(i == 0)) for i, p in enumerate(crew))] if crew else []


def compact(table: GameTable, *, keep_coach: bool = True) -> GameTable:
    """Lay a King of Pirates GameTable out to fit one lesson screen at 1024 x 768 with Large fonts: whose move and
    the buttons on one line (a "Log" switch among them shows the log under the board), your hand and crew on one
    full-width line, the board beside your moves.  ``keep_coach``: keep GameTable's Coach toggle (a rule to try
    has none: it would wrap the line).  Returns the table (changed in place)."""
    _title, turn, _scores, middle, message, log, controls = table.children
    board, right = middle.children
    _hand_title, _hand, move_title, *moves = right.children
    right.children = tuple(moves)                                   # the hand goes on its own line, above
    right.layout.width = f"{MOVES_WIDTH}px"                         # the board (shown smaller) beside: less tall
    move_title.value = ""
    table.log_toggle = widgets.ToggleButton(description="Log", icon="list", value=False,
                                            tooltip="What happened so far (newest last)",
                                            layout=widgets.Layout(width="auto"))
    table.log_toggle.add_class("pl-kop-log-toggle")
    log.layout.display = "none"
    table.log_toggle.observe(lambda change: setattr(log.layout, "display", "" if change["new"] else "none"),
                             names="value")
    buttons = [c for c in controls.children if keep_coach or c is not table.coach_toggle]
    for button in buttons:
        button.layout.width = "auto"
    controls.children = (*buttons[:-1], table.log_toggle, buttons[-1]) if keep_coach else (*buttons, table.log_toggle)
    table.hand_line = widgets.HTML()
    table.hand_line.add_class("pl-kop-hand-line")
    table.children = (widgets.HBox([turn, controls], layout=widgets.Layout(flex_flow="row wrap", align_items="center",
                                                                           grid_gap="4px 12px")),
                      table.hand_line, middle, log, message)
    table.add_class("pl-kop-compact-table")
    drawn = table.refresh

    def refresh(reset_page: bool = False) -> None:      # every redraw of the table redraws the hand line too
        drawn(reset_page)
        table.filter.layout.display = "none"              # a few moves, in groups: nothing to narrow by typing
        show_hand(table)

    table.refresh = refresh
    refresh()
    return table


def show_hand(table: GameTable) -> None:
    """The hand line of a :func:`compact` table: your cards (and the pirate cards you choose among), then your
    crew with its skills."""
    try:
        observation, seat = table.model.observation(), table.model.viewer
        cards = table.renderer.hand(observation, seat)
        lines = [f"Your hand: {', '.join(cards) if cards else 'no cards'}."] + crew_lines(observation, seat)
    except Exception as error:                     # shown in place: the table keeps working
        lines = [f"Your hand cannot be shown: {error}"]
    table.hand_line.value = f"<div style='line-height:1.25;font-size:0.92em'>{html.escape(' '.join(lines))}</div>"


class TryIt(GameTable):
    """A position from the engine to try a rule on: you are Player 1, at the decision the rule is about; make a move
    and the computer captains play on from their own seats' views.  "Start again" sets the same position up again.

    ``build``: a function returning the position (:mod:`pirates_lab.king_of_pirates.try_it`).
    """

    def __init__(self, build, *, seed: int = 7, computer=None):
        from pirates_lab.king_of_pirates.policies import POLICIES

        self.build = build
        position = build()
        game = position.game
        super().__init__(game, KingOfPiratesRenderer(game), humans=(0,), players=computer or POLICIES["greedy"],
                         seed=seed, page_rows=3)
        compact(self, keep_coach=False)
        self.new_game_button.description = "Start again"
        self.new_game_button.tooltip = "The same position again"
        self.add_class("pl-kop-try-it")
        self.new_game()

    def new_game(self, seed: int | None = None) -> None:
        """The position again (not a new game): the same cards, the same seat."""
        self.start_at(self.build())
