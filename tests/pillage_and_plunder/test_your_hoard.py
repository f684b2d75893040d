"""Rules: Pillage & Plunder › Your Hoard, and how the game ends, one Given/When/Then test per rule.

Each test failed on the engine before its fix (checked once by reverting it).
"""
from __future__ import annotations

from fractions import Fraction

from pirates_lab.pillage_and_plunder.game import Act, Play
from pirates_lab.pillage_and_plunder.scenarios import at_step, equip, give, scenario, ship


def test_when_the_last_two_ships_sink_together_no_pirate_is_afloat_and_nobody_wins():
    """Rules: Pillage & Plunder › Ship Hull ("If your last ship hull is destroyed, you are eliminated from the game")
    Rules: Pillage & Plunder › Your Hoard ("Only the money in your hoard counts towards the total needed to win")

    Given the last two pirates afloat, each in a Sloop one hit from sinking, When a tie of the cannon battle sinks
    both, Then the game is over, the log says that no pirate is afloat and nobody wins (no empty name), nobody is
    listed as a winner, and the win shares still sum to exactly 1 (the protocol's even split for no winner).
    """
    s = scenario(2)
    for p in (0, 1):
        equip(s, p, cannons=2)
        ship(s, p)["damage"] = 2
    give(s, 0, "Attack", "Bury Treasure", "Bury Treasure")
    s = at_step(s, "play", 0)
    for action in (Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON, Act.STAND_AND_FIGHT, Act.NO_OFFER,
                   Act.FIGHT_ON):
        s = s.apply(action)
    s = s.apply(next(v for v in s.chance_outcomes().outcomes() if v.attacker_destroyed and v.defender_destroyed))
    assert s.is_terminal() and s.winners() == ()
    assert s.log[-3:] == ["Player 2's Sloop is destroyed.", "Player 2 has lost his last ship and is eliminated.",
                          "Game over: no pirate is afloat, so nobody wins (Ship Hull; Your Hoard)."]
    assert str(s) == "Pillage & Plunder: game over, no pirate is afloat and nobody wins"
    assert sum(s.returns()) == 1 and s.returns() == (Fraction(1, 2), Fraction(1, 2))
    s.validate()
