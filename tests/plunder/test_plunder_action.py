"""Action (issue 36): each test is a Given/When/Then that failed on the engine before its fix.

Rules: Plunder › Action
"""
from pirates_lab.plunder.actions import AbandonCaptured, DismissMate, PassAction, StartTrade

from plunder_helpers import at_step, fresh, from_deck, hand, play


def _in_tortuga_with_plunder(mate="Navigator", loot=None):
    state = fresh()
    p = state.first
    cap = state.captains[p]
    from_deck(state, "Spanish Sloop")
    cap["captured"] = "Spanish Sloop"
    if mate:
        from_deck(state, mate)
        cap["mate"] = mate
    for good, n in (loot or {}).items():
        state._goods_to(p, "loot", good, n)
    hand(state, p, [])
    return at_step(state, p, "action", "give"), p


def test_in_tortuga_with_plunder_the_captain_may_still_let_the_first_mate_and_the_captured_ship_go():
    """Rules: Plunder › Action

    Given a captain in Tortuga with a Captured Ship and a First Mate, When they take their Action, Then they MUST
    trade (Selling: "You MUST sell the Captured Ship and its loot"; no card acts in Tortuga, no Letter of Marque is
    found there, captains do not fight there) — but they may still let the First Mate go and abandon the Captured
    Ship, "whenever you want" (First Mate; Captured Ships). The old engine offered trade alone."""
    state, p = _in_tortuga_with_plunder()
    assert set(state.legal_actions()) == {StartTrade(), DismissMate(), AbandonCaptured()}


def test_a_captain_who_abandons_the_captured_ship_in_tortuga_has_nothing_left_to_sell():
    """Rules: Plunder › Captured Ships

    Given the same captain without loot, When they abandon the Captured Ship, Then nothing must be sold and the
    Action is theirs to choose (take no action, or trade)."""
    state, p = _in_tortuga_with_plunder(mate=None)
    state = play(state, AbandonCaptured())
    assert state.captains[p]["captured"] is None
    assert {PassAction(), StartTrade()} <= set(state.legal_actions())


def test_loot_alone_in_tortuga_must_still_be_sold():
    """Rules: Plunder › Selling

    Given a captain in Tortuga with loot and a Captured Ship, When they abandon the ship, Then the loot still MUST be
    sold: trade stays the only action (besides letting the First Mate go)."""
    state, p = _in_tortuga_with_plunder(loot={"Sugar": 1})
    state = play(state, AbandonCaptured())
    assert set(state.legal_actions()) == {StartTrade(), DismissMate()}
