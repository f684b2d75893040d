"""Game Setup: pieces on their lairs, three pirate cards to choose two from, three action cards.

Rules: King of Pirates › Game Setup
"""
from __future__ import annotations

from itertools import permutations

from pirates_lab.core import Task

from ..actions import KeepPirates
from .phases_of_a_turn import FLOW, carry_on
from .task_data import Drawn

__all__ = ["GameSetup"]


class GameSetup:
    """The setup tasks.  Rules: King of Pirates › Game Setup"""

    def _setup_agenda(self) -> None:
        """Every player draws pirates, then every player draws cards; then player 0's first turn."""
        players = range(self.game.players)
        FLOW.push(self, *[Task("setup_draw", p) for p in players], *[Task("setup_hand", p, Drawn()) for p in players],
                  Task("start_turn", 0))

    def _auto_setup_draw(self, task):
        if len(self.offer) >= self.comp.rules["starting_pirate_draw"] or not (self.pirate_deck or self.pirate_discard):
            carry_on(self)
            return True
        if not self.pirate_deck:
            self.pirate_deck, self.pirate_discard = sorted(self.pirate_discard), []
        return False

    def _draw_setup_pirate(self, task, outcome) -> None:
        self._draw_pirate(task.player, outcome)

    def _draw_pirate(self, p: int, pirate: str) -> None:
        self.pirate_deck.remove(pirate)
        self.offer.append(pirate)
        self.say(f"Player {p + 1} draws the pirate {pirate}.")

    def _setup_keep_actions(self, task):
        return [KeepPirates(a, b) for a, b in permutations(self.offer, 2)]

    def _auto_setup_keep(self, task):
        if len(self.offer) < 2:
            p = task.player
            self._set(p, crew=tuple(self.offer))
            self.offer = []
            carry_on(self)
            self._refill(p)
            return True
        return False

    def _keep_pirates(self, task, action):
        """Keep a captain and a mate, discard the third.  Rules: King of Pirates › Game Setup"""
        p = task.player
        carry_on(self)
        self._set(p, crew=(action.captain, action.mate))
        rest = [c for c in self.offer if c not in (action.captain, action.mate)]
        self._discard_pirates(rest)
        self.offer = []
        self._refill(p)
        self.say(f"Player {p + 1} keeps {action.captain} as captain and {action.mate}.")
