"""The rulebook headings the Pirates & Plunder engine cites, checked against its rulebook at import.

One constant per heading, named ``RULE_<WHAT>``, defined here only (a test says so); each exploration tile's
refusals cite the tile's own heading (:data:`RULE_OF_TILE`, keyed by the tile's name).

>>> RULE_PLACING, RULE_OF_TILE["Storm"] == RULE_STORM
('Drawing and Placing Land Tiles', True)
"""
from __future__ import annotations

from pirates_lab.core import cite

__all__ = ["GAME", "RULE_PARTS", "RULE_PLAYING", "RULE_PLACING", "RULE_SHIPS", "RULE_SCORING", "RULE_PIRATES",
           "RULE_PORTS", "RULE_FINAL", "RULE_ADVANCED", "RULE_EXPLORATION", "RULE_ARCHIPELAGO", "RULE_BURIED",
           "RULE_NATIVES", "RULE_PIRATE_COVE", "RULE_REEF", "RULE_CARTOGRAPHER", "RULE_ROYAL_PORT", "RULE_STORM",
           "RULE_TREASURE_FLEET", "RULE_VICEROY", "RULE_BATTLES", "RULE_OF_TILE"]

GAME = "pirates_and_plunder"

RULE_PARTS = cite(GAME, "Parts")
RULE_PLAYING = cite(GAME, "Playing the Game")
RULE_PLACING = cite(GAME, "Drawing and Placing Land Tiles")
RULE_SHIPS = cite(GAME, "Placing Ships")
RULE_SCORING = cite(GAME, "Scoring Islands and Trade Routes")
RULE_PIRATES = cite(GAME, "Moving Pirates and Battle")
RULE_PORTS = cite(GAME, "Ports")
RULE_FINAL = cite(GAME, "Final Scoring")
RULE_ADVANCED = cite(GAME, "Advanced Rules")
RULE_EXPLORATION = cite(GAME, "Exploration Tiles")
RULE_ARCHIPELAGO = cite(GAME, "Archipelago")
RULE_BURIED = cite(GAME, "Buried Treasure")
RULE_NATIVES = cite(GAME, "Natives")
RULE_PIRATE_COVE = cite(GAME, "Pirate Cove")
RULE_REEF = cite(GAME, "Reef")
RULE_CARTOGRAPHER = cite(GAME, "Royal Cartographer")
RULE_ROYAL_PORT = cite(GAME, "Royal Port")
RULE_STORM = cite(GAME, "Storm")
RULE_TREASURE_FLEET = cite(GAME, "Treasure Fleet")
RULE_VICEROY = cite(GAME, "Viceroy")
RULE_BATTLES = cite(GAME, "Battles")

#: each exploration tile's heading, by the tile's name (the tile names are the headings, as printed)
RULE_OF_TILE = {heading: heading for heading in (RULE_ARCHIPELAGO, RULE_BURIED, RULE_NATIVES, RULE_PIRATE_COVE, RULE_REEF,
                                                 RULE_CARTOGRAPHER, RULE_ROYAL_PORT, RULE_STORM, RULE_TREASURE_FLEET,
                                                 RULE_VICEROY)}
