"""The rulebook's sample battles replayed stage by stage with exact odds, and the Strategy Tips
put to numbers.

Rules: Pillage & Plunder › Sample Battle Walk-Throughs
"""
from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from pirates_lab.core.report import percent

from . import components as _components
from .battles import (MeleeResult, Ship, Volley, _highest_weights, battle, flee_escape_probability,
                      melee, melee_round_win_probability, pair_sequences, ship_volley)
from .odds import merchant_prize


__all__ = ["Moment", "example_1", "example_2", "example_3", "example_ships", "merchants_vs_players", "sloop_risks",
           "example_1_you_win", "example_2_joe_captures", "example_3_navy_sinks_joe"]


class Moment(NamedTuple):
    """One moment of a replayed battle: what happened and how likely it was, exactly."""

    stage: str
    happened: str
    probability: Fraction     # of exactly what happened
    odds_before: str          # a plain sentence with the odds of the stage



def _odds(p: Fraction) -> str:
    """"with probability 41.67% (5/12)": percent first; the exact fraction only when it is short."""
    text = str(Fraction(p))
    return f"with probability {percent(p)}" + (f" ({text})" if len(text) <= 12 else "")

def _highest_is(n: int, face: int) -> Fraction:
    return Fraction(_highest_weights(min(n, 6))[face - 1], 6 ** min(n, 6))


def _round(a_crew: int, d_crew: int, a_high: int, d_high: int) -> Fraction:
    """Probability that the highest dice are exactly these (before any pistol bonus)."""
    return _highest_is(a_crew, a_high) * _highest_is(d_crew, d_high)


def example_ships() -> dict[str, Ship]:
    """The ships of the three examples (hulls from our data file; the counts are printed).

    Example 1's ships are schooners (speeds 6 and, with an Extra Sail, 7); Example 3's Joe
    sails a schooner.
    """
    return {
        "you": Ship.player("Schooner", cannons=4, crew=4, pistols=1, addons=("Extra Sail",), name="you"),
        "Stephanie": Ship.player("Schooner", cannons=4, crew=3, name="Stephanie"),
        "Joe (sloop)": Ship.player("Sloop", cannons=3, crew=3, name="Joe"),
        "merchant": Ship.merchant(2),
        "navy": Ship.navy(),
        "Joe (schooner)": Ship.player("Schooner", cannons=3, crew=3, name="Joe"),
    }


#: Example 1 contradicts itself (shown to the learner as an assumption box)
EXAMPLE_1_CONTRADICTION = (
    "Example 1 contradicts itself. Its printed cannon rounds are: her die higher (you take 1), a tie (both take "
    "1), your die higher (she takes 1), your fourth die uncontested (she takes 1) — that is 2 damage to you and "
    "3 to her. Its text then says \"Stephanie's ship receives a total of three damage points and your ship "
    "receives one.\" We show both: the printed rounds (2 and 3) and the stated total (1 and 3) with their "
    "probabilities. The engine's replay of Example 1 follows the text (1 and 3), which also lets the mêlée "
    "go on as printed; the rules themselves (a tie damages both ships) are never changed.")


def example_1_cannon_readings() -> dict[str, Fraction]:
    """The two readings of Example 1's cannon round, with their exact probabilities.

    Rules: Pillage & Plunder › Example 1: Player Vs. Player
    """
    ships = example_ships()
    volley = ship_volley(ships["you"], ships["Stephanie"])
    return {"the printed rounds: you 2 damage, Stephanie 3": volley[Volley(2, 3, False, False)],
            "the stated total: you 1 damage, Stephanie 3": volley[Volley(1, 3, False, False)]}


def example_1() -> list[Moment]:
    """You (4 cannons, 4 crew with a pistol, speed 7) against Stephanie (4 cannons, 3 crew, speed 6).

    Rules: Pillage & Plunder › Example 1: Player Vs. Player
    """
    ships = example_ships()
    you, her = ships["you"], ships["Stephanie"]
    moments = [Moment("Stage 2: Fight or Flee", "Stephanie rolls no doubles and cannot flee",
                      1 - flee_escape_probability(7, 6), "She escapes only on doubles: 1/6.")]
    sequence = ("A", "B", "D", "D")
    p_seq = Fraction(pair_sequences(4, 3)[sequence], 6 ** 7)
    volley = ship_volley(you, her)
    moments.append(Moment("Stage 3: The Cannon Battle",
                          "her die higher, a tie, your die higher, your fourth die uncontested",
                          p_seq, f"Those four rounds hit you twice and her three times (damage 2 and 3, "
                                 f"{_odds(volley[Volley(2, 3, False, False)])}); the text says you take one (damage 1 "
                                 f"and 3, {_odds(volley[Volley(1, 3, False, False)])}). The box above shows both "
                                 f"readings."))
    rounds = [(4, 3, 5, 4, "your 5+1 beats her 4: she loses a crewman"),
              (4, 2, 6, 6, "6+1 beats 6: she loses another"),
              (4, 1, 4, 5, "4+1 ties her 5: the defender wins ties, you lose a crewman"),
              (3, 1, 4, 2, "4+1 beats 2: her last crewman falls")]
    for a, d, x, y, words in rounds:
        win = melee_round_win_probability(a, d, True, False)
        moments.append(Moment("Stage 4: The Mêlée", f"{a} dice v {d}: {words}", _round(a, d, x, y),
                              f"You win a round like this {_odds(win)}."))
    whole = melee(4, 3, attacker_pistol=True)
    moments.append(Moment("Stage 5: Plundering the Enemy Ship", "you win with 3 crewmen left",
                          whole[MeleeResult("attacker", 3, 0)],
                          f"From the first mêlée round you win "
                          f"{_odds(whole.probability(lambda r: r.winner == 'attacker'))}."))
    return moments


def example_2() -> list[Moment]:
    """Joe's sloop (3 cannons, 3 crew) against a strength-2 merchant.

    The rulebook says "both players roll three dice", but the merchant has two cannons: it
    rolls two (our reading; the third die "does not even enter into the battle" either way).

    Rules: Pillage & Plunder › Example 2: Player Vs. Merchant Ship
    """
    ships = example_ships()
    joe, merchant = ships["Joe (sloop)"], ships["merchant"]
    volley = ship_volley(joe, merchant)
    return [
        Moment("Stage 2: Fight or Flee", "same speed (5): Joe's die is higher", Fraction(1, 2),
               "Same speed: each rolls a die, ties re-roll, so the merchant escapes half the time."),
        Moment("Stage 3: The Cannon Battle", "Joe's first two dice beat the merchant's: it sinks",
               volley[Volley(0, 2, False, True)],
               f"Joe sinks it in the cannon battle "
               f"{_odds(volley.probability(lambda v: v.defender_destroyed and not v.attacker_destroyed))}."),
        Moment("Stage 5: Plundering the Enemy Ship", "Joe rolls a 4: 4,000 pieces of eight",
               merchant_prize(2)[4000], f"Expected prize {merchant_prize(2).mean()}."),
    ]


def example_3() -> list[Moment]:
    """A French navy ship against Joe's schooner: Joe rolls doubles and escapes.

    Rules: Pillage & Plunder › Example 3: Navy Ship Vs. Player
    """
    ships = example_ships()
    navy, joe = ships["navy"], ships["Joe (schooner)"]
    result = battle(navy, joe, "navy")
    return [Moment("Stage 2: Fight or Flee", "Joe rolls doubles and escapes",
                   flee_escape_probability(navy.effective_speed, joe.effective_speed),
                   f"Had he not, the navy would have won "
                   f"{_odds(result.given(lambda r: r.outcome != 'escaped').probability(lambda r: r.winner == 'attacker'))}.")]


class TargetRow(NamedTuple):
    target: str
    win: Fraction
    own_ship_lost: Fraction
    expected_coins: Fraction


def merchants_vs_players(attacker: Ship | None = None, player_hoard: int = 3250) -> list[TargetRow]:
    """"Attack merchants instead of players", in numbers: win chance and expected coins.

    A player target is a fresh starting ship (sloop, 1 cannon, 2 cutlass crewmen) or a
    schooner (4 cannons, 4 crew, a pistol) holding ``player_hoard``; winning takes half of it.
    Rules: Pillage & Plunder › Attack Merchants Instead Of Players
    """
    data = _components.load()
    attacker = attacker or Ship.player("Schooner", cannons=4, crew=4, name="you")
    targets = [(f"merchant, strength {s}", Ship.merchant(s), "merchant", merchant_prize(s).mean()) for s in sorted(data.merchants)]
    targets += [("player, starting sloop", Ship.player("Sloop", cannons=1, crew=2), "player", Fraction(player_hoard, 2)),
                ("player, armed schooner", Ship.player("Schooner", cannons=4, crew=4, pistols=1), "player",
                 Fraction(player_hoard, 2))]
    rows = []
    for name, ship, kind, prize in targets:
        result = battle(attacker, ship, kind)
        win = result.probability(lambda r: r.winner == "attacker")
        lost = result.probability(lambda r: r.outcome in ("attacker destroyed", "both destroyed"))
        rows.append(TargetRow(name, win, lost, win * prize))
    return rows


def sloop_risks() -> dict[str, Fraction]:
    """"Sloops and merchant ships", in numbers.

    Rules: Pillage & Plunder › Sloops and Merchant Ships
    """
    sloop = Ship.player("Sloop", cannons=3, crew=3)
    strongest = Ship.merchant(6)
    volley = ship_volley(sloop, strongest)
    navy = battle(Ship.navy(), sloop, "navy")
    return {
        "a healthy sloop sunk in the cannon round by a strength-6 merchant": volley.probability(lambda v: v.attacker_destroyed),
        "a sloop captures a strength-6 merchant": battle(sloop, strongest, "merchant").probability(lambda r: r.winner == "attacker"),
        "a sloop loses its hull or its crew to a navy ship": navy.probability(lambda r: r.winner == "attacker"),
        "a sloop escapes a navy ship": navy.probability(lambda r: r.outcome == "escaped"),
    }



# ---------------------------------------------------------------- lesson answers (data/lessons.toml names them)
def example_1_you_win() -> Fraction:
    """Before the battle: P(you beat Stephanie).  Rules: Pillage & Plunder › Example 1: Player Vs. Player"""
    ships = example_ships()
    return battle(ships["you"], ships["Stephanie"]).probability(lambda r: r.winner == "attacker")


def example_2_joe_captures() -> Fraction:
    """P(Joe's sloop captures the strength-2 merchant).  Rules: Pillage & Plunder › Example 2: Player Vs. Merchant Ship"""
    ships = example_ships()
    return battle(ships["Joe (sloop)"], ships["merchant"], "merchant").probability(lambda r: r.winner == "attacker")


def example_3_navy_sinks_joe() -> Fraction:
    """P(the navy ship sinks Joe's schooner).  Rules: Pillage & Plunder › Example 3: Navy Ship Vs. Player"""
    ships = example_ships()
    return battle(ships["navy"], ships["Joe (schooner)"], "navy").probability(
        lambda r: r.outcome in ("defender destroyed", "both destroyed"))
