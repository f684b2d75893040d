"""The Pillage & Plunder lesson on screens (data/lessons.toml): a class path of at most 20 screens, rules before
the calculators that need them, a reference screen for every other heading; every demo builds, no screen shows
its answer before the question, and every answer equals an independent computation — hand counts from the
rulebook, the raw data file read with tomllib (not the engine's loader), brute-force dice enumeration, or battles
rolled die by die by the reference sampler.

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
from itertools import product
from pathlib import Path

import pytest

from pirates_lab.core import rulebook
from pirates_lab.core.rules import CITATION_PATTERN
from pirates_lab.pillage_and_plunder import lessons as L
from pirates_lab.pillage_and_plunder import scenarios as S
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
def test_every_heading_has_a_screen_and_the_class_path_fits_a_lesson(lesson):
    assert lesson.coverage() == []
    assert sorted(s.title for s in lesson.screens if s.kind in ("rule", "reference")) == sorted(rulebook(GAME).headings)
    path = lesson.class_screens
    assert len(path) <= 20 and lesson.class_limit == 20
    assert path[0].kind == "game" and all(s.kind == "reference" for s in lesson.reference_screens)
    rules = [s for s in path if s.kind == "rule"]
    assert sum(1 for s in rules if s.question) == len(rules)          # a question on every rule screen


def test_calculators_come_after_the_battle_rules_they_need(lesson):
    titles = [s.title for s in lesson.class_screens]
    battle = titles.index("The battle calculator")
    stages = titles.index("The stages of a sea battle, one at a time")
    for heading in ("Stage 2: Fight or Flee", "Stage 3: The Cannon Battle", "Stage 4: The Mêlée"):
        assert titles.index(heading) < stages < battle
    assert titles.index("Stage 1: Spotting the Enemy") < battle and titles.index("Sea Battle Basics") < battle
    assert set(lesson.find("The battle calculator").needs) >= {"Stage 1: Spotting the Enemy", "Stage 4: The Mêlée"}


def test_every_demo_and_answer_builds(lesson):
    assert lesson.check_all(shown_text) == []


def test_every_answer_on_a_screen_is_checked_here(lesson):
    assert set(answer_names(lesson).values()) <= set(INDEPENDENT) | set(ROLLED)


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
    assert answers["plundered_coins"] == 1625 and answers["cannon_dice_with_gunner"] == 4


@pytest.mark.parametrize("name", sorted(ROLLED))
def test_battle_answers_agree_with_battles_rolled_die_by_die(name):
    attacker, defender, kind, event, flees = ROLLED[name]
    exact = engine_answer(name)
    frequency, error = rolled(attacker, defender, kind, event, flees=flees)
    assert abs(frequency - float(exact)) < 4.5 * error, (name, float(exact), frequency)


def test_a_swapped_answer_function_is_caught(monkeypatch, lesson):
    """An answer function swapped for another engine function fails the independent check."""
    monkeypatch.setattr(demos, "faster_defender_escapes", demos.same_speed_escape)
    monkeypatch.setattr(demos, "cannon_dice_with_gunner", S.schooner_cannon_dice)     # the old "extra cannon" reading
    names = answer_names(lesson)
    answers = {names[screen]: value for screen, value in Lesson.for_game(GAME).answers().items()}
    assert sorted(w.split(":")[0] for w in mismatches(answers)) == ["cannon_dice_with_gunner",
                                                                   "faster_defender_escapes"]


def test_a_changed_answer_changes_the_verdict(monkeypatch):
    view = LessonView(Lesson.for_game(GAME), start="Game Setup", presenter=False)
    assert view.question.check("261") is True
    monkeypatch.setattr(demos, "cards_left_after_setup", lambda: 7)
    view = LessonView(Lesson.for_game(GAME), start="Game Setup", presenter=False)
    assert view.question.check("7") is True and view.question.check("261") is False


def test_the_checker_accepts_what_a_student_types():
    view = LessonView(Lesson.for_game(GAME), start="Stage 4: The Mêlée", presenter=False)
    assert all(view.question.check(typed) for typed in ("5/12", "5 / 12", "41.67%", "0.4167"))
    view = LessonView(Lesson.for_game(GAME), start="Player Attacking Player", presenter=False)
    assert view.question.check("1,625") is True and view.question.check("3250") is False


def test_a_demo_that_raises_fails_the_check(monkeypatch):
    def broken():
        raise ValueError("a Schooner costs 3000; your hoard holds 2875")

    monkeypatch.setattr(demos, "starting_kit", broken)
    with pytest.raises(LessonError, match="screen 2 'Game Setup': ValueError"):
        Lesson.for_game(GAME).check_all(shown_text)


def test_a_demo_that_shows_its_answer_fails_the_check(monkeypatch):
    monkeypatch.setattr(demos, "plunder_log", lambda: ["Player 1 plunders half of player 2's hoard: 1625."])
    with pytest.raises(LessonError, match="shows the answer"):
        Lesson.for_game(GAME).check_all(shown_text)


def test_no_quote_gives_its_questions_answer_away(lesson):
    for screen in lesson.class_screens:
        if screen.question and screen.quote:
            value = Fraction(lesson.answer(screen))
            assert not any(form in screen.quote for form in (f"{value.numerator:,}", str(value))
                           if value >= 100 or value.denominator != 1), screen.name


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
    """Issue 21 item 4: each class screen's why names no rule the engine does not apply: its heading, the rules
    it needs and every heading its words name are cited by the engine code."""
    from pirates_lab.pillage_and_plunder import components as C

    data = C.load()
    card_names = set(data.counts) | set(data.categories)
    headings, cited = set(rulebook(GAME).headings), engine_citations()
    stands_on = {s.title: rules_a_screen_stands_on(s, headings, card_names) for s in lesson.class_screens}
    assert stands_on["Card Frequency"] == {"Card Frequency"}
    assert {"Stage 2: Fight or Flee", "Stage 3: The Cannon Battle", "Stage 4: The Mêlée"} <= stands_on[
        "The stages of a sea battle, one at a time"]
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


def calculator_answers(title: str, demo) -> list[Fraction]:
    """The exact chances a calculator computes now (each why tree's root must be one of them)."""
    if title == "Card Frequency":
        return [demo.value]
    if title == "The battle calculator":
        return [dict(demo.stage_rows())["the attacker wins the battle"]]
    values = demo.values()
    return [values["escape"], values["defender sinks"], values["melee"]]


@pytest.mark.parametrize("title", ["Card Frequency", "The stages of a sea battle, one at a time",
                                   "The battle calculator"])
def test_every_calculator_shows_a_why_tree_under_its_probability(lesson, title):
    """The why trees under the calculators' probabilities (signals/why.md) cite only rules the engine applies,
    keep the tree's promises (branches add up exactly, rules as printed), each root is the calculator's own
    answer (one tree an answer, in order) and their rules link to the lesson's own screens."""
    demo = lesson.demo(lesson.find(title))
    shown = list(why_trees(demo))
    answers, cited = calculator_answers(title, demo), engine_citations()
    assert [view.tree.p for view in shown] == answers
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


def _engine_numbers() -> dict[str, list]:
    """screen title -> the numbers its student texts may state, each recomputed by the engine or the data file."""
    from pirates_lab.pillage_and_plunder import components as C
    from pirates_lab.pillage_and_plunder import examples as E

    data = C.load()
    schooner, sloop = data.hulls["Schooner"], data.hulls["Sloop"]
    battle = demos.battle_card_counts()
    nest_before, nest_after = L.speed_before_and_after_the_shot()
    crew = sum(data.categories["Crew Member"].values())
    return {
        "Pillage & Plunder in one screen": [data.game["draw_to"], data.game["plays_per_turn"], data.game["starting_money"],
                                            data.starting_kit["Cannon"], data.starting_kit["Cutlass Crewman"]],
        "Game Setup": [2, data.full_deck().size, data.deck_after_setup(4).size, 4, 5, 4 * 5, 1, 20,
                       S.cards_left_after_setup(), data.game["starting_money"]],
        "Ship Hull": [len(data.hulls), schooner.strength, 2, S.hits_left_on_damaged_schooner()],
        "Stage 2: The draw and play stage": [data.game["draw_to"], data.game["hand_size"], S.cards_to_draw(), 2, 1],
        "Card Frequency": [4, data.game["draw_to"]],
        "Sell Cargo": [10, 50, 400, 8, 5, 4, 3, 2, 1, 15, 36],
        "Play a game against two computer pirates": [1],
        "Sea Battle Basics": [battle["Attack"], battle["Merchant Ship"], battle["Navy Ship"], S.battle_cards()],
        "Stage 1: Spotting the Enemy": [1, nest_after],
        "Stage 2: Fight or Flee": [sloop.speed, 1, sloop.speed + 1, 2, S.damaged_sail_sloop_speed()],
        "If the defending ship is faster": [6, 36, 30, "30/36", "5/6"],
        "Stage 3: The Cannon Battle": [L.cannon_dice_with_gunner(), L.cannon_dice_without_gunner(), 6],
        "Stage 4: The Mêlée": [15, 36, 6, "15/36", "5/12", 1],
        "The stages of a sea battle, one at a time": [2],
        "The battle calculator": [2],
        "Player Attacking Player": [L.PLUNDERED_HOARD, L.plundered_coins(), 1, 2],
        "Player Attacking Merchant Ship": ["1,000", "9,000", 9, 4, 3, 2, 1, 10, 36, "5/18"],
        "Navy Ship Attacking Player": [data.navy["crew"], 6],
        "Example 1: Player Vs. Player": [E.example_ships()["you"].dice, E.example_ships()["Stephanie"].dice],
        "Example 2: Player Vs. Merchant Ship": [2],
        "_deck": [crew, nest_before],
    }


NUMBER = re.compile(r"(?<![\w.])\d[\d,]*(?:/\d+)?(?![\w])")
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "eight": 8}


def test_every_number_a_student_reads_is_recomputed_by_the_engine(lesson):
    """The numbers in each class screen's text, label, why and question (quotes are the rulebook's own words),
    against the engine and the data file: a changed rule or data file that makes a sentence false fails here."""
    allowed = _engine_numbers()
    wrong = []
    for screen in lesson.class_screens:
        numbers = {str(n) if isinstance(n, str) else f"{n:,}" for n in allowed[screen.title]}
        numbers |= {str(n) for n in allowed[screen.title] if not isinstance(n, str)}
        texts = [screen.text, screen.label, screen.why, screen.question.prompt if screen.question else ""]
        for text in texts:
            text = re.sub(r"Stage \d|stage \d|strength-\d|pieces of eight", "", text)   # headings, card names, coins
            for found in NUMBER.findall(text):
                if found.rstrip(",") not in numbers:
                    wrong.append(f"{screen.title}: {found}")
            for word, value in WORDS.items():
                if re.search(rf"\b{word}\b", text, re.I) and f"{value:,}" not in numbers and word != "one":
                    wrong.append(f"{screen.title}: '{word}'")
    assert wrong == [], "\n".join(wrong)


def test_the_number_check_can_fail(lesson, monkeypatch):
    """A why that says 'an extra cannon' worth of dice (3) is caught."""
    screen = lesson.find("Stage 3: The Cannon Battle")
    allowed = _engine_numbers()[screen.title]
    assert 3 not in allowed and "3" not in {str(n) for n in allowed}


def test_the_master_gunner_fires_every_cannon_as_printed_and_as_the_engine_plays(lesson):
    """Lesson fix 1: 'the master gunner has the ability to fire all of the cannons on the cannon deck without the
    assistance of other crewmen' (not 'an extra cannon')."""
    screen = lesson.find("Stage 3: The Cannon Battle")
    assert "fire all of the cannons on the cannon deck" in screen.quote
    assert "fires all of the cannons" in screen.why and "extra cannon" not in screen.why
    assert usable_cannons(4, 1, True) == 4 and usable_cannons(6, 0, True) == 6 and usable_cannons(4, 2) == 2
    assert L.gunner_position(True).battle_ship(0).master_gunner
    assert (L.cannon_dice_without_gunner(), L.cannon_dice_with_gunner()) == (2, 4)


def test_the_losing_player_chooses_his_crewman_as_printed(lesson):
    """Lesson fix 2: no 'cutlass crewmen first' rule under the printed 'He must select one crew member card';
    the only ordering left is the destroyed-hull assumption."""
    melee_screen = lesson.find("Stage 4: The Mêlée")
    assert "He must select one crew member card" in melee_screen.quote
    for screen in lesson.screens:
        for text in (*screen.student_texts(), *screen.teacher):
            if "cutlass crewmen first" in text.lower() or "gives up cutlass" in text.lower():
                assert "no 'cutlass crewmen first' rule" in text or "lose a cutlass crewman first" in text, (
                    screen.name, text)
    from pirates_lab.widgets.pillage_and_plunder import ASSUMPTIONS

    assert not any("gives up cutlass crewmen first" in a for a in ASSUMPTIONS)
    assert any("destroyed hull leaves more crewmen" in a for a in ASSUMPTIONS)


def test_the_doctor_is_a_choice_and_players_are_numbered_from_1(lesson):
    """Lesson fixes 3 and 4."""
    notes = " ".join(lesson.find("Stage 4: The Mêlée").teacher)
    assert "A Doctor may save one crewman, once a battle" in notes
    for screen in lesson.screens:
        for text in screen.student_texts():
            assert not re.search(r"\b[Pp]layer 0\b", text), screen.name
    shown = "\n".join(demos.plunder_log() + demos.turn_log())
    assert "Player 1" in shown and not re.search(r"\b[Pp]layer 0\b", shown)


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


def test_the_dice_grid_shades_exactly_the_doubles():
    squares = [op for op in demos.dice_grid_ops() if op.kind == "rect" and op.args[2] < 100]
    assert len(squares) == 36
    assert sum(op.fill == "#d4a017" for op in squares) == 6          # 11, 22, … 66


def test_the_plunder_position_is_played_by_the_engine():
    log = demos.plunder_log()
    assert log[1] == "Player 1 attacks player 2." and "the attacker wins" in log[-1]
    state, start, before = L.plunder_position()
    assert state.players[0]["hoard"] - before == state.players[1]["hoard"] == L.PLUNDERED_HOARD // 2
    assert any("plunders half" in line for line in state.log[start:])


def test_the_two_on_two_melee_matches_the_round_by_round_count():
    assert melee(2, 2).probability(lambda r: r.winner == "attacker") == two_on_two() == L.melee_two_on_two()


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
