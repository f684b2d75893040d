"""The rulebook headings the engine cites, checked against ``seeds/king_of_pirates.txt`` at import.

One constant per heading, named ``RULE_<WHAT>``, defined here only (a test checks that no other module of the
package spells a heading out); the module named after each heading holds its code (see
:mod:`pirates_lab.king_of_pirates.rules`).
"""
from __future__ import annotations

from pirates_lab.core import cite

GAME = "king_of_pirates"

RULE_BOARD = cite(GAME, "The Game Board")
RULE_SETUP = cite(GAME, "Game Setup")
RULE_CONCEPTS = cite(GAME, "Important Game Concepts")
RULE_TURN = cite(GAME, "Phases of a Turn")
RULE_UPKEEP = cite(GAME, "Phase 1: Upkeep Phase")
RULE_MOVEMENT = cite(GAME, "Phase 2: Movement Phase")
RULE_COMBAT = cite(GAME, "Phase 3: Combat Phase")
RULE_CARDS = cite(GAME, "Action Cards")
RULE_CAPTAINS_SKILLS = cite(GAME, "Captain's Skills")
RULE_PIRATE_SKILLS = cite(GAME, "Pirate Skills")
RULE_CONTENTS = cite(GAME, "Game Contents")
