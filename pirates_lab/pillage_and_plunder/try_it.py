"""Positions to try a rule on: the live examples of the lesson's reference screens (issue 34 item 4).

Each function returns a hand-built position of a two-player game (three for Play Event Card, where the two
opponents differ; plain engine state, no widgets) in which
player 1 is at the decision the heading is about, with the cards it needs in his hand; the lesson's "try it"
table lets a student make that move on the real engine.  The ``*_answer`` functions compute a screen's question
by playing the move on the engine.

>>> s = working()
>>> s.phase == "predraw", s.current_player()
(True, 0)
>>> working_pay()
200

Rules: Pillage & Plunder › Chapter III: Taking Your Turn
Rules: Pillage & Plunder › Game Variations
"""
from __future__ import annotations

from fractions import Fraction

from .actions import Act, Play, Repair, Retrieve
from .odds import cargo_price, merchant_prize
from .scenarios import at_step, equip, give, scenario, ship
from .state import PPState

__all__ = ["TRY_IT", "working", "working_pay", "sell_cargo", "rum_sells_for_on_average", "retrieve_buried_treasure",
           "hoard_after_retrieving", "buy_ship", "hoard_after_buying_a_schooner", "buy_ship_add_on",
           "speed_with_an_extra_sail", "buy_cannon", "cannons_a_sloop_carries", "hire_crew_member",
           "crewmen_a_sloop_still_takes", "buy_cargo", "gems_cost_on_average", "play_event_card", "attack_opponent",
           "play_navy_ship", "repair_ship", "bury_treasure", "treasure_hunt",
           "repair_stage", "repair_cost", "privateering", "fleet_play", "asset_liquidation",
           "worth_at_the_start", "stealing_treasure_maps", "pre_draw_stage", "your_hoard", "stage_1_spotting_the_enemy",
           "stage_2_fight_or_flee", "if_the_attacking_ship_is_faster", "stage_5_plundering_the_enemy_ship",
           "player_attacking_player", "navy_ship_attacking_player", "timed_game", "ship_hull",
           "speed_after_upgrading", "ship_add_on", "cannon_deck", "crew_quarters", "cargo_hold", "cargo_room_left",
           "treasure_maps", "prize_ships", "three_stages", "attack_merchant_ship", "example_2", "joe_cash_on_average",
           "example_3", "joe_escapes_by_fleeing"]

PLAYERS = 2                 # a short table fits the screen; Play Event Card needs a second opponent
FILLER = ("Bury Treasure", "Bury Treasure")        # an attacker's two cards kept back (his turn goes on after it)


def _at(step: str, hand=(), players: int = PLAYERS, **options) -> PPState:
    """Player 1 at ``step`` of his turn, holding only ``hand`` (a short list of moves: the rule's own)."""
    s = scenario(players, **options)
    give(s, 0, *hand)
    return at_step(s, step, 0)


# ------------------------------------------------------------------ Chapter III: the stages of a turn
def pre_draw_stage() -> PPState:
    """Rules: Pillage & Plunder › Stage 1: The pre-draw stage — Rum in the hold and a buried treasure: sell, retrieve
    or go on to draw."""
    s = scenario(PLAYERS)
    equip(s, 0, cargo=("Rum 20 Units",))
    s.players[0]["hoard"] -= 1000
    s.players[0]["maps"].append(1000)
    s._draw_card("Bury Treasure")
    s.validate()
    return s


def working() -> PPState:
    """Rules: Pillage & Plunder › "Working" – An Alternative For Desperate Pirates — at the pre-draw stage."""
    return scenario(PLAYERS)


def working_pay() -> int:
    """The pieces of eight a turn of work brings, played on the engine."""
    s = working()
    return s.apply(Act.WORK).players[0]["hoard"] - s.players[0]["hoard"]


def repair_stage() -> PPState:
    """Rules: Pillage & Plunder › Stage 3: The repair stage — player 1's Sloop has 2 damage; his last card goes on
    the discard pile and the repair stage begins (one damage a player, each in turn)."""
    s = _at("discard", ("Cannon",))
    ship(s, 0)["damage"] = 2
    s = s.apply(next(a for a in s.legal_actions()))
    assert s.phase == "repair" and s.current_player() == 0, s.phase
    return s


def repair_cost() -> int:
    """What one repair costs player 1's Sloop ("repair one of their ship's damage points by paying the repair cost
    indicated on their ship hull card"), played on the engine."""
    s = repair_stage()
    return s.players[0]["hoard"] - s.apply(Repair(0)).players[0]["hoard"]


# ------------------------------------------------------------------ Actions Performed During Your Turn
def sell_cargo() -> PPState:
    """Rules: Pillage & Plunder › Sell Cargo — Rum 20 Units in the hold, at the pre-draw stage."""
    s = scenario(PLAYERS)
    equip(s, 0, cargo=("Rum 20 Units",))
    return s


def rum_sells_for_on_average() -> Fraction:
    """The average price the bank pays for Rum 20 Units (two dice; the price per pip is ours: a house rule)."""
    return cargo_price("Rum 20 Units", selling=True).mean()


def retrieve_buried_treasure() -> PPState:
    """Rules: Pillage & Plunder › Retrieve Buried Treasure — player 1 holds 2,500 and buried 1,500 on an earlier
    turn."""
    s = scenario(PLAYERS)
    s.players[0]["hoard"] = 2500
    s.players[0]["maps"].append(1500)
    s._draw_card("Bury Treasure")
    s.validate()
    return s


def hoard_after_retrieving() -> int:
    return retrieve_buried_treasure().apply(Retrieve(1500)).players[0]["hoard"]


def buy_ship() -> PPState:
    """Rules: Pillage & Plunder › Buy Ship — a Schooner card in hand, 3,250 in the hoard."""
    return _at("play", ("Schooner",))


def hoard_after_buying_a_schooner() -> int:
    return buy_ship().apply(Play("Schooner")).players[0]["hoard"]


def buy_ship_add_on() -> PPState:
    """Rules: Pillage & Plunder › Buy Ship Add-On — an Extra Sail in hand."""
    return _at("play", ("Extra Sail",))


def speed_with_an_extra_sail() -> int:
    s = buy_ship_add_on().apply(Play("Extra Sail"))
    return s.battle_ship(0).effective_speed


def buy_cannon() -> PPState:
    """Rules: Pillage & Plunder › Buy Cannon — two Cannon cards in hand, one cannon aboard."""
    return _at("play", ("Cannon", "Cannon"))


def cannons_a_sloop_carries() -> int:
    return buy_cannon().hull(0).cannons


def hire_crew_member() -> PPState:
    """Rules: Pillage & Plunder › Hire Crew Member — a Doctor and a Pistol Crewman in hand, two crewmen aboard."""
    return _at("play", ("Doctor", "Pistol Crewman"))


def crewmen_a_sloop_still_takes() -> int:
    s = hire_crew_member()
    return s.hull(0).crew - len(ship(s, 0)["crew"])


def buy_cargo() -> PPState:
    """Rules: Pillage & Plunder › Buy Cargo — a Gems 10 Units card in hand."""
    return _at("play", ("Gems 10 Units",))


def gems_cost_on_average() -> Fraction:
    """The average price of Gems 10 Units (one die; the price per pip is ours: a house rule)."""
    return cargo_price("Gems 10 Units", selling=False).mean()


def play_event_card() -> PPState:
    """Rules: Pillage & Plunder › Play Event Card — Scurvy in hand; player 2 carries Fruit, player 3 does not."""
    s = _at("play", ("Scurvy",), players=3)
    equip(s, 1, cargo=("Fruit 10 Units",))
    return s


def attack_opponent() -> PPState:
    """Rules: Pillage & Plunder › Attack Opponent — an Attack card in hand, two rivals in Sloops."""
    return _at("play", ("Attack",))


def play_navy_ship() -> PPState:
    """Rules: Pillage & Plunder › Play Navy Ship — an English Navy card; player 2 holds an English merchant as a prize
    ship."""
    s = _at("play", ("English Navy",))
    s._draw_card("English Merchant (Strength 2)")
    s.players[1]["prizes"].append("English Merchant (Strength 2)")
    s.validate()
    return s


def repair_ship() -> PPState:
    """Rules: Pillage & Plunder › Repair Ship — a Repair at No Cost card, the Sloop with 2 damage."""
    s = _at("play", ("Repair at No Cost",))
    ship(s, 0)["damage"] = 2
    return s


def bury_treasure() -> PPState:
    """Rules: Pillage & Plunder › Bury Treasure — a Bury Treasure card in hand."""
    return _at("play", ("Bury Treasure",))


def treasure_hunt() -> PPState:
    """Rules: Pillage & Plunder › Treasure Hunt — a Treasure Hunt card in hand."""
    return _at("play", ("Treasure Hunt",))


# ------------------------------------------------------------------ Chapter II and Chapter IV: winning, sea battles
def your_hoard() -> PPState:
    """Rules: Pillage & Plunder › Your Hoard — 19,900 pieces of eight in the hoard, at the pre-draw stage (the goal
    is 20,000: a house rule)."""
    s = scenario(PLAYERS)
    s.players[0]["hoard"] = 19900
    return s


def _attacked(attacker_card: str = "Attack", *, sail: bool = False, prize: str | None = None) -> PPState:
    """Player 2 plays ``attacker_card`` on player 1 (an Extra Sail on player 2's Sloop if ``sail``; ``prize``: a
    Merchant Ship card in player 1's prize ships), up to player 1's first decision of the battle."""
    s = scenario(PLAYERS)
    if sail:
        equip(s, 1, addons=("Extra Sail",))
    if prize:
        s._draw_card(prize)
        s.players[0]["prizes"].append(prize)
    give(s, 1, attacker_card, *FILLER)
    s = at_step(s, "play", 1)
    return s.apply(Play(attacker_card, target=0))


def stage_1_spotting_the_enemy() -> PPState:
    """Rules: Pillage & Plunder › Stage 1: Spotting the Enemy — an Attack card, and a Crow's Nest on player 1's
    Sloop (a crewman and a cannon aboard)."""
    s = _at("play", ("Attack",))
    equip(s, 0, addons=("Crow's Nest",))
    return s


def stage_2_fight_or_flee() -> PPState:
    """Rules: Pillage & Plunder › Stage 2: Fight or Flee — player 2 attacks player 1 (both Sloops, the same speed);
    no terms are offered: player 1 flees or stands and fights."""
    s = _attacked().apply(Act.NO_OFFER).apply(Act.FIGHT_ON)
    assert s.phase == "battle_flee" and s.current_player() == 0, s.phase
    return s


def if_the_attacking_ship_is_faster() -> PPState:
    """Rules: Pillage & Plunder › If the attacking ship is faster — player 2's Sloop has an Extra Sail (speed 6
    against 5): player 1 escapes only on doubles."""
    s = _attacked(sail=True).apply(Act.NO_OFFER).apply(Act.FIGHT_ON)
    assert s.phase == "battle_flee" and s.current_player() == 0, s.phase
    return s


def navy_ship_attacking_player() -> PPState:
    """Rules: Pillage & Plunder › Navy Ship Attacking Player — player 2 sends the English Navy after player 1, who
    holds an English merchant as a prize ship."""
    s = _attacked("English Navy", prize="English Merchant (Strength 2)")
    assert s.current_player() == 0, s.phase
    return s


def _won(s: PPState) -> PPState:
    """Player 1 attacks player 2, whose crew is gone: a volley that sinks nobody, then the mêlée is won at once."""
    give(s, 0, "Attack")
    s = at_step(s, "play", 0)
    for move in (Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON, Act.STAND_AND_FIGHT, Act.NO_OFFER,
                 Act.FIGHT_ON):
        s = s.apply(move)
    s = s.apply(next(v for v in s.chance_outcomes().outcomes() if not (v.attacker_destroyed or v.defender_destroyed)))
    return s.apply(Act.NO_OFFER).apply(Act.FIGHT_ON)


def _crewless(s: PPState, player: int) -> None:
    s.discard.extend(ship(s, player)["crew"])
    ship(s, player)["crew"] = []


def stage_5_plundering_the_enemy_ship() -> PPState:
    """Rules: Pillage & Plunder › Stage 5: Plundering the Enemy Ship — player 1 has beaten player 2's Galleon,
    which carries more cargo than his Sloop's hold takes: he chooses what to take."""
    s = scenario(PLAYERS)
    equip(s, 1, hull="Galleon", cargo=("Rum 10 Units", "Spices 20 Units", "Gems 20 Units"))
    _crewless(s, 1)
    s.validate()
    s = _won(s)
    assert s.phase == "take_cargo" and s.current_player() == 0, s.phase
    return s


def player_attacking_player() -> PPState:
    """Rules: Pillage & Plunder › Player Attacking Player — player 1 has beaten player 2, who buried 1,000: he may
    roll for the treasure map (doubles steal it)."""
    s = scenario(PLAYERS)
    s.players[1]["hoard"] -= 1000
    s.players[1]["maps"].append(1000)
    s._draw_card("Bury Treasure")
    _crewless(s, 1)
    s.validate()
    s = _won(s)
    assert s.phase == "steal" and s.current_player() == 0, s.phase
    return s


# ------------------------------------------------------------------ Game Variations
def timed_game() -> PPState:
    """Rules: Pillage & Plunder › Timed Game — a game of one round: when every player has had his turn, the most
    money wins."""
    return scenario(PLAYERS, max_turns=1)


def privateering() -> PPState:
    """Rules: Pillage & Plunder › Privateering — a Dutch Navy card to lay in front of yourself."""
    return _at("play", ("Dutch Navy",), privateering=True)


def fleet_play() -> PPState:
    """Rules: Pillage & Plunder › Fleet Play — a Schooner card in hand: a second ship, not an upgrade."""
    return _at("play", ("Schooner",), fleet_play=True)


def asset_liquidation() -> PPState:
    """Rules: Pillage & Plunder › Asset Liquidation — the start of a game with the variation."""
    return scenario(PLAYERS, asset_liquidation=True)


def worth_at_the_start() -> int:
    """Player 1's worth at the start with Asset Liquidation: the hoard and what his Sloop carries, at cost."""
    return asset_liquidation().worth(0)


def stealing_treasure_maps() -> PPState:
    """Rules: Pillage & Plunder › Stealing Treasure Maps — a Treasure Hunt card; player 2 has buried 1,000."""
    s = _at("play", ("Treasure Hunt",), stealing_treasure_maps=True)
    s.players[1]["hoard"] -= 1000
    s.players[1]["maps"].append(1000)
    s._draw_card("Bury Treasure")
    s.validate()
    return s


# ------------------------------------------------------------------ Chapter II: the hull layout
def ship_hull() -> PPState:
    """Rules: Pillage & Plunder › Ship Hull — player 1's Sloop (an Extra Sail, 1 damage) and a Schooner card: the
    damaged ship cannot be upgraded ("until all of its damage has been repaired"); a Repair at No Cost card first."""
    s = _at("play", ("Schooner", "Repair at No Cost"))
    equip(s, 0, addons=("Extra Sail",))
    ship(s, 0)["damage"] = 1
    return s


def speed_after_upgrading() -> int:
    """The new ship's speed once repaired and upgraded: the Extra Sail stays with the Sloop ("any ship add-ons that
    you have on your ship stay with the current ship hull"), played on the engine."""
    s = ship_hull().apply(Play("Repair at No Cost")).apply(Play("Schooner"))
    return s.battle_ship(0).effective_speed


def ship_add_on() -> PPState:
    """Rules: Pillage & Plunder › Ship Add-On — an Extra Sail aboard; a second Extra Sail and an Iron Hull Plating in
    hand ("only one of each type of ship add-on")."""
    s = _at("play", ("Extra Sail", "Iron Hull Plating"))
    equip(s, 0, addons=("Extra Sail",))
    return s


def cannon_deck() -> PPState:
    """Rules: Pillage & Plunder › Cannon Deck — the Sloop's cannon deck full (3 of 3); a Cannon and a Pistol Crewman
    in hand."""
    s = _at("play", ("Cannon", "Pistol Crewman"))
    equip(s, 0, cannons=s.hull(0).cannons)
    return s


def crew_quarters() -> PPState:
    """Rules: Pillage & Plunder › Crew Quarters — the Sloop's crew quarters full (3 of 3); a Pistol Crewman and a
    Cannon in hand."""
    s = _at("play", ("Pistol Crewman", "Cannon"))
    equip(s, 0, crew=("Cutlass Crewman",) * (s.hull(0).crew - len(ship(s, 0)["crew"])))
    return s


def cargo_hold() -> PPState:
    """Rules: Pillage & Plunder › Cargo Hold — Rum 20 Units in the Sloop's hold of 30; Gems 10 Units and Gems 20 Units
    in hand: one fits, the other does not."""
    s = _at("play", ("Gems 10 Units", "Gems 20 Units"))
    equip(s, 0, cargo=("Rum 20 Units",))
    return s


def cargo_room_left() -> int:
    """The units of cargo still free in player 1's hold."""
    s = cargo_hold()
    return s.cargo_capacity(0) - s.cargo_units(0)


def treasure_maps() -> PPState:
    """Rules: Pillage & Plunder › Treasure Maps — 1,000 buried on an earlier turn, 1,000 left in the hoard and a Bury
    Treasure card: a second map ("You may bury as many treasure maps as you like")."""
    s = _at("play", ("Bury Treasure",))
    s.players[0]["hoard"] = 1000
    s.players[0]["maps"].append(1000)
    s._draw_card("Bury Treasure")
    s.validate()
    return s


def prize_ships() -> PPState:
    """Rules: Pillage & Plunder › Prize Ships — an English and a French Navy card; player 2 holds an English merchant
    as a prize ship: only the English navy may be sent after him."""
    s = _at("play", ("English Navy", "French Navy"))
    s._draw_card("English Merchant (Strength 2)")
    s.players[1]["prizes"].append("English Merchant (Strength 2)")
    s.validate()
    return s


def three_stages() -> PPState:
    """Rules: Pillage & Plunder › The Three Stages of Your Turn — a whole turn from its start: Rum to sell (pre-draw),
    cards to draw and play, and a Sloop with 1 damage to repair (the repair stage)."""
    s = scenario(PLAYERS)
    equip(s, 0, cargo=("Rum 20 Units",))
    ship(s, 0)["damage"] = 1
    return s


# ------------------------------------------------------------------ merchants, and the sample battles
MERCHANT = "French Merchant (Strength 2)"       # Example 2 prints a strength-2 merchant, not its nation (ours)


def attack_merchant_ship() -> PPState:
    """Rules: Pillage & Plunder › Attack Merchant Ship — a Merchant Ship card and a Cargo card to load it with."""
    return _at("play", (MERCHANT, "Gems 20 Units"))


def example_2() -> PPState:
    """Rules: Pillage & Plunder › Example 2: Player Vs. Merchant Ship — Joe (player 1: a Sloop, three crewmen,
    three cannons) has played a strength-2 merchant loaded with 20 units of gems: the battle begins."""
    s = _at("play", (MERCHANT, "Gems 20 Units"))
    equip(s, 0, cannons=3, crew=("Cutlass Crewman",))
    s = s.apply(Play(MERCHANT, extra=("Gems 20 Units",)))
    assert s.battle() is not None and s.current_player() == 0, s.phase
    return s


def joe_cash_on_average() -> Fraction:
    """The cash Joe takes on average from a strength-2 merchant (one die × 1,000, printed by the example)."""
    return merchant_prize(2).mean()


def example_3() -> PPState:
    """Rules: Pillage & Plunder › Example 3: Navy Ship Vs. Player — Joe (player 1, a Schooner, a French merchant in
    his prize ships) is attacked by player 2's French Navy: flee (doubles) or stand and fight."""
    s = scenario(PLAYERS)
    equip(s, 0, hull="Schooner", cannons=3, crew=("Cutlass Crewman",))
    s._draw_card("French Merchant (Strength 2)")
    s.players[0]["prizes"].append("French Merchant (Strength 2)")
    give(s, 1, "French Navy", *FILLER)
    s = at_step(s, "play", 1).apply(Play("French Navy", target=0))
    assert s.phase == "battle_flee" and s.current_player() == 0, s.phase
    return s


def joe_escapes_by_fleeing() -> Fraction:
    """Joe's chance to escape when he flees, over the engine's own roll: the battle is over after it."""
    fled = example_3().apply(Act.FLEE)
    return fled.chance_outcomes().probability(lambda roll: fled.apply(roll).battle() is None)


#: heading → the position to try it on (the lesson's reference screens with a live example)
TRY_IT = {
    "Stage 1: The pre-draw stage": pre_draw_stage,
    "Stage 3: The repair stage": repair_stage,
    '"Working" – An Alternative For Desperate Pirates': working,
    "Sell Cargo": sell_cargo,
    "Retrieve Buried Treasure": retrieve_buried_treasure,
    "Buy Ship Add-On": buy_ship_add_on,
    "Buy Ship": buy_ship,
    "Buy Cannon": buy_cannon,
    "Hire Crew Member": hire_crew_member,
    "Buy Cargo": buy_cargo,
    "Play Event Card": play_event_card,
    "Attack Opponent": attack_opponent,
    "Play Navy Ship": play_navy_ship,
    "Repair Ship": repair_ship,
    "Bury Treasure": bury_treasure,
    "Treasure Hunt": treasure_hunt,
    "Your Hoard": your_hoard,
    "Stage 1: Spotting the Enemy": stage_1_spotting_the_enemy,
    "Stage 2: Fight or Flee": stage_2_fight_or_flee,
    "If the attacking ship is faster": if_the_attacking_ship_is_faster,
    "Stage 5: Plundering the Enemy Ship": stage_5_plundering_the_enemy_ship,
    "Player Attacking Player": player_attacking_player,
    "Navy Ship Attacking Player": navy_ship_attacking_player,
    "Timed Game": timed_game,
    "Asset Liquidation": asset_liquidation,
    "Stealing Treasure Maps": stealing_treasure_maps,
    "Privateering": privateering,
    "Fleet Play": fleet_play,
    "Ship Hull": ship_hull,                         # the Hull Layout's section (its second printing)
    "Ship Add-On": ship_add_on,                     # likewise
    "Cannon Deck": cannon_deck,
    "Crew Quarters": crew_quarters,
    "Cargo Hold": cargo_hold,
    "Treasure Maps": treasure_maps,
    "Prize Ships": prize_ships,
    "The Three Stages of Your Turn": three_stages,
    "Attack Merchant Ship": attack_merchant_ship,
    "Example 2: Player Vs. Merchant Ship": example_2,
    "Example 3: Navy Ship Vs. Player": example_3,
}
