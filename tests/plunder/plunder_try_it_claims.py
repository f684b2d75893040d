"""The why sentences of the Plunder lesson's live reference screens (issue 34 item 4), each with the engine check
that makes it true: :data:`TRY_IT_CLAIMS` joins ``CLAIMS`` in ``test_plunder_lesson_rules.py``.

Each check plays the situation on the engine (the position of the screen, or one built here) and reads the
numbers it states from the raw data file (``cards.toml`` read with tomllib), never from the answer functions of
``pirates_lab.plunder.try_it``: a changed card value or a rule the engine stops applying fails here.

Rules: Plunder › Overview
Rules: Plunder › Resolve the Encounter
Rules: Plunder › Pay the Crew
Rules: Plunder › Play an Encounter
Rules: Plunder › Buying
Rules: Plunder › Selling
Rules: Plunder › First Mate
Rules: Plunder › Enemies
Rules: Plunder › If You Lose Your Ship
Rules: Plunder › Captured Ships
Rules: Plunder › Engagement
Rules: Plunder › Broadside
"""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import pirates_lab.plunder as package
from pirates_lab.core import IllegalMove
from pirates_lab.plunder import lessons, try_it, war
from pirates_lab.plunder.actions import (AddCard, Attack, AttackPort, Buy, Give, Pay, PassAction, Play, Sail, Shout,
                                         StartTrade, TakePrize)
from pirates_lab.plunder.phases import FLOW
from pirates_lab.plunder.scenarios import at_step, start_turn

DATA = tomllib.loads((Path(package.__file__).parent / "data" / "cards.toml").read_text(encoding="utf-8"))
CARDS = {card["name"]: card for card in DATA["card"]}
RULES, PINNACE = DATA["rules"], DATA["pinnace"]
RULEBOOK = (Path(package.__file__).resolve().parents[2] / "seeds" / "plunder.txt").read_text(encoding="utf-8")
ME = try_it.ME
#: the rulebook heading each step of the phase table follows (the engine's)
FLOW_RULES = {name: phase.rule for name, phase in FLOW.phases.items()}


def _number(name: str) -> int:
    return CARDS[name]["number"]


def _sunk(state) -> bool:
    """Captain 1 lost his ship: back in Tortuga in a Pinnace, his hand gone (If You Lose Your Ship)."""
    cap = state.cap(ME)
    return cap["ship"] == "Pinnace" and cap["at"] == (0, 0) and not state.hand(ME)


# ---------------------------------------------------------------- Overview
def a_captured_brigantine_sells_for_half_and_reaches_60():
    assert CARDS["Spanish Brigantine"]["value"] == 14 and 53 + 14 // 2 == RULES["win_silver"] == 60
    position = try_it.overview()
    assert position.cap(ME)["silver"] == 53 and position.cap(ME)["captured"] == "Spanish Brigantine"
    sold = position.apply(StartTrade())
    assert sold.cap(ME)["silver"] == 60 and sold.winner == ME and sold.is_terminal()


# ---------------------------------------------------------------- Resolve the Encounter
def an_encounter_takes_effect_only_on_the_map_card_it_names():
    assert lessons.encounter_state("English Sloop").phase == "meet"          # on the Open Sea: met
    ashore = lessons.encounter_state("English Sloop", "Coastland")             # on a Coastland: discarded
    assert ashore.phase != "meet" and ashore.discard.get("English Sloop") == 1


def every_ship_names_the_open_sea_17_cards():
    ships = [card for card in DATA["card"] if card["kind"] == "ship"]
    assert all(card["encounter"] == "open_sea" for card in ships)
    merchants = sum(card["count"] for card in ships if not card.get("prize"))
    assert (merchants, CARDS["Treasure Fleet"]["count"], CARDS["Pirates"]["count"]) == (12, 2, 3)
    assert sum(card["count"] for card in ships) == 17
    for card in ships:                                                      # the engine meets every one of them
        assert lessons.encounter_state(card["name"]).phase in ("meet", "engage"), card["name"]


def natives_name_a_coastland_and_the_rest_is_discarded():
    assert CARDS["Natives"]["encounter"] == "coastland"
    assert lessons.encounter_state("Natives", "Coastland").phase == "natives"
    for card in DATA["card"]:
        if card["kind"] not in ("ship", "tortuga"):
            state = lessons.encounter_state(card["name"])
            assert state.phase not in ("meet", "engage", "natives") and state.combat is None, card["name"]


# ---------------------------------------------------------------- Pay the Crew
def the_galleon_and_the_mate_cost_3_of_10():
    assert (CARDS["Spanish Galleon"]["wages"], RULES["first_mate_wage"]) == (2, 1)
    state, p = lessons.captain_at("Spanish Galleon", mate="Navigator", silver=10)
    paid = start_turn(state, p, round_no=2)                 # without the Mutiny! option the engine pays
    assert paid.phase == "sail" and paid.cap(p)["silver"] == 10 - 2 - 1 == 7


def forget_to_pay_and_the_other_captain_may_shout_mutiny():
    state = try_it.pay_the_crew()
    assert state.game.options["mutiny"] and Pay(False, True) in state.legal_actions()
    forgot = state.apply(Pay(False, True))
    sailing = forgot.apply(next(a for a in forgot.legal_actions() if isinstance(a, Sail)))
    assert sailing.phase == "mutiny" and sailing.current_player() == 1          # the other Captain answers
    assert set(sailing.legal_actions()) == {Shout(True), Shout(False)}
    thrown = sailing.apply(Shout(True))
    assert thrown.cap(ME)["ship"] == "Pinnace" and thrown.cap(ME)["at"] == (0, 0)


# ---------------------------------------------------------------- Play an Encounter
def pirates_and_the_sloop_take_effect_on_captain_2():
    assert CARDS["Pirates"]["encounter"] == CARDS["Spanish Sloop"]["encounter"] == "open_sea"
    for card, step in (("Pirates", "engage"), ("Spanish Sloop", "meet")):
        after = try_it.play_an_encounter().apply(Give(card))
        assert after.current_player() == 1 and after.phase == step and after.combat.enemy == card


def the_natives_and_havana_are_discarded():
    assert "encounter" not in CARDS["Havana"]
    for card in ("Natives", "Havana"):
        after = try_it.play_an_encounter().apply(Give(card))
        assert after.discard.get(card) == 1 and after.combat is None and after.current_player() == 1


def two_of_the_four_cards():
    assert len(try_it.ENCOUNTER_HAND) == 4
    assert sum(CARDS[name].get("encounter") == "open_sea" for name in try_it.ENCOUNTER_HAND) == 2


# ---------------------------------------------------------------- Buying
def seven_silver_buy_two_spices_in_cartagena():
    assert CARDS["Cartagena"]["buy"]["Spices"] == 3 and 7 // 3 == 2
    state = try_it.buying()
    assert state.cap(ME)["silver"] == 7 and Buy("Spices", 3) not in state.legal_actions()
    assert state.apply(Buy("Spices", 2)).cap(ME)["silver"] == 7 - 6


def the_galleon_s_hold_of_five_is_not_the_limit():
    assert CARDS["Spanish Galleon"]["cargo"] == 5
    state, p = lessons.in_port("Cartagena", ship="Spanish Galleon", silver=30)
    market = at_step(state, p, "trade", data=("Cartagena",))
    assert max(a.amount for a in market.legal_actions() if isinstance(a, Buy) and a.good == "Spices") == 5


# ---------------------------------------------------------------- Selling
def the_galleon_and_its_spices_make_28_and_you_keep_14():
    assert CARDS["Spanish Galleon"]["value"] == 22 and RULES["tortuga_price"] == 2
    assert 22 + 3 * 2 == 28 and 28 // 2 == 14
    state = try_it.selling()
    assert state.cap(ME)["loot"] == {"Spices": 3}
    sold = state.apply(StartTrade())
    assert sold.cap(ME)["silver"] - state.cap(ME)["silver"] == 14
    assert sold.cap(ME)["captured"] is None and not sold.cap(ME)["loot"]


# ---------------------------------------------------------------- First Mate
def the_navigator_adds_one_to_the_speed():
    assert CARDS["Navigator"]["ability"] == "speed" and PINNACE["speed"] == 2
    assert "Navigator" not in RULEBOOK                        # the rulebook names no First Mate's ability
    state = try_it.first_mate()
    with_mate = state.apply(Play("Navigator"))
    assert with_mate.cap(ME)["mate"] == "Navigator" and with_mate.speed(ME) == 3
    assert with_mate.ship_stat(ME, "cannon") == state.ship_stat(ME, "cannon")


# ---------------------------------------------------------------- Enemies
def a_treasure_fleet_is_spanish_and_costs_the_spanish_letter():
    assert CARDS["Treasure Fleet"]["nation"] == "Spain"
    state = try_it.enemies()
    assert state.cap(ME)["marque"] == "Spain" and not state.cap(ME)["flags"]
    attacked = state.apply(Attack())
    assert attacked.cap(ME)["flags"] == ["Spain"] and attacked.cap(ME)["marque"] is None


# ---------------------------------------------------------------- If You Lose Your Ship
def no_card_reaches_six_and_the_ship_is_sunk():
    assert CARDS["Havana"]["garrison"] == 6 and CARDS["Spanish Brigantine"]["crew"] == 3
    state = try_it.if_you_lose_your_ship()
    assert 3 + max(_number(name) for name in state.hand(ME)) < 6
    for move in state.legal_actions():
        assert _sunk(state.apply(move)), move


def you_lose_all_but_your_silver_and_start_over_in_tortuga():
    state = try_it.if_you_lose_your_ship()
    silver = state.cap(ME)["silver"]
    assert state.cap(ME)["cargo"] == {"Sugar": 2} and state.cap(ME)["mate"] == "Carpenter"
    lost = state.apply(AddCard(""))
    cap = lost.cap(ME)
    assert (cap["ship"], cap["captured"], cap["mate"], cap["cargo"], cap["loot"]) == ("Pinnace", None, None, {}, {})
    assert not lost.hand(ME) and cap["silver"] == silver and cap["at"] == (0, 0)


def you_draw_six_cards_one_at_a_time():
    assert RULES["lost_ship_draw"] == 6
    state = start_turn(try_it.if_you_lose_your_ship().apply(AddCard("")), ME, round_no=3)
    for k in range(6):
        assert state.phase == "lost_draw" and len(state.hand(ME)) == k     # one card a chance step
        state = state.apply(next(name for name in sorted(state.deck) if name != "Storm"))
    assert state.phase != "lost_draw" and len(state.hand(ME)) == 6


# ---------------------------------------------------------------- Enemies (the second section)
def a_letter_at_war_makes_england_the_enemy_without_a_flag():
    state = try_it.enemies_in_a_war()
    assert war.at_war_with(state, "Spain") == ["England"] and state.cap(ME)["marque"] == "Spain"
    assert war.enemies(state, ME) == {"England"} and not state.cap(ME)["flags"]
    assert CARDS["Port Royal"]["nation"] == "England"


def in_an_enemy_port_you_must_attack_unless_rum_or_sneak():
    state = try_it.enemies_in_a_war()
    assert set(state.legal_actions()) == {AttackPort(), Play("Bottle of Rum")}
    with pytest.raises(IllegalMove, match="MUST attack it"):
        state.check(PassAction())
    sneaking = try_it.enemies_in_a_war()
    lessons.give_hand(sneaking, ME, ("Sneak into Port",))
    assert Play("Sneak into Port") in sneaking.legal_actions() and PassAction() not in sneaking.legal_actions()


# ---------------------------------------------------------------- Captured Ships
def the_captured_galleon_slows_you_to_two():
    assert (CARDS["Spanish Galleon"]["speed"], CARDS["English Brigantine"]["speed"]) == (2, 3)
    towing = try_it.captured_ships().apply(TakePrize("captured"))
    assert towing.cap(ME)["captured"] == "Spanish Galleon" and towing.speed(ME) == 2
    assert towing.ship_stat(ME, "speed") == 3


def its_cannons_and_crew_never_help():
    towing = try_it.captured_ships().apply(TakePrize("captured"))
    brigantine = CARDS["English Brigantine"]
    assert (towing.ship_stat(ME, "cannon"), towing.ship_stat(ME, "crew")) == (brigantine["cannon"], brigantine["crew"])


# ---------------------------------------------------------------- Engagement and Broadside
def the_sloop_is_faster_by_two():
    assert CARDS["Spanish Sloop"]["speed"] - PINNACE["speed"] == 2
    assert try_it.engagement().combat.enemy == "Spanish Sloop"


def coastland_or_havana_catch_it_and_the_open_sea_does_not():
    assert [_number(name) for name in ("Open Sea", "Coastland", "Havana")] == [1, 2, 3]
    for card, caught in (("Coastland", True), ("Havana", True), ("Open Sea", False)):
        after = try_it.engagement().apply(AddCard(card))
        assert (after.combat is not None) == caught, card
        assert (after.discard.get("Spanish Sloop") == 1) == (not caught), card


def behind_by_three_a_tie_is_enough():
    assert CARDS["Treasure Fleet"]["cannon"] - PINNACE["cannon"] == 3
    state = try_it.broadside()
    assert state.combat.enemy == "Treasure Fleet" and state.combat.hero_attacks
    assert state.apply(AddCard("Havana")).phase == "sink_or_board"            # 1 + 3 = 4: the tie is yours


def havana_wins_and_the_others_sink_you():
    for card, sunk in (("Havana", False), ("Coastland", True), ("Open Sea", True)):
        assert _sunk(try_it.broadside().apply(AddCard(card))) == sunk, card


def natives_have_four_warriors_to_your_crew_of_two():
    assert (CARDS["Natives"]["warriors"], PINNACE["crew"]) == (4, 2)
    state = try_it.boarding()
    assert state.phase == "boarding" and state.combat.enemy == "Natives"
    assert _won_boarding(state.apply(AddCard("Coastland")))                 # 2 + 2 = 4: equal is enough


def _won_boarding(state) -> bool:
    return state.discard.get("Natives", 0) >= 1 and not _sunk(state) and state.phase == "loot"


def coastland_and_havana_win_the_boarding_the_open_sea_does_not():
    for card, won in (("Coastland", True), ("Havana", True), ("Open Sea", False)):
        after = try_it.boarding().apply(AddCard(card))
        assert _won_boarding(after) == won and _sunk(after) == (not won), card
    assert sum(CARDS[n]["number"] + 2 >= 4 for n in try_it.FIGHT_HAND) == 2 and len(try_it.FIGHT_HAND) == 3


def a_turn_has_five_phases_in_order():
    printed = ["Resolve the Encounter", "Pay the Crew", "Sail and Explore", "Action", "Play an Encounter"]
    toc = RULEBOOK.split("• Turn", 1)[1].split("• Trade", 1)[0]
    assert [line.strip("• ").strip() for line in toc.strip().splitlines()] == printed
    assert try_it.turn_phases(1, 2) == try_it.turn_phases(ME, 2) == try_it.TURN_PHASES        # the engine's order
    assert [FLOW_RULES[phase] for phase in try_it.TURN_PHASES] == printed


def the_first_captain_skips_the_encounter_on_the_first_turn():
    assert try_it.turn_phases(ME, 1) == ("pay", "sail", "action", "give")                   # 4 phases
    assert try_it.turn_phases(1, 1) == try_it.TURN_PHASES                                   # the others play 5
    state = try_it.turn()
    assert state.round == 1 and state.first == ME and state.phase == "sail"


TRY_IT_CLAIMS = {
    "Overview": {
        "A captured ship sells for half its value: the Spanish Brigantine's 14 gives you 7, and 53 + 7 = 60 Silver "
        "Pieces, enough to win at once.": a_captured_brigantine_sells_for_half_and_reaches_60,
    },
    "Turn": {
        "A turn has five phases in order: Resolve the Encounter, Pay the Crew, Sail and Explore, Action, Play an "
        "Encounter.": a_turn_has_five_phases_in_order,
        "On the first turn of the game nobody has played the First Captain an Encounter, so he skips Resolve the "
        "Encounter and plays 4.": the_first_captain_skips_the_encounter_on_the_first_turn,
    },
    "Resolve the Encounter": {
        "An Encounter takes effect only on the map card it names.": an_encounter_takes_effect_only_on_the_map_card_it_names,
        "Every ship card names the Open Sea: 12 merchant ships, 2 Treasure Fleets and 3 Pirates, 17 cards.":
            every_ship_names_the_open_sea_17_cards,
        "The Natives name a Coastland, and any other card is discarded.": natives_name_a_coastland_and_the_rest_is_discarded,
    },
    "Pay the Crew": {
        "The Galleon's crew costs 2 and the First Mate 1: 10 − 2 − 1 = 7.": the_galleon_and_the_mate_cost_3_of_10,
        "Forget to pay, and when you take up your ship to sail the other Captain may shout \"Mutiny!\".":
            forget_to_pay_and_the_other_captain_may_shout_mutiny,
    },
    "Play an Encounter": {
        "Pirates and the Spanish Sloop name the Open Sea, so they take effect on Captain 2 at the start of his turn.":
            pirates_and_the_sloop_take_effect_on_captain_2,
        "The Natives name a Coastland and Havana is a map card: both are discarded.":
            the_natives_and_havana_are_discarded,
        "2 of your 4 cards.": two_of_the_four_cards,
    },
    "Buying": {
        "Cartagena sells Spices at 3 a token: 7 silver buy 2 (6 silver).": seven_silver_buy_two_spices_in_cartagena,
        "The Galleon's hold has room for 5, so here your silver is the limit.":
            the_galleon_s_hold_of_five_is_not_the_limit,
    },
    "Selling": {
        "Plunder is split with the crew: the Galleon's value 22 and 3 Spices at Tortuga's 2 a token make 28, and you "
        "keep half: 14.": the_galleon_and_its_spices_make_28_and_you_keep_14,
    },
    "First Mate": {
        "Our Navigator adds 1 to your ship's speed: the Pinnace sails at 2 + 1 = 3 (house rule: the rulebook names no "
        "First Mate's ability).": the_navigator_adds_one_to_the_speed,
    },
    "Enemies": {
        "All Treasure Fleets belong to Spain: attack it and a Spanish flag goes in the Enemies space of your mat, and "
        "you lose your Spanish Letter of Marque.": a_treasure_fleet_is_spanish_and_costs_the_spanish_letter,
    },
    "If You Lose Your Ship": {
        "No card reaches 6: Havana wins and your ship is sunk.": no_card_reaches_six_and_the_ship_is_sunk,
        "You lose the Brigantine, its Sugar, the Carpenter and your cards, but not your silver, and start over in a "
        "Pinnace in Tortuga.": you_lose_all_but_your_silver_and_start_over_in_tortuga,
        "At the start of your next turn you draw 6 cards, one at a time.": you_draw_six_cards_one_at_a_time,
    },
    "Enemies (2)": {
        "A Letter of Marque from a nation at war makes the other warring nation your enemy: England, though no flag "
        "is on your mat.": a_letter_at_war_makes_england_the_enemy_without_a_flag,
        "In an enemy Port you MUST attack it, unless you play Bottle of Rum or Sneak into Port.":
            in_an_enemy_port_you_must_attack_unless_rum_or_sneak,
    },
    "Captured Ships": {
        "A Captured Ship sails with you and slows you: its speed 2 is lower than your Brigantine's 3, so you flee at "
        "2.": the_captured_galleon_slows_you_to_two,
        "Its cannons and crew never help you.": its_cannons_and_crew_never_help,
    },
    "Engagement": {
        "The Sloop is faster by 2.": the_sloop_is_faster_by_two,
        "A card adds its number to your speed, so the Coastland (2) or Havana (3) catches it and the Open Sea (1) does "
        "not: 2 of your 3 cards.": coastland_or_havana_catch_it_and_the_open_sea_does_not,
    },
    "Broadside": {
        "You are behind by 3, and ties always favor the attacker: 1 + 3 = 4 is enough.": behind_by_three_a_tie_is_enough,
        "Havana (3) wins the Broadside; the Coastland and the Open Sea leave you sunk.": havana_wins_and_the_others_sink_you,
    },
    "Boarding": {
        "The Natives have 4 warriors and your Pinnace a crew of 2: a card adds its number, and equal is enough.":
            natives_have_four_warriors_to_your_crew_of_two,
        "The Coastland (2) and Havana (3) win the Boarding, the Open Sea (1) does not: 2 of your 3 cards.":
            coastland_and_havana_win_the_boarding_the_open_sea_does_not,
    },
}
