"""Phase 1: Upkeep Phase — 1A draw action cards (hand limit), 1B the compass die moves the Flying
Dutchman, 1C the upkeep die (scurvy or rum; a mutiny without it), 1D the card window.

Rules: King of Pirates › Phase 1: Upkeep Phase
"""
from __future__ import annotations

from dataclasses import replace

from pirates_lab.core import Dist

from ..actions import Discard
from ..components import RUM_LOST
from ..odds import upkeep_die
from .captains_skills import hand_limit, upkeep_draws
from .phases_of_a_turn import FLOW, carry_on
from .task_data import Drawn

__all__ = ["UpkeepPhase"]


class UpkeepPhase:
    """1A–1C.  (The 1D window is in :mod:`.action_cards`.)  Rules: King of Pirates › Phase 1: Upkeep Phase"""

    # ---- 1A: draw, making room first
    def _auto_setup_hand(self, task):
        """Game Setup: "Each Player draws 3 secret Action Cards"."""
        return self._draw_until(task, self.comp.rules["starting_action_cards"])

    def _auto_upkeep_draw(self, task):
        """1A: 2 cards (+1 per "+1 Black Card per turn")."""
        return self._draw_until(task, upkeep_draws(self.players[task.player], self.comp))

    def _auto_make_room(self, task):
        p = task.player
        if len(self.players[p].hand) + upkeep_draws(self.players[p], self.comp) <= hand_limit(self.players[p], self.comp):
            carry_on(self)
            return True
        return False

    def _make_room_actions(self, task):
        """Discard (or "use a card before drawing": the U and A cards are added by :mod:`.action_cards`)."""
        return [Discard(c) for c in sorted(set(self.players[task.player].hand))]

    def _discard_to_make_room(self, task, action):
        p = task.player
        self._remove_from_hand(p, action.card)
        self.say(f"Player {p + 1} discards {action.card} to make room.")

    def _draw_until(self, task, target: int):
        """Draw one card at a time until ``target`` are drawn, the hand is full or no card is left."""
        p = task.player
        if task.data.count >= target or (not any(self.action_deck.values()) and not any(self.action_discard.values())):
            carry_on(self)
            return True
        if len(self.players[p].hand) >= hand_limit(self.players[p], self.comp):
            carry_on(self)
            return True
        if not any(self.action_deck.values()):
            self.action_deck, self.action_discard = {k: v for k, v in self.action_discard.items() if v}, {}
            for q, player in enumerate(self.players):    # what each hand held before: not from the new deck
                self._set(q, held_before_shuffle=player.hand)
            self.say("The action deck is empty: the discard pile is shuffled into a new deck.")
        return False

    def _action_card_odds(self, task) -> Dist:
        return Dist.from_weights({c: n for c, n in self.action_deck.items() if n})

    def _draw_action_card(self, task, card) -> None:
        p = task.player
        self.action_deck[card] -= 1
        if not self.action_deck[card]:
            del self.action_deck[card]
        self._set(p, hand=tuple(sorted(self.players[p].hand + (card,))))
        self.say(f"Player {p + 1} draws an action card.")
        FLOW.replace(self, replace(task, data=Drawn(task.data.count + 1)))

    # ---- 1B: the compass die
    def _compass_odds(self, task) -> Dist:
        return Dist.uniform(self.comp.compass)

    def _roll_compass(self, task, face) -> None:
        carry_on(self)
        self._move_dutchman(face)

    # ---- 1C: the upkeep die
    def _auto_upkeep_die(self, task):
        if self.at_lair(task.player):
            self.say(f"Player {task.player + 1} is at a Pirates Lair: no upkeep die.")
            carry_on(self)
            return True
        return False

    def _upkeep_die_odds(self, task) -> Dist:
        return upkeep_die(self.comp.upkeep_die)

    def _roll_upkeep_die(self, task, face) -> None:
        """Rules: King of Pirates › Phase 1: Upkeep Phase"""
        carry_on(self)
        p = task.player
        self.say(f"Upkeep die: {face}.")
        if face == "scurvy":
            self._gain_scurvy(p)
            return
        lost = RUM_LOST[face]
        player = self.players[p]
        if lost > player.rum:
            self._set(p, rum=0)
            self._mutiny(p)
        else:
            self._set(p, rum=player.rum - lost)
