"""Rules: Pillage & Plunder › Actions Performed During Your Turn (Buy Ship Add-On, Hire Crew Member, Sell Cargo…),
one Given/When/Then test per rule.

Each test failed on the engine before its fix, or fails when the rule it holds is broken by hand (checked once).
"""
from __future__ import annotations

import pytest

from pirates_lab.core.testing import refused
from pirates_lab.pillage_and_plunder.actions import a
from pirates_lab.pillage_and_plunder.game import Act, Play, SellCargo
from pirates_lab.pillage_and_plunder.headings import RULE_BUY_SHIP_ADD_ON
from pirates_lab.pillage_and_plunder.scenarios import at_step, equip, give, scenario, ship

from pillage_steps import to_play


# ------------------------------------------------------------------ the log reads as English
@pytest.mark.parametrize("card, said", [("Extra Sail", "Player 1 buys an Extra Sail for"),
                                        ("Iron Hull Plating", "Player 1 buys an Iron Hull Plating for"),
                                        ("Crow's Nest", "Player 1 buys a Crow's Nest for")])
def test_buy_ship_add_on_the_log_says_a_or_an_by_the_sound_of_the_card(card, said):
    """Rules: Pillage & Plunder › Buy Ship Add-On

    Given a player with an add-on card in hand, When he buys it, Then the log says "an Extra Sail", "an Iron Hull
    Plating" and "a Crow's Nest" (never "a Extra Sail"); a second one is refused in the same English.
    """
    s = to_play(scenario(2))
    give(s, 0, card, card)
    s = s.apply(Play(card))
    assert s.log[-1].startswith(said) and card in ship(s, 0)["hulls"][-1]["addons"]
    error = refused(s, Play(card), RULE_BUY_SHIP_ADD_ON)
    assert f"Your ship already has {said.split('buys ')[1].removesuffix(' for')}:" in str(error)


def test_the_engine_writes_a_or_an_by_the_sound_of_every_card_name():
    """Every card the engine names with an article: "an" before a vowel sound, "a" before a consonant sound."""
    assert [a(name) for name in ("Extra Sail", "Extra Cargo Hold", "Iron Hull Plating", "Attack", "Sloop",
                                 "Man O' War", "Cutlass Crewman", "Unicorn", "Hour")] == [
        "an Extra Sail", "an Extra Cargo Hold", "an Iron Hull Plating", "an Attack", "a Sloop", "a Man O' War",
        "a Cutlass Crewman", "a Unicorn", "an Hour"]
    assert a("Extra Sail", capital=True) == "An Extra Sail"


# ------------------------------------------------------------------ Sell Cargo
def test_sell_cargo_the_sold_card_goes_under_the_top_card_of_the_discard_pile():
    """Rules: Pillage & Plunder › Sell Cargo ("If you choose to sell, place the Cargo card under the top card of the
    discard pile (so that the previous player's discard remains on top), take the appropriate amount of money from
    the bank and add it to your hoard")

    Given a player in his pre-draw stage with Rum in his hold and the previous player's Attack on the discard pile,
    When the dice price the Rum and he sells it, Then the Rum lies just under the Attack, which stays on top, and the
    price is added to his hoard.
    """
    s = scenario(2)
    equip(s, 0, cargo=("Rum 20 Units",))
    s._draw_card("Attack")
    s.discard.append("Attack")
    s.validate()
    s = s.apply(SellCargo(0, "Rum 20 Units"))
    price = max(s.chance_outcomes().outcomes())
    s = s.apply(price).apply(Act.SELL_IT)
    assert s.discard[-2:] == ["Rum 20 Units", "Attack"]
    assert s.players[0]["hoard"] == 3250 + price and ship(s, 0)["cargo"] == []
    s.validate()
