"""Hand-built positions for lessons and tests: a game at a chosen step, cards handed out, ships fitted.

Every card given is taken out of the draw piles, so the 298 cards still add up
(:meth:`~pirates_lab.pillage_and_plunder.state.PPState.validate`).

>>> s = scenario(2); give(s, 0, "Cannon"); s = at_step(s, "play"); [str(a) for a in s.legal_actions()]
['play Cannon onto the discard pile', 'play Cannon']

Rules: Pillage & Plunder › Game Setup
"""
from __future__ import annotations

import random
from fractions import Fraction

from pirates_lab.core import Task, play

from . import components as C
from .actions import Act, Play, Retrieve, SellShip
from .battles import Ship, battle, cannon_volley, flee_escape_probability, melee_round_win_probability
from .game import PPState, new_game
from .rules.game_setup import draw_from_deck
from .rules.stage_1_the_pre_draw_stage import PREDRAW
from .rules.stage_2_the_draw_and_play_stage import DISCARD, DRAW, PLAY
from .rules.the_three_stages_of_your_turn import Turn
from .rules.your_hoard import END_TURN
from .odds import cargo_price, doubles_probability, hand_probability, merchant_prize, treasure_hunt

__all__ = ["scenario", "give", "equip", "at_step", "ship", "until_a_decision"]


#: the steps of a turn a scenario may start at (rows of the phase table that carry the turn's record)
TURN_STEPS = {row.name: row for row in (PREDRAW, DRAW, PLAY, DISCARD)}


def scenario(players: int = 2, **options) -> PPState:
    """A game after the deal with empty hands: seat 0 at the start of the pre-draw stage."""
    state = new_game(players, **options)
    state.current = state.first = 0
    state.agenda = [Task(END_TURN.name, 0), Task(PREDRAW.name, 0, Turn())]
    state.validate()
    return state


def at_step(state: PPState, phase: str, player: int | None = None) -> PPState:
    """The same position at another step of the current player's turn (``"predraw"``, ``"draw"``, ``"play"``,
    ``"discard"``); ``player`` (default: the player on turn) becomes the player on turn.

    Going back to ``"predraw"`` starts the turn's record afresh (no plays, nobody targeted); otherwise the
    turn's record so far is kept.
    """
    if phase not in TURN_STEPS:
        raise ValueError(f"at_step starts a scenario at one of {', '.join(TURN_STEPS)}, not {phase!r}")
    player = state.current if player is None else player
    turn = Turn() if phase == PREDRAW.name else (state.turn() or Turn())
    state.current = player
    state.agenda = [Task(END_TURN.name, player), Task(phase, player, turn)]
    return state


def until_a_decision(state: PPState, rng: random.Random) -> PPState:
    """Chance plays on (the core's play loop, every seat left to a person) until a player has to decide."""
    return play(state, rng=rng, humans=range(state.game.players)).run()


def give(state: PPState, player: int, *cards: str) -> None:
    """Hand ``cards`` from the draw piles to ``player``."""
    for card in cards:
        draw_from_deck(state, card)
        state.players[player]["hand"].append(card)


def ship(state: PPState, player: int, index: int = 0) -> dict:
    """A player's ship, as plain data."""
    return state.players[player]["ships"][index]


def equip(state: PPState, player: int, *, hull=None, cannons=None, crew=(), cargo=(), addons=()) -> None:
    """Fit out ``player``'s first ship with cards from the draw piles (a new hull on top, cannons up to
    ``cannons``, extra crew, cargo and add-ons), then check the position."""
    s = ship(state, player)
    if hull:
        draw_from_deck(state, hull)
        s["hulls"].append({"hull": hull, "addons": []})
    if cannons is not None:
        for _ in range(cannons - s["cannons"]):
            draw_from_deck(state, "Cannon")
        s["cannons"] = cannons
    for card in crew:
        draw_from_deck(state, card)
        s["crew"].append(card)
    for card in cargo:
        draw_from_deck(state, card)
        s["cargo"].append(card)
    for card in addons:
        draw_from_deck(state, card)
        s["hulls"][-1]["addons"].append(card)
    state.validate()


# ---------------------------------------------------------------- lesson positions and answers
# The guided walkthrough (data/lessons.toml) names these functions: each answer is computed here, by the
# engine and the data file, when the step is checked — never written in the lesson.  The tests check
# every one against an independent count (tests/pillage_and_plunder/test_pillage_and_plunder_lessons.py).

LESSON_PLAYERS = 4          # hand odds in the lesson: a four-player game, five-card hands
UPGRADE_HOARD = 5000        # the Hull Layout lesson's player has saved enough for a Crow's Nest and a Schooner


def _cards(category: str) -> int:
    return sum(C.load().categories[category].values())


def _in_hand(category: str) -> Fraction:
    return hand_probability({category: 1}, hand_size=C.load().game["hand_size"], players=LESSON_PLAYERS)


def _hull(name: str) -> C.Hull:
    return C.load().hulls[name]


def deck_after_kits() -> int:
    """Cards left to shuffle once four starting kits are out.  Rules: Pillage & Plunder › Game Setup"""
    return C.load().deck_after_setup(LESSON_PLAYERS).size


def ship_hull_cards() -> int:
    """Rules: Pillage & Plunder › Card Frequency"""
    return _cards("Ship Hull")


def addon_in_hand() -> Fraction:
    """P(a five-card hand holds a Ship Add-On card).  Rules: Pillage & Plunder › Card Frequency"""
    return _in_hand("Ship Add-On")


def cannon_in_hand() -> Fraction:
    """Rules: Pillage & Plunder › Card Frequency"""
    return _in_hand("Cannon")


def officer_cards() -> int:
    """Crew Member cards that are neither cutlass nor pistol crewmen.  Rules: Pillage & Plunder › Card Frequency"""
    crew = C.load().categories["Crew Member"]
    return sum(n for card, n in crew.items() if card not in ("Cutlass Crewman", "Pistol Crewman"))


def rum_units() -> int:
    """Cargo units on all the Rum cards together.  Rules: Pillage & Plunder › Card Frequency"""
    data = C.load()
    return sum(n * data.cargo_units(card) for card, n in data.categories["Cargo"].items()
               if data.cargo_kind(card) == "Rum")


def event_cards() -> int:
    """Rules: Pillage & Plunder › Card Frequency"""
    return _cards("Event")


def repair_cards() -> int:
    """Rules: Pillage & Plunder › Card Frequency"""
    return _cards("Repair Ship")


def hunt_in_hand() -> Fraction:
    """Rules: Pillage & Plunder › Card Frequency"""
    return _in_hand("Treasure Hunt")


def hunt_and_bury_in_hand() -> Fraction:
    """P(a five-card hand holds a Treasure Hunt AND a Bury Treasure card).  Rules: Pillage & Plunder › Card Frequency"""
    return hand_probability({"Treasure Hunt": 1, "Bury Treasure": 1}, players=LESSON_PLAYERS)


def merchant_cards() -> int:
    """Rules: Pillage & Plunder › Card Frequency"""
    return _cards("Merchant Ship")


def navy_cards() -> int:
    """Rules: Pillage & Plunder › Card Frequency"""
    return _cards("Navy Ship")


def attack_in_hand() -> Fraction:
    """Rules: Pillage & Plunder › Card Frequency"""
    return _in_hand("Attack")


def battle_cards() -> int:
    """Cards that start a sea battle: Attack, Merchant Ship and Navy Ship.  Rules: Pillage & Plunder › Sea Battle Basics"""
    return sum(_cards(category) for category in ("Attack", "Merchant Ship", "Navy Ship"))


def crew_in_hand() -> Fraction:
    """Rules: Pillage & Plunder › Crew Members"""
    return _in_hand("Crew Member")


def starting_hoard() -> int:
    """A new game's hoard.  Rules: Pillage & Plunder › Game Setup"""
    return new_game(2).players[0]["hoard"]


def hits_left_on_damaged_schooner() -> int:
    """A Schooner with two damage markers: damage points it can still take before it sinks.

    Rules: Pillage & Plunder › Damage Markers
    """
    ship = Ship.player("Schooner", damage=2)
    return ship.strength - ship.damage


def setup_state(seed: int = 1) -> PPState:
    """A four-player game right after the deal (seeded).  Rules: Pillage & Plunder › Game Setup"""
    return until_a_decision(new_game(LESSON_PLAYERS), random.Random(seed))


def cards_left_after_setup() -> int:
    """Rules: Pillage & Plunder › Game Setup"""
    return setup_state().observation(0)["deck"]


def sloop_cannon_room() -> int:
    """Cannons a starting Sloop can still take aboard.  Rules: Pillage & Plunder › Cannon Deck"""
    state = new_game(2)
    return state.hull(0, 0).cannons - ship(state, 0)["cannons"]


def upgraded_sloop() -> PPState:
    """A Sloop buys a Crow's Nest, then upgrades to a Schooner (the engine plays both cards).

    Rules: Pillage & Plunder › Hull Layout
    """
    state = scenario(2)
    state.players[0]["hoard"] = UPGRADE_HOARD
    give(state, 0, "Crow's Nest", "Schooner", "Attack")
    return at_step(state, "play").apply(Play("Crow's Nest")).apply(Play("Schooner"))


def addons_after_upgrade() -> int:
    """Rules: Pillage & Plunder › Buy Ship"""
    return len(upgraded_sloop().addons(0))


def upgrades_sloop_to_man_o_war() -> int:
    """Rules: Pillage & Plunder › Buy Ship"""
    return _hull("Man O' War").level - _hull("Sloop").level


def sloop_speed_with_extra_sail() -> int:
    """Rules: Pillage & Plunder › Stage 2: Fight or Flee"""
    return Ship.player("Sloop", addons=("Extra Sail",)).effective_speed


def sloop_cannons() -> int:
    """Rules: Pillage & Plunder › Cannon Deck"""
    return _hull("Sloop").cannons


def galleon_crew() -> int:
    """Rules: Pillage & Plunder › Crew Quarters"""
    return _hull("Galleon").crew


def sloop_cargo() -> int:
    """Rules: Pillage & Plunder › Cargo Hold"""
    return _hull("Sloop").cargo


def full_sloop_hires() -> PPState:
    """A Sloop with a full crew quarters holding a Pistol Crewman.  Rules: Pillage & Plunder › Crew Quarters"""
    state = scenario(2)
    equip(state, 0, crew=("Cutlass Crewman",))
    give(state, 0, "Pistol Crewman")
    return at_step(state, "play")


def two_maps_buried() -> PPState:
    """Player 0 buries 1,000 on one map and 2,000 on another, then starts his next turn.

    Rules: Pillage & Plunder › Treasure Maps
    """
    state = scenario(2)
    give(state, 0, "Bury Treasure", "Bury Treasure")
    state = at_step(state, "play").apply(Play("Bury Treasure", amount=1000)).apply(Play("Bury Treasure", amount=2000))
    return _next_turn_of(state, 0)


def _next_turn_of(state: PPState, player: int) -> PPState:
    """The same position at the start of ``player``'s next turn (the others pass)."""
    state.current = player
    return at_step(state, "predraw", player)


def retrieve_both_maps() -> int:
    """Coins back in the hoard after retrieving both maps.  Rules: Pillage & Plunder › Retrieve Buried Treasure"""
    state = two_maps_buried()
    before = state.players[0]["hoard"]
    for amount in list(state.players[0]["maps"]):
        state = state.apply(Retrieve(amount))
    return state.players[0]["hoard"] - before


def prize_holder() -> PPState:
    """Player 1 holds a French and a Dutch prize; player 0 holds one Navy Ship of each nation.

    Rules: Pillage & Plunder › Prize Ships
    """
    state = scenario(2)
    for card in ("French Merchant (Strength 2)", "Dutch Merchant (Strength 4)"):
        draw_from_deck(state, card)
        state.players[1]["prizes"].append(card)
    give(state, 0, *sorted(C.load().categories["Navy Ship"]))
    state.validate()
    return at_step(state, "play")


def navies_playable_on_prize_holder() -> int:
    """Rules: Pillage & Plunder › Play Navy Ship"""
    return len({a.card for a in prize_holder().legal_actions() if isinstance(a, Play) and a.target == 1})


def hoard_and_buried() -> PPState:
    """A hoard of 5,000 aboard and 3,000 buried.  Rules: Pillage & Plunder › Your Hoard"""
    state = scenario(2)
    state.players[0]["hoard"] = 8000
    give(state, 0, "Bury Treasure")
    state = at_step(state, "play").apply(Play("Bury Treasure", amount=3000))
    return state


def hoard_that_counts() -> int:
    """Rules: Pillage & Plunder › Your Hoard"""
    return hoard_and_buried().scores()[0]


def cards_to_draw() -> int:
    """Cards drawn by a player holding a five-card hand.  Rules: Pillage & Plunder › Stage 2: The draw and play stage"""
    game = C.load().game
    return game["draw_to"] - game["hand_size"]


def sloop_repair_cost() -> int:
    """Rules: Pillage & Plunder › Stage 3: The repair stage"""
    return _hull("Sloop").repair


def hoard_after_working() -> int:
    """A pirate with 150 pieces of eight works on the docks.  Rules: Pillage & Plunder › "Working" – An Alternative For Desperate Pirates"""
    state = scenario(2)
    state.players[0]["hoard"] = 150
    return state.apply(Act("work")).players[0]["hoard"]


def gems_sell_mean() -> Fraction:
    """Rules: Pillage & Plunder › Sell Cargo"""
    return cargo_price("Gems 20 Units", True).mean()


def fruit_sells_for_400() -> Fraction:
    """Rules: Pillage & Plunder › Sell Cargo"""
    return cargo_price("Fruit 10 Units", True).probability(lambda price: price >= 400)


def gems_buy_mean() -> Fraction:
    """Rules: Pillage & Plunder › Buy Cargo"""
    return cargo_price("Gems 20 Units", False).mean()


def plating_on_schooner() -> int:
    """Rules: Pillage & Plunder › Buy Ship Add-On"""
    return C.load().addon_cost("Iron Hull Plating", "Schooner")


def level_a_sloop_may_buy() -> int:
    """The level of the only hull card the engine lets a Sloop play.  Rules: Pillage & Plunder › Buy Ship"""
    state = scenario(2)
    state.players[0]["hoard"] = 50000
    give(state, 0, *C.load().hulls)
    state = at_step(state, "play")
    levels = {_hull(a.card).level for a in state.legal_actions()
              if isinstance(a, Play) and not a.discard and a.card in C.load().hulls}
    if len(levels) != 1:
        raise ValueError(f"the engine lets a Sloop buy hulls of levels {sorted(levels)}")
    return levels.pop()


def schooner_cannon_dice() -> int:
    """A Schooner with four cannons and two crewmen.  Rules: Pillage & Plunder › Buy Cannon"""
    return Ship.player("Schooner", cannons=4, crew=2).dice


def pistol_round_win() -> Fraction:
    """One pistol crewman attacks one cutlass crewman: one mêlée round.  Rules: Pillage & Plunder › Hire Crew Member"""
    return melee_round_win_probability(1, 1, True, False)


def crew_lost_to_scurvy_with_fruit() -> int:
    """Rules: Pillage & Plunder › Play Event Card"""
    return _crew_lost("Scurvy", "Fruit 10 Units")


def crew_lost_to_mutiny_with_rum() -> int:
    """Rules: Pillage & Plunder › Rum and Fruit"""
    return _crew_lost("Mutiny", "Rum 10 Units")


def event_played(event: str, cargo: str | None) -> PPState:
    """Player 0 plays ``event`` on player 1 (with ``cargo`` in his hold, if any); chance rolled with seed 1.

    Rules: Pillage & Plunder › Play Event Card
    """
    state = scenario(2)
    if cargo:
        equip(state, 1, cargo=(cargo,))
    give(state, 0, event)
    return until_a_decision(at_step(state, "play").apply(Play(event, target=1)), random.Random(1))


def _crew_lost(event: str, cargo: str) -> int:
    before = len(ship(scenario(2), 1)["crew"])
    return before - len(ship(event_played(event, cargo), 1)["crew"])


def same_speed_escape() -> Fraction:
    """Rules: Pillage & Plunder › If both ships are the same speed"""
    return flee_escape_probability(6, 6)


def faster_defender_escapes() -> Fraction:
    """Rules: Pillage & Plunder › If the defending ship is faster"""
    return flee_escape_probability(5, 6)


def slower_defender_escapes() -> Fraction:
    """Rules: Pillage & Plunder › If the attacking ship is faster"""
    return flee_escape_probability(6, 5)


def merchant_2_prize_mean() -> Fraction:
    """Rules: Pillage & Plunder › Attack Merchant Ship"""
    return merchant_prize(2).mean()


def merchant_4_prize_9000() -> Fraction:
    """Rules: Pillage & Plunder › Player Attacking Merchant Ship"""
    return merchant_prize(4).probability(lambda coins: coins >= 9000)


def merchant_6_prize_mean() -> Fraction:
    """Rules: Pillage & Plunder › Attack Merchants Instead Of Players"""
    return merchant_prize(6).mean()


def sloop_escapes_navy() -> Fraction:
    """Rules: Pillage & Plunder › Play Navy Ship"""
    return flee_escape_probability(Ship.navy().effective_speed, Ship.player("Sloop").effective_speed)


def galleon_quarter_repair() -> int:
    """What 'Repair at 25% Cost' takes from the hoard of a damaged Galleon.  Rules: Pillage & Plunder › Repair Ship"""
    state = scenario(2)
    equip(state, 0, hull="Galleon")
    ship(state, 0)["damage"] = 2
    give(state, 0, "Repair at 25% Cost")
    before = state.players[0]["hoard"]
    return before - at_step(state, "play").apply(Play("Repair at 25% Cost")).players[0]["hoard"]


def hoard_after_burying_2000() -> int:
    """Rules: Pillage & Plunder › Bury Treasure"""
    state = scenario(2)
    give(state, 0, "Bury Treasure")
    return at_step(state, "play").apply(Play("Bury Treasure", amount=2000)).players[0]["hoard"]


def hunt_mean() -> Fraction:
    """Rules: Pillage & Plunder › Treasure Hunt"""
    return treasure_hunt().map(lambda hunt: hunt.coins).mean()


def crows_nest_escape() -> Fraction:
    """A speed-6 Schooner with a Crow's Nest attacks a speed-6 Schooner: P(the defender escapes).

    Rules: Pillage & Plunder › Stage 1: Spotting the Enemy
    """
    attacker = Ship.player("Schooner", cannons=4, crew=4, addons=("Crow's Nest",))
    defender = Ship.player("Schooner", cannons=4, crew=4)
    return battle(attacker, defender).probability(lambda r: r.outcome == "escaped")


def damaged_sail_sloop_speed() -> int:
    """A Sloop with an Extra Sail and two damage.  Rules: Pillage & Plunder › Stage 2: Fight or Flee"""
    return Ship.player("Sloop", addons=("Extra Sail",), damage=2).effective_speed


def four_v_three_volley_heavy() -> Fraction:
    """Four cannon dice against three (both strength 5): P(the defender takes 3 damage or more).

    Rules: Pillage & Plunder › Stage 3: The Cannon Battle
    """
    volley = cannon_volley(4, 3, attacker_strength=5, defender_strength=5)
    return volley.probability(lambda v: v.defender_damage >= 3)


def one_on_one_round() -> Fraction:
    """Rules: Pillage & Plunder › Stage 4: The Mêlée"""
    return melee_round_win_probability(1, 1)


def map_steal() -> Fraction:
    """Rules: Pillage & Plunder › Player Attacking Player"""
    return doubles_probability()


def navy_melee_dice() -> int:
    """Rules: Pillage & Plunder › Navy Ship Attacking Player"""
    return min(Ship.navy().crew, C.load().game["max_dice"])


def schooner_beats_merchant_4() -> Fraction:
    """Rules: Pillage & Plunder › Sea Battle Basics"""
    attacker = Ship.player("Schooner", cannons=4, crew=4)
    return battle(attacker, Ship.merchant(4), "merchant").probability(lambda r: r.winner == "attacker")


def sloop_captures_merchant_6() -> Fraction:
    """Rules: Pillage & Plunder › Sloops and Merchant Ships"""
    return battle(Ship.player("Sloop", cannons=3, crew=3), Ship.merchant(6), "merchant").probability(
        lambda r: r.winner == "attacker")


def both_bait_cards_in_hand() -> Fraction:
    """Rules: Pillage & Plunder › Baiting The Enemy"""
    return hand_probability({"Merchant Ship": 1, "Navy Ship": 1}, players=LESSON_PLAYERS)


def starting_worth_liquidated() -> int:
    """Rules: Pillage & Plunder › Asset Liquidation"""
    return new_game(2, asset_liquidation=True).worth(0)


def steal_in_two_tries() -> Fraction:
    """Rules: Pillage & Plunder › Stealing Treasure Maps"""
    return 1 - (1 - doubles_probability()) ** 2


def fleet_sells_galleon() -> int:
    """Fleet Play: a player with a Sloop and a Galleon sells the Galleon.  Rules: Pillage & Plunder › Fleet Play"""
    state = scenario(2, fleet_play=True)
    state.players[0]["hoard"] = 9000
    give(state, 0, "Galleon")
    state = _next_turn_of(at_step(state, "play").apply(Play("Galleon")), 0)
    before = state.players[0]["hoard"]
    return state.apply(SellShip(1)).players[0]["hoard"] - before


def attack_and_cannon_in_eight() -> Fraction:
    """Rules: Pillage & Plunder › Card Frequency"""
    return hand_probability({"Attack": 1, "Cannon": 1}, hand_size=C.load().game["draw_to"], players=LESSON_PLAYERS)
