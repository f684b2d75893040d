"""The rulebook headings the Plunder engine cites, checked against ``seeds/plunder.txt`` at import.

One constant per heading, named ``RULE_<WHAT>``; the module named after each chapter holds its code.
"""
from __future__ import annotations

from pirates_lab.core import cite

GAME = "plunder"

RULE_SETUP = cite(GAME, "Setup")
RULE_OVERVIEW = cite(GAME, "Overview")
RULE_TURN = cite(GAME, "Turn")
RULE_ENCOUNTER = cite(GAME, "Resolve the Encounter")
RULE_PAY = cite(GAME, "Pay the Crew")
RULE_SAIL = cite(GAME, "Sail and Explore")
RULE_ACTION = cite(GAME, "Action")
RULE_PLAY_ENCOUNTER = cite(GAME, "Play an Encounter")
RULE_TRADE = cite(GAME, "Trade")
RULE_BUYING = cite(GAME, "Buying")
RULE_SELLING = cite(GAME, "Selling")
RULE_FIRST_MATE = cite(GAME, "First Mate")
RULE_COMBAT = cite(GAME, "Combat")
RULE_ENEMIES = cite(GAME, "Enemies")
RULE_ENGAGEMENT = cite(GAME, "Engagement")
RULE_BROADSIDE = cite(GAME, "Broadside")
RULE_BOARDING = cite(GAME, "Boarding")
RULE_RESULTS = cite(GAME, "Results of a Combat")
RULE_CAPTAIN = cite(GAME, "Attacking Another Captain")
RULE_LOSE_SHIP = cite(GAME, "If You Lose Your Ship")
RULE_WAR = cite(GAME, "War")
RULE_CAPTURED = cite(GAME, "Captured Ships")
