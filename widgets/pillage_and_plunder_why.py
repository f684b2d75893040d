"""Why each step of the Pillage & Plunder walkthrough matters: one explanation per rulebook
section (issue 13).  Sections that only introduce the ones below say so in one line; the others
say why the rule works as it does, or what the live view shows.

Rules: Pillage & Plunder › Player's Guide
"""
from __future__ import annotations

__all__ = ["WHY", "INTRODUCES", "why"]

#: sections whose only job is to introduce the sections below them
INTRODUCES = {
    "Game Equipment": "the cards, dice, coins and markers described one by one in the steps that follow",
    "Chapter II: Your Ship and Other Resources": "the rows of your ship (hull layout, cannon deck, crew quarters, "
                                                 "cargo hold), your treasure maps, prizes and hoard",
    "Treasure Maps and Prize Ships": "the two places besides your ship where cards are played: Treasure Maps and "
                                     "Prize Ships",
    "Chapter III: Taking Your Turn": "the basics and the three stages of a turn",
    "Actions Performed During Your Turn": "every action, grouped by the stage in which it may be taken",
    "During the pre-draw stage": "the two actions you may take only before drawing: Sell Cargo and Retrieve "
                                 "Buried Treasure",
    "During the draw-and-play stage": "the twelve actions of the draw-and-play stage, one step each",
    "Chapter IV: Battles at Sea": "how a sea battle runs, stage by stage",
    "Rules For Specific Types Of Battles": "the extra rules for player, merchant and navy battles",
    "Sample Battle Walk-Throughs": "three sample battles, replayed with exact odds",
    "Appendix": "the strategy tips submitted by players",
    "Game Variations": "five optional rules; the engine plays every one of them",
    "Quick Reference": "three short lists that summarise the rules above",
}

WHY = {
    "Game Cards": "Every odds question about cards starts from these counts: a card's chance in a hand is its "
                  "share of the 298-card deck, less the starting kits.",
    "Ship Hull": "A hull's strength is how many damage markers it takes; its level decides which hull you may "
                 "buy next (exactly one level higher).",
    "Ship Add-On": "Add-ons change the battle odds: a Crow's Nest fires first, plating absorbs two hits, an "
                   "Extra Sail adds one to speed (fleeing), an Extra Cargo Hold adds room.",
    "Cannon": "Each cannon rolls one die in the cannon battle, if a crewman mans it.",
    "Crew Member": "Crewmen fire cannons and fight the mêlée; officers add special powers.",
    "Cargo": "Cargo is bought with one die and sold with two: the second die is the expected profit.",
    "Event": "Events hurt an opponent; each names the officer or cargo that makes a ship immune.",
    "Repair Ship": "Damage slows a ship (speed falls by one per damage), so repairs also help you flee.",
    "Treasure Hunt": "A hunt is one die: the chart shows what each face pays.",
    "Bury Treasure": "Buried coins are safe from a battle's plunder, but a doubles roll can steal the map.",
    "Merchant Ship": "Merchants are weaker than players and pay a prize rolled on dice.",
    "Navy Ship": "Navy ships punish players who hold prizes of their nation.",
    "Attack": "An Attack card is the only way to start a player battle.",
    "Dice": "Doubles decide fleeing and stealing: 6 of the 36 rolls of two dice, one in six.",
    "Coins": "Coins only change hands; the total in play is what the bank pays out.",
    "Damage Markers": "A ship sinks when its damage reaches its strength, so the markers count down its life.",
    "Player's Guide": "The walkthrough follows the guide section by section, in its order.",
    "Game Setup": "The starting kits are taken out of the deck before dealing: that is why hand odds use 298 "
                  "cards less the kits.",
    "Your Ship": "Your ship's rows limit what you can carry: cannons, crew and cargo each have a maximum.",
    "Hull Layout": "An upgrade covers the old hull: add-ons bought for the old hull stay with it, so the new hull "
                   "starts bare (the live log plays it).",
    "Cannon Deck": "More cannons mean more dice in the cannon battle, up to six.",
    "Crew Quarters": "Every cannon needs a crewman to fire it, and the mêlée rolls one die per crewman.",
    "Cargo Hold": "The hold limits how much cargo you can buy; a smaller hull cannot take a full hold.",
    "Treasure Maps": "Each map holds its own coins; you retrieve a whole map or nothing.",
    "Prize Ships": "Each prize is a flag a navy of that nation can attack you for.",
    "Your Hoard": "Only the hoard aboard counts toward winning; buried coins must be retrieved first.",
    "The Basics": "You always draw back up to a full hand, so every turn offers the same number of choices.",
    "The Three Stages of Your Turn": "Draw three, play two, discard one: a turn turns over three cards of your hand.",
    "Stage 1: The pre-draw stage": "Selling before you draw means you know your cash before buying.",
    "Stage 2: The draw and play stage": "Two plays a turn is the tempo of the whole game.",
    "Stage 3: The repair stage": "Repairs come after everyone has played, so damage taken in your turn can be "
                                 "fixed before the next attack.",
    '"Working" – An Alternative For Desperate Pirates': "Working gives a broke pirate a floor income instead of "
                                                        "a turn.",
    "Sell Cargo": "Two dice make middling prices likely and extremes rare: the chart shows the spread.",
    "Retrieve Buried Treasure": "A map is all or nothing, so bury in several maps to keep flexibility.",
    "Buy Ship Add-On": "Add-ons cost a share of the hull's price, so they are dearer on bigger hulls.",
    "Buy Ship": "Upgrading one level at a time makes strength grow steadily, not in jumps.",
    "Buy Cannon": "A cannon without a crewman to fire it adds no die.",
    "Hire Crew Member": "Pistol crewmen add one to your mêlée roll; a Doctor saves one crewman per battle.",
    "Buy Cargo": "One die to buy and two to sell: on average you buy cheap and sell dear.",
    "Play Event Card": "An immunity card aboard cancels the event: keep Fruit against Scurvy, Rum against Mutiny.",
    "Attack Opponent": "Whether the defender can run depends only on the two ships' speeds.",
    "Attack Merchant Ship": "A merchant's prize is rolled, so its value is a distribution, not a number.",
    "Play Navy Ship": "A navy ship is faster than any sloop, so a sloop escapes it only on doubles.",
    "Treasure Hunt#2": "One roll in six loses your next turn (unless a Cartographer is aboard).",
    "Sea Battle Basics": "A battle starts from an Attack, a Merchant Ship or a Navy Ship card; the stages are the "
                         "same.",
    "The Five Stages Of A Sea Battle": "Not every battle reaches every stage: a sinking or an escape ends it early.",
    "Stage 1: Spotting the Enemy": "The crow's-nest shot is the only free hit in the game, and it also slows the "
                                   "enemy by one.",
    "Stage 2: Fight or Flee": "Speed decides who may run: damage and sails change it.",
    "If the defending ship is faster": "The attacker keeps up only on doubles: one chance in six.",
    "If the attacking ship is faster": "The defender gets away only on doubles: one chance in six.",
    "If both ships are the same speed": "Ties are rolled again, so each side has exactly half.",
    "Stage 3: The Cannon Battle": "Sorted dice are compared pair by pair; a tie damages both ships.",
    "Stage 4: The Mêlée": "Only each side's highest die counts and ties go to the defender, so the attacker needs "
                          "more or better crew.",
    "Stage 5: Plundering the Enemy Ship": "The winner takes half the loser's hoard, so a big hoard is a big target.",
    "Player Attacking Player": "The attacker may stop a mêlée: the table shows when fighting on is worth it.",
    "Player Attacking Merchant Ship": "Stronger merchants pay more but fight back harder.",
    "Navy Ship Attacking Player": "A navy ship never calls off and all its crew carry pistols.",
    "Example 1: Player Vs. Player": "The printed example contradicts itself; both readings are shown with their odds.",
    "Example 2: Player Vs. Merchant Ship": "Each stage's exact chance multiplies into the chance of the whole story.",
    "Example 3: Navy Ship Vs. Player": "A sloop facing a navy ship escapes only on doubles.",
    "Strategy Tips": "Each tip is checked with exact odds: the table shows the numbers behind the advice.",
    "Attack Merchants Instead Of Players": "Merchants win you more coins for less risk than armed players.",
    "Sloops and Merchant Ships": "A sloop cannot outrun a navy ship, so a prize can cost you the ship.",
    "Crew Members": "Crewmen are scarce: the chance of drawing one in a hand shows why to keep them.",
    "Rum and Fruit": "Rum and Fruit aboard make you immune to Mutiny and Scurvy, the two crew-killing events.",
    "Baiting The Enemy": "Holding both cards of one nation is rarer than it looks: the number shows how rare.",
    "Timed Game": "A time limit is a number of rounds; the richest player at the end wins.",
    "Asset Liquidation": "With liquidation, a ship and its cargo count toward your worth, not just coins.",
    "Stealing Treasure Maps": "Stealing is a doubles roll: one in six.",
    "Privateering": "A privateer shares his prizes with his sponsor: half goes to his hoard.",
    "Fleet Play": "Selling a hull returns half its cost, so a fleet is a costly insurance.",
    "Card Frequency": "The calculator turns these counts into the chance of any hand.",
    "Steps during your turn": "The turn in order, as a checklist.",
    "Steps during a sea battle": "The battle in order: the calculator at the top of the page runs all of it.",
    "Results of a sea battle (how to plunder)": "Who takes what depends on the type of battle.",
}


def why(heading: str, occurrence: int = 1) -> str:
    """The explanation shown under a step (the introducing sections say what they introduce)."""
    if heading in INTRODUCES:
        return f"This section only introduces the ones below: {INTRODUCES[heading]}."
    return WHY.get(f"{heading}#{occurrence}") or WHY.get(heading, "")
