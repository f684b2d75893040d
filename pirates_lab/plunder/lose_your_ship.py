"""If You Lose Your Ship: cargo back (or to the captor), ships and First Mate discarded, hand
discarded, back to Tortuga, and a turn in progress ends at once.

Rules: Plunder › If You Lose Your Ship
"""
from __future__ import annotations

from .headings import RULE_LOSE_SHIP

__all__ = ["LoseYourShip"]


class LoseYourShip:
    """Losing a ship, for :class:`~pirates_lab.plunder.state.State`."""

    def _lose_ship(self, p: int) -> None:
        """The captain's ship is gone (sunk, mutiny, or taken: a captor has already moved what it took)."""
        cap = self.cap(p)
        for where in ("cargo", "loot"):
            for good, n in list(cap[where].items()):
                self._goods_back(p, where, good, n)
        if cap["ship"] != "Pinnace":
            self._discard(cap["ship"])
        if cap["captured"]:
            self._discard(cap["captured"])
        if cap["mate"]:
            self._discard(cap["mate"])
        for name in self.hand(p):
            self._discard(name)
        cap.update(ship="Pinnace", prize_ship=False, captured=None, mate=None, hand=[], shown=[], at=(0, 0),
                   lost=True, unpaid=[])
        self.say(f"Captain {p + 1} loses the ship and starts over from Tortuga with a Pinnace ({RULE_LOSE_SHIP}).")
        if p == self.current:  # "If it is your turn, it ends immediately" (every task a card is held by is done)
            self.flow.cut(self, "end")
