"""The Pillage & Plunder rules, one module per rulebook heading, and the phase table :data:`FLOW`.

===========================================  ============================================================
module                                       rulebook heading
===========================================  ============================================================
``game_setup``                               Game Setup (the deal; the deck and dice as chance steps)
``your_ship``                                Your Ship, Ship Hull (capacities, damage, destroyed hulls)
``the_three_stages_of_your_turn``            The Three Stages of Your Turn (the :class:`Turn` record,
                                             what follows a play)
``stage_1_the_pre_draw_stage``               Stage 1: The pre-draw stage (Sell Cargo, Retrieve Buried
                                             Treasure, "Working")
``stage_2_the_draw_and_play_stage``          Stage 2: The draw and play stage (drawing, playing,
                                             discarding)
``buying_and_treasure``                      Buy Ship Add-On, Buy Ship, Buy Cannon, Hire Crew Member, Buy
                                             Cargo, Repair Ship, Bury Treasure, Treasure Hunt
``play_event_card``                          Play Event Card
``battles_at_sea/``                          Chapter IV: Battles at Sea, one module per stage and per type
                                             of battle (``stage_4_the_melee`` …)
``stage_3_the_repair_stage``                 Stage 3: The repair stage
``your_hoard``                               Your Hoard (the win), Timed Game, Asset Liquidation
``game_variations``                          Privateering, Fleet Play, Play Navy Ship
===========================================  ============================================================

Every row of :data:`FLOW` is written next to its rule (a ``Phase`` whose columns are that module's
functions); this module only gathers them, in the rulebook's order.  The exact odds (Chapter IV as
Dists) are in :mod:`pirates_lab.pillage_and_plunder.battles`; the headings cited are the ``RULE_*``
constants of :mod:`pirates_lab.pillage_and_plunder.headings`.
"""
from pirates_lab.core import TurnFlow

from . import (battles_at_sea, buying_and_treasure, game_setup, play_event_card, stage_1_the_pre_draw_stage,
               stage_2_the_draw_and_play_stage, stage_3_the_repair_stage, the_three_stages_of_your_turn, your_hoard)
from .your_hoard import YourHoard
from .your_ship import YourShip

#: the phase table: every step of a game, who acts, the rule, and the functions that list, roll and apply
FLOW = TurnFlow(*game_setup.ROWS, *stage_1_the_pre_draw_stage.ROWS, *stage_2_the_draw_and_play_stage.ROWS,
                *the_three_stages_of_your_turn.ROWS, *buying_and_treasure.ROWS, *play_event_card.ROWS,
                *battles_at_sea.ROWS, *stage_3_the_repair_stage.ROWS, *your_hoard.ROWS, max_depth=16)

__all__ = ["FLOW", "YourHoard", "YourShip"]
