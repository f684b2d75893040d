"""Rules: Pillage & Plunder › Game Equipment (Game Cards) and Card Frequency: the 298 cards of the box, one Given/When/Then test per rule.

Folded from the files named after audit and mutation rounds (issue 36 item 3): each test's
docstring cites the heading it holds.
"""

from __future__ import annotations

from pirates_lab.pillage_and_plunder.game import Act, Play
from pirates_lab.pillage_and_plunder.scenarios import give, scenario

from pillage_steps import run, to_play


# ------------------------------------------------------------------ set-up steps of the folded tests
MERCHANT = "French Merchant (Strength 2)"


def test_a_merchant_at_sea_between_battles_is_counted_on_the_table():
    """Every card stays somewhere (validate counts the 298): a merchant that sails on lies on the table, with its
    cargo, between one player's battle and the next.

    Given a merchant loaded with Gems that player 1 calls off, When it sails on to player 2, Then the position is
    valid and the merchant and its Gems are neither in the deck nor in the discard pile.
    """
    s = to_play(scenario(2))
    give(s, 0, MERCHANT, "Gems 10 Units")
    s = run(s, Play(MERCHANT, extra=("Gems 10 Units",)), Act.CALL_OFF)
    assert s.phase == "merchant_pass" and s.current_player() == 1
    s.validate()
    assert sorted(s.table_cards()) == ["French Merchant (Strength 2)", "Gems 10 Units"]
    assert s.observation(1)["merchant"]["cargo"] == ["Gems 10 Units"]
