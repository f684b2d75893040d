"""Rules: Pillage & Plunder › Actions Performed During Your Turn (Buy Ship Add-On, Hire Crew Member, Sell Cargo…),
one Given/When/Then test per rule.

Each test failed on the engine before its fix, or fails when the rule it holds is broken by hand (checked once). The tests folded in from the
files named after audit and mutation rounds (issue 36 item 3) each pinned an audit finding or killed a mutant.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from pirates_lab.core import IllegalMove, play
from pirates_lab.core.testing import refused
from pirates_lab.pillage_and_plunder.actions import a
from pirates_lab.pillage_and_plunder.battles import Volley
from pirates_lab.pillage_and_plunder.game import Act, Discard, LoseCrewman, Play, Repair, Retrieve, SellCargo, SellShip
from pirates_lab.pillage_and_plunder.headings import RULE_BUY_SHIP_ADD_ON
from pirates_lab.pillage_and_plunder.scenarios import at_step, equip, give, scenario, ship

from pillage_steps import MERCHANT, fleet, run, to_play


# ------------------------------------------------------------------ the log reads as English
@pytest.mark.parametrize("card, said", [("Extra Sail", "Player 1 buys an Extra Sail for"),
                                        ("Iron Hull Plating", "Player 1 buys an Iron Hull Plating for"),
                                        ("Crow's Nest", "Player 1 buys a Crow's Nest for")])
def test_buy_ship_add_on_the_log_says_a_or_an_by_the_sound_of_the_card(card, said):
    """Rules: Pillage & Plunder › Buy Ship Add-On

    Given a player with an add-on card in hand, When he buys it, Then the log says "an Extra Sail", "an Iron Hull
    Plating" and "a Crow's Nest" (never "a Extra Sail"); a second one is refused in the same English.
    """
    s = to_play(scenario(2))
    give(s, 0, card, card)
    s = s.apply(Play(card))
    assert s.log[-1].startswith(said) and card in ship(s, 0)["hulls"][-1]["addons"]
    error = refused(s, Play(card), RULE_BUY_SHIP_ADD_ON)
    assert f"Your ship already has {said.split('buys ')[1].removesuffix(' for')}:" in str(error)


def test_the_engine_writes_a_or_an_by_the_sound_of_every_card_name():
    """Every card the engine names with an article: "an" before a vowel sound, "a" before a consonant sound."""
    assert [a(name) for name in ("Extra Sail", "Extra Cargo Hold", "Iron Hull Plating", "Attack", "Sloop",
                                 "Man O' War", "Cutlass Crewman", "Unicorn", "Hour")] == [
        "an Extra Sail", "an Extra Cargo Hold", "an Iron Hull Plating", "an Attack", "a Sloop", "a Man O' War",
        "a Cutlass Crewman", "a Unicorn", "an Hour"]
    assert a("Extra Sail", capital=True) == "An Extra Sail"


# ------------------------------------------------------------------ Sell Cargo
def test_sell_cargo_the_sold_card_goes_under_the_top_card_of_the_discard_pile():
    """Rules: Pillage & Plunder › Sell Cargo ("If you choose to sell, place the Cargo card under the top card of the
    discard pile (so that the previous player's discard remains on top), take the appropriate amount of money from
    the bank and add it to your hoard")

    Given a player in his pre-draw stage with Rum in his hold and the previous player's Attack on the discard pile,
    When the dice price the Rum and he sells it, Then the Rum lies just under the Attack, which stays on top, and the
    price is added to his hoard.
    """
    s = scenario(2)
    equip(s, 0, cargo=("Rum 20 Units",))
    s._draw_card("Attack")
    s.discard.append("Attack")
    s.validate()
    s = s.apply(SellCargo(0, "Rum 20 Units"))
    price = max(s.chance_outcomes().outcomes())
    s = s.apply(price).apply(Act.SELL_IT)
    assert s.discard[-2:] == ["Rum 20 Units", "Attack"]
    assert s.players[0]["hoard"] == 3250 + price and ship(s, 0)["cargo"] == []
    s.validate()


# ------------------------------------------------------------------ set-up steps of the folded tests
def attack(players: int = 2):
    """Player 1 (three Bury Treasure cards as filler and an Attack card) at the play step."""
    s = scenario(players)
    give(s, 0, "Bury Treasure", "Bury Treasure", "Bury Treasure", "Attack")
    return at_step(s, "play", 0)


def rejected(s, action, rule):
    before = s.to_json()
    with pytest.raises(IllegalMove) as error:
        s.apply(action)
    assert error.value.rule == rule, error.value
    assert s.to_json() == before


def play_event(s, card, victim=1):
    give(s, 0, card)
    return s.apply(Play(card, target=victim))


def test_a_navy_ship_attacks_the_ship_it_was_sent_after():
    """Rules: Pillage & Plunder › Play Navy Ship
    Rules: Pillage & Plunder › Fleet Play ("When being attacked, your opponent has the choice of which ship they will attack")

    Given Fleet Play and player 1 with a French prize and two ships (a Sloop and a Galleon), When player 0
    sends the French Navy after player 1's second ship, Then the battle is fought against that ship: the
    Galleon (no cannons) takes the navy's six hits and the Sloop is untouched.
    """
    s = to_play(scenario(2, fleet_play=True))
    s._draw_card("French Merchant (Strength 2)")
    s.players[1]["prizes"].append("French Merchant (Strength 2)")
    s._draw_card("Galleon")
    s.players[1]["ships"].append({"hulls": [{"hull": "Galleon", "addons": []}], "damage": 0, "cannons": 0,
                                  "crew": ["Cutlass Crewman"], "cargo": []})
    s.deck["Cutlass Crewman"] -= 1
    s.validate()
    give(s, 0, "French Navy")
    assert {Play("French Navy", target=1, target_ship=0), Play("French Navy", target=1, target_ship=1)} <= \
        set(s.legal_actions())
    s = s.apply(Play("French Navy", target=1, target_ship=1))
    assert s.observation(0)["battle"]["defender"] == {"type": "player", "player": 1, "ship": 1}
    s = run(s, Act("stand and fight"), Volley(0, 6, False, False))     # the Galleon has no cannon to answer
    assert ship(s, 1, 1)["damage"] == 6 and ship(s, 1, 0)["damage"] == 0
    s.validate()


def test_an_event_on_an_immune_opponent_is_played_for_nothing_and_uses_up_that_opponent():
    """Rules: Pillage & Plunder › Play Event Card ("a Scurvy card will not affect an opponent if he has a Doctor
    onboard or Fruit in his cargo hold"; "You may only play one card on each opponent during any one turn")
    Rules: Pillage & Plunder › Buy Cargo ("They prevent other players from playing Scurvy and Mutiny event cards")

    House rule (docs/pillage_and_plunder.md, item 22): Given player 2 with Fruit in his hold, When player 1 plays
    Scurvy on him, Then nobody loses a crewman, the card is on the discard pile, it was one of player 1's two
    plays, and player 1 may not also attack player 2 this turn.
    """
    s = attack()
    equip(s, 1, cargo=("Fruit 10 Units",))
    give(s, 0, "Scurvy")
    crew = list(ship(s, 1)["crew"])
    s = s.apply(Play("Scurvy", target=1))
    assert ship(s, 1)["crew"] == crew and s.discard[-1] == "Scurvy"
    assert s.log[-1] == "Player 2 is spared: the Fruit in the hold."
    assert s.phase == "play" and s.turn().plays == 1
    assert Play("Attack", target=1) not in s.legal_actions()
    with pytest.raises(IllegalMove, match="one card on each opponent"):
        s.apply(Play("Attack", target=1))


def test_the_log_names_the_buyer():
    """Rules: Pillage & Plunder › Hire Crew Member

    Given seat 1 on turn, When he hires a pistol crewman, Then the log says "Player 2 buys a Pistol Crewman for 400."
    """
    s = scenario(2)
    s.current = 1
    give(s, 1, "Pistol Crewman", "Attack", "Attack")
    s = at_step(s, "play", 1).apply(Play("Pistol Crewman"))
    assert s.log[-1] == "Player 2 buys a Pistol Crewman for 400."


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


def test_cargo_priced_at_exactly_the_hoard_may_be_bought():
    """Rules: Pillage & Plunder › Buy Cargo ("you may choose to either pay that amount to the bank")"""
    s = scenario(2)
    give(s, 0, "Rum 10 Units", "Attack", "Attack")
    s = at_step(s, "play").apply(Play("Rum 10 Units"))
    s = s.apply(s.chance_outcomes().outcomes()[0])
    s.players[0]["hoard"] = s.task.data.price
    assert Act.BUY_CARGO in s.legal_actions()
    assert s.apply(Act.BUY_CARGO).players[0]["hoard"] == 0


def test_a_die_rolled_for_an_event_is_told_and_does_what_the_card_says():
    """Rules: Pillage & Plunder › Play Event Card (Sea Monster, ASSUMPTION: 1–3 a crewman, 4–6 one damage)"""
    s = to_play(scenario(2))
    give(s, 0, "Sea Monster")
    s = s.apply(Play("Sea Monster", target=1))
    eaten, hit = s.apply(1), s.apply(6)
    assert "Player 2 rolls 1." in eaten.log
    assert (len(ship(eaten, 1)["crew"]), ship(eaten, 1)["damage"]) == (1, 0)
    assert (len(ship(hit, 1)["crew"]), ship(hit, 1)["damage"]) == (2, 1)


def test_the_sirens_song_says_who_loses_his_next_turn():
    """Rules: Pillage & Plunder › Play Event Card ("If an Event card causes your opponent to lose his next turn")"""
    s = to_play(scenario(2))
    give(s, 0, "Siren's Song")
    s = s.apply(Play("Siren's Song", target=1))
    assert "Player 2 will lose his next turn." in s.log and s.players[1]["lose_turn"]


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


@pytest.mark.parametrize("players", [2, 3])
def test_when_every_player_has_lost_a_turn_each_loses_one_and_the_next_plays(players):
    """Rules: Pillage & Plunder › Treasure Hunt ("you lose your next turn")
    Rules: Pillage & Plunder › Play Event Card ("If an Event card causes your opponent to lose his next turn")

    Given every player with a lost turn pending, When player 1 ends his turn (he works on the docks), Then each
    of them loses exactly one turn, in order, and the player after player 1 then plays his turn — not a player
    who was just skipped.
    """
    s = scenario(players)
    for p in s.players:
        p["lose_turn"] = True
    s = s.apply(Act("work"))
    order = [*range(1, players), 0, 1]
    skipped = [f"Player {i + 1} loses this turn." for i in order[:players]]
    assert [line for line in s.log if "loses this turn" in line] == skipped
    assert s.current == 1 and s.current_player() == 1 and s.log[-1].startswith("Player 2's turn")
    assert not any(p["lose_turn"] for p in s.players)


def test_repair_at_25_percent_costs_a_quarter_of_the_hull_and_repairs_all_damage():
    """Rules: Pillage & Plunder › Repair Ship
    "other Repair Ship cards do so at a cost of 25% of the hull cost displayed on your Ship Hull card"

    Given a Galleon (hull cost 6,000) with two damage, When "Repair at 25% Cost" is played, Then 1,500 is paid
    and no damage is left; "Repair at No Cost" on the same ship costs nothing.
    """
    s = to_play(scenario(2))
    equip(s, 0, hull="Galleon")
    ship(s, 0)["damage"] = 2
    give(s, 0, "Repair at 25% Cost", "Repair at No Cost")
    quarter = s.apply(Play("Repair at 25% Cost"))
    assert quarter.players[0]["hoard"] == 3250 - s.data.hulls["Galleon"].cost // 4 == 3250 - 1500
    assert ship(quarter, 0)["damage"] == 0
    free = s.apply(Play("Repair at No Cost"))
    assert free.players[0]["hoard"] == 3250 and ship(free, 0)["damage"] == 0


def test_add_ons_stay_with_the_old_hull_when_upgrading():
    """Rules: Pillage & Plunder › Buy Ship ("Any ship add-ons attached to your current ship are not carried over
    to the new ship")

    Given a Sloop with a Crow's Nest, When it is upgraded to a Schooner, Then the Schooner has no add-on, the Crow's
    Nest stays under it with the Sloop, and the ship no longer fires a crow's-nest shot.
    """
    s = to_play(scenario(2))
    s.players[0]["hoard"] = 5000
    equip(s, 0, addons=("Crow's Nest",))
    give(s, 0, "Schooner")
    s = s.apply(Play("Schooner"))
    assert ship(s, 0)["hulls"] == [{"hull": "Sloop", "addons": ["Crow's Nest"]}, {"hull": "Schooner", "addons": []}]
    assert not s.battle_ship(0).crows_nest
    s.validate()


def test_a_navy_ship_is_played_only_on_a_holder_of_a_prize_of_its_nation():
    """Rules: Pillage & Plunder › Play Navy Ship
    "You may play a Navy Ship card on any opponent that has a Merchant Ship card of the navy vessel's nationality
    in their prize ships area."

    Given player 2 holding only a Dutch prize and player 1 holding a French and a Dutch Navy, Then only the Dutch
    Navy may be played on player 2; the French one is refused citing Play Navy Ship.
    """
    from pirates_lab.core.testing import refused

    s = to_play(scenario(2))
    s._draw_card("Dutch Merchant (Strength 2)")
    s.players[1]["prizes"].append("Dutch Merchant (Strength 2)")
    give(s, 0, "French Navy", "Dutch Navy")
    on_player_2 = {a.card for a in s.legal_actions() if isinstance(a, Play) and a.target == 1}
    assert on_player_2 == {"Dutch Navy"}
    refused(s, Play("French Navy", target=1), "Play Navy Ship")


def test_hire_crew_member_crew_quarters_cannon_deck_and_one_officer_of_each_type():
    s = to_play(scenario())
    give(s, 0, "Cutlass Crewman", "Doctor")
    equip(s, 0, crew=("Doctor",))
    rejected(s, Play("Doctor"), "Hire Crew Member")            # one of each officer
    rejected(s, Play("Cutlass Crewman"), "Hire Crew Member")   # a sloop holds three crewmen
    s.players[0]["hoard"] = 100
    give(s, 0, "Cannon")
    rejected(s, Play("Cannon"), "Buy Cannon")                  # cannot pay


def test_play_event_card_the_printed_immunities_spare_the_victim():
    s = to_play(scenario(2))
    equip(s, 1, cargo=("Fruit 10 Units",))
    after = play_event(s, "Scurvy")
    assert len(ship(after, 1)["crew"]) == 2                    # fruit aboard
    s = to_play(scenario(2))
    after = play_event(s, "Scurvy")
    assert ship(after, 1)["crew"] == []
    s = to_play(scenario(2))
    equip(s, 1, crew=("Navigator",))
    assert ship(play_event(s, "Shipwreck"), 1)["damage"] == 0
    s = to_play(scenario(2))
    assert ship(play_event(s, "Shipwreck"), 1)["damage"] == 2
    s = to_play(scenario(2))
    assert len(ship(play_event(s, "Thieves Onboard"), 1)["crew"]) == 2   # no gems: spared
    s = to_play(scenario(2))
    equip(s, 1, cargo=("Gems 10 Units",))
    hit = play_event(s, "Thieves Onboard")
    assert ship(hit, 1)["cargo"] == [] and len(ship(hit, 1)["crew"]) == 1
    s = to_play(scenario(2))
    equip(s, 1, cargo=("Rum 10 Units",), crew=("Cutlass Crewman",))
    assert len(ship(play_event(s, "Mutiny"), 1)["crew"]) == 3
    s = to_play(scenario(2))
    equip(s, 1, crew=("Cutlass Crewman",))
    assert len(ship(play_event(s, "Mutiny"), 1)["crew"]) == 2
    s = to_play(scenario(2))
    rolled = play_event(s, "Stormy Seas")
    assert rolled.phase == "event_roll"
    assert ship(rolled.apply(6), 1)["damage"] == 2 and ship(rolled.apply(1), 1)["damage"] == 0


def test_sirens_song_and_treasure_hunt_lose_turns():
    s = to_play(scenario(3))
    s = play_event(s, "Siren's Song")
    assert s.players[1]["lose_turn"]
    s = to_play(scenario(3))
    give(s, 0, "Treasure Hunt", "Treasure Hunt")
    hunt = s.apply(Play("Treasure Hunt"))
    assert hunt.apply(3).players[0]["hoard"] == 6250
    lost = hunt.apply(6)
    assert lost.players[0]["lose_turn"]
    lost = lost.apply(Play("Treasure Hunt", discard=True))
    lost = lost.apply(Discard(lost.players[0]["hand"][0]))
    assert lost.current == 1
    lost.players[1]["hand"] = []
    lost = run(lost, Act("work"), Act("work"))                 # players 1 and 2 work
    assert lost.current == 1 and "Player 1 loses this turn." in lost.log


def test_bury_retrieve_and_steal_maps():
    s = to_play(scenario(2, stealing_treasure_maps=True))
    give(s, 0, "Bury Treasure")
    s = s.apply(Play("Bury Treasure", amount=3000))
    assert s.players[0]["hoard"] == 250 and s.players[0]["maps"] == [3000]
    s = at_step(s, "predraw")
    s = s.apply(Retrieve(3000))
    assert s.players[0]["hoard"] == 3250 and s.players[0]["maps"] == []
    s = to_play(scenario(2, stealing_treasure_maps=True))
    s.players[1]["maps"] = [2000]; s._draw_card("Bury Treasure")
    give(s, 0, "Treasure Hunt")
    s = s.apply(Play("Treasure Hunt", target=1, steal=0))
    assert s.chance_outcomes().probability(lambda d: d[0] == d[1]) == __import__("fractions").Fraction(1, 6)
    assert s.apply((2, 2)).players[0]["maps"] == [2000]
    assert s.apply((2, 3)).players[1]["maps"] == [2000]
