"""Computer pirates: policies that play from their own view with the exact solver.

Rules: Plunder (2013) › Digging Up Treasure

A policy is ``policy(state, rng) -> action`` (the shape :func:`pirates_lab.core.random_playout`
takes).  The computer pirate sees only what its seat sees: its own map cards and the public
answers (``state.deduction(player)``) and its own crew cards in the chest.

* Extra flip: the flip advisor's best choice (largest expected information).
* Digging: for each rival it has not yet sent a crew card to, dig the most likely location when
  it is certain, when the dig advisor says digging now beats waiting a day and the odds are at
  least ``boldness``, or on the last day with any chance at all.
"""
from __future__ import annotations

import random
from fractions import Fraction

from .advisors import dig_advice, flip_advice
from .game import Dig, FlipExtra, Keep, Pass, State

__all__ = ["ComputerPirate", "random_pirate"]


class ComputerPirate:
    """A solver-driven policy.  ``boldness``: the least probability it digs on before the last day."""

    def __init__(self, boldness: Fraction = Fraction(1, 2), overtake: Fraction = Fraction(1, 4)):
        self.boldness = Fraction(boldness)
        self.overtake = Fraction(overtake)

    def __call__(self, state: State, rng: random.Random | None = None):
        player = state.current_player()
        if state.phase == "answer":
            return state.legal_actions()[0]       # the truthful answer is the only legal one
        view = state.deduction(player)
        if state.phase == "choose":
            best = flip_advice(view, state.clue, state.public_decks(), asker=player)[0]
            legal = state.legal_actions()
            action = Keep() if best.category is None else FlipExtra(best.category)
            return action if action in legal else Keep()
        if state.phase == "dig":
            return self.dig_choice(state, view)
        raise ValueError(f"A computer pirate has no choice to make in phase {state.phase!r}.")

    def dig_choice(self, state: State, view) -> Dig | Pass:
        player = state.current_player()
        sent = {tuple(card.location) for card in state.chest if card.player == player}
        last_day = state.days_left() == 0
        choices = []
        for rival, (location, probability) in view.most_likely().items():
            if location in sent or probability == 0:
                continue
            if probability == 1 or (last_day and probability > 0):
                choices.append((probability, location))
            elif probability >= self.boldness:
                advice = dig_advice(view, rival, decks=state.public_decks(),
                                    next_asker=(state.asker + 1) % state.game.players,
                                    days_left=state.days_left(), overtake=self.overtake)
                if advice.dig_now:
                    choices.append((probability, location))
        if not choices:
            return Pass()
        probability, location = max(choices)
        return Dig(*location)


def random_pirate(pass_chance: float = 0.9):
    """A policy for tests: random clue choices, and a random dig now and then."""
    def policy(state: State, rng: random.Random):
        actions = state.legal_actions()
        if state.phase == "dig" and rng.random() < pass_chance:
            return Pass()
        return rng.choice(actions)
    return policy
