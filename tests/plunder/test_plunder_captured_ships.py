"""The rules of Captured Ships: a prize sailed, kept or let go, and sold as plunder.

Rules: Plunder › Captured Ships
"""
import pytest

from pirates_lab.plunder.actions import AbandonCaptured, Attack, Board, PassAction, StartTrade, TakePrize

from plunder_helpers import (_at_sea_against, _in_tortuga_with_plunder, _won, at_step, fresh, from_deck, hand, play,
                             ship)


def test_a_prize_may_be_sailed_keeping_the_old_ship_as_the_captured_one():
    """Rules: Plunder › Captured Ships"""
    state, p = _at_sea_against("Spanish Sloop", ["Havana"], p_ship="English Sloop")
    state = play(state, Attack(), Board())
    assert TakePrize("swap") in state.legal_actions()
    state = state.apply(TakePrize("swap"))
    cap = state.captains[p]
    assert cap["ship"] == "Spanish Sloop" and cap["prize_ship"] and cap["captured"] == "English Sloop"
    assert state.capacity(p) == 4


def test_a_prize_may_be_sailed_with_the_old_ship_as_the_captured_one_even_when_one_is_there():
    """Rules: Plunder › Captured Ships

    Given a captain in an English Sloop with a Captured Dutch Galleon who boards a Spanish Sloop, When they take the
    prize, Then they may sail it and "put [the old ship] in the Captured Ship space" (the Galleon there is
    abandoned), as well as keep it as the Captured Ship, sail it discarding the old ship, or leave it."""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    ship(state, p, "English Sloop")                       # 4/1/2 against the Spanish Sloop's 4/1/2
    from_deck(state, "Dutch Galleon")
    state.captains[p]["captured"] = "Dutch Galleon"
    hand(state, p, ["Havana"])
    from_deck(state, "Spanish Sloop")
    state.encounters[p] = "Spanish Sloop"
    state = play(at_step(state, p, "encounter", "action", "give"), Attack(), Board())
    assert set(state.legal_actions()) == {TakePrize(h) for h in ("captured", "sail", "swap", "leave")}
    state = state.apply(TakePrize("swap"))
    cap = state.captains[p]
    assert (cap["ship"], cap["prize_ship"], cap["captured"]) == ("Spanish Sloop", True, "English Sloop")
    assert state.discard.get("Dutch Galleon") == 1
    state.validate()


def test_letting_a_captured_ship_go_in_the_action_returns_what_it_held():
    """Rules: Plunder › Captured Ships

    Given a captain with a Captured Dutch Galleon (cargo 5) and 5 Rum of loot in a Pinnace (cargo 2), When they
    abandon it (free, in the Action), Then the ship is discarded and the 3 Rum that no longer fit go back."""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    from_deck(state, "Dutch Galleon")
    state.captains[p]["captured"] = "Dutch Galleon"
    state.captains[p]["loot"] = {"Rum": 5}
    state.goods["Rum"] -= 5
    hand(state, p, [])
    state = at_step(state, p, "action", "give").apply(AbandonCaptured())
    assert state.captains[p]["captured"] is None and state.captains[p]["loot"] == {"Rum": 2}
    assert state.discard.get("Dutch Galleon") == 1 and state.goods["Rum"] == 10 and state.phase == "action"
    assert f"Captain {p + 1} abandons the Captured Ship Dutch Galleon." in state.log
    state.validate()


def test_a_new_captured_ship_replaces_the_old_one():
    """Rules: Plunder › Captured Ships"""
    state = fresh()
    p = state.first
    state.captains[p]["at"] = (1, 0)
    ship(state, p, "English Sloop")
    from_deck(state, "Dutch Galleon")
    state.captains[p]["captured"] = "Dutch Galleon"
    hand(state, p, [])
    from_deck(state, "Spanish Sloop")
    state.encounters[p] = "Spanish Sloop"
    state = play(at_step(state, p, "encounter", "action", "give"), Attack(), Board(), TakePrize("captured"))
    assert state.captains[p]["captured"] == "Spanish Sloop" and state.discard.get("Dutch Galleon") == 1
    state.validate()


@pytest.mark.parametrize("seat", [0, 2])
def test_sailing_a_prize_is_logged_with_the_captains_number(seat):
    """Rules: Plunder › Captured Ships

    Given Captain 1 or 3 who won a Spanish Sloop sailing an English Sloop, When they sail the prize (the old ship
    discarded) or swap (the old ship follows), Then the log says so, captains numbered from 1."""
    state = _won("English Sloop", seat).apply(TakePrize("sail"))
    assert f"Captain {seat + 1} sails Spanish Sloop as their own ship." in state.log
    state = _won("English Sloop", seat).apply(TakePrize("swap"))
    assert (f"Captain {seat + 1} sails Spanish Sloop as their own ship; English Sloop follows as a Captured Ship."
            in state.log)


def test_a_captain_who_abandons_the_captured_ship_in_tortuga_has_nothing_left_to_sell():
    """Rules: Plunder › Captured Ships

    Given the same captain without loot, When they abandon the Captured Ship, Then nothing must be sold and the
    Action is theirs to choose (take no action, or trade)."""
    state, p = _in_tortuga_with_plunder(mate=None)
    state = play(state, AbandonCaptured())
    assert state.captains[p]["captured"] is None
    assert {PassAction(), StartTrade()} <= set(state.legal_actions())
