"""Tests written to kill mutants that survived the fast tests (see docs/testing.md).

Each is a Given/When/Then scenario on a hand-built position that pins one refusal or effect a small
deliberate change to the rules code used to get past.
"""
from __future__ import annotations

import pytest

from pirates_lab.core import IllegalMove
from pirates_lab.core.testing import refused
from pirates_lab.pillage_and_plunder.game import Act, Offer, Play, TakeCargo
from pirates_lab.pillage_and_plunder.scenarios import at_step, equip, give, scenario, ship


def test_terms_that_offer_nothing_are_refused_with_the_reason():
    """Rules: Pillage & Plunder › Player Attacking Player
    "the defender can offer to give the attacker any combination of coins, treasure maps, cargo, crew and cannons"

    Given a defender at the start of a stage (terms may be offered), When he offers nothing, or more coins
    than his hoard, Then the offer is refused saying what may be offered (not that it is the wrong moment).
    """
    s = scenario(2)
    equip(s, 0, hull="Schooner")
    give(s, 0, "Attack", "Attack", "Attack")
    s = at_step(s, "play").apply(Play("Attack", target=1))
    assert s.phase == "battle_terms" and s.current_player() == 1
    for offer in (Offer(), Offer(coins=10 ** 6), Offer(coins=-100), Offer(coins=True), Offer(maps=(1200,)),
                  Offer(cargo=("Rum 20 Units",)), Offer(crew=("Doctor",)), Offer(cannons=5), Offer(cannons=-1),
                  Offer(coins=100, maps=[1200]), Offer(maps=(-5,))):
        error = refused(s, offer, "Player Attacking Player")
        assert "any combination of his own coins" in error.reason and "must offer something" in error.reason
    s.apply(Offer(coins=100))                        # what he has is accepted
    fought = s.apply(Act("no offer"))
    error = refused(fought, Offer(coins=100), "Player Attacking Player")
    assert error.reason == "Terms of surrender are offered by the defender at the beginning of a stage."


def test_an_eliminated_player_cannot_be_attacked():
    """Rules: Pillage & Plunder › Attack Opponent

    Given three players and player 1 eliminated, When player 0 plays an Attack card on player 1,
    Then it is refused because that player has been eliminated; player 2 may still be attacked.
    """
    s = scenario(3)
    give(s, 0, "Attack", "Attack", "Attack")
    s = at_step(s, "play")
    s.players[1]["eliminated"] = True
    error = refused(s, Play("Attack", target=1), "Attack Opponent")
    assert error.reason == "That player has been eliminated."
    assert Play("Attack", target=2) in s.legal_actions()


def test_leaky_cargo_hold_takes_the_smallest_cargo_card():
    """Rules: Pillage & Plunder › Play Event Card (Leaky Cargo Hold: "lose the smallest Cargo card in your hold")

    Given an opponent carrying Fruit 20 Units and Rum 10 Units, When Leaky Cargo Hold is played on him,
    Then he loses the Rum 10 Units (the smallest), not the Fruit that comes first by name.
    """
    s = scenario(2)
    equip(s, 1, hull="Schooner", cargo=("Fruit 20 Units", "Rum 10 Units"))
    give(s, 0, "Leaky Cargo Hold", "Attack", "Attack")
    s = at_step(s, "play").apply(Play("Leaky Cargo Hold", target=1))
    assert s.players[1]["ships"][0]["cargo"] == ["Fruit 20 Units"]


def test_cargo_you_cannot_pay_for_is_refused_under_buy_cargo():
    """Rules: Pillage & Plunder › Buy Cargo

    Given a Gems card played and priced at 1,800, When its buyer has no coins left, Then buying it is
    refused (only declining is offered), and a move from another step is refused without that reason.
    """
    s = scenario(2)
    give(s, 0, "Gems 20 Units", "Attack", "Attack")
    s = at_step(s, "play").apply(Play("Gems 20 Units"))
    s = s.apply(s.chance_outcomes().outcomes()[-1])
    assert s.phase == "cargo_decide" and s.task.data.price == 1800
    s.players[0]["hoard"] = 0
    assert s.legal_actions() == (Act("decline cargo"),)
    error = refused(s, Act("buy cargo"), "Buy Cargo")
    assert error.reason == "You need the money and room in your cargo hold for this cargo."
    with pytest.raises(IllegalMove) as other:
        s.apply(Act("fight on"))
    assert "money and room" not in other.value.reason


def test_no_working_after_selling_cargo_in_the_same_turn():
    """Rules: Pillage & Plunder › "Working" – An Alternative For Desperate Pirates

    Given a pirate who has rolled to sell his Rum this pre-draw stage (and kept it), When he then tries to
    work on the docks, Then it is refused: working replaces the whole pre-draw and draw-and-play stages.
    """
    from pirates_lab.pillage_and_plunder.game import SellCargo

    s = scenario(2)
    equip(s, 0, cargo=("Rum 20 Units",))
    assert Act("work") in s.legal_actions()
    s = s.apply(SellCargo(0, "Rum 20 Units"))
    s = s.apply(s.chance_outcomes().outcomes()[0]).apply(Act("keep it"))
    assert s.phase == "predraw" and Act("work") not in s.legal_actions()
    error = refused(s, Act("work"), '"Working" – An Alternative For Desperate Pirates')
    assert error.reason == "Working replaces the whole pre-draw and draw-and-play stages."


def test_the_winner_takes_half_an_odd_hoard_rounded_down():
    """Rules: Pillage & Plunder › Player Attacking Player
    "the victorious player is entitled to half of the defeated player's hoard"

    Given a defender with a hoard of 1,625 and one crewman, When he loses his last crewman (his ship afloat),
    Then the attacker takes 812 and the defender keeps 813 (nothing is created or lost).
    """
    s = scenario(2)
    equip(s, 1, hull="Galleon")
    ship(s, 1)["crew"] = ["Cutlass Crewman"]
    s.deck["Cutlass Crewman"] += 1
    s.players[1]["hoard"] = 1625
    equip(s, 0, cannons=3)
    give(s, 0, "Attack", "Attack", "Attack")
    s = at_step(s, "play").apply(Play("Attack", target=1))
    s = s.apply(Act("no offer")).apply(Act("fight on")).apply(Act("stand and fight"))
    s = s.apply(Act("no offer")).apply(Act("fight on"))
    s = s.apply(next(v for v in s.chance_outcomes().outcomes() if tuple(v)[2:] == (False, False)))
    s = s.apply(Act("no offer")).apply(Act("fight on")).apply((6, 1))     # his last crewman falls
    assert s.players[1]["hoard"] == 813 and s.players[0]["hoard"] == 3250 + 812


def test_the_last_pirate_afloat_wins_at_the_end_of_his_turn():
    """Rules: Pillage & Plunder › Your Hoard

    Given two players and player 1 eliminated, When player 0 ends his turn (he works on the docks),
    Then the game is over, player 0 wins, and the log says why.
    """
    s = scenario(2)
    s.players[1]["eliminated"] = True
    s = s.apply(Act("work"))
    assert s.is_terminal() and s.winners() == (0,)
    assert s.log[-1] == "Game over: player 1 is the last pirate afloat (Your Hoard)."


def test_player_one_as_the_winner_chooses_the_cargo_by_his_own_free_hold():
    """Rules: Pillage & Plunder › Stage 5: Plundering the Enemy Ship

    Given player 1 attacking player 0, who carries Rum 10, Spices 20 and Gems 20 (50 units), When player 0
    loses his last crewman, Then player 1 chooses cargo for the free room in HIS hold (not reckoned from
    the loser's cargo), and takes what he chose.
    """
    s = scenario(2)
    s.current = 1
    equip(s, 0, hull="Galleon", cargo=("Rum 10 Units", "Spices 20 Units", "Gems 20 Units"))
    ship(s, 0)["crew"] = ["Cutlass Crewman"]
    s.deck["Cutlass Crewman"] += 1
    equip(s, 1, cannons=3)
    give(s, 1, "Attack", "Attack", "Attack")
    s = at_step(s, "play", 1).apply(Play("Attack", target=0))
    s = s.apply(Act("no offer")).apply(Act("fight on")).apply(Act("stand and fight"))
    s = s.apply(Act("no offer")).apply(Act("fight on"))
    s = s.apply(next(v for v in s.chance_outcomes().outcomes() if tuple(v)[2:] == (False, False)))
    s = s.apply(Act("no offer")).apply(Act("fight on")).apply((6, 1))     # his last crewman falls
    assert s.phase == "take_cargo" and s.current_player() == 1
    s = s.apply(TakeCargo(("Spices 20 Units", "Rum 10 Units")))
    assert sorted(ship(s, 1)["cargo"]) == ["Rum 10 Units", "Spices 20 Units"]
    assert ship(s, 0)["cargo"] == ["Gems 20 Units"]


def fleet():
    """Given Fleet Play and player 0 with his Sloop (1 cannon, 2 crewmen, Rum 20) and an empty Galleon."""
    s = scenario(2, fleet_play=True)
    equip(s, 0, cargo=("Rum 20 Units",))
    s._draw_card("Galleon")
    s.players[0]["ships"].append({"hulls": [{"hull": "Galleon", "addons": []}], "damage": 0, "cannons": 0,
                                  "crew": [], "cargo": []})
    s.validate()
    return s


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


def test_cargo_kept_after_its_price_roll_stays_kept_when_its_ship_is_sold():
    """Rules: Pillage & Plunder › Sell Cargo ("you may repeat this process for each of the cards in your cargo hold")
    Rules: Pillage & Plunder › Fleet Play

    Given the Rum priced and kept this turn, When the Sloop is sold (the Rum moves to the Galleon), Then the
    Rum still may not be rolled for again this turn.
    """
    from pirates_lab.pillage_and_plunder.game import SellCargo, SellShip

    s = fleet()
    s = s.apply(SellCargo(0, "Rum 20 Units"))
    s = s.apply(s.chance_outcomes().outcomes()[0]).apply(Act("keep it"))
    s = s.apply(SellShip(0))
    assert ship(s, 0)["cargo"] == ["Rum 20 Units"]
    assert not any(isinstance(a, SellCargo) for a in s.legal_actions())


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


def test_buying_a_ship_is_refused_for_damage_and_for_money_with_the_reason():
    """Rules: Pillage & Plunder › Buy Ship

    Given a Sloop and a Schooner card (3,000), When the Sloop is damaged, Then the upgrade is refused until it
    is repaired; When the hoard holds 2,999, Then it is refused naming the price and the hoard.
    """
    s = scenario(2)
    give(s, 0, "Schooner", "Attack", "Attack")
    s = at_step(s, "play")
    ship(s, 0)["damage"] = 1
    error = refused(s, Play("Schooner"), "Buy Ship")
    assert error.reason == "You may not upgrade a damaged ship: repair it first."
    ship(s, 0)["damage"] = 0
    s.players[0]["hoard"] = 2999
    error = refused(s, Play("Schooner"), "Buy Ship")
    assert error.reason == "A Schooner costs 3000; your hoard holds 2999."


def test_declining_cargo_is_written_in_the_log():
    """Rules: Pillage & Plunder › Buy Cargo

    Given a Gems card played and priced, When its player declines it, Then the log says so.
    """
    s = scenario(2)
    give(s, 0, "Gems 20 Units", "Attack", "Attack")
    s = at_step(s, "play").apply(Play("Gems 20 Units"))
    s = s.apply(s.chance_outcomes().outcomes()[-1]).apply(Act("decline cargo"))
    assert "Player 1 turns down the Gems 20 Units." in s.log


def test_asset_liquidation_counts_add_ons_at_their_cost():
    """Rules: Pillage & Plunder › Asset Liquidation

    Given Asset Liquidation and a Sloop with a Crow's Nest (375 on a Sloop), Then the player's worth grows by 375.
    """
    s = scenario(2, asset_liquidation=True)
    before = s.worth(0)
    equip(s, 0, addons=("Crow's Nest",))
    assert s.worth(0) == before + 375


def test_the_refused_helper_fails_when_a_move_is_accepted_or_refused_under_another_rule():
    import random

    from pirates_lab.pillage_and_plunder import Game
    from pirates_lab.pillage_and_plunder.scenarios import until_a_decision

    state = until_a_decision(Game(players=2).new_initial_state(), random.Random(0))
    legal = state.legal_actions()[0]
    with pytest.raises(AssertionError, match="was accepted"):
        refused(state, legal, "Attack")
