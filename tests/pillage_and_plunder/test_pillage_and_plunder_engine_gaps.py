"""Rules the mutation sample of the FlowState engine found untested (docs/pillage_and_plunder.md, "Mutation
testing"): one Given/When/Then scenario each, on hand-built positions, through the public State API.

Each was checked to fail with its mutant switched on (``MUTANT_UNDER_TEST=<name>`` in the mutation clone).
"""
from __future__ import annotations

import pytest

from pirates_lab.core.testing import refused
from pirates_lab.pillage_and_plunder.battles import Volley
from pirates_lab.pillage_and_plunder.game import (Act, AttackMerchant, Offer, Play, Repair, Retrieve, SellShip, StealDebt,
                                                  StealMap, TakeCargo)
from pirates_lab.pillage_and_plunder.scenarios import at_step, equip, give, scenario, ship

from pillage_steps import add_ship, run, to_play

MERCHANT = "French Merchant (Strength 2)"


def won_battle(s, attacker: int = 0, defender: int = 1):
    """``attacker`` beats ``defender`` (whose crew is gone) in the mêlée; the steal step follows if he has maps."""
    ship(s, defender)["crew"] = []
    s.deck["Cutlass Crewman"] += 2
    s.current = attacker
    give(s, attacker, "Attack", "Bury Treasure", "Bury Treasure")
    s = at_step(s, "play", attacker)
    s = run(s, Play("Attack", target=defender), Act.NO_OFFER, Act.FIGHT_ON, Act.STAND_AND_FIGHT, Act.NO_OFFER,
            Act.FIGHT_ON, Volley(0, 1, False, False), Act.NO_OFFER, Act.FIGHT_ON)
    return s


# ------------------------------------------------------------------ merchants
def test_fleet_play_a_captured_merchants_cargo_goes_aboard_the_ship_that_took_it():
    """Rules: Pillage & Plunder › Player Attacking Merchant Ship ("Player takes all cargo (if any) that he can hold")
    Rules: Pillage & Plunder › Fleet Play

    Given player 1 attacking a merchant loaded with Rum from his second ship, When he captures it, Then the Rum goes
    into that ship's hold, not his first ship's.
    """
    s = to_play(scenario(2, fleet_play=True))
    add_ship(s, 0, "Galleon", crew=("Cutlass Crewman", "Cutlass Crewman", "Cutlass Crewman"), cannons=3)
    give(s, 0, MERCHANT, "Rum 10 Units")
    s = run(s, Play(MERCHANT, ship=1, extra=("Rum 10 Units",)), Act.FIGHT_ON, (6, 1), Act.FIGHT_ON,
            Volley(0, 2, False, True), 3000)
    assert ship(s, 0, 1)["cargo"] == ["Rum 10 Units"] and ship(s, 0, 0)["cargo"] == []


def test_a_merchant_at_sea_between_battles_is_counted_on_the_table():
    """Every card stays somewhere (validate counts the 298): a merchant that sails on lies on the table, with its
    cargo, between one player's battle and the next.

    Given a merchant loaded with Gems that player 1 calls off, When it sails on to player 2, Then the position is
    valid and the merchant and its Gems are neither in the deck nor in the discard pile.
    """
    s = to_play(scenario(2))
    give(s, 0, MERCHANT, "Gems 10 Units")
    s = run(s, Play(MERCHANT, extra=("Gems 10 Units",)), Act.CALL_OFF)
    assert s.phase == "merchant_pass" and s.current_player() == 1
    s.validate()
    assert sorted(s.table_cards()) == ["French Merchant (Strength 2)", "Gems 10 Units"]
    assert s.observation(1)["merchant"]["cargo"] == ["Gems 10 Units"]


# ------------------------------------------------------------------ stealing after a battle
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


def test_after_a_map_is_stolen_the_others_keep_their_place_in_the_list():
    """Rules: Pillage & Plunder › Player Attacking Player ("This process may be repeated for each treasure map that the
    defeated player has")

    Given player 2 with maps of 100, 200 and 300, When player 1 steals the second on doubles, Then he may still try
    for the first and the third (and only those), by their places in player 2's list now.
    """
    s = scenario(2)
    for _ in range(3):
        s._draw_card("Bury Treasure")
    s.players[1]["maps"] = [100, 200, 300]
    s = run(won_battle(s), StealMap(1), (2, 2))
    assert s.players[1]["maps"] == [100, 300] and s.players[0]["maps"] == [200]
    assert s.legal_actions() == (Act.STOP_STEALING, StealMap(0), StealMap(1))
    s = run(s, StealMap(1), (5, 5))
    assert s.players[0]["maps"] == [200, 300] and s.legal_actions() == (Act.STOP_STEALING, StealMap(0))


# ------------------------------------------------------------------ the battle's stages
def test_the_crows_nest_shot_can_sink_a_ship_before_the_battle():
    """Rules: Pillage & Plunder › Stage 1: Spotting the Enemy ("The enemy ship automatically receives one unit of
    damage") — and a ship destroyed ends the battle (Stage 5).

    Given player 2's Sloop with two damage and player 1's Crow's Nest, When player 1 fights on at stage 1, Then the
    shot destroys the Sloop: player 2 is eliminated and player 1 takes his coins.
    """
    s = to_play(scenario(2))
    equip(s, 0, addons=("Crow's Nest",))
    ship(s, 1)["damage"] = 2
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON)
    assert s.players[1]["eliminated"] and s.players[0]["hoard"] == 6500
    assert "The attacker's crow's nest spots the enemy first: the defender takes one damage." in s.log


@pytest.mark.parametrize("speeds, dice, line", [
    ((0, 0), (3, 5), "Same speed (5); attacker rolls 3, defender 5: the defender escapes."),
    ((0, 0), (5, 3), "Same speed (5); attacker rolls 5, defender 3: the attack goes on."),
    ((0, 1), (2, 2), "The defender is faster (speed 5 v 4); the attacker rolls 2 and 2: doubles! The chase goes on."),
    ((0, 1), (2, 3), "The defender is faster (speed 5 v 4); the attacker rolls 2 and 3: no doubles, the defender escapes."),
    ((1, 0), (4, 4), "The attacker is faster (speed 5 v 4); the defender rolls 4 and 4: doubles! The defender escapes."),
    ((1, 0), (4, 1), "The attacker is faster (speed 5 v 4); the defender rolls 4 and 1: no doubles."),
])
def test_the_chase_is_told_as_it_happens(speeds, dice, line):
    """Rules: Pillage & Plunder › If the defending ship is faster
    Rules: Pillage & Plunder › If the attacking ship is faster
    Rules: Pillage & Plunder › If both ships are the same speed

    Given two Sloops (one slowed by a damage where the case needs it), When the defender flees and the dice fall,
    Then the log says who rolled what and what it means.
    """
    s = to_play(scenario(2))
    ship(s, 0)["damage"], ship(s, 1)["damage"] = speeds[1], speeds[0]
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON, Act.FLEE, dice)
    assert s.log[-1] == line or line in s.log


def test_the_winner_is_offered_the_cargo_in_hold_order_biggest_first_and_most_valuable_first():
    """Rules: Pillage & Plunder › Stage 5: Plundering the Enemy Ship

    Given a loser carrying Rum 10, Fruit 20 and Gems 10 and a winner with 20 units free, Then the choices listed are
    the cargo taken in hold order (Rum, then Gems), biggest first (the Fruit) and most valuable first (Gems, then Rum).
    """
    s = scenario(2)
    equip(s, 1, hull="Galleon", cargo=("Rum 10 Units", "Fruit 20 Units", "Gems 10 Units"))
    equip(s, 0, cargo=("Spices 10 Units",))
    s = won_battle(s)
    assert s.phase == "take_cargo"
    assert s.legal_actions() == (TakeCargo(("Rum 10 Units", "Gems 10 Units")), TakeCargo(("Fruit 20 Units",)),
                                 TakeCargo(("Gems 10 Units", "Rum 10 Units")))


def test_a_sunk_ships_loose_cannon_goes_to_the_winner_whoever_he_is():
    """Rules: Pillage & Plunder › Player Attacking Player ("The victorious player is also entitled to any crewmen or
    cannons that can no longer fit on the defeated player's ship … provided there is room for them")

    Given player 2 attacking player 1's Schooner (four cannons) that one more hit sinks, When it sinks, Then the
    Sloop beneath holds three cannons and the fourth goes aboard player 2's ship (he has room), not player 1's.
    """
    s = scenario(2)
    equip(s, 0, hull="Schooner", cannons=4, crew=("Cutlass Crewman", "Cutlass Crewman"))
    ship(s, 0)["damage"] = 4
    s.current = 1
    give(s, 1, "Attack", "Bury Treasure", "Bury Treasure")
    s = at_step(s, "play", 1)
    s = run(s, Play("Attack", target=0), Act.NO_OFFER, Act.FIGHT_ON, Act.STAND_AND_FIGHT, Act.NO_OFFER, Act.FIGHT_ON)
    s = s.apply(next(v for v in s.chance_outcomes().outcomes() if v.defender_destroyed and not v.attacker_damage))
    assert ship(s, 0)["hulls"] == [{"hull": "Sloop", "addons": []}] and ship(s, 0)["cannons"] == 3
    assert ship(s, 1)["cannons"] == 2
    s.validate()


def test_the_observation_shows_the_battle_as_it_stands():
    """What every seat sees of a battle: the sides (a navy's owner among them), the stage, the terms on offer.

    Given player 2 offering terms at the start of stage 2, Then the observation shows the offer in full; given the
    French Navy sent by player 1 after player 2, Then it shows the navy's card, damage, crew and owner.
    """
    s = to_play(scenario(2))
    equip(s, 1, cargo=("Rum 10 Units",))
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Offer(100, cargo=("Rum 10 Units",), crew=("Cutlass Crewman",), cannons=1))
    seen = s.observation(0)["battle"]
    assert seen == {"kind": "player", "attacker": {"type": "player", "player": 0, "ship": 0},
                    "defender": {"type": "player", "player": 1, "ship": 0}, "stage": 2, "doctors_used": [],
                    "offer": {"coins": 100, "maps": [], "cargo": ["Rum 10 Units"], "crew": ["Cutlass Crewman"],
                              "cannons": 1}}
    s = to_play(scenario(2))
    s._draw_card(MERCHANT)
    s.players[1]["prizes"].append(MERCHANT)
    give(s, 0, "French Navy")
    s = s.apply(Play("French Navy", target=1))
    assert s.observation(1)["battle"]["attacker"] == {"type": "navy", "card": "French Navy", "damage": 0, "crew": 8,
                                                      "owner": 0}


# ------------------------------------------------------------------ buying, repairing, retrieving
def test_the_log_names_the_buyer():
    """Rules: Pillage & Plunder › Hire Crew Member

    Given seat 1 on turn, When he hires a pistol crewman, Then the log says "Player 2 buys a Pistol Crewman for 400."
    """
    s = scenario(2)
    s.current = 1
    give(s, 1, "Pistol Crewman", "Attack", "Attack")
    s = at_step(s, "play", 1).apply(Play("Pistol Crewman"))
    assert s.log[-1] == "Player 2 buys a Pistol Crewman for 400."


def test_an_item_for_a_ship_that_is_not_there_is_refused():
    """Rules: Pillage & Plunder › Fleet Play

    Given one ship, When a Cannon is bought for ship 2 (index 1) or a repair card played on ship 2, Then each is
    refused naming the ship as the player counts it.
    """
    s = to_play(scenario(2))
    give(s, 0, "Cannon", "Repair at No Cost")
    assert refused(s, Play("Cannon", ship=1), "Fleet Play").reason == "You have no ship number '2'."
    assert refused(s, Play("Repair at No Cost", ship=1), "Repair Ship").reason == "You have no ship number '2'."


def test_a_repair_you_cannot_pay_is_refused_with_the_price():
    """Rules: Pillage & Plunder › Repair Ship

    Given a damaged Galleon (hull cost 6,000) and a hoard of 1,000, When "Repair at 25% Cost" is played, Then it is
    refused with its price and the hoard.
    """
    s = to_play(scenario(2))
    equip(s, 0, hull="Galleon")
    ship(s, 0)["damage"] = 1
    s.players[0]["hoard"] = 1000
    give(s, 0, "Repair at 25% Cost")
    error = refused(s, Play("Repair at 25% Cost"), "Repair Ship")
    assert error.reason == "This repair costs 1500; your hoard holds 1000."


def test_cargo_that_exactly_fills_the_new_hold_does_not_stop_an_upgrade():
    """Rules: Pillage & Plunder › Buy Ship

    Given a Sloop with an Extra Cargo Hold carrying exactly 40 units, When it upgrades to a Schooner (hold 40), Then
    the upgrade is allowed (41 units would not be).
    """
    s = to_play(scenario(2))
    equip(s, 0, addons=("Extra Cargo Hold",), cargo=("Gems 20 Units", "Rum 20 Units"))
    give(s, 0, "Schooner")
    assert Play("Schooner") in s.legal_actions()
    assert s.apply(Play("Schooner")).hull(0).name == "Schooner"


def test_retrieved_treasure_puts_its_card_under_the_top_of_the_discard_pile_and_rules_out_working():
    """Rules: Pillage & Plunder › Retrieve Buried Treasure ("the Bury Treasure card … is placed on the discard pile
    beneath the top card (so that the previous player's discard remains on top)")
    Rules: Pillage & Plunder › "Working" – An Alternative For Desperate Pirates

    Given a buried map of 700 and an Attack on top of the discard pile, When it is retrieved, Then the Attack is
    still on top with the Bury Treasure card beneath it, and working is no longer offered this turn.
    """
    s = scenario(2)
    s._draw_card("Bury Treasure")
    s.players[0]["maps"] = [700]
    s._draw_card("Attack")
    s.discard.append("Attack")
    s = s.apply(Retrieve(700))
    assert s.discard[-2:] == ["Bury Treasure", "Attack"] and s.players[0]["hoard"] == 3950
    assert Act.WORK not in s.legal_actions()
    refused(s, Act.WORK, '"Working" – An Alternative For Desperate Pirates')
    s.validate()


def test_pre_draw_moves_after_drawing_are_refused_saying_when_they_may_be_made():
    """Rules: Pillage & Plunder › Sell Cargo ("You can only sell cargo during the pre-draw stage")
    Rules: Pillage & Plunder › Retrieve Buried Treasure
    """
    s = to_play(scenario(2))
    equip(s, 0, cargo=("Rum 10 Units",))
    assert refused(s, Act.WORK, '"Working" – An Alternative For Desperate Pirates').reason == \
        "You can only work during the pre-draw stage, before drawing."
    assert refused(s, Retrieve(5), "Retrieve Buried Treasure").reason == \
        "You can only retrieve buried treasure during the pre-draw stage, before drawing."
    from pirates_lab.pillage_and_plunder.game import SellCargo

    assert refused(s, SellCargo(0, "Rum 10 Units"), "Sell Cargo").reason == \
        "You can only sell cargo during the pre-draw stage, before drawing."


def test_only_one_card_comes_from_the_discard_pile_even_when_it_holds_more():
    """Rules: Pillage & Plunder › Stage 2: The draw and play stage ("One of these cards may come from the top of the
    discard pile")

    Given a discard pile of three cards, When the player takes its top card, Then he may not take the next one.
    """
    s = scenario(2)
    for card in ("Attack", "Cannon", "Cannon"):
        s._draw_card(card)
        s.discard.append(card)
    s = run(s, Act.DRAW, Act.TAKE_DISCARD)
    assert Act.TAKE_DISCARD not in s.legal_actions()
    refused(s, Act.TAKE_DISCARD, "Stage 2: The draw and play stage")


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


# ------------------------------------------------------------------ the repair stage, damage, capacities
def test_the_repair_stage_asks_every_damaged_player_in_turn():
    """Rules: Pillage & Plunder › Stage 3: The repair stage ("all players have the opportunity to repair one of their
    ship's damage points")

    Given three players, the second and third damaged, When the first works, Then the second is asked, then the
    third, and each repairs one damage.
    """
    s = scenario(3)
    ship(s, 1)["damage"] = ship(s, 2)["damage"] = 2
    s = s.apply(Act.WORK)
    assert s.current_player() == 1
    s = s.apply(Repair(0))
    assert s.current_player() == 2 and s.phase == "repair"
    s = s.apply(Repair(0))
    assert [ship(s, i)["damage"] for i in range(3)] == [0, 1, 1] and s.current == 1


def test_fleet_play_a_ship_sinks_by_its_own_strength():
    """Rules: Pillage & Plunder › Ship Hull ("When the number of damage points on your ship's hull is greater than or
    equal to its strength value, your ship is destroyed")

    Given player 2 with a Galleon (strength 7) and a Sloop (strength 3) with one damage, When Shipwreck (two damage)
    hits the Sloop, Then the Sloop is destroyed and the Galleon sails on.
    """
    s = scenario(2, fleet_play=True)
    ship(s, 1)["hulls"] = [{"hull": "Galleon", "addons": []}]
    s.deck["Sloop"] += 1
    s._draw_card("Galleon")
    add_ship(s, 1, "Sloop", crew=("Cutlass Crewman",))
    ship(s, 1, 1)["damage"] = 1
    s = to_play(s)
    give(s, 0, "Shipwreck")
    s = s.apply(Play("Shipwreck", target=1, target_ship=1))
    assert [sh["hulls"][0]["hull"] for sh in s.players[1]["ships"]] == ["Galleon"]
    s.validate()


def test_a_lost_event_cargo_goes_under_the_top_of_the_discard_pile():
    """Rules: Pillage & Plunder › Play Event Card (ASSUMPTION: cargo an event takes goes under the top card, as sold
    cargo does; the Event card itself goes on top)

    Given an Attack on top of the discard pile, When Rats in Cargo eats player 2's Fruit, Then the pile ends Fruit,
    Attack, Rats in Cargo.
    """
    s = to_play(scenario(2))
    equip(s, 1, cargo=("Fruit 10 Units",))
    s._draw_card("Attack")
    s.discard.append("Attack")
    give(s, 0, "Rats in Cargo")
    s = s.apply(Play("Rats in Cargo", target=1))
    assert s.discard[-3:] == ["Fruit 10 Units", "Attack", "Rats in Cargo"]


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


def test_the_battle_odds_see_a_doctor_aboard():
    """Rules: Pillage & Plunder › Stage 4: The Mêlée — the ship the calculators are given is the ship on the table."""
    s = scenario(2)
    equip(s, 0, crew=("Doctor",))
    assert s.battle_ship(0).doctor and not s.battle_ship(1).doctor


def test_cargo_capacity_is_each_ships_own():
    """Rules: Pillage & Plunder › Cargo Hold; Fleet Play ("Each Ship Hull card that you play has its own … cargo hold")"""
    s = scenario(2, fleet_play=True)
    add_ship(s, 0, "Galleon")
    assert (s.cargo_capacity(0), s.cargo_capacity(0, 1), s.cargo_capacity(1)) == (30, 80, 30)


def bury(s, amount: int):
    s._draw_card("Bury Treasure")
    s.players[0]["maps"].append(amount)


def sink(s, player: int) -> list:
    """Take every ship of ``player`` off the table; its cards, to be laid on the discard pile."""
    cards = []
    for sh in s.players[player]["ships"]:
        cards += [level["hull"] for level in sh["hulls"]] + ["Cannon"] * sh["cannons"] + sh["crew"] + sh["cargo"]
    s.players[player]["ships"] = []
    return cards


def test_a_treasure_map_of_one_piece_of_eight_is_a_treasure():
    s = scenario(2)
    bury(s, 1)
    s.validate()


def overload(s, card: str, n: int):
    """Put ``n`` more ``card`` aboard player 2's Sloop, taken from the draw piles (the card count stays right)."""
    for _ in range(n):
        s._draw_card(card)
    if card == "Cannon":
        ship(s, 1)["cannons"] += n
    else:
        ship(s, 1)["crew"] += [card] * n


@pytest.mark.parametrize("break_it, message", [
    (lambda s: s.players[0].update(hoard=-5), "player 1 has negative money"),
    (lambda s: overload(s, "Cannon", 3), "player 2's ship 1 is over capacity"),
    (lambda s: overload(s, "Cutlass Crewman", 2), "player 2's ship 1 is over capacity"),
    (lambda s: s.discard.append("Kraken"), "the cards do not add up to the 298 of the box: Kraken 1 .the box has 0."),
    (lambda s: bury(s, 0), "player 1 has a treasure map of no money"),
    (lambda s: s.discard.extend(sink(s, 1)), "player 2 has no ship but is not eliminated"),
])
def test_validate_names_what_is_wrong(break_it, message):
    """A position that breaks a rule of the table is refused naming the player and ship as a person counts them."""
    s = scenario(2)
    break_it(s)
    with pytest.raises(ValueError, match=message):
        s.validate()


# ------------------------------------------------------------------ found by the second (fresh) mutation sample
def test_a_merchant_is_shown_as_played_and_loaded():
    """Rules: Pillage & Plunder › Attack Merchant Ship ("you may also play any number of Cargo cards from your hand
    along with it")

    Given seat 0 playing a merchant loaded with Gems, Then the log says so and every seat sees the merchant, who
    played it and its cargo.
    """
    s = to_play(scenario(2))
    give(s, 0, MERCHANT, "Gems 10 Units")
    s = s.apply(Play(MERCHANT, extra=("Gems 10 Units",)))
    assert "Player 1 plays the French Merchant (Strength 2) loaded with Gems 10 Units." in s.log
    assert s.observation(1)["battle"]["defender"] == {"type": "merchant", "card": MERCHANT, "damage": 0, "crew": 3,
                                                      "strength": 2, "cargo": ["Gems 10 Units"], "played_by": 0}


def test_an_eliminated_players_maps_left_unstolen_are_lost_forever():
    """Rules: Pillage & Plunder › Player Attacking Player ("Any treasure maps left by a player that has been eliminated
    … must be successfully stolen by rolling doubles or they are lost forever")

    Given player 2's last ship sunk by player 1 with two maps buried, When player 1 stops stealing, Then the maps are
    gone (their Bury Treasure cards on the discard pile) and every card is still accounted for.
    """
    s = to_play(scenario(2))
    for amount in (400, 900):
        s._draw_card("Bury Treasure")
        s.players[1]["maps"].append(amount)
    ship(s, 1)["damage"] = 2
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON, Act.STAND_AND_FIGHT, Act.NO_OFFER, Act.FIGHT_ON,
            Volley(0, 1, False, True))
    assert s.players[1]["eliminated"] and s.phase == "steal"
    s = s.apply(Act.STOP_STEALING)
    assert s.players[1]["maps"] == [] and s.players[0]["maps"] == [] and s.discard.count("Bury Treasure") == 2
    assert "Player 2's remaining treasure maps are lost forever." in s.log
    s.validate()


def test_a_stolen_debt_is_told():
    """Rules: Pillage & Plunder › Privateering"""
    s = scenario(2, privateering=True)
    s._draw_card("Dutch Navy")
    s.players[1]["privateer"] = {"navy": "Dutch Navy", "owed": 700}
    s = run(won_battle(s), StealDebt(), (6, 6))
    assert "Player 1 rolls doubles and steals the 700 player 2 owed his sponsor." in s.log


def test_after_the_crows_nest_shot_the_defender_may_flee():
    """Rules: Pillage & Plunder › Stage 1: Spotting the Enemy ("before the enemy has a chance to flee or shoot back")
    Rules: Pillage & Plunder › Stage 2: Fight or Flee

    Given a shot from the attacker's crow's nest, When stage 2 opens and the attacker fights on, Then the defender is
    asked whether to flee (the cannon battle does not come first).
    """
    s = to_play(scenario(2))
    equip(s, 0, addons=("Crow's Nest",))
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON, Act.NO_OFFER, Act.FIGHT_ON)
    assert ship(s, 1)["damage"] == 1 and s.phase == "battle_flee" and s.current_player() == 1
    assert s.observation(0)["battle"]["stage"] == 2


def test_cargo_priced_at_exactly_the_hoard_may_be_bought():
    """Rules: Pillage & Plunder › Buy Cargo ("you may choose to either pay that amount to the bank")"""
    s = scenario(2)
    give(s, 0, "Rum 10 Units", "Attack", "Attack")
    s = at_step(s, "play").apply(Play("Rum 10 Units"))
    s = s.apply(s.chance_outcomes().outcomes()[0])
    s.players[0]["hoard"] = s.task.data.price
    assert Act.BUY_CARGO in s.legal_actions()
    assert s.apply(Act.BUY_CARGO).players[0]["hoard"] == 0


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


def test_a_die_rolled_for_an_event_is_told_and_does_what_the_card_says():
    """Rules: Pillage & Plunder › Play Event Card (Sea Monster, ASSUMPTION: 1–3 a crewman, 4–6 one damage)"""
    s = to_play(scenario(2))
    give(s, 0, "Sea Monster")
    s = s.apply(Play("Sea Monster", target=1))
    eaten, hit = s.apply(1), s.apply(6)
    assert "Player 2 rolls 1." in eaten.log
    assert (len(ship(eaten, 1)["crew"]), ship(eaten, 1)["damage"]) == (1, 0)
    assert (len(ship(hit, 1)["crew"]), ship(hit, 1)["damage"]) == (2, 1)


def test_an_event_on_yourself_is_refused_with_the_reason():
    """Rules: Pillage & Plunder › Stage 2: The draw and play stage ("Event, Attack, and Navy Ship cards are played on
    opponents")"""
    s = to_play(scenario(2))
    give(s, 0, "Scurvy")
    error = refused(s, Play("Scurvy", target=0), "Stage 2: The draw and play stage")
    assert error.reason == "Event cards are played on an opponent."


def test_fleet_play_only_a_damaged_ship_is_offered_a_repair():
    """Rules: Pillage & Plunder › Stage 3: The repair stage"""
    s = scenario(2, fleet_play=True)
    add_ship(s, 1, "Galleon")
    ship(s, 1, 1)["damage"] = 1
    s = s.apply(Act.WORK)
    assert s.current_player() == 1 and s.legal_actions() == (Act.NO_REPAIR, Repair(1))


def test_a_hoard_that_reaches_the_goal_wins_at_the_end_of_the_turn():
    """Rules: Pillage & Plunder › Your Hoard ("Only the money in your hoard counts towards the total needed to win the
    game"; the goal, 20,000, is ours: data file)

    Given player 2 with 20,000 and player 1 with 19,999, When player 1's turn ends, Then player 2 has won.
    """
    s = scenario(2)
    s.players[0]["hoard"], s.players[1]["hoard"] = 19_799, 20_000
    s = s.apply(Act.WORK)                                    # player 1 earns 200: 19,999
    assert s.is_terminal() and s.winners() == (1,) and s.observation(0)["winners"] == [1]
    assert s.log[-1] == "Game over: player 2 reaches 20000 pieces of eight (Your Hoard)."


def test_a_ship_sunk_to_its_old_hull_keeps_what_that_hull_holds_and_the_winner_takes_the_rest():
    """Rules: Pillage & Plunder › Ship Hull ("this action exposes whatever ship hull and ship add-ons you had prior to
    upgrading")
    Rules: Pillage & Plunder › Player Attacking Player ("any crewmen or cannons that can no longer fit … provided there is
    room for them on the victorious player's ship")

    Given player 1 in a Galleon and player 2's Schooner (over a Sloop) with 4 cannons, 4 crewmen and 40 units of cargo,
    When the Schooner sinks, Then player 2 falls back on the Sloop with 3 cannons, 3 crewmen and 30 units of cargo (as
    the Sloop holds), and player 1 takes the loose cannon, crewman and the cargo that fits his hold.
    """
    s = scenario(2)
    equip(s, 0, hull="Galleon", cannons=5, crew=("Cutlass Crewman", "Cutlass Crewman", "Cutlass Crewman"))
    equip(s, 1, hull="Schooner", cannons=4, crew=("Cutlass Crewman", "Cutlass Crewman"),
          cargo=("Rum 10 Units", "Gems 10 Units", "Fruit 10 Units", "Spices 10 Units"))
    ship(s, 1)["damage"] = 4
    s = to_play(s)
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON, Act.STAND_AND_FIGHT, Act.NO_OFFER, Act.FIGHT_ON)
    s = s.apply(next(v for v in s.chance_outcomes().outcomes() if v.defender_destroyed and not v.attacker_damage))
    loser, winner = ship(s, 1), ship(s, 0)
    assert loser["hulls"] == [{"hull": "Sloop", "addons": []}] and "Player 2 falls back on his Sloop." in s.log
    assert (loser["cannons"], len(loser["crew"]), s.cargo_units(1)) == (3, 3, 0)      # all his cargo was plundered
    assert winner["cannons"] == 5 and len(winner["crew"]) == 6
    assert sorted(winner["cargo"]) == ["Fruit 10 Units", "Gems 10 Units", "Rum 10 Units", "Spices 10 Units"]
    assert "Player 1 takes the Cutlass Crewman." in s.log
    s.validate()


def test_a_sunk_ships_cargo_beyond_the_old_hulls_hold_goes_to_the_winner_or_the_discard_pile():
    """Rules: Pillage & Plunder › Ship Hull; Player Attacking Player ("If there is no room for any remaining cargo …
    they are placed on the discard pile")

    Given player 2's Schooner (40 units aboard) sunk while player 1's Galleon carries 80 units already, Then the cargo
    the Sloop beneath cannot hold goes to the discard pile (player 1 has no room).
    """
    s = scenario(2)
    equip(s, 0, hull="Galleon", cannons=5, cargo=("Rum 40 Units", "Fruit 40 Units"))
    equip(s, 1, hull="Schooner", cannons=4, crew=("Cutlass Crewman", "Cutlass Crewman"),
          cargo=("Gems 20 Units", "Spices 20 Units"))
    ship(s, 1)["damage"] = 4
    s = to_play(s)
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON, Act.STAND_AND_FIGHT, Act.NO_OFFER, Act.FIGHT_ON)
    s = s.apply(next(v for v in s.chance_outcomes().outcomes() if v.defender_destroyed and not v.attacker_damage))
    assert s.cargo_units(1) <= 30 and ship(s, 1)["cargo"] == ["Gems 20 Units"]
    assert "Spices 20 Units" in s.discard
    s.validate()


def test_an_empty_draw_pile_is_refilled_from_the_discard_pile_but_its_top_card():
    """ASSUMPTION (the rulebook does not say): when the draw piles run out, the discard pile but its top card is
    shuffled into them.

    Given empty draw piles and every other card on the discard pile, When the player draws, Then the discard pile keeps
    only its top card, the rest can be drawn, and every card is accounted for.
    """
    s = scenario(2)
    for card, n in sorted(s.deck.items()):
        s.discard += [card] * n
    s.deck = {}
    top = s.discard[-1]
    s = s.apply(Act.DRAW)
    assert s.legal_actions()[0] is Act.DRAW_FROM_PILE
    s = s.apply(Act.DRAW_FROM_PILE)
    assert s.discard == [top] and s.is_chance_node() and sum(s.deck.values()) > 200
    assert "The draw piles are empty: the discard pile (all but its top card) is shuffled into them." in s.log
    s.validate()


def test_the_sirens_song_says_who_loses_his_next_turn():
    """Rules: Pillage & Plunder › Play Event Card ("If an Event card causes your opponent to lose his next turn")"""
    s = to_play(scenario(2))
    give(s, 0, "Siren's Song")
    s = s.apply(Play("Siren's Song", target=1))
    assert "Player 2 will lose his next turn." in s.log and s.players[1]["lose_turn"]


# ------------------------------------------------------------------ found by the third (fresh) mutation sample
def test_when_both_ships_sink_in_one_exchange_both_hulls_go_and_nobody_plunders():
    """Rules: Pillage & Plunder › Stage 3: The Cannon Battle ("If the number of damage points on either ship is greater
    than or equal to its strength value … that ship is destroyed"; ASSUMPTION: when both are, nobody plunders)

    Given two Schooners (over Sloops) one hit from sinking, When a tie destroys both, Then both fall back on their Sloops
    and no hoard changes hands.
    """
    s = scenario(2)
    for p in (0, 1):
        equip(s, p, hull="Schooner", cannons=2)
        ship(s, p)["damage"] = 4
    s = to_play(s)
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON, Act.STAND_AND_FIGHT, Act.NO_OFFER, Act.FIGHT_ON)
    s = s.apply(next(v for v in s.chance_outcomes().outcomes() if v.attacker_destroyed and v.defender_destroyed))
    assert [ship(s, p)["hulls"] for p in (0, 1)] == [[{"hull": "Sloop", "addons": []}]] * 2
    assert [p["hoard"] for p in s.players] == [3250, 3250] and s.observation(0)["battle"] is None
    s.validate()


def test_iron_hull_plating_counts_in_the_engines_volleys():
    """Rules: Pillage & Plunder › Stage 3: The Cannon Battle ("up to two damage markers may be placed on top of the hull
    plating instead of on the ship itself")

    Given a defender with Iron Hull Plating, When the volley is rolled, Then its odds are the calculators' volley with
    plating (so the defender takes no damage from two hits).
    """
    from pirates_lab.pillage_and_plunder.battles import cannon_volley

    s = to_play(scenario(2))
    equip(s, 0, cannons=2)
    equip(s, 1, addons=("Iron Hull Plating",))
    give(s, 0, "Attack")
    s = run(s, Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON, Act.STAND_AND_FIGHT, Act.NO_OFFER, Act.FIGHT_ON)
    assert s.battle_ship(1).iron_plating and s.battle_ship(1).name == "player 2"
    assert s.chance_outcomes() == cannon_volley(2, 1, attacker_strength=3, defender_strength=3, defender_plating=True)


def test_buying_cargo_is_offered_first():
    """The old automatic choice first (the computer players' default): buy the cargo when it can be paid for."""
    s = scenario(2)
    give(s, 0, "Rum 10 Units", "Attack", "Attack")
    s = at_step(s, "play").apply(Play("Rum 10 Units"))
    s = s.apply(s.chance_outcomes().outcomes()[0])
    assert s.legal_actions() == (Act.BUY_CARGO, Act.DECLINE_CARGO)


def test_a_repair_card_costs_a_quarter_of_the_players_own_hull():
    """Rules: Pillage & Plunder › Repair Ship ("25% of the hull cost displayed on your Ship Hull card")

    Given seat 1 sailing a Galleon (seat 0 a Sloop), When seat 1 plays "Repair at 25% Cost", Then he pays 1,500.
    """
    s = scenario(2)
    equip(s, 1, hull="Galleon")
    ship(s, 1)["damage"] = 1
    s.current = 1
    give(s, 1, "Repair at 25% Cost", "Attack", "Attack")
    s = at_step(s, "play", 1).apply(Play("Repair at 25% Cost"))
    assert s.players[1]["hoard"] == 3250 - 1500


def test_refusals_in_the_draw_step_name_only_their_own_reason():
    """Rules: Pillage & Plunder › Stage 2: The draw and play stage

    Given the draw step, When a battle's move is tried, Then it is refused without the discard pile's reason; and an
    Attack on a seat that does not exist is refused saying Attack cards are played on an opponent.
    """
    s = scenario(2).apply(Act.DRAW)
    assert "Only one of your cards" not in refused(s, Act.FIGHT_ON, "Stage 2: The draw and play stage").reason
    s = to_play(scenario(2))
    give(s, 0, "Attack")
    assert refused(s, Play("Attack", target=2), "Attack Opponent").reason == "Attack cards are played on an opponent."


def test_the_log_counts_players_from_one_everywhere():
    """Players are numbered from 1 in every log line (issue 19 item 6): seat 1's moves are "Player 2"'s."""
    s = scenario(2)
    s._draw_card("Attack")
    s.discard.append("Attack")
    s = at_step(s, "draw", 1).apply(Act.TAKE_DISCARD)
    assert "Player 2 takes Attack from the discard pile." in s.log
    s = scenario(2, privateering=True)
    s.current = 1
    give(s, 1, "Dutch Navy", "Attack", "Attack")
    s = at_step(s, "play", 1).apply(Play("Dutch Navy", privateer=True))
    assert "Player 2 sails as a privateer for the Dutch." in s.log
    s = to_play(scenario(2))
    equip(s, 1, cargo=("Fruit 10 Units",))
    give(s, 0, "Rats in Cargo")
    assert "Player 2 loses Fruit 10 Units." in s.apply(Play("Rats in Cargo", target=1)).log
    s = scenario(2)
    s._draw_card("Bury Treasure")
    s.players[1]["maps"] = [300]
    s = run(won_battle(s), StealMap(0), (1, 2))
    assert "Player 1 rolls (1, 2): no doubles, the map stays." in s.log
    s = scenario(2, privateering=True)
    s._draw_card("Dutch Navy")
    s.players[1]["privateer"] = {"navy": "Dutch Navy", "owed": 300}
    s = run(won_battle(s), StealDebt(), (1, 2))
    assert "Player 1 rolls (1, 2): no doubles." in s.log


def test_the_observation_names_the_step():
    s = scenario(2)
    assert s.observation(1)["phase"] == "predraw" and s.observation(1)["to_act"] == 0
