"""The King of Pirates rules, one module per rulebook chapter (named after its heading; the headings
themselves are the ``RULE_*`` constants of :mod:`pirates_lab.king_of_pirates.headings`).

Each module is plain functions ``f(state, task, ...)`` (or ``f(state, p, ...)``); the phase table ``FLOW`` names
them in its columns, and the :class:`~pirates_lab.king_of_pirates.state.State` keeps only the position's fields
and its readers.

=============================  ==================================================================
module                         rulebook heading
=============================  ==================================================================
``the_game_board``             The Game Board (the Point Track and the win)
``game_setup``                 Game Setup
``important_game_concepts``    Important Game Concepts (Mutiny, Pirates Lairs, the Flying Dutchman)
``phases_of_a_turn``           Phases of a Turn (the phase table ``FLOW``, start and end of a turn)
``agenda``                     (the agenda's helpers: ``carry_on``, ``own_step``, ``opens``)
``refusals``                   (the table's ``why`` column: why a move is refused)
``game_contents``              Game Contents (the pieces every chapter moves: records, cards, pirates)
``upkeep_phase``               Phase 1: Upkeep Phase
``movement_phase``             Phase 2: Movement Phase
``combat_phase``               Phase 3: Combat Phase
``action_cards``               Action Cards
``pirate_skills``              Pirate Skills
``captains_skills``            Captain's Skills
=============================  ==================================================================
"""
from .captains_skills import hand_limit
from .phases_of_a_turn import FLOW
from .pirate_skills import (combat_modifier, count_skill, crew_positions, max_cannonballs, max_rum, movement, skills,
                            treasure_maps_needed)

__all__ = ["FLOW", "hand_limit", "combat_modifier", "count_skill", "crew_positions", "max_cannonballs", "max_rum",
           "movement", "skills", "treasure_maps_needed"]
