"""The rules of Trade: Buying and Selling goods and ships, and the plunder split with the crew.

Rules: Plunder › Trade
"""
import pytest

from pirates_lab.core import IllegalMove
from pirates_lab.core.testing import refused
from pirates_lab.plunder.actions import (AbandonCaptured, Buy, BuyShip, DismissMate, DoneTrading, Sell, SellShip,
                                         StartTrade)
from pirates_lab.plunder.components import load_components
from pirates_lab.plunder.headings import RULE_BUYING, RULE_SELLING, RULE_TRADE

from plunder_helpers import (_action, _broken, _in_port, _in_tortuga_with_plunder, _plunder_in_port_royal,
                             _sailing_a_prize, _trade, at_step, enough_silver, fresh, from_deck, hand, lay, play,
                             ship)


def test_a_bought_ship_is_not_sold_in_tortuga():
    """Rules: Plunder › Trade ("You may buy and sell Goods and Ships while you are in a Port")"""
    state = _action(at=(0, 0))
    ship(state, state.first, "Spanish Sloop")              # bought: not taken in Combat
    state = state.apply(StartTrade())
    assert SellShip() not in state.legal_actions()
    with pytest.raises(IllegalMove) as error:
        state.apply(SellShip())
    assert error.value.rule == "Trade" and error.value.reason == "You sell a ship you bought in a Port."


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


def test_a_ship_played_into_a_port_may_be_bought_that_turn():
    """Rules: Plunder › Buying"""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Havana")
    state.captains[p]["at"] = (1, 0)
    state.captains[p]["silver"] = 20
    state.bank -= 15
    from_deck(state, "Spanish Sloop")
    state.encounters[p] = "Spanish Sloop"
    state = at_step(state, p, "encounter", "action", "give")
    assert state.offered == "Spanish Sloop"
    state = play(state, StartTrade(), BuyShip("Spanish Sloop"))
    assert state.captains[p]["ship"] == "Spanish Sloop" and state.captains[p]["silver"] == 12


def test_buy_and_sell_any_amount_the_hold_and_purse_allow():
    """Rules: Plunder › Buying"""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Havana")
    state.captains[p]["at"] = (1, 0)
    state = play(at_step(state, p, "action", "give"), StartTrade())
    assert Buy("Sugar", 2) in state.legal_actions()
    with pytest.raises(IllegalMove, match="room in your hold"):
        state.apply(Buy("Sugar", 3))                     # the Pinnace holds 2
    with pytest.raises(IllegalMove, match="no Buy price"):
        state.apply(Buy("Rum", 1))
    state = state.apply(Buy("Sugar", 2))
    assert state.captains[p]["cargo"] == {"Sugar": 2} and state.captains[p]["silver"] == 3
    with pytest.raises(IllegalMove, match="no Sell price"):
        state.apply(Sell("Sugar", 1))


def test_a_prized_ship_cannot_be_bought_even_with_the_silver():
    """Rules: Plunder › Buying

    Given a captain in a Port with 40 silver and a Treasure Fleet (value 30) in hand, When they trade, Then "You may
    NOT buy a Prized Ship"."""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Havana")
    state.captains[p]["at"] = (1, 0)
    enough_silver(state, p, 40)
    hand(state, p, ["Treasure Fleet", "Spanish Galleon"])
    state = play(at_step(state, p, "action", "give"), StartTrade())
    assert BuyShip("Spanish Galleon") in state.legal_actions()
    assert BuyShip("Treasure Fleet") not in state.legal_actions()
    refused(state, BuyShip("Treasure Fleet"), RULE_BUYING)


def test_a_ship_offered_in_the_last_turn_is_discarded_when_the_rounds_run_out():
    """Rules: Plunder › Buying (a ship played to you is yours to buy that turn only)"""
    state = fresh(max_turns=1)
    p = state.first
    q = state.left_of(p)                                  # the last captain of round 1
    from_deck(state, "Spanish Sloop")
    state.offered = "Spanish Sloop"
    hand(state, q, [])
    state = at_step(state, q, "give")
    assert state.is_terminal() and state.observation(p)["offered"] is None
    assert state.discard.get("Spanish Sloop") == 1


def test_a_trade_in_something_that_is_not_a_good_is_refused():
    """Rules: Plunder › Buying"""
    state = _trade()
    for move in (Buy(["Sugar"], 1), Sell({"Rum": 1}, 1), Buy("Sugar", "2")):
        with pytest.raises(IllegalMove):
            state.apply(move)


def test_the_shipped_file_loads_fresh_with_its_prized_ships_and_texts(tmp_path):
    """Rules: Plunder › Buying (Prized Ships are only obtained through Combat)"""
    deck = load_components()                               # read again, not the cached copy
    assert deck.card("Treasure Fleet").prize and deck.card("Pirates").prize and not deck.card("Spanish Sloop").prize
    assert deck.card("Havana").text == "" and deck.card("Storm").text
    four = _broken(tmp_path, "count = 12", "count = 4")    # exactly the 4 Open Sea cards of the setup
    assert load_components(four).count("Open Sea") == 4


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


def test_plunder_must_be_sold_in_tortuga_for_half_rounded_down():
    """Rules: Plunder › Selling"""
    state = fresh()
    p = state.first
    state.captains[p]["loot"] = {"Rum": 1}
    state.goods["Rum"] -= 1
    from_deck(state, "Spanish Sloop")
    state.captains[p]["captured"] = "Spanish Sloop"         # value 8
    state = at_step(state, p, "action", "give")
    assert state.legal_actions() == (StartTrade(), AbandonCaptured())  # the sale is the action; "abandon whenever"
    state = state.apply(StartTrade())
    assert state.captains[p]["silver"] == 5 + (8 + 2) // 2 and state.captains[p]["captured"] is None


def test_traded_cargo_is_kept_whole_and_prized_ships_cannot_be_bought():
    """Rules: Plunder › Selling"""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Cartagena")
    state.captains[p]["at"] = (1, 0)
    state.captains[p]["cargo"] = {"Sugar": 2}
    state.goods["Sugar"] -= 2
    hand(state, p, ["Treasure Fleet"])
    state = play(at_step(state, p, "action", "give"), StartTrade())
    with pytest.raises(IllegalMove, match="Prized Ship"):
        state.apply(BuyShip("Treasure Fleet"))
    state = state.apply(Sell("Sugar", 2))
    assert state.captains[p]["silver"] == 5 + 8


def test_a_ship_taken_in_combat_is_not_sold_in_a_port_without_your_letter():
    """Rules: Plunder › Selling

    Given a captain sailing a ship taken in Combat in Havana, with no Letter of Marque, When they trade, Then
    "captured goods and ships may be sold ONLY in Tortuga or in a Port of ... your Letter of Marque": no sale
    (and no ship bought, which would have to sell it at once)."""
    state, p = _sailing_a_prize((1, 0), "Havana")
    hand(state, p, ["English Sloop"])
    enough_silver(state, p, 30)
    state = play(at_step(state, p, "action", "give"), StartTrade())
    assert SellShip() not in state.legal_actions() and BuyShip("English Sloop") not in state.legal_actions()
    refused(state, SellShip(), RULE_SELLING)
    refused(state, BuyShip("English Sloop"), RULE_SELLING)


def test_a_ship_taken_in_combat_sells_for_half_in_tortuga():
    """Rules: Plunder › Selling

    Given a captain sailing a ship taken in Combat (value 8) in Tortuga, When they trade and sell it, Then they
    keep half (4) and sail the Pinnace again."""
    state, p = _sailing_a_prize((0, 0))
    state = play(at_step(state, p, "action", "give"), StartTrade())
    assert SellShip() in state.legal_actions()
    state = state.apply(SellShip())
    assert state.captains[p]["silver"] == 5 + 4 and state.captains[p]["ship"] == "Pinnace"


def test_a_bought_ship_sells_whole_in_any_port():
    """Rules: Plunder › Selling"""
    state, p = _sailing_a_prize((1, 0), "Havana")
    state.captains[p]["prize_ship"] = False
    state = play(at_step(state, p, "action", "give"), StartTrade(), SellShip())
    assert state.captains[p]["silver"] == 5 + 8


def test_an_odd_plunder_sale_keeps_half_rounded_down():
    """Rules: Plunder › Selling

    Given a captain with the Spanish Letter of Marque in Havana (Spain; it buys Rum at 5) with a Captured Spanish Sloop
    (value 8) and 1 Rum of loot, When they trade (the sale is forced), Then the plunder fetches 13 and "money earned
    from plundered cargo and ships is split with the crew (half, rounded down)": the captain keeps 6. (Every earlier
    sale in the tests came to an even amount, so rounding up went unseen.)"""
    from pirates_lab.plunder.actions import AbandonCaptured, StartTrade

    from plunder_helpers import enough_silver, lay

    state = fresh()
    p = state.first
    lay(state, (1, 0), "Havana")
    state.captains[p]["at"] = (1, 0)
    state.captains[p]["marque"] = "Spain"
    enough_silver(state, p, 5)
    from_deck(state, "Spanish Sloop")
    state.captains[p]["captured"] = "Spanish Sloop"
    state.captains[p]["loot"] = {"Rum": 1}
    state.goods["Rum"] -= 1
    state = at_step(state, p, "action", "give")
    assert state.legal_actions() == (StartTrade(), AbandonCaptured())  # the sale is the action; "abandon whenever"
    bank = state.bank
    state = state.apply(StartTrade())
    assert state.captains[p]["silver"] == 5 + 6 and state.bank == bank - 6
    assert "sells the plunder for 13 silver and keeps half, 6" in list(state.log)[-1]
    state.validate()


def test_plunder_sold_in_a_port_of_your_letter_fetches_its_sell_price():
    """Rules: Plunder › Selling

    Given 3 Spices of loot in Port Royal (Sells Spices at 6) with the English Letter, When the captain trades, Then
    18 silver, half kept (9); in Tortuga the same loot fetches 2 a token (6, half 3)."""
    for where, port, kept in (((1, 0), "Port Royal", 9), ((0, 0), None, 3)):
        state = _action(at=where, port=port, marque="England", loot={"Spices": 3})
        state.goods["Spices"] -= 3
        state = state.apply(StartTrade())
        assert state.captains[state.first]["silver"] == 5 + kept
        assert f"keeps half, {kept} (Selling)." in state.log[-1]


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


def test_loot_alone_in_tortuga_must_still_be_sold():
    """Rules: Plunder › Selling

    Given a captain in Tortuga with loot and a Captured Ship, When they abandon the ship, Then the loot still MUST be
    sold: trade stays the only action (besides letting the First Mate go)."""
    state, p = _in_tortuga_with_plunder(loot={"Sugar": 1})
    state = play(state, AbandonCaptured())
    assert set(state.legal_actions()) == {StartTrade(), DismissMate()}


def test_the_natives_card_stays_on_the_table_while_the_captain_trades_with_them():
    """Rules: Plunder › Trade (with the Natives met as an Encounter)

    Given a captain on a Coastland who meets the Natives, When they trade with them, Then the Natives card lies face
    up on the table for the whole trade (every card is still somewhere: the position validates, and every captain
    sees it in play), and when the trade is done it goes to the discard pile."""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Coastland")
    state.captains[p]["at"] = (1, 0)
    hand(state, p, [])
    from_deck(state, "Natives")
    state.encounters[p] = "Natives"
    state = at_step(state, p, "encounter", "action", "give")
    trading = play(state, StartTrade(), Buy("Tobacco", 1))
    assert trading.phase == "trade" and trading.all_cards()["Natives"] == trading.comp.full_deck()["Natives"]
    trading.validate()
    assert "Natives" in trading.observation(1 - p)["in_play"]
    discards = trading.discard.get("Natives", 0)
    done = trading.apply(DoneTrading())
    assert done.discard.get("Natives", 0) == discards + 1 and "Natives" not in done.observation(p)["in_play"]
    done.validate()
