"""The rules of First Mate: found in a Port, paid each turn, let go whenever.

Rules: Plunder › First Mate
"""
from pirates_lab.plunder.actions import DismissMate, Play

from plunder_helpers import at_step, fresh, hand, lay, play


def test_a_first_mate_is_found_in_a_port_adds_one_and_may_be_let_go():
    """Rules: Plunder › First Mate"""
    state = fresh()
    p = state.first
    lay(state, (1, 0), "Nassau")
    state.captains[p]["at"] = (1, 0)
    hand(state, p, ["Master Gunner", "Navigator"])
    state = play(at_step(state, p, "action", "give"), Play("Master Gunner"))
    assert state.captains[p]["mate"] == "Master Gunner" and state.ship_stat(p, "cannon") == 2
    state = at_step(state, p, "action", "give")
    state = state.apply(Play("Navigator"))                # only one First Mate: the old one goes
    assert state.captains[p]["mate"] == "Navigator" and state.discard.get("Master Gunner") == 1
    state = at_step(state, p, "action", "give")
    state = state.apply(DismissMate())
    assert state.captains[p]["mate"] is None and state.phase == "action"   # letting go is free
    assert f"Captain {p + 1} lets Navigator go." in state.observation(p)["log"]   # captains numbered from 1
