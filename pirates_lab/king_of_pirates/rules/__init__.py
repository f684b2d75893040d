"""The King of Pirates rules, one module per rulebook chapter (named after its heading; the headings
themselves are the ``RULE_*`` constants of :mod:`pirates_lab.king_of_pirates.headings`).

=============================  ==================================================================
module                         rulebook heading
=============================  ==================================================================
``the_game_board``             The Game Board (the Point Track and the win)
``game_setup``                 Game Setup
``important_game_concepts``    Important Game Concepts (Mutiny, Pirates Lairs, the Flying Dutchman)
``phases_of_a_turn``           Phases of a Turn (the phase table ``FLOW``, start and end of a turn)
``upkeep_phase``               Phase 1: Upkeep Phase
``movement_phase``             Phase 2: Movement Phase
``combat_phase``               Phase 3: Combat Phase
``action_cards``               Action Cards
``pirate_skills``              Pirate Skills
``captains_skills``            Captain's Skills
=============================  ==================================================================
"""
from .action_cards import ActionCards
from .captains_skills import CaptainsSkills, hand_limit
from .combat_phase import CombatPhase
from .game_setup import GameSetup
from .important_game_concepts import ImportantGameConcepts
from .movement_phase import MovementPhase
from .phases_of_a_turn import FLOW, TurnPhases
from .pirate_skills import (combat_modifier, count_skill, crew_positions, max_cannonballs, max_rum, movement, skills,
                            treasure_maps_needed)
from .the_game_board import TheGameBoard
from .upkeep_phase import UpkeepPhase

__all__ = ["FLOW", "ActionCards", "CaptainsSkills", "CombatPhase", "GameSetup", "ImportantGameConcepts",
           "MovementPhase", "TurnPhases", "UpkeepPhase", "TheGameBoard", "hand_limit", "combat_modifier",
           "count_skill", "crew_positions", "max_cannonballs", "max_rum", "movement", "skills", "treasure_maps_needed"]
