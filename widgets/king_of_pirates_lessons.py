"""The King of Pirates lesson for pages: the scenarios module of ``pirates_lab/king_of_pirates/data/lessons.toml``.

Every demo returns what one screen shows, built from an engine scenario (:mod:`pirates_lab.king_of_pirates.lessons`)
and drawn on the compact board (so a screen fits 1024 x 768 with Large fonts); every answer is the engine's own
function, computed when the screen is checked (never written in the lesson).  Tables are worded (players from 1
with their colour, rulebook words, percent first); no demo prints.  :func:`lesson_view` shows the lesson.

Rules: King of Pirates › The Game Board
Rules: King of Pirates › Phase 2: Movement Phase
"""
from __future__ import annotations

import html

import ipywidgets as widgets

from pirates_lab.core import rulebook
from pirates_lab.king_of_pirates import components, lessons
from pirates_lab.king_of_pirates.game import Game
from pirates_lab.king_of_pirates.lessons import (captain_crew_answer, combat_cards_answer, compass_rolls_in_a_round,
                                                 dig_maps_answer, dutchman_back_in_two_answer, face_down_tiles,
                                                 keep_choices_answer, map_crew_answer, stronghold_answer,
                                                 tile_merchant_answer, upkeep_safe_answer)
from pirates_lab.king_of_pirates.odds import dutchman_distribution

from .canvas import BoardCanvas
from .king_of_pirates import COMPACT, KingOfPiratesRenderer, board_ops, heat_scale_html, legend_html, seat_name
from .king_of_pirates_calculators import (CombatView, DutchmanPlanner, DutchmanView, Panes, RumView, TARGET_NAMES,
                                          card_effects, effects_html, skill_effects)
from .king_of_pirates_replay import TurnReplay, TurnReplayView
from .lesson import LessonView
from .lesson_model import Lesson
from .shown import table_html
from .why import screen_links

__all__ = ["table_picture", "board_picture", "setup_table", "dutchman_one_roll", "phases", "upkeep_die", "rum_planner",
           "movement", "route_planner", "combat_targets", "combat_calculator", "play_table", "action_cards",
           "pirate_skills", "captains_skills", "face_down_tiles", "keep_choices_answer", "dutchman_back_in_two_answer",
           "compass_rolls_in_a_round", "upkeep_safe_answer", "tile_merchant_answer", "stronghold_answer",
           "combat_cards_answer", "map_crew_answer", "captain_crew_answer", "dig_maps_answer", "lesson", "lesson_view",
           "GAME"]

GAME = "king_of_pirates"
ROW = dict(flex_flow="row wrap", align_items="flex-start", max_width="100%")
SIDE = dict(flex="1 1 16em", min_width="0", max_width="100%", padding="0 0 0 12px")


def _links():
    """Links from a why's rules to their screens (every heading of the rulebook has one)."""
    return screen_links(rulebook(GAME).headings)


def _board(ops, css: str) -> BoardCanvas:
    board = BoardCanvas(COMPACT.width, COMPACT.height, css_class=css)
    board.draw("background", ops)
    return board


def _beside(board: widgets.Widget, *side: widgets.Widget) -> widgets.HBox:
    return widgets.HBox([board, widgets.VBox(list(side), layout=widgets.Layout(**SIDE))], layout=widgets.Layout(**ROW))


def _html(text: str, css: str = "") -> widgets.HTML:
    shown = widgets.HTML(text)
    if css:
        shown.add_class(css)
    return shown


def _lair_name(cell) -> str:
    comp = components()
    if cell == comp.centre:
        return "the centre Pirates Lair"
    for i, name in enumerate(comp.compass):
        if comp.corner_lair(i) == cell:
            return f"the {name} Pirates Lair"
    return "a Pirates Lair"


# ---------------------------------------------------------------- the game in one screen, the board
def table_picture() -> widgets.Widget:
    """A four-player table at the start: every ship at its lair, the Dutchman at the centre."""
    state = Game(players=4).new_initial_state()
    players = "".join(f"<div style='white-space:nowrap'><span style='color:{c}'>●</span> {html.escape(seat_name(p))}"
                      f"</div>" for p, c in enumerate(("#e6194b", "#3cb44b", "#ffe119", "#4363d8")))
    return _beside(_board(board_ops(state, layout=COMPACT), "pl-kop-table-picture"),
                   _html(f"<div class='pl-kop-players'>{players}</div>"),
                   _html(legend_html(["lair", "stronghold", "city", "small island", "shark", "ocean"])),
                   _html("<div>FD: the Flying Dutchman.</div>"))


def board_picture() -> widgets.Widget:
    """The board at the start of a six-player game, with its legend."""
    return _beside(_board(board_ops(Game(players=6).new_initial_state(), layout=COMPACT), "pl-kop-board"),
                   _html(legend_html(["lair", "stronghold", "city", "small island", "large island", "shark", "ocean"])),
                   _html("<div>BS: the British Stronghold, FC: the French City (B British, F French, S Spanish). "
                         "The number on a treasure island is its hidden rating.</div>"))


# ---------------------------------------------------------------- setup
def setup_table() -> widgets.Widget:
    """Four players just after the setup: where each starts, its captain and mate, Rum, Cannonballs, cards."""
    comp = components()
    state = lessons.setup_done()
    rows = [(seat_name(p), _lair_name(pl.position), f"{pl.crew[0]} ({comp.pirates[pl.crew[0]]['captain']})",
             pl.crew[1] if len(pl.crew) > 1 else "none", pl.rum, pl.cannonballs, len(pl.hand))
            for p, pl in enumerate(state.players)]
    table = table_html(rows, header=("player", "starts at", "captain (its captain skill)", "the other pirate", "Rum",
                                     "Cannonballs", "action cards"), css="pl-kop-setup")
    return _html(f"<div><b>Four players after the setup</b></div>{table}", "pl-kop-setup-table")


# ---------------------------------------------------------------- the Dutchman
def dutchman_one_roll() -> widgets.Widget:
    """Where the Dutchman may be one compass roll after the centre: the heat map and its scale."""
    heat = dutchman_distribution(1)
    return _beside(_board(board_ops(heat=heat, dutchman=components().centre, layout=COMPACT), "pl-kop-dutchman-one"),
                   _html("<div><b>One compass roll after the centre</b></div>"), _html(heat_scale_html(heat)),
                   _html("<div>The number on a space: the chance, in percent, that the Dutchman stands there after the "
                         "roll.</div>"))


def phases() -> widgets.Widget:
    """One whole turn of a seeded game, step by step (Back / Play / Next)."""
    return TurnReplayView(TurnReplay(seed=2))


# ---------------------------------------------------------------- upkeep
_FACES = {"scurvy": "your crew get Scurvy (1 Scurvy token)", "lose 1 rum": "you lose 1 Rum",
          "lose 2 rum": "you lose 2 Rum"}


def upkeep_die() -> widgets.Widget:
    """The Upkeep Die's faces: what each does and on how many of the die's faces it is."""
    die = components().upkeep_die
    rows = [(_FACES.get(face, face), count) for face, count in die.items()]
    return _html(f"<div><b>The Upkeep Die ({sum(die.values())} faces)</b></div>"
                 + table_html(rows, header=("the face says", "faces"), css="pl-kop-upkeep-die"), "pl-kop-upkeep-die-table")


def rum_planner() -> widgets.Widget:
    """How far can a ship sail before a mutiny is likely? (rum and upkeeps; the chance and its why)"""
    return RumView(rule_link=_links())


# ---------------------------------------------------------------- movement
def _ocean_tiles_html() -> str:
    comp = components()
    counts = comp.tiles["ocean"]
    rows = [(name, count) for name, count in counts.items()]
    return (f"<div><b>What the {sum(counts.values())} ocean tiles hide</b></div>"
            + table_html(rows, header=("tile", "how many"), css="pl-kop-tiles"))


def movement() -> widgets.Widget:
    """Pane 1: Player 1 at its lair, the spaces its first step may sail into (green), and what the ocean tiles
    hide.  Pane 2: a dig on a treasure island, frame by frame."""
    start = lessons.movement_start()
    targets = lessons.sail_targets(start)
    sail = _board(board_ops(start, outlines={"#00c000": targets}, layout=COMPACT), "pl-kop-movement-board")
    first = _beside(sail, _html(f"<div>{html.escape(seat_name(0))} starts its move at {_lair_name(start.players[0].position)}"
                                ". Green outlines: the spaces it may sail into with its first step.</div>"),
                    _html(_ocean_tiles_html()))
    story = lessons.digging_story()
    dig = BoardCanvas(COMPACT.width, COMPACT.height, css_class="pl-kop-dig-board")
    caption = widgets.HTML()
    step = widgets.IntSlider(value=1, min=1, max=len(story), description="step", continuous_update=False,
                             style={"description_width": "initial"})           # counted from 1, as the caption
    nxt = widgets.Button(description="Next ▶", layout=widgets.Layout(width="auto"))
    nxt.add_class("pl-kop-dig-next")

    def show(number: int) -> None:
        text, state = story[number - 1]
        dig.draw("background", board_ops(state, outlines={"#ffd700": [lessons.small_island()]}, layout=COMPACT))
        caption.value = f"<div class='pl-kop-dig-caption'><b>{number} of {len(story)}:</b> {html.escape(text)}</div>"

    step.observe(lambda change: show(change["new"]), names="value")
    nxt.on_click(lambda _: setattr(step, "value", step.value % len(story) + 1))      # after the last: the first
    show(1)
    digging = _beside(dig, widgets.HBox([nxt, step], layout=widgets.Layout(flex_flow="row wrap")), caption)
    return Panes({"The first step": first, "Digging for treasure": digging}, css_class="pl-kop-movement")


def route_planner() -> widgets.Widget:
    """The Dutchman's heat map and the safest route, opening on a route it may well catch (about 60 % safe)."""
    return DutchmanView(DutchmanPlanner(dutchman=(2, -1), ship=(3, -2), goal=(0, 0), turns=2), rule_link=_links())


# ---------------------------------------------------------------- combat
def combat_targets() -> widgets.Widget:
    """Every target as the rulebook prints it: Defense Value and Loot Value."""
    rows = [(TARGET_NAMES.get(name, name), t["defence"], t["loot"]) for name, t in components().targets.items()]
    return _html("<div><b>The targets</b></div>" + table_html(rows, header=("target", "Defense Value", "Loot Value"),
                                                              css="pl-kop-targets"), "pl-kop-targets-table")


def combat_calculator() -> widgets.Widget:
    """The combat calculator, opening on a City with 2 cannonballs (a fight near even)."""
    return CombatView(rule_link=_links())


def play_table() -> widgets.Widget:
    """A three-player game: you are Player 1 (red); the computer captains decide from their own seats."""
    from pirates_lab.king_of_pirates.policies import POLICIES

    from .table import GameTable

    game = Game(players=3)
    return GameTable(game, KingOfPiratesRenderer(game), humans=(0,), players=POLICIES["greedy"], seed=7, page_rows=4)


# ---------------------------------------------------------------- action cards and skills
def _cards_html() -> str:
    comp = components()
    text = {}
    for line in rulebook(GAME).section("Action Cards").splitlines():
        name, _, rest = line.partition(" (")
        if name in comp.action_cards and ") - " in rest:
            text[name] = rest.split(") - ", 1)[1].split(". ")[0].rstrip(".") + "."
    rows = [(name, card["timing"], text.get(name, "")) for name, card in comp.action_cards.items()]
    return table_html(rows, header=("card", "letter", "what it does"), css="pl-kop-cards")


def action_cards() -> widgets.Widget:
    """Pane 1: the twelve cards with their letters and what each does (the rulebook's words).  Pane 2: the combat
    cards on the odds."""
    rows = [row for row in card_effects() if row[0] != "Assault" or "Stronghold" not in row[1]]
    return Panes({"The cards": _html(_cards_html(), "pl-kop-cards-table"),
                  "Cards on the odds": _html(effects_html(rows, first="card"), "pl-kop-card-effects")},
                 css_class="pl-kop-action-cards")


def _crew_rows(*crews) -> list[tuple]:
    out = []
    for pirates in crews:
        skills = lessons.skills_in_effect(*pirates)
        out.append((pirates[0], ", ".join(pirates[1:]) or "none", "; ".join(skills)))
    return out


def pirate_skills() -> widgets.Widget:
    """Each pirate skill on the odds of the situation it helps, and the crew the question asks about."""
    comp = components()
    rows = skill_effects()
    crew = "".join(f"<li>{html.escape(p)}: pirate skill {html.escape(comp.pirates[p]['skill'])}</li>"
                   for p in lessons.MAP_CREW)
    return widgets.VBox([_html(f"<div><b>The crew:</b><ul style='margin:0'>{crew}</ul></div>"),
                         _html(effects_html(rows[:1] + rows[2:4] + rows[5:], first="pirate skill"), "pl-kop-skills")])


def captains_skills() -> widgets.Widget:
    """The same two pirates both ways round: the skills in effect (the engine's list), and what a captain's skill
    is worth on the odds."""
    comp = components()
    first, second = lessons.CAPTAIN_CREW
    pirates = "".join(f"<li>{html.escape(p)}: pirate skill {html.escape(comp.pirates[p]['skill'])}; captain skill "
                      f"{html.escape(comp.pirates[p]['captain'])}</li>" for p in lessons.CAPTAIN_CREW)
    table = table_html(_crew_rows((first, second), (second, first)),
                       header=("captain", "the other pirate", "skills in effect"), css="pl-kop-crews")
    rows = skill_effects()
    return widgets.VBox([_html(f"<div><b>Two pirates:</b><ul style='margin:0'>{pirates}</ul></div>"),
                         _html(table, "pl-kop-crews-table"),
                         _html(effects_html([rows[1], rows[4]], first="captain skill"), "pl-kop-captain-effects")])


# ---------------------------------------------------------------- the lesson
def lesson() -> Lesson:
    """The lesson file ``pirates_lab/king_of_pirates/data/lessons.toml``, read and checked."""
    return Lesson.for_game(GAME)


def lesson_view(**options) -> LessonView:
    """The lesson on screens (what the notebook shows)."""
    return LessonView(lesson(), **options)
