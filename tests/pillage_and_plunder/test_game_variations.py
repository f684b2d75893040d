"""Rules: Pillage & Plunder › Game Variations (Fleet Play, Privateering), one Given/When/Then test per rule.

Each test failed on the engine before its fix, or fails when the rule it holds is broken by hand (checked once). The tests folded in from the
files named after audit and mutation rounds (issue 36 item 3) each pinned an audit finding or killed a mutant.
They drive the public State API (``apply``, ``legal_actions``) from hand-built positions (:mod:`..scenarios`).
"""

from __future__ import annotations

from fractions import Fraction

from pirates_lab.core import play
from pirates_lab.core.testing import refused
from pirates_lab.pillage_and_plunder.battles import Volley
from pirates_lab.pillage_and_plunder.game import (Act, AttackMerchant, MoveCargo, MoveCrewman, Play, Repair, SellShip,
                                                  StealDebt)
from pirates_lab.pillage_and_plunder.headings import RULE_HIRE_CREW_MEMBER
from pirates_lab.pillage_and_plunder.scenarios import at_step, equip, give, scenario, ship

from pillage_steps import MERCHANT, add_ship, fleet, run, to_play, won_battle


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


# ------------------------------------------------------------------ set-up steps of the folded tests


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


def test_an_eliminated_privateer_discards_his_navy_card():
    """Rules: Pillage & Plunder › Privateering
    Rules: Pillage & Plunder › Player Attacking Player ("If the defeated player is eliminated from the game")

    Given player 1 privateering for the Dutch (his Dutch Navy card before him, 500 owed) on a Sloop with
    two damage, When player 0's cannons sink that last ship, Then player 1 is eliminated, is no longer a
    privateer, and the Dutch Navy card lies in the discard pile (every card still accounted for).
    """
    s = to_play(scenario(2, privateering=True))
    s._draw_card("Dutch Navy")
    s.players[1]["privateer"] = {"navy": "Dutch Navy", "owed": 500}
    ship(s, 1)["damage"] = 2
    s.validate()
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act("no offer"), Act("fight on"), Act("stand and fight"),
            Act("no offer"), Act("fight on"), Volley(0, 1, False, True))
    loser = s.players[1]
    assert loser["eliminated"] and loser["privateer"] is None
    assert "Dutch Navy" in s.discard
    assert s.observation(0)["players"][1]["privateer"] is None
    s.validate()


def test_asset_liquidation_counts_what_is_aboard_not_buried_treasure():
    """Rules: Pillage & Plunder › Asset Liquidation ("factor in the face value of all of his assets: cannons,
    crewmen, ships and so on")
    Rules: Pillage & Plunder › Your Hoard ("Only the money in your hoard counts towards the total needed to win")

    House rule (the variation lists ships and their contents, not buried coins; docs/pillage_and_plunder.md):
    Given Asset Liquidation and a player who has buried 1,000 of his 3,250, When his worth is counted, Then it is
    the 2,250 left in his hoard plus his Sloop, cannon and two crewmen at their cost — the treasure map adds
    nothing, as in the game without the variation.
    """
    s = scenario(2, asset_liquidation=True)
    base = s.worth(0)
    s.players[0]["hoard"] -= 1000
    s.players[0]["maps"].append(1000)
    s._draw_card("Bury Treasure")
    s.validate()
    data = s.data
    aboard = data.hulls["Sloop"].cost + data.costs["Cannon"] + 2 * data.costs["Cutlass Crewman"]
    assert s.worth(0) == 2250 + aboard == base - 1000
    plain = scenario(2)
    plain.players[0]["hoard"] -= 1000
    plain.players[0]["maps"].append(1000)
    plain._draw_card("Bury Treasure")
    assert plain.worth(0) == 2250


def test_a_privateers_debt_stolen_on_doubles_goes_to_the_thief():
    """Rules: Pillage & Plunder › Privateering ("they can attempt to steal the money that you owe to your sponsor in the
    same way that he would try to steal one of your treasure maps")

    Given player 1 beating player 2, a privateer owing 1,500, When he tries for the debt and rolls doubles, Then the
    1,500 is his and player 2 owes nothing; without doubles nothing moves.
    """
    s = scenario(2, privateering=True)
    s._draw_card("Dutch Navy")
    s.players[1]["privateer"] = {"navy": "Dutch Navy", "owed": 1500}
    s = won_battle(s)
    assert s.phase == "steal" and s.legal_actions() == (Act.STOP_STEALING, StealDebt())
    hoard = s.players[0]["hoard"]
    stolen = run(s, StealDebt(), (3, 3))
    assert stolen.players[0]["hoard"] == hoard + 1500 and stolen.players[1]["privateer"]["owed"] == 0
    missed = run(s, StealDebt(), (3, 4))
    assert missed.players[0]["hoard"] == hoard and missed.players[1]["privateer"]["owed"] == 1500


def test_an_item_for_a_ship_that_is_not_there_is_refused():
    """Rules: Pillage & Plunder › Fleet Play

    Given one ship, When a Cannon is bought for ship 2 (index 1) or a repair card played on ship 2, Then each is
    refused naming the ship as the player counts it.
    """
    s = to_play(scenario(2))
    give(s, 0, "Cannon", "Repair at No Cost")
    assert refused(s, Play("Cannon", ship=1), "Fleet Play").reason == "You have no ship number '2'."
    assert refused(s, Play("Repair at No Cost", ship=1), "Repair Ship").reason == "You have no ship number '2'."


def test_a_treasure_hunt_may_steal_only_another_players_map():
    """Rules: Pillage & Plunder › Stealing Treasure Maps ("attempting to steal another player's treasure map")"""
    s = scenario(2, stealing_treasure_maps=True)
    for p in (0, 1):
        s._draw_card("Bury Treasure")
        s.players[p]["maps"] = [500]
    s = to_play(s)
    give(s, 0, "Treasure Hunt")
    hunts = [a for a in s.legal_actions() if isinstance(a, Play) and a.card == "Treasure Hunt" and not a.discard]
    assert hunts == [Play("Treasure Hunt"), Play("Treasure Hunt", target=1, steal=0)]


def test_a_privateer_is_refused_a_merchant_of_his_sponsor_with_the_reason():
    """Rules: Pillage & Plunder › Privateering ("you can attack merchant ships of any country except the one that you
    are privateering for")"""
    s = to_play(scenario(2, privateering=True))
    s._draw_card("French Navy")
    s.players[0]["privateer"] = {"navy": "French Navy", "owed": 0}
    give(s, 0, MERCHANT, "Dutch Merchant (Strength 2)")
    assert Play("Dutch Merchant (Strength 2)") in s.legal_actions() and Play(MERCHANT) not in s.legal_actions()
    assert refused(s, Play(MERCHANT), "Privateering").reason == \
        "A privateer cannot attack merchants of the country he sails for."


def test_selling_a_ship_says_when_nothing_has_room_for_its_crew():
    """Rules: Pillage & Plunder › Fleet Play ("Cannons and crewmen cannot be sold")

    Given seat 1 with a full Sloop and an empty Schooner with no room left, When the Schooner's crewman has nowhere to
    go, Then the log names player 1 and the crewman goes to the discard pile.
    """
    s = scenario(2, fleet_play=True)
    equip(s, 0, crew=("Cutlass Crewman",))                        # the Sloop is full (3 of 3)
    add_ship(s, 0, "Schooner", crew=("Pistol Crewman",))
    s = s.apply(SellShip(1))
    assert "No ship of player 1 has room for the Pistol Crewman: it goes to the discard pile." in s.log


def test_a_stolen_debt_is_told():
    """Rules: Pillage & Plunder › Privateering"""
    s = scenario(2, privateering=True)
    s._draw_card("Dutch Navy")
    s.players[1]["privateer"] = {"navy": "Dutch Navy", "owed": 700}
    s = run(won_battle(s), StealDebt(), (6, 6))
    assert "Player 1 rolls doubles and steals the 700 player 2 owed his sponsor." in s.log


def test_fleet_play_a_cannon_may_move_to_any_ship_with_room_on_its_own_deck():
    """Rules: Pillage & Plunder › Fleet Play ("Crewmen, cannons and cargo can be moved from ship to ship")

    Given a Sloop (room for 3 cannons, 1 aboard) and a Galleon (room for 5, 3 aboard), Then a cannon may move from the
    Sloop to the Galleon (the Galleon's own deck has room).
    """
    from pirates_lab.pillage_and_plunder.game import MoveCannon

    s = scenario(2, fleet_play=True)
    add_ship(s, 0, "Galleon", cannons=3)
    assert MoveCannon(0, 1) in s.legal_actions() and MoveCannon(1, 0) in s.legal_actions()
    s = s.apply(MoveCannon(0, 1))
    assert (ship(s, 0, 0)["cannons"], ship(s, 0, 1)["cannons"]) == (0, 4)


def test_fleet_play_offers_moving_a_cannon_between_ships():
    """Rules: Pillage & Plunder › Fleet Play

    Given a Sloop with a cannon and a Galleon without, Then moving the cannon from ship 0 to ship 1 is
    offered and moves it; the Galleon, with no cannon, offers none back.
    """
    from pirates_lab.pillage_and_plunder.game import MoveCannon

    s = fleet()
    moves = [a for a in s.legal_actions() if isinstance(a, MoveCannon)]
    assert moves == [MoveCannon(0, 1)]
    s = s.apply(MoveCannon(0, 1))
    assert ship(s, 0)["cannons"] == 0 and ship(s, 0, 1)["cannons"] == 1


def test_a_treasure_hunt_card_goes_to_the_discard_pile_after_its_roll():
    """Rules: Pillage & Plunder › Stealing Treasure Maps

    Given player 1 with a buried treasure map of 2,000, When player 0 plays Treasure Hunt on it and rolls
    (doubles or not), Then the Treasure Hunt card lies on top of the discard pile and the position is valid.
    """
    s = scenario(2, stealing_treasure_maps=True)
    s.players[1]["maps"] = [2000]
    s._draw_card("Bury Treasure")
    give(s, 0, "Treasure Hunt", "Attack", "Attack")
    s = at_step(s, "play").apply(Play("Treasure Hunt", target=1, steal=0))
    for dice, maps in (((2, 2), [2000]), ((2, 3), [])):
        after = s.apply(dice)
        assert after.discard[-1] == "Treasure Hunt" and after.players[0]["maps"] == maps
        after.validate()


def test_asset_liquidation_counts_add_ons_at_their_cost():
    """Rules: Pillage & Plunder › Asset Liquidation

    Given Asset Liquidation and a Sloop with a Crow's Nest (375 on a Sloop), Then the player's worth grows by 375.
    """
    s = scenario(2, asset_liquidation=True)
    before = s.worth(0)
    equip(s, 0, addons=("Crow's Nest",))
    assert s.worth(0) == before + 375


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


def test_fleet_play_a_player_attacks_a_passing_merchant_with_the_ship_he_declares():
    """Rules: Pillage & Plunder › Fleet Play ("When attacking, you must declare which ship you will be using")
    Rules: Pillage & Plunder › Player Attacking Merchant Ship

    Given Fleet Play and player 2 with a Sloop and a Galleon, When a merchant called off by player 1 sails on to
    him, Then he may attack it with either ship, and the battle is fought by the ship he names.
    """
    s = to_play(scenario(2, fleet_play=True))
    add_ship(s, 1, "Galleon", crew=("Cutlass Crewman", "Cutlass Crewman"), cannons=2)
    give(s, 0, MERCHANT)
    s = run(s, Play(MERCHANT), Act("call off"))
    assert s.current_player() == 1
    assert s.legal_actions() == (AttackMerchant(0), AttackMerchant(1), Act("let it pass"))
    assert str(AttackMerchant(1)) == "attack merchant with ship 2"
    s = s.apply(AttackMerchant(1))
    assert s.observation(0)["battle"]["attacker"] == {"type": "player", "player": 1, "ship": 1}


def test_fleet_play_an_event_hits_the_ship_it_is_played_on():
    """Rules: Pillage & Plunder › Fleet Play ("When being attacked, your opponent has the choice of which ship they will attack")
    Rules: Pillage & Plunder › Play Event Card

    Given Fleet Play and player 2 with a Sloop and a Galleon, When player 1 plays Shipwreck on the Galleon, Then
    the Galleon takes the damage and the Sloop none; a Navigator aboard the Sloop does not spare the Galleon,
    one aboard the Galleon does.
    """
    s = to_play(scenario(2, fleet_play=True))
    add_ship(s, 1, "Galleon", crew=("Cutlass Crewman",))
    equip(s, 1, crew=("Navigator",))                      # on the Sloop
    give(s, 0, "Shipwreck")
    assert {Play("Shipwreck", target=1, target_ship=0), Play("Shipwreck", target=1, target_ship=1)} <= \
        set(s.legal_actions())
    hit = s.apply(Play("Shipwreck", target=1, target_ship=1))
    assert ship(hit, 1, 1)["damage"] == 2 and ship(hit, 1, 0)["damage"] == 0
    spared = s.apply(Play("Shipwreck", target=1, target_ship=0))
    assert ship(spared, 1, 0)["damage"] == 0 and "Player 2 is spared: the Navigator aboard." in spared.log


def test_fleet_play_the_player_picks_the_crewman_he_moves():
    """Rules: Pillage & Plunder › Fleet Play ("Crewmen, cannons and cargo can be moved from ship to ship")

    Given a Sloop with a Doctor and two cutlass crewmen and an empty Galleon, Then moving each kind of crewman is
    offered, and moving the Doctor moves the Doctor.
    """
    s = scenario(2, fleet_play=True)
    ship(s, 0)["crew"] = ["Cutlass Crewman"]
    s.deck["Cutlass Crewman"] += 1
    equip(s, 0, crew=("Doctor",))
    add_ship(s, 0, "Galleon", crew=())
    moves = [a for a in s.legal_actions() if isinstance(a, MoveCrewman)]
    assert moves == [MoveCrewman(0, 1, "Cutlass Crewman"), MoveCrewman(0, 1, "Doctor")]
    s = s.apply(MoveCrewman(0, 1, "Doctor"))
    assert ship(s, 0, 0)["crew"] == ["Cutlass Crewman"] and ship(s, 0, 1)["crew"] == ["Doctor"]


def test_a_map_is_stolen_on_doubles_and_only_on_doubles():
    """Rules: Pillage & Plunder › Stealing Treasure Maps ("roll two dice. If you roll doubles, the treasure map
    becomes yours")

    Given a Treasure Hunt played to steal player 2's map, When each of the 36 rolls is made, Then the map changes
    hands exactly on the six doubles.
    """
    s = to_play(scenario(2, stealing_treasure_maps=True))
    s.players[1]["maps"] = [2000]
    s._draw_card("Bury Treasure")
    give(s, 0, "Treasure Hunt")
    s = s.apply(Play("Treasure Hunt", target=1, steal=0))
    rolls = s.chance_outcomes()
    assert len(rolls.outcomes()) == 36 and all(p == Fraction(1, 36) for _, p in rolls.items())
    for x, y in rolls.outcomes():
        after = s.apply((x, y))
        assert after.players[0]["maps"] == ([2000] if x == y else []), (x, y)
        assert after.players[1]["maps"] == ([] if x == y else [2000]), (x, y)


def test_privateering_half_the_prize_is_owed_and_navy_ships_leave_a_privateer_alone():
    s = to_play(scenario(2, privateering=True))
    equip(s, 0, cannons=3)
    give(s, 0, "Dutch Navy", "French Merchant (Strength 2)")
    s = s.apply(Play("Dutch Navy", privateer=True))
    assert s.players[0]["privateer"] == {"navy": "Dutch Navy", "owed": 0}
    s = run(s, Play("French Merchant (Strength 2)"), Act("fight on"), (6, 1), Act("fight on"))
    s = s.apply(Volley(0, 2, False, True))
    s = s.apply(3000)
    assert s.players[0]["hoard"] == 3250 + 1500 and s.players[0]["privateer"]["owed"] == 1500
    s.validate()


def test_fleet_play_a_bought_hull_is_a_second_ship():
    s = to_play(scenario(2, fleet_play=True))
    give(s, 0, "Galleon")
    s.players[0]["hoard"] = 7000
    s = s.apply(Play("Galleon"))
    assert [sh["hulls"][0]["hull"] for sh in s.players[0]["ships"]] == ["Sloop", "Galleon"]
    s = at_step(s, "predraw")
    s = s.apply(MoveCrewman(0, 1, "Cutlass Crewman"))
    assert len(ship(s, 0, 1)["crew"]) == 1
    s = s.apply(SellShip(0))
    assert s.players[0]["hoard"] == 1000 + 750 and len(s.players[0]["ships"]) == 1
    s.validate()


def test_asset_liquidation_worth_counts_every_asset_at_face_value():
    s = scenario(2, asset_liquidation=True)
    assert s.worth(0) == 3250 + 1500 + 300 + 2 * 200
    assert scenario(2).worth(0) == 3250


def test_fleet_play_a_sold_ships_cannons_and_crew_with_no_room_go_under_the_top_discard():
    """Rules: Pillage & Plunder › Fleet Play ("Ship hulls and their add-ons can be sold to the bank for half their cost
    during the pre-draw stage"; "Cannons and crewmen cannot be sold"), house rule 13 (what no other ship has room for
    goes to the discard pile), and the pre-draw stage's way with the discard pile (Sell Cargo, Retrieve Buried
    Treasure: "beneath the top card (so that the previous player's discard remains on top)").

    Given a fleet of two Sloops, the second with a full cannon deck and full crew quarters, and the previous player's
    Attack on top of the discard pile, When player 1 sells his first Sloop, Then its cannon and two crewmen go to the
    discard pile beneath the Attack, which stays on top.
    """
    s = scenario(2, fleet_play=True)
    add_ship(s, 0, "Sloop", crew=("Cutlass Crewman",) * 3, cannons=3)
    s._draw_card("Attack")
    s.discard.append("Attack")
    s.validate()
    s = s.apply(SellShip(0))
    assert s.discard[-1] == "Attack"
    assert sorted(s.discard[:-1]) == ["Cannon", "Cutlass Crewman", "Cutlass Crewman", "Sloop"]
    assert len(s.players[0]["ships"]) == 1
    s.validate()
