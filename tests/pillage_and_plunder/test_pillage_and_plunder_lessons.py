"""The Pillage & Plunder lesson on screens (data/lessons.toml): a class path of at most 20 screens that teaches
probability by play (issue 39), rules before the calculators that need them, a reference screen for every other
heading; every demo builds and has something to do, no screen shows its answer before the question, and every
answer equals an independent computation — hand counts from the rulebook and math.comb, the raw data file read
with tomllib (not the engine's loader), brute-force dice enumeration, or battles rolled die by die by the
reference sampler.

Issue 21 item 4: every rule a screen states is one the engine applies (its heading is cited in the engine) and
every number a student reads is recomputed here by the engine.  The lesson fixes from the engine helper
(/work/wt/signals/lesson-fixes-pillage_and_plunder.md) are checked one by one.
"""
from __future__ import annotations

import math
import random
import re
import tomllib
from fractions import Fraction
from collections import Counter
from itertools import product
from pathlib import Path

import pytest

from pirates_lab.core import rulebook
from pirates_lab.core.rules import CITATION_PATTERN
from pirates_lab.pillage_and_plunder import lessons as L
from pirates_lab.pillage_and_plunder import scenarios as S
from pirates_lab.pillage_and_plunder import try_it as T
from pirates_lab.pillage_and_plunder.battle_reference import sample_battle
from pirates_lab.pillage_and_plunder.battles import Ship, melee, usable_cannons
from pirates_lab.widgets import pillage_and_plunder_lessons as demos
from pirates_lab.widgets.lesson import LessonView, shown_text
from pirates_lab.widgets.lesson_model import Lesson, LessonError, developer_words
from pirates_lab.widgets.lesson import visible_text

GAME = "pillage_and_plunder"
ROOT = Path(__file__).resolve().parents[2]
RAW = tomllib.loads((ROOT / "pirates_lab" / GAME / "data" / "components.toml").read_text(encoding="utf-8"))
HULLS = RAW["hulls"]

# printed in the rulebook (Card Frequency, Game Setup, Coins, Example 2, Stage 2 …)
DECK, KIT, PLAYERS, HAND, DRAW_TO = 298, 1 + 1 + 2, 4, 5, 8
LEFT = DECK - PLAYERS * KIT              # cards shuffled after four starting kits
DICE = list(product(range(1, 7), repeat=2))


def at_least_one(*groups: int, hand: int = HAND, deck: int = LEFT) -> Fraction:
    """P(a hand holds at least one card of every group), by inclusion and exclusion over missing groups."""
    total = Fraction(0)
    for missing in product((0, 1), repeat=len(groups)):
        out = sum(g for g, m in zip(groups, missing) if m)
        total += (-1) ** sum(missing) * Fraction(math.comb(deck - out, hand), math.comb(deck, hand))
    return total


def two_dice(event) -> Fraction:
    return Fraction(sum(1 for a, b in DICE if event(a, b)), 36)


def volley_4_v_3_heavy() -> Fraction:
    """Every roll of 4 dice against 3, sorted and compared pair by pair (ties hit both, extras always hit)."""
    heavy = 0
    for roll in product(range(1, 7), repeat=7):
        mine, hers = sorted(roll[:4], reverse=True), sorted(roll[4:], reverse=True)
        damage = sum(1 for a, d in zip(mine, hers) if a >= d) + (len(mine) - len(hers))
        heavy += damage >= 3
    return Fraction(heavy, 6 ** 7)


def round_win(attackers: int, defenders: int) -> Fraction:
    """One mêlée round by brute force: every roll of one die a crewman; the attacker's highest must beat the
    defender's highest (ties go to the defender)."""
    rolls = list(product(range(1, 7), repeat=attackers + defenders))
    return Fraction(sum(1 for r in rolls if max(r[:attackers]) > max(r[attackers:])), len(rolls))


def melee_rounds(attackers: int, defenders: int) -> dict[tuple[bool, int], Fraction]:
    """Every way a mêlée can go, round by round: (the attacker won, rounds fought) -> its chance."""
    if attackers == 0 or defenders == 0:
        return {(defenders == 0, 0): Fraction(1)}
    p = round_win(attackers, defenders)
    ways: dict[tuple[bool, int], Fraction] = {}
    for chance, (a, d) in ((p, (attackers, defenders - 1)), (1 - p, (attackers - 1, defenders))):
        for (won, rounds), q in melee_rounds(a, d).items():
            ways[(won, rounds + 1)] = ways.get((won, rounds + 1), 0) + chance * q
    return ways


def volley_two_each_two_hits() -> Fraction:
    """Every roll of two cannon dice against two, sorted and compared pair by pair (equal dice hit both)."""
    hits = 0
    for roll in product(range(1, 7), repeat=4):
        mine, hers = sorted(roll[:2], reverse=True), sorted(roll[2:], reverse=True)
        hits += mine[0] >= hers[0] and mine[1] >= hers[1]
    return Fraction(hits, 6 ** 4)


def two_on_two() -> Fraction:
    """A mêlée of 2 crewmen against 2, round by round until one side has none (fewer crewmen, fewer dice)."""
    p22, p21, p12, p11 = round_win(2, 2), round_win(2, 1), round_win(1, 2), round_win(1, 1)
    return p22 * (p21 + (1 - p21) * p11) + (1 - p22) * p12 * p11


def rolled(attacker: Ship, defender: Ship, kind: str, event, n: int = 3000, seed: int = 5,
           flees: bool | None = None) -> tuple[float, float]:
    """(frequency, standard error) of ``event`` over ``n`` battles rolled die by die."""
    rng = random.Random(seed)
    hits = sum(1 for _ in range(n) if event(sample_battle(attacker, defender, kind, rng, defender_flees=flees)))
    p = hits / n
    return p, max((p * (1 - p) / n) ** 0.5, 1 / n)


#: answer function -> the answer computed another way (every lesson answer of the engine, on a screen or not)
INDEPENDENT = {
    "deck_after_kits": LEFT,
    "hoard_after_retrieving": 2500 + 1500,          # Retrieve Buried Treasure: "retrieved in its entirety"
    "speed_with_an_extra_sail": 5 + 1,              # a sloop sails at 5 (Example 2); the sail adds one
    "speed_after_upgrading": 6,                     # the Schooner's own speed: add-ons stay with the old hull
    "cargo_room_left": 30 - 20,                     # a Sloop's hold of 30, Rum 20 Units aboard
    "joe_cash_on_average": Fraction(sum(1000 * face for face in range(1, 7)), 6),   # one die x 1,000 (Example 2)
    "joe_escapes_by_fleeing": Fraction(sum(1 for a, b in DICE if a == b), 36),      # doubles, the navy faster
    "ship_hull_cards": 6 + 12 + 8 + 6,
    "addon_in_hand": at_least_one(3 + 3 + 3 + 8),
    "cannon_in_hand": at_least_one(30 - PLAYERS),
    "officer_cards": 5 * 2,
    "rum_units": 8 * 10 + 4 * 20 + 2 * 40,
    "event_cards": 2 + 2 + 4 + 4 + 2 + 2 + 2 + 2 + 2,
    "repair_cards": 4 + 4,
    "hunt_in_hand": at_least_one(15),
    "hunt_and_bury_in_hand": at_least_one(15, 15),
    "merchant_cards": 4 * (1 + 3 + 1),
    "navy_cards": 4 * 2,
    "battle_cards": 15 + 20 + 8,
    "doubles": two_dice(lambda a, b: a == b),
    "starting_hoard": 2 * 1000 + 10 * 100 + 5 * 50,
    "hits_left_on_damaged_schooner": HULLS["Schooner"]["strength"] - 2,
    "cards_left_after_setup": LEFT - PLAYERS * HAND - 1,
    "sloop_cannon_room": HULLS["Sloop"]["cannons"] - 1,
    "addons_after_upgrade": 0,                      # Buy Ship: add-ons are not carried over
    "upgrades_sloop_to_man_o_war": HULLS["Man O' War"]["level"] - HULLS["Sloop"]["level"],
    "sloop_speed_with_extra_sail": 5 + 1,           # a sloop sails at 5 (Example 2)
    "sloop_cannons": 3,                             # Example 2: a sloop with three cannons
    "galleon_crew": HULLS["Galleon"]["crew"],
    "sloop_cargo": HULLS["Sloop"]["cargo"],
    "navies_playable_on_prize_holder": 2,           # French and Dutch
    "hoard_that_counts": 8000 - 3000,
    "gems_sell_mean": Fraction(sum((a + b) * 150 * 20 // 10 for a, b in DICE), 36),
    "cards_to_draw": DRAW_TO - HAND,
    "sloop_repair_cost": HULLS["Sloop"]["repair"],
    "hoard_after_working": 150 + 200,
    "fruit_sells_for_400": two_dice(lambda a, b: (a + b) * 50 >= 400),
    "retrieve_both_maps": 1000 + 2000,
    "plating_on_schooner": HULLS["Schooner"]["cost"] * 50 // 100,
    "level_a_sloop_may_buy": 1 + 1,
    "schooner_cannon_dice": min(4, 2),
    "pistol_round_win": two_dice(lambda mine, hers: mine + 1 > hers),
    "gems_buy_mean": Fraction(sum(face * 150 * 20 // 10 for face in range(1, 7)), 6),
    "crew_lost_to_scurvy_with_fruit": 0,
    "attack_in_hand": at_least_one(15),
    "merchant_2_prize_mean": Fraction(sum(range(1, 7)) * 1000, 6),
    "sloop_escapes_navy": two_dice(lambda a, b: a == b),
    "galleon_quarter_repair": HULLS["Galleon"]["cost"] // 4,
    "hoard_after_burying_2000": 3250 - 2000,
    "hunt_mean": Fraction((1 + 2 + 3 + 4) * 1000, 6),
    "crows_nest_escape": two_dice(lambda a, b: a == b),       # now the slower ship: doubles
    "damaged_sail_sloop_speed": 5 + 1 - 2,
    "faster_defender_escapes": two_dice(lambda a, b: a != b),
    "slower_defender_escapes": two_dice(lambda a, b: a == b),
    "same_speed_escape": Fraction(15, 30),
    "four_v_three_volley_heavy": None,              # brute force below (6**7 rolls)
    "one_on_one_round": two_dice(lambda mine, hers: mine > hers),
    "map_steal": two_dice(lambda a, b: a == b),
    "merchant_4_prize_9000": two_dice(lambda a, b: (a + b) * 1000 >= 9000),
    "navy_melee_dice": min(RAW["navy"]["crew"], 6),
    "merchant_6_prize_mean": Fraction(sum(sum(r) for r in product(range(1, 7), repeat=3)) * 1000, 6 ** 3),
    "crew_in_hand": at_least_one(60 - 2 * PLAYERS),
    "crew_lost_to_mutiny_with_rum": 0,
    "both_bait_cards_in_hand": at_least_one(20, 8),
    "starting_worth_liquidated": 3250 + HULLS["Sloop"]["cost"] + RAW["costs"]["Cannon"]
                                 + 2 * RAW["costs"]["Cutlass Crewman"],
    "steal_in_two_tries": 1 - (1 - two_dice(lambda a, b: a == b)) ** 2,
    "fleet_sells_galleon": HULLS["Galleon"]["cost"] // 2,
    "attack_and_cannon_in_eight": at_least_one(15, 26, hand=DRAW_TO),
    # the screens' own positions (pirates_lab/pillage_and_plunder/lessons.py)
    "cannon_dice_with_gunner": 4,                   # four cannons, a Master Gunner: all of them fire
    "both_nests_damage": 0,                         # "If both ships have a crow's nest, neither ship ..."
    "plundered_coins": 3250 // 2,                   # "half of the defeated player's hoard"
    "melee_two_on_two": two_on_two(),
    # the probability thread (issue 39): the lesson's own answers
    "first_card_is_attack": Fraction(15, LEFT),
    "five_cards_hold_an_attack": 1 - Fraction(math.comb(LEFT - 15, HAND), math.comb(LEFT, HAND)),
    "second_attack_after_first": Fraction(15 - 1, LEFT - 1),
    "one_cannon_each_defender_hit": two_dice(lambda mine, hers: mine >= hers),
    "two_cannons_each_two_hits": volley_two_each_two_hits(),
    "melee_rounds_on_average": sum(rounds * p for (_, rounds), p in melee_rounds(2, 2).items()),
    "merchant_prize_on_average": Fraction(sum((a + b) * 1000 for a, b in DICE), 36),
    "attack_in_eight_and_caught": at_least_one(15, hand=DRAW_TO) * two_dice(lambda a, b: a == b),
}

#: answers checked against battles rolled die by die (the reference sampler): ships, kind, event, defender flees
ROLLED = {
    "schooner_beats_merchant_4": (Ship.player("Schooner", cannons=4, crew=4), Ship.merchant(4), "merchant",
                                  lambda r: r.winner == "attacker", None),
    "example_1_you_win": (Ship.player("Schooner", cannons=4, crew=4, pistols=1, addons=("Extra Sail",)),
                          Ship.player("Schooner", cannons=4, crew=3), "player", lambda r: r.winner == "attacker", None),
    "example_2_joe_captures": (Ship.player("Sloop", cannons=3, crew=3), Ship.merchant(2), "merchant",
                               lambda r: r.winner == "attacker", None),
    "example_3_navy_sinks_joe": (Ship.navy(), Ship.player("Schooner", cannons=3, crew=3), "navy",
                                 lambda r: r.outcome in ("defender destroyed", "both destroyed"), None),
    "sloop_captures_merchant_6": (Ship.player("Sloop", cannons=3, crew=3), Ship.merchant(6), "merchant",
                                  lambda r: r.winner == "attacker", None),
    "stand_and_fight_win": (Ship.player("Schooner", cannons=4, crew=4, addons=("Extra Sail",)),
                            Ship.player("Schooner", cannons=4, crew=3), "player", lambda r: r.winner == "attacker",
                            False),
}


def engine_answer(name: str):
    function = getattr(demos, name, None) or getattr(S, name, None) or getattr(L, name, None)
    if function is None:
        from pirates_lab.pillage_and_plunder import examples as E
        from pirates_lab.pillage_and_plunder.odds import doubles_probability

        function = getattr(E, name, None) or {"doubles": doubles_probability}[name]
    return function()


@pytest.fixture(scope="module")
def lesson() -> Lesson:
    return Lesson.for_game(GAME)


def answer_names(lesson: Lesson) -> dict[str, str]:
    return {s.name: s.question.answer for s in lesson.screens if s.question}


# ---------------------------------------------------------------- the shape of the lesson
CLASS_PATH = ["Pillage & Plunder in one screen", "Game Setup", "At least one Attack card",
              "Stage 2: The draw and play stage", "If the defending ship is faster", "If both ships are the same speed",
              "Stage 3: The Cannon Battle", "Two cannons each: dice compared in pairs", "Stage 4: The Mêlée",
              "The mêlée, round by round", "How long a mêlée lasts", "Player Attacking Merchant Ship",
              "Example 1: Player Vs. Player", "The battle calculator", "Cards and dice together",
              "Predict the best move, then ask the coach"]
#: the questions a class cannot work out from the screen: predicted, then shown (never a cross)
PREDICTIONS = {"Two cannons each: dice compared in pairs", "Example 1: Player Vs. Player"}


def test_every_heading_has_a_screen_and_the_class_path_fits_a_lesson(lesson):
    assert lesson.coverage() == []
    assert sorted(s.title for s in lesson.screens if s.kind in ("rule", "reference")) == sorted(rulebook(GAME).headings)
    path = lesson.class_screens
    assert [s.title for s in path] == CLASS_PATH
    assert len(path) <= 20 and lesson.class_limit == 20
    assert path[0].kind == "game" and all(s.kind == "reference" for s in lesson.reference_screens)
    # a question on every screen after the first, but the coach's: there the class predicts and the coach answers
    assert all(s.question for s in path[1:] if s.kind != "play")
    assert [s.title for s in path if s.kind == "play"] == [path[-1].title] == ["Predict the best move, then ask the coach"]
    assert [s.title for s in path if s.question and s.question.mode == "predict"] == [
        t for t in CLASS_PATH if t in PREDICTIONS]


def test_the_lesson_lists_its_probability_ideas(lesson):
    ideas = " ".join(lesson.ideas)
    for idea in ("equally likely", "complement", "without replacement", "conditional", "pair by pair",
                 "win from here", "expected value", "simulation", "independence"):
        assert idea in ideas


def test_calculators_come_after_the_rules_they_need(lesson):
    titles = [s.title for s in lesson.class_screens]
    for calculator in ("The mêlée, round by round", "How long a mêlée lasts", "The battle calculator"):
        assert titles.index("Stage 4: The Mêlée") < titles.index(calculator)
        assert "Stage 4: The Mêlée" in lesson.find(calculator).needs
    assert titles.index("Stage 3: The Cannon Battle") < titles.index("The battle calculator")


def test_every_demo_and_answer_builds(lesson):
    assert lesson.check_all(shown_text) == []


def test_every_answer_on_a_screen_is_checked_here(lesson):
    assert set(answer_names(lesson).values()) <= set(INDEPENDENT) | set(ROLLED)


# ---------------------------------------------------------------- something to do on every class screen
NAVIGATION = {"◀ Back", "Next ▶", "Check", "Reset", "Show the answer and why", "Back", "Next"}


def controls(widget, skip=()) -> list:
    """The controls a student can touch inside ``widget`` (not the lesson's navigation or the answer box)."""
    import ipywidgets as widgets

    from pirates_lab.widgets.canvas import BoardCanvas

    if any(widget is s for s in skip):
        return []
    found = []
    if isinstance(widget, widgets.Button) and widget.description not in NAVIGATION:
        found.append(widget)
    elif isinstance(widget, (widgets.IntSlider, widgets.FloatSlider, widgets.Checkbox, widgets.Dropdown,
                             widgets.ToggleButtons, widgets.RadioButtons)):
        found.append(widget)
    elif isinstance(widget, BoardCanvas) and widget._click_callbacks:
        found.append(widget)
    for child in getattr(widget, "children", ()) or ():
        found += controls(child, skip)
    return found


@pytest.mark.parametrize("title", CLASS_PATH)
def test_every_class_screen_has_a_control_besides_the_answer_box(lesson, title):
    view = LessonView(lesson, start=title, presenter=False)
    body, question = view.built(view.index)
    assert controls(body, skip=[question] if question else []), title


# ---------------------------------------------------------------- answers against independent counts
def mismatches(answers: dict[str, object]) -> list[str]:
    wrong = [f"{name}: {answers[name]} != {expected}" for name, expected in INDEPENDENT.items()
             if expected is not None and name in answers and answers[name] != expected]
    if "four_v_three_volley_heavy" in answers and answers["four_v_three_volley_heavy"] != volley_4_v_3_heavy():
        wrong.append("four_v_three_volley_heavy: the volley differs from the brute force")
    return wrong


def test_every_engine_answer_equals_an_independent_computation():
    """Every lesson answer of the engine (the screens' and the reference sections' old questions)."""
    assert mismatches({name: engine_answer(name) for name in INDEPENDENT}) == []


def test_every_screen_answer_equals_an_independent_computation(lesson):
    names = answer_names(lesson)
    answers = {names[screen]: value for screen, value in lesson.answers().items()}
    assert mismatches(answers) == []
    assert answers["first_card_is_attack"] == Fraction(5, 94) and answers["second_attack_after_first"] == Fraction(14, 281)
    assert answers["one_cannon_each_defender_hit"] == Fraction(21, 36)
    assert answers["two_cannons_each_two_hits"] == Fraction(581, 1296) != Fraction(21, 36) ** 2   # not independent
    assert answers["merchant_prize_on_average"] == 7000


@pytest.mark.parametrize("name", sorted(ROLLED))
def test_battle_answers_agree_with_battles_rolled_die_by_die(name):
    attacker, defender, kind, event, flees = ROLLED[name]
    exact = engine_answer(name)
    frequency, error = rolled(attacker, defender, kind, event, flees=flees)
    assert abs(frequency - float(exact)) < 4.5 * error, (name, float(exact), frequency)


def test_a_swapped_answer_function_is_caught(monkeypatch, lesson):
    """An answer function swapped for another engine function fails the independent check."""
    monkeypatch.setattr(demos, "faster_defender_escapes", demos.same_speed_escape)
    monkeypatch.setattr(demos, "one_on_one_round", S.pistol_round_win)      # a tie given to the attacker
    names = answer_names(lesson)
    answers = {names[screen]: value for screen, value in Lesson.for_game(GAME).answers().items()}
    assert sorted(w.split(":")[0] for w in mismatches(answers)) == ["faster_defender_escapes", "one_on_one_round"]


def test_a_changed_answer_changes_the_verdict(monkeypatch):
    view = LessonView(Lesson.for_game(GAME), start="Game Setup", presenter=False)
    assert view.question.check("5/94") is True
    monkeypatch.setattr(demos, "first_card_is_attack", lambda: Fraction(1, 7))
    view = LessonView(Lesson.for_game(GAME), start="Game Setup", presenter=False)
    assert view.question.check("1/7") is True and view.question.check("5/94") is False


def test_the_checker_accepts_what_a_student_types():
    view = LessonView(Lesson.for_game(GAME), start="Stage 4: The Mêlée", presenter=False)
    assert all(view.question.check(typed) for typed in ("5/12", "5 / 12", "41.67%", "0.4167", "15/36"))
    view = LessonView(Lesson.for_game(GAME), start="Player Attacking Merchant Ship", presenter=False)
    assert view.question.check("7,000") is True and view.question.check("6000") is False


def test_a_prediction_takes_any_answer_and_then_shows_the_exact_one():
    view = LessonView(Lesson.for_game(GAME), start="Two cannons each: dice compared in pairs", presenter=False)
    assert view.question.check("34%") is not False
    assert "44.8" in visible_text(view.question)


def test_a_demo_that_raises_fails_the_check(monkeypatch):
    def broken():
        raise ValueError("the deck ran out")

    monkeypatch.setattr(demos, "deal_five", broken)
    with pytest.raises(LessonError, match="screen 2 'Game Setup': ValueError"):
        Lesson.for_game(GAME).check_all(shown_text)


def test_a_demo_that_shows_its_answer_fails_the_check(monkeypatch):
    monkeypatch.setattr(demos, "deal_five", lambda: "An Attack card first: 5/94 of the time.")
    with pytest.raises(LessonError, match="shows the answer"):
        Lesson.for_game(GAME).check_all(shown_text)


def test_no_quote_gives_its_questions_answer_away(lesson):
    for screen in lesson.class_screens:
        if screen.question and screen.quote:
            value = Fraction(lesson.answer(screen))
            assert not any(form in screen.quote for form in (f"{value.numerator:,}", str(value))
                           if value >= 100 or value.denominator != 1), screen.name


# ---------------------------------------------------------------- the pictures answer: counts beside the events
def grid_squares(grid) -> dict[str, int]:
    """The squares of each colour as painted on the canvas (not the legend's words)."""
    fills = Counter(op.fill for op in grid.board.painted("grid") if op.kind == "rect" and op.args[2] < 100
                    and op.fill is not None)
    return {key: fills[colour] for key, colour in grid.colours.items()}


def test_each_dice_grid_colours_exactly_the_rolls_of_its_event():
    """The gold squares are the event asked about, counted by brute force over the 36 rolls."""
    gold = lambda grid: [k for k, c in grid.colours.items() if c == demos.GOLD]   # noqa: E731
    flee = demos.flee_grid()
    assert grid_squares(flee)[gold(flee)[0]] == 36 * two_dice(lambda a, b: a != b) == 30
    same = demos.same_speed_grid()
    assert grid_squares(same) == {"the defender escapes": 15, "the attack goes on": 15, "a tie: roll again": 6}
    assert grid_squares(same)["the defender escapes"] == 36 * two_dice(lambda attacker, defender: defender > attacker)
    cannon = demos.one_cannon_grid()
    hit = grid_squares(cannon)["the defender is hit"] + grid_squares(cannon)["equal dice: both ships hit"]
    assert hit == 36 * INDEPENDENT["one_cannon_each_defender_hit"] == 21
    melee_grid = demos.melee_grid()
    assert grid_squares(melee_grid)["the attacker wins the round"] == 36 * two_dice(lambda a, d: a > d) == 15
    melee_grid.switch.value = True                                      # a pistol crewman: +1 to the attacker
    assert grid_squares(melee_grid)["the attacker wins the round"] == 36 * two_dice(lambda a, d: a + 1 > d) == 21
    merchant = demos.merchant_grid()
    assert grid_squares(merchant)["a total of 7"] == 6 and grid_squares(merchant)["a total below 7"] == 15
    assert "30 of the 36" in visible_text(flee) and "6 of the 36" in visible_text(same)


def test_a_roll_is_marked_counted_and_seeded():
    grid = demos.flee_grid()
    first = grid.roll_once()
    assert sum(grid.tally.values()) == 1 and "You rolled" in visible_text(grid)
    marks = [op for op in grid.board.painted("grid") if op.kind == "rect" and op.width == 4]
    assert len(marks) == 1                                              # the roll's square outlined
    assert demos.flee_grid().roll_once() == first                       # Reset builds it again: the same roll
    grid.roll_many(100)
    assert sum(grid.tally.values()) == 101


def test_a_tie_at_the_same_speed_is_rolled_again_and_counted_apart():
    grid = demos.same_speed_grid()
    grid.roll_many(600)
    assert "a tie: roll again" not in grid.tally and sum(grid.tally.values()) == 600
    assert grid.rolled_again > 0
    escaped = grid.tally["the defender escapes"] / 600
    assert abs(escaped - 0.5) < 4.5 * (0.25 / 600) ** 0.5


def test_the_hands_count_the_cards_and_the_chain_of_none_is_exact():
    deal = demos.five_card_chain()
    assert (deal.wanted, deal.size) == (15, LEFT)
    parts, none = deal.none_chain()
    assert parts[0] == "267/282" and none == Fraction(math.comb(LEFT - 15, HAND), math.comb(LEFT, HAND))
    assert 1 - none == INDEPENDENT["five_cards_hold_an_attack"]
    deal.deal(100)
    assert deal.dealt == 101 and all(len(hand) == HAND for hand in [deal.hand])
    synthesis = demos.cards_and_dice().children[0]
    synthesis.slider.value = DRAW_TO
    assert synthesis.none_chain()[1] == 1 - at_least_one(15, hand=DRAW_TO)


def test_drawing_after_an_attack_card_shows_the_pile_shrinking():
    draw = demos.draw_after_an_attack()
    assert draw.hand == ["Attack"] and len(draw.pile) == LEFT - 1
    assert "281 cards, 14 of them Attack cards" in visible_text(draw)
    for _ in range(DRAW_TO + 2):
        draw.draw_one()
    assert len(draw.hand) == DRAW_TO and len(draw.pile) + len(draw.hand) == LEFT
    left = sum(1 for card in draw.pile if card == "Attack")
    assert left == 15 - draw.hand.count("Attack")
    assert f"{len(draw.pile)} cards, {left} of them" in visible_text(draw)


def test_the_melee_table_shows_each_round_s_winning_rolls_and_the_chance_from_there():
    chain = demos.melee_chain_win()
    text = visible_text(chain)
    assert f"{int(round_win(2, 2) * 6 ** 4):,} of 1,296 rolls" in text == text and "505 of 1,296" in text
    assert "125 of 216" in text and "55 of 216" in text and "15 of 36" in text
    assert "from here: ?" in text                                      # the start's chance is the question
    later = two_on_two()
    assert f"{100 * float(round_win(2, 1) + (1 - round_win(2, 1)) * round_win(1, 1)):.1f}%" in text
    assert f"{100 * float(later):.1f}" not in text


def test_a_melee_fought_round_by_round_follows_the_rules():
    chain = demos.melee_chain_win()
    for _ in range(3):
        chain.fight_round()
    assert 0 in chain.at and len(chain.fought) == 1 and chain.rounds in (2, 3)
    chain.fight_many(3000)
    wins = sum(1 for won, _ in chain.fought if won) / len(chain.fought)
    rounds = sum(r for _, r in chain.fought) / len(chain.fought)
    se = (0.25 / len(chain.fought)) ** 0.5
    assert abs(wins - float(two_on_two())) < 4.5 * se
    assert abs(rounds - float(INDEPENDENT["melee_rounds_on_average"])) < 4.5 * se


def test_volleys_fired_agree_with_the_exact_pairwise_count():
    roller = demos.volley_roller()
    roller.fire(3000)
    share = roller.tally[2] / 3000
    p = float(volley_two_each_two_hits())
    assert abs(share - p) < 4.5 * (p * (1 - p) / 3000) ** 0.5
    assert "highest first" in visible_text(roller)


def test_example_1_sailed_die_by_die_counts_the_battles():
    from pirates_lab.widgets.pillage_and_plunder_play import BattleRoller

    rollers = [w for w in demos.example_1_battle().children if isinstance(w, BattleRoller)]
    rollers[0].sail(300)
    assert sum(rollers[0].tally.values()) == 300 and rollers[0].tally["you won"] > 150


# ---------------------------------------------------------------- words for students, notes for teachers
def test_teacher_notes_speak_to_a_teacher(lesson):
    """Minutes, wrong answers, a discussion prompt; never the project's history, a function or a file name."""
    for screen in lesson.class_screens:
        notes = " ".join(screen.teacher)
        assert re.match(r"\d+ minutes", screen.teacher[0]), screen.name
        assert "Corrected from the old lesson" not in notes and "old lesson" not in notes
        assert not re.search(r"\.py\b|\.toml\b|\w+_\w+\(|\(\)|pirates_lab", notes), screen.name
        if screen.question:
            assert "Discussion" in notes and ("wrong answers" in notes or "predictions" in notes), screen.name


def test_every_why_counts_with_an_unreduced_fraction_where_it_counts(lesson):
    for title, counted in (("If the defending ship is faster", "30/36"), ("If both ships are the same speed", "15/30"),
                           ("Stage 3: The Cannon Battle", "21/36"), ("Stage 4: The Mêlée", "15/36"),
                           ("Game Setup", "15/282"), ("Stage 2: The draw and play stage", "14/281")):
        assert counted in lesson.find(title).why, title


# ---------------------------------------------------------------- issue 21 item 4: rules as the engine applies them
def engine_citations() -> set[str]:
    cited = set()
    for path in (ROOT / "pirates_lab" / GAME).rglob("*.py"):
        for match in CITATION_PATTERN.finditer(path.read_text(encoding="utf-8")):
            cited.add(match.group("heading").split(" (")[0].strip().rstrip('"').strip())
    return cited


def test_every_rule_screen_teaches_a_rule_the_engine_applies(lesson):
    """Each class rule screen's heading is cited by the engine code that applies it (never a rule only the
    lesson knows)."""
    cited = engine_citations()
    missing = [s.heading for s in lesson.class_screens if s.kind == "rule" and s.heading not in cited]
    assert missing == []


def rules_a_screen_stands_on(screen, headings, card_names) -> set[str]:
    """The rules a class screen's why stands on: its heading (a rule screen), the rules it needs (a calculator or
    a game), and every rulebook heading its text, label or why names (not card names such as 'Attack', which are
    headings of the card list too)."""
    named = {h for h in headings if h not in card_names
             for text in (screen.why, screen.text, screen.label) if re.search(rf"(?<!\w){re.escape(h)}(?!\w)", text)}
    return ({screen.heading} if screen.kind == "rule" else set()) | set(screen.needs) | named


def test_every_why_names_only_rules_the_engine_applies(lesson):
    """Issue 21 item 4: each class screen's why names no rule the engine does not apply."""
    from pirates_lab.pillage_and_plunder import components as C

    data = C.load()
    card_names = set(data.counts) | set(data.categories)
    headings, cited = set(rulebook(GAME).headings), engine_citations()
    stands_on = {s.title: rules_a_screen_stands_on(s, headings, card_names) for s in lesson.class_screens}
    assert stands_on["Cards and dice together"] == set()                  # card names are not rules
    assert stands_on["Stage 4: The Mêlée"] == {"Stage 4: The Mêlée"}
    assert "Stage 4: The Mêlée" in stands_on["The mêlée, round by round"]
    wrong = {title: sorted(rules - cited) for title, rules in stands_on.items() if rules - cited}
    assert wrong == {}


def test_a_why_that_names_a_rule_the_engine_ignores_is_caught(lesson):
    """The check above can fail: a why sending the class to the Strategy Tips (advice no engine code applies)."""
    import dataclasses

    screen = dataclasses.replace(lesson.find("Stage 4: The Mêlée"), why="Read Strategy Tips: keep a pistol aboard.")
    rules = rules_a_screen_stands_on(screen, set(rulebook(GAME).headings), set())
    assert "Strategy Tips" in rules and "Strategy Tips" not in engine_citations()


def why_trees(widget):
    from pirates_lab.widgets.why import WhyTree

    if isinstance(widget, WhyTree) and widget.tree is not None:
        yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from why_trees(child)


def test_the_battle_calculator_shows_a_why_tree_under_its_probability(lesson):
    """The why tree under the battle calculator's chance cites only rules the engine applies, keeps the tree's
    promises (branches add up exactly), its root is the calculator's answer and its rules link to screens."""
    demo = lesson.demo(lesson.find("The battle calculator"))
    shown = list(why_trees(demo))
    cited = engine_citations()
    assert [view.tree.p for view in shown] == [dict(demo.stage_rows())["the attacker wins the battle"]]
    for view in shown:
        view.tree.check(view.tree.p, GAME)
        assert view.tree.rules() <= cited
        assert "?screen=" in view.value


def test_the_battle_calculator_s_why_follows_its_ships():
    from pirates_lab.pillage_and_plunder.battles import battle

    calc = demos.battle_calculator()
    calc.defender_box.crew.value = 1
    attacker, defender = calc.ships()
    wins = battle(attacker, defender, "player", defender_flees=True).probability(lambda r: r.winner == "attacker")
    assert calc.why.tree.p == wins == dict(calc.stage_rows())["the attacker wins the battle"]


def pct(p) -> str:
    return f"{100 * float(p):.1f}"


def _engine_numbers() -> dict[str, list]:
    """screen title -> the numbers its student texts may state, each recomputed by the engine, the data file or
    the screen's own picture (the counts of its dice grid)."""
    from pirates_lab.pillage_and_plunder import components as C
    from pirates_lab.pillage_and_plunder import examples as E
    from pirates_lab.pillage_and_plunder.odds import merchant_prize

    data = C.load()
    deck, kind = L.lesson_deck().size, L.kind_count()
    kits = data.full_deck().size - deck
    five = demos.five_card_chain()
    chain5, none5 = five.none_chain()
    eight = HandDealOf(L.FULL_HAND)
    none8 = eight.none_chain()[1]
    flee = demos.flee_grid().counts()
    same = demos.same_speed_grid().counts()
    cannon = demos.one_cannon_grid().counts()
    melee_counts = demos.melee_grid().counts()
    r22 = int(L.round_chance(2, 2) * 6 ** 4)
    per_point = min(merchant_prize(L.MERCHANT_STRENGTH).outcomes()) // 2
    ships = E.example_ships()
    return {
        "Pillage & Plunder in one screen": [data.game["starting_money"], data.starting_kit["Cannon"],
                                            data.starting_kit["Cutlass Crewman"], data.game["draw_to"],
                                            data.game["plays_per_turn"], data.game["hand_size"]],
        "Game Setup": [data.game["hand_size"], 4, data.full_deck().size, kits, deck, kind, f"{kind}/{deck}",
                       str(L.first_card_is_attack())],
        "At least one Attack card": [1, 2, 3, L.FIRST_HAND, 100, pct(none5), pct(1 - none5), *chain5,
                                     *(int(n) for part in chain5 for n in part.split("/"))],
        "Stage 2: The draw and play stage": [deck - 1, kind - 1, f"{kind - 1}/{deck - 1}", f"{kind}/{deck}"],
        "If the defending ship is faster": [2, 36, flee["doubles: the battle goes on"], flee["the defender escapes"],
                                            f"{flee['the defender escapes']}/36", str(S.faster_defender_escapes())],
        "If both ships are the same speed": [same["a tie: roll again"], 36 - same["a tie: roll again"],
                                             same["the defender escapes"], f"{same['the defender escapes']}/30",
                                             str(S.same_speed_escape()), f"{same['the defender escapes']}/36"],
        "Stage 3: The Cannon Battle": [1, cannon["the defender is hit"], cannon["equal dice: both ships hit"], 36,
                                       cannon["the defender is hit"] + cannon["equal dice: both ships hit"],
                                       "21/36", str(L.one_cannon_each_defender_hit())],
        "Two cannons each: dice compared in pairs": [2, 6, 6 ** 4, int(L.two_cannons_each_two_hits() * 6 ** 4),
                                                     f"{int(L.two_cannons_each_two_hits() * 6 ** 4)}/{6 ** 4:,}",
                                                     pct(L.two_cannons_each_two_hits()),
                                                     str(L.one_cannon_each_defender_hit()),
                                                     round(100 * L.one_cannon_each_defender_hit() ** 2)],
        "Stage 4: The Mêlée": [melee_counts["the attacker wins the round"], 36, melee_counts["a tie: the attacker loses"],
                               f"{melee_counts['the attacker wins the round']}/36", str(S.one_on_one_round())],
        "The mêlée, round by round": [2, r22, 6 ** 4, 6 ** 4 - r22, f"{r22}/{6 ** 4:,}", f"{6 ** 4 - r22}/{6 ** 4:,}",
                                      pct(L.win_from(2, 1)), pct(L.win_from(1, 2)), pct(L.melee_two_on_two())],
        "How long a mêlée lasts": [1, 2, 3, f"{r22}/{6 ** 4:,}", f"{6 ** 4 - r22}/{6 ** 4:,}",
                                   f"{float(L.expected_rounds(2, 1)):.2f}", f"{float(L.expected_rounds(1, 2)):.2f}",
                                   f"{float(L.melee_rounds_on_average()):.2f}"],
        "Player Attacking Merchant Ship": [2, 7, 5, 9, 3, 11, per_point, int(L.merchant_prize_on_average())],
        "Example 1: Player Vs. Player": [ships["you"].dice, ships["Stephanie"].dice],
        "The battle calculator": [2],
        "Cards and dice together": [L.FULL_HAND, 2, 1, 100, pct(none8), pct(1 - none8), 6, 36, "6/36",
                           round(100 * L.attack_in_eight_and_caught())],
        "Predict the best move, then ask the coach": [1, data.game["draw_to"], T.working_pay(),
                                                      len(demos.coach_at_the_table().model.legal_actions())],
    }


def HandDealOf(hand: int):
    from pirates_lab.widgets.pillage_and_plunder_play import HandDeal

    return HandDeal(hand=hand)


NUMBER = re.compile(r"(?<![\w.,])\d[\d,]*(?:\.\d+)?(?:/\d[\d,]*)?(?![\w])")
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "eight": 8}


def unread_numbers(lesson, allowed) -> list[str]:
    wrong = []
    for screen in lesson.class_screens:
        numbers = {str(n) if isinstance(n, str) else f"{n:,}" for n in allowed[screen.title]}
        numbers |= {str(n) for n in allowed[screen.title] if not isinstance(n, str)}
        texts = [screen.text, screen.label, screen.why, screen.question.prompt if screen.question else ""]
        for text in texts:
            text = re.sub(r"Stage \d|stage \d|strength-\d|pieces of eight|Example \d", "", text)
            for found in NUMBER.findall(text):
                if found.rstrip(",") not in numbers:
                    wrong.append(f"{screen.title}: {found}")
            for word, value in WORDS.items():
                if re.search(rf"\b{word}\b", text, re.I) and f"{value:,}" not in numbers and word != "one":
                    wrong.append(f"{screen.title}: '{word}'")
    return wrong


def test_every_number_a_student_reads_is_recomputed_by_the_engine(lesson):
    """The numbers in each class screen's text, label, why and question (quotes are the rulebook's own words),
    against the engine, the data file and the screen's own picture: a changed rule, data file or picture that
    makes a sentence false fails here."""
    wrong = unread_numbers(lesson, _engine_numbers())
    assert wrong == [], "\n".join(wrong)


def test_the_number_check_can_fail(lesson):
    """A why that gives the ties to the attacker in the mêlée (21 of the 36) is caught."""
    import dataclasses

    allowed = _engine_numbers()
    screen = dataclasses.replace(lesson.find("Stage 4: The Mêlée"), why="The attacker wins 21 of the 36 rolls.")

    class One:
        class_screens = [screen]

    assert unread_numbers(One, allowed) == ["Stage 4: The Mêlée: 21"]


def test_the_master_gunner_fires_every_cannon_as_printed_and_as_the_engine_plays(lesson):
    """'the master gunner has the ability to fire all of the cannons on the cannon deck without the assistance of
    other crewmen' (not 'an extra cannon'): the teacher note says so and the engine plays it."""
    notes = " ".join(lesson.find("Stage 3: The Cannon Battle").teacher)
    assert "a Master Gunner fires every cannon on the cannon deck by himself" in notes and "extra cannon" not in notes
    assert "fire all of the cannons on the cannon deck" in rulebook(GAME).section("Stage 3: The Cannon Battle")
    assert usable_cannons(4, 1, True) == 4 and usable_cannons(6, 0, True) == 6 and usable_cannons(4, 2) == 2
    assert L.gunner_position(True).battle_ship(0).master_gunner
    assert (L.cannon_dice_without_gunner(), L.cannon_dice_with_gunner()) == (2, 4)


def test_the_losing_player_chooses_his_crewman_as_printed(lesson):
    """No 'cutlass crewmen first' rule under the printed 'He must select one crew member card'."""
    notes = " ".join(lesson.find("Stage 4: The Mêlée").teacher)
    assert "'He must select one crew member card'" in notes
    assert "He must select one crew member card" in rulebook(GAME).section("Stage 4: The Mêlée")
    for screen in lesson.screens:
        for text in (*screen.student_texts(), *screen.teacher):
            assert "cutlass crewmen first" not in text.lower() and "gives up cutlass" not in text.lower()
    from pirates_lab.widgets.pillage_and_plunder import ASSUMPTIONS

    assert not any("gives up cutlass crewmen first" in a for a in ASSUMPTIONS)
    assert any("destroyed hull leaves more crewmen" in a for a in ASSUMPTIONS)


def test_the_doctor_is_a_choice_and_players_are_numbered_from_1(lesson):
    notes = " ".join(lesson.find("Stage 4: The Mêlée").teacher)
    assert "a Doctor may save one crewman, once a battle" in notes
    for screen in lesson.screens:
        for text in screen.student_texts():
            assert not re.search(r"\b[Pp]layer 0\b", text), screen.name
    shown = "\n".join(L.plunder_battle_log())
    assert "Player 1" in shown and not re.search(r"\b[Pp]layer 0\b", shown)


def test_a_tie_goes_to_the_defender_in_the_melee_and_hits_both_in_the_cannon_battle():
    """The two tie rules the lesson contrasts, as the engine plays them (15/36 against 21/36)."""
    from pirates_lab.pillage_and_plunder.battles import cannon_volley, melee_round_win_probability

    assert melee_round_win_probability(1, 1) == round_win(1, 1) == Fraction(15, 36)
    both = cannon_volley(1, 1, attacker_strength=9, defender_strength=9)
    assert both.probability(lambda v: v.attacker_damage == v.defender_damage == 1) == Fraction(6, 36)


def test_no_developer_words_on_any_screen(lesson):
    for screen in lesson.class_screens:
        value = lesson.demo(screen)
        if value is not None:
            assert developer_words(shown_text(value, screen)) == [], screen.name


def test_demos_show_no_python_reprs_or_long_numbers(lesson):
    for screen in lesson.class_screens:
        if screen.demo:
            text = visible_text(lesson.demo(screen))
            text = re.sub(r"exact \d+/\d+", "", text)                   # folded exact fractions (opened on demand)
            for raw in ("Fraction(", "{'", "[(", "<pirates_lab.", "None"):
                assert raw not in text, (screen.name, raw)
            assert not re.search(r"\d{16,}", text), screen.name
            assert not re.search(r"\b1 (cards|rounds|crewmen)\b|\ba [AEIOU]", text), screen.name


def test_the_plunder_position_is_played_by_the_engine():
    log = L.plunder_battle_log()
    assert log[0] == "Player 1 attacks player 2." and "the attacker wins" in log[-1]
    state, start, before = L.plunder_position()
    assert state.players[0]["hoard"] - before == state.players[1]["hoard"] == L.PLUNDERED_HOARD // 2
    assert any("plunders half" in line for line in state.log[start:])


def test_the_two_on_two_melee_matches_the_round_by_round_count():
    assert melee(2, 2).probability(lambda r: r.winner == "attacker") == two_on_two() == L.melee_two_on_two()
    assert sum(melee_rounds(2, 2).values()) == 1                       # every way a mêlée goes, adding up to 1
    assert sum(p for (won, _), p in melee_rounds(2, 2).items() if won) == two_on_two()


def test_a_section_that_only_leads_in_says_what_follows(lesson):
    """A reference screen whose printed text ends with 'the following …:' (nothing of its own after the colon)
    names the sections that follow it; every heading it names comes after it in the rulebook."""
    sections = list(rulebook(GAME).sections)
    headings = {s.heading for s in sections}
    lead_ins = [k for k, s in enumerate(sections) if s.body.strip().endswith(":")]
    assert len(lead_ins) == 7
    for k in lead_ins:
        screen = next(s for s in lesson.reference_screens if s.heading == sections[k].heading)
        later = {s.heading for s in sections[k + 1:]}
        named, text = set(), screen.text
        for h in sorted(headings, key=len, reverse=True):       # longest first: 'Attack Opponent' is not 'Attack'
            text, found = re.subn(rf"(?<!\w){re.escape(h)}(?!\w)", "#", text)
            if found:
                named.add(h)
        assert sections[k + 1].heading in named, screen.heading
        assert named <= later, (screen.heading, named - later)


# ---------------------------------------------------------------- predict, then ask the coach (issue 37 item 3)
def test_the_coach_screen_is_a_table_at_a_choice_of_two_moves_and_the_coach_answers_for_it(lesson):
    """Given the coach screen (the last class screen), Then its demo is a game table where Player 1 must choose
    between two moves or more (draw or work: the text's choice), with a Coach toggle; When the coach is asked (a
    small budget here), Then it gives every legal move a chance to win inside its range, best first."""
    from pirates_lab.pillage_and_plunder.game import Act
    from pirates_lab.widgets.coach import CoachPanel
    from pirates_lab.widgets.table import GameTable

    screen = lesson.find("Predict the best move, then ask the coach")
    assert screen.kind == "play" and screen.demo == "coach_at_the_table" and lesson.class_screens[-1] == screen
    table = lesson.demo(screen)
    assert isinstance(table, GameTable) and table.coach_toggle.description == "Coach"
    state = table.model.state
    legal = table.model.legal_actions()
    assert table.model.human_to_move and state.current_player() == 0 and len(legal) >= 2
    assert set(legal) == {Act.DRAW, Act.WORK} and state.phase == "predraw"
    panel = CoachPanel(lambda: state.view(0), state.game.title, budget=16, seed=1, threaded=False)
    panel.ask()
    advice = panel.advice
    assert {m.label for m in advice.moves} == {str(a) for a in legal}
    assert all(m.low <= m.win_rate <= m.high for m in advice.moves)
    assert [m.win_rate for m in advice.moves] == sorted((m.win_rate for m in advice.moves), reverse=True)
    assert "Play <b>" in panel.best.value
