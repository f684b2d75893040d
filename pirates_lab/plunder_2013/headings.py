"""The rulebook headings the Plunder (2013) engine cites, checked against its rulebook at import.

One constant per heading, named ``RULE_<WHAT>``, defined here only (a test says so); the module named
after each chapter holds its code.

>>> RULE_DIG, RULE_TURN
('Digging Up Treasure', 'How to Play')
"""
from __future__ import annotations

from pirates_lab.core import cite

__all__ = ["GAME", "RULE_SETUP", "RULE_TURN", "RULE_GRIDS", "RULE_DIG", "RULE_END"]

GAME = "plunder_2013"

RULE_SETUP = cite(GAME, "Setup")
RULE_TURN = cite(GAME, "How to Play")
RULE_GRIDS = cite(GAME, "Using the Solution Grids")
RULE_DIG = cite(GAME, "Digging Up Treasure")
RULE_END = cite(GAME, "Game End and Scoring")
