"""Rules: Pillage & Plunder › Game Variations (Fleet Play, Privateering), one Given/When/Then test per rule.

Each test failed on the engine before its fix, or fails when the rule it holds is broken by hand (checked once).
They drive the public State API (``apply``, ``legal_actions``) from hand-built positions (:mod:`..scenarios`).
"""
from __future__ import annotations

from pirates_lab.core.testing import refused
from pirates_lab.pillage_and_plunder.game import Act, Play
from pirates_lab.pillage_and_plunder.headings import RULE_HIRE_CREW_MEMBER
from pirates_lab.pillage_and_plunder.scenarios import at_step, give, scenario, ship

from pillage_steps import add_ship, to_play


# ------------------------------------------------------------------ Fleet Play
def test_fleet_play_each_ship_has_its_own_crew_quarters_one_officer_of_each_type_a_ship():
    """Rules: Pillage & Plunder › Fleet Play ("Each Ship Hull card that you play has its own ship add-ons, crew
    quarters, cannon deck, and cargo hold")
    Rules: Pillage & Plunder › Hire Crew Member ("You may only have one of each type of ship's officer aboard your
    ship at any one time")

    Given a fleet whose first ship has a Doctor aboard and whose second ship has none, When its player holds a second
    Doctor, Then he may hire him onto the second ship (not onto the first), and both ships carry a Doctor.
    """
    s = scenario(2, fleet_play=True)
    s._draw_card("Doctor")
    ship(s, 0)["crew"] = ["Cutlass Crewman", "Doctor"]       # room for one more in the Sloop's quarters
    s.deck["Cutlass Crewman"] += 1
    add_ship(s, 0, "Schooner")
    s = to_play(s)
    give(s, 0, "Doctor")
    assert Play("Doctor", ship=1) in s.legal_actions()
    assert Play("Doctor", ship=0) not in s.legal_actions()
    assert "only one of each type of officer" in str(refused(s, Play("Doctor", ship=0), RULE_HIRE_CREW_MEMBER))
    s = s.apply(Play("Doctor", ship=1))
    assert "Doctor" in ship(s, 0, 0)["crew"] and ship(s, 0, 1)["crew"] == ["Doctor"]
    s.validate()


# ------------------------------------------------------------------ Privateering
def privateer(owed: int, hoard: int):
    """Player 1 at his pre-draw stage, privateering for the Dutch with ``owed`` on his Navy Ship card."""
    s = scenario(2, privateering=True)
    s._draw_card("Dutch Navy")
    s.players[0]["privateer"] = {"navy": "Dutch Navy", "owed": owed}
    s.players[0]["hoard"] = hoard
    s._draw_card("Attack")
    s.discard.append("Attack")                     # the previous player's discard, on top
    s.validate()
    return s


def test_privateering_a_career_ends_only_by_paying_all_the_money_owed_to_the_bank():
    """Rules: Pillage & Plunder › Privateering ("During the pre-draw stage of any turn you can end your privateering
    career by paying all of the money that is on top of the Navy Ship card to the bank, and placing the Navy Ship
    card under the top card of the discard pile")

    Given a privateer who owes his sponsor 1500 and has 3250 in his hoard, When he ends his career in the pre-draw
    stage, Then 1500 leaves his hoard for the bank (1750 left), the debt is gone, and the Navy Ship card lies under
    the top card of the discard pile; a privateer with only 1499 cannot end it.
    """
    s = privateer(1500, 3250)
    top = s.discard[-1]
    assert Act.END_PRIVATEERING in s.legal_actions()
    s = s.apply(Act.END_PRIVATEERING)
    assert s.players[0]["hoard"] == 1750 and s.players[0]["privateer"] is None
    assert s.discard[-2:] == ["Dutch Navy", top]
    assert "Player 1 pays 1500 and ends his privateering career." in s.log
    s.validate()
    poor = privateer(1500, 1499)
    assert Act.END_PRIVATEERING not in poor.legal_actions()
