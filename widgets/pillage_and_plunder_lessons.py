"""The Pillage & Plunder lesson on screens: the scenarios module of ``pirates_lab/pillage_and_plunder/data/lessons.toml``.

The lesson's probability thread: the shuffled deck (equally likely cards, the complement "at least one",
drawing without replacement), the dice of a sea battle (equally likely rolls when fleeing, a tie re-rolled,
cannon dice compared in pairs, the mêlée as a chain of rounds: the chance to win from here and the rounds on
average), a merchant's prize on average, a whole battle rolled against its exact chance, and a synthesis
(cards and dice together).  Every demo is something a class does (roll, deal, draw, fire, fight), built by
:mod:`.pillage_and_plunder_play`; every answer is the engine's (:mod:`pirates_lab.pillage_and_plunder.lessons`,
:mod:`~pirates_lab.pillage_and_plunder.scenarios`, :mod:`~pirates_lab.pillage_and_plunder.examples`),
re-exported here under the name the lesson uses.

>>> first_card_is_attack(), faster_defender_escapes(), one_on_one_round()
(Fraction(5, 94), Fraction(5, 6), Fraction(5, 12))

Rules: Pillage & Plunder › Game Setup
Rules: Pillage & Plunder › Chapter IV: Battles at Sea
"""
from __future__ import annotations

import ipywidgets as widgets

from pirates_lab.pillage_and_plunder import examples as E
from pirates_lab.pillage_and_plunder import lessons as L
from pirates_lab.pillage_and_plunder import try_it as T
# the answers (computed by the engine): the lesson names them; the tests check each one independently
from pirates_lab.pillage_and_plunder.examples import example_1_you_win
from pirates_lab.pillage_and_plunder.lessons import (attack_in_eight_and_caught, first_card_is_attack,
                                                     five_cards_hold_an_attack, melee_rounds_on_average,
                                                     melee_two_on_two, merchant_prize_on_average,
                                                     one_cannon_each_defender_hit, second_attack_after_first,
                                                     stand_and_fight_win, two_cannons_each_two_hits)
from pirates_lab.pillage_and_plunder.scenarios import faster_defender_escapes, one_on_one_round, same_speed_escape
from pirates_lab.pillage_and_plunder.try_it import (cargo_room_left, hoard_after_retrieving, joe_cash_on_average,
                                                    joe_escapes_by_fleeing, speed_after_upgrading,
                                                    speed_with_an_extra_sail)

from .lesson import LessonView
from .lesson_model import Lesson
from .pillage_and_plunder_battle import BattleCalculator
from .pillage_and_plunder_play import BattleRoller, DiceGrid, HandDeal, MeleeChain, VolleyRoller, ships_table
from .pillage_and_plunder_table import TryIt, fit_coach_table, table_picture
from .why import screen_links

GAME = "pillage_and_plunder"

#: the answer functions the lesson names (the engine's); the demos and the lesson follow
ANSWERS = ["first_card_is_attack", "five_cards_hold_an_attack", "second_attack_after_first",
           "faster_defender_escapes", "same_speed_escape", "one_cannon_each_defender_hit",
           "two_cannons_each_two_hits", "one_on_one_round", "melee_two_on_two", "melee_rounds_on_average",
           "merchant_prize_on_average", "example_1_you_win", "stand_and_fight_win", "attack_in_eight_and_caught",
           # the reference screens' questions, on their live positions (issue 34 item 4)
           "hoard_after_retrieving", "speed_with_an_extra_sail", "speed_after_upgrading", "cargo_room_left",
           "joe_cash_on_average", "joe_escapes_by_fleeing"]
DEMOS = ["game_picture", "deal_five", "five_card_chain", "draw_after_an_attack", "flee_grid", "same_speed_grid",
         "one_cannon_grid", "volley_roller", "melee_grid", "melee_chain_win", "melee_chain_rounds",
         "merchant_grid", "example_1_battle", "battle_calculator", "cards_and_dice", "coach_at_the_table"]
#: the reference screens' live examples: heading → demo name (a position to try the rule on, :class:`TryIt`)
TRY_IT_DEMOS = {heading: "try_" + build.__name__ for heading, build in T.TRY_IT.items()}
__all__ = [*ANSWERS, *DEMOS, *TRY_IT_DEMOS.values(), "TRY_IT_DEMOS", "lesson", "lesson_view", "rule_links", "GAME", "COLOURS"]

#: the grids' colours: the event asked about is gold; the rest pale
GOLD, PALE, GREY, RED = "#d4a017", "#eef3f8", "#b9c2cc", "#d98a7a"
COLOURS = {"gold": GOLD, "pale": PALE, "grey": GREY, "red": RED}


def rule_links():
    """A why tree's rules as links to this lesson's screens (a rule with no screen stays plain text)."""
    return screen_links(screen.heading for screen in lesson().screens)


# ---------------------------------------------------------------- the deck
def game_picture() -> widgets.Widget:
    """The table as Game Setup lays it out, and a hand of five to deal yourself."""
    return widgets.VBox([HandDeal(seed=11, chain=False, tally=False, count=False), table_picture()])


def deal_five() -> HandDeal:
    """Five-card hands from the 282 shuffled cards; Attack cards marked, their count beside."""
    return HandDeal(seed=2, chain=False)


def five_card_chain() -> HandDeal:
    """Five-card hands, the chance of no Attack card as a chain of fractions, a tally of hands dealt."""
    return HandDeal(seed=3)


def draw_after_an_attack() -> HandDeal:
    """Cards drawn one at a time after a first Attack card; the draw pile's counts as it shrinks."""
    return HandDeal(seed=4, draw=True, first=True)


# ---------------------------------------------------------------- fleeing
def _flee(a: int, b: int) -> str:
    return "doubles: the battle goes on" if a == b else "the defender escapes"


def flee_grid() -> DiceGrid:
    """The attacker's two dice when the defender is faster: doubles keep the battle going."""
    return DiceGrid(_flee, {"the defender escapes": GOLD, "doubles: the battle goes on": PALE}, seed=5,
                    css="pl-pp-lesson-flee")


def _same_speed(attacker: int, defender: int) -> str:
    if attacker == defender:
        return "a tie: roll again"
    return "the defender escapes" if defender > attacker else "the attack goes on"


def same_speed_grid() -> DiceGrid:
    """One die each at the same speed: the defender's higher die escapes; a tie is rolled again."""
    return DiceGrid(_same_speed, {"the defender escapes": GOLD, "the attack goes on": PALE,
                                  "a tie: roll again": GREY},
                    across="the attacker's die", down="the defender's die", seed=6, again="a tie: roll again",
                    css="pl-pp-lesson-same")


# ---------------------------------------------------------------- cannons
def _cannon(attacker: int, defender: int) -> str:
    if attacker == defender:
        return "equal dice: both ships hit"
    return "the defender is hit" if attacker > defender else "the attacker is hit"


def one_cannon_grid() -> DiceGrid:
    """One cannon die each: the lower die's ship is hit, equal dice hit both."""
    return DiceGrid(_cannon, {"the defender is hit": GOLD, "equal dice: both ships hit": RED,
                              "the attacker is hit": PALE},
                    across="the attacker's die", down="the defender's die", seed=7, css="pl-pp-lesson-cannon")


def volley_roller() -> VolleyRoller:
    return VolleyRoller(2, 2, seed=8)


# ---------------------------------------------------------------- the mêlée
def _melee(bonus: int):
    def sort(attacker: int, defender: int) -> str:
        mine = attacker + bonus
        if mine == defender:
            return "a tie: the attacker loses"
        return "the attacker wins the round" if mine > defender else "the defender wins the round"
    return sort


def melee_grid() -> DiceGrid:
    """One crewman each: the higher die wins the round, a tie goes to the defender; a pistol adds one."""
    return DiceGrid(_melee(0), {"the attacker wins the round": GOLD, "a tie: the attacker loses": GREY,
                                "the defender wins the round": PALE},
                    across="the attacker's die", down="the defender's die", seed=9, css="pl-pp-lesson-melee",
                    switch=("the attacker has a pistol crewman (+1)", _melee(1)))


def melee_chain_win() -> MeleeChain:
    return MeleeChain(show="win", seed=10)


def melee_chain_rounds() -> MeleeChain:
    return MeleeChain(show="rounds", seed=12)


# ---------------------------------------------------------------- a merchant's prize
def _total(a: int, b: int) -> str:
    return "a total of 7" if a + b == 7 else "a total below 7" if a + b < 7 else "a total above 7"


def merchant_grid() -> DiceGrid:
    """A strength-4 merchant's prize: 1,000 pieces of eight a point on two dice; the running average."""
    return DiceGrid(_total, {"a total below 7": PALE, "a total of 7": GOLD, "a total above 7": GREY}, seed=13,
                    css="pl-pp-lesson-merchant", value=(lambda a, b: 1000 * (a + b), "pieces of eight"))


# ---------------------------------------------------------------- a whole battle
def example_1_battle() -> widgets.Widget:
    """Example 1's two Schooners side by side, and the battle sailed die by die."""
    ships = E.example_ships()
    rows = [(f"{name}: a Schooner", ship.effective_speed, ship.dice, ship.crew, "yes" if ship.pistol else "no")
            for name, ship in (("you", ships["you"]), ("Stephanie", ships["Stephanie"]))]
    return widgets.VBox([ships_table(rows),
                         BattleRoller(ships["you"], ships["Stephanie"], names=("you", "Stephanie"), seed=14)])


def battle_calculator() -> BattleCalculator:
    return BattleCalculator(rule_link=rule_links())


def cards_and_dice() -> widgets.Widget:
    """The synthesis: eight-card hands (the chance of no Attack card) beside the faster ship's flee roll."""
    return widgets.HBox([HandDeal(hand=L.FULL_HAND, seed=15, slider=True, tally=False, count=False),
                         DiceGrid(_flee, {"the defender escapes": PALE, "doubles: the battle goes on": GOLD},
                                  seed=16, css="pl-pp-lesson-both", cell=20)],
                        layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start", grid_gap="16px"))


# ---------------------------------------------------------------- try it: the reference screens' live positions
def try_pre_draw_stage() -> TryIt:
    return TryIt(T.pre_draw_stage)


def try_repair_stage() -> TryIt:
    return TryIt(T.repair_stage)


def try_working() -> TryIt:
    return TryIt(T.working)


def try_sell_cargo() -> TryIt:
    return TryIt(T.sell_cargo)


def try_retrieve_buried_treasure() -> TryIt:
    return TryIt(T.retrieve_buried_treasure)


def try_buy_ship_add_on() -> TryIt:
    return TryIt(T.buy_ship_add_on)


def try_buy_ship() -> TryIt:
    return TryIt(T.buy_ship)


def try_buy_cannon() -> TryIt:
    return TryIt(T.buy_cannon)


def try_hire_crew_member() -> TryIt:
    return TryIt(T.hire_crew_member)


def try_buy_cargo() -> TryIt:
    return TryIt(T.buy_cargo)


def try_play_event_card() -> TryIt:
    return TryIt(T.play_event_card)


def try_attack_opponent() -> TryIt:
    return TryIt(T.attack_opponent)


def try_play_navy_ship() -> TryIt:
    return TryIt(T.play_navy_ship)


def try_repair_ship() -> TryIt:
    return TryIt(T.repair_ship)


def try_bury_treasure() -> TryIt:
    return TryIt(T.bury_treasure)


def try_treasure_hunt() -> TryIt:
    return TryIt(T.treasure_hunt)


def try_your_hoard() -> TryIt:
    return TryIt(T.your_hoard)


def try_stage_1_spotting_the_enemy() -> TryIt:
    return TryIt(T.stage_1_spotting_the_enemy)


def try_stage_2_fight_or_flee() -> TryIt:
    return TryIt(T.stage_2_fight_or_flee)


def try_if_the_attacking_ship_is_faster() -> TryIt:
    return TryIt(T.if_the_attacking_ship_is_faster)


def try_stage_5_plundering_the_enemy_ship() -> TryIt:
    return TryIt(T.stage_5_plundering_the_enemy_ship)


def try_player_attacking_player() -> TryIt:
    return TryIt(T.player_attacking_player)


def try_navy_ship_attacking_player() -> TryIt:
    return TryIt(T.navy_ship_attacking_player)


def try_timed_game() -> TryIt:
    return TryIt(T.timed_game)


def try_asset_liquidation() -> TryIt:
    return TryIt(T.asset_liquidation)


def try_stealing_treasure_maps() -> TryIt:
    return TryIt(T.stealing_treasure_maps)


def try_privateering() -> TryIt:
    return TryIt(T.privateering)


def try_fleet_play() -> TryIt:
    return TryIt(T.fleet_play)


def try_ship_hull() -> TryIt:
    return TryIt(T.ship_hull)


def try_ship_add_on() -> TryIt:
    return TryIt(T.ship_add_on)


def try_cannon_deck() -> TryIt:
    return TryIt(T.cannon_deck)


def try_crew_quarters() -> TryIt:
    return TryIt(T.crew_quarters)


def try_cargo_hold() -> TryIt:
    return TryIt(T.cargo_hold)


def try_treasure_maps() -> TryIt:
    return TryIt(T.treasure_maps)


def try_prize_ships() -> TryIt:
    return TryIt(T.prize_ships)


def try_three_stages() -> TryIt:
    return TryIt(T.three_stages)


def try_attack_merchant_ship() -> TryIt:
    return TryIt(T.attack_merchant_ship)


def try_example_2() -> TryIt:
    return TryIt(T.example_2)


def try_example_3() -> TryIt:
    return TryIt(T.example_3)


# ---------------------------------------------------------------- predict, then ask the coach (issue 37 item 3)
def coach_at_the_table() -> widgets.Widget:
    """A two-player game at your first choice of two moves or more (seed 1): predict the best move, then switch on
    Coach (``pirates_lab.widgets.coach.coach_table``), fitted to one screen (:func:`fit_coach_table`)."""
    from .coach import coach_table

    return fit_coach_table(coach_table(GAME, seed=1))


# ---------------------------------------------------------------- the lesson
def lesson() -> Lesson:
    """The lesson file ``pirates_lab/pillage_and_plunder/data/lessons.toml``, read and checked."""
    return Lesson.for_game(GAME)


def lesson_view(**options) -> LessonView:
    """The lesson on screens (what the notebook shows)."""
    return LessonView(lesson(), **options)
