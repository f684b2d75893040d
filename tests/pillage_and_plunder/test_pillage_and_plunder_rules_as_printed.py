"""Rules as printed (issue 12): one Given/When/Then scenario per fixed deviation, each quoting its rule.

Each test failed on the engine before its fix.
"""
from __future__ import annotations

import pytest

from pirates_lab.core.testing import refused
from pirates_lab.pillage_and_plunder.game import (Act, LoseCrewman, MoveCargo, Offer, Play, SellCargo, SellShip, StealDebt,
                                                  TakeCargo)
from pirates_lab.pillage_and_plunder.scenarios import at_step, equip, give, scenario, ship


def test_sell_cargo_one_try_per_card_per_turn():
    """Rules: Pillage & Plunder › Sell Cargo
    "If desired, you may repeat this process for each of the cards in your cargo hold."

    Given Rum and Fruit in the hold, When the Rum is priced and kept, Then the Rum cannot be rolled for
    again this turn, but the Fruit still can; next turn the Rum can.
    """
    s = scenario(2)
    equip(s, 0, cargo=("Rum 20 Units", "Fruit 10 Units"))
    s = s.apply(SellCargo(0, "Rum 20 Units"))
    s = s.apply(s.chance_outcomes().outcomes()[0])
    s = s.apply(Act("keep it"))
    assert SellCargo(0, "Rum 20 Units") not in s.legal_actions()
    assert SellCargo(0, "Fruit 10 Units") in s.legal_actions()
    refused(s, SellCargo(0, "Rum 20 Units"), "Sell Cargo")
    s = at_step(s, "predraw")                       # a new turn
    assert SellCargo(0, "Rum 20 Units") in s.legal_actions()


def test_two_cards_of_one_kind_get_a_try_each():
    """Rules: Pillage & Plunder › Sell Cargo ("for each of the cards in your cargo hold")"""
    s = scenario(2)
    equip(s, 0, cargo=("Rum 10 Units", "Rum 10 Units"))
    for _ in range(2):
        assert SellCargo(0, "Rum 10 Units") in s.legal_actions()
        s = s.apply(SellCargo(0, "Rum 10 Units"))
        s = s.apply(s.chance_outcomes().outcomes()[0]).apply(Act("keep it"))
    assert SellCargo(0, "Rum 10 Units") not in s.legal_actions()


def test_repair_ship_card_on_an_undamaged_ship_is_refused():
    """Rules: Pillage & Plunder › Repair Ship
    "Repair Ship cards allow you to quickly repair all of your ship's damage."

    Given an undamaged ship and a Repair Ship card, When it is played on the ship, Then it is refused.
    """
    s = scenario(2)
    card = next(c for c in s.deck if s.data.category(c) == "Repair Ship")
    give(s, 0, card, "Attack", "Attack")
    s = at_step(s, "play")
    assert Play(card) not in s.legal_actions()
    refused(s, Play(card), "Repair Ship")
    ship(s, 0)["damage"] = 1
    assert ship(s.apply(Play(card)), 0)["damage"] == 0


def test_an_upgrade_never_leaves_more_cargo_than_the_new_hold():
    """Rules: Pillage & Plunder › Buy Ship ("Any ship add-ons attached to your current ship are not carried
    over to the new ship")
    Rules: Pillage & Plunder › Cargo Hold ("The maximum number of cargo units that can be stored in your
    cargo hold is indicated on your ship hull card.")

    Given a Sloop with an Extra Cargo Hold carrying 50 units, When it is upgraded to a Schooner (hold 40),
    Then the upgrade is refused.
    """
    s = scenario(2)
    equip(s, 0, addons=("Extra Cargo Hold",), cargo=("Gems 20 Units", "Gems 20 Units", "Rum 10 Units"))
    assert s.cargo_units(0) == 50 and s.data.hulls["Schooner"].cargo == 40
    give(s, 0, "Schooner", "Attack", "Attack")
    s = at_step(s, "play")
    refused(s, Play("Schooner"), "Buy Ship")
    assert Play("Schooner") not in s.legal_actions()


def test_validate_checks_cargo_like_cannons_and_crew():
    """Rules: Pillage & Plunder › Cargo Hold"""
    s = scenario(2)
    equip(s, 0, cargo=("Gems 20 Units", "Rum 10 Units"))
    s._draw_card("Gems 20 Units")
    ship(s, 0)["cargo"].append("Gems 20 Units")            # 50 units in a 30-unit hold
    with pytest.raises(ValueError, match="cargo"):
        s.validate()


def test_fleet_play_moves_cargo_between_ships():
    """Rules: Pillage & Plunder › Fleet Play
    "Crewmen, cannons and cargo can be moved from ship to ship during the pre-draw stage"
    """
    s = scenario(2, fleet_play=True)
    equip(s, 0, cargo=("Rum 20 Units",))
    s._draw_card("Galleon")
    s.players[0]["ships"].append({"hulls": [{"hull": "Galleon", "addons": []}], "damage": 0, "cannons": 0,
                                  "crew": [], "cargo": []})
    s.validate()
    assert MoveCargo(0, 1, "Rum 20 Units") in s.legal_actions()
    s = s.apply(MoveCargo(0, 1, "Rum 20 Units"))
    assert ship(s, 0, 0)["cargo"] == [] and ship(s, 0, 1)["cargo"] == ["Rum 20 Units"]


def test_selling_a_ship_keeps_its_crew_and_cannons():
    """Rules: Pillage & Plunder › Fleet Play
    "Ship hulls and their add-ons can be sold to the bank for half their cost … Cannons and crewmen cannot be sold."

    Given a fleet of a Sloop (1 cannon, 2 crew) and an empty Galleon, When the Sloop is sold, Then the
    hoard gains half the Sloop's cost and its cannon and crewmen move to the Galleon.
    """
    s = scenario(2, fleet_play=True)
    s._draw_card("Galleon")
    s.players[0]["ships"].append({"hulls": [{"hull": "Galleon", "addons": []}], "damage": 0, "cannons": 0,
                                  "crew": [], "cargo": []})
    hoard = s.players[0]["hoard"]
    s = s.apply(SellShip(0))
    assert s.players[0]["hoard"] == hoard + s.data.hulls["Sloop"].cost // 2
    assert ship(s, 0)["hulls"][0]["hull"] == "Galleon"
    assert ship(s, 0)["cannons"] == 1 and ship(s, 0)["crew"] == ["Cutlass Crewman", "Cutlass Crewman"]
    s.validate()


def privateer_battle(privateer_attacks: bool):
    """Player 0 is a privateer owing 1,000; the other player wins a battle against him."""
    s = scenario(2, privateering=True)
    s._draw_card("Dutch Navy")
    s.players[0]["privateer"] = {"navy": "Dutch Navy", "owed": 1000}
    equip(s, 0, hull="Schooner")
    ship(s, 0)["damage"] = s.hull(0).strength - 1              # one more hit sinks the Schooner (a Sloop is left)
    equip(s, 1, hull="Schooner", cannons=3)
    if privateer_attacks:
        give(s, 0, "Attack", "Attack", "Attack")
        s = at_step(s, "play").apply(Play("Attack", target=1))
        s = s.apply(Act("no offer")) if s.phase == "battle_terms" else s
        s = s.apply(Act("fight on")).apply(Act("stand and fight"))
        s = s.apply(Act("no offer")) if s.phase == "battle_terms" else s
        s = s.apply(Act("fight on"))
    else:
        s.current = 1
        give(s, 1, "Attack", "Attack", "Attack")
        s = at_step(s, "play", 1).apply(Play("Attack", target=0))
        s = s.apply(Act("no offer")) if s.phase == "battle_terms" else s
        s = s.apply(Act("fight on")).apply(Act("stand and fight"))
        s = s.apply(Act("no offer")) if s.phase == "battle_terms" else s
        s = s.apply(Act("fight on"))
    volley = next(v for v in s.chance_outcomes().outcomes()
                  if (v.attacker_damage if privateer_attacks else v.defender_damage) >= 1)
    return s.apply(volley)


def test_privateers_debt_is_stolen_only_when_another_player_attacks_him():
    """Rules: Pillage & Plunder › Privateering
    "When another player attacks you and defeats you in battle, they can attempt to steal the money that you
    owe to your sponsor"

    Given a privateer owing 1,000, When he attacks and loses, Then the winner may not try for the debt;
    When he is attacked and loses, Then the winner may.
    """
    attacked = privateer_battle(privateer_attacks=False)
    assert attacked.phase == "steal" and StealDebt() in attacked.legal_actions()
    attacker = privateer_battle(privateer_attacks=True)
    assert StealDebt() not in attacker.legal_actions()


def test_call_off_or_offer_terms_before_the_crows_nest_shot():
    """Rules: Pillage & Plunder › Player Attacking Player
    "The attacker may call off the battle at the beginning of any stage of the battle" and "At the beginning
    of any stage of the battle … terms of surrender may be negotiated."
    Rules: Pillage & Plunder › Stage 1: Spotting the Enemy

    Given an attacker whose ship has a Crow's Nest, When he attacks, Then before the shot the defender may
    offer terms and the attacker may call the battle off, and calling off leaves the defender undamaged.
    """
    s = scenario(2)
    equip(s, 0, addons=("Crow's Nest",))
    give(s, 0, "Attack", "Attack", "Attack")
    s = at_step(s, "play").apply(Play("Attack", target=1))
    assert s.phase == "battle_terms" and s.current_player() == 1 and ship(s, 1)["damage"] == 0
    s = s.apply(Act("no offer"))
    assert s.phase == "battle_call" and Act("call off") in s.legal_actions()
    called_off = s.apply(Act("call off"))
    assert ship(called_off, 1)["damage"] == 0 and called_off.observation(0)["battle"] is None
    fought = s.apply(Act("fight on"))
    assert ship(fought, 1)["damage"] == 1                  # the shot, then stage 2 opens with terms again
    assert fought.phase == "battle_terms"


def terms_position():
    s = scenario(2)
    equip(s, 1, hull="Schooner", cannons=3, crew=("Doctor",), cargo=("Rum 20 Units",))
    s.players[1]["maps"] = [1200]
    s._draw_card("Bury Treasure")
    equip(s, 0, hull="Schooner")
    give(s, 0, "Attack", "Attack", "Attack")
    return at_step(s, "play").apply(Play("Attack", target=1))


def test_surrender_terms_any_combination():
    """Rules: Pillage & Plunder › Player Attacking Player
    "the defender can offer to give the attacker any combination of coins, treasure maps, cargo, crew and
    cannons. If the attacker and defender agree on these terms, the exchange takes place and the battle ends."

    Given a defender with coins, a treasure map, Rum, a Doctor and cannons, When he offers 300 coins, the map,
    the Rum, the Doctor and one cannon and the attacker accepts, Then all of it changes hands and the battle ends.
    """
    s = terms_position()
    assert s.phase == "battle_terms" and s.current_player() == 1
    terms = Offer(300, maps=(1200,), cargo=("Rum 20 Units",), crew=("Doctor",), cannons=1)
    assert terms not in s.legal_actions()                    # too many combinations to list
    s = s.apply(terms)
    assert str(terms) == "offer 300 pieces of eight, the treasure map of 1200, Rum 20 Units, a Doctor and 1 cannon"
    s = s.apply(Act("accept terms"))
    assert s.players[0]["hoard"] == 3250 + 300 and s.players[1]["hoard"] == 3250 - 300
    assert s.players[0]["maps"] == [1200] and s.players[1]["maps"] == []
    assert ship(s, 0)["cargo"] == ["Rum 20 Units"] and ship(s, 1)["cargo"] == []
    assert "Doctor" in ship(s, 0)["crew"] and "Doctor" not in ship(s, 1)["crew"]
    assert ship(s, 0)["cannons"] == 2 and ship(s, 1)["cannons"] == 2
    assert s.observation(0)["battle"] is None and s.phase == "play"
    s.validate()


@pytest.mark.parametrize("terms", [Offer(99999), Offer(maps=(500,)), Offer(cargo=("Gems 20 Units",)),
                                   Offer(crew=("Pistol Crewman",)), Offer(cannons=4), Offer(), Offer(-50)])
def test_terms_offer_only_what_the_defender_has(terms):
    """Rules: Pillage & Plunder › Player Attacking Player"""
    refused(terms_position(), terms, "Player Attacking Player")


def test_random_terms_are_listed():
    s = terms_position()
    assert [str(a) for a in s.legal_actions()] == [
        "no offer", "offer 800 pieces of eight", "offer 1600 pieces of eight", "offer Rum 20 Units",
        "offer the treasure map of 1200"]


def test_the_victim_of_an_event_chooses_the_crewmen_he_loses():
    """Rules: Pillage & Plunder › Play Event Card
    "Some Event cards cause your opponent to lose crew members. If you play one of these, it is your opponent
    who gets to decide which crew members he loses."

    Given a Schooner with two cutlass crewmen, a pistol crewman and a Navigator, When Mutiny (half the crew)
    is played on it, Then its owner picks the two who go — here the pistol crewman and the Navigator.
    """
    s = scenario(2)
    equip(s, 1, hull="Schooner", crew=("Pistol Crewman", "Navigator"))
    give(s, 0, "Mutiny", "Attack", "Attack")
    s = at_step(s, "play").apply(Play("Mutiny", target=1))
    assert s.phase == "lose_crew" and s.current_player() == 1
    assert [str(a) for a in s.legal_actions()] == ["give up a Cutlass Crewman", "give up a Navigator",
                                                   "give up a Pistol Crewman"]
    s.validate()                                          # the Mutiny card waits on the table
    s = s.apply(LoseCrewman("Pistol Crewman")).apply(LoseCrewman("Navigator"))
    assert ship(s, 1)["crew"] == ["Cutlass Crewman", "Cutlass Crewman"]
    assert s.phase == "play" and s.current_player() == 0 and s.discard[-1] == "Mutiny"
    s.validate()


def test_the_loser_of_a_melee_round_selects_the_crewman():
    """Rules: Pillage & Plunder › Stage 4: The Mêlée
    "The player whose die is lowest loses a crewman. He must select one crew member card from his crew quarters"

    Given a defender with a cutlass crewman and a pistol crewman, When he loses a mêlée round, Then he picks
    which of the two falls.
    """
    s = scenario(2)
    ship(s, 1)["crew"].remove("Cutlass Crewman")
    s.deck["Cutlass Crewman"] += 1
    equip(s, 1, crew=("Pistol Crewman",))
    give(s, 0, "Attack", "Attack", "Attack")
    s = at_step(s, "play").apply(Play("Attack", target=1))
    s = s.apply(Act("no offer")).apply(Act("fight on")).apply(Act("stand and fight"))
    s = s.apply(Act("no offer")).apply(Act("fight on"))
    assert s.phase == "volley"
    s = s.apply(next(v for v in s.chance_outcomes().outcomes() if tuple(v) == (1, 1, False, False)))
    s = s.apply(Act("no offer")).apply(Act("fight on"))
    assert s.phase == "melee_roll"
    s = s.apply((6, 1))                                   # 6 against 1+1: the defender loses the round
    assert s.phase == "melee_loss" and s.current_player() == 1
    s = s.apply(LoseCrewman("Pistol Crewman"))
    assert ship(s, 1)["crew"] == ["Cutlass Crewman"]


def test_the_winner_chooses_the_cargo_he_takes():
    """Rules: Pillage & Plunder › Player Attacking Player
    "the victorious player is entitled to half of the defeated player's hoard and all of the cargo that can fit
    in his cargo hold."
    Rules: Pillage & Plunder › Stage 5: Plundering the Enemy Ship

    Given a defender carrying Rum 10, Gems 20 and Spices 20 and an attacker with 30 free units, When the
    defender loses all his crew, Then the attacker picks which cargo fills his hold — here both 20-unit cards
    will not fit, so he takes the Gems and the Rum.
    """
    s = scenario(2)
    equip(s, 1, hull="Galleon", cargo=("Rum 10 Units", "Spices 20 Units", "Gems 20 Units"))
    ship(s, 1)["crew"] = ["Cutlass Crewman"]
    s.deck["Cutlass Crewman"] += 1
    equip(s, 0, cannons=3)
    give(s, 0, "Attack", "Attack", "Attack")
    s = at_step(s, "play").apply(Play("Attack", target=1))
    s = s.apply(Act("no offer")).apply(Act("fight on")).apply(Act("stand and fight"))
    s = s.apply(Act("no offer")).apply(Act("fight on"))
    s = s.apply(next(v for v in s.chance_outcomes().outcomes() if tuple(v)[2:] == (False, False)))
    s = s.apply(Act("no offer")).apply(Act("fight on")).apply((6, 1))     # her last crewman falls
    assert s.phase == "take_cargo" and s.current_player() == 0
    s.validate()
    refused(s, TakeCargo(("Spices 20 Units", "Gems 20 Units")), "Stage 5: Plundering the Enemy Ship")  # 40 > 30
    s = s.apply(TakeCargo(("Gems 20 Units", "Rum 10 Units")))
    assert sorted(ship(s, 0)["cargo"]) == ["Gems 20 Units", "Rum 10 Units"]
    assert ship(s, 1)["cargo"] == ["Spices 20 Units"]
    assert s.players[0]["hoard"] == 3250 + 1625
    s.validate()
