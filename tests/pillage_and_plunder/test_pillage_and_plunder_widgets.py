"""Pillage & Plunder widgets without a browser: pure drawing, live calculators, the walkthrough."""
from fractions import Fraction

import pytest

from pirates_lab.core import rulebook
from pirates_lab.pillage_and_plunder import Ship, battle, hand_probability
from pirates_lab.pillage_and_plunder.game import new_game
from pirates_lab.widgets import rasterize
from pirates_lab.widgets.pillage_and_plunder import (ASSUMPTIONS, BattleCalculator, CallOffTable, DeckOddsCalculator,
                                                     battle_ops, board_ops, ship_ops, step_specs, walkthrough)


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


def test_walkthrough_has_every_heading_in_order_and_every_answer_checks():
    stepper = walkthrough()
    assert [s.title for s in stepper.steps] == rulebook("pillage_and_plunder").headings
    specs = step_specs()
    for index, (heading, occurrence, body, prompt, answer) in enumerate(specs):
        stepper.go(index)
        expected = Fraction(answer())
        assert stepper.check(str(expected)) is True, heading
        assert stepper.check(str(expected + 1)) is False
        assert stepper.body(index) is not None
    shown = {a for step in stepper.steps for a in step.assumptions}
    assert shown == set(ASSUMPTIONS)                      # every assumption appears where it matters
    by_title = {s.title: s.assumptions for s in stepper.steps}
    assert any("Cartographer" in a for a in by_title["Treasure Hunt"])


def test_stage_rows_agree_with_the_whole_battle_even_with_a_crows_nest():
    from pirates_lab.pillage_and_plunder import battle
    from pirates_lab.widgets.pillage_and_plunder import BattleCalculator

    calculator = BattleCalculator()
    calculator.attacker_box.addons["Crow's Nest"].value = True
    attacker, defender = calculator.ships()
    result = battle(attacker, defender, calculator.kind, defender_flees=calculator.flees.value)
    sunk = result.probability(lambda r: r.outcome in ("defender destroyed", "both destroyed"))
    assert sunk > 0
    assert f"data-exact='{sunk}'" in calculator.stages.value and f">{sunk}</td>" in calculator.stages.value


# ---------------------------------------------------------------- issue 13: every demo builds, every step explains
def test_every_step_demo_builds_without_an_error():
    """Built directly (the Stepper would show an error message instead): a demo that raises fails here."""
    for heading, occurrence, body, _prompt, _answer in step_specs():
        widget = body()
        assert widget is not None, heading
        text = getattr(widget, "value", "")
        assert "⚠" not in str(text) and "Fraction(" not in str(text), heading


def test_hull_layout_demo_upgrades_and_counts_add_ons_from_the_engine():
    from pirates_lab.widgets.pillage_and_plunder import _upgrade_log, _upgraded

    log = "\n".join(_upgrade_log())
    assert "upgrades to a Schooner" in log and "buys a Crow's Nest" in log
    assert _upgraded().addons(0) == [] or tuple(_upgraded().addons(0)) == ()
    assert "[]" not in log                          # no raw Python list on the page


def test_every_step_has_an_explanation_and_introductions_say_so():
    from pirates_lab.widgets.pillage_and_plunder_why import INTRODUCES

    stepper = walkthrough()
    assert all(step.explanation for step in stepper.steps)
    for step in stepper.steps:
        if step.title in INTRODUCES:
            assert step.explanation.startswith("This section only introduces")
