"""The Plunder (2013) lesson for pages: the scenarios module of ``data/lessons.toml``.

Every demo and answer of :mod:`pirates_lab.plunder_2013.lessons` (the engine computes each answer
when the screen is checked), plus the demos that are widgets: a picture of the table, the classroom
round (predict, then reveal), the Solution Grid and a game against computer pirates.
:func:`lesson` reads the lesson file; :func:`lesson_view` shows it.

Rules: Plunder (2013) › Setup
Rules: Plunder (2013) › Using the Solution Grids
"""
from __future__ import annotations

import math

import ipywidgets as widgets

from pirates_lab.plunder_2013 import CATEGORIES, Deduction, card_name, pirate_name
from pirates_lab.plunder_2013.lessons import *  # noqa: F401,F403  (the lesson's demos and answers)
from pirates_lab.plunder_2013.lessons import DAYS, ME, MY_CARDS, PLAYERS, __all__ as _scenarios, deduction_after

from .canvas import BoardCanvas
from .drawing import Drawing, DrawOp
from .lesson import LessonView
from .lesson_model import Lesson
from .plunder_2013 import ClassroomRound, ClassroomView, Plunder2013Renderer, PlunderTable, SolutionGridView
from .plunder_2013_play import AyeDealer, ChestReader, DayStepper, DealPanel, DigPicker, HandGrid, button

__all__ = [*_scenarios, "table_picture", "table_picture_ops", "classroom_round", "solution_grid", "play_table",
           "setup_deal", "bills_hands_nay", "aye_dealer", "bills_hands_aye", "day_stepper", "dig_picker",
           "dig_worth", "chest_reader", "coach_at_the_table", "lesson", "lesson_view", "GAME"]

GAME = "plunder_2013"
#: the coach screen's moves beside the right grid (px): the grid, 597 px painted with Large fonts, keeps the rest
COACH_MOVES_WIDTH = 380
PICTURE_WIDTH, PICTURE_HEIGHT = 500, 290
#: the button beside the table picture: short enough to fit beside it at 1024 px with Large fonts
LOOK = "See your map cards"
_COLOURS = {"island": "#2e7d32", "marker": "#1f5fa8", "trap": "#b22222"}


def table_picture_ops(players: int = PLAYERS, me: int = ME) -> tuple[DrawOp, ...]:
    """A four-pirate table as Setup lays it out: each pirate with three face-down Map cards and a stack
    of crew cards, the three Clue decks (island, marker, trap) and the open Treasure Chest in the middle.

    Rules: Plunder (2013) › Setup
    """
    width, height = PICTURE_WIDTH, PICTURE_HEIGHT
    d = Drawing().clear().rect(0, 0, width, height, fill="#e9dcc0")
    d.circle(width / 2, height / 2, 132, fill="#c8a97e", stroke="#8b5a2b", width=3)
    cx, cy = width / 2, height / 2
    for k, category in enumerate(CATEGORIES):
        x = cx - 90 + 60 * k
        for depth in (4, 2, 0):
            d.rect(x - 18 + depth, cy - 52 - depth, 36, 48, fill=_COLOURS[category], stroke="#ffffff", width=2)
        d.text(category.title(), x, cy + 8, font="bold 13px sans-serif", align="center", fill="#3b2a14")
    d.rect(cx - 40, cy + 22, 80, 30, fill="#6b4f2a", stroke="#3b2a14", width=2)
    d.text("Treasure Chest", cx, cy + 64, font="13px sans-serif", align="center", fill="#3b2a14")
    for seat in range(players):
        angle = math.pi / 2 + 2 * math.pi * seat / players            # seat 1 (you) at the bottom
        sx, sy = cx + 190 * math.cos(angle), cy + 112 * math.sin(angle)
        name = pirate_name(seat) + (" (you)" if seat == me else "")
        for k in range(3):
            d.rect(sx - 34 + 24 * k, sy - 22, 20, 28, fill="#5a3b1c" if seat != me else _COLOURS[CATEGORIES[k]],
                   stroke="#ffffff", width=1.5)
        d.rect(sx + 40, sy - 20, 14, 24, fill="#d9c7a0", stroke="#5a3b1c")
        d.text(name, sx, sy + 20, font="bold 13px sans-serif", align="center", fill="#1f1408", max_width=150)
    return d.ops


def table_picture() -> widgets.Widget:
    """The game in one picture (see :func:`table_picture_ops`), and a button that shows Sneaky Pete his
    three secret map cards."""
    board = BoardCanvas(PICTURE_WIDTH, PICTURE_HEIGHT, layers=("table",), css_class="pl-plunder-table-picture")
    board.draw("table", table_picture_ops())
    look = button(LOOK, "pl-plunder-look")
    cards = widgets.HTML()

    def show(_=None) -> None:
        cards.value = "Your secret cards:<br><b>" + "<br>".join(card_name(c, x) for c, x in zip(CATEGORIES, MY_CARDS)) \
            + "</b><br>Your treasure is there."

    look.on_click(show)
    # min-content: a box squeezed below its button would clip it (a widget box scrolls); it goes under the picture
    side = widgets.VBox([look, cards], layout=widgets.Layout(flex="1 1 180px", min_width="min-content",
                                                             margin="0 0 0 10px"))
    return widgets.HBox([board, side], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))


def setup_deal() -> widgets.Widget:
    """Setup: deal the other pirates' cards at random (seeded)."""
    return DealPanel()


def bills_hands_nay() -> widgets.Widget:
    """How to Play: Bill's 125 hands, the Nay hands to shade and count (the complement)."""
    return HandGrid(shades=("nay",))


def aye_dealer() -> widgets.Widget:
    """Bill's cards dealt many times (seeded) against the exact chance of an Aye."""
    return AyeDealer()


def bills_hands_aye() -> widgets.Widget:
    """Bill said Aye: his Aye hands and his hands with the clue island, to shade and count."""
    return HandGrid(shades=("aye", "island"))


def day_stepper() -> widgets.Widget:
    """Using the Solution Grids: the days added one by one, the fitting deals counted (day 3 predicted)."""
    return DayStepper()


def dig_picker() -> widgets.Widget:
    """Digging Up Treasure: choose a place for Bill's treasure and count the deals that put it there."""
    return DigPicker()


def dig_worth() -> widgets.Widget:
    """The synthesis: the place, its count, and the points a right dig earns."""
    return DigPicker(finder=True)


def chest_reader() -> widgets.Widget:
    """Game End and Scoring: the chest turned over one crew card at a time."""
    return ChestReader()


def classroom_round() -> widgets.Widget:
    """Peg-Leg Meg's day: the class predicts each answer's effect on the count, then the teacher reveals it."""
    asker, clue, answers = DAYS[0]
    return ClassroomView(ClassroomRound(Deduction(players=PLAYERS, me=ME, my_cards=MY_CARDS), asker=asker,
                                        clue=clue, answers=answers))


def solution_grid() -> widgets.Widget:
    """Sneaky Pete's grid after the three days, filled in by the solver (switch to "By hand" to fill it
    yourself; click a box for "why")."""
    return SolutionGridView(deduction_after(len(DAYS)), days=len(DAYS), compact=True)


def play_table() -> widgets.Widget:
    """A game against three computer pirates (you are Sneaky Pete)."""
    return PlunderTable(players=PLAYERS, seed=2013)


class _PaintedLater:
    """The right grid's renderer (:class:`.plunder_2013.Plunder2013Renderer`), blank until the coach screen has given
    its board the 16 px text floor: the board's first paint with text is then at 16 px (a paint at 24 px reaches the
    browser even when it is replaced at once)."""

    def __init__(self, game):
        self.inner, self.ready = Plunder2013Renderer(game), False
        self.width, self.height = self.inner.width, self.inner.height

    def draw(self, observation: dict, player: int):
        if self.ready:
            return self.inner.draw(observation, player)
        return Drawing().clear().rect(0, 0, self.width, self.height, fill="#fbf7ef").ops

    def hand(self, observation: dict, player: int) -> list[str]:
        return self.inner.hand(observation, player)

    def seat_name(self, player: int) -> str:
        return self.inner.seat_name(player)


def coach_at_the_table() -> widgets.Widget:
    """A two-pirate game at your first choice of two moves or more (keep the clues, or flip one more card of a
    deck): predict the best move, then toggle Coach (issue 37 item 3; the coach's quick games end in a tie here,
    and the screen says so)."""
    from pirates_lab.plunder_2013 import Game

    from .coach import coach_table

    renderer = _PaintedLater(Game(players=2))
    table = coach_table(GAME, seed=1, page_rows=2, renderer=renderer)   # keep, or "flip one more …" (three decks)
    _title, turn, _scores, middle, *rest = table.children  # the screen's title says the game; scores come at the end
    table.children = (turn, middle, *rest)
    board, moves = middle.children
    moves.layout.width = f"{COACH_MOVES_WIDTH}px"          # the grid keeps its painted width beside the moves, so
    board.shrinks = False                                   # its card names stay 16 px and apart (as the Solution
    renderer.ready = True                                   # Grid's compact view paints them)
    table.refresh()
    return table


def lesson() -> Lesson:
    """The lesson file ``pirates_lab/plunder_2013/data/lessons.toml``, read and checked."""
    return Lesson.for_game(GAME)


def lesson_view(**options) -> LessonView:
    """The lesson on screens (what the notebook shows)."""
    return LessonView(lesson(), **options)
