"""``pirates-lab odds plunder-…``: answers as percentages with exact fractions; bad input refused.

Rules: Plunder › Combat
"""
import pytest

from pirates_lab.cli import main
from pirates_lab.core import InvalidInput
from pirates_lab.plunder.commands import attack_odds, parse_hand, start_unseen


def run(capsys, *argv):
    code = main(["odds", *argv])
    return code, capsys.readouterr()


def test_storm_lines(capsys):
    code, out = run(capsys, "plunder-storm", "40", "--draws", "2")
    assert code == 0 and "P(Storm within 2 draws of 40) = 5.00% (1/20)" in out.out


def test_attack_prints_each_step_and_the_expected_silver(capsys):
    code, out = run(capsys, "plunder-attack", "Pinnace", "Spanish Galleon", "--hand", "Bottle of Rum,Havana")
    assert code == 0 and "win the whole combat" in out.out and "Should I attack? expected silver" in out.out


def test_fight_marque_and_loot_answer(capsys):
    assert run(capsys, "plunder-fight", "English Brigantine", "Spanish Sloop", "--hand", "Havana")[0] == 0
    code, out = run(capsys, "plunder-marque", "Bottle of Rum", "--contesters", "3")
    assert code == 0 and "= 100% (certain)" in out.out                 # a 6 is never beaten
    code, out = run(capsys, "plunder-loot", "--cargo", "1")
    assert code == 0 and "2 Sugar" not in out.out


def test_bad_names_are_refused(capsys):
    code, out = run(capsys, "plunder-attack", "Pinnace", "Kraken")
    assert code != 0 and "Kraken" in out.err
    with pytest.raises(InvalidInput, match="No card"):
        parse_hand("Havana, Gold")
    with pytest.raises(InvalidInput, match="not that many"):
        start_unseen(["Storm", "Storm"])


FIGHTS = [("Pinnace", "Treasure Fleet", "Open Sea,Coastland", 2), ("Spanish Galleon", "Havana", "Havana,Cartagena", 2),
          ("English Galleon", "Nassau", "Havana", 3), ("Pinnace", "Spanish Sloop", "Open Sea,Coastland", 1),
          ("English Brigantine", "Natives", "Havana", 2), ("Spanish Galleon", "Pirates", "Havana", 1)]


@pytest.mark.parametrize("ship,enemy,cards,draws", FIGHTS)
def test_should_i_attack_prices_plunder_at_tortuga_halves_each_sale_and_costs_nothing_when_sunk(
        capsys, ship, enemy, cards, draws):
    """Rules: Plunder › Selling

    Given a fight, When ``plunder-attack`` answers "Should I attack?", Then it gives the lesson's combat calculator's
    exact value: the loot priced at Tortuga (the attacked nation's Ports are closed to you after), each sale halved
    rounded down and then averaged, and no silver lost when sunk (the old command priced loot at the attacked
    nation's Sell prices, truncated the expected sale before halving and took 8 silver for sinking)."""
    from widgets.plunder_calculators import chain_report

    expected = chain_report(ship, enemy, cards.split(","), draws=draws)["value"]
    code, out = run(capsys, "plunder-attack", ship, enemy, "--hand", cards, "--draws", str(draws))
    assert code == 0 and f"expected silver {float(expected):+.2f} (exactly {expected})" in out.out
    odds, sale, value = attack_odds(ship, enemy, cards.split(","), draws=draws)
    assert value == expected and sum(p for _, p in sale.items()) == 1


def test_should_i_attack_is_never_negative_a_sinking_costs_no_silver(capsys):
    """Rules: Plunder › If You Lose Your Ship

    Given a Pinnace (cannon 1) with no cards against Havana (cannon 4), a certain loss, When "Should I attack?" is
    asked, Then the answer is 0 silver, not minus what a sinking was said to cost."""
    code, out = run(capsys, "plunder-attack", "Pinnace", "Havana")
    assert code == 0 and "expected silver +0.00 (exactly 0)" in out.out
    with pytest.raises(SystemExit):           # no option to count silver lost when sunk
        main(["odds", "plunder-attack", "Pinnace", "Havana", "--risk", "8"])
