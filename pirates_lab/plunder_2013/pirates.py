"""Computer pirates: policies that play from their seat's view with the exact solver.

Rules: Plunder (2013) › Digging Up Treasure

A policy is ``policy(view, rng) -> action`` (the shape the core's play loop hands every computer
player: a :class:`~pirates_lab.core.SeatView`, never the state).  It reads the seat's observation —
its own map cards, the public answers, its own crew cards in the chest (:mod:`.views`) — and its
legal actions, and tells what it is asked by the kind of action offered (no phase names).

* Extra flip: the flip advisor's best choice (largest expected information).
* Digging: for each rival it has not yet sent a crew card to, dig the most likely location when
  it is certain, when the dig advisor says digging now beats every day it looks at and the odds are
  at least ``boldness``, or on the last day with any chance at all.
"""
from __future__ import annotations

import random
from fractions import Fraction

from pirates_lab.core import InvalidInput, PlayerView

from .advisors import dig_advice, flip_advice, hunters_for
from .game import Answer, Dig, FlipExtra, Keep, Pass
from .views import available_decks, clue_copies, deduction_from, tomorrow_decks

__all__ = ["ComputerPirate", "random_pirate", "treasures_left", "sent_locations"]


class ComputerPirate:
    """A solver-driven policy.  ``boldness``: the least probability it digs on before the last day.

    It decides from the seat's view only (its observation and legal actions), never from the state
    itself, so it cannot peek at another pirate's map cards.  Called with a State (a notebook, a
    test), it takes ``state.view()`` first.
    """

    def __init__(self, boldness: Fraction = Fraction(1, 2), overtake: Fraction | None = None):
        self.boldness = Fraction(boldness)
        self.overtake = None if overtake is None else Fraction(overtake)   # None: the data file's value

    def __call__(self, view, rng: random.Random | None = None):
        return self.decide(view if isinstance(view, PlayerView) else view.view())

    def decide(self, view: PlayerView):
        legal = view.legal_actions
        if not legal:
            raise InvalidInput(f"Player {view.player + 1} has no choice to make now.")
        if isinstance(legal[0], Answer):
            return legal[0]                    # the truthful answer is the only legal one
        obs = view.observation
        deduction = deduction_from(obs)
        if isinstance(legal[0], Keep):
            best = flip_advice(deduction, tuple(obs["clue"]), available_decks(obs), asker=view.player)[0]
            action = Keep() if best.category is None else FlipExtra(best.category)
            return action if action in legal else Keep()
        return self.dig_choice(obs, deduction)

    def dig_choice(self, obs: dict, view) -> Dig | Pass:
        player = obs["me"]
        sent = sent_locations(obs)
        days_left = max(0, obs["max_days"] - obs["day"])
        last_day = days_left == 0
        treasures = treasures_left(view, sent)
        choices = []
        for rival, (location, probability) in view.most_likely().items():
            if location in sent or probability == 0:
                continue
            if probability == 1 or (last_day and probability > 0):
                choices.append((probability, location))
            elif probability >= self.boldness:
                advice = dig_advice(view, rival, decks=tomorrow_decks(obs), next_asker=(obs["asker"] + 1) % obs["players"],
                                    days_left=days_left, overtake=self.overtake,
                                    hunters=hunters_for(obs["crew"], player, rival), copies=clue_copies(obs),
                                    crew_left=obs["crew"][player], rivals_left=max(1, treasures))
                if advice.dig_now:
                    choices.append((probability, location))
        if not choices:
            return Pass()
        probability, location = max(choices)
        return Dig(*location)


def sent_locations(obs: dict) -> set[tuple[int, int, int]]:
    """The locations the observing pirate has sent crew cards to (its own cards in the chest)."""
    return {tuple(card["location"]) for card in obs["chest"] if card["player"] == obs["me"]}


def treasures_left(view, sent) -> int:
    """How many rivals' treasures are still to dig for: the rivals, less the most of them my crew
    cards in the chest can have found (a card matches at most one pirate, and only where the
    answers since still allow it).

    Rules: Plunder (2013) › Digging Up Treasure — "once you send your Crewmember to dig, they cannot
    come back from the Treasure Chest": a card sent on a guess the answers later disprove is lost, so
    crew cards grow scarce, and the dig advisor weighs them (``crew_left`` against these treasures).
    Counting the locations sent instead (as before) could never find a card scarce: each location
    sent took one card and one treasure off together.
    """
    rivals = list(view.rivals())
    could = [{r for r in rivals if view.location_distribution(r)[location] > 0} for location in sorted(sent)]
    return len(rivals) - _most_matched(could, frozenset())


def _most_matched(could: list[set], taken: frozenset) -> int:
    """The largest matching of cards (each a set of rivals it may have found) to distinct rivals."""
    if not could:
        return 0
    first, rest = could[0], could[1:]
    best = _most_matched(rest, taken)
    for rival in first - taken:
        best = max(best, 1 + _most_matched(rest, taken | {rival}))
    return best


def random_pirate(pass_chance: float = 0.9):
    """A policy for tests: random clue choices, and a random dig now and then (given a SeatView,
    or a State, whose view it takes)."""
    def policy(view, rng: random.Random):
        view = view if isinstance(view, PlayerView) else view.view()
        actions = view.legal_actions
        if Pass() in actions and rng.random() < pass_chance:
            return Pass()
        return rng.choice(actions)
    return policy
