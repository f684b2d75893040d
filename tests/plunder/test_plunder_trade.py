"""Trade, Buying and Selling (issue 36): each test is a Given/When/Then that failed on the engine before its fix.

Rules: Plunder › Trade
"""
from pirates_lab.plunder.actions import BuyShip, StartTrade

from plunder_helpers import at_step, enough_silver, fresh, hand, lay, play, ship


def _in_port(port, p_ship, cargo, cards=(), silver=5):
    """The First Captain in ``port`` at (1, 0) sailing ``p_ship`` with ``cargo`` ({good: tokens}) as Traded Cargo,
    holding ``cards``, at the Action step."""
    state = fresh()
    p = state.first
    lay(state, (1, 0), port)
    state.captains[p]["at"] = (1, 0)
    ship(state, p, p_ship)
    hand(state, p, list(cards))
    enough_silver(state, p, silver)
    for good, n in cargo.items():
        state._goods_to(p, "cargo", good, n)
    return at_step(state, p, "action", "give"), p


# ---------------------------------------------------------------- Buying
def test_a_ship_bought_keeps_the_goods_its_own_hold_takes():
    """Rules: Plunder › Buying

    Given a captain in Havana sailing a Spanish Galleon (hold 5) with 5 Sugar of Traded Cargo and an English
    Brigantine (hold 3, value 14) in hand, When they buy the Brigantine (the Galleon, value 22, is sold at once),
    Then they keep 3 Sugar — only the 2 tokens over the NEW hold go back to the Quartermaster, and the log says so
    (the old engine cut the hold to the Pinnace's 2 before placing the new ship: 3 tokens lost)."""
    state, p = _in_port("Havana", "Spanish Galleon", {"Sugar": 5}, ["English Brigantine"])
    supply = state.goods["Sugar"]
    state = play(state, StartTrade(), BuyShip("English Brigantine"))
    cap = state.captains[p]
    assert cap["ship"] == "English Brigantine" and cap["cargo"] == {"Sugar": 3}
    assert state.goods["Sugar"] == supply + 2
    assert cap["silver"] == 5 + 22 - 14
    assert "2 Sugar go back to the Quartermaster" in "\n".join(state.log.recent(3))
    state.validate()


def test_a_ship_bought_with_a_bigger_hold_loses_no_goods():
    """Rules: Plunder › Buying

    Given a captain sailing an English Brigantine (hold 3) with 3 Tobacco and a Spanish Galleon (hold 5) in hand,
    When they buy the Galleon, Then all 3 Tobacco stay aboard (the Pinnace's hold of 2 never counts)."""
    state, p = _in_port("Havana", "English Brigantine", {"Tobacco": 3}, ["Spanish Galleon"], silver=10)
    state = play(state, StartTrade(), BuyShip("Spanish Galleon"))
    assert state.captains[p]["cargo"] == {"Tobacco": 3} and state.captains[p]["ship"] == "Spanish Galleon"
    assert "Quartermaster" not in "\n".join(state.log.recent(3))
