"""Rules: Pillage & Plunder › Your Hoard, and how the game ends, one Given/When/Then test per rule.

Each test failed on the engine before its fix (checked once by reverting it).
"""
from __future__ import annotations

from fractions import Fraction

from pirates_lab.pillage_and_plunder.game import Act, Play
from pirates_lab.pillage_and_plunder.scenarios import at_step, equip, give, scenario, ship


def _sink_both_in_a_tie(s):
    """Player 1 attacks player 2, each in a Sloop one hit from sinking; the cannon battle's tie sinks both."""
    for p in (0, 1):
        equip(s, p, cannons=2)
        ship(s, p)["damage"] = 2
    give(s, 0, "Attack", "Bury Treasure", "Bury Treasure")
    s = at_step(s, "play", 0)
    for action in (Play("Attack", target=1), Act.NO_OFFER, Act.FIGHT_ON, Act.STAND_AND_FIGHT, Act.NO_OFFER,
                   Act.FIGHT_ON):
        s = s.apply(action)
    return s.apply(next(v for v in s.chance_outcomes().outcomes() if v.attacker_destroyed and v.defender_destroyed))


def _already_sunk(s, player: int) -> None:
    """``player`` was eliminated earlier: his ship's cards and his hand lie on the discard pile."""
    p = s.players[player]
    for level in ship(s, player)["hulls"]:
        s.discard.append(level["hull"])
    s.discard += ["Cannon"] * ship(s, player)["cannons"] + ship(s, player)["crew"] + p["hand"]
    p.update(ships=[], hand=[], hoard=0, eliminated=True)
    s.validate()


def test_when_the_last_two_ships_sink_together_the_two_share_the_win():
    """Rules: Pillage & Plunder › Ship Hull ("If your last ship hull is destroyed, you are eliminated from the game")
    Rules: Pillage & Plunder › Your Hoard ("Only the money in your hoard counts towards the total needed to win")

    The rulebook is silent on who wins when no pirate is left afloat. House rule 3 (docs/pillage_and_plunder.md):
    the pirates who sank last share the win (a draw: they outlasted everyone else, and a sunk ship's hoard is gone
    with it, so no hoard can part them); a pirate eliminated before them has lost.

    Given three pirates, player 3 sunk earlier, and the last two each in a Sloop one hit from sinking, When a tie of
    the cannon battle sinks both, Then the game is over, players 1 and 2 are the winners, the log says so by name,
    the win shares are 1/2, 1/2 and 0 (exactly 1 in all), and player 3 gets nothing.
    """
    s = scenario(3)
    _already_sunk(s, 2)
    s = _sink_both_in_a_tie(s)
    assert s.is_terminal() and s.phase == "game over" and s.phase.rule == "Your Hoard"
    assert s.winners() == (0, 1)
    assert s.log[-3:] == ["Player 2's Sloop is destroyed.", "Player 2 has lost his last ship and is eliminated.",
                          "Game over: player 1 and player 2 sank together, the last pirates afloat, and share the win "
                          "(Ship Hull; Your Hoard)."]
    assert str(s) == "Pillage & Plunder: game over, won by player 1 and player 2"
    assert s.returns() == (Fraction(1, 2), Fraction(1, 2), Fraction(0)) and sum(s.returns()) == 1
    s.validate()


def test_when_the_last_two_ships_sink_together_in_a_two_player_game_it_is_a_draw():
    """Rules: Pillage & Plunder › Ship Hull; house rule 3 (the pirates who sank last share the win).

    Given two pirates, When a tie sinks both, Then both are winners and each has half a win."""
    s = _sink_both_in_a_tie(scenario(2))
    assert s.winners() == (0, 1) and s.returns() == (Fraction(1, 2), Fraction(1, 2))
