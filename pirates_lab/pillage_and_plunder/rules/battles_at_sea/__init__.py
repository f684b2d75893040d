"""Chapter IV: Battles at Sea, one module per heading.

=========================================  ==========================================================
module                                     rulebook heading
=========================================  ==========================================================
``the_five_stages_of_a_sea_battle``        The Five Stages Of A Sea Battle (the :class:`Battle` value,
                                           the start of every stage)
``stage_1_spotting_the_enemy``             Stage 1: Spotting the Enemy
``stage_2_fight_or_flee``                  Stage 2: Fight or Flee (and its three speed cases)
``stage_3_the_cannon_battle``              Stage 3: The Cannon Battle
``stage_4_the_melee``                      Stage 4: The Mêlée
``stage_5_plundering_the_enemy_ship``      Stage 5: Plundering the Enemy Ship (how a battle ends)
``player_attacking_player``                Attack Opponent; Player Attacking Player (terms, calling
                                           off, stealing maps); Stealing Treasure Maps
``player_attacking_merchant_ship``         Attack Merchant Ship; Player Attacking Merchant Ship (the
                                           voyage, the prize)
``navy_ship_attacking_player``             Navy Ship Attacking Player
=========================================  ==========================================================

Rules: Pillage & Plunder › Chapter IV: Battles at Sea
"""
from . import (navy_ship_attacking_player, player_attacking_merchant_ship, player_attacking_player,
               stage_1_spotting_the_enemy, stage_2_fight_or_flee, stage_3_the_cannon_battle, stage_4_the_melee,
               stage_5_plundering_the_enemy_ship, the_five_stages_of_a_sea_battle)
from .the_five_stages_of_a_sea_battle import Battle, MerchantShip, NavyShip, PlayerShip, Role

#: the battle's rows of the phase table, in the rulebook's order
ROWS = (the_five_stages_of_a_sea_battle.ROWS + player_attacking_player.ROWS[:2] + stage_1_spotting_the_enemy.ROWS
        + stage_2_fight_or_flee.ROWS + stage_3_the_cannon_battle.ROWS + stage_4_the_melee.ROWS
        + stage_5_plundering_the_enemy_ship.ROWS + player_attacking_player.ROWS[2:]
        + player_attacking_merchant_ship.ROWS + navy_ship_attacking_player.ROWS)

__all__ = ["ROWS", "Battle", "Role", "PlayerShip", "MerchantShip", "NavyShip"]
