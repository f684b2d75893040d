"""The Pillage & Plunder rules, one module per rulebook chapter or stage (named after its heading).

===================================  ==============================================================
module                               rulebook heading
===================================  ==============================================================
``game_setup``                       Game Setup (the deal; the deck and dice as chance steps)
``your_ship``                        Your Ship, Ship Hull (capacities, damage, destroyed hulls)
``the_three_stages_of_your_turn``    The Three Stages of Your Turn (the phase table ``FLOW``)
``stage_1_the_pre_draw_stage``       Stage 1: The pre-draw stage (Sell Cargo, Retrieve Buried
                                     Treasure, "Working")
``stage_2_the_draw_and_play_stage``  Stage 2: The draw and play stage (drawing, playing, discarding)
``buying_and_treasure``              Buy Ship Add-On, Buy Ship, Buy Cannon, Hire Crew Member, Buy
                                     Cargo, Repair Ship, Bury Treasure, Treasure Hunt
``play_event_card``                  Play Event Card
``the_five_stages_of_a_sea_battle``  Stages 1–4 of a sea battle; Attack Opponent, Attack Merchant Ship
``rules_for_specific_types_of_battles``  Stage 5: Plundering the Enemy Ship; Player Attacking Player,
                                     Player Attacking Merchant Ship, Navy Ship Attacking Player
``stage_5_plundering_the_enemy_ship``  Stage 5: Plundering the Enemy Ship (the winner picks the cargo)
``stage_3_the_repair_stage``         Stage 3: The repair stage
``your_hoard``                       Your Hoard (the win), Timed Game, Asset Liquidation
``game_variations``                  Privateering, Fleet Play, Play Navy Ship
===================================  ==============================================================

The exact odds (Chapter IV as Dists) are in :mod:`pirates_lab.pillage_and_plunder.battles`; the
headings cited are the ``RULE_*`` constants of :mod:`pirates_lab.pillage_and_plunder.headings`.
"""
from .buying_and_treasure import BuyingAndTreasure
from .game_setup import GameSetup
from .game_variations import GameVariations
from .play_event_card import PlayEventCard
from .rules_for_specific_types_of_battles import SpecificBattles
from .stage_1_the_pre_draw_stage import PreDrawStage
from .stage_2_the_draw_and_play_stage import DrawAndPlayStage
from .stage_3_the_repair_stage import RepairStage
from .stage_5_plundering_the_enemy_ship import Plundering
from .the_five_stages_of_a_sea_battle import SeaBattle
from .the_three_stages_of_your_turn import FLOW, TurnStages
from .your_hoard import YourHoard
from .your_ship import YourShip

__all__ = ["FLOW", "BuyingAndTreasure", "GameSetup", "GameVariations", "PlayEventCard", "SpecificBattles",
           "Plundering", "PreDrawStage", "DrawAndPlayStage", "RepairStage", "SeaBattle", "TurnStages", "YourHoard", "YourShip"]
