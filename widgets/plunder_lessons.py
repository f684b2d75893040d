"""The Plunder lesson on screens: the scenarios module of ``pirates_lab/plunder/data/lessons.toml``.

Each demo returns what a screen shows, built by the engine on a hand-made position (a sea drawn on a canvas, the
engine's own choices or log, a table of the data file's values, a calculator with its why tree); the answers
re-export :mod:`pirates_lab.plunder.lessons` (computed when a question is checked, never written in the lesson).
:func:`lesson` reads the lesson file; :func:`lesson_view` shows it.

Rules: Plunder › Combat

>>> [name for name in DEMOS if name not in globals()]
[]
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from pirates_lab.core.report import plural
from pirates_lab.plunder import Game, lessons
from pirates_lab.plunder.captains import trader
from pirates_lab.plunder.components import components
from pirates_lab.plunder.lessons import *  # noqa: F401,F403  (the lesson's answers)
from pirates_lab.plunder.lessons import ANSWERS
from pirates_lab.plunder.odds import captain_fight, npc_chain_odds, side_of, storm_within
from pirates_lab.plunder.turn import FLOW

from .canvas import BoardCanvas
from .drawing import Drawing, DrawOp
from .kit import DistView
from .lesson import LessonView
from .lesson_model import Lesson
from .plunder import COLOURS, SHIPS, PlunderRenderer, SeaView, captain_name, sea_layout
from .plunder_calculators import END_WORDS, ChainCalculator, MarqueCalculator, pct
from .shown import table_html
from .table import GameTable
from .why import WhyTree, screen_links

GAME = "plunder"
DEMOS = ("table_picture", "setup_table", "turn_table", "sail", "action", "trade", "selling", "play_table", "combat",
         "engagement", "broadside", "boarding", "chain_calculator", "captain", "war")
__all__ = [*DEMOS, *ANSWERS, "table_picture_ops", "phase_rows", "lesson", "lesson_view", "GAME", "DEMOS",
           "PICTURE_WIDTH", "PICTURE_HEIGHT", "PHASE_WORDS", "rule_links"]

PICTURE_WIDTH, PICTURE_HEIGHT = 600, 262
#: the ship card that always attacks (Engagement: "except for Pirates, who always attack"), as the engine reads it
PIRATES = "Pirates"
#: what each phase of a turn does, in the rulebook's words (the order is the engine's)
PHASE_WORDS = {
    "Resolve the Encounter": "the card the captain before you played to you, if it applies where you are (the "
                             "First Captain skips this phase on the first turn of the game)",
    "Pay the Crew": "the wages on your Ship card, and 1 Silver Piece for a First Mate",
    "Sail and Explore": "one direction, turning once at most; draw a card after each move",
    "Action": "ONE of: play a card, seek a Letter of Marque, trade, attack a Port or a captain",
    "Play an Encounter": "one card from your hand to the captain on your left",
}


def _html(text: str, css: str = "") -> widgets.HTML:
    box = widgets.HTML(f"<div style='max-width:100%;overflow-wrap:anywhere'>{text}</div>")
    box.add_class("pl-plunder-lesson-text")
    if css:
        box.add_class(css)
    return box


def _side_by_side(*children, gap: str = "16px") -> widgets.HBox:
    box = widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start",
                                                             max_width="100%", grid_gap=gap))
    return box


def _engine_choices(state) -> str:
    return "; ".join(str(action) for action in state.legal_actions())


def rule_links():
    """The why trees' rules as links to this lesson's screens (``?screen=<heading>``)."""
    return screen_links(screen.heading for screen in lesson().screens)


def _unseen_by_number() -> list[tuple[int, int]]:
    numbers: dict[int, int] = {}
    for name, n in lessons.start_unseen().items():
        number = components().card(name).number
        numbers[number] = numbers.get(number, 0) + n
    return sorted(numbers.items())


def _numbers_table() -> str:
    """The cards not seen at the start, by card number, as one row of numbers over one row of copies."""
    rows = _unseen_by_number()
    head = "".join(f"<th style='text-align:center'>{n}</th>" for n, _ in rows)
    body = "".join(f"<td style='text-align:center'>{c}</td>" for _, c in rows)
    return (f"<table class='pl-table pl-plunder-numbers'><thead><tr><th>card number</th>{head}</tr></thead>"
            f"<tbody><tr><td>copies</td>{body}</tr></tbody></table>")


# ---------------------------------------------------------------- the game in one screen
def table_picture_ops() -> tuple[DrawOp, ...]:
    """Four captains at the start (the deal of :func:`pirates_lab.plunder.lessons.dealt`): the first sea (Tortuga
    and four Open Sea cards) with every ship on Tortuga, the deck, and each captain's mat (role, silver, cards).

    Rules: Plunder › Setup
    """
    state = lessons.dealt(4, 3)
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
    """The game in one picture (see :func:`table_picture_ops`)."""
    board = BoardCanvas(PICTURE_WIDTH, PICTURE_HEIGHT, layers=("table",), css_class="pl-plunder-table-picture")
    board.draw("table", table_picture_ops())
    return board


# ---------------------------------------------------------------- Setup, Turn
def setup_table() -> widgets.Widget:
    """Four captains' first cards (face up), the First Captain and the roles, as the engine dealt them."""
    state = lessons.dealt(4, 3)
    deck = components()
    rows = []
    for p, cards in sorted(state.first_draws.items()):
        drawn = ", ".join(f"{name} ({deck.card(name).number})" for name in cards)
        jobs = (["First Captain"] if p == state.first else []) + [r for r, seat in state.roles.items() if seat == p]
        rows.append((captain_name(p), drawn, ", ".join(jobs) or "none"))
    return _html(table_html(rows, header=("captain", "first card (its number)", "role")))


def phase_rows() -> list[tuple[str, str]]:
    """The phases of a turn in the engine's order (each row of its phase table names the heading it follows),
    with what each one does."""
    book_order = [h for h in PHASE_WORDS]
    seen = [rule for rule in dict.fromkeys(p.rule for p in FLOW.phases.values()) if rule in PHASE_WORDS]
    assert sorted(seen, key=book_order.index) == seen, "the engine plays the phases in printed order"
    return [(rule, PHASE_WORDS[rule]) for rule in seen]


def turn_table() -> widgets.Widget:
    """The phases of a turn, in order."""
    return _html(table_html(phase_rows(), header=("phase", "what happens")))


# ---------------------------------------------------------------- Sail and Explore
def sail() -> widgets.Widget:
    """The First Captain in Tortuga with every legal course drawn in yellow, and the Storm's chance on the
    longest course (its why tree)."""
    state = lessons.sailing_example()
    deck = state.observation(state.first)["deck_size"]
    moves = lessons.longest_course(state)
    tree = WhyTree(storm_within(moves, deck, why=True), rule_link=rule_links())
    tree.layout.overflow = "visible"
    note = _html(f"<p>Round {state.round} · North points to Captain {state.first + 1}.</p>"
                 f"<p>Yellow: the courses of the First Captain (Captain {state.first + 1}) from Tortuga over the "
                 "cards on the table.</p>"
                 f"<p>Each move draws a card. The Storm is one of the {deck} cards in the deck: on the longest "
                 f"course ({plural(moves, 'move')}) the chance it comes is</p>")
    side = widgets.VBox([note, tree], layout=widgets.Layout(flex="1 1 16em", min_width="14em", max_width="100%",
                                                          overflow="visible"))
    return _side_by_side(SeaView(state, cell=52, most=(440, 276), ring=0.1, caption=False), side)


# ---------------------------------------------------------------- Action, Trade, Selling
def action() -> widgets.Widget:
    """The engine's actions for a captain in Havana, and the cards not seen at the start by card number."""
    state, p = lessons.in_port("Havana", silver=12)
    lessons.give_hand(state, p, ("Bottle of Rum", "Coastland", "War is Declared: England"))
    state = lessons.at_step(state, p, "action")
    return _html(f"<p>{html.escape(captain_name(p))} is in Havana holding Bottle of Rum, Coastland and War is "
                 f"Declared: England. The engine offers: {html.escape(_engine_choices(state))}.</p>"
                 "<p>The cards a captain has not seen at the start, by the number printed on them:</p>"
                 + _numbers_table())


def trade() -> widgets.Widget:
    """Every Port's prices: what it sells you (Buy) and pays you (Sell)."""
    rows = [(c.name, c.nation, ", ".join(f"{g} {v}" for g, v in c.buy), ", ".join(f"{g} {v}" for g, v in c.sell))
            for c in components().of_kind("port")]
    return _html(table_html(rows, header=("Port", "nation", "Buy (you pay)", "Sell (you earn)")))


def selling() -> widgets.Widget:
    """The same plunder brought into three places (the engine sells it, or not), and Traded Cargo sold whole."""
    rows = []
    for where, marque in (("Tortuga", None), ("Havana", None), ("Havana", "Spain")):
        before, after, kept = lessons.plunder_sale(where, marque)
        sold = after.cap(after.current)["captured"] is None
        rows.append((where, f"{marque}" if marque else "none", "sold" if sold else "not sold: it stays aboard",
                     kept))
    state, p = lessons.in_port("Havana", silver=5)
    state._goods_to(p, "cargo", "Rum", 2)
    state = lessons.at_step(state, p, "trade", data=("Havana",))
    from pirates_lab.plunder.actions import Sell

    after = state.apply(Sell("Rum", 2))
    return _html("<p>A captured Spanish Sloop with 2 Sugar of loot, brought into three places:</p>"
                 + table_html(rows, header=("where", "Letter of Marque", "the plunder", "silver kept"))
                 + f"<p>Traded Cargo is different: 2 Rum bought earlier sell in Havana for "
                   f"{after.cap(p)['silver'] - state.cap(p)['silver']} silver, all kept.</p>")


# ---------------------------------------------------------------- a game
def play_table() -> widgets.Widget:
    """A game against two computer traders (you are Captain 1, red)."""
    renderer = PlunderRenderer()
    renderer.height, renderer.ring = 262, 0.2   # the table, its hand and its log fit one screen with Large fonts
    table = GameTable(Game(players=3), renderer, humans=(0,), players=trader, seed=1)
    table.title.layout.display = "none"         # the screen's title says it
    return table


# ---------------------------------------------------------------- Combat and its steps
def _steps_rows(me: str, enemy: str) -> list[tuple]:
    a, b = side_of(me), side_of(enemy)
    rows = []
    for step, stat in (("Engagement", "speed"), ("Broadside", "cannon"), ("Boarding", "crew")):
        mine, theirs = getattr(a, stat), getattr(b, stat)
        rows.append((step, stat, mine, theirs, f"behind by {theirs - mine}" if theirs > mine else "not behind"))
    return rows


def combat() -> widgets.Widget:
    """A Pinnace against a Spanish Sloop, step by step, and the cards it may draw by number."""
    return _html(table_html(_steps_rows("Pinnace", "Spanish Sloop"),
                            header=("step", "compares", "Pinnace", "Spanish Sloop", "the Pinnace is"))
                 + "<p>The cards it may draw (not seen at the start), by number:</p>" + _numbers_table())


def engagement() -> widgets.Widget:
    """A Pinnace chasing a Spanish Sloop with the two cards it will draw."""
    odds = npc_chain_odds(side_of("Pinnace"), side_of("Spanish Sloop"), [], draws=2, unseen=lessons.start_unseen(),
                          steps=("engagement",))
    words = odds.ends.map(lambda end: "you catch it" if end == "won" else END_WORDS.get(end, end))
    return widgets.VBox([_html(f"<p>A Pinnace (speed {side_of('Pinnace').speed}) chases a Spanish Sloop (speed "
                               f"{side_of('Spanish Sloop').speed}) with the two cards it will draw.</p>"),
                         DistView(words, title="Catch it or not (2 cards)", width=340, height=150)])


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


def boarding() -> widgets.Widget:
    """A Spanish Galleon's chance to win the Boarding against Ports and Natives, with the one card it draws."""
    rows = _one_card_rows("Spanish Galleon", ("Sint Eustatius", "Nassau", "Cartagena", "Natives"), "boarding", "crew")
    return _html(f"<p>A Spanish Galleon (crew {side_of('Spanish Galleon').crew}) attacks, with the one card it draws "
                 "first:</p>" + table_html(rows, header=("enemy", "garrison or warriors", "win the Boarding")))


def chain_calculator() -> widgets.Widget:
    """The combat-chain calculator, opening on a fight near even, its why tree linked to the rule screens."""
    return ChainCalculator(rule_link=rule_links())


def captain() -> widgets.Widget:
    """An English Brigantine attacks a captain in a Spanish Sloop who holds 4 unseen cards."""
    hand = lessons.CAPTAIN_HAND
    odds = captain_fight(side_of("English Brigantine"), side_of("Spanish Sloop"), hand, lessons.start_unseen(hand), 4)
    numbers = ", ".join(f"{name} ({components().card(name).number})" for name in hand)
    return widgets.VBox([_html(f"<p>Your English Brigantine, holding {html.escape(numbers)}, attacks a captain in a "
                               "Spanish Sloop who holds 4 cards you have not seen and stands to fight (does not "
                               "flee). Both place their highest card at each step; a tie is yours.</p>"),
                         DistView(odds.ends.map(lambda end: END_WORDS.get(end, end)), title="Attacking a captain",
                                  width=340, height=150)])


def war() -> widgets.Widget:
    """The Letter of Marque calculator (its why tree linked to the rule screens)."""
    return MarqueCalculator(rule_link=rule_links())


# ---------------------------------------------------------------- the lesson
def lesson() -> Lesson:
    """The lesson file ``pirates_lab/plunder/data/lessons.toml``, read and checked."""
    return Lesson.for_game(GAME)


def lesson_view(**options) -> LessonView:
    """The lesson on screens (what the notebook shows)."""
    return LessonView(lesson(), **options)
