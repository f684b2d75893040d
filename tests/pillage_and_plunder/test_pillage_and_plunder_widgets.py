"""Pillage & Plunder widgets without a browser: pure drawing, live calculators, the walkthrough."""
from fractions import Fraction

import pytest

from pirates_lab.core import rulebook
from pirates_lab.pillage_and_plunder import Ship, battle, hand_probability
from pirates_lab.pillage_and_plunder.game import new_game
from pirates_lab.widgets import rasterize
from pirates_lab.widgets.numbers import percent_text
from pirates_lab.widgets.pillage_and_plunder import (BattleCalculator, CallOffTable, DeckOddsCalculator, battle_ops,
                                                     board_ops, ship_ops, walkthrough)


def test_ship_ops_show_damage_as_red_markers():
    ship = Ship.player("Schooner", cannons=4, crew=3, damage=2)
    ops = ship_ops(ship, 0, 0, 260, 170)
    circles = [op for op in ops if op.kind == "circle" and op.args[1] == 58]
    assert len(circles) == 5 and [op.fill for op in circles].count("#b22222") == 2
    image = rasterize(ops, 260, 170)
    assert image.getpixel((16, 58))[:3] == (0xb2, 0x22, 0x22)       # first marker is damage
    assert image.getpixel((16 + 18 * 4, 58))[:3] == (255, 255, 255)  # the last is not


def test_battle_and_board_ops_are_pure():
    a, d = Ship.player("Sloop"), Ship.merchant(4)
    assert battle_ops(a, d) == battle_ops(a, d)
    state = new_game(3)
    ops = board_ops(state)
    texts = [op.args[0] for op in ops if op.kind == "text"]
    assert "Player 2: Sloop" in texts and "hoard 3250" in texts


def test_battle_calculator_updates_live_and_refuses_bad_setups():
    calc = BattleCalculator()
    first = calc.result
    assert first == battle(calc.attacker_box.ship, calc.defender_box.ship, "player")
    calc.defender_box.crew.value = 1
    assert calc.result != first and sum(p for _, p in calc.result.items()) == 1
    summary = calc.summary_view.dist
    assert summary["defender escapes"] == calc.result.probability(lambda r: r.outcome == "escaped")
    assert calc.detail_view.dist == calc.result
    assert calc.canvas.ops["ships"] == battle_ops(calc.attacker_box.ship, calc.defender_box.ship)
    good = calc.result
    calc.attacker_box.kind.value = "merchant"          # a merchant never attacks
    assert "pl-error" in calc.message.value and calc.result == good
    calc.attacker_box.kind.value = "player"
    calc.defender_box.kind.value = "merchant"
    assert calc.kind == "merchant" and calc.message.value == ""
    calc.defender_box.pistols.value = 0
    calc.attacker_box.crew.value = 1
    calc.attacker_box.pistols.value = 3                # more pistols than crew
    assert "pl-error" in calc.message.value
    calc.message.value = calc.mc_result.value = ""
    calc.mc_button.click()                             # the Monte Carlo button says why it cannot roll
    assert "pistol" in calc.message.value and calc.mc_result.value == ""


def test_monte_carlo_agrees_with_exact():
    calc = BattleCalculator(seed=3)
    report = calc.monte_carlo(1500)
    assert calc.progress.value == 1500
    assert sum(p for p, _, _ in report.values()) == 1
    assert all(abs(z) < 4 for _, _, z in report.values())


def test_deck_odds_calculator():
    calc = DeckOddsCalculator()
    assert calc.value == hand_probability({"Attack": 1})
    calc.hand.value = 8
    calc.second.value = "Cannon"
    assert calc.value == hand_probability({"Attack": 1, "Cannon": 1}, hand_size=8)
    assert "deck of 282 cards" in calc.result.value
    calc.players.value = 6
    assert "deck of 274 cards" in calc.result.value
    calc.second.value = "Attack"
    assert "pl-error" in calc.result.value


def test_call_off_table():
    table = CallOffTable(3, 3)
    table.prize.value = 0
    assert all(c == "call off" for row in table.policy.table() for c in row)
    table.prize.value = 10000
    table.crew_value.value = 0
    assert all(c == "fight" for row in table.policy.table() for c in row)


def test_walkthrough_is_the_lesson_file_one_step_per_heading():
    stepper = walkthrough()
    assert [s.title for s in stepper.steps] == rulebook("pillage_and_plunder").headings
    assert "pl-walkthrough" in stepper._dom_classes


def test_stage_rows_agree_with_the_whole_battle_even_with_a_crows_nest():
    from pirates_lab.pillage_and_plunder import battle
    from pirates_lab.widgets.pillage_and_plunder import BattleCalculator

    calculator = BattleCalculator()
    calculator.attacker_box.addons["Crow's Nest"].value = True
    attacker, defender = calculator.ships()
    result = battle(attacker, defender, calculator.kind, defender_flees=calculator.flees.value)
    sunk = result.probability(lambda r: r.outcome in ("defender destroyed", "both destroyed"))
    assert sunk > 0
    assert f"data-exact='{sunk}'" in calculator.stages.value
    assert percent_text(sunk) in calculator.stages.value


def test_stage_table_shows_percent_first_and_long_fractions_only_on_demand():
    """Projector: no 16+ digit number as visible text; the full exact value stays in data-exact."""
    import re

    calculator = BattleCalculator()
    html_text = calculator.stages.value
    wins = calculator.result.probability(lambda r: r.winner == "attacker")
    assert len(str(wins)) > 16                       # a long fraction: the case that broke the projector
    assert f"data-exact='{wins}'" in html_text
    folded = re.sub(r"<details.*?</details>", "", html_text)       # what shows before "show exact" is opened
    visible = re.sub(r"<[^>]+>", " ", re.sub(r"(data-exact|title)='[^']*'", "", folded))
    assert not re.search(r"\d{13,}", visible)
    assert "25.01%" in visible and "show exact" in html_text
    assert "50.00% (1/2)" in visible                 # a short fraction stays beside its percentage


def test_deck_odds_show_percent_first():
    calc = DeckOddsCalculator()
    assert f"data-exact='{calc.value}'" in calc.result.value
    assert calc.result.value.index("%") < calc.result.value.index("deck of")
