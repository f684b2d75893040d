"""Pirate Skills: what each pirate (and a captain) adds to a ship, as plain functions of a Player.

Rules: King of Pirates › Pirate Skills
"""
from __future__ import annotations

from ..components import components
from ..player import Player

__all__ = ["skills", "count_skill", "max_rum", "max_cannonballs", "crew_positions", "movement",
           "treasure_maps_needed", "combat_modifier"]


def skills(player: Player, comp=None) -> list[str]:
    """Every skill in effect on a ship: each pirate's skill, the captain's skill (all captain
    skills if the captain has "Other Pirates count as Captains").

    Rules: King of Pirates › Pirate Skills
    Rules: King of Pirates › Captain's Skills
    """
    comp = comp or components()
    out = [comp.pirates[p]["skill"] for p in player.crew]
    if player.crew:
        captain = comp.pirates[player.crew[0]]["captain"]
        out.append(captain)
        if captain == "Other Pirates count as Captains":
            out.extend(comp.pirates[p]["captain"] for p in player.crew[1:])
    return out


def count_skill(player: Player, skill: str, comp=None) -> int:
    """How many times ``skill`` is in effect on the ship."""
    return skills(player, comp).count(skill)


def max_rum(player: Player, comp=None) -> int:
    """Ship and parts + "+1 Maximum Rum" skills.  Rules: King of Pirates › Pirate Skills"""
    comp = comp or components()
    return comp.ship["rum"] + sum(comp.parts[p]["rum"] for p in player.parts) + count_skill(player, "+1 Maximum Rum", comp)


def max_cannonballs(player: Player, comp=None) -> int:
    """Ship and parts + "+1 Maximum Cannonballs" skills.  Rules: King of Pirates › Pirate Skills"""
    comp = comp or components()
    return (comp.ship["cannonballs"] + sum(comp.parts[p]["cannonballs"] for p in player.parts)
            + count_skill(player, "+1 Maximum Cannonballs", comp))


def crew_positions(player: Player, comp=None) -> int:
    """Crew places: the ship's and one per part bought.  Rules: King of Pirates › Phase 2: Movement Phase"""
    comp = comp or components()
    return comp.ship["crew_positions"] + len(player.parts)


def movement(player: Player, tailwinds: int = 0, comp=None) -> int:
    """Sails + "+1 Movement" pirates − scurvy, never below 1; a Tailwind adds 2 past scurvy.

    Rules: King of Pirates › Phase 2: Movement Phase
    """
    comp = comp or components()
    base = comp.ship["sails"] + len(player.parts) + count_skill(player, "+1 Movement", comp)
    return max(1, base - player.scurvy) + 2 * tailwinds


def treasure_maps_needed(player: Player, rating: int, comp=None) -> int:
    """Rating − 1 per "Count as 1 Treasure Map" − 2 per "Count as 2 Treasure Maps", never below 0.

    Rules: King of Pirates › Phase 2: Movement Phase
    """
    return max(0, rating - count_skill(player, "Count as 1 Treasure Map", comp)
               - 2 * count_skill(player, "Count as 2 Treasure Maps", comp))


def combat_modifier(player: Player, versus_players: bool, comp=None) -> int:
    """Skill bonuses − scurvy (cards are added by the engine).  Rules: King of Pirates › Phase 3: Combat Phase"""
    if versus_players:
        bonus = count_skill(player, "+1 Combat vs. other Players", comp) + 2 * count_skill(player, "+2 Combat vs. other Players", comp)
    else:
        bonus = count_skill(player, "+1 Combat vs. Nations", comp) + 2 * count_skill(player, "+2 Combat vs. Nations", comp)
    return bonus - player.scurvy
