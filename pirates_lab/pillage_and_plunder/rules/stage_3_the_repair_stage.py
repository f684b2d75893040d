"""Stage 3: The repair stage — every player, in turn, may pay to repair one damage.

Rules: Pillage & Plunder › Stage 3: The repair stage
"""
from __future__ import annotations

from ..actions import Act, Repair

__all__ = ["RepairStage"]


class RepairStage:
    """The repair stage at the end of every turn (mixed into the state)."""

    def _start_repair(self) -> None:
        """Rules: Pillage & Plunder › Stage 3: The repair stage"""
        order = [self.current] + self._order_after(self.current)
        self.pending = {"table": [], "repair_order": [i for i in order if not self.players[i]["eliminated"]]}
        self._next_repair()

    def _next_repair(self) -> None:
        """The next player who has damage and can pay for a repair, or the end of the turn."""
        order = self.pending["repair_order"]
        while order:
            who = order[0]
            if any(s["damage"] and self.players[who]["hoard"] >= self.hull(who, i).repair
                   for i, s in enumerate(self.players[who]["ships"])):
                self._goto("repair", who)
                return
            order.pop(0)
        self._end_turn()

    def _repair_actions(self, task) -> list:
        """Rules: Pillage & Plunder › Stage 3: The repair stage"""
        me = task.player
        p = self.players[me]
        acts = [Act("no repair")]
        for i, ship in enumerate(p["ships"]):
            if ship["damage"] and p["hoard"] >= self.hull(me, i).repair:
                acts.append(Repair(i))
        return acts

    def _on_repair(self, action) -> None:
        """Rules: Pillage & Plunder › Stage 3: The repair stage"""
        who = self.pending["repair_order"].pop(0)
        if isinstance(action, Repair):
            cost = self.hull(who, action.ship).repair
            self.players[who]["hoard"] -= cost
            self.players[who]["ships"][action.ship]["damage"] -= 1
            self.say(f"Player {who + 1} pays {cost} to repair one damage.")
        self._next_repair()
