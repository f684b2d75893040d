"""Positions to try a rule on: the live examples of the lesson's reference screens (issue 34 item 4).

Each function returns a hand-built position of a three-player game (plain engine state, no widgets) in which
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
from .odds import cargo_price
from .scenarios import at_step, equip, give, scenario, ship
from .state import PPState

__all__ = ["TRY_IT", "working", "working_pay", "sell_cargo", "rum_sells_for_on_average", "retrieve_buried_treasure",
           "hoard_after_retrieving", "buy_ship", "hoard_after_buying_a_schooner", "buy_ship_add_on",
           "speed_with_an_extra_sail", "buy_cannon", "cannons_a_sloop_carries", "hire_crew_member",
           "crewmen_a_sloop_still_takes", "buy_cargo", "gems_cost_on_average", "play_event_card", "attack_opponent",
           "attack_merchant_ship", "play_navy_ship", "repair_ship", "bury_treasure", "treasure_hunt",
           "repair_stage", "repair_cost", "privateering", "fleet_play", "asset_liquidation",
           "worth_at_the_start", "stealing_treasure_maps", "pre_draw_stage"]

PLAYERS = 3
FILLER = ("Bury Treasure", "Bury Treasure")        # two cards kept back, so the turn does not end for want of cards


def _at(step: str, hand=(), **options) -> PPState:
    """Player 1 at ``step`` of his turn in a three-player game, holding ``hand`` (and the filler at the play step)."""
    s = scenario(PLAYERS, **options)
    give(s, 0, *hand, *(FILLER if step == "play" else ()))
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
    """Rules: Pillage & Plunder › Buy Ship Add-On — an Extra Sail and an Iron Hull Plating in hand."""
    return _at("play", ("Extra Sail", "Iron Hull Plating"))


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
    s = _at("play", ("Scurvy",))
    equip(s, 1, cargo=("Fruit 10 Units",))
    return s


def attack_opponent() -> PPState:
    """Rules: Pillage & Plunder › Attack Opponent — an Attack card in hand, two rivals in Sloops."""
    return _at("play", ("Attack",))


def attack_merchant_ship() -> PPState:
    """Rules: Pillage & Plunder › Attack Merchant Ship — a strength-2 merchant and a Rum card to load on it."""
    return _at("play", ("French Merchant (Strength 2)", "Rum 10 Units"))


def play_navy_ship() -> PPState:
    """Rules: Pillage & Plunder › Play Navy Ship — an English Navy card; player 2 holds an English merchant as a prize
    ship, player 3 none."""
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
    """Rules: Pillage & Plunder › Bury Treasure — one Bury Treasure card more in hand (the filler holds two)."""
    return _at("play", ("Bury Treasure",))


def treasure_hunt() -> PPState:
    """Rules: Pillage & Plunder › Treasure Hunt — a Treasure Hunt card in hand."""
    return _at("play", ("Treasure Hunt",))


# ------------------------------------------------------------------ Game Variations
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
    "Attack Merchant Ship": attack_merchant_ship,
    "Play Navy Ship": play_navy_ship,
    "Repair Ship": repair_ship,
    "Bury Treasure": bury_treasure,
    "Treasure Hunt": treasure_hunt,
    "Asset Liquidation": asset_liquidation,
    "Stealing Treasure Maps": stealing_treasure_maps,
    "Privateering": privateering,
    "Fleet Play": fleet_play,
}
