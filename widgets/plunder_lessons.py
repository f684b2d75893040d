"""The Plunder lesson on screens: the scenarios module of ``pirates_lab/plunder/data/lessons.toml``.

Each demo returns what a screen shows: the table drawn on a canvas, something to do (draw, shuffle and sail,
contest, fight, turn over the loot: :mod:`pirates_lab.widgets.plunder_lesson_play`), a game, a calculator with its
why tree; the answers re-export :mod:`pirates_lab.plunder.lessons` (computed when a question is checked, never
written in the lesson).
:func:`lesson` reads the lesson file; :func:`lesson_view` shows it.

Rules: Plunder › Combat

>>> [name for name in DEMOS if name not in globals()]
[]
"""
from __future__ import annotations


import ipywidgets as widgets

from pirates_lab.plunder import Game, lessons
from pirates_lab.plunder import try_it as T
from pirates_lab.plunder.captains import trader
from pirates_lab.plunder.components import components
from pirates_lab.plunder.lessons import *  # noqa: F401,F403  (the lesson's answers)
from pirates_lab.plunder.lessons import ANSWERS
from pirates_lab.plunder.odds import npc_chain_odds, side_of
# the reference screens' questions, on their live positions (issue 34 item 4): computed by playing on the engine
from pirates_lab.plunder.try_it import (cards_drawn_after_a_lost_ship, cards_that_catch,  # noqa: F401
                                        encounter_cards_on_open_sea, encounters_that_apply, flags_on_your_mat,
                                        flag_for_a_treasure_fleet, silver_after_paying, silver_after_the_sale,
                                        silver_when_you_win, smallest_card_for_the_broadside, speed_with_the_captured_ship,
                                        speed_with_the_navigator, spices_you_can_buy, cards_that_win_the_boarding,
                                        first_turn_phases)

from .canvas import BoardCanvas
from .drawing import Drawing, DrawOp
from .lesson import LessonView
from .lesson_model import Lesson
from .coach import coach_table
from .plunder import COLOURS, SHIPS, PlunderRenderer, TryIt, sea_layout
from .plunder_calculators import ChainCalculator, MarqueCalculator, pct
from .plunder_lesson_play import (attack_choice, combat_chain, first_draw, loot_card, marque_contest,  # noqa: F401
                                  storm_course, storm_runs)
from .shown import table_html
from .table import GameTable
from .why import screen_links

GAME = "plunder"
#: the reference screens' live examples: heading -> demo name (a position to try the rule on, :class:`TryIt`)
TRY_IT_DEMOS = {heading: "try_" + build.__name__ for heading, build in T.TRY_IT.items()}
#: the reference screens' answers (computed on their positions by the engine)
TRY_IT_ANSWERS = ("silver_when_you_win", "first_turn_phases", "encounter_cards_on_open_sea", "silver_after_paying", "encounters_that_apply",
                  "spices_you_can_buy", "silver_after_the_sale", "speed_with_the_navigator", "flag_for_a_treasure_fleet",
                  "cards_drawn_after_a_lost_ship", "flags_on_your_mat", "speed_with_the_captured_ship", "cards_that_catch",
                  "smallest_card_for_the_broadside", "cards_that_win_the_boarding")
DEMOS = ("table_picture", "first_draw", "storm_course", "storm_runs", "marque_contest", "play_table", "combat_chain",
         "loot_card", "war", "chain_calculator", "attack_choice", "coach_at_the_table",
         "broadside",   # the Broadside's table, one card drawn against each enemy (kept for its tests)
         *TRY_IT_DEMOS.values())
__all__ = [*DEMOS, *ANSWERS, *TRY_IT_ANSWERS, "table_picture_ops", "lesson", "lesson_view", "GAME", "DEMOS",
           "TRY_IT_DEMOS", "TRY_IT_ANSWERS", "PICTURE_WIDTH", "PICTURE_HEIGHT", "rule_links"]

PICTURE_WIDTH, PICTURE_HEIGHT = 600, 262
#: the ship card that always attacks (Engagement: "except for Pirates, who always attack"), as the engine reads it
PIRATES = "Pirates"


def _html(text: str, css: str = "") -> widgets.HTML:
    box = widgets.HTML(f"<div style='max-width:100%;overflow-wrap:anywhere'>{text}</div>")
    box.add_class("pl-plunder-lesson-text")
    if css:
        box.add_class(css)
    return box


def rule_links():
    """The why trees' rules as links to this lesson's screens (``?screen=<heading>``)."""
    return screen_links(screen.heading for screen in lesson().screens)


# ---------------------------------------------------------------- the game in one screen
def table_picture_ops(seed: int = 3) -> tuple[DrawOp, ...]:
    """Four captains at the start (the deal of :func:`pirates_lab.plunder.lessons.dealt`): the first sea (Tortuga
    and four Open Sea cards) with every ship on Tortuga, the deck, and each captain's mat (role, silver, cards).

    Rules: Plunder › Setup
    """
    state = lessons.dealt(4, seed)
    width, height = PICTURE_WIDTH, PICTURE_HEIGHT
    d = Drawing().clear().rect(0, 0, width, height, fill="#e9dcc0")
    d.text("The sea at the start", 130, 18, font="bold 16px sans-serif", align="center", fill="#3b2a14")
    sea = {(x, y): name for x, y, name in state.observation(0)["sea"]}
    size, corner = sea_layout(sea, 250, 228, top=28, ring=0.1)
    for cell, name in sorted(sea.items()):
        x, y = corner(cell)
        kind = components().card(name).kind
        d.rect(x + 1, y + 1, size - 2, size - 2, fill=COLOURS[kind], stroke="#333333")
        d.text("Tortuga" if kind == "tortuga" else "Sea", x + size / 2, y + size * 0.3, font="bold 14px sans-serif",
               align="center")
    tx, ty = corner((0, 0))
    for p in range(len(state.captains)):
        d.circle(tx + 12 + 16 * p, ty + size * 0.72, 7, fill=SHIPS[p], stroke="#ffffff", width=2)
    # the deck, face down
    for depth in (6, 3, 0):
        d.rect(262 + depth, 100 - depth, 44, 62, fill="#5a3b1c", stroke="#ffffff", width=2)
    d.text("Deck", 287, 180, font="bold 14px sans-serif", align="center", fill="#3b2a14")
    roles: dict[int, list[str]] = {}
    for role, seat in state.roles.items():
        roles.setdefault(seat, []).append(role)
    for p, cap in enumerate(state.captains):
        x, y = 330 + 136 * (p % 2), 28 + 118 * (p // 2)
        d.rect(x, y, 128, 110, fill="#fbf7ef", stroke=SHIPS[p], width=3)
        d.rect(x, y, 128, 26, fill=SHIPS[p])
        d.text(f"Captain {p + 1}", x + 64, y + 13, font="bold 15px sans-serif", align="center", fill="#ffffff")
        jobs = (["First Captain"] if p == state.first else []) + [r for r in roles.get(p, []) if r != "Dealer"]
        lines = jobs[:2] + [f"{cap['silver']} silver", f"{len(state.hand(p))} cards"]
        for k, line in enumerate(lines):
            d.text(line, x + 64, y + 40 + 19 * k, font="14px sans-serif", align="center", fill="#1f1408",
                   max_width=120)
    return d.ops


def table_picture() -> widgets.Widget:
    """The game in one picture (see :func:`table_picture_ops`), and a button that shuffles and deals again (the
    deals are seeded: Reset brings back the first)."""
    board = BoardCanvas(PICTURE_WIDTH, PICTURE_HEIGHT, layers=("table",), css_class="pl-plunder-table-picture")
    board.draw("table", table_picture_ops())
    again = widgets.Button(description="Shuffle and deal again", layout=widgets.Layout(width="auto"))
    deals = iter(range(4, 10_000))

    def deal(_) -> None:
        board.draw("table", table_picture_ops(next(deals)))

    again.on_click(deal)
    box = widgets.VBox([board, again], layout=widgets.Layout(max_width="100%"))
    box.board, box.again = board, again
    return box


# ---------------------------------------------------------------- a game
def play_table() -> widgets.Widget:
    """A game against two computer traders (you are Captain 1, red)."""
    renderer = PlunderRenderer()
    renderer.height, renderer.ring = 262, 0.2   # the table, its hand and its log fit one screen with Large fonts
    table = GameTable(Game(players=3), renderer, humans=(0,), players=trader, seed=1)
    table.title.layout.display = "none"         # the screen's title says it
    return table


def _one_card_rows(me: str, enemies, step: str, stat: str) -> list[tuple]:
    """Each enemy's value and the chance to win ``step`` with one card drawn.  Pirates are never attacked: they
    "always attack", and a tie is theirs (the row says so and is counted so, as the engine plays it)."""
    rows = []
    for name in enemies:
        pirates = name == PIRATES
        p = npc_chain_odds(side_of(me), side_of(name), [], 1, lessons.start_unseen(), (step,), attacked=pirates).win
        rows.append((f"{name} (they attack you: a tie is theirs)" if pirates else name, getattr(side_of(name), stat),
                     pct(p)))
    return rows


def broadside() -> widgets.Widget:
    """An English Brigantine's chance to win the Broadside against each enemy, with the one card it draws."""
    rows = _one_card_rows("English Brigantine", ("Spanish Sloop", "Spanish Brigantine", "Spanish Galleon", "Pirates",
                                                 "Treasure Fleet"), "broadside", "cannon")
    return _html(f"<p>An English Brigantine (cannon {side_of('English Brigantine').cannon}) fights, with the one "
                 "card it draws first:</p>" + table_html(rows, header=("enemy", "cannon", "win the Broadside")))


def chain_calculator() -> widgets.Widget:
    """The combat-chain calculator, opening on a fight near even, its why tree linked to the rule screens."""
    return ChainCalculator(rule_link=rule_links())


def war() -> widgets.Widget:
    """The Letter of Marque calculator (its why tree linked to the rule screens)."""
    return MarqueCalculator(rule_link=rule_links())


# ---------------------------------------------------------------- predict, then ask the coach (issue 37 item 3)
def coach_at_the_table() -> widgets.Widget:
    """A game at your first choice of two moves or more (Captain 1's first course, seed 1): predict the best move,
    then toggle Coach.  The table as on the game screen (the computer trader, a sea that fits beside the hand); its
    log is left out, so the coach's bars come right under the moves."""
    renderer = PlunderRenderer()
    renderer.height, renderer.ring = 230, 0.2
    table = coach_table("plunder", seed=1, renderer=renderer)
    table.model.players = trader                 # the computer trader of the game screen (no move of its yet)
    table.title.layout.display = "none"          # the screen's title says it
    table.log_box.layout.display = "none"
    return table


# ---------------------------------------------------------------- try it: the reference screens' live positions
def try_overview() -> TryIt:
    return TryIt(T.overview)


def try_turn() -> TryIt:
    return TryIt(T.turn)


def try_resolve_the_encounter() -> TryIt:
    return TryIt(T.resolve_the_encounter)


def try_pay_the_crew() -> TryIt:
    return TryIt(T.pay_the_crew)


def try_play_an_encounter() -> TryIt:
    return TryIt(T.play_an_encounter)


def try_buying() -> TryIt:
    return TryIt(T.buying)


def try_selling() -> TryIt:
    return TryIt(T.selling)


def try_first_mate() -> TryIt:
    return TryIt(T.first_mate)


def try_enemies() -> TryIt:
    return TryIt(T.enemies)


def try_if_you_lose_your_ship() -> TryIt:
    return TryIt(T.if_you_lose_your_ship)


def try_enemies_in_a_war() -> TryIt:
    return TryIt(T.enemies_in_a_war)


def try_captured_ships() -> TryIt:
    return TryIt(T.captured_ships)


def try_engagement() -> TryIt:
    return TryIt(T.engagement)


def try_broadside() -> TryIt:
    return TryIt(T.broadside)


def try_boarding() -> TryIt:
    return TryIt(T.boarding)


def try_attacking_another_captain() -> TryIt:
    return TryIt(T.attacking_another_captain)


# ---------------------------------------------------------------- the lesson
def lesson() -> Lesson:
    """The lesson file ``pirates_lab/plunder/data/lessons.toml``, read and checked."""
    return Lesson.for_game(GAME)


def lesson_view(**options) -> LessonView:
    """The lesson on screens (what the notebook shows)."""
    return LessonView(lesson(), **options)
