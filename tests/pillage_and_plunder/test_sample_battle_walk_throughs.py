"""Rules: Pillage & Plunder › Sample Battle Walk-Throughs (Examples 1 to 3, played by the engine), one Given/When/Then test per rule.

Folded from the files named after audit and mutation rounds (issue 36 item 3): each test's
docstring cites the heading it holds.
"""

from __future__ import annotations

from pirates_lab.core import play
from pirates_lab.pillage_and_plunder.battles import Volley
from pirates_lab.pillage_and_plunder.game import Act, LoseCrewman, Play, ReturnPrize
from pirates_lab.pillage_and_plunder.scenarios import equip, give, scenario, ship

from pillage_steps import run, to_play


def test_example_2_player_vs_merchant_ship_joe_takes_the_merchant():
    s = to_play(scenario(3))
    equip(s, 0, cannons=3, crew=("Cutlass Crewman",))
    give(s, 0, "French Merchant (Strength 2)", "Gems 20 Units")
    s = s.apply(Play("French Merchant (Strength 2)", extra=("Gems 20 Units",)))
    assert s.phase == "battle_call" and s.current_player() == 0
    s = s.apply(Act("fight on"))
    assert s.phase == "flee_roll"                              # a merchant always flees
    s = s.apply((3, 3))                                        # same speed, a tie: roll again
    assert s.phase == "flee_roll"
    s = s.apply((5, 2))                                        # Joe's roll is higher
    s = run(s, Act("fight on"))
    assert s.chance_outcomes()[Volley(0, 2, False, True)] > 0
    s = s.apply(Volley(0, 2, False, True))
    assert s.phase == "prize_roll"
    s = s.apply(4000)                                          # he rolls a four
    p = s.players[0]
    assert p["hoard"] == 3250 + 4000
    assert ship(s, 0)["cargo"] == ["Gems 20 Units"]
    assert p["prizes"] == ["French Merchant (Strength 2)"]
    assert s.phase == "play" and s.observation(0)["plays"] == 1
    s.validate()


def test_example_3_navy_ship_vs_player_the_escape():
    s = to_play(scenario(2))
    equip(s, 1, hull="Schooner")
    s._draw_card("French Merchant (Strength 4)")
    s.players[1]["prizes"].append("French Merchant (Strength 4)")
    give(s, 0, "French Navy")
    s = s.apply(Play("French Navy", target=1))
    assert s.phase == "battle_flee" and s.current_player() == 1   # a navy never calls off or offers terms
    s = s.apply(Act("flee"))
    s = s.apply((4, 4))                                        # Joe rolls doubles
    assert s.phase == "return_prize" and s.current_player() == 1
    assert s.legal_actions() == (ReturnPrize("French Merchant (Strength 4)"), Act("keep prizes"))
    s = s.apply(ReturnPrize("French Merchant (Strength 4)"))
    assert s.players[1]["prizes"] == []
    assert s.discard[-2:] == ["French Navy", "French Merchant (Strength 4)"]
    s.validate()


def test_example_1_player_vs_player_the_melee_and_the_plunder():
    s = to_play(scenario(2))
    equip(s, 0, hull="Schooner", cannons=4, crew=("Pistol Crewman", "Cutlass Crewman"), addons=("Extra Sail",))
    equip(s, 1, hull="Schooner", cannons=4, crew=("Cutlass Crewman",), cargo=("Rum 20 Units",))
    s.players[1]["hoard"] = 4000
    give(s, 0, "Attack")
    s = s.apply(Play("Attack", target=1))
    s = run(s, Act("no offer"), Act("fight on"), Act("flee"), (2, 5))   # Stephanie needs doubles
    s = run(s, Act("no offer"), Act("fight on"))
    s = s.apply(Volley(1, 3, False, False))
    assert ship(s, 0)["damage"] == 1 and ship(s, 1)["damage"] == 3
    for dice in [(5, 4), (6, 6), (4, 5), (4, 2)]:
        s = run(s, Act("no offer"), Act("fight on"))
        s = s.apply(dice)
        if s.phase == "melee_loss":                            # you lose the third round and pick who falls
            assert s.current_player() == 0
            assert set(s.legal_actions()) == {LoseCrewman("Cutlass Crewman"), LoseCrewman("Pistol Crewman")}
            s = s.apply(LoseCrewman("Cutlass Crewman"))
    assert ship(s, 1)["crew"] == [] and len(ship(s, 0)["crew"]) == 3
    assert "Pistol Crewman" in ship(s, 0)["crew"]              # you gave up a cutlass crewman
    assert s.players[0]["hoard"] == 3250 + 2000 and s.players[1]["hoard"] == 2000
    assert "Rum 20 Units" in ship(s, 0)["cargo"]
    s.validate()
