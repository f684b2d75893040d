"""Computer pirates of Plunder (2013) for the strategy lab.

The strategy lab (``pirates_lab.lab``) finds ``POLICIES`` here: name -> ``chooser(view, rng)`` given
only the seat's :class:`~pirates_lab.core.PlayerView`.  Each wraps the exact-solver pirate
(:class:`.pirates.ComputerPirate`, which decides from a view): the flip advisor for the extra clue,
the dig advisor for when to dig.  They differ in *boldness*, the least probability they dig on before
the last day.

Rules: Plunder (2013) › Digging Up Treasure

The rulebook gives no strategy tips, so this game has no ``TIPS``; a tournament of the three pirates
(or against ``random`` and ``search``) asks how bold to be.
"""
from __future__ import annotations

import random
from fractions import Fraction

from .advisors import dig_advice, hunters_for
from .game import Dig, Pass
from .headings import RULE_DIG
from .pirates import ComputerPirate, random_pirate, sent_locations, treasures_left
from .views import clue_copies, deduction_from, tomorrow_decks

__all__ = ["Solver", "POLICIES", "COACH_EXACT", "PLAYOUTS"]


class Solver:
    """``ComputerPirate(boldness)`` as a chooser of the strategy lab."""

    def __init__(self, boldness: Fraction):
        self.pirate = ComputerPirate(boldness=boldness)

    def __call__(self, view, rng: random.Random):
        return self.pirate.decide(view)


#: name -> chooser(view, rng): found by the strategy lab
POLICIES = {
    "solver": Solver(Fraction(1, 2)),
    "bold": Solver(Fraction(1, 4)),
    "cautious": Solver(Fraction(3, 4)),
}


def COACH_EXACT(view):
    """The coach's exact calculator (``pirates_lab.lab.coach.game_exact``) at a dig decision of a two-pirate game
    while your rival's treasure is still to find: each dig's exact chance that his treasure is there (the
    deduction from every answer you have seen), and for ``pass`` the dig advisor's exact chance that your best
    guess is right on the best day ahead that it looks at (:func:`~pirates_lab.plunder_2013.advisors.dig_advice`,
    its assumptions: no extra flip, every consistent deal equally likely).  With two pirates nobody races you
    for the treasure, so these are chances of stealing its 3 points.  None elsewhere (more pirates, a crew card
    already sent that may have found it, or waiting too early to weigh).
    Rules: Plunder (2013) › Digging Up Treasure"""
    legal = view.legal_actions
    if not any(isinstance(a, Dig) for a in legal):
        return None
    obs = view.observation
    if obs["players"] != 2:
        return None
    deduction = deduction_from(obs)
    (rival,) = deduction.rivals()
    sent = sent_locations(obs)
    if treasures_left(deduction, sent) != 1:
        return None
    days_left = max(0, obs["max_days"] - obs["day"])
    advice = dig_advice(deduction, rival, decks=tomorrow_decks(obs), next_asker=(obs["asker"] + 1) % obs["players"],
                        days_left=days_left, hunters=hunters_for(obs["crew"], obs["me"], rival),
                        copies=clue_copies(obs), crew_left=obs["crew"][obs["me"]], rivals_left=1)
    if days_left and advice.wait is None:
        return None
    wait = advice.wait or Fraction(0)
    three = advice.plan[0][2]                      # the points of a right guess now: 3 with nobody racing
    dist = deduction.location_distribution(rival)
    values = [wait / three if isinstance(a, Pass) else dist[a.location] if isinstance(a, Dig) else None
              for a in legal]
    if None in values:
        return None
    from pirates_lab.core.why import Why
    day = {1: "tomorrow"}.get(advice.best_day if advice.best_day else 1, f"in {advice.best_day} days")
    trees = (Why(f"dig at the likeliest place now: Player {rival + 1}'s treasure is there", advice.probability,
                 rule=RULE_DIG),
             Why(f"pass and dig {day}: the answers by then make the best guess right", wait / three, rule=RULE_DIG))
    if wait / three > advice.probability:
        trees = trees[::-1]
    return values, f"to find Player {rival + 1}'s treasure", trees


#: cheap players for the coach's playouts (``Coach(rollout="cautious_random")``), not in the strategy lab's list:
#: random pirates that pass nine times in ten, so a playout does not throw every crew card into the chest at once
PLAYOUTS = {"cautious_random": random_pirate(0.9)}
