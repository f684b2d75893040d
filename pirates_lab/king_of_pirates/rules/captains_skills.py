"""Captain's Skills that act on their own: the hand limit and extra draw, stealing Doubloons during
the upkeep, immunity to scurvy.  (Bonuses that only change a number are in :mod:`.pirate_skills`.)

Rules: King of Pirates › Captain's Skills
"""
from __future__ import annotations

from dataclasses import replace


from pirates_lab.core import Task

from ..actions import Discard, Pass, Steal
from ..components import components
from ..player import Player
from .phases_of_a_turn import FLOW, carry_on
from .task_data import Steals
from .pirate_skills import count_skill

__all__ = ["hand_limit", "upkeep_draws", "CaptainsSkills"]


def hand_limit(player: Player, comp=None) -> int:
    """Six action cards, one more with "+1 Black Card per turn".

    Rules: King of Pirates › Phase 1: Upkeep Phase
    Rules: King of Pirates › Captain's Skills
    """
    comp = comp or components()
    return comp.rules["hand_limit"] + count_skill(player, "+1 Black Card per turn", comp)


def upkeep_draws(player: Player, comp) -> int:
    """Two cards at the upkeep, one more with "+1 Black Card per turn".  Rules: King of Pirates › Captain's Skills"""
    return comp.rules["upkeep_draw"] + count_skill(player, "+1 Black Card per turn", comp)


class CaptainsSkills:
    """Rules: King of Pirates › Captain's Skills"""

    def _gain_scurvy(self, p: int) -> None:
        """Immune to Scurvy: the token is discarded.  Rules: King of Pirates › Captain's Skills"""
        if count_skill(self.players[p], "Immune to Scurvy", self.comp):
            self.say(f"Player {p + 1}'s crew is immune to scurvy: the token is discarded.")
        else:
            self._set(p, scurvy=self.players[p].scurvy + 1)
            self.say(f"Player {p + 1} gets a Scurvy token ({self.players[p].scurvy}).")

    def _new_captain(self, p: int) -> None:
        """A pirate with "Immune to Scurvy" who becomes captain (or whose captain skill a new captain
        switches on) clears the ship's Scurvy tokens: "Your crew are immune to Scurvy, so simply
        discard any tokens you would get."  Rules: King of Pirates › Captain's Skills"""
        player = self.players[p]
        if player.scurvy and count_skill(player, "Immune to Scurvy", self.comp):
            self._set(p, scurvy=0)
            self.say(f"Player {p + 1}'s new captain is immune to scurvy: {player.scurvy} Scurvy token(s) discarded.")

    # ---- "+1 Black Card per turn": "may hold 1 additional Action card" only while the skill is in effect
    def _check_hand_limit(self, p: int) -> None:
        """A crew change that loses "+1 Black Card per turn" lowers the hand limit at once: a player holding
        more cards than the new limit discards down to it, choosing which (house rule: the rulebook says
        when the limit is checked only at the upkeep draw).  Rules: King of Pirates › Captain's Skills"""
        player = self.players[p]
        if len(player.hand) > hand_limit(player, self.comp) and \
                not any(task.phase == "over_hand_limit" and task.player == p for task in self.agenda):
            self.say(f"Player {p + 1} holds {len(player.hand)} cards against a hand limit of "
                     f"{hand_limit(player, self.comp)} and must discard.")
            FLOW.push(self, Task("over_hand_limit", p))

    def _auto_over_hand_limit(self, task):
        player = self.players[task.player]
        if len(player.hand) <= hand_limit(player, self.comp):
            FLOW.pop(self)
            return True
        return False

    def _over_hand_limit_actions(self, task):
        return [Discard(c) for c in sorted(set(self.players[task.player].hand))]

    def _discard_over_limit(self, task, action):
        """Rules: King of Pirates › Captain's Skills ("+1 Black Card per turn")"""
        p = task.player
        self._remove_from_hand(p, action.card)
        self.say(f"Player {p + 1} discards {action.card} down to the hand limit.")

    # ---- "Move 2 on the victory track": steal up to 200 Doubloons during the upkeep
    def _steals_left(self, task) -> int:
        """One steal per "Move 2 on the victory track" in effect, less those made this upkeep."""
        return count_skill(self.players[task.player], "Move 2 on the victory track", self.comp) - len(task.data.victims)

    def _auto_steal(self, task):
        p = task.player
        if self._steals_left(task) <= 0 or not any(pl.doubloons for q, pl in enumerate(self.players) if q != p):
            carry_on(self)
            return True
        return False

    def _steal_actions(self, task):
        p = task.player
        return [Pass()] + [Steal(q) for q, pl in enumerate(self.players) if q != p and pl.doubloons]

    def _steal(self, task, action):
        """Each skill in effect steals once.  Rules: King of Pirates › Captain's Skills ("Move 2 on the victory track")"""
        p = task.player
        if not isinstance(action, Steal):
            carry_on(self)
        else:
            FLOW.replace(self, replace(task, data=Steals(task.data.victims + (action.player,))))   # settle ends it
            amount = min(self.comp.rules["steal_limit"], self.players[action.player].doubloons)
            self._set(action.player, doubloons=self.players[action.player].doubloons - amount)
            self._set(p, doubloons=self.players[p].doubloons + amount)
            self.say(f"Player {p + 1}'s captain steals {amount} Doubloons from player {action.player + 1}.")
            self._check_winner()
