"""The Pillage & Plunder lesson on screens: the scenarios module of ``pirates_lab/pillage_and_plunder/data/lessons.toml``.

Every demo builds a live view from the engine (a position, a drawing, a chart or a calculator), sized to fit
one screen at 1024 x 768 with Large fonts; every answer is the engine's own function
(:mod:`pirates_lab.pillage_and_plunder.scenarios`, :mod:`~pirates_lab.pillage_and_plunder.examples` and
:mod:`~pirates_lab.pillage_and_plunder.lessons`), re-exported here under the name the lesson uses and computed
when a screen is checked.  :func:`lesson` reads the lesson file; :func:`lesson_view` shows it.

Rules: Pillage & Plunder › Game Setup
Rules: Pillage & Plunder › Chapter IV: Battles at Sea
"""
from __future__ import annotations

import random

import ipywidgets as widgets

from pirates_lab.core import Dist
from pirates_lab.pillage_and_plunder import components as C
from pirates_lab.pillage_and_plunder import examples as E
from pirates_lab.pillage_and_plunder import lessons as L
from pirates_lab.pillage_and_plunder import odds as O
from pirates_lab.pillage_and_plunder import scenarios as S
from pirates_lab.pillage_and_plunder.battles import Ship, spotting
# the answers (computed by the engine): the lesson names them; the tests check each one independently
from pirates_lab.pillage_and_plunder.examples import example_1_you_win, example_2_joe_captures
from pirates_lab.pillage_and_plunder.lessons import (both_nests_damage, cannon_dice_with_gunner, melee_two_on_two,
                                                     plundered_coins, stand_and_fight_win)
from pirates_lab.pillage_and_plunder.scenarios import (
    attack_and_cannon_in_eight, battle_cards, cards_left_after_setup, cards_to_draw, damaged_sail_sloop_speed,
    faster_defender_escapes, fruit_sells_for_400, hits_left_on_damaged_schooner, merchant_4_prize_9000,
    navy_melee_dice, one_on_one_round, same_speed_escape)

from .canvas import BoardCanvas
from .drawing import Drawing, DrawOp
from .kit import DistView
from .lesson import LessonView
from .lesson_model import Lesson
from .numbers import friendly
from .pillage_and_plunder import DeckOddsCalculator, moments_table, with_separators
from .pillage_and_plunder_battle import BattleCalculator, battle_ops, ship_ops
from .pillage_and_plunder_stages import StageOdds
from .pillage_and_plunder_table import PillageTable, table_picture
from .shown import table_html
from .why import screen_links

GAME = "pillage_and_plunder"

#: the answer functions the lesson names (the engine's); the demos and the lesson follow
ANSWERS = ["attack_and_cannon_in_eight", "battle_cards", "both_nests_damage", "cannon_dice_with_gunner",
           "cards_left_after_setup", "cards_to_draw", "damaged_sail_sloop_speed", "example_1_you_win",
           "example_2_joe_captures",
           "faster_defender_escapes", "fruit_sells_for_400", "hits_left_on_damaged_schooner", "melee_two_on_two",
           "merchant_4_prize_9000", "navy_melee_dice", "one_on_one_round", "plundered_coins", "same_speed_escape",
           "stand_and_fight_win"]
DEMOS = ["table_picture", "starting_kit", "damaged_schooner", "turn_log", "deck_odds", "fruit_sell_chart",
         "play_table", "battle_card_counts", "crows_nest_view", "sail_sloop", "flee_dice_grid", "same_speed_chart",
         "gunner_view", "melee_dice_grid", "stage_odds", "battle_calculator", "plunder_log", "merchant_4_chart",
         "navy_v_schooner", "navy_round_words", "example_1", "example_2", "dice_grid_ops", "hull_rows"]
__all__ = [*ANSWERS, *DEMOS, "lesson", "lesson_view", "rule_links", "GAME", "PLAY_SEED"]

#: the game against computer pirates starts from this deal (every page shows the same game)
PLAY_SEED = 7


# ---------------------------------------------------------------- small helpers
def _canvas(ops: tuple[DrawOp, ...], width: int, height: int, css: str) -> BoardCanvas:
    canvas = BoardCanvas(width, height, layers=("board",), css_class=css)
    canvas.draw("board", ops)
    return canvas


def _ship_canvas(ship: Ship, title: str, hull: str = "", css: str = "pl-pp-lesson-ship") -> BoardCanvas:
    ops = Drawing().clear().rect(0, 0, 290, 190, fill="#dbe9f4").extend(
        ship_ops(ship, 10, 10, 270, 170, title=title, hull=hull)).ops
    return _canvas(ops, 290, 190, css)


def _beside(*children, gap: str = "24px") -> widgets.HBox:
    return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start",
                                                              grid_gap=gap))


def _words(text: str, css: str = "pl-pp-caption") -> widgets.HTML:
    caption = widgets.HTML(f"<div class='{css}' style='max-width:22em'>{text}</div>")
    return caption


def _lines(lines) -> list[str]:
    """The engine's log lines as a class reads them: blank ones left out, big numbers with separators (3,250)."""
    return [with_separators(line) for line in lines if line.strip()]


# ---------------------------------------------------------------- Game Setup, Ship Hull, the turn
def starting_kit() -> widgets.Widget:
    """Player 1's ship after the engine's deal of a four-player game: the starting kit, face up, and the coins."""
    state = S.setup_state()
    ship = state.battle_ship(0)
    hoard = state.players[0]["hoard"]
    hand = len(state.players[0]["hand"])
    return _beside(_ship_canvas(ship, "Player 1's Sloop", "Sloop", css="pl-pp-lesson-kit"),
                   widgets.HTML(table_html([("hoard", hoard), ("cards in hand", hand)], css="pl-show")))


def hull_rows() -> list[tuple[str, int, int, int, int]]:
    """The four hulls from the data file: name, strength, speed, cannons, crew."""
    return [(name, h.strength, h.speed, h.cannons, h.crew) for name, h in C.load().hulls.items()]


def damaged_schooner() -> widgets.Widget:
    """A Schooner with two damage markers, beside the four Ship Hull cards' numbers."""
    ship = Ship.player("Schooner", cannons=4, crew=4, damage=2)
    table = table_html(hull_rows(), header=("hull", "strength", "speed", "cannons", "crew"), css="pl-show pl-pp-hulls")
    return _beside(_ship_canvas(ship, "A Schooner, two damage markers", "Schooner", css="pl-pp-lesson-damaged"),
                   widgets.HTML(table))


def turn_log(seed: int = 3) -> list[str]:
    """The first turn of a seeded four-player game, played by the engine for random players (the cards drawn
    are secret: only the card taken from the discard pile is named)."""
    state = S.setup_state()
    start, first = len(state.log), state.current
    rng = random.Random(seed)
    while not state.is_terminal() and (state.current == first or state.is_chance_node()):
        if state.is_chance_node():
            state = state.apply(state.chance_outcomes().sample(rng))
        else:
            state = state.apply(rng.choice(state.legal_actions()))
    return _lines(state.log[start:])


def rule_links():
    """A why tree's rules as links to this lesson's screens (a rule with no screen stays plain text)."""
    return screen_links(screen.heading for screen in lesson().screens)


def deck_odds() -> DeckOddsCalculator:
    return DeckOddsCalculator(rule_link=rule_links())


def fruit_sell_chart() -> DistView:
    return DistView(O.cargo_price("Fruit 10 Units", True), title="Selling Fruit 10 Units (two dice)", width=460,
                    height=220, show_table=False)


def play_table() -> widgets.Widget:
    """A three-player game: you are Player 1, two computer pirates (they decide from their own seat's view)."""
    return PillageTable(3, seed=PLAY_SEED)


# ---------------------------------------------------------------- Battles at Sea
def battle_card_counts() -> dict[str, int]:
    """The three kinds of card that start a sea battle, with their counts (Card Frequency)."""
    data = C.load()
    return {category: sum(data.categories[category].values()) for category in ("Attack", "Merchant Ship", "Navy Ship")}


def crows_nest_view() -> BoardCanvas:
    """Two Schooners; the attacker's Crow's Nest has fired its preliminary shot (the engine's spotting stage)."""
    attacker, defender = spotting(*L.nest_ships())
    return _canvas(battle_ops(attacker, defender), 560, 190, "pl-pp-lesson-nest")


def sail_sloop() -> BoardCanvas:
    return _ship_canvas(Ship.player("Sloop", cannons=3, crew=3, addons=("Extra Sail",)), "A Sloop with an Extra Sail",
                        "Sloop", css="pl-pp-lesson-sail")


def dice_grid_ops(highlight=lambda a, b: a == b, cell: int = 32) -> tuple[DrawOp, ...]:
    """The 36 rolls of two dice as a grid (the first die across, the second down), ``highlight`` shaded."""
    size = cell * 7 + 10
    d = Drawing().clear().rect(0, 0, size, size, fill="#ffffff")
    for i in range(1, 7):
        d.text(str(i), 10 + cell * i + cell / 2 - 2, 10 + cell / 2, font="bold 18px sans-serif", align="center")
        d.text(str(i), 10 + cell / 2, 10 + cell * i + cell / 2 - 2, font="bold 18px sans-serif", align="center")
        for j in range(1, 7):
            x, y = 10 + cell * i, 10 + cell * j
            d.rect(x, y, cell - 4, cell - 4, fill="#d4a017" if highlight(i, j) else "#eef3f8", stroke="#6b4f2a")
    return d.ops


def _dice_grid(css: str, caption: str) -> widgets.Widget:
    size = 32 * 7 + 10
    return _beside(_canvas(dice_grid_ops(), size, size, css), _words(caption))


def flee_dice_grid() -> widgets.Widget:
    """Every roll of the attacker's two dice; the shaded squares are doubles."""
    return _dice_grid("pl-pp-lesson-dice", "The defender is faster. The attacker rolls two dice: the first "
                                           "die across, the second down. Shaded: doubles.")


def same_speed_chart() -> DistView:
    one_each = Dist.independent(Dist.die(6), Dist.die(6)).map(
        lambda r: "attacker's die higher" if r[0] > r[1] else "defender's die higher" if r[1] > r[0]
        else "the same: roll again")
    return DistView(one_each, title="One die each, one roll", width=460, height=190, show_table=False)


def gunner_view() -> BoardCanvas:
    """The engine's Schooner with four cannons and two cutlass crewmen: dark cannons fire, grey ones do not."""
    state = L.gunner_position(False)
    return _ship_canvas(state.battle_ship(0), "Four cannons, two crewmen", "Schooner", css="pl-pp-lesson-gunner")


def melee_dice_grid() -> widgets.Widget:
    """One die each: the attacker across, the defender down; the shaded squares are ties."""
    return _dice_grid("pl-pp-lesson-melee", "One crewman each. The attacker's die across, the defender's die "
                                            "down. Shaded: both dice the same.")


def stage_odds() -> StageOdds:
    return StageOdds(rule_link=rule_links())


def battle_calculator() -> BattleCalculator:
    return BattleCalculator(rule_link=rule_links())


def plunder_log() -> list[str]:
    """The engine plays a battle: Player 1 attacks Player 2 (3,250 pieces of eight in his hoard, no crew left)."""
    return [f"Player 2 has {L.PLUNDERED_HOARD:,} pieces of eight in his hoard; his crew have all left his Sloop.",
            *L.plunder_battle_log()]


def merchant_4_chart() -> DistView:
    """The prize in thousands of pieces of eight (the axis reads 2 to 12, not 2000 to 12000)."""
    return DistView(O.merchant_prize(4).map(lambda coins: coins // 1000),
                    title="Prize of a strength-4 merchant, in thousands", width=460, height=220, show_table=False)


def navy_v_schooner() -> BoardCanvas:
    schooner = Ship.player("Schooner", cannons=4, crew=L.NAVY_TARGET_CREW, name="Defender (Schooner)")
    return _canvas(battle_ops(Ship.navy(), schooner), 560, 190, "pl-pp-lesson-navy")


def navy_round_words() -> str:
    """More why for the navy screen, computed by the engine: one mêlée round against four cutlass crewmen."""
    return (f"Against {L.NAVY_TARGET_CREW} cutlass crewmen, the navy ship's six dice and its pistol bonus win a "
            f"mêlée round {friendly(L.navy_round_win())} of the time.")


def example_1() -> widgets.Widget:
    """Example 1 replayed: each stage's exact chance (the contradiction in its cannon rounds is a teacher note)."""
    return moments_table(E.example_1(), odds=False)


def example_2() -> widgets.Widget:
    return moments_table(E.example_2())


# ---------------------------------------------------------------- the lesson
def lesson() -> Lesson:
    """The lesson file ``pirates_lab/pillage_and_plunder/data/lessons.toml``, read and checked."""
    return Lesson.for_game(GAME)


def lesson_view(**options) -> LessonView:
    """The lesson on screens (what the notebook shows)."""
    return LessonView(lesson(), **options)
