"""The rulebook headings the Pillage & Plunder engine cites, checked against the rulebook at import.

One constant per heading, named ``RULE_<WHAT>`` after the heading; no heading has two constants
and no constant is left unused.  The module named after each heading holds its code (see
:mod:`pirates_lab.pillage_and_plunder.rules`).
"""
from __future__ import annotations

from pirates_lab.core import cite

GAME = "pillage_and_plunder"

# Player's Guide, Chapter II: Your Ship and Other Resources
RULE_GAME_SETUP = cite(GAME, "Game Setup")
RULE_CARD_FREQUENCY = cite(GAME, "Card Frequency")
RULE_YOUR_HOARD = cite(GAME, "Your Hoard")
RULE_SHIP_HULL = cite(GAME, "Ship Hull")
# Chapter III: Taking Your Turn
RULE_THREE_STAGES = cite(GAME, "The Three Stages of Your Turn")
RULE_PRE_DRAW_STAGE = cite(GAME, "Stage 1: The pre-draw stage")
RULE_DRAW_AND_PLAY_STAGE = cite(GAME, "Stage 2: The draw and play stage")
RULE_REPAIR_STAGE = cite(GAME, "Stage 3: The repair stage")
RULE_WORKING = cite(GAME, '"Working" – An Alternative For Desperate Pirates')
RULE_SELL_CARGO = cite(GAME, "Sell Cargo")
RULE_RETRIEVE_BURIED_TREASURE = cite(GAME, "Retrieve Buried Treasure")
RULE_BUY_SHIP_ADD_ON = cite(GAME, "Buy Ship Add-On")
RULE_BUY_SHIP = cite(GAME, "Buy Ship")
RULE_BUY_CANNON = cite(GAME, "Buy Cannon")
RULE_HIRE_CREW_MEMBER = cite(GAME, "Hire Crew Member")
RULE_BUY_CARGO = cite(GAME, "Buy Cargo")
RULE_PLAY_EVENT_CARD = cite(GAME, "Play Event Card")
RULE_ATTACK_OPPONENT = cite(GAME, "Attack Opponent")
RULE_ATTACK_MERCHANT_SHIP = cite(GAME, "Attack Merchant Ship")
RULE_PLAY_NAVY_SHIP = cite(GAME, "Play Navy Ship")
RULE_REPAIR_SHIP = cite(GAME, "Repair Ship")
RULE_BURY_TREASURE = cite(GAME, "Bury Treasure")
RULE_TREASURE_HUNT = cite(GAME, "Treasure Hunt")
# Chapter IV: Battles at Sea
RULE_FIVE_STAGES = cite(GAME, "The Five Stages Of A Sea Battle")
RULE_SPOTTING = cite(GAME, "Stage 1: Spotting the Enemy")
RULE_FIGHT_OR_FLEE = cite(GAME, "Stage 2: Fight or Flee")
RULE_DEFENDER_FASTER = cite(GAME, "If the defending ship is faster")
RULE_ATTACKER_FASTER = cite(GAME, "If the attacking ship is faster")
RULE_SAME_SPEED = cite(GAME, "If both ships are the same speed")
RULE_CANNON_BATTLE = cite(GAME, "Stage 3: The Cannon Battle")
RULE_MELEE = cite(GAME, "Stage 4: The Mêlée")
RULE_PLUNDERING = cite(GAME, "Stage 5: Plundering the Enemy Ship")
RULE_PLAYER_ATTACKING_PLAYER = cite(GAME, "Player Attacking Player")
RULE_PLAYER_ATTACKING_MERCHANT_SHIP = cite(GAME, "Player Attacking Merchant Ship")
RULE_NAVY_SHIP_ATTACKING_PLAYER = cite(GAME, "Navy Ship Attacking Player")
# Game Variations
RULE_TIMED_GAME = cite(GAME, "Timed Game")
RULE_ASSET_LIQUIDATION = cite(GAME, "Asset Liquidation")
RULE_STEALING_TREASURE_MAPS = cite(GAME, "Stealing Treasure Maps")
RULE_PRIVATEERING = cite(GAME, "Privateering")
RULE_FLEET_PLAY = cite(GAME, "Fleet Play")
