"""The rules of If You Lose Your Ship: what goes back, what is discarded, Tortuga again.

Rules: Plunder › If You Lose Your Ship
"""
from pirates_lab.plunder import lose_your_ship
from pirates_lab.plunder.actions import AddCard, Attack, Fight

from plunder_helpers import _meeting, at_step, fresh, from_deck, pirates_attack, play, ship


def test_losing_the_ship_returns_the_cargo_discards_the_hand_and_restarts_from_tortuga():
    """Rules: Plunder › If You Lose Your Ship"""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    state.captains[p]["cargo"] = {"Rum": 2}
    state.goods["Rum"] -= 2
    ship(state, p, "English Sloop")
    state = at_step(state, p, "action", "give")
    lose_your_ship.lose_ship(state, p)
    cap = state.captains[p]
    assert (cap["ship"], cap["cargo"], cap["hand"], cap["at"], cap["lost"]) == ("Pinnace", {}, [], (0, 0), True)
    assert state.goods["Rum"] == 12 and state.phase == "end"     # the turn ends at once
    state.validate()


def test_a_captain_whose_ship_is_sunk_loses_the_first_mate():
    """Rules: Plunder › If You Lose Your Ship

    Given a captain in a Pinnace (cannon 1) with a Navigator as First Mate, attacked by Pirates (cannon 3) with no
    card to add, When they stand and fight and lose the Broadside, Then the ship is sunk and "Discard your First
    Mate, if any": the mat has no First Mate and the Navigator is on the discard pile."""
    state, p = pirates_attack("Pinnace", [])
    from_deck(state, "Navigator")
    state.captains[p]["mate"] = "Navigator"
    state = play(state, Fight(), AddCard(""))
    cap = state.captains[p]
    assert cap["lost"] and cap["at"] == (0, 0)
    assert cap["mate"] is None and state.discard.get("Navigator") == 1
    state.validate()


def test_losing_the_ship_discards_the_captured_one_too():
    """Rules: Plunder › If You Lose Your Ship

    "Otherwise, return your cargo to the Quartermaster and discard your ships": the Captured Ship as well."""
    state = _meeting("Spanish Galleon", "English Sloop")
    p = state.first
    from_deck(state, "Dutch Brigantine")
    state.captains[p]["captured"] = "Dutch Brigantine"
    state = play(state, Attack(), AddCard(""))             # speed 4 >= 2; cannon 1 < 3: sunk
    assert state.captains[p]["captured"] is None and state.captains[p]["ship"] == "Pinnace"
    assert state.discard.get("Dutch Brigantine") == 1 and state.discard.get("English Sloop") == 1
    state.validate()
