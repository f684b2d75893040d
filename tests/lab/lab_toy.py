"""A tiny game for the lab's tests: "High Card".

Each player is dealt one card face down from the cards 1..9.  Then, in seat order, each player may
*stand* or *swap* (throw the card face up and draw a new one).  The highest card wins; scores are
the cards.  Options: ``endless`` adds a "wait" that changes nothing (to test the step cap),
``seat_zero_wins`` makes seat 0 the winner of every game (to test seat rotation), ``secretive``
leaves ``observation()`` unwritten (like a game whose engine is not finished).
"""
from __future__ import annotations

import random

from pirates_lab.core import CHANCE, TERMINAL, Dist, action
from pirates_lab.core import Game as CoreGame
from pirates_lab.core import State as CoreState

CARDS = tuple(range(1, 10))


@action("stand")
class Stand:
    pass


@action("swap")
class Swap:
    pass


@action("wait")
class Wait:
    pass


class Game(CoreGame):
    name = "lab_toy"
    title = "High Card"
    min_players, max_players = 2, 4
    default_options = {"endless": False, "seat_zero_wins": False, "secretive": False}

    def new_initial_state(self):
        return State(self)


class State(CoreState):
    def __init__(self, game):
        super().__init__(game)
        self.cards = [0] * game.players     # 0: not dealt yet
        self.discards: list = []
        self.turn = 0
        self.swapping = -1                  # the seat drawing a replacement

    def current_player(self):
        if 0 in self.cards or self.swapping >= 0:
            return CHANCE
        return TERMINAL if self.turn >= self.game.players else self.turn

    def _unseen(self):
        return [c for c in CARDS if c not in self.cards and c not in self.discards]

    def _chance_outcomes(self):
        return Dist.uniform(self._unseen())

    def _legal_actions(self):
        extra = [Wait()] if self.game.options["endless"] else []
        return [Stand(), Swap(), *extra]

    def _apply_action(self, act):
        if self.current_player() == CHANCE:
            seat = self.swapping if self.swapping >= 0 else self.cards.index(0)
            self.cards[seat] = act
            self.swapping = -1
            return
        if isinstance(act, Wait):
            return
        if isinstance(act, Swap):
            self.discards.append(self.cards[self.turn])
            self.cards[self.turn] = 0
            self.swapping = self.turn
        self.turn += 1

    def scores(self):
        return tuple(self.cards)

    def winners(self):
        return (0,) if self.game.options["seat_zero_wins"] else super().winners()

    def observation(self, player):
        if self.game.options["secretive"]:
            return super().observation(player)
        return {"my_card": self.cards[player], "discards": list(self.discards), "turn": self.turn}

    def redeal_hidden(self, player, rng: random.Random):
        new = self.clone()
        others = [s for s in range(self.game.players) if s != player and new.cards[s]]
        pool = sorted(c for c in CARDS if c not in self.discards and c != self.cards[player])
        rng.shuffle(pool)
        for seat, card in zip(others, pool):
            new.cards[seat] = card
        return new
