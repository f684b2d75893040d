"""The King of Pirates lesson for pages: the scenarios module of ``pirates_lab/king_of_pirates/data/lessons.toml``.

Every demo returns what one screen shows: something a student does (roll, click a cell, turn a tile over, move
a slider) and a picture that highlights the event the question asks about, with its count (the toys are in
:mod:`.king_of_pirates_grids`; the calculators in :mod:`.king_of_pirates_calculators`).  Every answer is a
function of :mod:`pirates_lab.king_of_pirates.lessons`, computed from the rules engine when the screen is checked
(never written in the lesson).  Rolls are seeded per screen: Reset brings the same rolls back.

>>> grid = combat_grid(); grid.hits          # the City: 6 of the 36 rolls make 10 or more
6

Rules: King of Pirates › Phase 3: Combat Phase
Rules: King of Pirates › Phase 1: Upkeep Phase
"""
from __future__ import annotations

import ipywidgets as widgets

from pirates_lab.core import rulebook
from pirates_lab.king_of_pirates import try_it as T
from pirates_lab.king_of_pirates.game import Game
from pirates_lab.king_of_pirates.lessons import (city_one_roll_answer, dutchman_back_in_two_answer,
                                                 keep_six_answer, loot_per_roll_answer, retry_answer, rum_lasts_answer,
                                                 tile_merchant_answer, upkeep_mean_answer, walks_expected_answer)

from .king_of_pirates import KingOfPiratesRenderer
from .king_of_pirates_calculators import CombatView, DutchmanPlanner, DutchmanView, RumModel, RumView
from .king_of_pirates_table import TryIt, compact
from .king_of_pirates_grids import (CompassRoller, DutchmanWalks, RetryView, TargetGrid, TileDeck, UpkeepRoller,
                                    compass_grid, keep_grid)
from .lesson import LessonView
from .lesson_model import Lesson
from .why import screen_links

__all__ = ["table_picture", "dutchman_grid", "dutchman_walks", "upkeep_die", "rum_planner", "ocean_tiles",
           "route_planner", "combat_grid", "retry", "keep_six", "combat_calculator", "play_table", "loot_grid",
           "dutchman_back_in_two_answer", "walks_expected_answer", "upkeep_mean_answer", "rum_lasts_answer",
           "tile_merchant_answer", "city_one_roll_answer", "retry_answer", "keep_six_answer", "loot_per_roll_answer",
           "lesson", "lesson_view", "GAME", "coach_at_the_table", "TRY_IT_DEMOS", *T.TRY_IT_ANSWERS,
           *("try_" + build.__name__ for build in T.TRY_IT.values())]

GAME = "king_of_pirates"
#: the reference screens' live examples: heading → demo name (a position to try the rule on, :class:`TryIt`)
TRY_IT_DEMOS = {heading: "try_" + build.__name__ for heading, build in T.TRY_IT.items()}


def _links():
    """Links from a why's rules to their screens (every heading of the rulebook has one)."""
    return screen_links(rulebook(GAME).headings)


# ---------------------------------------------------------------- the game, the Dutchman
def table_picture() -> widgets.Widget:
    """A four-player table at the start; Roll the Compass Die moves the Flying Dutchman (seeded)."""
    return CompassRoller(Game(players=4), seat=0)


def dutchman_grid() -> widgets.Widget:
    """The 36 pairs of compass rolls from the centre; the 6 back on the centre are green."""
    return compass_grid()


def dutchman_walks() -> widgets.Widget:
    """Walks of two compass rolls, rolled (seeded) and counted, beside the exact heat map."""
    return DutchmanWalks()


# ---------------------------------------------------------------- upkeep
def upkeep_die() -> widgets.Widget:
    """The Upkeep Die's six faces (house rule) and a Roll button with the average Rum lost so far."""
    return UpkeepRoller()


def rum_planner() -> widgets.Widget:
    """How long the Rum lasts: opens on 2 Rum and 2 upkeeps (the question asks for 4 and 3: move the sliders)."""
    return RumView(RumModel(rum=2, upkeeps=2), rule_link=_links())


# ---------------------------------------------------------------- movement
def ocean_tiles() -> widgets.Widget:
    """The 24 face-down ocean tiles (house rule: what they hide), shuffled (seeded): click one to turn it over."""
    return TileDeck()


def route_planner() -> widgets.Widget:
    """The Dutchman's heat map and the safest route, opening on a route it may well catch (about 60 % safe)."""
    return DutchmanView(DutchmanPlanner(dutchman=(2, -1), ship=(3, -2), goal=(0, 0), turns=2), rule_link=_links(),
                        show_why=False)         # its why names spaces by coordinates: not for a class


# ---------------------------------------------------------------- combat
def combat_grid() -> widgets.Widget:
    """Pick a target: the rolls of two Combat dice that conquer it are green (opens on the City)."""
    return TargetGrid("city")


def retry() -> widgets.Widget:
    """Attack the Stronghold, re-rolling both dice with each Cannonball (the slider opens on none)."""
    return RetryView()


def keep_six() -> widgets.Widget:
    """After a failed 6 and 1 against the Stronghold: what a kept die leaves of the grid."""
    return keep_grid()


def combat_calculator() -> widgets.Widget:
    """The combat calculator, opening on a City with 2 cannonballs (a fight near even)."""
    return CombatView(rule_link=_links())


def play_table() -> widgets.Widget:
    """A three-player game: you are Player 1 (red); the computer captains decide from their own seats."""
    from pirates_lab.king_of_pirates.policies import POLICIES

    from .table import GameTable

    game = Game(players=3)
    return compact(GameTable(game, KingOfPiratesRenderer(game), humans=(0,), players=POLICIES["greedy"], seed=7,
                             page_rows=3))


def loot_grid() -> widgets.Widget:
    """The synthesis: pick a target, see the green rolls and its Loot Value (opens on the British merchant ship)."""
    return TargetGrid("Merchant Ship (British)", loot=True, seed=9)


# ---------------------------------------------------------------- the coach (issue 37 item 3)
def coach_at_the_table() -> widgets.Widget:
    """A two-player game at your first choice of two moves or more (keep 2 of the 3 pirates drawn): predict the
    best move, then toggle Coach."""
    from .coach import coach_table

    return compact(coach_table(GAME, seed=1, page_rows=3))


# ---------------------------------------------------------------- the reference screens' live examples
def try_the_game_board() -> TryIt:
    return TryIt(T.the_game_board)


def try_game_setup() -> TryIt:
    return TryIt(T.game_setup)


def try_phases_of_a_turn() -> TryIt:
    return TryIt(T.phases_of_a_turn)


def try_action_cards() -> TryIt:
    return TryIt(T.action_cards)


def try_pirate_skills() -> TryIt:
    return TryIt(T.pirate_skills)


def try_captains_skills() -> TryIt:
    return TryIt(T.captains_skills)


point_track_after_digging = T.point_track_after_digging
ways_to_keep_two_pirates = T.ways_to_keep_two_pirates
dutchman_moves_in_a_round = T.dutchman_moves_in_a_round
cards_playable_now = T.cards_playable_now
conquest_chance = T.conquest_chance
maps_turned_in = T.maps_turned_in
assert set(TRY_IT_DEMOS.values()) <= set(globals()), "a live reference screen without its demo"


# ---------------------------------------------------------------- the lesson
def lesson() -> Lesson:
    """The lesson file ``pirates_lab/king_of_pirates/data/lessons.toml``, read and checked."""
    return Lesson.for_game(GAME)


def lesson_view(**options) -> LessonView:
    """The lesson on screens (what the notebook shows)."""
    return LessonView(lesson(), **options)
