"""Captured Ships: take a prize, sail it or keep it beside you, abandon it; cargo and space.

Rules: Plunder › Captured Ships
"""
from __future__ import annotations

from pirates_lab.core import Task

from .actions import TakePrize
from .headings import RULE_CAPTURED, RULE_RESULTS
from .tasks import Loot

__all__ = ["CapturedShips"]


class CapturedShips:
    """Prize ships for :class:`~pirates_lab.plunder.state.State`."""

    def _trim_cargo(self, p: int) -> list[tuple[str, int]]:
        """Goods beyond the space left go back to the Quartermaster: loot first (ASSUMPTION); said in the log.

        Returns ``[(good, tokens), ...]``, what went back (nothing when the goods fit).
        """
        cap = self.cap(p)
        gone = []
        for where in ("loot", "cargo"):
            for good in sorted(cap[where]):
                excess = self.carried(p) - self.capacity(p)
                if excess <= 0:
                    break
                n = min(excess, cap[where][good])
                self._goods_back(p, where, good, n)
                gone.append((good, n))
        if gone:
            self.say(f"Captain {p + 1}'s hold takes {self.capacity(p)}: "
                     + ", ".join(f"{n} {good}" for good, n in gone) + " go back to the Quartermaster.")
        return gone

    def _abandon_captured(self, p: int) -> None:
        cap = self.cap(p)
        self._discard(cap["captured"])
        self.say(f"Captain {p + 1} abandons the Captured Ship {cap['captured']}.")
        cap["captured"] = None
        self._trim_cargo(p)

    def _prize_actions(self, task):
        p = task.player
        cap = self.cap(p)
        found = [TakePrize("captured"), TakePrize("sail")]
        if cap["ship"] != "Pinnace":  # "you may discard the latter, or put it in the Captured Ship space"
            found.append(TakePrize("swap"))
        return found + [TakePrize("leave")]

    def _do_prize(self, task, action: TakePrize) -> None:
        """The task's :class:`~pirates_lab.plunder.tasks.Prize`: the card, its loot limit, the goods taken with it."""
        p = task.player
        self.flow.pop(self)
        prize, limit, goods = task.data.ship, task.data.limit, task.data.goods
        cap = self.cap(p)
        if action.how == "leave":
            self._discard(prize)
            self.say(f"Captain {p + 1} leaves {prize}.")
        elif action.how == "captured":
            if cap["captured"]:
                self._discard(cap["captured"])
            cap["captured"] = prize
            self.say(f"Captain {p + 1} takes {prize} as a Captured Ship ({RULE_CAPTURED}).")
        else:
            old = cap["ship"]
            cap["ship"], cap["prize_ship"] = prize, True
            if old != "Pinnace" and action.how == "swap":
                if cap["captured"]:  # the space is taken: that Captured Ship is abandoned
                    self._abandon_captured(p)
                cap["captured"] = old
            elif old != "Pinnace":
                self._discard(old)
            self.say(f"Captain {p + 1} sails {prize} as their own ship" +
                     (f"; {old} follows as a Captured Ship." if action.how == "swap" else "."))
        for good, n in goods:  # a captain's cargo, taken with their ship (back in the supply meanwhile)
            room = max(self.capacity(p) - self.carried(p), 0)
            self._goods_to(p, "loot", good, min(n, room))
        self._trim_cargo(p)
        if limit >= 0:
            self.flow.push(self, Task("loot", p, Loot(limit)))

    def _drawn_loot(self, task, name: str) -> None:
        """The top card's icon is the loot; at most the prize's cargo and the space left (the card is discarded)."""
        self.flow.pop(self)
        p = task.player
        limit = task.data.limit
        good, qty = self.card(name).loot
        self._from_deck(name)
        self._discard(name)
        room = self.capacity(p) - self.carried(p)
        n = max(0, min(qty, room, limit))
        n = self._goods_to(p, "loot", good, n)
        self.say(f"The loot card is {name}: {qty} {good}; captain {p + 1} takes {n} ({RULE_RESULTS}).")
