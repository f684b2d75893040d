"""Trade, Buying and Selling (issue 36): each test is a Given/When/Then that failed on the engine before its fix.

Rules: Plunder › Trade
"""
import pytest

from pirates_lab.core.testing import refused
from pirates_lab.plunder.actions import Buy, BuyShip, DoneTrading, Sell, StartTrade
from pirates_lab.plunder.headings import RULE_SELLING, RULE_TRADE

from plunder_helpers import at_step, enough_silver, fresh, from_deck, hand, lay, play, ship


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


# ---------------------------------------------------------------- Selling
def _plunder_in_port_royal(cargo):
    """A captain with the English Letter of Marque in Port Royal (sells Tobacco at 5), sailing the Pinnace (hold 2)
    with a Captured Spanish Galleon (hold 5, value 22) and ``cargo`` as Traded Cargo, at the Action step."""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Port Royal")
    cap = state.captains[p]
    cap["at"], cap["marque"] = (1, 0), "England"
    from_deck(state, "Spanish Galleon")
    cap["captured"] = "Spanish Galleon"
    hand(state, p, [])
    enough_silver(state, p, 5)
    for good, n in cargo.items():
        state._goods_to(p, "cargo", good, n)
    return at_step(state, p, "action", "give"), p


def test_the_captain_sells_traded_cargo_before_the_captured_ship_is_sold():
    """Rules: Plunder › Selling

    Given a captain in Port Royal (a Port of their Letter) with a Captured Spanish Galleon and 5 Tobacco of Traded
    Cargo, 3 more than the Pinnace holds, When they trade, Then the Captured Ship waits ("you MUST sell it before
    setting off again"): they may sell the Tobacco first, and selling it sells the plunder too — 25 silver kept whole
    and half of 22 (the old engine sold the Galleon at once and sent 3 Tobacco, 15 silver here, back unsold)."""
    state, p = _plunder_in_port_royal({"Tobacco": 5})
    state = state.apply(StartTrade())
    assert state.captains[p]["captured"] == "Spanish Galleon" and state.captains[p]["cargo"] == {"Tobacco": 5}
    assert set(state.legal_actions()) == {Sell("Tobacco", 1), Sell("Tobacco", 5), DoneTrading()}
    refused(state, Buy("Rum", 1), RULE_SELLING)
    state = state.apply(Sell("Tobacco", 5))
    cap = state.captains[p]
    assert cap["captured"] is None and cap["cargo"] == {} and cap["silver"] == 5 + 25 + 11
    assert Buy("Rum", 1) in state.legal_actions()          # the plunder sold, the market is open
    state.validate()


def test_the_plunder_is_sold_as_soon_as_the_traded_cargo_fits_your_own_hold():
    """Rules: Plunder › Selling

    Given the same captain, When they sell 3 of the 5 Tobacco, Then the 2 left fit the Pinnace and the Captured
    Ship is sold at once; the 2 Tobacco stay aboard."""
    state, p = _plunder_in_port_royal({"Tobacco": 5})
    state = play(state, StartTrade(), Sell("Tobacco", 1), Sell("Tobacco", 1))
    assert state.captains[p]["captured"] == "Spanish Galleon"
    state = state.apply(Sell("Tobacco", 1))
    cap = state.captains[p]
    assert cap["captured"] is None and cap["cargo"] == {"Tobacco": 2} and cap["silver"] == 5 + 15 + 11


def test_finishing_the_trade_sells_the_plunder_and_only_what_does_not_fit_goes_back():
    """Rules: Plunder › Selling

    Given the same captain, When they finish trading without selling, Then the Captured Ship is sold (they keep
    half of 22) and the 3 Tobacco over the Pinnace's hold go back to the Quartermaster, said in the log."""
    state, p = _plunder_in_port_royal({"Tobacco": 5})
    state = play(state, StartTrade(), DoneTrading())
    cap = state.captains[p]
    assert cap["captured"] is None and cap["cargo"] == {"Tobacco": 2} and cap["silver"] == 5 + 11
    assert "3 Tobacco go back to the Quartermaster" in "\n".join(state.log.recent(4))


def test_plunder_is_sold_at_once_when_the_traded_cargo_fits_your_own_hold():
    """Rules: Plunder › Selling

    Given a captain with the Captured Galleon and 1 Tobacco (the Pinnace holds it), When they trade, Then the
    plunder is sold at once and the whole market is open."""
    state, p = _plunder_in_port_royal({"Tobacco": 1})
    state = state.apply(StartTrade())
    cap = state.captains[p]
    assert cap["captured"] is None and cap["cargo"] == {"Tobacco": 1} and cap["silver"] == 5 + 11
    assert Buy("Rum", 1) in state.legal_actions()


# ---------------------------------------------------------------- Trade: what a move may say
@pytest.mark.parametrize("action", [Buy("Sugar", True), Sell("Rum", True), Buy("Sugar", False)])
def test_a_count_of_true_or_false_is_refused_not_read_as_one(action):
    """Rules: Plunder › Trade

    Given a captain trading in Havana with silver and 1 Rum, When they ask to buy or sell True (or False)
    tokens, Then the move is refused with a typed error under Trade and nothing changes (True == 1, so the old
    engine matched the listed "buy 1 Sugar" and logged "buys True Sugar")."""
    state, p = _in_port("Havana", "Pinnace", {"Rum": 1}, silver=10)
    state = state.apply(StartTrade())
    assert {Buy("Sugar", 1), Sell("Rum", 1)} <= set(state.legal_actions())
    error = refused(state, action, RULE_TRADE)
    assert "whole number" in error.reason and str(action.amount) in error.reason
