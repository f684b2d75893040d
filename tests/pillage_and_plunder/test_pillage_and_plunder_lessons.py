"""The Pillage & Plunder lesson (data/lessons.toml, built by the kit's Walkthrough): one step per rulebook
section in printed order, every demo builds, no page shows its answer before the question, and every answer
equals an independent computation — hand counts from the rulebook, the raw data file read with tomllib
(not the engine's loader), brute-force dice enumeration, or die-by-die battles rolled by the reference sampler.
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
from pirates_lab.pillage_and_plunder.battle_reference import sample_battle
from pirates_lab.pillage_and_plunder.battles import Ship
from pirates_lab.widgets import pillage_and_plunder_lessons as demos
from pirates_lab.widgets.walkthrough import LessonError, Walkthrough, visible_text

GAME = "pillage_and_plunder"
RAW = tomllib.loads((Path(__file__).resolve().parents[2] / "pirates_lab" / GAME / "data" / "components.toml")
                    .read_text(encoding="utf-8"))
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


def rolled(attacker: Ship, defender: Ship, kind: str, event, n: int = 3000, seed: int = 5) -> tuple[float, float]:
    """(frequency, standard error) of ``event`` over ``n`` battles rolled die by die."""
    rng = random.Random(seed)
    hits = sum(1 for _ in range(n) if event(sample_battle(attacker, defender, kind, rng)))
    p = hits / n
    return p, max((p * (1 - p) / n) ** 0.5, 1 / n)


#: step name -> the answer computed another way
INDEPENDENT = {
    "step 2 'Game Cards'": LEFT,
    "step 3 'Ship Hull'": 6 + 12 + 8 + 6,
    "step 4 'Ship Add-On'": at_least_one(3 + 3 + 3 + 8),
    "step 5 'Cannon'": at_least_one(30 - PLAYERS),
    "step 6 'Crew Member'": 5 * 2,
    "step 7 'Cargo'": 8 * 10 + 4 * 20 + 2 * 40,
    "step 8 'Event'": 2 + 2 + 4 + 4 + 2 + 2 + 2 + 2 + 2,
    "step 9 'Repair Ship'": 4 + 4,
    "step 10 'Treasure Hunt'": at_least_one(15),
    "step 11 'Bury Treasure'": at_least_one(15, 15),
    "step 12 'Merchant Ship'": 4 * (1 + 3 + 1),
    "step 13 'Navy Ship'": 4 * 2,
    "step 14 'Attack'": 15 + 20 + 8,
    "step 15 'Dice'": two_dice(lambda a, b: a == b),
    "step 16 'Coins'": 2 * 1000 + 10 * 100 + 5 * 50,
    "step 17 'Damage Markers'": HULLS["Schooner"]["strength"] - 2,
    "step 19 'Game Setup'": LEFT - PLAYERS * HAND - 1,
    "step 21 'Your Ship'": HULLS["Sloop"]["cannons"] - 1,
    "step 22 'Hull Layout'": 0,                      # Buy Ship: add-ons are not carried over
    "step 23 'Ship Hull' (occurrence 2)": HULLS["Man O' War"]["level"] - HULLS["Sloop"]["level"],
    "step 24 'Ship Add-On' (occurrence 2)": 5 + 1,   # a sloop sails at 5 (Example 2)
    "step 25 'Cannon Deck'": 3,                      # Example 2: a sloop with three cannons
    "step 26 'Crew Quarters'": HULLS["Galleon"]["crew"],
    "step 27 'Cargo Hold'": HULLS["Sloop"]["cargo"],
    "step 30 'Prize Ships'": 2,                      # French and Dutch
    "step 31 'Your Hoard'": 8000 - 3000,
    "step 35 'Stage 1: The pre-draw stage'": Fraction(sum((a + b) * 150 * 20 // 10 for a, b in DICE), 36),
    "step 36 'Stage 2: The draw and play stage'": DRAW_TO - HAND,
    "step 37 'Stage 3: The repair stage'": HULLS["Sloop"]["repair"],
    "step 38 '\"Working\" – An Alternative For Desperate Pirates'": 150 + 200,
    "step 41 'Sell Cargo'": two_dice(lambda a, b: (a + b) * 50 >= 400),
    "step 42 'Retrieve Buried Treasure'": 1000 + 2000,
    "step 44 'Buy Ship Add-On'": HULLS["Schooner"]["cost"] * 50 // 100,
    "step 45 'Buy Ship'": 1 + 1,
    "step 46 'Buy Cannon'": min(4, 2),
    "step 47 'Hire Crew Member'": two_dice(lambda mine, hers: mine + 1 > hers),
    "step 48 'Buy Cargo'": Fraction(sum(face * 150 * 20 // 10 for face in range(1, 7)), 6),
    "step 49 'Play Event Card'": 0,
    "step 50 'Attack Opponent'": at_least_one(15),
    "step 51 'Attack Merchant Ship'": Fraction(sum(range(1, 7)) * 1000, 6),
    "step 52 'Play Navy Ship'": two_dice(lambda a, b: a == b),
    "step 53 'Repair Ship' (occurrence 2)": HULLS["Galleon"]["cost"] // 4,
    "step 54 'Bury Treasure' (occurrence 2)": 3250 - 2000,
    "step 55 'Treasure Hunt' (occurrence 2)": Fraction((1 + 2 + 3 + 4) * 1000, 6),
    "step 59 'Stage 1: Spotting the Enemy'": two_dice(lambda a, b: a == b),   # now the slower ship: doubles
    "step 60 'Stage 2: Fight or Flee'": 5 + 1 - 2,
    "step 61 'If the defending ship is faster'": two_dice(lambda a, b: a != b),
    "step 62 'If the attacking ship is faster'": two_dice(lambda a, b: a == b),
    "step 63 'If both ships are the same speed'": Fraction(15, 30),
    "step 64 'Stage 3: The Cannon Battle'": None,    # brute force below (6**7 rolls)
    "step 65 'Stage 4: The Mêlée'": two_dice(lambda mine, hers: mine > hers),
    "step 68 'Player Attacking Player'": two_dice(lambda a, b: a == b),
    "step 69 'Player Attacking Merchant Ship'": two_dice(lambda a, b: (a + b) * 1000 >= 9000),
    "step 70 'Navy Ship Attacking Player'": min(RAW["navy"]["crew"], 6),
    "step 77 'Attack Merchants Instead Of Players'": Fraction(sum(sum(r) for r in product(range(1, 7), repeat=3))
                                                              * 1000, 6 ** 3),
    "step 79 'Crew Members'": at_least_one(60 - 2 * PLAYERS),
    "step 80 'Rum and Fruit'": 0,
    "step 81 'Baiting The Enemy'": at_least_one(20, 8),
    "step 84 'Asset Liquidation'": 3250 + HULLS["Sloop"]["cost"] + RAW["costs"]["Cannon"]
                                   + 2 * RAW["costs"]["Cutlass Crewman"],
    "step 85 'Stealing Treasure Maps'": 1 - (1 - two_dice(lambda a, b: a == b)) ** 2,
    "step 87 'Fleet Play'": HULLS["Galleon"]["cost"] // 2,
    "step 88 'Card Frequency'": at_least_one(15, 26, hand=DRAW_TO),
}

#: battles whose answer is checked against battles rolled die by die (reference sampler): ships, kind, event
ROLLED = {
    "step 57 'Sea Battle Basics'": (Ship.player("Schooner", cannons=4, crew=4), Ship.merchant(4), "merchant",
                                    lambda r: r.winner == "attacker"),
    "step 72 'Example 1: Player Vs. Player'": (
        Ship.player("Schooner", cannons=4, crew=4, pistols=1, addons=("Extra Sail",)),
        Ship.player("Schooner", cannons=4, crew=3), "player", lambda r: r.winner == "attacker"),
    "step 73 'Example 2: Player Vs. Merchant Ship'": (Ship.player("Sloop", cannons=3, crew=3), Ship.merchant(2),
                                                      "merchant", lambda r: r.winner == "attacker"),
    "step 74 'Example 3: Navy Ship Vs. Player'": (Ship.navy(), Ship.player("Schooner", cannons=3, crew=3), "navy",
                                                  lambda r: r.outcome in ("defender destroyed", "both destroyed")),
    "step 78 'Sloops and Merchant Ships'": (Ship.player("Sloop", cannons=3, crew=3), Ship.merchant(6), "merchant",
                                            lambda r: r.winner == "attacker"),
}


@pytest.fixture(scope="module")
def lesson() -> Walkthrough:
    return Walkthrough.for_game(GAME)


def test_every_heading_has_a_step_in_order(lesson):
    assert lesson.coverage() == []
    assert [s.heading for s in lesson.specs] == rulebook(GAME).headings


def test_every_demo_and_answer_builds(lesson):
    assert lesson.check_all() == []


def test_every_answer_is_checked_here(lesson):
    assert set(lesson.answers()) == set(INDEPENDENT) | set(ROLLED)


def mismatches(answers: dict) -> list[str]:
    wrong = [f"{name}: {answers[name]} != {expected}" for name, expected in INDEPENDENT.items()
             if expected is not None and answers[name] != expected]
    if answers["step 64 'Stage 3: The Cannon Battle'"] != volley_4_v_3_heavy():
        wrong.append("step 64: the volley differs from the brute force")
    return wrong


def test_every_answer_equals_an_independent_computation(lesson):
    assert mismatches(lesson.answers()) == []


@pytest.mark.parametrize("name", sorted(ROLLED))
def test_battle_answers_agree_with_battles_rolled_die_by_die(lesson, name):
    attacker, defender, kind, event = ROLLED[name]
    exact = lesson.answers()[name]
    frequency, error = rolled(attacker, defender, kind, event)
    assert abs(frequency - float(exact)) < 4.5 * error, (name, float(exact), frequency)


def test_a_swapped_answer_function_is_caught(monkeypatch, lesson):
    """An answer function swapped for another engine function fails the independent check."""
    monkeypatch.setattr(demos, "sloop_cannons", demos.galleon_crew)
    monkeypatch.setattr(demos, "faster_defender_escapes", demos.slower_defender_escapes)
    wrong = mismatches(Walkthrough.for_game(GAME).answers())
    assert [w.split(":")[0] for w in wrong] == ["step 25 'Cannon Deck'", "step 61 'If the defending ship is faster'"]


def test_a_changed_answer_changes_the_verdict(monkeypatch):
    stepper = Walkthrough.for_game(GAME).stepper()
    stepper.go(1)                                      # Game Cards
    assert stepper.check("282") is True and stepper.check("7") is False
    monkeypatch.setattr(demos, "deck_after_kits", lambda: 7)
    stepper = Walkthrough.for_game(GAME).stepper()
    stepper.go(1)
    assert stepper.check("7") is True and stepper.check("282") is False


def test_the_checker_accepts_what_a_student_types():
    stepper = Walkthrough.for_game(GAME).stepper()
    stepper.go(rulebook(GAME).headings.index("Stage 4: The Mêlée"))          # 5/12
    assert all(stepper.check(typed) for typed in ("5/12", "5 / 12", "41.67%", "0.4167"))
    stepper.go(rulebook(GAME).headings.index("Game Setup"))                  # 261 cards
    assert stepper.check("261") is True and stepper.check("260") is False


def test_a_demo_that_raises_fails_the_check(monkeypatch):
    def broken():
        raise ValueError("a Schooner costs 3000; your hoard holds 2875")

    monkeypatch.setattr(demos, "hull_layout_log", broken)
    with pytest.raises(LessonError, match="step 22 'Hull Layout': ValueError"):
        Walkthrough.for_game(GAME).check_all()


def test_a_demo_that_shows_its_answer_fails_the_check(monkeypatch):
    monkeypatch.setattr(demos, "setup_log", lambda: ["261 cards left in the draw piles."])
    with pytest.raises(LessonError, match="shows the answer"):
        Walkthrough.for_game(GAME).check_all()


def test_no_rule_text_gives_its_questions_answer_away(lesson):
    """The rule panel sits above the question too: a distinctive answer (3+ digits or a fraction) is not in it."""
    book = rulebook(GAME)
    answers = lesson.answers()
    for spec in lesson.specs:
        if not spec.answer:
            continue
        value = Fraction(answers[spec.name])
        text = " ".join(book.find(spec.heading, spec.occurrence).text.split())
        forms = ([f"{value.numerator}", f"{value.numerator:,}"] if value.denominator == 1 and value >= 100 else
                 [f"{value.numerator}/{value.denominator}"] if value.denominator != 1 else [])
        for form in forms:
            assert not re.search(r"(?<![\d,./])" + re.escape(form) + r"(?![\d/]|[.,]\d)", text), (spec.name, form)


def test_demos_show_no_python_reprs_or_long_numbers(lesson):
    for spec in lesson.specs:
        if spec.demo:
            text = visible_text(lesson.demo(spec))
            text = re.sub(r"\d+ digits .*?(?=\s{2}|$)", "", text)     # folded exact fractions (opened on demand)
            for raw in ("Fraction(", "{'", "[(", "<pirates_lab.", "None"):
                assert raw not in text, (spec.name, raw)


def test_intro_steps_say_so_in_one_line_and_others_explain(lesson):
    intros = [s.heading for s in lesson.specs if s.intro_only]
    assert intros[:3] == ["Game Equipment", "Player's Guide", "Chapter II: Your Ship and Other Resources"]
    for spec in lesson.specs:
        assert spec.why
        if spec.intro_only:
            assert spec.why.startswith("This section only introduces") and "\n" not in spec.why
        else:
            assert spec.demo


def test_the_first_page_does_not_answer_its_question():
    """Issue 13: 'cards in the deck: 298' sat right above 'How many cards are in the deck?'."""
    stepper = Walkthrough.for_game(GAME).stepper()
    shown = visible_text(stepper.content)
    assert stepper.step.question is None or "298" not in shown
    stepper.go(1)
    assert "282" not in visible_text(stepper.content)


def test_hull_layout_upgrade_is_played_by_the_engine():
    log = "\n".join(demos.hull_layout_log())
    assert "upgrades to a Schooner" in log and "buys a Crow's Nest" in log and "⚠" not in log
    assert demos.addons_after_upgrade() == 0


def test_the_dice_grid_shades_exactly_the_doubles():
    squares = [op for op in demos.dice_grid_ops() if op.kind == "rect" and op.args[2] < 100]
    assert len(squares) == 36
    assert sum(op.fill == "#d4a017" for op in squares) == 6          # 11, 22, … 66


def test_the_coins_picture_is_the_printed_starting_hoard():
    coins = [op for op in demos.coins_ops() if op.kind == "circle"]
    fills = [op.fill for op in coins]
    assert (fills.count("#d4a017"), fills.count("#c0c0c0"), fills.count("#b87333")) == (2, 10, 5)   # Game Setup


def test_hull_card_labels_fit_inside_their_cards():
    """Canvas text is clipped at the card's edge: 'strength / damage' after nine markers must still fit."""
    ops = demos.hull_cards().ops["board"]
    cards = [op for op in ops if op.kind == "rect" and op.args[2] > 300]
    labels = [op for op in ops if op.kind == "text" and op.args[0] == "strength / damage"]
    assert len(labels) == 4
    for label in labels:
        card = max((c for c in cards if c.args[0] <= label.args[1] and c.args[1] <= label.args[2]),
                   key=lambda c: (c.args[0], c.args[1]))
        assert label.args[1] + 7 * len(label.args[0]) <= card.args[0] + card.args[2]
